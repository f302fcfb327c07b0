/**
 * Top-ups (spec p1 §4 "Top-up flow", p3 §4.3; decisions D4-D5; docs/decisions/012-top-ups.md).
 *
 * A top-up is created PENDING with a unique payment reference and expires 7 days later. It completes exactly once:
 * when an admin confirms it, or when a bank statement line quotes its reference (statement-import.server.ts); both go
 * through `creditTopUp`, under the top-up's row lock (FOR UPDATE), and the crediting ledger transaction carries the
 * globally unique idempotency key `top-up-<id>-credit`, so even a second path that skipped the lock could not post
 * twice. A deposit nobody's reference matches is an UNKNOWN top-up held in SUSPENSE until an admin assigns it.
 */
import crypto from "node:crypto";
import { Op, QueryTypes, type Transaction } from "sequelize";
import { ZodError } from "zod";
import { sequelize } from "../../../db/index";
import { BankAccount, BankPaymentFile, BankStatementLine, Company, DepositReturn, TopUp } from "../../../db/models/index";
import { isAdminActor, type Actor, actingUserId } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { AppError, notFound } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { describeAccountDetails } from "../banking/rules";
import { companiesFunds, lockWalletsFor, postTransaction, systemAccount, withIdempotency, type Currency } from "./service.server";
import { publishTopUpClosed, publishTopUpCompleted, walletsMovedOnCompletion } from "./top-up-events.server";
import {
  COMPANY_CURRENCY_DIFFERS,
  CreateTopUpSchema,
  SELECT_COMPANY,
  TOPUP_ACCOUNT_NOT_ACTIVE,
  TOPUP_ALREADY_FINAL,
  TOPUP_CANNOT_CANCEL_UNKNOWN,
  TOPUP_EXPIRED,
  TOPUP_NOT_FOUND,
  TOPUP_NOT_UNKNOWN,
  TOPUP_UNKNOWN_NEEDS_COMPANY,
  TOP_UPS_PAGE_SIZE,
  type CreateTopUpInput,
} from "./top-ups.schema";
import {
  adminActions,
  depositReturnableFrom,
  generatePaymentReference,
  referenceCandidates,
  TOP_UP_TABS,
  type TopUpAction,
  type TopUpStatus,
  type TopUpTab,
} from "./top-ups.rules";
import { companyContextOf, findCompanyContext, requireCompanyId, requireAdmin } from "../companies/service.server";

export type Locale = "en-NZ" | "en-AU";

/** A top-up as every door shows it: amounts in cents, times as ISO strings. */
export interface TopUpView {
  id: number;
  companyId: number | null;
  companyName: string | null;
  currency: Currency;
  locale: Locale;
  topupAmount: Cents;
  topupStatus: TopUpStatus;
  /** Ours (PENDING and those that came from it), or null for a deposit that quoted none we know. */
  paymentReference: string | null;
  trigger: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** The spec's creationTime and modificationTime. */
  creationTime: string;
  modificationTime: string;
  /** The statement line that paid it or, for an UNKNOWN top-up, that it holds. */
  deposit: { transactionDate: string; reference: string | null; particulars: string | null; code: string | null; otherParty: string | null } | null;
  /** What an admin may do now (p3 §4.3; returning an unknown deposit: docs/decisions/030). */
  actions: TopUpAction[];
  /** An UNKNOWN deposit: when it may be returned to its sender (30 days after it was held). */
  returnableFrom: string | null;
  /** A RETURNED deposit: the payment back to its sender, and the bank file that paid it (null while it waits). */
  returnedTo: { reference: string; accountName: string; details: string; status: "PENDING" | "COMPLETED"; fileName: string | null } | null;
}

