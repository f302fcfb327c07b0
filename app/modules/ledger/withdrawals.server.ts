/**
 * Withdrawals (spec p1 §4 "Withdraw flow", §5, §8; decisions D4, D5): a company user withdraws from the company's
 * wallet to its default bank account; an admin withdraws on behalf of a company, from its Earlybird account to one
 * of its accounts. The amount is held at once: in one database transaction the wallet is locked, Funds Available
 * checked, the withdrawal created PENDING and the wallet debited into WITHDRAWALS_PENDING. The bank payment file job
 * (bank-files.server.ts) pays it later. See docs/decisions/013-withdrawals-and-bank-files.md.
 *
 * Bank accounts come from the banking module (getDefaultWithdrawalAccount, listWithdrawalAccounts, its rules and
 * formats); the one read of its table here is an admin's chosen account, locked in the withdrawal's transaction (see
 * `readDestination`), and the SYSTEM account and the accounts withdrawals were made to (deleted ones included).
 */
import { actingUserId } from "../../lib/actor";
import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount, BankPaymentFile, User, Withdrawal } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { isAdminActor } from "../../lib/actor";
import { CURRENCIES, LOCALES, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { describeAccountDetails, isListedAccount } from "../banking/rules";
import { getDefaultWithdrawalAccount, listWithdrawalAccounts } from "../banking/service.server";
import { companyFunds, lockWallet, postTransaction, systemAccount, withIdempotency, type CompanyFunds, type Currency } from "./service.server";
import {
  ACCOUNT_NOT_FOUND,
  BLOCK_MESSAGES,
  checkAgainstFunds,
  isPayableDestination,
  parseWithdrawalAmount,
  PENDING_WITHDRAWAL,
  placedTitle,
  SOURCE_ACCOUNT_MISMATCH,
  WITHDRAWAL_NOT_FOUND,
  WithdrawFormSchema,
  withdrawBlock,
  type DestinationStatus,
  type WithdrawBlock,
  type WithdrawFormInput,
} from "./withdrawals.schema";
import { getCompany, requireAdmin } from "../companies/service.server";

export interface AccountView {
  id: number;
  bankAccountName: string;
  details: string;
  bankAccountStatus: DestinationStatus;
  defaultAccount: boolean;
  /** The bank file of the company's country can pay it. */
  payable: boolean;
}

export interface WithdrawContext {
  company: { id: number; companyName: string; country: Country; locale: "en-NZ" | "en-AU"; verified: boolean };
  funds: CompanyFunds;
  /** The company's Earlybird account (loadedBy SYSTEM): the source of every withdrawal. */
  sourceAccount: { id: number; bankAccountName: string; details: string } | null;
  destination: AccountView | null;
  /** Accounts an admin may choose from (company users always withdraw to their default account). */
  destinations: AccountView[];
  /** The company's withdrawal accounts, default or not (the account card's "Add Bank Account" vs "Select Account"). */
  accountCount: number;
  pendingWithdrawal: { id: number; amount: Cents; createdAt: string } | null;
  block: WithdrawBlock | null;
  blockMessage: string | null;
  /** The destination waits for verification: allowed, paid once it is VERIFIED. */
  verificationPending: boolean;
}

export interface ReviewedWithdrawal {
  amount: Cents;
  context: WithdrawContext;
}

export interface PlacedWithdrawal {
  id: number;
  companyId: number;
  amount: Cents;
  currency: Currency;
  status: Withdrawal["status"];
  onBehalf: boolean;
  bankAccountName: string;
  details: string;
  accountStatus: DestinationStatus;
  /** "Withdrawal Successful", or "Withdrawal Pending" while the account waits for verification. */
  title: string;
  createdAt: string;
}

export type WithdrawInput = WithdrawFormInput & { companyId?: number };

// --- Who withdraws for which company ---------------------------------------------------------------------------

function targetCompany(actor: Actor, companyId: number | undefined): { companyId: number; onBehalf: boolean } {
  if (isAdminActor(actor)) {
    if (!companyId) throw new AppError(400, "Required parameters missing", { code: "VALUES_MISSING" });
    return { companyId, onBehalf: true };
  }
  if (actor.companyId === null) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  if (companyId !== undefined && companyId !== actor.companyId) throw new AppError(404, "Company not found", { code: "NOT_FOUND" });
  return { companyId: actor.companyId, onBehalf: false };
}

function loadCompany(companyId: number, transaction?: Transaction) {
  return getCompany(companyId, { attributes: ["id", "companyName", "country", "verificationStatus"], transaction });
}

// --- Bank accounts: through the banking module's service -----------------------------------------------------------

interface AccountLike {
  id: number;
  bankAccountName: string;
  bankAccountNumber: string | null;
  bsb: string | null;
  payId: string | null;
  bankAccountStatus: DestinationStatus;
  defaultAccount: boolean;
}

const detailsOf = (account: { bankAccountNumber?: string | null; bsb?: string | null; payId?: string | null }) =>
  describeAccountDetails({ bankAccountNumber: account.bankAccountNumber ?? null, bsb: account.bsb ?? null, payId: account.payId ?? null });

const accountView = (country: Country, account: AccountLike): AccountView => ({
  id: account.id,
  bankAccountName: account.bankAccountName,
  details: detailsOf(account),
  bankAccountStatus: account.bankAccountStatus,
  defaultAccount: account.defaultAccount,
  payable: isPayableDestination(country, { bankAccountNumber: account.bankAccountNumber, bsb: account.bsb }),
});

/**
 * The destination: the company's default withdrawal account (banking's getDefaultWithdrawalAccount, FOR UPDATE with
 * `lock`), or for an admin the company's withdrawal account `bankAccountId`. The banking service has no call for one
 * account of a company by id inside a transaction, so that one is read here with its rule (live: not DELETED, not
 * waiting for its SMS code, not SYSTEM; listed for the country) and held FOR SHARE with `lock`.
 */
async function readDestination(
  companyId: number,
  country: Country,
  options: { bankAccountId?: number; transaction?: Transaction; lock?: boolean }
): Promise<AccountView | null> {
  if (!options.bankAccountId) {
    const account = await getDefaultWithdrawalAccount(companyId, { transaction: options.transaction, lock: options.lock });
    return account ? accountView(country, account) : null;
  }
  const row = await BankAccount.findOne({
    where: { id: options.bankAccountId, companyId, bankAccountStatus: { [Op.ne]: "DELETED" }, codeHash: null, loadedBy: { [Op.ne]: "SYSTEM" } },
    transaction: options.transaction,
    ...(options.lock && options.transaction ? { lock: options.transaction.LOCK.SHARE } : {}),
  });
  if (!row || !isListedAccount(country, { bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null })) return null;
  return accountView(country, {
    ...row.get({ plain: true }),
    bankAccountNumber: row.bankAccountNumber ?? null,
    bsb: row.bsb ?? null,
    payId: row.payId ?? null,
  });
}

/** The company's Earlybird account (loadedBy SYSTEM), the source of every withdrawal. */
async function readSourceAccount(companyId: number, transaction?: Transaction) {
  const row = await BankAccount.findOne({ where: { companyId, loadedBy: "SYSTEM" }, transaction });
  return row ? { id: row.id, bankAccountName: row.bankAccountName, details: detailsOf(row) } : null;
}

// --- Reading the form's state --------------------------------------------------------------------------------------

async function readContext(
  actor: Actor,
  companyId: number,
  options: { bankAccountId?: number; withDestinations: boolean; transaction?: Transaction; lock?: boolean; countAccounts?: boolean }
): Promise<WithdrawContext> {
  const { transaction } = options;
  const company = await loadCompany(companyId, transaction);
  const country: Country = company.country ?? "NZ";
  const reads = [
    () => companyFunds(companyId, { transaction }),
    () => readSourceAccount(companyId, transaction),
    () => readDestination(companyId, country, { bankAccountId: options.bankAccountId, transaction, lock: options.lock }),
    () => Withdrawal.findOne({ where: { companyId, status: "PENDING" }, attributes: ["id", "withdrawalAmount", "createdAt"], transaction }),
    async () =>
      options.withDestinations || options.countAccounts
        ? (await listWithdrawalAccounts(actor, isAdminActor(actor) ? companyId : undefined)).map((account) => accountView(country, account))
        : [],
  ] as const;
  // In a transaction the reads share one connection: one after the other. Outside, in parallel on the pool.
  const [funds, sourceAccount, destination, pending, destinations] = transaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4]()]);
  const verified = company.verificationStatus === "VERIFIED";
  const block = withdrawBlock({
    companyVerified: verified,
    hasSystemAccount: sourceAccount !== null,
    hasPendingWithdrawal: pending !== null,
    destination: destination ? { status: destination.bankAccountStatus, payable: destination.payable } : null,
  });
  return {
    company: { id: company.id, companyName: company.companyName, country, locale: LOCALES[country], verified },
    funds,
    sourceAccount,
    destination,
    destinations: options.withDestinations ? destinations : destination ? [destination] : [],
    accountCount: destinations.length,
    pendingWithdrawal: pending ? { id: pending.id, amount: pending.withdrawalAmount, createdAt: pending.createdAt.toISOString() } : null,
    block,
    blockMessage: block ? BLOCK_MESSAGES[block] : null,
    verificationPending: destination?.bankAccountStatus === "VERIFICATION_PENDING",
  };
}

