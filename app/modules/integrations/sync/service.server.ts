/**
 * Sync in (issue 18 part 4, docs/decisions/057): the ACCOUNTING_SYNC job, one queued or running per company, that
 * brings a company's books from its live Xero or MYOB connection into Earlybird, and the automatic load that
 * non-admin users trigger (p1 §4).
 *
 * - startAccountingSync queues the job (or returns the one already queued or running) and wakes the queue worker;
 *   runAccountingSyncNow runs the same work in this process (the CLI) under a job record, so the one-at-a-time rule
 *   and the progress are the same;
 * - the run (runAccountingSync, registered in jobs/registry.ts) is resumable: each page is committed with its cursor,
 *   and a job taken back from a dead worker carries on after the last committed page (cursors.server.ts);
 * - every record created, updated or failed is one row of the sync log; skipped ones are counted, and listed (the
 *   first 200) in the run's COMPLETED event.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../../db/index";
import { AccountingConnection, Job } from "../../../../db/models/index";
import { actingUserId, isOperator, type Actor } from "../../../lib/actor";
import { AppError, isAppError, notFound } from "../../../lib/errors";
import { logger } from "../../../lib/logger.server";
import { companyContextOf, requireCompanyId } from "../../companies/service.server";
import { createJob, executeJob, toJobView, type ExecuteJobOptions, type JobView } from "../../jobs/service.server";
import { runQueuedJobsSoon } from "../../jobs/queue-trigger.server";
import { liveConnection, myobApiFor, xeroApiFor } from "../connections.server";
import { recordSyncEvent } from "../sync-log.server";
import { MYOB_STEPS, syncMyob } from "./myob-sync.server";
import { RunContext } from "./run-context.server";
import { shouldAutoLoad, type SyncCounts, type SyncProvider } from "./rules";
import { XERO_STEPS, syncXero } from "./xero-sync.server";
import type { SyncTarget } from "./records.server";
import { autoLoadCheckDue, forgetAutoLoadCheck } from "../auto-load-throttle";

export const ACCOUNTING_SYNC_JOB_TYPE = "ACCOUNTING_SYNC";

export const NOT_CONNECTED_MESSAGE = "This company is not connected to Xero or MYOB";

export interface SyncSummary {
  provider: SyncProvider;
  /** API calls made (retries after a 429 or 5xx included). */
  calls: number;
  kinds: SyncCounts;
}

/** What the job keeps as its result: the summary, plus the skipped records by reason. */
export interface SyncJobResult extends SyncSummary {
  full: boolean;
  /** API calls per resource (an incremental Xero run after 100 changes: 2 for invoices). */
  callsByResource: Record<string, number>;
  skippedByReason: Record<string, number>;
}

interface SyncPayload {
  connectionId: number;
  provider: SyncProvider;
  full: boolean;
  auto?: boolean;
}

async function connectionOf(companyId: number): Promise<AccountingConnection> {
  const connection = await liveConnection(companyId);
  if (!connection || connection.status !== "CONNECTED") throw new AppError(409, NOT_CONNECTED_MESSAGE, { code: "NOT_CONNECTED" });
  return connection;
}

/** The company's ACCOUNTING_SYNC job that is queued or running, if any. */
async function activeSync(companyId: number, transaction?: Transaction): Promise<JobView | null> {
  const job = await Job.findOne({
    where: { type: ACCOUNTING_SYNC_JOB_TYPE, companyId, status: ["QUEUED", "RUNNING"] },
    order: [["createdAt", "ASC"]],
    transaction,
  });
  return job ? toJobView(job) : null;
}

/**
 * Queues a sync of the actor's company from its live connection (one at a time per company: a second call while one
 * is queued or running returns that one). 409 when the company is not connected.
 */
