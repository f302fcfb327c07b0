/**
 * Money that comes back (issue 13 part 3; decisions D4-D5; docs/decisions/030-money-that-comes-back.md).
 *
 * - A withdrawal the bank returns (a line of a bank payment file it could not pay): an admin enters it on /system (or
 *   the CLI), or imports the bank's returns file, or a bank statement shows the money arriving back quoting WD<id>.
 *   Every way goes through `reverseWithdrawal`: under the withdrawal's row lock (then the wallet: decision 031) the
 *   COMPLETED withdrawal becomes FAILED and one REVERSAL ledger transaction (bank clearing → wallet, reversing the
 *   withdrawal's debit) restores Funds Available. Exactly once: the row's status under its lock, the ledger's unique
 *   `reverses_transaction_id` and the idempotency key `withdrawal-<id>-returned` each refuse a second one.
 * - An UNKNOWN deposit nobody claimed for 30 days may be returned to its sender by an admin: under the top-up's row lock
 *   it becomes RETURNED and its amount moves from suspense to withdrawals pending (class WITHDRAWAL), in a
 *   deposit_returns row the next bank payment file pays (RT<id>), exactly once (the top-up's status, the unique
 *   deposit_returns.top_up_id and the key `top-up-<id>-return`).
 */
import { actingUserId } from "../../lib/actor";
import crypto from "node:crypto";
import { type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount, Company, DepositReturn, TopUp, Withdrawal } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { formatDate, todayIn, type Country } from "../../lib/dates";
import { AppError, notFound } from "../../lib/errors";
import { formatMoney, type Cents } from "../../lib/money";
import { describeAccountDetails } from "../banking/rules";
import { bankAccountFormSchema } from "../banking/schema";
import { runJob } from "../jobs/service.server";
import { paymentItemProblem, withdrawalReference } from "./bank-files";
import { parseBankReturnsCsv, type ReturnLineInput } from "./returns.rules";
import {
  DEFAULT_RETURN_REASON,
  PaymentIdSchema,
  RETURN_LINE_REASONS,
  RETURN_MESSAGES,
  ReturnWithdrawalSchema,
  type ReturnLineOutcome,
  type ReturnWithdrawalInput,
} from "./returns.schema";
import { lockWallet, postTransaction, systemAccount, type Currency } from "./service.server";
import { MAX_STATEMENT_BYTES } from "./statement-import.rules";
import { depositReturnableFrom } from "./top-ups.rules";
import { audit } from "../audit/service.server";
import { findCompany, requireAdmin } from "../companies/service.server";

export const RETURNS_IMPORT_JOB_TYPE = "bank-returns-import";

const userIdOf = (actor: Actor) => actingUserId(actor);

const localeOf = (currency: string) => (currency === "AUD" ? "en-AU" : "en-NZ");

// ---------------------------------------------------------------------------------------------------------------
// A withdrawal returned by the bank.

export interface ReturnedWithdrawal {
  withdrawalId: number;
  reference: string;
  companyId: number;
  companyName: string;
  amount: Cents;
  currency: Currency;
  reason: string;
  /** The return was recorded before (another admin, a second click, an earlier file): nothing changed now. */
  alreadyReturned: boolean;
  /** The toast: what happened, in words. */
  message: string;
}

type ReturnSource = { kind: "ADMIN" } | { kind: "RETURNS_FILE"; fileName: string } | { kind: "BANK_STATEMENT"; statementLineId: number };

/**
 * Reverses a locked COMPLETED withdrawal the bank returned: the wallet locked (after the withdrawal row, decision 031),
 * one REVERSAL (bank clearing −X, wallet +X; it reverses the withdrawal's debit), the withdrawal FAILED with the reason,
 * an audit entry. The caller holds the row lock and has checked the status.
 */
