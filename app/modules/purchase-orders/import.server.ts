/**
 * Purchase order import (decisions D6; issue 16 part 1; docs/decisions/041), as a queued job of kind
 * IMPORT_PURCHASE_ORDERS, for a user of the buying company (the web) or the operator acting for it (the CLI).
 *
 * startPurchaseOrderImport queues the job for a stored file (a web upload, or a CLI path); runPurchaseOrderImport runs it:
 * - streams the file through csv-parse (never whole in memory), checks the header line (the template's columns), and
 *   checks each row with rules.ts; a later row with an order number already seen in the file fails (the first counts);
 *   failed rows go to the failed-rows CSV with their reasons;
 * - upserts valid rows in batches of BATCH_SIZE on a dedicated connection, one transaction per batch under a
 *   per-company advisory lock, one batch in the database while the next is parsed: the batch is COPYed into a temporary
 *   staging table, the supplier name is matched to a counterparty of the buyer (case and repeated spaces ignored), and
 *   one INSERT … ON CONFLICT (company_id, order_number_key) writes new orders and changed ones (an unchanged row writes
 *   nothing, so the same file imported twice changes nothing);
 * - stores a checkpoint (the last committed line and the result so far) with each batch, so a worker that dies is
 *   resumed by the next one after that line;
 * - once the rows are in, queues a DOCUMENTS_REMATCH job for the company (documents waiting for their PO match now).
 *
 * The result (counts, the first failed rows) is the job's `result`; the failed-rows CSV is
 * <EARLYBIRD_DATA_DIR>/imports/<jobId>/failed.csv (the template's columns plus Reasons).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, pipeline as pipelineCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { parse } from "csv-parse";
import { Job } from "../../../db/models/index";
import { actingUserId, type Actor } from "../../lib/actor";
import { AppError, notFound } from "../../lib/errors";
import { centsToDecimal } from "../../lib/money";
import { audit } from "../audit/service.server";
import { companyContextOf, requireCompanyId } from "../companies/service.server";
import { isTerminalStatus } from "../jobs/rules";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { CsvOut, copyField, csvReadError, fileProgress, importFilePath, storeImportUpload } from "../invoices/import.server";
import {
  DOCUMENTS_REMATCH_JOB_TYPE,
  PURCHASE_ORDER_IMPORT_COLUMNS,
  PURCHASE_ORDER_IMPORT_JOB_TYPE,
  PURCHASE_ORDER_TEMPLATE_MESSAGE,
  createOrderNumberTracker,
  duplicateOrderNumberMessage,
  isBlankCells,
  isPurchaseOrderTemplateHeader,
  parsePurchaseOrderRow,
  supplierNameKey,
} from "./rules";

export const PURCHASE_ORDER_IMPORT_NOT_FOUND = "Import not found";
/** Who may import: a user of the buying company (or the operator acting for it). */
export const PURCHASE_ORDER_COMPANY_REQUIRED = "Only a company user can import purchase orders";
const BATCH_SIZE = 5_000;
/** Failed rows kept in the job's result (the dialog's list, the CLI's JSON); the CSV has every one. */
export const FAILED_ROWS_LIMIT = 100;
/** Per-company advisory lock class of the import's batches (pg_advisory_xact_lock(class, company id)). */
const IMPORT_LOCK_CLASS = 16_001;

/** A failed row, with its line (the header is line 1), its cells by column and every reason. */
export interface PurchaseOrderImportFailure {
  line: number;
  failedObject: Record<(typeof PURCHASE_ORDER_IMPORT_COLUMNS)[number], string>;
  reasons: string[];
}

export interface PurchaseOrderImportResult {
  fileName: string;
  /** Data rows read (blank rows are not counted). */
  total: number;
  /** Valid rows upserted (created + updated + unchanged). */
  success: number;
  failed: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows whose supplier name matched a counterparty of the company (supplier_company_id set). */
  suppliersMatched: number;
  failedRows: PurchaseOrderImportFailure[];
  hasFailedFile: boolean;
  /** The DOCUMENTS_REMATCH job queued after the import, if any rows went in. */
  rematchJobId: string | null;
}

