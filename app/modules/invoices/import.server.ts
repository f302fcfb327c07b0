/**
 * CSV import of approved invoices and bills (spec p2 §3 Import result, §4 Import flow, §5 Import, §7, §8), as a job.
import of approved invoices and bills (spec p2 §3 Import result, §4 Import flow, §5 Import, §7, §8), as a job.
 *
 * startImport queues a job (IMPORT_INVOICES / IMPORT_BILLS) for a file already on disk; runImport does the work:
 * - streams the file through csv-parse (never the whole file in memory), checks the header line first (a wrong
 *   template fails the job with the spec's message and writes nothing), parses each row (import-rules.ts), drops
 *   duplicates (same number and amount) and collects failed rows with their reasons;
 * - inserts valid rows in batches of BATCH_SIZE, one transaction per batch on a dedicated connection, one batch in
 *   the database while the next is parsed: unknown counterparty names become INACTIVE companies plus a counterparty
 *   row of the actor's company (a warning on the row); repeats within the batch are settled in memory; the batch is
 *   COPYed straight into invoices under a savepoint (the same database work as a plain COPY of the rows); only if
 *   the unique number index refuses a row is the batch rolled back to the savepoint, its taken numbers looked up
 *   (duplicate of this import, or "Invoice number already exists") and the rest COPYed; the job's checkpoint (last
 *   committed line) is stored in the same transaction;
 * - reports progress by bytes read, at most 4 times a second.
 *
 * Where the outputs live: the result (counts, the first failed and warning rows) is the job's `result` JSON;
 * the failed-rows CSV and the duplicates CSV are files in <EARLYBIRD_DATA_DIR>/imports/<jobId>/ (failed.csv,
 * duplicates.csv), read back through importResultFile (scoped by company). Web uploads are streamed to
 * <EARLYBIRD_DATA_DIR>/uploads/<companyId>/<uuid>.csv.
 *
 * Idempotency: executeJob starts a job only from QUEUED (one conditional UPDATE), so a job runs once; a second
 * runImport of the same job returns it as it stands and imports nothing. When the worker dies mid-import, the reaper
 * puts the job back in QUEUED and the next worker resumes after the checkpoint (ImportCheckpoint), so no row is
 * written twice.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { Readable, Transform, pipeline as pipelineCallback } from "node:stream";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { parse } from "csv-parse";
import type { Stringifier } from "csv-stringify";
import { Job } from "../../../db/models/index";
import { actingUserId, type Actor } from "../../lib/actor";
import { csvStringifier } from "../../lib/csv-writer.server";
import { AppError, notFound } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { isTerminalStatus } from "../jobs/rules";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import {
  IMPORT_JOB_TYPES,
  IMPORT_MESSAGES,
  MAX_IMPORT_UPLOAD_BYTES,
  accountingRowSkipReason,
  createInvoiceLineGrouper,
  checkImportHeaders,
  incorrectTemplateMessage,
  isBlankRow,
  isImportJobType,
  normaliseHeader,
  parseImportRow,
  type ImportKind,
  type ImportRecord,
  type ImportTemplate,
} from "./import-rules";
import { companyContext, companyContextOf, requireCompanyId, type CompanyContext } from "../companies/service.server";
import { billImportLocks, isDateInLockedPeriod, lockedRowMessage } from "../period-lock/service.server";

export type ImportFormat = ImportTemplate;

export interface ImportRowIssue {
  /** Line of the file (the header is line 1). */
  line: number;
  invoiceNumber: string;
  messages: string[];
}

/** The import result (p2 §3): success, total, failed, warningInvoices, failedInvoices; progress is the job's. */
export interface ImportResult {
  kind: ImportKind;
  format: ImportFormat;
  fileName: string;
  /** Rows imported. */
  success: number;
  /** Data rows read (blank rows are not counted). */
  total: number;
  failed: number;
  duplicates: number;
  /** Imported rows with a warning (a new counterparty was created for them), and export rows skipped for their status. */
  warnings: number;
  /** Accounting export rows skipped for their status (DRAFT, SUBMITTED, VOIDED, DELETED, PAID), each with a warning. */
  skipped?: number;
  createdCounterparties: number;
  /** The first failed and warning rows (at most ISSUE_LIST_LIMIT each); the CSV has every failed row. */
  failedInvoices: ImportRowIssue[];
  warningInvoices: ImportRowIssue[];
  hasFailedFile: boolean;
  hasDuplicatesFile: boolean;
}

