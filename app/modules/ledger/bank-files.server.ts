/**
 * Bank file processing (spec p3 §4.7, §7.3; decisions D5): the RUNNING / SUSPENDED switch, the scheduled job
 * `process-withdrawals` that writes pending withdrawals, and the returns of unknown deposits to their senders
 * (docs/decisions/030), to bank payment files (NZ bulk direct-credit CSV, AU ABA) and completes them, and the files for
 * admins to download.
 *
 * One database transaction per file: the switch read FOR SHARE (a change of it waits for the file, and the next
 * run sees it), the withdrawals locked (SKIP LOCKED: two runs at once take different ones), the file row inserted,
 * and for each withdrawal WITHDRAWALS_PENDING → BANK_CLEARING posted and the row set COMPLETED with the file's id.
 * A crash before COMMIT leaves no file and every withdrawal PENDING (the next run takes them); after COMMIT the
 * withdrawals are COMPLETED and no later run takes them again: a withdrawal is in exactly one file.
 * See docs/decisions/013-withdrawals-and-bank-files.md.
 */
import { actingUserId } from "../../lib/actor";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankPaymentFile, DepositReturn, FileProcessingStatus, Withdrawal } from "../../../db/models/index";
import type { FileProcessingStatusValue } from "../../../db/models/file-processing-status";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { CURRENCIES, todayIn } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import type { Cents } from "../../lib/money";
import {
  bankFileFor,
  BankFileError,
  paymentItemProblem,
  paymentReference,
  takeFileBatch,
  type AuPayer,
  type BankFileCountry,
  type NzPayer,
  type PaymentItem,
} from "./bank-files";
import { postTransaction, systemAccount } from "./service.server";
import { FileProcessingStatusSchema, IdSchema } from "./withdrawals.schema";
import { requireAdmin } from "../companies/service.server";

export const BANK_FILE_NOT_FOUND = "Bank payment file not found";
/** Withdrawals per file at most (a file stays a size a bank's upload page takes). */
export const FILE_BATCH_SIZE = 500;

// --- The switch ----------------------------------------------------------------------------------------------------

/** The file processing status, or null when it cannot be read (the screen then says "Could not fetch status"). */
export async function getFileProcessingStatus(actor: Actor): Promise<FileProcessingStatusValue | null> {
  requireAdmin(actor);
  try {
    const row = await FileProcessingStatus.findByPk(1, { attributes: ["status"] });
    return row?.status === "RUNNING" || row?.status === "SUSPENDED" ? row.status : null;
  } catch (error) {
    logger.error({ err: error }, "File processing status could not be read");
    return null;
  }
}

/** Sets RUNNING or SUSPENDED (admins). Setting a value, not flipping it: a repeated click changes nothing more. */
export async function setFileProcessingStatus(actor: Actor, input: unknown): Promise<FileProcessingStatusValue> {
  requireAdmin(actor);
  const parsed = FileProcessingStatusSchema.safeParse(input);
  if (!parsed.success) throw new AppError(400, "Required parameters missing", { code: "VALUES_MISSING", field: "status" });
  await sequelize.query(
    `INSERT INTO file_processing_status (id, status, updated_by_user_id) VALUES (1, :status, :userId)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_by_user_id = EXCLUDED.updated_by_user_id`,
    { replacements: { status: parsed.data.status, userId: actingUserId(actor) } }
  );
  return parsed.data.status;
}

// --- The job ---------------------------------------------------------------------------------------------------------

export interface WrittenFile {
  id: number;
  country: BankFileCountry;
  fileName: string;
  itemCount: number;
  totalAmount: Cents;
  withdrawalIds: number[];
  /** Returns of unknown deposits paid by the file (RT<id> lines). */
  depositReturnIds: number[];
}

export interface ProcessResult {
  status: FileProcessingStatusValue;
  files: WrittenFile[];
  /** PENDING withdrawals and deposit returns left after the run (accounts not VERIFIED yet, or details no bank file can carry). */
  waiting: number;
  /** Payments to VERIFIED accounts that no bank file can carry, with the reason (they stay PENDING): WD<id> or RT<id>. */
  unpayable: { reference: string; reason: string }[];
}

async function payers(): Promise<{ nz: NzPayer; au: AuPayer }> {
  const config = await getRuntimeConfig();
  return {
    nz: { accountNumber: config.TOPUP_BANK_ACCOUNT_NUMBER, name: config.BANK_FILE_PAYER_NAME },
    au: {
      financialInstitution: config.ABA_FINANCIAL_INSTITUTION,
      userName: config.BANK_FILE_PAYER_NAME,
      apcaUserId: config.ABA_APCA_USER_ID,
      traceBsb: config.ABA_TRACE_BSB,
      traceAccountNumber: config.ABA_TRACE_ACCOUNT_NUMBER,
      remitterName: config.BANK_FILE_PAYER_NAME,
    },
  };
}