export interface PurchaseOrderImportStatus {
  id: string;
  status: JobView["status"];
  progress: number;
  error: string | null;
  result: PurchaseOrderImportResult | null;
}

interface ImportPayload {
  filePath: string;
  fileName: string;
  deleteFileAfter: boolean;
  committedThroughLine?: number;
  checkpoint?: { line: number; result: PurchaseOrderImportResult };
}

const dataDir = () => path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
const failedPath = (jobId: string) => path.join(dataDir(), "imports", jobId, "failed.csv");

const importingCompanyId = (actor: Actor) => requireCompanyId(actor, PURCHASE_ORDER_COMPANY_REQUIRED);

/** Streams an uploaded file to disk for the actor's company (CSV only, 10 MB at most); returns the id startPurchaseOrderImport takes. */
export async function storePurchaseOrderUpload(
  actor: Actor,
  upload: { fileName: string; data: AsyncIterable<Uint8Array> }
): Promise<{ uploadId: string; fileName: string; size: number }> {
  importingCompanyId(actor);
  return storeImportUpload(actor, upload);
}

export interface StartPurchaseOrderImportInput {
  /** A web upload stored by storePurchaseOrderUpload for the actor's company. */
  uploadId?: string;
  /** A file on this machine (CLI only: never from a request). */
  filePath?: string;
  fileName?: string;
  idempotencyKey?: string;
}