function blockError(block: WithdrawBlock): AppError {
  if (block === "COMPANY_NOT_VERIFIED") return new AppError(403, BLOCK_MESSAGES[block], { code: block, details: { debugMessage: "company not verified" } });
  return new AppError(block === "NO_SYSTEM_ACCOUNT" || block === "NO_ACCOUNT" ? 400 : 409, BLOCK_MESSAGES[block], {
    code: block,
    field: block === "ACCOUNT_UNVERIFIED" || block === "ACCOUNT_NOT_PAYABLE" ? "bankAccountId" : undefined,
  });
}

/** The withdraw form: Funds Available, the source and destination accounts, and what blocks a withdrawal. */
export async function getWithdrawContext(actor: Actor, options: { companyId?: number; bankAccountId?: number } = {}): Promise<WithdrawContext> {
  const { companyId, onBehalf } = targetCompany(actor, options.companyId);
  return readContext(actor, companyId, { bankAccountId: onBehalf ? options.bankAccountId : undefined, withDestinations: onBehalf, countAccounts: true });
}

function parseInput(actor: Actor, input: WithdrawInput) {
  const target = targetCompany(actor, input.companyId);
  const parsed = WithdrawFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError(400, "Required parameters missing", { code: "VALUES_MISSING" });
  const amount = parseWithdrawalAmount(parsed.data.amount);
  if (!amount.ok) throw new AppError(400, amount.message, { code: "INVALID_AMOUNT", field: "amount" });
  // Company users withdraw to their default account only; an admin names one of the company's accounts.
  const bankAccountId = target.onBehalf ? parsed.data.bankAccountId : undefined;
  if (target.onBehalf && !bankAccountId) throw new AppError(400, ACCOUNT_NOT_FOUND, { code: "NOT_FOUND", field: "bankAccountId" });
  return { ...target, amount: amount.cents, bankAccountId, sourceAccountId: parsed.data.sourceAccountId, idempotencyKey: parsed.data.idempotencyKey };
}