async function switchIsRunning(t: Transaction): Promise<boolean> {
  // FOR SHARE: an admin's change of the switch waits until this file is written, and the next run sees it.
  const [row] = await sequelize.query<{ status: string }>("SELECT status FROM file_processing_status WHERE id = 1 FOR SHARE", {
    type: QueryTypes.SELECT,
    transaction: t,
  });
  return row?.status === "RUNNING";
}

/** What a bank file line needs of a withdrawal or a deposit return. */
interface PayeeRow {
  id: number;
  amount_c: string;
  bank_account_name: string;
  bank_account_number: string | null;
  bsb: string | null;
}

interface Candidate extends PayeeRow {
  company_id: number;
}

/**
 * Pending withdrawals of one currency whose account is VERIFIED, oldest first, locked. An account deleted after it was
 * verified still counts: a withdrawal already requested to it is paid as requested (docs/decisions/011); one never
 * verified waits. Withdrawals another run has locked are skipped; the account rows are held FOR SHARE, so an account
 * changed meanwhile is read as it is after that change. Only withdrawals whose amount was held are taken.
 */
async function lockCandidates(t: Transaction, currency: string, skip: number[], limit: number): Promise<Candidate[]> {
  return sequelize.query<Candidate>(
    `SELECT w.id, w.company_id, (w.withdrawal_amount * 100)::bigint AS amount_c, b.bank_account_name, b.bank_account_number, b.bsb
       FROM withdrawals w JOIN bank_accounts b ON b.id = w.bank_account_id
      WHERE w.status = 'PENDING' AND w.currency = :currency AND w.ledger_transaction_id IS NOT NULL
        AND (b.bank_account_status = 'VERIFIED' OR (b.bank_account_status = 'DELETED' AND b.verified_at IS NOT NULL))
        AND NOT (w.id = ANY (CAST(:skip AS integer[])))
      ORDER BY w.id
      LIMIT :limit
      FOR NO KEY UPDATE OF w SKIP LOCKED
      FOR SHARE OF b`,
    { type: QueryTypes.SELECT, replacements: { currency, skip: `{${skip.join(",")}}`, limit }, transaction: t }
  );
}

interface ReturnCandidate extends PayeeRow {
  top_up_id: number;
}

const paymentItem =
  (kind: PaymentItem["kind"]) =>
  (row: PayeeRow): PaymentItem => ({
    kind,
    id: row.id,
    amount: Number(row.amount_c) as Cents,
    payeeName: row.bank_account_name,
    accountNumber: row.bank_account_number,
    bsb: row.bsb,
  });

/** Pending returns of unknown deposits of one currency, oldest first, locked (SKIP LOCKED, like the withdrawals). */
async function lockReturnCandidates(t: Transaction, currency: string, skip: number[], limit: number): Promise<ReturnCandidate[]> {
  return sequelize.query<ReturnCandidate>(
    `SELECT id, top_up_id, (amount * 100)::bigint AS amount_c, account_name AS bank_account_name, account_number AS bank_account_number, bsb
       FROM deposit_returns
      WHERE status = 'PENDING' AND currency = :currency AND NOT (id = ANY (CAST(:skip AS integer[])))
      ORDER BY id
      LIMIT :limit
      FOR NO KEY UPDATE SKIP LOCKED`,
    { type: QueryTypes.SELECT, replacements: { currency, skip: `{${skip.join(",")}}`, limit }, transaction: t }
  );
}

/** What a run leaves out of its files (unpayable items), by kind. */
interface Skipped {
  withdrawals: number[];
  depositReturns: number[];
}

type FileStep =
  | { kind: "suspended" }
  | { kind: "done" }
  | { kind: "skipped"; unpayable: { item: PaymentItem; reason: string }[] }
  | { kind: "file"; file: WrittenFile };

