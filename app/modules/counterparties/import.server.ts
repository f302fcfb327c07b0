/**
 * Counterparty import (spec p3 §3 import row and result, §4.6, §5 "Counterparty import file rows", §7.3 "Import
 * counterparties by entityId"; decision 036), as a queued job of kind IMPORT_COUNTERPARTIES. Admin only.
 *
 * startCounterpartyImport queues the job for a stored file (a web upload, or a CLI path); runCounterpartyImport runs it:
 * - streams the file through csv-parse (never whole in memory), checks the header line (the template's columns), and
 *   checks each row with import-rules.ts; failed rows go to the failed-rows CSV with their reasons;
 * - upserts valid rows in batches of BATCH_SIZE on a dedicated connection, one transaction per batch under a
 *   per-company advisory lock (two imports of one company never race on an external id), one batch in the database
 *   while the next is parsed: the batch is COPYed into a temporary staging table, then set-based statements match each
 *   row to a counterparty of the company by external account id, else attach it to a counterparty with the same name
 *   (case and repeated spaces ignored) and no external id, else create an INACTIVE company and its counterparty row
 *   (is_supplier). GL codes map to the company's visible GL accounts; payment terms to the company's terms, created
 *   (non-default) when missing. An empty optional cell keeps what the counterparty has; an unchanged row writes
 *   nothing (the same file imported twice changes nothing);
 * - stores a checkpoint (the last committed line and the result so far) with each batch, so a worker that dies is
 *   resumed by the next one after that line; the upsert being idempotent, a repeated batch would change nothing anyway.
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
import { audit } from "../audit/service.server";
import { companyContextOf, requireAdmin, type CompanyContext } from "../companies/service.server";
import { isTerminalStatus } from "../jobs/rules";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { CsvOut, copyField, csvReadError, fileProgress, importFilePath, storeImportUpload } from "../invoices/import.server";
import {
  COUNTERPARTY_IMPORT_COLUMNS,
  COUNTERPARTY_IMPORT_JOB_TYPE,
  COUNTERPARTY_TEMPLATE_MESSAGE,
  glCodeKey,
  isBlankCells,
  isTemplateHeader,
  nameKey,
  parseCounterpartyRow,
  paymentTermKey,
  type ImportPaymentTerm,
} from "./import-rules";

export const COUNTERPARTY_IMPORT_NOT_FOUND = "Import not found";
const BATCH_SIZE = 5_000;
/** Failed rows kept in the job's result (the dialog's list, the CLI's JSON); the CSV has every one. */
export const FAILED_OBJECTS_LIMIT = 100;
/** Per-company advisory lock class of the import's batches (pg_advisory_xact_lock(class, company id)). */
const IMPORT_LOCK_CLASS = 15_002;

/** A failed row (p3 §3 failedObjects: failedObject, failureReason, objectType), with its line (the header is line 1). */
export interface CounterpartyImportFailure {
  line: number;
  failedObject: Record<(typeof COUNTERPARTY_IMPORT_COLUMNS)[number], string>;
  reasons: string[];
  objectType: "COUNTERPARTY";
}

export interface CounterpartyImportResult {
  fileName: string;
  /** Data rows read (blank rows are not counted). */
  total: number;
  /** Valid rows upserted (created + attached + updated + unchanged). */
  success: number;
  failed: number;
  /** New INACTIVE companies with their counterparty row. */
  created: number;
  /** Existing counterparties (same name, no external id yet) that took the row's external id. */
  attached: number;
  /** Counterparties found by external id whose fields changed. */
  updated: number;
  /** Rows that matched a counterparty and changed nothing. */
  unchanged: number;
  /** Payment terms the import added to the company. */
  paymentTermsCreated: number;
  failedObjects: CounterpartyImportFailure[];
  hasFailedFile: boolean;
}

export interface CounterpartyImportStatus {
  id: string;
  companyId: number;
  status: JobView["status"];
  progress: number;
  error: string | null;
  result: CounterpartyImportResult | null;
}

interface ImportPayload {
  filePath: string;
  fileName: string;
  deleteFileAfter: boolean;
  committedThroughLine?: number;
  checkpoint?: { line: number; result: CounterpartyImportResult };
}