export async function reverseWithdrawal(
  t: Transaction,
  withdrawal: Withdrawal,
  options: { reason: string; userId: number | null; source: ReturnSource }
): Promise<void> {
  const currency = withdrawal.currency as Currency;
  const reference = withdrawalReference(withdrawal.id);
  const wallet = await lockWallet(t, withdrawal.companyId, currency);
  const clearing = await systemAccount(t, "BANK_CLEARING", currency);
  const account = await BankAccount.findOne({
    where: { id: withdrawal.bankAccountId, companyId: withdrawal.companyId },
    attributes: ["bankAccountName"],
    transaction: t,
  });
  const reversal = await postTransaction(t, {
    transactionClass: "REVERSAL",
    currency,
    entries: [
      { accountId: clearing.id, amount: -withdrawal.withdrawalAmount as Cents },
      { accountId: wallet.id, amount: withdrawal.withdrawalAmount },
    ],
    description: `Withdrawal ${reference} returned by the bank`,
    sourceParticulars: account?.bankAccountName ?? null,
    destinationCompanyId: withdrawal.companyId,
    destinationParticulars: `Withdrawal returned: ${options.reason}`,
    sourceReference: reference,
    destinationReference: reference,
    reversesTransactionId: withdrawal.ledgerTransactionId,
    idempotencyKey: `withdrawal-${withdrawal.id}-returned`,
    withdrawalId: withdrawal.id,
    createdByUserId: options.userId,
  });
  await withdrawal.update(
    {
      status: "FAILED",
      failedAt: new Date(),
      failureReason: options.reason,
      reversalLedgerTransactionId: reversal.id,
      returnedByUserId: options.userId,
      ...(options.source.kind === "BANK_STATEMENT" ? { returnStatementLineId: options.source.statementLineId } : {}),
    },
    { transaction: t }
  );
  await audit(
    options.userId,
    {
      companyId: withdrawal.companyId,
      action: "withdrawal.returned",
      entityType: "withdrawal",
      entityId: withdrawal.id,
      details: { reason: options.reason, amount: withdrawal.withdrawalAmount, source: options.source, reversalLedgerTransactionId: reversal.id },
    },
    { transaction: t }
  );
}

/** Locks a withdrawal row (FOR UPDATE) for the rest of the database transaction. */
async function lockWithdrawal(t: Transaction, id: number): Promise<Withdrawal | null> {
  return Withdrawal.findByPk(id, { lock: t.LOCK.UPDATE, transaction: t });
}

async function returnedView(withdrawalId: number, alreadyReturned: boolean): Promise<ReturnedWithdrawal> {
  const row = await Withdrawal.findByPk(withdrawalId, { include: [{ model: Company, as: "company", attributes: ["id", "companyName"] }] });
  if (!row) throw notFound(RETURN_MESSAGES.withdrawalNotFound);
  const reference = withdrawalReference(row.id);
  const companyName = row.company?.companyName ?? "";
  return {
    withdrawalId: row.id,
    reference,
    companyId: row.companyId,
    companyName,
    amount: row.withdrawalAmount,
    currency: row.currency as Currency,
    reason: row.failureReason ?? DEFAULT_RETURN_REASON,
    alreadyReturned,
    message: alreadyReturned
      ? RETURN_MESSAGES.alreadyReturned(reference)
      : RETURN_MESSAGES.returned(reference, formatMoney(row.withdrawalAmount, localeOf(row.currency)), companyName),
  };
}

/**
 * An admin enters a withdrawal the bank returned (p3 /system; CLI `withdrawals:return`): COMPLETED → FAILED with its
 * amount back in the company's wallet, exactly once. A second click or another admin waits on the row lock, then finds
 * it FAILED and changes nothing (alreadyReturned). A PENDING withdrawal is in no bank file yet: refused.
 */
export async function returnWithdrawal(actor: Actor, id: unknown, input: ReturnWithdrawalInput = {}): Promise<ReturnedWithdrawal> {
  requireAdmin(actor);
  const withdrawalId = PaymentIdSchema.safeParse(id);
  if (!withdrawalId.success) throw notFound(RETURN_MESSAGES.withdrawalNotFound);
  const parsed = ReturnWithdrawalSchema.safeParse(input);
  if (!parsed.success) throw new AppError(422, parsed.error.issues[0].message, { code: "VALIDATION", field: "reason" });
  const reason = parsed.data.reason || DEFAULT_RETURN_REASON;
  const alreadyReturned = await sequelize.transaction(async (t) => {
    const withdrawal = await lockWithdrawal(t, withdrawalId.data);
    if (!withdrawal) throw notFound(RETURN_MESSAGES.withdrawalNotFound);
    if (withdrawal.status === "FAILED" && withdrawal.reversalLedgerTransactionId !== null) return true;
    if (withdrawal.status !== "COMPLETED") throw new AppError(409, RETURN_MESSAGES.notInFile, { code: "WITHDRAWAL_NOT_PAID" });
    await reverseWithdrawal(t, withdrawal, { reason, userId: userIdOf(actor), source: { kind: "ADMIN" } });
    return false;
  });
  return returnedView(withdrawalId.data, alreadyReturned);
}

