/**
 * The merge section of `npm run bench:counterparties` (issue 15 part 8; docs/decisions/039): a counterparty with
 * BILLS bills (default 100,000) of one root company is merged into another, as the queued job runs it (batches of
 * MERGE_BATCH_SIZE, each its own short transaction). While it runs, the /bills loader's query (listBills, the Bills tab
 * at page 1, default sort) is timed for the root company every SAMPLE_GAP_MS: its p95 during the merge against the
 * same query on the quiet database shows the lists stay responsive (row locks on one batch at a time, no table lock).
 *
 * benchMerge expects DATABASE_URL set and the schema migrated (the main script does both). Run alone,
 * `tsx scripts/bench-counterparties/merge.ts [--bills N]` starts a throwaway embedded PostgreSQL of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

export interface BenchMergeOptions {
  /** Bills on the counterparty merged (default 100,000). */
  bills?: number;
  /** Bills of the root company from other suppliers, so the list is not only the merged ones (default 50,000). */
  otherBills?: number;
  log?: (line: string) => void;
}

export interface BenchMergeResult {
  bills: number;
  mergeMs: number;
  billsPerSecond: number;
  /** The bills list query on the quiet database. */
  quiet: ListTimes;
  /** The same query while the merge runs. */
  duringMerge: ListTimes;
}

interface ListTimes {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const SAMPLE_GAP_MS = 20;
const QUIET_SAMPLES = 40;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (ms: number) => Math.round(ms * 10) / 10;
const times = (samples: number[]): ListTimes => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted[sorted.length - 1] ?? 0) };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchMerge(opts: BenchMergeOptions = {}): Promise<BenchMergeResult> {
  const bills = opts.bills ?? 100_000;
  const otherBills = opts.otherBills ?? 50_000;
  const log = opts.log ?? ((line: string) => console.log(line));
  const { sequelize } = await import("../../db/index");
  const { Company, Counterparty } = await import("../../db/models/index");
  const { OPERATOR } = await import("../../app/lib/actor");
  const { addDays, todayIn } = await import("../../app/lib/dates");
  const { parseListQuery } = await import("../../app/modules/invoices/filters");
  const { listBills } = await import("../../app/modules/invoices/list.server");
  const { runMerge, startMerge } = await import("../../app/modules/merge/service.server");

  const tag = Date.now().toString(36);
  const root = await Company.create({ companyName: `Bench Merge Root ${tag}`, country: "NZ", status: "ACTIVE", verificationStatus: "VERIFIED" });
  const duplicate = await Company.create({ companyName: `Bench Duplicate Limited ${tag}`, country: "NZ", status: "INACTIVE" });
  const kept = await Company.create({ companyName: `Bench Supplier Ltd ${tag}`, country: "NZ", status: "ACTIVE" });
  const relationship = (other: number) => ({ companyId: root.id, counterpartyCompanyId: other, isSupplier: true, isCustomer: false, externalAccountId: null, nzbn: null, gstNumber: null, defaultProcessingQueue: null, paymentTermId: null, externalBankAccountNumber: null, glAccountId: null, periodLockDate: null, contactEmail: null, invitedAt: null });
  const from = await Counterparty.create(relationship(duplicate.id));
  const to = await Counterparty.create(relationship(kept.id));

  const seeded = performance.now();
  const today = todayIn("NZ");
  const insert = (supplier: { id: number; companyName: string }, count: number, prefix: string) =>
    sequelize.query(
      `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date, due_date, total, include_in_purchaser_offer)
       SELECT 'BILL', $supplier, $root, $supplierName, $rootName, $prefix || '-' || n, $issue::date, ($today::date + (n % 360 - 60)), 100 + n % 50000, n % 2 = 0
         FROM generate_series(1, $count) n`,
      { bind: { supplier: supplier.id, root: root.id, supplierName: supplier.companyName, rootName: root.companyName, prefix, issue: addDays(today, -10), today, count } }
    );
  await insert(duplicate, bills, "DUP");
  await insert(kept, otherBills, "KEEP");
  await sequelize.query("ANALYZE invoices");
  log(`merge: seeded ${bills.toLocaleString("en-NZ")} bills on the duplicate and ${otherBills.toLocaleString("en-NZ")} others in ${Math.round(performance.now() - seeded)} ms`);

  // The /bills loader's query for the root company: the Bills tab, page 1, default sort (dueDate ascending).
  const actor = { userId: 0, companyId: root.id, roles: ["ROLE_USER" as const] };
  const { query } = parseListQuery(new URLSearchParams("tab=bills"), { type: "BILL" });
  const listOnce = async () => {
    const started = performance.now();
    await listBills(actor, query);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await listOnce();
  const quietSamples: number[] = [];
  for (let i = 0; i < QUIET_SAMPLES; i++) {
    quietSamples.push(await listOnce());
    await sleep(SAMPLE_GAP_MS);
  }

  const job = await startMerge(OPERATOR, { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id }, { runSoon: false });
  const during: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      during.push(await listOnce());
      await sleep(SAMPLE_GAP_MS);
    }
  })();
  const started = performance.now();
  const done = await runMerge(job.id);
  const mergeMs = performance.now() - started;
  running = false;
  await sampler;
  if (done.status !== "SUCCEEDED") throw new Error(`The merge ended ${done.status}: ${done.error}`);
  const result = done.result as { validBillCount: number };
  if (result.validBillCount !== bills) throw new Error(`The merge moved ${result.validBillCount} bills, expected ${bills}`);

  const outcome: BenchMergeResult = {
    bills,
    mergeMs: Math.round(mergeMs),
    billsPerSecond: Math.round((bills / mergeMs) * 1000),
    quiet: times(quietSamples),
    duringMerge: times(during),
  };
  log(`merge: ${bills.toLocaleString("en-NZ")} bills merged in ${(outcome.mergeMs / 1000).toFixed(1)} s (${outcome.billsPerSecond.toLocaleString("en-NZ")} bills/s)`);
  log(`merge: bills list (page 1) quiet     p50 ${outcome.quiet.p50Ms} ms  p95 ${outcome.quiet.p95Ms} ms  max ${outcome.quiet.maxMs} ms (${outcome.quiet.samples} samples)`);
  log(`merge: bills list during the merge   p50 ${outcome.duringMerge.p50Ms} ms  p95 ${outcome.duringMerge.p95Ms} ms  max ${outcome.duringMerge.maxMs} ms (${outcome.duringMerge.samples} samples)`);
  return outcome;
}

/** Alone: a throwaway embedded PostgreSQL, migrated, the benchmark, then everything removed. */
async function standalone() {
  const index = process.argv.indexOf("--bills");
  const bills = index > 0 ? Number(process.argv[index + 1]) : undefined;
  const { createDatabaseIfMissing, ensureDatabase } = await import("../../db/bootstrap");
  const dataDir = path.resolve(".data/bench-pg", `merge-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await ensureDatabase({ dataDir: path.join(dataDir, "pg"), databaseName: "postgres", quiet: true });
  const at = (database: string) => Object.assign(new URL(handle.url), { pathname: `/${database}` }).toString();
  try {
    await createDatabaseIfMissing(at("postgres"), "earlybird_bench");
    process.env.DATABASE_URL = at("earlybird_bench");
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";
    process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
    const { sequelize } = await import("../../db/index");
    const { migrate } = await import("../../db/migrator");
    await migrate(sequelize);
    const result = await benchMerge({ bills });
    console.log(JSON.stringify(result));
    await sequelize.close();
  } finally {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  standalone().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