const userIdOf = (actor: Actor) => actingUserId(actor);

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function toView(topUp: TopUp, company: Pick<Company, "companyName" | "country"> | null, line: BankStatementLine | null, now = new Date()): TopUpView {
  const status = topUp.topupStatus as TopUpStatus;
  const returnableFrom = status === "UNKNOWN" ? depositReturnableFrom(topUp.createdAt) : null;
  const sentBack = topUp.depositReturn ?? null;
  return {
    id: topUp.id,
    companyId: topUp.companyId,
    companyName: company?.companyName ?? null,
    currency: topUp.currency as Currency,
    locale: topUp.currency === "AUD" ? "en-AU" : "en-NZ",
    topupAmount: topUp.topupAmount,
    topupStatus: status,
    paymentReference: topUp.paymentReference,
    trigger: topUp.trigger,
    expiresAt: iso(topUp.expiresAt),
    completedAt: iso(topUp.completedAt),
    cancelledAt: iso(topUp.cancelledAt),
    creationTime: topUp.createdAt.toISOString(),
    modificationTime: topUp.updatedAt.toISOString(),
    deposit: line
      ? { transactionDate: line.transactionDate, reference: line.reference, particulars: line.particulars, code: line.code, otherParty: line.otherParty }
      : null,
    actions: adminActions(status, { returnable: returnableFrom !== null && now >= returnableFrom }),
    returnableFrom: iso(returnableFrom),
    returnedTo: sentBack
      ? {
          reference: `RT${sentBack.id}`,
          accountName: sentBack.accountName,
          details: describeAccountDetails({ bankAccountNumber: sentBack.accountNumber, bsb: sentBack.bsb, payId: null }),
          status: sentBack.status,
          fileName: sentBack.bankPaymentFile?.fileName ?? null,
        }
      : null,
  };
}

const VIEW_INCLUDE = [
  { model: Company, as: "company", attributes: ["id", "companyName", "country"] },
  { model: BankStatementLine, as: "bankStatementLine", attributes: ["id", "transactionDate", "reference", "particulars", "code", "otherParty"] },
  {
    model: DepositReturn,
    as: "depositReturn",
    required: false,
    attributes: ["id", "accountName", "accountNumber", "bsb", "status"],
    include: [{ model: BankPaymentFile, as: "bankPaymentFile", attributes: ["id", "fileName"] }],
  },
];

async function loadView(id: number, where: Record<string, unknown> = {}, transaction?: Transaction): Promise<TopUpView | null> {
  const topUp = await TopUp.findOne({ where: { id, ...where }, include: VIEW_INCLUDE, transaction });
  return topUp ? toView(topUp, topUp.company ?? null, topUp.bankStatementLine ?? null) : null;
}

function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "amount")] ??= issue.message;
  return AppError.validation(fields);
}

// ---------------------------------------------------------------------------------------------------------------
// Creating a top-up (company users; admins on behalf of a company).

/** The company's working-capital account (loadedBy SYSTEM): the Topup button exists only once it does (p1 §2, §4). */
async function systemBankAccount(companyId: number, transaction?: Transaction): Promise<BankAccount | null> {
  return BankAccount.findOne({ where: { companyId, loadedBy: "SYSTEM", bankAccountStatus: { [Op.ne]: "DELETED" } }, transaction });
}

async function insertPendingTopUp(
  t: Transaction,
  input: { companyId: number; currency: Currency; amount: Cents; trigger: string; userId: number | null }
): Promise<number> {
  // A fresh reference until one is free: ON CONFLICT keeps the database transaction usable (29^7 references, so a
  // second try is already rare).
  for (let attempt = 0; attempt < 8; attempt++) {
    const reference = generatePaymentReference((n) => crypto.randomInt(n));
    const rows = await sequelize.query<{ id: number }>(
      `INSERT INTO top_ups (company_id, currency, topup_amount, topup_status, payment_reference, trigger, created_by_user_id)
       VALUES (:companyId, :currency, :amount, 'PENDING', :reference, :trigger, :userId)
       ON CONFLICT (payment_reference) DO NOTHING RETURNING id`,
      {
        type: QueryTypes.SELECT,
        replacements: { ...input, amount: centsToDecimal(input.amount), reference },
        transaction: t,
      }
    );
    if (rows[0]) return rows[0].id;
  }
  throw new Error("Could not find a free payment reference");
}

/**
 * Creates a PENDING top-up with a new payment reference; it expires after 7 days (the database's default). The offer
 * triggers (PURCHASER_OFFER, PURCHASER_OFFER_EDIT, SUPPLIER_OFFER) come from the offers flows, which pass their own
 * database transaction so the top-up and the offer commit together. With `idempotencyKey`, a repeated request (double
 * click, retry) returns the first top-up instead of creating another; the same key with another amount is a 409.
 */