export async function startAccountingSync(actor: Actor, options: { full?: boolean; auto?: boolean } = {}): Promise<{ jobId: string; alreadyRunning: boolean }> {
  const companyId = requireCompanyId(actor, "Only a company can sync its accounting system");
  const connection = await connectionOf(companyId);
  const outcome = await sequelize.transaction(async (transaction) => {
    // The company row serialises the check and the insert between two requests.
    await sequelize.query("SELECT id FROM companies WHERE id = $1 FOR UPDATE", { bind: [companyId], type: QueryTypes.SELECT, transaction });
    const running = await activeSync(companyId, transaction);
    if (running) return { jobId: running.id, alreadyRunning: true };
    const payload: SyncPayload = { connectionId: connection.id, provider: connection.provider, full: Boolean(options.full), auto: Boolean(options.auto) };
    const job = await createJob({ type: ACCOUNTING_SYNC_JOB_TYPE, payload: { ...payload }, ownerUserId: actingUserId(actor), companyId }, { transaction });
    return { jobId: job.id, alreadyRunning: false };
  });
  if (!outcome.alreadyRunning) runQueuedJobsSoon();
  return outcome;
}

/** The queued job's runner (jobs/registry.ts). */
export async function runAccountingSync(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  const job = await Job.findByPk(jobId);
  if (!job || job.type !== ACCOUNTING_SYNC_JOB_TYPE || job.companyId === null) throw notFound("Sync not found");
  const companyId = job.companyId;
  return executeJob(jobId, ({ payload, progress }) => syncCompany(jobId, companyId, payload as unknown as SyncPayload, progress), options);
}

/**
 * The same sync in this process (the CLI's `accounting:sync`), recorded as a job like any other: refused with 409
 * while another sync of the company is queued or running.
 */
export async function runAccountingSyncNow(actor: Actor, options: { full?: boolean; onProgress?: (percent: number) => void } = {}): Promise<SyncSummary> {
  const companyId = requireCompanyId(actor, "Only a company can sync its accounting system");
  const connection = await connectionOf(companyId);
  const job = await sequelize.transaction(async (transaction) => {
    await sequelize.query("SELECT id FROM companies WHERE id = $1 FOR UPDATE", { bind: [companyId], type: QueryTypes.SELECT, transaction });
    if (await activeSync(companyId, transaction)) throw new AppError(409, "A sync of this company is already running", { code: "SYNC_RUNNING" });
    const payload: SyncPayload = { connectionId: connection.id, provider: connection.provider, full: Boolean(options.full) };
    return createJob({ type: ACCOUNTING_SYNC_JOB_TYPE, payload: { ...payload }, ownerUserId: actingUserId(actor), companyId }, { transaction });
  });
  const done = await runAccountingSync(job.id, { onProgress: options.onProgress });
  if (done.status !== "SUCCEEDED") throw new AppError(502, done.error ?? "The sync failed", { code: "SYNC_FAILED" });
  const result = done.result as SyncJobResult;
  return { provider: result.provider, calls: result.calls, kinds: result.kinds };
}