/** Queues the import of a file into the actor's company's purchase orders; run it with runPurchaseOrderImport. */
export async function startPurchaseOrderImport(actor: Actor, input: StartPurchaseOrderImportInput): Promise<JobView> {
  const companyId = importingCompanyId(actor);
  const company = await companyContextOf(companyId);
  const filePath = await importFilePath(company.id, input);
  const payload: ImportPayload = {
    filePath,
    fileName: path.basename(input.fileName ?? filePath).slice(0, 255),
    deleteFileAfter: Boolean(input.uploadId),
  };
  const job = await createJob({
    type: PURCHASE_ORDER_IMPORT_JOB_TYPE,
    payload: { ...payload },
    ownerUserId: actingUserId(actor),
    companyId: company.id,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  await audit(actor, { companyId: company.id, action: "PURCHASE_ORDER_IMPORT_STARTED", entityType: "job", entityId: job.id, details: { fileName: payload.fileName } });
  return job;
}

/** Web: the queued import runs in the Bree queue worker, which takes every queued job, oldest first. */
export function runPurchaseOrderImportInBackground(): void {
  runQueuedJobsSoon();
}

/** Runs a queued import to the end (see the module comment); a job that is not QUEUED is returned as it stands. */
export async function runPurchaseOrderImport(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  const job = await Job.findByPk(jobId);
  if (!job || job.type !== PURCHASE_ORDER_IMPORT_JOB_TYPE || job.companyId === null) throw notFound(PURCHASE_ORDER_IMPORT_NOT_FOUND);
  const companyId = job.companyId;
  const ownerUserId = job.ownerUserId ?? null;
  const payload = job.payload as unknown as ImportPayload;
  let queuedRematch = false;
  try {
    const done = await executeJob(
      jobId,
      async ({ payload: current, progress }) => {
        const result = await importFile(jobId, companyId, current as unknown as ImportPayload, progress);
        // Documents waiting for a purchase order are matched again now that orders have arrived (helper M's job). Keyed by
        // this import, so a retried or resumed import queues it once.
        if (result.success > 0) {
          const rematch = await createJob({
            type: DOCUMENTS_REMATCH_JOB_TYPE,
            payload: { companyId },
            companyId,
            ownerUserId,
            idempotencyKey: `documents-rematch:purchase-order-import:${jobId}`,
          });
          result.rematchJobId = rematch.id;
          queuedRematch = true;
        }
        const { failedRows: _failedRows, ...counts } = result;
        await audit(ownerUserId, { companyId, action: "PURCHASE_ORDER_IMPORT_COMPLETED", entityType: "job", entityId: jobId, details: counts });
        return result;
      },
      options
    );
    if (queuedRematch) runQueuedJobsSoon();
    return done;
  } finally {
    // The upload goes once the job has ended; a job waiting for a retry, or taken back from a dead worker, still needs it.
    if (payload.deleteFileAfter) {
      const now = await Job.findByPk(jobId, { attributes: ["id", "status"] });
      if (now && isTerminalStatus(now.status)) await fsp.rm(payload.filePath, { force: true }).catch(() => {});
    }
  }
}

/** The import as the dialog polls it: 404 for another company's job (or one that is not a purchase order import). */
export async function getPurchaseOrderImportStatus(actor: Actor, jobId: string): Promise<PurchaseOrderImportStatus> {
  const companyId = importingCompanyId(actor);
  const job = await getJob(actor, jobId);
  if (job.type !== PURCHASE_ORDER_IMPORT_JOB_TYPE || job.companyId !== companyId) throw notFound(PURCHASE_ORDER_IMPORT_NOT_FOUND);
  const result = job.status === "SUCCEEDED" ? (job.result as PurchaseOrderImportResult) : null;
  return { id: job.id, status: job.status, progress: job.progress, error: job.error, result };
}

/** The failed-rows CSV of a finished import of the actor's company: its path and download name, or 404. */
export async function purchaseOrderImportFailedFile(actor: Actor, jobId: string): Promise<{ filePath: string; downloadName: string }> {
  const status = await getPurchaseOrderImportStatus(actor, jobId);
  const filePath = failedPath(status.id);
  if (!status.result?.hasFailedFile || !fs.existsSync(filePath)) throw notFound("File not found");
  return { filePath, downloadName: "failed_purchase_orders.csv" };
}

/** For the operator at the CLI: where a finished import's failed-rows CSV is, or null. */
export function purchaseOrderImportFailedPath(jobId: string): string | null {
  const filePath = failedPath(jobId);
  return fs.existsSync(filePath) ? filePath : null;
}

// ---------------------------------------------------------------------------------------------------------------

const emptyResult = (fileName: string): PurchaseOrderImportResult => ({
  fileName,
  total: 0,
  success: 0,
  failed: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  suppliersMatched: 0,
  failedRows: [],
  hasFailedFile: false,
  rematchJobId: null,
});

const failedObjectOf = (cells: readonly string[]) =>
  Object.fromEntries(PURCHASE_ORDER_IMPORT_COLUMNS.map((column, i) => [column, cells[i] ?? ""])) as PurchaseOrderImportFailure["failedObject"];

const STAGING = "purchase_order_import_rows";

async function importFile(jobId: string, companyId: number, payload: ImportPayload, progress: (percent: number) => Promise<void>): Promise<PurchaseOrderImportResult> {
  const company = await companyContextOf(companyId);
  const size = (await fsp.stat(payload.filePath)).size;
  const resumeFrom = payload.checkpoint ?? null;
  await fsp.rm(path.dirname(failedPath(jobId)), { recursive: true, force: true });
  const failedOut = new CsvOut(failedPath(jobId), () => [...PURCHASE_ORDER_IMPORT_COLUMNS, "Reasons"]);
  const result = resumeFrom ? structuredClone(resumeFrom.result) : emptyResult(payload.fileName);
  const writeFailed = (cells: readonly string[], reasons: string[]) => failedOut.write([...PURCHASE_ORDER_IMPORT_COLUMNS.map((_, i) => cells[i] ?? ""), reasons.join("; ")]);

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const input = fs.createReadStream(payload.filePath);
  // info: each record's line in the file (blank lines skipped by the parser still count), as the failed rows name it.
  const parser = parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // pipeline (not pipe) stops reading the file when the parser fails; the loop below sees the parser's error.
  pipelineCallback(input, parser, () => {});
  let inFlight: Promise<void> = Promise.resolve();
  let batchError: unknown = null;
  try {
    await client.query(
      `CREATE TEMP TABLE IF NOT EXISTS ${STAGING} (line int, order_number text, order_number_key text, supplier_name text, supplier_key text,
         order_date date, amount numeric(14,2), status text, supplier_company_id int) ON COMMIT DELETE ROWS`
    );
    const connection: BatchConnection = { client, analyzed: false };
    const skipThrough = resumeFrom?.line ?? 0;
    const seenOrderNumber = createOrderNumberTracker();
    let batch: string[] = [];
    let records = 0;
    let line = 0;
    const tick = fileProgress(input, size, progress);
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await inFlight;
      if (batchError) throw batchError;
      const checkpoint = { line, result: structuredClone(result) };
      inFlight = writeBatch(connection, { jobId, companyId: company.id, rows, result, checkpoint }).catch((error: unknown) => {
        batchError = error;
      });
    };

    try {
      for await (const { record: cells, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        line = info.lines;
        if (++records === 1) {
          if (!isPurchaseOrderTemplateHeader(cells)) throw new AppError(400, PURCHASE_ORDER_TEMPLATE_MESSAGE, { code: "INCORRECT_TEMPLATE", field: "file" });
          continue;
        }
        if (isBlankCells(cells)) continue;
        const parsed = parsePurchaseOrderRow(cells);
        let reasons = parsed.ok ? null : parsed.reasons;
        if (parsed.ok) {
          const first = seenOrderNumber(parsed.row.orderNumberKey, line);
          if (first !== null) reasons = [duplicateOrderNumberMessage(first)];
        }
        if (line <= skipThrough) {
          // Counted and committed before the worker died: only the failed-rows file is written again.
          if (reasons) await writeFailed(cells, reasons);
          continue;
        }
        result.total++;
        if (reasons || !parsed.ok) {
          result.failed++;
          const why = reasons ?? [];
          if (result.failedRows.length < FAILED_ROWS_LIMIT) result.failedRows.push({ line, failedObject: failedObjectOf(cells), reasons: why });
          await writeFailed(cells, why);
        } else {
          const row = parsed.row;
          batch.push(
            [line, row.orderNumber, row.orderNumberKey, row.supplierName, supplierNameKey(row.supplierName), row.orderDate, centsToDecimal(row.amountCents), row.status]
              .map((value) => copyField(value))
              .join("\t")
          );
          if (batch.length >= BATCH_SIZE) await flush();
        }
        await tick();
      }
    } catch (error) {
      throw csvReadError(error);
    }
    if (records === 0) throw new AppError(400, PURCHASE_ORDER_TEMPLATE_MESSAGE, { code: "INCORRECT_TEMPLATE", field: "file" });
    await flush();
    await inFlight;
    if (batchError) throw batchError;
  } finally {
    input.destroy();
    await inFlight;
    await client.end().catch(() => {});
    await failedOut.close();
  }
  result.hasFailedFile = failedOut.used;
  return result;
}

interface BatchConnection {
  client: pg.Client;
  /** Whether the staging table has statistics (the first batch gathers them; later batches have the same shape). */
  analyzed: boolean;
}

interface BatchContext {
  jobId: string;
  companyId: number;
  /** The batch's rows as COPY lines (each order number once: later repeats failed as duplicates). */
  rows: string[];
  result: PurchaseOrderImportResult;
  /** Every line up to checkpoint.line is settled once the batch commits; its result so far, before this batch. */
  checkpoint: { line: number; result: PurchaseOrderImportResult };
}

interface BatchCounts {
  created: number;
  updated: number;
  suppliersMatched: number;
}

/** One batch in one transaction: COPY to staging, supplier match, upsert, checkpoint. */
async function writeBatch(connection: BatchConnection, context: BatchContext): Promise<void> {
  const { client } = connection;
  const { companyId, rows } = context;
  await client.query("BEGIN");
  let counts: BatchCounts;
  try {
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [IMPORT_LOCK_CLASS, companyId]);
    // Safe without waiting for the WAL flush: a batch and its checkpoint commit together (decision 036's reasoning).
    await client.query("SET LOCAL synchronous_commit = off");
    await pipeline(
      Readable.from([rows.join("\n") + "\n"]),
      client.query(copyFrom(`COPY ${STAGING} (line, order_number, order_number_key, supplier_name, supplier_key, order_date, amount, status) FROM STDIN`))
    );
    if (!connection.analyzed) {
      await client.query(`ANALYZE ${STAGING}`);
      connection.analyzed = true;
    }
    // The supplier: a counterparty of the buyer whose company name is the row's (case and repeated spaces ignored);
    // suppliers first, then the oldest. Never the buyer itself (purchase_orders_not_self).
    const matched = await client.query(
      `WITH names AS (SELECT DISTINCT supplier_key FROM ${STAGING}),
       candidates AS (
         SELECT DISTINCT ON (k.key) k.key, cp.counterparty_company_id AS company_id
           FROM counterparties cp
           JOIN companies co ON co.id = cp.counterparty_company_id
           CROSS JOIN LATERAL (SELECT lower(regexp_replace(btrim(co.company_name), '\\s+', ' ', 'g')) AS key) k
          WHERE cp.company_id = $1 AND cp.counterparty_company_id <> $1 AND k.key IN (SELECT supplier_key FROM names)
          ORDER BY k.key, cp.is_supplier DESC, cp.id
       )
       UPDATE ${STAGING} s SET supplier_company_id = c.company_id FROM candidates c WHERE c.key = s.supplier_key`,
      [companyId]
    );
    // New orders, and existing ones (same normalised number) whose fields changed; an unchanged row writes nothing.
    const upserted = await client.query<{ inserted: boolean }>(
      `INSERT INTO purchase_orders (company_id, supplier_company_id, supplier_name, order_number, amount, status, order_date, loaded_by)
       SELECT $1, s.supplier_company_id, s.supplier_name, s.order_number, s.amount, s.status, s.order_date, 'EARLYBIRD' FROM ${STAGING} s ORDER BY s.line
       ON CONFLICT (company_id, order_number_key) DO UPDATE SET
         order_number = EXCLUDED.order_number,
         supplier_name = EXCLUDED.supplier_name,
         supplier_company_id = EXCLUDED.supplier_company_id,
         amount = EXCLUDED.amount,
         status = EXCLUDED.status,
         order_date = EXCLUDED.order_date
       WHERE (purchase_orders.order_number, purchase_orders.supplier_name, purchase_orders.supplier_company_id, purchase_orders.amount,
              purchase_orders.status, purchase_orders.order_date)
             IS DISTINCT FROM (EXCLUDED.order_number, EXCLUDED.supplier_name, EXCLUDED.supplier_company_id, EXCLUDED.amount, EXCLUDED.status, EXCLUDED.order_date)
       RETURNING (xmax = 0) AS inserted`,
      [companyId]
    );
    const created = upserted.rows.filter((row) => row.inserted).length;
    counts = { created, updated: upserted.rows.length - created, suppliersMatched: matched.rowCount ?? 0 };
    const checkpoint = { line: context.checkpoint.line, result: addCounts(structuredClone(context.checkpoint.result), rows.length, counts) };
    await client.query(
      `UPDATE jobs SET payload = payload || jsonb_build_object('committedThroughLine', $2::int, 'checkpoint', $3::jsonb) WHERE id = $1`,
      [context.jobId, checkpoint.line, JSON.stringify(checkpoint)]
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
  addCounts(context.result, rows.length, counts);
}

function addCounts(result: PurchaseOrderImportResult, rows: number, counts: BatchCounts) {
  result.success += rows;
  result.created += counts.created;
  result.updated += counts.updated;
  result.unchanged += rows - counts.created - counts.updated;
  result.suppliersMatched += counts.suppliersMatched;
  return result;
}