export async function createTopUp(actor: Actor, input: CreateTopUpInput, options: { transaction?: Transaction } = {}): Promise<TopUpView> {
  let parsed;
  try {
    parsed = CreateTopUpSchema.parse(input);
  } catch (error) {
    if (error instanceof ZodError) throw validationError(error);
    throw error;
  }
  let companyId: number;
  if (isAdminActor(actor)) {
    if (!parsed.companyId) throw new AppError(422, SELECT_COMPANY, { code: "VALIDATION", field: "companyId" });
    companyId = parsed.companyId;
  } else {
    companyId = requireCompanyId(actor);
  }
  const run = async (t: Transaction): Promise<TopUpView> => {
    const { currency } = await companyContextOf(companyId, { transaction: t });
    if (!(await systemBankAccount(companyId, t))) throw new AppError(409, TOPUP_ACCOUNT_NOT_ACTIVE, { code: "ACCOUNT_NOT_ACTIVE" });
    const create = () => insertPendingTopUp(t, { companyId, currency, amount: parsed.amount, trigger: parsed.trigger, userId: userIdOf(actor) });
    const id = parsed.idempotencyKey
      ? await withIdempotency(
          t,
          { companyId, key: `top-up:create:${parsed.idempotencyKey}`, request: { amount: parsed.amount, trigger: parsed.trigger } },
          create
        )
      : await create();
    const view = await loadView(id, { companyId }, t);
    if (!view) throw notFound(TOPUP_NOT_FOUND);
    return view;
  };
  return options.transaction ? run(options.transaction) : sequelize.transaction(run);
}

