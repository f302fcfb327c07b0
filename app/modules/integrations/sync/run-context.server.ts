/**
 * One sync run's bookkeeping, shared by the Xero and MYOB runs: the counts per kind (the SyncSummary), the skipped
 * records (aggregated into the run's COMPLETED event), progress by step, and the paging loop that overlaps fetching
 * the next page with writing this one.
 */
import type { Transaction } from "sequelize";
import type { AccountingConnection } from "../../../../db/models";
import { finishRun, pageDone, startingPoint, type CursorResource } from "./cursors.server";
import type { PageOutcome, SkippedRecord, SyncTarget } from "./records.server";
import { emptyCounts, type SyncCounts, type SyncKind } from "./rules";

/** Skipped records kept in the COMPLETED event's details (the rest are counted by reason). */
const SKIPPED_DETAIL_LIMIT = 200;

export class RunContext {
  readonly counts: SyncCounts = emptyCounts();
  readonly skippedSample: SkippedRecord[] = [];
  readonly skippedByReason = new Map<string, number>();
  /** API calls per resource (retries included), for the summary and the bench. */
  readonly callsByResource: Record<string, number> = {};
  /** The client's call counter (set by the run once it has its client). */
  callCounter: () => number = () => 0;
  private step = 0;

  constructor(
    readonly jobId: string,
    readonly target: SyncTarget,
    readonly connection: AccountingConnection,
    readonly full: boolean,
    private readonly steps: number,
    private readonly report: (percent: number) => Promise<void>
  ) {}

  add(outcome: PageOutcome): void {
    for (const [kind, counts] of Object.entries(outcome.counts) as Array<[SyncKind, SyncCounts[SyncKind]]>) {
      const total = this.counts[kind];
      total.created += counts.created;
      total.updated += counts.updated;
      total.skipped += counts.skipped;
      total.failed += counts.failed;
    }
    for (const skipped of outcome.skipped) {
      if (this.skippedSample.length < SKIPPED_DETAIL_LIMIT && skipped.reason !== "Unchanged") this.skippedSample.push(skipped);
      const key = `${skipped.kind}: ${skipped.reason}`;
      this.skippedByReason.set(key, (this.skippedByReason.get(key) ?? 0) + 1);
    }
  }

  /** Progress within the current step: `fraction` of it done (0..1). */
  async progress(fraction: number): Promise<void> {
    const share = 99 / this.steps;
    await this.report(Math.floor(this.step * share + Math.min(Math.max(fraction, 0), 1) * share));
  }

  /** Runs `work` and adds the calls it made to `resource`. */
  async measure<R>(resource: string, work: () => Promise<R>): Promise<R> {
    const before = this.callCounter();
    try {
      return await work();
    } finally {
      this.callsByResource[resource] = (this.callsByResource[resource] ?? 0) + this.callCounter() - before;
    }
  }

  async nextStep(): Promise<void> {
    this.step += 1;
    await this.progress(0);
  }
}

/** A page of a resource: its items, whether more pages follow, the newest change and RowVersion in it. */
export interface FetchedPage<T> {
  items: T[];
  more: boolean;
  highWater: Date | null;
  rowVersion: string | null;
  /** Records in the whole listing, when the provider says (MYOB Count): progress. */
  total?: number;
}

/**
 * Pages through a resource from its cursor: page N+1 is requested as soon as page N arrived full, while page N is
 * written, so the rate limit (not the database) sets the pace; a page that is not full is the last, and no call is
 * spent past it. Each page is written with the cursor moved in the same transaction, and the cursor becomes the next
 * run's once the listing ends.
 */
export async function pageThrough<T>(
  run: RunContext,
  resource: CursorResource,
  fetchPage: (page: number, since: Date | null) => Promise<FetchedPage<T>>,
  writePage: (items: T[], afterWrite: (t: Transaction) => Promise<void>) => Promise<PageOutcome>,
  options: { pageSize: number; incremental?: boolean } = { pageSize: 100 }
): Promise<{ resumed: boolean; pages: number }> {
  const connectionId = run.connection.id;
  const startedAt = new Date();
  const start = await startingPoint(connectionId, resource, run.jobId, run.full || options.incremental === false);
  let page = start.page;
  let pending: Promise<FetchedPage<T>> | null = fetchPage(page, start.since);
  let pages = 0;
  while (pending) {
    const current: FetchedPage<T> = await pending;
    pending = current.more ? fetchPage(page + 1, start.since) : null;
    // The next request is on its way; an unhandled rejection would surface before it is awaited.
    pending?.catch(() => undefined);
    const thisPage = page;
    const outcome = await writePage(current.items, (t) => pageDone(connectionId, resource, thisPage, current.highWater, current.rowVersion, t));
    run.add(outcome);
    pages += 1;
    const fraction = current.total ? Math.min((thisPage * options.pageSize) / current.total, 1) : 1 - 1 / (1 + pages / 10);
    await run.progress(fraction);
    page += 1;
  }
  await finishRun(connectionId, resource, startedAt);
  return { resumed: start.resumed, pages };
}

/** The newest of a page's change times. */
export function newest(dates: Array<Date | null>): Date | null {
  let best: Date | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best;
}