export interface ImportStatus {
  id: string;
  status: JobView["status"];
  progress: number;
  error: string | null;
  result: ImportResult | null;
}

const ISSUE_LIST_LIMIT = 50;
const BATCH_SIZE = 5_000;
const PROGRESS_INTERVAL_MS = 250;

function dataDir() {
  return path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
}
const uploadDir = (companyId: number) => path.join(dataDir(), "uploads", String(companyId));
const resultDir = (jobId: string) => path.join(dataDir(), "imports", jobId);
const RESULT_FILES = { failed: "failed.csv", duplicates: "duplicates.csv" } as const;
export type ImportResultFile = keyof typeof RESULT_FILES;

interface ImportPayload {
  kind: ImportKind;
  format: ImportFormat;
  filePath: string;
  fileName: string;
  createInXero: boolean;
  /** Delete the file when the job ends (web uploads); the CLI's own files stay. */
  deleteFileAfter: boolean;
  /** The last line whose rows are committed (written with them, batch by batch). */
  committedThroughLine?: number;
  /** Where a worker that died left off: written with each batch, read by the next worker (issue 14 part 6). */
  checkpoint?: ImportCheckpoint;
}

/**
 * The import as of `line`: every valid row up to it is committed, and `result` counts every line up to it. A resumed
 * import skips those lines (re-reading only the rows that failed validation, to write them to the failed-rows file
 * again) and carries on from there. Rows the database left out before the worker died (taken numbers, duplicates)
 * stay counted but are not in the resumed import's CSV files.
 */
interface ImportCheckpoint {
  line: number;
  firstNewId: number;
  firstNewCompanyId: number;
  result: ImportResult;
}

/**
 * Streams an uploaded file to <dataDir>/uploads/<companyId>/<uuid>.csv, refusing more than MAX_IMPORT_UPLOAD_BYTES
 * (the partial file is removed). Returns the upload id the confirm step sends back.
 */