const dataDir = () => path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
const failedPath = (jobId: string) => path.join(dataDir(), "imports", jobId, "failed.csv");

/** The company an admin imports for, or 404 (an admin call on a company that does not exist). */
async function importCompany(actor: Actor, companyId: number): Promise<CompanyContext> {
  requireAdmin(actor);
  return companyContextOf(companyId);
}

/** The company an admin's import dialog is for (its id and name), or 404. */
export async function getCounterpartyImportCompany(actor: Actor, companyId: number): Promise<{ id: number; name: string }> {
  const company = await importCompany(actor, companyId);
  return { id: company.id, name: company.name };
}

/** Streams an uploaded file to disk for `companyId` (CSV only, 10 MB at most); returns the id startCounterpartyImport takes. */
export async function storeCounterpartyImportUpload(
  actor: Actor,
  companyId: number,
  upload: { fileName: string; data: AsyncIterable<Uint8Array> }
): Promise<{ uploadId: string; fileName: string; size: number }> {
  const company = await importCompany(actor, companyId);
  // The admin acts for the company in the URL: the upload is kept with that company's uploads.
  return storeImportUpload({ ...actor, companyId: company.id }, upload);
}

export interface StartCounterpartyImportInput {
  /** A web upload stored by storeCounterpartyImportUpload for this company. */
  uploadId?: string;
  /** A file on this machine (CLI only: never from a request). */
  filePath?: string;
  fileName?: string;
  idempotencyKey?: string;
}