async function writeOneFile(country: BankFileCountry, options: { jobId: string | null; now: Date; skip: Skipped; batchSize: number }): Promise<FileStep> {
  const currency = CURRENCIES[country];
  return sequelize.transaction(async (t) => {
    if (!(await switchIsRunning(t))) return { kind: "suspended" };
    const rows = await lockCandidates(t, currency, options.skip.withdrawals, options.batchSize);
    const returns = await lockReturnCandidates(t, currency, options.skip.depositReturns, options.batchSize);
    if (rows.length === 0 && returns.length === 0) return { kind: "done" };
    const items: PaymentItem[] = [...rows.map(paymentItem("WITHDRAWAL")), ...returns.map(paymentItem("DEPOSIT_RETURN"))];
    const batch = takeFileBatch(country, items, options.batchSize);
    if (batch.length === 0) {
      return {
        kind: "skipped",
        unpayable: items.map((item) => ({ item, reason: paymentItemProblem(country, item) ?? "Larger than a bank file can carry" })),
      };
    }
    let written;
    try {
      written = bankFileFor(country, await payers(), { date: todayIn(country, options.now), items: batch });
    } catch (error) {
      if (error instanceof BankFileError)
        throw new AppError(500, `The bank payment file could not be written: ${error.message}`, { code: "BANK_FILE_INVALID" });
      throw error;
    }
    const file = await BankPaymentFile.create(
      {
        country,
        format: written.format,
        fileName: written.fileName,
        content: written.content,
        totalAmount: written.totalAmount,
        itemCount: written.itemCount,
        createdByJobId: options.jobId,
      },
      { transaction: t }
    );
    const pending = await systemAccount(t, "WITHDRAWALS_PENDING", currency);
    const clearing = await systemAccount(t, "BANK_CLEARING", currency);
    const companyOf = new Map(rows.map((row) => [row.id, row.company_id]));
    const depositOf = new Map(returns.map((row) => [row.id, row.top_up_id]));
    for (const item of batch) {
      const reference = paymentReference(item);
      const returning = item.kind === "DEPOSIT_RETURN";
      // A withdrawal leaves the bank now; so does an unknown deposit going back to its sender (held since the request).
      const paid = await postTransaction(t, {
        transactionClass: "WITHDRAWAL",
        currency,
        entries: [
          { accountId: pending.id, amount: -item.amount as Cents },
          { accountId: clearing.id, amount: item.amount },
        ],
        description: `${returning ? "Unknown deposit returned" : "Withdrawal paid"} by bank file ${written.fileName}`,
        sourceCompanyId: returning ? null : companyOf.get(item.id) ?? null,
        sourceReference: reference,
        destinationParticulars: item.payeeName,
        destinationReference: reference,
        ...(returning ? { idempotencyKey: `deposit-return-${item.id}-paid`, topUpId: depositOf.get(item.id) ?? null } : { withdrawalId: item.id }),
      });
      const completed = { status: "COMPLETED" as const, completedAt: options.now, completedLedgerTransactionId: paid.id, bankPaymentFileId: file.id };
      const where = { where: { id: item.id, status: "PENDING" }, transaction: t };
      const [updated] = returning ? await DepositReturn.update(completed, where) : await Withdrawal.update(completed, where);
      // The row is locked by this transaction, so it is still PENDING; anything else is a bug: pay nothing.
      if (updated !== 1) throw new Error(`${reference} changed while its bank file was written`);
    }
    return {
      kind: "file",
      file: {
        id: file.id,
        country,
        fileName: file.fileName,
        itemCount: file.itemCount,
        totalAmount: written.totalAmount,
        withdrawalIds: batch.filter((item) => item.kind === "WITHDRAWAL").map((item) => item.id),
        depositReturnIds: batch.filter((item) => item.kind === "DEPOSIT_RETURN").map((item) => item.id),
      },
    };
  });
}

/**
 * The `process-withdrawals` job: while file processing is RUNNING, every pending withdrawal to a VERIFIED account goes
 * into a bank payment file of its country and is completed. Safe to run twice at once and to rerun after a crash.
 */
export async function processPendingWithdrawals(
  options: { jobId?: string | null; now?: Date; progress?: (percent: number) => Promise<void>; batchSize?: number } = {}
): Promise<ProcessResult> {
  const now = options.now ?? new Date();
  const files: WrittenFile[] = [];
  const unpayable: ProcessResult["unpayable"] = [];
  let status: FileProcessingStatusValue = "RUNNING";
  const countries: BankFileCountry[] = ["NZ", "AU"];
  for (const [index, country] of countries.entries()) {
    const skip: Skipped = { withdrawals: [], depositReturns: [] };
    for (;;) {
      const step = await writeOneFile(country, { jobId: options.jobId ?? null, now, skip, batchSize: options.batchSize ?? FILE_BATCH_SIZE });
      if (step.kind === "suspended") {
        status = "SUSPENDED";
        break;
      }
      if (step.kind === "done") break;
      if (step.kind === "skipped") {
        for (const { item, reason } of step.unpayable) {
          unpayable.push({ reference: paymentReference(item), reason });
          (item.kind === "DEPOSIT_RETURN" ? skip.depositReturns : skip.withdrawals).push(item.id);
        }
        continue;
      }
      files.push(step.file);
      // Items left out of this file (too large together, or unpayable) are tried in the next pass; unpayable ones
      // are found again and skipped then.
    }
    if (status === "SUSPENDED") break;
    await options.progress?.(Math.round(((index + 1) / countries.length) * 95));
  }
  const waiting = (await Withdrawal.count({ where: { status: "PENDING" } })) + (await DepositReturn.count({ where: { status: "PENDING" } }));
  return { status, files, waiting, unpayable };
}