function checkState(context: WithdrawContext, input: { amount: Cents; onBehalf: boolean; bankAccountId?: number; sourceAccountId?: number }) {
  if (input.onBehalf && !context.destination) throw new AppError(404, ACCOUNT_NOT_FOUND, { code: "NOT_FOUND", field: "bankAccountId" });
  if (context.block) throw blockError(context.block);
  if (input.onBehalf && input.sourceAccountId !== undefined && input.sourceAccountId !== context.sourceAccount?.id) {
    throw new AppError(400, SOURCE_ACCOUNT_MISMATCH, { code: "SOURCE_ACCOUNT_MISMATCH", field: "sourceAccountId" });
  }
  const over = checkAgainstFunds(input.amount, context.funds.fundsAvailable);
  if (over) throw new AppError(400, over, { code: "INSUFFICIENT_FUNDS", field: "amount" });
}

/** Step 1 → 2 (Submit): the amount and accounts checked against the current state; nothing is written. */
export async function reviewWithdrawal(actor: Actor, input: WithdrawInput): Promise<ReviewedWithdrawal> {
  const parsed = parseInput(actor, input);
  const context = await readContext(actor, parsed.companyId, { bankAccountId: parsed.bankAccountId, withDestinations: parsed.onBehalf });
  checkState(context, parsed);
  return { amount: parsed.amount, context };
}

