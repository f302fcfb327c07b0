/**
 * Bank statement import (issue 4 part 6; decisions D5; docs/decisions/012-top-ups.md): a CSV of what arrived on
import (issue 4 part 6; decisions D5; docs/decisions/012-top-ups.md): a CSV of what arrived on
 * Earlybird's bank account. A deposit quoting the reference of a PENDING top-up, for its amount, completes it through
 * the same path as an admin's confirm (creditTopUp, under the top-up's row lock); any other deposit becomes an UNKNOWN
 * top-up held in SUSPENSE until an admin assigns it; money out is kept as IGNORED lines.
 *
 * Exactly once:
 * - the same file is never imported twice: bank_statement_imports.content_sha256 is UNIQUE (INSERT … ON CONFLICT DO
 *   NOTHING, so two imports of one file at once meet on that row);
 * - the same deposit in two different files is counted once when the bank gives it an id (bank_transaction_id UNIQUE);
 * - each line is settled in its own database transaction under its row lock and only while unsettled, so an import
 *   that stopped half way resumes where it stopped when the same file is imported again, and two importers never
 *   settle a line twice. One transaction per line (not per file) also keeps the lock order of a confirm (top-up, then
 *   wallet), so an import and admins confirming at the same time cannot deadlock.
 */
import crypto from "node:crypto";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankStatementImport, BankStatementLine, TopUp } from "../../../db/models/index";
import { actingUserId, type Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { runJob, type JobView } from "../jobs/service.server";
import { parsePaymentReference } from "./bank-files";
import { settleReturnedDeposit } from "./returns.server";
import { postTransaction, systemAccount, type Currency } from "./service.server";
import { MAX_STATEMENT_BYTES, parseBankStatementCsv, STATEMENT_MESSAGES, type StatementLineInput } from "./statement-import.rules";
import { creditTopUp, isPastExpiry } from "./top-ups.server";
import { referenceCandidates, settleDepositLine, type LineSettlement, type MatchCandidate, type TopUpStatus } from "./top-ups.rules";
import { requireAdmin } from "../companies/service.server";

export const STATEMENT_IMPORT_JOB_TYPE = "bank-statement-import";

/** WITHDRAWAL_RETURNED: the money of a withdrawal the bank returned, arriving back quoting WD<id> (decision 030). */
export type LineOutcome = "COMPLETED" | "RECONCILED" | "UNKNOWN" | "IGNORED" | "DUPLICATE" | "ALREADY_SETTLED" | "WITHDRAWAL_RETURNED";

export interface StatementLineResult {
  /** The line number in the file (header = 1). */
  fileLine: number;
  transactionDate: string;
  amount: Cents;
  reference: string | null;
  outcome: LineOutcome;
  topUpId: number | null;
  /** Why an UNKNOWN line did not complete a top-up (settleDepositLine's reason). */
  reason: string | null;
}

export interface StatementImportResult {
  importId: number;
  jobId: string | null;
  fileName: string;
  currency: Currency;
  /** The file was imported before and this run only finished lines a stopped run had left. */
  resumed: boolean;
  total: number;
  completed: number;
  reconciled: number;
  unknown: number;
  ignored: number;
  duplicates: number;
  /** Deposits that were returned withdrawals coming back (returned now, or already entered by an admin). */
  withdrawalsReturned: number;
  completedAmount: Cents;
  unknownAmount: Cents;
  lines: StatementLineResult[];
}

const REASONS: Record<Extract<LineSettlement, { kind: "UNKNOWN" }>["reason"], string> = {
  NO_MATCH: "No top-up has this reference",
  AMBIGUOUS: "The line quotes several top-ups",
  AMOUNT_DIFFERS: "The amount differs from the top-up's",
  CURRENCY_DIFFERS: "The currency differs from the top-up's",
  NOT_PENDING: "The top-up is no longer pending (cancelled or expired)",
  ALREADY_PAID: "The top-up was already paid by another deposit",
};

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

interface StoredLine {
  id: number;
  line_index: number;
  transaction_date: string;
  amount_c: string;
  reference: string | null;
  particulars: string | null;
  code: string | null;
  other_party: string | null;
  status: string;
  matched_top_up_id: number | null;
}

const LINE_COLUMNS = `id, line_index, to_char(transaction_date, 'YYYY-MM-DD') AS transaction_date, (amount * 100)::bigint AS amount_c,
  reference, particulars, code, other_party, status, matched_top_up_id`;
/** A line still to settle: not IGNORED, MATCHED or ASSIGNED, and no UNKNOWN top-up holds it yet. */
const UNSETTLED = "status = 'UNKNOWN' AND matched_top_up_id IS NULL";

/**
 * Imports a bank statement CSV (admins only). Validation problems (wrong columns, a bad date or amount) refuse the
 * whole file with the first message (all of them in `details`) and store nothing. The same file again is refused with
 * "This bank statement has already been imported", unless an earlier run stopped before settling every line: then
 * this run settles the rest (`resumed`). Recorded as a job (type bank-statement-import) with its progress.
 */
export async function importBankStatement(
  actor: Actor,
  input: { fileName: string; content: string; currency: Currency },
  options: { onProgress?: (percent: number) => void } = {}
): Promise<StatementImportResult> {
  requireAdmin(actor);
  if (Buffer.byteLength(input.content, "utf8") > MAX_STATEMENT_BYTES)
    throw new AppError(413, STATEMENT_MESSAGES.tooLarge, { code: "VALIDATION", field: "file" });
  const parsed = parseBankStatementCsv(input.content);
  if (!parsed.ok) throw new AppError(422, parsed.errors[0], { code: "VALIDATION", field: "file", details: parsed.errors });
  const fileName = input.fileName.replace(/^.*[\\/]/, "").slice(0, 255) || "statement.csv";
  const contentSha256 = sha256(input.content);
  const userId = actingUserId(actor);

  let result: StatementImportResult | null = null;
  const job: JobView = await runJob(
    STATEMENT_IMPORT_JOB_TYPE,
    async ({ jobId, progress }) => {
      // One importer per file at a time: a transaction-scoped advisory lock held on its own connection while the lines
      // settle. A second import of the same file meanwhile is refused; if this process dies, the lock goes with its
      // connection and the same file imported again resumes the unsettled lines.
      return sequelize.transaction(async (guard) => {
        const [lock] = await sequelize.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended(:key, 0)) AS locked", {
          type: QueryTypes.SELECT,
          replacements: { key: `bank-statement-import:${contentSha256}` },
          transaction: guard,
        });
        if (!lock.locked) throw new AppError(409, STATEMENT_MESSAGES.alreadyImported, { code: "STATEMENT_ALREADY_IMPORTED" });
        const stored = await sequelize.transaction(async (t) => {
          const [created] = await sequelize.query<{ id: number }>(
            `INSERT INTO bank_statement_imports (currency, file_name, content, content_sha256, line_count, imported_by_user_id, job_id)
             VALUES (:currency, :fileName, :content, :contentSha256, :lineCount, :userId, :jobId)
             ON CONFLICT (content_sha256) DO NOTHING RETURNING id`,
            {
              type: QueryTypes.SELECT,
              replacements: { currency: input.currency, fileName, content: input.content, contentSha256, lineCount: parsed.lines.length, userId, jobId },
              transaction: t,
            }
          );
          if (!created) return { importId: null, duplicates: [] as number[] };
          const duplicates = await insertLines(t, created.id, parsed.lines);
          return { importId: created.id, duplicates };
        });

        let importId = stored.importId;
        let resumed = false;
        let currency = input.currency;
        if (importId === null) {
          const existing = await BankStatementImport.findOne({ where: { contentSha256 }, attributes: ["id", "currency"] });
          const [unsettled] = existing
            ? await sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_statement_lines WHERE import_id = :importId AND ${UNSETTLED}`, {
                type: QueryTypes.SELECT,
                replacements: { importId: existing.id },
              })
            : [{ n: 0 }];
          if (!existing || unsettled.n === 0) throw new AppError(409, STATEMENT_MESSAGES.alreadyImported, { code: "STATEMENT_ALREADY_IMPORTED" });
          importId = existing.id;
          currency = existing.currency as Currency;
          resumed = true;
        }

        const lines = await sequelize.query<StoredLine>(`SELECT ${LINE_COLUMNS} FROM bank_statement_lines WHERE import_id = :importId ORDER BY line_index`, {
          type: QueryTypes.SELECT,
          replacements: { importId },
        });
        const fileLineOf = new Map(parsed.lines.map((line) => [line.lineIndex, line.fileLine]));
        const results: StatementLineResult[] = [];
        for (const [i, line] of lines.entries()) {
          results.push(await settleLine(line.id, currency, userId, fileLineOf.get(line.line_index) ?? line.line_index + 2));
          await progress(Math.floor(((i + 1) / Math.max(lines.length, 1)) * 99));
        }
        for (const lineIndex of stored.duplicates) {
          const line = parsed.lines.find((candidate) => candidate.lineIndex === lineIndex)!;
          results.push({
            fileLine: line.fileLine,
            transactionDate: line.transactionDate,
            amount: line.amount,
            reference: line.reference,
            outcome: "DUPLICATE",
            topUpId: null,
            reason: "The bank transaction id was imported before",
          });
        }
        results.sort((a, b) => a.fileLine - b.fileLine);
        const count = (outcome: LineOutcome) => results.filter((line) => line.outcome === outcome).length;
        const sum = (outcome: LineOutcome) => results.filter((line) => line.outcome === outcome).reduce((total, line) => total + line.amount, 0) as Cents;
        result = {
          importId,
          jobId,
          fileName,
          currency,
          resumed,
          total: parsed.lines.length,
          completed: count("COMPLETED"),
          reconciled: count("RECONCILED"),
          unknown: count("UNKNOWN"),
          ignored: count("IGNORED"),
          duplicates: count("DUPLICATE"),
          withdrawalsReturned: count("WITHDRAWAL_RETURNED"),
          completedAmount: sum("COMPLETED"),
          unknownAmount: sum("UNKNOWN"),
          lines: results,
        };
        // The job keeps the summary; the lines stay in bank_statement_lines.
        const { lines: _lines, ...summary } = result;
        return summary;
      });
    },
    { ownerUserId: userId, payload: { fileName, currency: input.currency, contentSha256 }, onProgress: options.onProgress }
  );
  if (!result) throw new Error(`The statement import (job ${job.id}) finished without a result`);
  return result;
}

/** Inserts the lines; a bank transaction id seen before (this or an earlier file) is skipped. Returns the skipped indexes. */
async function insertLines(t: Transaction, importId: number, lines: StatementLineInput[]): Promise<number[]> {
  const skipped: number[] = [];
  for (let start = 0; start < lines.length; start += 500) {
    const batch = lines.slice(start, start + 500);
    const values = batch
      .map((_, i) => `(:importId, :index${i}, :date${i}, :amount${i}, :reference${i}, :particulars${i}, :code${i}, :otherParty${i}, :bankId${i}, :status${i})`)
      .join(", ");
    const replacements: Record<string, unknown> = { importId };
    batch.forEach((line, i) => {
      Object.assign(replacements, {
        [`index${i}`]: line.lineIndex,
        [`date${i}`]: line.transactionDate,
        [`amount${i}`]: centsToDecimal(line.amount),
        [`reference${i}`]: line.reference,
        [`particulars${i}`]: line.particulars,
        [`code${i}`]: line.code,
        [`otherParty${i}`]: line.otherParty,
        [`bankId${i}`]: line.bankTransactionId,
        // Money out is not a deposit: kept for the record, never matched.
        [`status${i}`]: line.amount < 0 ? "IGNORED" : "UNKNOWN",
      });
    });
    const inserted = await sequelize.query<{ line_index: number }>(
      `INSERT INTO bank_statement_lines (import_id, line_index, transaction_date, amount, reference, particulars, code, other_party, bank_transaction_id, status)
       VALUES ${values} ON CONFLICT (bank_transaction_id) DO NOTHING RETURNING line_index`,
      { type: QueryTypes.SELECT, replacements, transaction: t }
    );
    const done = new Set(inserted.map((row) => row.line_index));
    for (const line of batch) if (!done.has(line.lineIndex)) skipped.push(line.lineIndex);
  }
  return skipped;
}

/** The withdrawal a deposit line names (WD<id> in its reference, particulars or code), if any. */
function returnedWithdrawalOf(line: Pick<StoredLine, "reference" | "particulars" | "code">): number | null {
  for (const text of [line.reference, line.particulars, line.code]) {
    const payment = text ? parsePaymentReference(text) : null;
    if (payment?.kind === "WITHDRAWAL") return payment.id;
  }
  return null;
}

/** Settles one line in its own database transaction (see the file comment), or reports how it was settled before. */
async function settleLine(lineId: number, currency: Currency, userId: number | null, fileLine: number): Promise<StatementLineResult> {
  return sequelize.transaction(async (t) => {
    const [line] = await sequelize.query<StoredLine>(`SELECT ${LINE_COLUMNS} FROM bank_statement_lines WHERE id = :lineId FOR UPDATE`, {
      type: QueryTypes.SELECT,
      replacements: { lineId },
      transaction: t,
    });
    const amount = Number(line.amount_c) as Cents;
    const base = { fileLine, transactionDate: line.transaction_date, amount, reference: line.reference };
    if (line.status === "IGNORED") return { ...base, outcome: "IGNORED", topUpId: null, reason: null };
    if (!(line.status === "UNKNOWN" && line.matched_top_up_id === null)) {
      return { ...base, outcome: "ALREADY_SETTLED", topUpId: line.matched_top_up_id, reason: null };
    }

    // The top-ups the line names, locked in id order. UNKNOWN top-ups are deposits, not references we issued.
    const candidates = referenceCandidates([line.reference, line.particulars, line.code]);
    const named =
      candidates.length === 0
        ? []
        : await TopUp.findAll({
            where: { paymentReference: candidates, topupStatus: ["PENDING", "COMPLETED", "CANCELLED", "EXPIRED"] },
            order: [["id", "ASC"]],
            lock: t.LOCK.UPDATE,
            transaction: t,
          });
    const now = new Date();
    const settlement = settleDepositLine(
      { amount, currency },
      named.map(
        (topUp): MatchCandidate => ({
          id: topUp.id,
          status: topUp.topupStatus as TopUpStatus,
          currency: topUp.currency,
          amount: topUp.topupAmount,
          expired: isPastExpiry(topUp, now),
          hasStatementLine: topUp.bankStatementLineId !== null,
        })
      )
    );

    if (settlement.kind === "COMPLETE" || settlement.kind === "RECONCILE") {
      const topUp = named.find((candidate) => candidate.id === settlement.topUpId)!;
      if (settlement.kind === "COMPLETE") {
        await creditTopUp(t, topUp, { companyId: topUp.companyId!, from: "BANK_CLEARING", userId, bankStatementLineId: line.id });
      } else {
        // Confirmed by an admin before the statement came: the line is its evidence; nothing is posted again.
        await topUp.update({ bankStatementLineId: line.id }, { transaction: t });
      }
      await BankStatementLine.update({ status: "MATCHED", matchedTopUpId: topUp.id }, { where: { id: line.id }, transaction: t });
      return { ...base, outcome: settlement.kind === "COMPLETE" ? "COMPLETED" : "RECONCILED", topUpId: topUp.id, reason: null };
    }

    // A withdrawal the bank returned, its money arriving back quoting WD<id> (decision 030): it is returned now, or the line
    // is the evidence of a return an admin already entered; either way the money is not held twice.
    const returned = settlement.reason === "NO_MATCH" ? returnedWithdrawalOf(line) : null;
    if (returned !== null) {
      const settled = await settleReturnedDeposit(t, { withdrawalId: returned, amount, currency, statementLineId: line.id, userId });
      if (settled) {
        await BankStatementLine.update({ status: "RETURNED" }, { where: { id: line.id }, transaction: t });
        return { ...base, outcome: "WITHDRAWAL_RETURNED", topUpId: null, reason: settled === "RETURNED" ? `Withdrawal WD${returned} returned` : `Withdrawal WD${returned} was already returned` };
      }
    }

    // Unknown: the money is ours to hold, in suspense, until an admin assigns it to a company.
    const unknown = await TopUp.create(
      {
        companyId: null,
        currency,
        topupAmount: amount,
        topupStatus: "UNKNOWN",
        paymentReference: null,
        trigger: null,
        expiresAt: null,
        bankStatementLineId: line.id,
      },
      { transaction: t }
    );
    const clearing = await systemAccount(t, "BANK_CLEARING", currency);
    const suspense = await systemAccount(t, "SUSPENSE", currency);
    const held = await postTransaction(t, {
      transactionClass: "TOPUP",
      currency,
      entries: [
        { accountId: clearing.id, amount: -amount as Cents },
        { accountId: suspense.id, amount },
      ],
      description: "Deposit with no matching reference",
      sourceParticulars: line.other_party,
      sourceReference: line.reference,
      idempotencyKey: `top-up-${unknown.id}-suspense`,
      topUpId: unknown.id,
      createdByUserId: userId,
    });
    await unknown.update({ ledgerTransactionId: held.id }, { transaction: t });
    await BankStatementLine.update({ matchedTopUpId: unknown.id }, { where: { id: line.id }, transaction: t });
    return { ...base, outcome: "UNKNOWN", topUpId: unknown.id, reason: REASONS[settlement.reason] };
  });
}