export async function storeImportUpload(
  actor: Actor,
  upload: { fileName: string; data: AsyncIterable<Uint8Array> }
): Promise<{ uploadId: string; fileName: string; size: number }> {
  const companyId = requireCompanyId(actor, "Only a company user can import invoices or bills");
  const fileName = path.basename(upload.fileName || "import.csv").slice(0, 255);
  if (!/\.(csv|txt)$/i.test(fileName)) throw new AppError(400, IMPORT_MESSAGES.csvOnly, { field: "file" });
  const uploadId = crypto.randomUUID();
  const dir = uploadDir(companyId);
  await fsp.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${uploadId}.csv`);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > MAX_IMPORT_UPLOAD_BYTES) callback(new AppError(413, IMPORT_MESSAGES.tooLarge, { field: "file" }));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(upload.data), limit, fs.createWriteStream(target));
  } catch (error) {
    await fsp.rm(target, { force: true });
    throw error;
  }
  if (size === 0) {
    await fsp.rm(target, { force: true });
    throw new AppError(400, IMPORT_MESSAGES.fileRequired, { field: "file" });
  }
  return { uploadId, fileName, size };
}

/**
 * The file an import job reads: a web upload stored by storeImportUpload for `companyId` (by its id), or a file on this
 * machine (the CLI only: never from a request). A 404 when it is not there; a 400 when neither is given.
 */
export async function importFilePath(companyId: number, input: { uploadId?: string; filePath?: string }): Promise<string> {
  if (input.uploadId) {
    if (!/^[0-9a-f-]{36}$/i.test(input.uploadId)) throw notFound(IMPORT_MESSAGES.uploadNotFound);
    const filePath = path.join(uploadDir(companyId), `${input.uploadId}.csv`);
    if (!fs.existsSync(filePath)) throw notFound(IMPORT_MESSAGES.uploadNotFound);
    return filePath;
  }
  if (input.filePath) {
    const filePath = path.resolve(input.filePath);
    const stat = await fsp.stat(filePath).catch(() => null);
    if (!stat?.isFile()) throw new AppError(404, `${IMPORT_MESSAGES.fileNotFound}: ${input.filePath}`, { code: "NOT_FOUND", field: "file" });
    return filePath;
  }
  throw new AppError(400, IMPORT_MESSAGES.fileRequired, { field: "file" });
}

export interface StartImportInput {
  kind: ImportKind;
  format: ImportFormat;
  /** A web upload stored by storeImportUpload, looked up within the actor's company. */
  uploadId?: string;
  /** A file on this machine (CLI only: never from a request). */
  filePath?: string;
  fileName?: string;
  createInXero?: boolean;
  idempotencyKey?: string;
}

/** Queues an import job for the actor's company; run it with runImport (in the background for the web). */
export async function startImport(actor: Actor, input: StartImportInput): Promise<JobView> {
  const companyId = requireCompanyId(actor, "Only a company user can import invoices or bills");
  const filePath = await importFilePath(companyId, input);
  const company = await companyContextOf(companyId);
  // Creating bills in Xero needs a Xero connection; without one the choice is not offered and is ignored.
  const createInXero = input.kind === "BILL" && Boolean(input.createInXero) && company.connectedToXero;
  const payload: ImportPayload = {
    kind: input.kind,
    format: input.format,
    filePath,
    fileName: input.fileName ?? path.basename(filePath),
    createInXero,
    deleteFileAfter: Boolean(input.uploadId),
  };
  return createJob({
    type: IMPORT_JOB_TYPES[input.kind],
    payload: { ...payload },
    ownerUserId: actingUserId(actor),
    companyId,
    idempotencyKey: input.idempotencyKey ?? null,
  });
}

/**
 * Runs a queued import job to the end (see the module comment). A job that is not QUEUED is returned as it
 * stands: running it again never imports twice. A wrong template fails the job with the spec's message.
 */
export async function runImport(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  const job = await Job.findByPk(jobId);
  if (!job || !isImportJobType(job.type) || job.companyId === null) throw notFound(IMPORT_MESSAGES.importNotFound);
  const companyId = job.companyId;
  const payload = job.payload as unknown as ImportPayload;
  // The upload goes once the job has ended; a job waiting for a retry, or taken back from a dead worker, still needs it.
  const removeUpload = async () => {
    if (!payload.deleteFileAfter) return;
    const now = await Job.findByPk(jobId, { attributes: ["id", "status"] });
    if (now && isTerminalStatus(now.status)) await fsp.rm(payload.filePath, { force: true }).catch(() => {});
  };
  try {
    return await executeJob(jobId, ({ payload: current, progress }) => importFile(jobId, companyId, current as unknown as ImportPayload, progress), options);
  } finally {
    await removeUpload();
  }
}

/** Web: the queued import runs in the Bree queue worker (app/modules/jobs/queue-trigger.server.ts). */
export function runImportInBackground(jobId: string): void {
  void jobId; // the worker takes every queued job, oldest first
  runQueuedJobsSoon();
}

/** What the import dialog offers the actor's company: "Import to Xero" only with a Xero connection. */
export async function getCompanyImportOptions(actor: Actor): Promise<{ connectedToXero: boolean }> {
  const company = await companyContext(actor, { message: "Only a company user can import invoices or bills" });
  return { connectedToXero: company.connectedToXero };
}

/** The import as the dialog polls it (GET /invoice/import/{id}): 404 outside the actor's company. */
export async function getImportStatus(actor: Actor, jobId: string): Promise<ImportStatus> {
  const job = await getJob(actor, jobId);
  if (!isImportJobType(job.type)) throw notFound(IMPORT_MESSAGES.importNotFound);
  const result = job.status === "SUCCEEDED" ? (job.result as ImportResult) : null;
  return { id: job.id, status: job.status, progress: job.progress, error: job.error, result };
}

/** The failed-rows or duplicates CSV of an import of the actor's company: its path and a download name. */
export async function importResultFile(actor: Actor, jobId: string, which: ImportResultFile): Promise<{ filePath: string; downloadName: string }> {
  const status = await getImportStatus(actor, jobId);
  const filePath = path.join(resultDir(status.id), RESULT_FILES[which]);
  if (!status.result || !fs.existsSync(filePath)) throw notFound("File not found");
  const base = status.result.kind === "BILL" ? "bills" : "invoices";
  return { filePath, downloadName: `${which === "failed" ? "failed" : "duplicate"}_${base}.csv` };
}

/** For the operator at the CLI (no company scope): where a finished import's CSV file is, or null. */
export function importResultPath(jobId: string, which: ImportResultFile): string | null {
  const filePath = path.join(resultDir(jobId), RESULT_FILES[which]);
  return fs.existsSync(filePath) ? filePath : null;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A valid row waiting for its batch, kept small (a batch is held while the one before is in the database): its
 * COPY fields that do not depend on the counterparty, already escaped, and the original cells for the result files
 * as one JSON string (one object instead of eight: every pending row outlives a few young-generation collections,
 * so what it holds is promoted and grows the old generation until the next full collection).
 */
interface PendingRow {
  line: number;
  invoiceNumber: string;
  counterpartyName: string;
  total: Cents;
  /** order_number, issue_date, due_date, total, the importer's contact email as COPY text fields joined by tabs. */
  tail: string;
  /** JSON of the original cells (the row in the failed or duplicates CSV when the database leaves it out). */
  cells: string;
}

function pendingRow(line: number, record: ImportRecord, cells: string[]): PendingRow {
  const tail = `${copyField(record.orderNumber)}\t${copyField(record.issueDate)}\t${record.dueDate}\t${centsToDecimal(record.total)}\t${copyField(
    record.contactEmail
  )}`;
  return {
    line,
    invoiceNumber: record.invoiceNumber,
    counterpartyName: record.counterpartyName,
    total: record.total,
    tail,
    cells: JSON.stringify(cells),
  };
}

interface Party {
  companyId: number;
  name: string;
  created: boolean;
}

/** Lazily created CSV output with backpressure: original columns plus an Errors column (failed rows only). */
export class CsvOut {
  private stringifier: Stringifier | null = null;
  private done: Promise<void> | null = null;
  constructor(private readonly filePath: string, private readonly header: () => string[]) {}
  get used() {
    return this.stringifier !== null;
  }
  async write(cells: string[]) {
    if (!this.stringifier) {
      await fsp.mkdir(path.dirname(this.filePath), { recursive: true });
      this.stringifier = csvStringifier();
      this.done = pipeline(this.stringifier, fs.createWriteStream(this.filePath));
      this.stringifier.write(this.header());
    }
    if (!this.stringifier.write(cells)) await once(this.stringifier, "drain");
  }
  async close() {
    if (!this.stringifier) return;
    this.stringifier.end();
    await this.done;
  }
}

/**
 * A streamed import's progress: the share of the file read so far, reported at most every PROGRESS_INTERVAL_MS (the
 * dialogs poll every second). Call the returned function after each row.
 */
export function fileProgress(input: { bytesRead: number }, size: number, progress: (percent: number) => Promise<void>): () => Promise<void> {
  let lastProgressAt = 0;
  return async () => {
    const now = Date.now();
    if (now - lastProgressAt < PROGRESS_INTERVAL_MS || size <= 0) return;
    lastProgressAt = now;
    await progress((input.bytesRead / size) * 100);
  };
}

/** What a streamed import throws for an error of its reading loop: csv-parse's errors (unclosed quote, …) as a user's 400. */
export function csvReadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("CSV_")) {
    return new AppError(400, `The file could not be read as CSV: ${error.message}`, { code: "CSV_INVALID" });
  }
  return error;
}

/** COPY text format: backslash, tab, newline and carriage return escaped; null is \N. */
export function copyField(value: string | number | null): string {
  if (value === null) return "\\N";
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

async function importFile(jobId: string, companyId: number, payload: ImportPayload, progress: (percent: number) => Promise<void>): Promise<ImportResult> {
  const company = await companyContextOf(companyId);
  const { today } = company;
  const { kind, createInXero } = payload;
  const size = (await fsp.stat(payload.filePath)).size;

  const resumeFrom = payload.checkpoint ?? null;
  const outDir = resultDir(jobId);
  await fsp.rm(outDir, { recursive: true, force: true });
  let originalHeader: string[] = [];
  let keys: string[] = [];
  const failedOut = new CsvOut(path.join(outDir, RESULT_FILES.failed), () => [...originalHeader, "Errors"]);
  const duplicatesOut = new CsvOut(path.join(outDir, RESULT_FILES.duplicates), () => originalHeader);

  const result: ImportResult = resumeFrom ? structuredClone(resumeFrom.result) : {
    kind,
    format: payload.format,
    fileName: payload.fileName,
    success: 0,
    total: 0,
    failed: 0,
    duplicates: 0,
    warnings: 0,
    skipped: 0,
    createdCounterparties: 0,
    failedInvoices: [],
    warningInvoices: [],
    hasFailedFile: false,
    hasDuplicatesFile: false,
  };
  const fail = async (line: number, invoiceNumber: string, cells: string[], messages: string[]) => {
    result.failed++;
    if (result.failedInvoices.length < ISSUE_LIST_LIMIT) result.failedInvoices.push({ line, invoiceNumber, messages });
    await failedOut.write([...cells, messages.join("; ")]);
  };

  // Bills dated in a locked period are refused (issue 15 part 5): the lock dates are read once, at the start.
  const lockOf = kind === "BILL" ? await billImportLocks(companyId) : null;
  const lockedReason = (record: { counterpartyName: string; issueDate: string | null; dueDate: string }): string | null => {
    const lockDate = lockOf?.(record.counterpartyName) ?? null;
    const field = record.issueDate ? "issueDate" : "dueDate";
    return lockDate && isDateInLockedPeriod(record.issueDate ?? record.dueDate, lockDate) ? lockedRowMessage(field, lockDate) : null;
  };

  let headerError: AppError | null = null;
  let template: ImportTemplate = payload.format;
  const input = fs.createReadStream(payload.filePath);
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    columns: (header: string[]) => {
      originalHeader = header.map((name) => name.replace(/^\uFEFF/, "").trim());
      keys = header.map(normaliseHeader);
      const check = checkImportHeaders(keys, kind, { createInXero });
      // The format chosen in the dialog must be the one the file is in.
      if (!check.ok) headerError = new AppError(400, check.message, { code: "INCORRECT_TEMPLATE", field: "file" });
      else if (check.template !== payload.format)
        headerError = new AppError(400, incorrectTemplateMessage(kind), { code: "INCORRECT_TEMPLATE", field: "file" });
      else template = check.template;
      return keys;
    },
  });
  // pipeline (not pipe) stops reading the file when the parser fails; the loop below sees the parser's error.
  pipelineCallback(input, parser, () => {});

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  // One batch is in the database while the next is parsed (two cores at work); never more than one, so batches
  // commit in file order and each sees the counterparties the one before created.
  let inFlight: Promise<void> = Promise.resolve();
  let batchError: unknown = null;
  try {
    const parties = new Map<string, Party>();
    // Invoices created from here on are this import's: a later row with the same number and amount is a duplicate.
    // A resumed import keeps the first attempt's floors (the invoices and companies it made before are its own).
    const floor = await client.query<{ invoices: number; companies: number }>(
      "SELECT (SELECT COALESCE(max(id), 0)::int FROM invoices) AS invoices, (SELECT COALESCE(max(id), 0)::int FROM companies) AS companies"
    );
    const firstNewId = resumeFrom?.firstNewId ?? floor.rows[0].invoices + 1;
    const firstNewCompanyId = resumeFrom?.firstNewCompanyId ?? floor.rows[0].companies + 1;
    const skipThrough = resumeFrom?.line ?? 0;
    let batch: PendingRow[] = [];
    let line = 1;
    // An accounting export's line rows of one invoice: the first row is the invoice, the others are not counted.
    const anotherLine = createInvoiceLineGrouper();
    const tick = fileProgress(input, size, progress);

    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await inFlight;
      if (batchError) throw batchError;
      // Every line read so far is settled once this batch commits: the checkpoint is the result as it stands now
      // (the batch before has been counted), plus this batch's outcome.
      const checkpoint: ImportCheckpoint = { line, firstNewId, firstNewCompanyId, result: structuredClone(result) };
      inFlight = writeBatch(client, {
        jobId,
        checkpoint,
        resumed: resumeFrom !== null,
        company,
        kind,
        createInXero,
        rows,
        parties,
        result,
        firstNewId,
        failedRow: (cells) => failedOut.write(cells),
        duplicate: (cells) => duplicatesOut.write(cells),
      }).catch((error: unknown) => {
        batchError = error;
      });
    };

    try {
      for await (const raw of parser as AsyncIterable<Record<string, string>>) {
        if (headerError) break;
        line++;
        if (isBlankRow(raw)) continue;
        if (template === "ACCOUNTING") {
          if (anotherLine(raw)) continue;
          const skipReason = accountingRowSkipReason(raw);
          if (skipReason) {
            if (line <= skipThrough) continue;
            result.total++;
            result.skipped = (result.skipped ?? 0) + 1;
            result.warnings++;
            if (result.warningInvoices.length < ISSUE_LIST_LIMIT) result.warningInvoices.push({ line, invoiceNumber: (raw.invoicenumber ?? "").trim(), messages: [skipReason] });
            await tick();
            continue;
          }
        }
        const cells = keys.map((key) => raw[key] ?? "");
        const row = parseImportRow(raw, kind, today, { template, createInXero });
        const locked = row.ok ? lockedReason(row.record) : null;
        const parsed: typeof row = locked ? { ok: false, errors: [locked] } : row;
        if (line <= skipThrough) {
          // Counted before the worker died and committed: only the failed-rows file is written again.
          if (!parsed.ok) await failedOut.write([...cells, parsed.errors.join("; ")]);
          continue;
        }
        result.total++;
        if (!parsed.ok) {
          await fail(line, (raw[template === "EARLYBIRD" ? "invoice_number" : "invoicenumber"] ?? "").trim(), cells, parsed.errors);
        } else {
          batch.push(pendingRow(line, parsed.record, cells));
          if (batch.length >= BATCH_SIZE) await flush();
        }
        await tick();
      }
    } catch (error) {
      if (headerError) throw headerError;
      throw csvReadError(error);
    }
    if (headerError) throw headerError;
    // An empty file (no header line) is not the template either.
    if (keys.length === 0) throw new AppError(400, incorrectTemplateMessage(kind), { code: "INCORRECT_TEMPLATE", field: "file" });
    await flush();
    await inFlight;
    if (batchError) throw batchError;
  } finally {
    input.destroy();
    await inFlight;
    await client.end().catch(() => {});
    await failedOut.close();
    await duplicatesOut.close();
  }
  result.hasFailedFile = failedOut.used;
  result.hasDuplicatesFile = duplicatesOut.used;
  return result;
}

interface BatchContext {
  jobId: string;
  /** The import as of the end of this batch, stored with it; the batch's outcome is added before the commit. */
  checkpoint: ImportCheckpoint;
  /** A resumed import: counterparties this import created before are found as existing, yet still its own. */
  resumed: boolean;
  company: CompanyContext;
  kind: ImportKind;
  createInXero: boolean;
  rows: PendingRow[];
  parties: Map<string, Party>;
  result: ImportResult;
  /** Writes a row to the failed-rows CSV (its cells and the Errors column); countBatch counts it. */
  failedRow: (cells: string[]) => Promise<void>;
  duplicate: (cells: string[]) => Promise<void>;
  /** Invoices with this id or above were created during this import. */
  firstNewId: number;
}

const partyKey = (name: string) => name.toLowerCase();

/** One batch in one transaction: resolve counterparties, COPY to staging, fail existing numbers, INSERT … SELECT. */
async function writeBatch(client: pg.Client, context: BatchContext) {
  const { jobId, company, kind, createInXero, rows, parties, result } = context;
  const created = new Map<string, Party>();
  const partyOf = (name: string) => created.get(partyKey(name)) ?? (parties.get(partyKey(name)) as Party);
  /** Lines left out by the database checks: true for a duplicate (same number and amount), false for a taken number. */
  const leftOut = new Map<number, boolean>();
  let kept = 0;
  await client.query("BEGIN");
  try {
    // Counterparties named for the first time in this import: the company's own, else new INACTIVE companies.
    const unknown = new Map<string, string>();
    for (const row of rows) {
      const key = partyKey(row.counterpartyName);
      if (!parties.has(key) && !unknown.has(key)) unknown.set(key, row.counterpartyName);
    }
    if (unknown.size > 0) {
      const roleColumn = kind === "BILL" ? "is_supplier" : "is_customer";
      const found = await client.query<{ key: string; company_id: number; company_name: string; counterparty_id: number }>(
        `SELECT DISTINCT ON (lower(co.company_name)) lower(co.company_name) AS key, co.id AS company_id, co.company_name, cp.id AS counterparty_id
           FROM counterparties cp JOIN companies co ON co.id = cp.counterparty_company_id
          WHERE cp.company_id = $1 AND lower(co.company_name) = ANY($2::text[])
          ORDER BY lower(co.company_name), cp.id`,
        [company.id, [...unknown.keys()]]
      );
      const toFlag: number[] = [];
      for (const row of found.rows) {
        const createdBefore = context.resumed && row.company_id >= context.checkpoint.firstNewCompanyId;
        parties.set(row.key, { companyId: row.company_id, name: row.company_name, created: createdBefore });
        unknown.delete(row.key);
        toFlag.push(row.counterparty_id);
      }
      // A supplier that was only a customer so far (or the reverse) takes the role the import gives it.
      if (toFlag.length > 0) await client.query(`UPDATE counterparties SET ${roleColumn} = true WHERE id = ANY($1::int[]) AND NOT ${roleColumn}`, [toFlag]);
      if (unknown.size > 0) {
        const names = [...unknown.values()];
        const inserted = await client.query<{ id: number; company_name: string }>(
          `INSERT INTO companies (company_name, status, country) SELECT name, 'INACTIVE', $2 FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n) ORDER BY n RETURNING id, company_name`,
          [names, company.country]
        );
        await client.query(
          `INSERT INTO counterparties (company_id, counterparty_company_id, ${roleColumn}) SELECT $1, id, true FROM unnest($2::int[]) AS t(id) ON CONFLICT (company_id, counterparty_company_id) DO NOTHING`,
          [company.id, inserted.rows.map((row) => row.id)]
        );
        for (const row of inserted.rows) created.set(partyKey(row.company_name), { companyId: row.id, name: row.company_name, created: true });
      }
    }

    // Numbers are unique per owner (invoices: per supplier; bills: per purchaser and supplier), which the unique
    // indexes invoices_invoice_number_key / invoices_bill_number_key enforce. Repeats within the batch are settled
    // here; the batch is then COPYed straight into invoices, in file order (the same work as a plain COPY of the
    // rows). Only when that COPY hits a taken number (a file imported again, a number entered by hand) is it rolled
    // back to a savepoint and the taken numbers looked up, one index probe each, so each row gets its answer:
    // a duplicate (same number and amount as a row this import wrote, p2 §5) or "Invoice number already exists".
    // Nothing is kept across batches, so memory stays flat whatever the file's size.
    const numberKey = (invoiceNumber: string, supplierId: number) => (kind === "BILL" ? `${supplierId}\u0000${invoiceNumber}` : invoiceNumber);
    const [type, currency, xero] = [kind, company.country === "AU" ? "AUD" : "NZD", createInXero ? "t" : "f"];
    const ownId = String(company.id);
    const ownName = copyField(company.name);
    const copyRows = async (existing: Map<string, { ours: boolean; cents: number }>): Promise<number> => {
      leftOut.clear();
      const seen = new Map<string, Set<number>>();
      let text = "";
      let kept = 0;
      for (const row of rows) {
        const party = partyOf(row.counterpartyName);
        const key = numberKey(row.invoiceNumber, kind === "BILL" ? party.companyId : company.id);
        const found = existing.get(key);
        if (found) {
          leftOut.set(row.line, found.ours && found.cents === row.total);
          continue;
        }
        const totals = seen.get(key);
        if (totals) {
          leftOut.set(row.line, totals.has(row.total));
          totals.add(row.total);
          continue;
        }
        seen.set(key, new Set([row.total]));
        const partyId = String(party.companyId);
        const partyName = copyField(party.name);
        // issued_by, issued_for and their names: the importer is the supplier of its invoices, the purchaser of its bills.
        const sides = kind === "INVOICE" ? `${ownId}\t${partyId}\t${ownName}\t${partyName}` : `${partyId}\t${ownId}\t${partyName}\t${ownName}`;
        text += `${type}\t${sides}\t${copyField(row.invoiceNumber)}\t${row.tail}\t${currency}\tALL_ELIGIBLE\t${xero}\tEARLYBIRD\n`;
        kept++;
      }
      if (kept > 0) {
        // The contact email is the importer's own contact at the other company (decision 033).
        const contactColumn = kind === "INVOICE" ? "issuer_contact_email" : "recipient_contact_email";
        const copy = client.query(
          copyFrom(
            `COPY invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, order_number, issue_date, due_date, total, ${contactColumn}, currency, invoice_status, create_bill_in_xero, loaded_by) FROM STDIN`
          )
        );
        await pipeline(Readable.from([text]), copy);
      }
      return kept;
    };
    await client.query("SAVEPOINT import_batch");
    try {
      kept = await copyRows(new Map());
    } catch (error) {
      const constraint = (error as { code?: string; constraint?: string }).code === "23505" ? (error as { constraint?: string }).constraint : null;
      if (constraint !== "invoices_invoice_number_key" && constraint !== "invoices_bill_number_key") throw error;
      await client.query("ROLLBACK TO SAVEPOINT import_batch");
      // LATERAL: one index probe per number. The invoices table grows faster during an import than its statistics
      // follow, and a plain join was planned as a hash join over every invoice of the company.
      const taken = await client.query<{ invoice_number: string; issued_by: number; id: number; cents: string }>(
        `SELECT x.invoice_number, x.issued_by, x.id, (x.total * 100)::bigint::text AS cents
           FROM unnest($3::text[]) AS n(number)
           CROSS JOIN LATERAL (SELECT i.invoice_number, i.issued_by, i.id, i.total FROM invoices i
                                WHERE i.${kind === "INVOICE" ? "issued_by" : "issued_for"} = $1 AND i.invoice_number = n.number
                                  AND i.type = $2 AND i.deleted_at IS NULL) x`,
        [company.id, kind, [...new Set(rows.map((row) => row.invoiceNumber))]]
      );
      const existing = new Map<string, { ours: boolean; cents: number }>();
      for (const row of taken.rows)
        existing.set(numberKey(row.invoice_number, row.issued_by), { ours: row.id >= context.firstNewId, cents: Number(row.cents) });
      kept = await copyRows(existing);
    }
    // The checkpoint: which lines are in and the result up to them, committed with them.
    const checkpoint = context.checkpoint;
    countBatch(checkpoint.result, kind, rows, leftOut, partyOf, kept, created.size);
    await client.query(
      `UPDATE jobs SET payload = payload || jsonb_build_object('committedThroughLine', $2::int, 'checkpoint', $3::jsonb) WHERE id = $1`,
      [jobId, checkpoint.line, JSON.stringify(checkpoint)]
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
  for (const [key, party] of created) parties.set(key, party);
  countBatch(result, kind, rows, leftOut, partyOf, kept, created.size);
  for (const row of rows) {
    const duplicate = leftOut.get(row.line);
    if (duplicate === true) await context.duplicate(JSON.parse(row.cells) as string[]);
    else if (duplicate === false) await context.failedRow([...(JSON.parse(row.cells) as string[]), IMPORT_MESSAGES.numberExists]);
  }
}

/** Adds a committed batch's outcome to a result: rows in, duplicates, taken numbers (failed), new-counterparty warnings. */
function countBatch(
  result: ImportResult,
  kind: ImportKind,
  rows: PendingRow[],
  leftOut: Map<number, boolean>,
  partyOf: (name: string) => Party,
  kept: number,
  createdCounterparties: number
) {
  result.success += kept;
  result.createdCounterparties += createdCounterparties;
  for (const row of rows) {
    const duplicate = leftOut.get(row.line);
    if (duplicate === true) {
      result.duplicates++;
      continue;
    }
    if (duplicate === false) {
      result.failed++;
      if (result.failedInvoices.length < ISSUE_LIST_LIMIT) result.failedInvoices.push({ line: row.line, invoiceNumber: row.invoiceNumber, messages: [IMPORT_MESSAGES.numberExists] });
      continue;
    }
    const party = partyOf(row.counterpartyName);
    if (party.created) {
      result.warnings++;
      if (result.warningInvoices.length < ISSUE_LIST_LIMIT) {
        result.warningInvoices.push({ line: row.line, invoiceNumber: row.invoiceNumber, messages: [newCounterpartyMessage(kind, party.name)] });
      }
    }
  }
}

export function newCounterpartyMessage(kind: ImportKind, name: string): string {
  return `${kind === "BILL" ? "New supplier" : "New customer"} "${name}" was added`;
}