async function syncCompany(jobId: string, companyId: number, payload: SyncPayload, progress: (percent: number) => Promise<void>): Promise<SyncJobResult> {
  const connection = await AccountingConnection.findOne({ where: { id: payload.connectionId, companyId } });
  if (!connection || connection.status !== "CONNECTED") throw new AppError(409, NOT_CONNECTED_MESSAGE, { code: "NOT_CONNECTED" });
  const company = await companyContextOf(companyId);
  const target: SyncTarget = {
    companyId,
    companyName: company.name,
    country: company.country,
    currency: company.currency,
    today: company.today,
    connectionId: connection.id,
    provider: connection.provider,
  };
  const xero = connection.provider === "XERO";
  const run = new RunContext(jobId, target, connection, payload.full, xero ? XERO_STEPS : MYOB_STEPS, progress);
  await recordSyncEvent({ companyId, connectionId: connection.id, provider: connection.provider, direction: "IN", kind: "SYNC", outcome: "STARTED", message: payload.full ? "Full sync" : payload.auto ? "Automatic load" : "Sync", details: { jobId } });
  let calls = () => 0;
  try {
    if (xero) {
      const api = xeroApiFor(connection);
      calls = () => api.calls;
      await syncXero(run, api);
    } else {
      const api = myobApiFor(connection);
      calls = () => api.calls;
      await syncMyob(run, api);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordSyncEvent({ companyId, connectionId: connection.id, provider: connection.provider, direction: "IN", kind: "SYNC", outcome: "FAILED", message, details: { jobId, calls: calls(), kinds: run.counts } }).catch(() => undefined);
    await AccountingConnection.update({ lastError: message.slice(0, 2000) }, { where: { id: connection.id } }).catch(() => undefined);
    throw error;
  }
  const result: SyncJobResult = {
    provider: connection.provider,
    calls: calls(),
    kinds: run.counts,
    full: payload.full,
    callsByResource: run.callsByResource,
    skippedByReason: Object.fromEntries(run.skippedByReason),
  };
  await recordSyncEvent({
    companyId,
    connectionId: connection.id,
    provider: connection.provider,
    direction: "IN",
    kind: "SYNC",
    outcome: "COMPLETED",
    message: summaryLine(result),
    details: { jobId, calls: result.calls, callsByResource: result.callsByResource, kinds: result.kinds, skippedByReason: result.skippedByReason, skipped: run.skippedSample },
  });
  await AccountingConnection.update({ lastSyncAt: new Date(), lastError: null }, { where: { id: connection.id } });
  return result;
}

function summaryLine(result: SyncJobResult): string {
  const parts = Object.entries(result.kinds)
    .filter(([, c]) => c.created + c.updated + c.skipped + c.failed > 0)
    .map(([kind, c]) => `${kind} ${c.created} created, ${c.updated} updated, ${c.skipped} skipped, ${c.failed} failed`);
  return `${parts.join("; ") || "Nothing to load"} (${result.calls} calls)`;
}

// ---- Automatic load (p1 §4) ------------------------------------------------------------------------------------------

/** In this process: when each company was last checked, so a page view costs no query within a minute of the last. */
const CHECK_INTERVAL_MS = 60_000;

/**
 * The automatic load of p1 §4: a signed-in non-admin user's page view starts an incremental sync of their company's
 * books when it has a live connection, no sync is queued or running, and the last one started 15 minutes ago or
 * more. An admin (ROLE_ADMIN first) or the operator never triggers it. Never throws: a failure is logged.
 */
export async function maybeAutoLoad(actor: Actor): Promise<{ jobId: string } | null> {
  if (actor.companyId === null || isOperator(actor) || actor.roles[0] === "ROLE_ADMIN") return null;
  const companyId = actor.companyId;
  const now = Date.now();
  if (!autoLoadCheckDue(companyId, now, CHECK_INTERVAL_MS)) return null;
  try {
    const [state] = await sequelize.query<{ connected: boolean; running: boolean; last_started: Date | null }>(
      // A connection counts once it can be read (an AccountRight one has its company file), and only loads started
      // since it was made count towards the throttle, so the first load follows a new connection at once.
      `WITH live AS (SELECT connected_at FROM accounting_connections
                      WHERE company_id = $1 AND status = 'CONNECTED' AND (provider <> 'MYOB_ACCOUNT_RIGHT' OR company_file_uri IS NOT NULL))
       SELECT EXISTS (SELECT 1 FROM live) AS connected,
              EXISTS (SELECT 1 FROM jobs WHERE company_id = $1 AND type = $2 AND status IN ('QUEUED', 'RUNNING')) AS running,
              (SELECT max(created_at) FROM jobs WHERE company_id = $1 AND type = $2
                 AND created_at >= (SELECT max(connected_at) FROM live)) AS last_started`,
      { bind: [companyId, ACCOUNTING_SYNC_JOB_TYPE], type: QueryTypes.SELECT }
    );
    if (!shouldAutoLoad({ roles: actor.roles, operator: false, connected: state.connected, running: state.running, lastStartedAt: state.last_started, now: new Date(now) })) return null;
    const { jobId } = await startAccountingSync(actor, { auto: true });
    return { jobId };
  } catch (error) {
    if (!isAppError(error)) logger.warn({ err: error, companyId }, "automatic accounting load failed to start");
    return null;
  }
}

/** Tests: forget the in-process throttle. */
export function resetAutoLoadThrottle(): void {
  forgetAutoLoadCheck();
}