// --- The files, for admins --------------------------------------------------------------------------------------------

export interface BankFileRow {
  id: number;
  createdAt: string;
  fileName: string;
  country: "NZ" | "AU";
  format: BankPaymentFile["format"];
  itemCount: number;
  totalAmount: Cents;
}

/** Bank payment files, newest first (admins). */
export async function listBankPaymentFiles(
  actor: Actor,
  query: { page?: number; size?: number } = {}
): Promise<{ rows: BankFileRow[]; total: number; page: number; size: number }> {
  requireAdmin(actor);
  const size = query.size && [10, 25, 50, 100].includes(query.size) ? query.size : 25;
  const page = query.page && Number.isSafeInteger(query.page) && query.page > 0 ? query.page : 1;
  const { rows, count } = await BankPaymentFile.findAndCountAll({
    attributes: ["id", "createdAt", "fileName", "country", "format", "itemCount", "totalAmount"],
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      fileName: row.fileName,
      country: row.country,
      format: row.format,
      itemCount: row.itemCount,
      totalAmount: row.totalAmount,
    })),
    total: count,
    page,
    size,
  };
}

/** One file's content for download (admins only). */
export async function getBankPaymentFile(actor: Actor, id: unknown): Promise<{ fileName: string; content: string; contentType: string }> {
  requireAdmin(actor);
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) throw new AppError(404, BANK_FILE_NOT_FOUND, { code: "NOT_FOUND" });
  const file = await BankPaymentFile.findByPk(parsed.data);
  if (!file) throw new AppError(404, BANK_FILE_NOT_FOUND, { code: "NOT_FOUND" });
  return { fileName: file.fileName, content: file.content, contentType: file.format === "NZ_BULK_CSV" ? "text/csv" : "text/plain" };
}

export interface BankFileItem {
  kind: "WITHDRAWAL" | "DEPOSIT_RETURN";
  id: number;
  /** WD<id> or RT<id>: the line's reference in the file. */
  reference: string;
  /** The company that withdrew, or null for the return of an unknown deposit (not a company's money). */
  companyId: number | null;
  companyName: string | null;
  payeeName: string;
  amount: Cents;
  /** PAID: the file paid it; RETURNED: the bank sent a withdrawal back and it was reversed (docs/decisions/030). */
  status: "PAID" | "RETURNED";
  returnReason: string | null;
}

/** One bank payment file and its lines, in the file's order (admins; the /system lines dialog). */
export async function getBankFileItems(actor: Actor, id: unknown): Promise<{ file: BankFileRow; items: BankFileItem[] }> {
  requireAdmin(actor);
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) throw new AppError(404, BANK_FILE_NOT_FOUND, { code: "NOT_FOUND" });
  const file = await BankPaymentFile.findByPk(parsed.data, { attributes: ["id", "createdAt", "fileName", "country", "format", "itemCount", "totalAmount"] });
  if (!file) throw new AppError(404, BANK_FILE_NOT_FOUND, { code: "NOT_FOUND" });
  const rows = await sequelize.query<{
    kind: "WITHDRAWAL" | "DEPOSIT_RETURN";
    id: number;
    company_id: number | null;
    company_name: string | null;
    payee_name: string;
    amount_c: string;
    status: string;
    reason: string | null;
  }>(
    `SELECT 'WITHDRAWAL' AS kind, w.id, w.company_id, c.company_name, b.bank_account_name AS payee_name, (w.withdrawal_amount * 100)::bigint AS amount_c,
            w.status, w.failure_reason AS reason
       FROM withdrawals w JOIN companies c ON c.id = w.company_id JOIN bank_accounts b ON b.id = w.bank_account_id
      WHERE w.bank_payment_file_id = :fileId
     UNION ALL
     SELECT 'DEPOSIT_RETURN', r.id, NULL, NULL, r.account_name, (r.amount * 100)::bigint, r.status, NULL
       FROM deposit_returns r WHERE r.bank_payment_file_id = :fileId
     ORDER BY kind DESC, id`,
    { type: QueryTypes.SELECT, replacements: { fileId: file.id } }
  );
  return {
    file: {
      id: file.id,
      createdAt: file.createdAt.toISOString(),
      fileName: file.fileName,
      country: file.country,
      format: file.format,
      itemCount: file.itemCount,
      totalAmount: file.totalAmount,
    },
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      reference: paymentReference({ kind: row.kind, id: row.id }),
      companyId: row.company_id,
      companyName: row.company_name,
      payeeName: row.payee_name,
      amount: Number(row.amount_c) as Cents,
      status: row.kind === "WITHDRAWAL" && row.status === "FAILED" ? "RETURNED" : "PAID",
      returnReason: row.kind === "WITHDRAWAL" && row.status === "FAILED" ? row.reason : null,
    })),
  };
}