/** Queues the import of a file into `companyId`'s counterparties (admin or operator); run it with runCounterpartyImport. */
export async function startCounterpartyImport(actor: Actor, companyId: number, input: StartCounterpartyImportInput): Promise<JobView> {
  const company = await importCompany(actor, companyId);
  const filePath = await importFilePath(company.id, input);
  const payload: ImportPayload = {
    filePath,
    fileName: path.basename(input.fileName ?? filePath).slice(0, 255),
    deleteFileAfter: Boolean(input.uploadId),
  };
  const job = await createJob({
    type: COUNTERPARTY_IMPORT_JOB_TYPE,
    payload: { ...payload },
    ownerUserId: actingUserId(actor),
    companyId: company.id,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  await audit(actor, {
    companyId: company.id,
    action: "COUNTERPARTY_IMPORT_STARTED",
    entityType: "job",
    entityId: job.id,
    details: { fileName: payload.fileName },
  });
  return job;
}

/** Web: the queued import runs in the Bree queue worker, which takes every queued job, oldest first. */
export function runCounterpartyImportInBackground(): void {
  runQueuedJobsSoon();
}

/** Runs a queued import to the end (see the module comment); a job that is not QUEUED is returned as it stands. */
export async function runCounterpartyImport(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  const job = await Job.findByPk(jobId);
  if (!job || job.type !== COUNTERPARTY_IMPORT_JOB_TYPE || job.companyId === null) throw notFound(COUNTERPARTY_IMPORT_NOT_FOUND);
  const companyId = job.companyId;
  const ownerUserId = job.ownerUserId ?? null;
  const payload = job.payload as unknown as ImportPayload;
  try {
    return await executeJob(
      jobId,
      async ({ payload: current, progress }) => {
        const result = await importFile(jobId, companyId, current as unknown as ImportPayload, progress);
        const { failedObjects: _failedRows, ...counts } = result;
        await audit(ownerUserId, { companyId, action: "COUNTERPARTY_IMPORT_COMPLETED", entityType: "job", entityId: jobId, details: counts });
        return result;
      },
      options
    );
  } finally {
    // The upload goes once the job has ended; a job waiting for a retry, or taken back from a dead worker, still needs it.
    if (payload.deleteFileAfter) {
      const now = await Job.findByPk(jobId, { attributes: ["id", "status"] });
      if (now && isTerminalStatus(now.status)) await fsp.rm(payload.filePath, { force: true }).catch(() => {});
    }
  }
}

/** The import as the dialog polls it (p3 §7.3 "import details by entityId and importId"): 404 outside `companyId`. */
export async function getCounterpartyImportStatus(actor: Actor, companyId: number, jobId: string): Promise<CounterpartyImportStatus> {
  requireAdmin(actor);
  const job = await getJob(actor, jobId);
  if (job.type !== COUNTERPARTY_IMPORT_JOB_TYPE || job.companyId !== companyId) throw notFound(COUNTERPARTY_IMPORT_NOT_FOUND);
  const result = job.status === "SUCCEEDED" ? (job.result as CounterpartyImportResult) : null;
  return { id: job.id, companyId, status: job.status, progress: job.progress, error: job.error, result };
}

/** The failed-rows CSV of a finished import of `companyId`: its path and download name, or 404. */
export async function counterpartyImportFailedFile(actor: Actor, companyId: number, jobId: string): Promise<{ filePath: string; downloadName: string }> {
  const status = await getCounterpartyImportStatus(actor, companyId, jobId);
  const filePath = failedPath(status.id);
  if (!status.result?.hasFailedFile || !fs.existsSync(filePath)) throw notFound("File not found");
  return { filePath, downloadName: "failed_counterparties.csv" };
}

/** For the operator at the CLI: where a finished import's failed-rows CSV is, or null. */
export function counterpartyImportFailedPath(jobId: string): string | null {
  const filePath = failedPath(jobId);
  return fs.existsSync(filePath) ? filePath : null;
}

// ---------------------------------------------------------------------------------------------------------------

/** A valid row waiting for its batch: its COPY fields up to the GL account, and its payment term (resolved per batch). */
interface PendingRow {
  fields: string;
  term: ImportPaymentTerm | null;
}

const emptyResult = (fileName: string): CounterpartyImportResult => ({
  fileName,
  total: 0,
  success: 0,
  failed: 0,
  created: 0,
  attached: 0,
  updated: 0,
  unchanged: 0,
  paymentTermsCreated: 0,
  failedObjects: [],
  hasFailedFile: false,
});

const failedObjectOf = (cells: readonly string[]) =>
  Object.fromEntries(COUNTERPARTY_IMPORT_COLUMNS.map((column, i) => [column, cells[i] ?? ""])) as CounterpartyImportFailure["failedObject"];

const STAGING = "counterparty_import_rows";
/** The status of a company the import creates (decision 036), and so of its counterparty row's copy of it. */
const NEW_COMPANY_STATUS = "INACTIVE";

async function importFile(jobId: string, companyId: number, payload: ImportPayload, progress: (percent: number) => Promise<void>): Promise<CounterpartyImportResult> {
  const company = await companyContextOf(companyId);
  const size = (await fsp.stat(payload.filePath)).size;
  const resumeFrom = payload.checkpoint ?? null;
  await fsp.rm(path.dirname(failedPath(jobId)), { recursive: true, force: true });
  const failedOut = new CsvOut(failedPath(jobId), () => [...COUNTERPARTY_IMPORT_COLUMNS, "Reasons"]);
  const result = resumeFrom ? structuredClone(resumeFrom.result) : emptyResult(payload.fileName);

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const input = fs.createReadStream(payload.filePath);
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  // pipeline (not pipe) stops reading the file when the parser fails; the loop below sees the parser's error.
  pipelineCallback(input, parser, () => {});
  let inFlight: Promise<void> = Promise.resolve();
  let batchError: unknown = null;
  try {
    await client.query(
      `CREATE TEMP TABLE IF NOT EXISTS ${STAGING} (line int, name text, name_key text, external_account_id text, bank text, gst text,
         gl_account_id int, payment_term_id int, counterparty_id int) ON COMMIT DELETE ROWS`
    );
    // The companies' id sequence, named once: nextval of a constant is one call per row, with no catalogue look-up.
    const sequence = await client.query<{ name: string }>("SELECT pg_get_serial_sequence('companies', 'id') AS name");
    const connection: BatchConnection = { client, companiesSequence: client.escapeLiteral(sequence.rows[0].name), analyzed: false };
    const glAccounts = new Map<string, number>();
    const gl = await client.query<{ id: number; account_code: string }>(
      "SELECT id, account_code FROM gl_accounts WHERE company_id = $1 AND is_visible_in_earlybird",
      [company.id]
    );
    for (const row of gl.rows) glAccounts.set(glCodeKey(row.account_code), row.id);
    const terms = new Map<string, number>();
    for (const term of (await selectTerms(client, company.id)).rows) terms.set(termKeyOf(term), term.id);
    const context = { glCodeExists: (code: string) => glAccounts.has(glCodeKey(code)) };

    const skipThrough = resumeFrom?.line ?? 0;
    // By external account id: the same id again in a batch replaces the earlier row (an upsert in file order).
    let batch = new Map<string, PendingRow>();
    let batchLines = 0;
    let line = 0;
    const tick = fileProgress(input, size, progress);
    const flush = async () => {
      if (batchLines === 0) return;
      const rows = [...batch.values()];
      const lines = batchLines;
      batch = new Map();
      batchLines = 0;
      await inFlight;
      if (batchError) throw batchError;
      // The result as of this line (the batch before has been counted), to which the batch's outcome is added.
      const checkpoint = { line, result: structuredClone(result) };
      inFlight = writeBatch(connection, { jobId, company, rows, lines, terms, result, checkpoint }).catch((error: unknown) => {
        batchError = error;
      });
    };

    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        line++;
        if (line === 1) {
          if (!isTemplateHeader(cells)) throw new AppError(400, COUNTERPARTY_TEMPLATE_MESSAGE, { code: "INCORRECT_TEMPLATE", field: "file" });
          continue;
        }
        if (isBlankCells(cells)) continue;
        const parsed = parseCounterpartyRow(cells, context);
        if (line <= skipThrough) {
          // Counted and committed before the worker died: only the failed-rows file is written again.
          if (!parsed.ok) await failedOut.write([...COUNTERPARTY_IMPORT_COLUMNS.map((_, i) => cells[i] ?? ""), parsed.reasons.join("; ")]);
          continue;
        }
        result.total++;
        if (!parsed.ok) {
          result.failed++;
          if (result.failedObjects.length < FAILED_OBJECTS_LIMIT) result.failedObjects.push({ line, failedObject: failedObjectOf(cells), reasons: parsed.reasons, objectType: "COUNTERPARTY" });
          await failedOut.write([...COUNTERPARTY_IMPORT_COLUMNS.map((_, i) => cells[i] ?? ""), parsed.reasons.join("; ")]);
        } else {
          const row = parsed.row;
          const glAccountId = row.glCode ? (glAccounts.get(glCodeKey(row.glCode)) ?? null) : null;
          const fields = [line, row.entityName, nameKey(row.entityName), row.externalAccountId, row.externalBankAccountNumber, row.gstNumber, glAccountId]
            .map((value) => copyField(value))
            .join("\t");
          batch.delete(row.externalAccountId);
          batch.set(row.externalAccountId, { fields, term: row.paymentTerm });
          if (++batchLines >= BATCH_SIZE) await flush();
        }
        await tick();
      }
    } catch (error) {
      throw csvReadError(error);
    }
    if (line === 0) throw new AppError(400, COUNTERPARTY_TEMPLATE_MESSAGE, { code: "INCORRECT_TEMPLATE", field: "file" });
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

/** The import's connection, its staging table and what it learnt once. */
interface BatchConnection {
  client: pg.Client;
  /** The companies' id sequence as an SQL literal. */
  companiesSequence: string;
  /** Whether the staging table has statistics (the first batch gathers them; later batches have the same shape). */
  analyzed: boolean;
}

interface BatchContext {
  jobId: string;
  company: CompanyContext;
  /** The batch's rows, one per external account id. */
  rows: PendingRow[];
  /** Valid lines the batch stands for (a repeated external id counts once in rows, once per line here). */
  lines: number;
  /** The company's payment terms by paymentTermKey, filled as batches commit. */
  terms: Map<string, number>;
  result: CounterpartyImportResult;
  /** Every line up to checkpoint.line is settled once the batch commits; its result so far, before this batch. */
  checkpoint: { line: number; result: CounterpartyImportResult };
}

/** One batch in one transaction: terms, COPY to staging, match, attach, create, checkpoint. */
async function writeBatch(connection: BatchConnection, context: BatchContext): Promise<void> {
  const { client } = connection;
  const { company, rows, terms } = context;
  const counts: BatchCounts = { created: 0, attached: 0, updated: 0, paymentTermsCreated: 0 };
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [IMPORT_LOCK_CLASS, company.id]);
    // A batch's COMMIT does not wait for its WAL flush (a wait of one disk flush per batch, most of a small batch's
    // commit). Safe here: a batch and its checkpoint commit together, so after a crash the import resumes from the last
    // batch that reached the disk and repeats the rest (idempotent); and the job's end is written later with a
    // synchronous commit, which flushes every batch's WAL before it (decision 036).
    await client.query("SET LOCAL synchronous_commit = off");
    // Payment terms: the company's (read once, then kept), else created non-default (decision 036).
    const wanted = new Map<string, ImportPaymentTerm>();
    for (const row of rows) if (row.term && !terms.has(paymentTermKey(row.term))) wanted.set(paymentTermKey(row.term), row.term);
    const batchTerms = new Map(terms);
    if (wanted.size > 0) {
      const list = [...wanted.values()];
      const inserted = await client.query(
        `INSERT INTO payment_terms (company_id, frequency, date, day_of_week)
         SELECT $1, t.frequency, t.date, t.day_of_week FROM unnest($2::text[], $3::smallint[], $4::text[]) AS t(frequency, date, day_of_week)
         ON CONFLICT DO NOTHING`,
        [company.id, list.map((term) => term.frequency), list.map((term) => term.date), list.map((term) => term.dayOfWeek)]
      );
      counts.paymentTermsCreated = inserted.rowCount ?? 0;
      for (const term of (await selectTerms(client, company.id)).rows) batchTerms.set(termKeyOf(term), term.id);
    }

    let text = "";
    for (const row of rows) text += `${row.fields}\t${row.term ? String(batchTerms.get(paymentTermKey(row.term))) : "\\N"}\n`;
    await pipeline(
      Readable.from([text]),
      client.query(copyFrom(`COPY ${STAGING} (line, name, name_key, external_account_id, bank, gst, gl_account_id, payment_term_id) FROM STDIN`))
    );
    // Statistics for the joins below (a temporary table has none; without them the planner guesses badly). Once: the
    // next batches have the same shape, and the planner scales the row count to the table's size.
    if (!connection.analyzed) {
      await client.query(`ANALYZE ${STAGING}`);
      connection.analyzed = true;
    }

    // 1. Counterparties of the company with the row's external id.
    const matched = await client.query(
      `UPDATE ${STAGING} s SET counterparty_id = cp.id FROM counterparties cp WHERE cp.company_id = $1 AND cp.external_account_id = s.external_account_id`,
      [company.id]
    );
    // 2. Else one with the same name (case and repeated spaces ignored) and no external id yet: the first by id, once.
    const attached = await client.query(
      `WITH candidates AS (
         SELECT DISTINCT ON (k.key) k.key, cp.id
           FROM counterparties cp
           JOIN companies co ON co.id = cp.counterparty_company_id
           CROSS JOIN LATERAL (SELECT lower(regexp_replace(btrim(co.company_name), '\\s+', ' ', 'g')) AS key) k
          WHERE cp.company_id = $1 AND cp.external_account_id IS NULL
          ORDER BY k.key, cp.id
       ), picks AS (
         SELECT DISTINCT ON (s.name_key) s.line, c.id FROM ${STAGING} s JOIN candidates c ON c.key = s.name_key
          WHERE s.counterparty_id IS NULL ORDER BY s.name_key, s.line
       )
       UPDATE ${STAGING} s SET counterparty_id = picks.id FROM picks WHERE s.line = picks.line`,
      [company.id]
    );
    counts.attached = attached.rowCount ?? 0;
    // Matched and attached rows: write what changed; an empty cell keeps the counterparty's value.
    const found = (matched.rowCount ?? 0) + counts.attached;
    const updated = found === 0 ? { rowCount: 0 } : await client.query(
      `UPDATE counterparties cp SET
         external_account_id = s.external_account_id,
         external_bank_account_number = COALESCE(s.bank, cp.external_bank_account_number),
         gst_number = COALESCE(s.gst, cp.gst_number),
         gl_account_id = COALESCE(s.gl_account_id, cp.gl_account_id),
         payment_term_id = COALESCE(s.payment_term_id, cp.payment_term_id),
         is_supplier = true
       FROM ${STAGING} s
       WHERE s.counterparty_id = cp.id AND cp.company_id = $1
         AND (cp.external_account_id IS DISTINCT FROM s.external_account_id
           OR cp.external_bank_account_number IS DISTINCT FROM COALESCE(s.bank, cp.external_bank_account_number)
           OR cp.gst_number IS DISTINCT FROM COALESCE(s.gst, cp.gst_number)
           OR cp.gl_account_id IS DISTINCT FROM COALESCE(s.gl_account_id, cp.gl_account_id)
           OR cp.payment_term_id IS DISTINCT FROM COALESCE(s.payment_term_id, cp.payment_term_id)
           OR NOT cp.is_supplier)`,
      [company.id]
    );
    // Attached rows always change (they take the external id); the rest of the changed rows were matched by it.
    counts.updated = (updated.rowCount ?? 0) - counts.attached;
    // 3. Else a new INACTIVE company and its counterparty row, in one statement: the CTE takes each row's company id
    //    once, and both inserts use it (the counterparty's foreign key is checked at the end of the statement). The row
    //    gives the copy of the company's status it has just created, so the copy trigger does not look it up (migration
    //    2026.11.26T18.11.00).
    const fresh = await client.query(
      `WITH fresh AS MATERIALIZED (
         SELECT nextval(${connection.companiesSequence}::regclass)::int AS company_id, s.* FROM ${STAGING} s WHERE s.counterparty_id IS NULL ORDER BY s.line
       ), companies_in AS (
         INSERT INTO companies (id, company_name, status, country) SELECT company_id, name, $3::text, $2 FROM fresh
       )
       INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, external_account_id, external_bank_account_number, gst_number, gl_account_id, payment_term_id, counterparty_status)
       SELECT $1, company_id, true, external_account_id, bank, gst, gl_account_id, payment_term_id, $3::text FROM fresh`,
      [company.id, company.country, NEW_COMPANY_STATUS]
    );
    counts.created = fresh.rowCount ?? 0;

    // The checkpoint: which lines are in and the result up to them, committed with them.
    const checkpoint = { line: context.checkpoint.line, result: addCounts(context.checkpoint.result, context.lines, counts) };
    await client.query(
      `UPDATE jobs SET payload = payload || jsonb_build_object('committedThroughLine', $2::int, 'checkpoint', $3::jsonb) WHERE id = $1`,
      [context.jobId, checkpoint.line, JSON.stringify(checkpoint)]
    );
    await client.query("COMMIT");
    for (const [key, id] of batchTerms) terms.set(key, id);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
  addCounts(context.result, context.lines, counts);
}

type BatchCounts = Pick<CounterpartyImportResult, "created" | "attached" | "updated" | "paymentTermsCreated">;

interface TermRow {
  id: number;
  frequency: ImportPaymentTerm["frequency"];
  date: number | null;
  day_of_week: ImportPaymentTerm["dayOfWeek"];
}
const selectTerms = (client: pg.Client, companyId: number) =>
  client.query<TermRow>("SELECT id, frequency, date, day_of_week FROM payment_terms WHERE company_id = $1", [companyId]);
const termKeyOf = (term: TermRow) => paymentTermKey({ frequency: term.frequency, date: term.date, dayOfWeek: term.day_of_week });

function addCounts(result: CounterpartyImportResult, rows: number, counts: BatchCounts) {
  result.success += rows;
  result.created += counts.created;
  result.attached += counts.attached;
  result.updated += counts.updated;
  // Rows overwritten by a later row of the same batch (same external id) count as unchanged.
  result.unchanged += rows - counts.created - counts.attached - counts.updated;
  result.paymentTermsCreated += counts.paymentTermsCreated;
  return result;
}