/**
 * Step 2 → 3 (Confirm): holds the amount at once. One database transaction: the wallet locked (so two withdrawals
 * of one company run one after the other), the state and Funds Available read under that lock, the withdrawal
 * created PENDING and the wallet debited into WITHDRAWALS_PENDING. The form's key makes a double submit withdraw once.
 */
export async function placeWithdrawal(actor: Actor, input: WithdrawInput): Promise<PlacedWithdrawal> {
  const parsed = parseInput(actor, input);
  if (!parsed.idempotencyKey) throw new AppError(400, "Required parameters missing", { code: "VALUES_MISSING" });
  const company = await loadCompany(parsed.companyId);
  const currency = CURRENCIES[(company.country ?? "NZ") as Country];
  const request = { amount: parsed.amount, bankAccountId: parsed.bankAccountId ?? "default", sourceAccountId: parsed.sourceAccountId ?? null };
  try {
    return await sequelize.transaction((t) =>
      withIdempotency(t, { companyId: parsed.companyId, key: `withdrawal:${parsed.idempotencyKey}`, request }, async () => {
        const wallet = await lockWallet(t, parsed.companyId, currency);
        const context = await readContext(actor, parsed.companyId, {
          bankAccountId: parsed.bankAccountId,
          withDestinations: false,
          transaction: t,
          lock: true,
        });
        checkState(context, parsed);
        const destination = context.destination!;
        const withdrawal = await Withdrawal.create(
          {
            companyId: parsed.companyId,
            bankAccountId: destination.id,
            currency,
            withdrawalAmount: parsed.amount,
            requestedByUserId: actor.userId,
            onBehalf: parsed.onBehalf,
          },
          { transaction: t }
        );
        const pending = await systemAccount(t, "WITHDRAWALS_PENDING", currency);
        const reference = `WD${withdrawal.id}`;
        const posted = await postTransaction(t, {
          transactionClass: "WITHDRAWAL",
          currency,
          entries: [
            { accountId: wallet.id, amount: -parsed.amount as Cents },
            { accountId: pending.id, amount: parsed.amount },
          ],
          description: `Withdrawal to ${destination.bankAccountName}`,
          sourceCompanyId: parsed.companyId,
          sourceParticulars: destination.bankAccountName,
          sourceReference: reference,
          destinationParticulars: destination.details,
          destinationReference: reference,
          withdrawalId: withdrawal.id,
          createdByUserId: actingUserId(actor),
        });
        await withdrawal.update({ ledgerTransactionId: posted.id }, { transaction: t });
        return placedView(withdrawal, destination);
      })
    );
  } catch (error) {
    // The one-pending index is the database's guard behind the check under the wallet lock.
    if (error instanceof UniqueConstraintError && (error.parent as { constraint?: string } | undefined)?.constraint === "withdrawals_one_pending") {
      throw new AppError(409, PENDING_WITHDRAWAL, { code: "PENDING_WITHDRAWAL" });
    }
    throw error;
  }
}

