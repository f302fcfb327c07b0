/**
 * Where sync in left off, per connection and resource (accounting_sync_cursors, docs/decisions/057). Between runs:
 * the newest change seen (Xero If-Modified-Since; MYOB LastModified and its RowVersion). During a run: the job, the
 * `since` it started from and the page it has committed through, written in each page's transaction, so a run taken
 * back from a dead worker resumes after the last committed page instead of fetching everything again.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../../db/index";

export type CursorResource = "contacts" | "customers" | "invoices" | "bills" | "accounts" | "purchaseOrders" | "agedPayables";

export interface Cursor {
  modifiedSince: Date | null;
  rowVersion: string | null;
  runJobId: string | null;
  runSince: Date | null;
  runPage: number | null;
  runHighWater: Date | null;
  runRowVersion: string | null;
}

interface CursorRow {
  modified_since: Date | null;
  row_version: string | null;
  run_job_id: string | null;
  run_since: Date | null;
  run_page: number | null;
  run_high_water: Date | null;
  run_row_version: string | null;
}

export async function readCursor(connectionId: number, resource: CursorResource): Promise<Cursor> {
  const [row] = await sequelize.query<CursorRow>(
    `SELECT modified_since, row_version, run_job_id, run_since, run_page, run_high_water, run_row_version
       FROM accounting_sync_cursors WHERE connection_id = $1 AND resource = $2`,
    { bind: [connectionId, resource], type: QueryTypes.SELECT }
  );
  return {
    modifiedSince: row?.modified_since ?? null,
    rowVersion: row?.row_version ?? null,
    runJobId: row?.run_job_id ?? null,
    runSince: row?.run_since ?? null,
    runPage: row?.run_page ?? null,
    runHighWater: row?.run_high_water ?? null,
    runRowVersion: row?.run_row_version ?? null,
  };
}

/** Marks the start of a run over a resource (its job and the `since` it pages from). */
export async function beginRun(connectionId: number, resource: CursorResource, jobId: string, since: Date | null): Promise<void> {
  await sequelize.query(
    `INSERT INTO accounting_sync_cursors (connection_id, resource, run_job_id, run_since, run_page, run_high_water, run_row_version)
     VALUES ($1, $2, $3, $4, 0, NULL, NULL)
     ON CONFLICT (connection_id, resource) DO UPDATE SET run_job_id = $3, run_since = $4, run_page = 0, run_high_water = NULL, run_row_version = NULL, updated_at = now()`,
    { bind: [connectionId, resource, jobId, since] }
  );
}

/** A page committed (called inside the page's transaction). */
export async function pageDone(connectionId: number, resource: CursorResource, page: number, highWater: Date | null, rowVersion: string | null, t: Transaction): Promise<void> {
  await sequelize.query(
    `UPDATE accounting_sync_cursors SET run_page = $3,
        run_high_water = GREATEST(run_high_water, $4::timestamptz),
        run_row_version = CASE WHEN $4::timestamptz IS NOT NULL AND (run_high_water IS NULL OR $4::timestamptz >= run_high_water) THEN COALESCE($5, run_row_version) ELSE run_row_version END,
        updated_at = now()
      WHERE connection_id = $1 AND resource = $2`,
    { bind: [connectionId, resource, page, highWater, rowVersion], transaction: t }
  );
}

/**
 * The run over a resource finished: its newest change becomes the cursor of the next run. If-Modified-Since has whole
 * seconds, so the cursor is the second after the newest change (a bulk change of thousands of records in one second
 * is not fetched again), but never later than the second the run started in: a record changed after the run began
 * is fetched again next time rather than missed.
 */
export async function finishRun(connectionId: number, resource: CursorResource, runStartedAt: Date = new Date()): Promise<void> {
  await sequelize.query(
    `UPDATE accounting_sync_cursors SET
        modified_since = COALESCE(LEAST(date_trunc('second', run_high_water) + interval '1 second', date_trunc('second', $3::timestamptz)), modified_since),
        row_version = COALESCE(run_row_version, row_version),
        run_job_id = NULL, run_since = NULL, run_page = NULL, run_high_water = NULL, run_row_version = NULL, updated_at = now()
      WHERE connection_id = $1 AND resource = $2`,
    { bind: [connectionId, resource, runStartedAt] }
  );
}

/**
 * Where a run over a resource starts: the page after the last one committed when this same job was interrupted,
 * else page 1 from the stored cursor (or from nothing, for a full sync).
 */
export async function startingPoint(connectionId: number, resource: CursorResource, jobId: string, full: boolean): Promise<{ since: Date | null; page: number; resumed: boolean }> {
  const cursor = await readCursor(connectionId, resource);
  if (cursor.runJobId === jobId && cursor.runPage !== null) return { since: cursor.runSince, page: cursor.runPage + 1, resumed: cursor.runPage > 0 };
  const since = full ? null : cursor.modifiedSince;
  await beginRun(connectionId, resource, jobId, since);
  return { since, page: 1, resumed: false };
}

/** A resource read in one call (accounts): its run from `since` to the newest change seen, at once. */
export async function oneCallRun(connectionId: number, resource: CursorResource, jobId: string, full: boolean, fetch: (since: Date | null) => Promise<Date | null>): Promise<void> {
  const startedAt = new Date();
  const cursor = await readCursor(connectionId, resource);
  const since = full ? null : cursor.modifiedSince;
  await beginRun(connectionId, resource, jobId, since);
  const highWater = await fetch(since);
  if (highWater) await sequelize.transaction((t) => pageDone(connectionId, resource, 1, highWater, null, t));
  await finishRun(connectionId, resource, startedAt);
}