/** The company's Earlybird account is activated (a SYSTEM account exists): only then is a top-up offered (p1 §2, §4). */
export async function isTopUpAccountActive(companyId: number): Promise<boolean> {
  return Boolean(await systemBankAccount(companyId));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading.

/** One top-up: a company user's own company's only (404 otherwise); admins any. */
export async function getTopUp(actor: Actor, id: number): Promise<TopUpView> {
  const view = isAdminActor(actor) ? await loadView(id) : await loadView(id, { companyId: requireCompanyId(actor) });
  if (!view) throw notFound(TOPUP_NOT_FOUND);
  return view;
}

/** The company's top-ups, newest first (for the account screen's pending rows); `statuses` narrows them. */
export async function listCompanyTopUps(actor: Actor, options: { statuses?: TopUpStatus[]; limit?: number } = {}): Promise<TopUpView[]> {
  const companyId = requireCompanyId(actor);
  const rows = await TopUp.findAll({
    where: { companyId, ...(options.statuses ? { topupStatus: options.statuses } : {}) },
    include: VIEW_INCLUDE,
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: Math.min(options.limit ?? 100, 500),
  });
  return rows.map((row) => toView(row, row.company ?? null, row.bankStatementLine ?? null));
}

export type BankTransferInstructions =
  | { method: "PAYID"; payId: string; bankName: null; accountNumber: null; mayTakeTwoHours: false }
  | { method: "BANK_ACCOUNT"; payId: null; bankName: string; accountNumber: string; mayTakeTwoHours: boolean };

/**
 * Where to send the money (p1 §4 "Bank Transfer"): the company's PayID in AU; elsewhere Earlybird's account at a fixed
 * bank (runtime config TOPUP_BANK_NAME, TOPUP_BANK_ACCOUNT_NUMBER), which may take up to 2 hours. The payment reference
 * tells us whose money it is. An AU company without a PayID yet is shown the bank account too.
 */
export async function bankTransferInstructions(actor: Actor): Promise<BankTransferInstructions> {
  const companyId = requireCompanyId(actor);
  const company = await companyContextOf(companyId);
  if (company.country === "AU") {
    const account = await systemBankAccount(companyId);
    if (account?.payId) return { method: "PAYID", payId: account.payId, bankName: null, accountNumber: null, mayTakeTwoHours: false };
  }
  const config = await getRuntimeConfig();
  return {
    method: "BANK_ACCOUNT",
    payId: null,
    bankName: config.TOPUP_BANK_NAME,
    accountNumber: config.TOPUP_BANK_ACCOUNT_NUMBER,
    mayTakeTwoHours: company.country !== "AU",
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Completing: the one path that credits a wallet for a top-up.

/** A PENDING top-up whose 7 days have passed counts as expired even before the job marks it. */
export const isPastExpiry = (topUp: Pick<TopUp, "expiresAt">, now = new Date()) => topUp.expiresAt !== null && topUp.expiresAt.getTime() <= now.getTime();

/** Locks a top-up row for the rest of the database transaction (FOR UPDATE), optionally within a company. */
export async function lockTopUp(t: Transaction, id: number, companyId?: number): Promise<TopUp | null> {
  return TopUp.findOne({ where: { id, ...(companyId !== undefined ? { companyId } : {}) }, lock: t.LOCK.UPDATE, transaction: t });
}

/**
 * Credits the company's wallet with a locked top-up's amount, from bank clearing (money just arrived) or suspense (an
 * unknown deposit being assigned), and marks it COMPLETED with that ledger transaction. The caller holds the row lock
 * and has checked the status; the idempotency key makes a second credit of the same top-up impossible anyway.
 */
export async function creditTopUp(
  t: Transaction,
  topUp: TopUp,
  options: { companyId: number; from: "BANK_CLEARING" | "SUSPENSE"; userId: number | null; bankStatementLineId?: number }
): Promise<void> {
  const currency = topUp.currency as Currency;
  // Decision 031: every wallet the completion may move (the company's, and the suppliers its listeners pay) locked
  // together now, before the credit; the listeners then lock offers and bills, never a wallet.
  const wallets = await lockWalletsFor(t, currency, (tx) => walletsMovedOnCompletion(tx, topUp, options.companyId));
  const walletId = wallets.get(options.companyId)!;
  const source = await systemAccount(t, options.from, currency);
  const reference = topUp.paymentReference;
  const transaction = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency,
    entries: [
      { accountId: source.id, amount: -topUp.topupAmount as Cents },
      { accountId: walletId, amount: topUp.topupAmount },
    ],
    description: options.from === "SUSPENSE" ? `Unknown deposit assigned (top-up ${topUp.id})` : `Top-up ${reference ?? topUp.id}`,
    destinationCompanyId: options.companyId,
    destinationParticulars: "Top-up",
    destinationReference: reference,
    idempotencyKey: `top-up-${topUp.id}-credit`,
    topUpId: topUp.id,
    createdByUserId: options.userId,
  });
  await topUp.update(
    {
      companyId: options.companyId,
      topupStatus: "COMPLETED",
      completedAt: new Date(),
      confirmedByUserId: options.userId,
      ledgerTransactionId: transaction.id,
      ...(options.bankStatementLineId !== undefined ? { bankStatementLineId: options.bankStatementLineId } : {}),
    },
    { transaction: t }
  );
  await publishTopUpCompleted(t, topUp);
}

export interface TopUpActionResult {
  topUp: TopUpView;
  /** The request found the work already done (a second click, another admin first): nothing changed. */
  alreadyDone: boolean;
}

/**
 * Admin confirm (p3 §4.3): PENDING → COMPLETED, crediting the wallet from bank clearing exactly once. Two clicks or two
 * admins at once: the second waits on the row lock, then finds it COMPLETED and changes nothing (alreadyDone).
 */
export async function confirmTopUp(actor: Actor, id: number): Promise<TopUpActionResult> {
  requireAdmin(actor);
  const alreadyDone = await sequelize.transaction(async (t) => {
    const topUp = await lockTopUp(t, id);
    if (!topUp) throw notFound(TOPUP_NOT_FOUND);
    if (topUp.topupStatus === "COMPLETED") return true;
    if (topUp.topupStatus === "UNKNOWN") throw new AppError(409, TOPUP_UNKNOWN_NEEDS_COMPANY, { code: "TOPUP_UNKNOWN" });
    if (topUp.topupStatus !== "PENDING") throw new AppError(409, TOPUP_ALREADY_FINAL(topUp.topupStatus), { code: "TOPUP_FINAL" });
    if (isPastExpiry(topUp)) throw new AppError(409, TOPUP_EXPIRED, { code: "TOPUP_EXPIRED" });
    await creditTopUp(t, topUp, { companyId: topUp.companyId!, from: "BANK_CLEARING", userId: userIdOf(actor) });
    return false;
  });
  return { topUp: (await loadView(id))!, alreadyDone };
}

/**
 * Cancel (D5: admins and owners): a PENDING top-up becomes CANCELLED; nothing was posted, so nothing is reversed. A
 * company user may cancel only its own company's. Cancelling a cancelled one again changes nothing.
 */
export async function cancelTopUp(actor: Actor, id: number): Promise<TopUpActionResult> {
  const companyId = isAdminActor(actor) ? undefined : requireCompanyId(actor);
  const alreadyDone = await sequelize.transaction(async (t) => {
    const topUp = await lockTopUp(t, id, companyId);
    if (!topUp) throw notFound(TOPUP_NOT_FOUND);
    if (topUp.topupStatus === "CANCELLED") return true;
    if (topUp.topupStatus === "UNKNOWN") throw new AppError(409, TOPUP_CANNOT_CANCEL_UNKNOWN, { code: "TOPUP_UNKNOWN" });
    if (topUp.topupStatus !== "PENDING") throw new AppError(409, TOPUP_ALREADY_FINAL(topUp.topupStatus), { code: "TOPUP_FINAL" });
    await topUp.update({ topupStatus: "CANCELLED", cancelledAt: new Date(), cancelledByUserId: userIdOf(actor) }, { transaction: t });
    await publishTopUpClosed(t, topUp, "CANCELLED");
    return false;
  });
  return { topUp: (await loadView(id))!, alreadyDone };
}

/**
 * Assign an UNKNOWN deposit to a company (its "confirm", p3 §4.3): suspense → the company's wallet, exactly once; the
 * top-up becomes COMPLETED for that company and its statement line ASSIGNED. The company's currency must be the
 * deposit's.
 */
export async function assignTopUp(actor: Actor, id: number, input: { companyId: number }): Promise<TopUpActionResult> {
  requireAdmin(actor);
  const alreadyDone = await sequelize.transaction(async (t) => {
    const topUp = await lockTopUp(t, id);
    if (!topUp) throw notFound(TOPUP_NOT_FOUND);
    if (topUp.topupStatus === "COMPLETED" && topUp.companyId === input.companyId && topUp.bankStatementLineId !== null) return true;
    if (topUp.topupStatus !== "UNKNOWN") throw new AppError(409, TOPUP_NOT_UNKNOWN, { code: "TOPUP_NOT_UNKNOWN" });
    const company = await findCompanyContext(input.companyId, { transaction: t });
    if (!company) throw new AppError(422, SELECT_COMPANY, { code: "VALIDATION", field: "companyId" });
    const companyCurrency = company.currency;
    if (companyCurrency !== topUp.currency)
      throw new AppError(422, COMPANY_CURRENCY_DIFFERS(topUp.currency, companyCurrency), { code: "VALIDATION", field: "companyId" });
    await creditTopUp(t, topUp, { companyId: company.id, from: "SUSPENSE", userId: userIdOf(actor) });
    if (topUp.bankStatementLineId !== null) {
      await BankStatementLine.update({ status: "ASSIGNED" }, { where: { id: topUp.bankStatementLineId, matchedTopUpId: topUp.id }, transaction: t });
    }
    return false;
  });
  return { topUp: (await loadView(id))!, alreadyDone };
}

/** The scheduled job `expire-top-ups`: PENDING top-ups past their expiry become EXPIRED (D5). Safe to run twice. */
export async function expireTopUps(now: Date = new Date()): Promise<{ expired: number }> {
  // One statement: the rows are locked in id order (decision 031); a row being confirmed is locked, so the UPDATE waits,
  // re-checks the status and skips it once COMPLETED. The offers waiting for the expired top-ups are released in the
  // same transaction.
  return sequelize.transaction(async (t) => {
    const rows = await sequelize.query<{ id: number }>(
      `UPDATE top_ups SET topup_status = 'EXPIRED'
        WHERE id IN (SELECT id FROM top_ups WHERE topup_status = 'PENDING' AND expires_at <= :now ORDER BY id FOR UPDATE)
          AND topup_status = 'PENDING'
       RETURNING id`,
      { type: QueryTypes.SELECT, replacements: { now }, transaction: t }
    );
    if (rows.length > 0) {
      for (const topUp of await TopUp.findAll({ where: { id: rows.map((row) => row.id) }, order: [["id", "ASC"]], transaction: t })) {
        await publishTopUpClosed(t, topUp, "EXPIRED");
      }
    }
    return { expired: rows.length };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The admin Topups page (p3 §2.3).

export interface AdminTopUpRow extends TopUpView {
  /** The company's Funds Available now (the spec's fundsAvailable on an admin top-up), null for an unknown deposit. */
  fundsAvailable: Cents | null;
}

export interface AdminTopUpList {
  tab: TopUpTab;
  rows: AdminTopUpRow[];
  total: number;
  page: number;
  size: number;
}

/** Admin list, newest first, 25 a page (p1 §9), filtered by the tab's status. */
export async function listTopUps(actor: Actor, query: { tab: TopUpTab; page: number; size?: number }): Promise<AdminTopUpList> {
  requireAdmin(actor);
  const size = query.size ?? TOP_UPS_PAGE_SIZE;
  const status = TOP_UP_TABS.find((tab) => tab.value === query.tab)?.status ?? null;
  const where = status ? { topupStatus: status } : {};
  const total = await TopUp.count({ where });
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(query.page, pages);
  const rows = await TopUp.findAll({
    where,
    include: VIEW_INCLUDE,
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: size,
    offset: (page - 1) * size,
  });
  // Every row's company's Funds Available in one read (not a companyFunds per row: docs/decisions/060).
  const funds = await companiesFunds(rows.map((row) => row.companyId).filter((id): id is number => id !== null));
  return {
    tab: query.tab,
    rows: rows.map((row) => ({
      ...toView(row, row.company ?? null, row.bankStatementLine ?? null),
      fundsAvailable: row.companyId !== null ? funds.get(row.companyId)?.fundsAvailable ?? null : null,
    })),
    total,
    page,
    size,
  };
}

export interface AssignmentChoices {
  topUp: TopUpView;
  companies: { id: number; companyName: string }[];
  /** A company whose top-up the deposit's reference names (another amount, or expired): the likely owner. */
  suggestion: { companyId: number; companyName: string; note: string } | null;
}

/** The Assign dialog: the companies of the deposit's currency, and the one its reference points at, if any. */
export async function assignmentChoices(actor: Actor, id: number): Promise<AssignmentChoices> {
  requireAdmin(actor);
  const topUp = await getTopUp(actor, id);
  if (topUp.topupStatus !== "UNKNOWN") throw new AppError(409, TOPUP_NOT_UNKNOWN, { code: "TOPUP_NOT_UNKNOWN" });
  const country = topUp.currency === "AUD" ? "AU" : "NZ";
  const companies = await Company.findAll({
    where: { country, status: { [Op.ne]: "INACTIVE" } },
    attributes: ["id", "companyName"],
    order: [["companyName", "ASC"]],
    limit: 2000,
  });
  let suggestion: AssignmentChoices["suggestion"] = null;
  const candidates = topUp.deposit ? referenceCandidates([topUp.deposit.reference, topUp.deposit.particulars, topUp.deposit.code]) : [];
  if (candidates.length > 0) {
    const named = await TopUp.findOne({
      where: { paymentReference: candidates, companyId: { [Op.ne]: null }, id: { [Op.ne]: id } },
      include: [{ model: Company, as: "company", attributes: ["id", "companyName"] }],
      order: [["id", "DESC"]],
    });
    if (named?.company) {
      suggestion = {
        companyId: named.company.id,
        companyName: named.company.companyName,
        note: `The deposit quotes ${named.paymentReference}, a ${named.topupStatus.toLowerCase()} top-up of ${named.company.companyName}.`,
      };
    }
  }
  return { topUp, companies: companies.map((c) => ({ id: c.id, companyName: c.companyName })), suggestion };
}