function placedView(withdrawal: Withdrawal, account: Pick<AccountView, "bankAccountName" | "details" | "bankAccountStatus">): PlacedWithdrawal {
  return {
    id: withdrawal.id,
    companyId: withdrawal.companyId,
    amount: withdrawal.withdrawalAmount,
    currency: withdrawal.currency,
    status: withdrawal.status ?? "PENDING",
    onBehalf: withdrawal.onBehalf ?? false,
    bankAccountName: account.bankAccountName,
    details: account.details,
    accountStatus: account.bankAccountStatus,
    title: placedTitle(account.bankAccountStatus),
    createdAt: (withdrawal.createdAt ?? new Date()).toISOString(),
  };
}

/** One withdrawal, within the actor's company (admins: any). */
export async function getWithdrawal(actor: Actor, id: unknown, options: { companyId?: number } = {}): Promise<PlacedWithdrawal> {
  const withdrawalId = Number(id);
  if (!Number.isSafeInteger(withdrawalId) || withdrawalId <= 0) throw new AppError(404, WITHDRAWAL_NOT_FOUND, { code: "NOT_FOUND" });
  // Company users see their company's withdrawals only; an admin may name the company the page is about.
  const companyId = isAdminActor(actor) ? options.companyId : targetCompany(actor, options.companyId).companyId;
  const row = await Withdrawal.findOne({
    where: { id: withdrawalId, ...(companyId !== undefined ? { companyId } : {}) },
    include: [{ model: BankAccount, as: "bankAccount" }],
  });
  if (!row?.bankAccount) throw new AppError(404, WITHDRAWAL_NOT_FOUND, { code: "NOT_FOUND" });
  const company = await loadCompany(row.companyId);
  return placedView(row, accountView(company.country ?? "NZ", row.bankAccount));
}

// --- The admin company summary (p3 §2.4: bank account, balance, withdrawals) --------------------------------------

export interface WithdrawalRow {
  id: number;
  createdAt: string;
  amount: Cents;
  status: Withdrawal["status"];
  bankAccountName: string;
  details: string;
  accountStatus: DestinationStatus;
  onBehalf: boolean;
  requestedBy: string;
  completedAt: string | null;
  bankPaymentFile: { id: number; fileName: string } | null;
  /** FAILED: the bank returned it and it was reversed (docs/decisions/030); why. */
  returnReason: string | null;
}

export interface CompanyFundsSummary {
  context: WithdrawContext;
  withdrawals: WithdrawalRow[];
}

/** The company summary an admin sees: funds, accounts and the latest withdrawals (25, newest first). */
export async function getCompanyFundsSummary(actor: Actor, companyId: number): Promise<CompanyFundsSummary> {
  requireAdmin(actor);
  const context = await readContext(actor, companyId, { withDestinations: true });
  const rows = await Withdrawal.findAll({
    where: { companyId },
    include: [
      { model: BankAccount, as: "bankAccount" },
      { model: BankPaymentFile, as: "bankPaymentFile", attributes: ["id", "fileName"] },
      { model: User, as: "requestedBy", attributes: ["id", "username"] },
    ],
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: 25,
  });
  return {
    context,
    withdrawals: rows.map((row) => {
      const account = row.bankAccount ? accountView(context.company.country, row.bankAccount) : null;
      const requestedBy = (row as Withdrawal & { requestedBy?: User }).requestedBy;
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        amount: row.withdrawalAmount,
        status: row.status,
        bankAccountName: account?.bankAccountName ?? "",
        details: account?.details ?? "",
        accountStatus: account?.bankAccountStatus ?? "DELETED",
        onBehalf: row.onBehalf,
        requestedBy: requestedBy?.username ?? "",
        completedAt: row.completedAt ? row.completedAt.toISOString() : null,
        bankPaymentFile: row.bankPaymentFile ? { id: row.bankPaymentFile.id, fileName: row.bankPaymentFile.fileName } : null,
        returnReason: row.status === "FAILED" ? row.failureReason : null,
      };
    }),
  };
}