/**
 * A bank statement's deposit that quotes WD<id> (statement-import.server.ts, in the line's transaction, after the
 * line's lock): the money of a returned withdrawal arriving back. A COMPLETED withdrawal of that amount and currency is
 * returned now; one already returned (by an admin or a returns file) takes the line as its evidence, once. Anything
 * else is not ours to decide here: null, and the deposit is held as unknown.
 */
export async function settleReturnedDeposit(
  t: Transaction,
  input: { withdrawalId: number; amount: Cents; currency: Currency; statementLineId: number; userId: number | null }
): Promise<"RETURNED" | "RECONCILED" | null> {
  const withdrawal = await lockWithdrawal(t, input.withdrawalId);
  if (!withdrawal || withdrawal.withdrawalAmount !== input.amount || withdrawal.currency !== input.currency) return null;
  if (withdrawal.status === "COMPLETED") {
    await reverseWithdrawal(t, withdrawal, {
      reason: DEFAULT_RETURN_REASON,
      userId: input.userId,
      source: { kind: "BANK_STATEMENT", statementLineId: input.statementLineId },
    });
    return "RETURNED";
  }
  if (withdrawal.status === "FAILED" && withdrawal.reversalLedgerTransactionId !== null && withdrawal.returnStatementLineId === null) {
    await withdrawal.update({ returnStatementLineId: input.statementLineId }, { transaction: t });
    return "RECONCILED";
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The bank's returns file.

export interface ReturnLineResult {
  fileLine: number;
  returnDate: string;
  reference: string;
  amount: Cents;
  outcome: ReturnLineOutcome;
  withdrawalId: number | null;
  companyName: string | null;
  /** Why nothing was returned (null when RETURNED). */
  reason: string | null;
}

export interface ReturnsImportResult {
  jobId: string | null;
  fileName: string;
  total: number;
  returned: number;
  alreadyReturned: number;
  /** Lines that returned nothing for another reason (not found, not paid yet, another amount, a refund line). */
  refused: number;
  returnedAmount: Cents;
  lines: ReturnLineResult[];
}

/** One line in its own database transaction (the withdrawal's lock, then the wallet's). */
async function settleReturnLine(line: ReturnLineInput, fileName: string, userId: number | null): Promise<ReturnLineResult> {
  const base = { fileLine: line.fileLine, returnDate: line.returnDate, reference: line.reference, amount: line.amount };
  if (line.payment.kind !== "WITHDRAWAL")
    return { ...base, outcome: "NOT_A_WITHDRAWAL", withdrawalId: null, companyName: null, reason: RETURN_LINE_REASONS.NOT_A_WITHDRAWAL };
  const withdrawalId = line.payment.id;
  return sequelize.transaction(async (t) => {
    const withdrawal = await lockWithdrawal(t, withdrawalId);
    const company = withdrawal ? await findCompany(withdrawal.companyId, { attributes: ["id", "companyName"], transaction: t }) : null;
    const result = (outcome: ReturnLineOutcome): ReturnLineResult => ({
      ...base,
      outcome,
      withdrawalId: withdrawal?.id ?? null,
      companyName: company?.companyName ?? null,
      reason: outcome === "RETURNED" ? null : RETURN_LINE_REASONS[outcome],
    });
    if (!withdrawal) return result("NOT_FOUND");
    if (withdrawal.status === "FAILED" && withdrawal.reversalLedgerTransactionId !== null) return result("ALREADY_RETURNED");
    if (withdrawal.status !== "COMPLETED") return result("NOT_PAID");
    if (withdrawal.withdrawalAmount !== line.amount) return result("AMOUNT_DIFFERS");
    await reverseWithdrawal(t, withdrawal, { reason: line.reason ?? DEFAULT_RETURN_REASON, userId, source: { kind: "RETURNS_FILE", fileName } });
    return result("RETURNED");
  });
}

/**
 * Imports the bank's returns file (admins; CLI `bank:returns FILE`): the file is checked whole first (any bad line
 * refuses it, nothing is changed), then each line is settled on its own. Importing the same file again, or two imports
 * at once, return nothing twice: the lines come back ALREADY_RETURNED. Recorded as a job with its progress.
 */
export async function importBankReturns(
  actor: Actor,
  input: { fileName: string; content: string },
  options: { onProgress?: (percent: number) => void } = {}
): Promise<ReturnsImportResult> {
  requireAdmin(actor);
  if (Buffer.byteLength(input.content, "utf8") > MAX_STATEMENT_BYTES) throw new AppError(413, RETURN_MESSAGES.tooLarge, { code: "VALIDATION", field: "file" });
  const parsed = parseBankReturnsCsv(input.content);
  if (!parsed.ok) throw new AppError(422, parsed.errors[0], { code: "VALIDATION", field: "file", details: parsed.errors });
  const fileName = input.fileName.replace(/^.*[\\/]/, "").slice(0, 255) || "returns.csv";
  const userId = userIdOf(actor);
  let result: ReturnsImportResult | null = null;
  await runJob(
    RETURNS_IMPORT_JOB_TYPE,
    async ({ jobId, progress }) => {
      const lines: ReturnLineResult[] = [];
      for (const [index, line] of parsed.lines.entries()) {
        lines.push(await settleReturnLine(line, fileName, userId));
        await progress(Math.floor(((index + 1) / parsed.lines.length) * 99));
      }
      const returned = lines.filter((line) => line.outcome === "RETURNED");
      const alreadyReturned = lines.filter((line) => line.outcome === "ALREADY_RETURNED").length;
      result = {
        jobId,
        fileName,
        total: lines.length,
        returned: returned.length,
        alreadyReturned,
        refused: lines.length - returned.length - alreadyReturned,
        returnedAmount: returned.reduce((sum, line) => sum + line.amount, 0) as Cents,
        lines,
      };
      const { lines: _lines, ...summary } = result;
      return summary;
    },
    {
      ownerUserId: userId,
      payload: { fileName, contentSha256: crypto.createHash("sha256").update(input.content).digest("hex") },
      onProgress: options.onProgress,
    }
  );
  if (!result) throw new Error("The returns import finished without a result");
  return result;
}

/** The toast after an import: "Imported returns.csv: 2 withdrawals returned, 1 already returned, 1 not returned". */
export function returnsImportSummary(result: Pick<ReturnsImportResult, "fileName" | "returned" | "alreadyReturned" | "refused">): string {
  const parts = [`${result.returned} ${result.returned === 1 ? "withdrawal" : "withdrawals"} returned`];
  if (result.alreadyReturned) parts.push(`${result.alreadyReturned} already returned`);
  if (result.refused) parts.push(`${result.refused} not returned`);
  return RETURN_MESSAGES.fileImported(result.fileName, parts.join(", "));
}

// ---------------------------------------------------------------------------------------------------------------
// An unknown deposit returned to its sender.

export interface DepositReturnInput {
  accountName?: unknown;
  bsb?: unknown;
  accountNumber?: unknown;
}

export interface DepositReturnView {
  id: number;
  topUpId: number;
  reference: string;
  amount: Cents;
  currency: Currency;
  accountName: string;
  details: string;
  status: "PENDING" | "COMPLETED";
  alreadyReturned: boolean;
  message: string;
}

/**
 * Returns an UNKNOWN deposit to the account it came from (admins; CLI `deposits:return`): once nobody has claimed it for
 * 30 days. The account's details are checked as the bank account form checks them (and an AU one must fit an ABA
 * file); then, under the top-up's row lock, it becomes RETURNED and its amount moves from suspense to withdrawals
 * pending for the next bank payment file. Exactly once; a second request finds it RETURNED (alreadyReturned).
 */
export async function returnUnknownDeposit(
  actor: Actor,
  topUpId: unknown,
  input: DepositReturnInput,
  options: { now?: Date } = {}
): Promise<DepositReturnView> {
  requireAdmin(actor);
  const id = PaymentIdSchema.safeParse(topUpId);
  if (!id.success) throw notFound(RETURN_MESSAGES.depositNotFound);
  const now = options.now ?? new Date();
  const alreadyReturned = await sequelize.transaction(async (t) => {
    const topUp = await TopUp.findByPk(id.data, { lock: t.LOCK.UPDATE, transaction: t });
    if (!topUp) throw notFound(RETURN_MESSAGES.depositNotFound);
    if (topUp.topupStatus === "RETURNED") return true;
    if (topUp.topupStatus !== "UNKNOWN") throw new AppError(409, RETURN_MESSAGES.depositNotUnknown, { code: "TOPUP_NOT_UNKNOWN" });
    const returnableFrom = depositReturnableFrom(topUp.createdAt);
    if (now < returnableFrom) {
      const country: Country = topUp.currency === "AUD" ? "AU" : "NZ";
      throw new AppError(409, RETURN_MESSAGES.depositTooEarly(formatDate(todayIn(country, returnableFrom))), { code: "DEPOSIT_NOT_RETURNABLE_YET" });
    }
    const account = returnAccount(topUp.currency as Currency, topUp.topupAmount, input);
    const currency = topUp.currency as Currency;
    const suspense = await systemAccount(t, "SUSPENSE", currency);
    const pending = await systemAccount(t, "WITHDRAWALS_PENDING", currency);
    const held = await postTransaction(t, {
      transactionClass: "WITHDRAWAL",
      currency,
      entries: [
        { accountId: suspense.id, amount: -topUp.topupAmount as Cents },
        { accountId: pending.id, amount: topUp.topupAmount },
      ],
      description: `Unknown deposit returned to ${account.bankAccountName}`,
      destinationParticulars: account.bankAccountName,
      idempotencyKey: `top-up-${topUp.id}-return`,
      topUpId: topUp.id,
      createdByUserId: userIdOf(actor),
    });
    await DepositReturn.create(
      {
        topUpId: topUp.id,
        currency,
        amount: topUp.topupAmount,
        accountName: account.bankAccountName,
        accountNumber: account.bankAccountNumber,
        bsb: account.bsb,
        requestedByUserId: userIdOf(actor),
        ledgerTransactionId: held.id,
      },
      { transaction: t }
    );
    await topUp.update({ topupStatus: "RETURNED" }, { transaction: t });
    await audit(
      actor,
      {
        companyId: null,
        action: "deposit.returned",
        entityType: "top_up",
        entityId: topUp.id,
        details: { amount: topUp.topupAmount, accountName: account.bankAccountName, ledgerTransactionId: held.id },
      },
      { transaction: t }
    );
    return false;
  });
  const row = await DepositReturn.findOne({ where: { topUpId: id.data } });
  if (!row) throw notFound(RETURN_MESSAGES.depositNotFound);
  return depositReturnView(row, alreadyReturned);
}

/** The account a deposit goes back to, as the bank account form checks it; 422 with every field's message otherwise. */
function returnAccount(currency: Currency, amount: Cents, input: DepositReturnInput) {
  const country: Country = currency === "AUD" ? "AU" : "NZ";
  const parsed = bankAccountFormSchema(country).safeParse({
    bankAccountName: input.accountName,
    accountKind: "BANK_ACCOUNT",
    bsb: input.bsb ?? "",
    bankAccountNumber: input.accountNumber,
    payId: "",
  });
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  } else {
    const problem = paymentItemProblem(country, {
      kind: "DEPOSIT_RETURN",
      id: 0,
      amount,
      payeeName: parsed.data.bankAccountName,
      accountNumber: parsed.data.bankAccountNumber,
      bsb: parsed.data.bsb,
    });
    if (problem) fieldErrors.bankAccountNumber = problem;
  }
  const names: Record<string, string> = { bankAccountName: "accountName", bsb: "bsb", bankAccountNumber: "accountNumber" };
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [names[field] ?? field, message]));
  const first = Object.entries(errors)[0];
  if (!parsed.success || first) {
    throw new AppError(422, first?.[1] ?? RETURN_MESSAGES.depositNotFound, { code: "VALIDATION", field: first?.[0], details: { fieldErrors: errors } });
  }
  const account = parsed.data;
  if (account.bankAccountNumber === null) throw new Error("A bank account number is required");
  return { bankAccountName: account.bankAccountName, bankAccountNumber: account.bankAccountNumber, bsb: account.bsb };
}

function depositReturnView(row: DepositReturn, alreadyReturned: boolean): DepositReturnView {
  const amount = formatMoney(row.amount, localeOf(row.currency));
  return {
    id: row.id,
    topUpId: row.topUpId,
    reference: `RT${row.id}`,
    amount: row.amount,
    currency: row.currency as Currency,
    accountName: row.accountName,
    details: describeAccountDetails({ bankAccountNumber: row.accountNumber, bsb: row.bsb, payId: null }),
    status: row.status,
    alreadyReturned,
    message: alreadyReturned ? RETURN_MESSAGES.depositAlreadyReturned : RETURN_MESSAGES.depositReturned(amount, row.accountName),
  };
}
