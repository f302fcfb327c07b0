/**
 * Bank accounts (spec p1 §3-5, §7-8; p3 §4.4-4.5, §7.3): the withdrawal accounts a company adds through the wizard
 * (details → review → SMS code → bank statement), its default account, deletion, and the admin's verification of
 * uploaded statements. The withdrawals module reads accounts through listWithdrawalAccounts and
 * getDefaultWithdrawalAccount.
 *
 * An account posted without its code is kept as a *pending* row (code_hash set, not default, in no list) until the
 * code sent by SMS is confirmed: then the hash is cleared and the account becomes the company's default. Only an
 * argon2id hash of the code is stored, with its expiry and the failed attempts (three lock the code until a new
 * one is requested). See docs/decisions/011-bank-accounts.md.
 */
import { actingUserId } from "../../lib/actor";
import { Op, type Transaction, type WhereOptions } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount, BankAccountDocument, Company, User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { isAdminActor } from "../../lib/actor";
import type { Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import {
  assertResendAllowed,
  attemptsLeft,
  checkCode,
  codeRefused,
  codeState,
  issueCode,
  type CodeRecord,
  type CodeState,
} from "../one-time-codes/service.server";
import { sendSms } from "../notifications/sms.server";
import {
  ADMIN_TAB_STATUSES,
  canReviewStatement,
  canUploadStatement,
  describeAccountDetails,
  isListedAccount,
  maskPhoneNumber,
  sniffStatementType,
  statementFileName,
  withdrawalCard,
  type BankAccountLoadedBy,
  type BankAccountStatus,
  type StatementMimeType,
  type WithdrawalCard,
} from "./rules";
import {
  ACCOUNT_ALREADY_ADDED,
  AdminListQuerySchema,
  BANK_ACCOUNT_NOT_FOUND,
  bankAccountFormSchema,
  CODE_TTL_MS,
  CodeSchema,
  formErrors,
  IdSchema,
  NO_DEFAULT_ACCOUNT,
  PHONE_NOT_PROVIDED,
  REVIEW_NOT_ALLOWED,
  STATEMENT_MAX_BYTES,
  STATEMENT_MISSING,
  STATEMENT_NOT_EXPECTED,
  STATEMENT_TOO_LARGE,
  STATEMENT_UNSUPPORTED,
  SYSTEM_ACCOUNT_NOT_EDITABLE,
  VALUES_MISSING,
  type AdminListQuery,
  type BankAccountDetails,
  type BankAccountFormValues,
  type ReviewDecision,
} from "./schema";
import { audit } from "../audit/service.server";
import { getCompany, requireAdmin, requireCompanyId } from "../companies/service.server";

/** A bank account as screens and other modules see it: no code hash, no document bytes. */
export interface WithdrawalAccount {
  id: number;
  companyId: number;
  bankAccountName: string;
  bankAccountNumber: string | null;
  bsb: string | null;
  payId: string | null;
  /** The account's details formatted for display (p1 §5 display formats). */
  details: string;
  bankAccountStatus: BankAccountStatus;
  loadedBy: BankAccountLoadedBy;
  defaultAccount: boolean;
  documentFileName: string | null;
  /** The spec's modificationTime (ISO). */
  modificationTime: string;
}

export interface WithdrawalSettings {
  country: Country;
  connectedToXero: boolean;
  accounts: WithdrawalAccount[];
  defaultAccount: WithdrawalAccount | null;
  card: WithdrawalCard;
}

interface Clock {
  now?: Date;
}

const toView = (row: BankAccount): WithdrawalAccount => ({
  id: row.id,
  companyId: row.companyId,
  bankAccountName: row.bankAccountName,
  bankAccountNumber: row.bankAccountNumber ?? null,
  bsb: row.bsb ?? null,
  payId: row.payId ?? null,
  details: describeAccountDetails({ bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null }),
  bankAccountStatus: row.bankAccountStatus,
  loadedBy: row.loadedBy,
  defaultAccount: row.defaultAccount,
  documentFileName: row.documentFileName ?? null,
  modificationTime: row.updatedAt.toISOString(),
});

/** Accounts a company can withdraw to: not deleted, not pending their SMS code, not Earlybird's SYSTEM account. */
const LIVE_WITHDRAWAL_ACCOUNT = {
  bankAccountStatus: { [Op.ne]: "DELETED" },
  codeHash: null,
  loadedBy: { [Op.ne]: "SYSTEM" },
} satisfies WhereOptions<BankAccount>;

const notFound = () => new AppError(404, BANK_ACCOUNT_NOT_FOUND, { code: "NOT_FOUND" });

/**
 * Company users act on their own company's accounts: the companies module's requireCompanyId (403 "Forbidden" without
 * a company). An admin, or the operator, is refused the same 403 even when acting for a company: they use the admin
 * calls (or name a company where allowed), never the company user's wizard.
 */
function requireCompany(actor: Actor): number {
  if (isAdminActor(actor)) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  return requireCompanyId(actor, "Forbidden");
}

async function companyOf(companyId: number, transaction?: Transaction) {
  return getCompany(companyId, { attributes: ["id", "companyName", "country", "connectedToXero"], transaction });
}

async function liveAccounts(companyId: number, country: Country, options: { transaction?: Transaction; lock?: boolean } = {}) {
  const rows = await BankAccount.findAll({
    where: { companyId, ...LIVE_WITHDRAWAL_ACCOUNT },
    order: [
      ["defaultAccount", "DESC"],
      ["createdAt", "ASC"],
      ["id", "ASC"],
    ],
    transaction: options.transaction,
    ...(options.lock && options.transaction ? { lock: options.transaction.LOCK.UPDATE } : {}),
  });
  return rows.filter((row) => isListedAccount(country, { bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null }));
}

// --- Reading: the card, and the calls the withdrawals module makes ----------------------------------------------

/** The settings Withdrawals tab (p1 §4 "Withdrawal account card"). */
export async function getWithdrawalSettings(actor: Actor): Promise<WithdrawalSettings> {
  const companyId = requireCompany(actor);
  const company = await companyOf(companyId);
  const accounts = (await liveAccounts(companyId, company.country)).map(toView);
  const defaultAccount = accounts.find((account) => account.defaultAccount) ?? null;
  return {
    country: company.country,
    connectedToXero: company.connectedToXero,
    accounts,
    defaultAccount,
    card: withdrawalCard({ accountCount: accounts.length, defaultStatus: defaultAccount?.bankAccountStatus ?? null, connectedToXero: company.connectedToXero }),
  };
}

/**
 * The accounts a company may withdraw to, default first (p1 §3 list rules). A company user gets their own
 * company's; an admin names the company (withdrawal on behalf of a company, p1 §4).
 */
export async function listWithdrawalAccounts(actor: Actor, companyId?: number): Promise<WithdrawalAccount[]> {
  let target: number;
  if (isAdminActor(actor)) {
    if (companyId === undefined) throw new AppError(400, VALUES_MISSING, { code: "VALUES_MISSING" });
    target = companyId;
  } else {
    target = requireCompany(actor);
    if (companyId !== undefined && companyId !== target) throw notFound();
  }
  const company = await companyOf(target);
  return (await liveAccounts(target, company.country)).map(toView);
}

/**
 * The company's default withdrawal account with its status, or null (p1 §4 Withdraw: a regular user withdraws to
 * their company's default non-deleted account). With `lock` (inside `transaction`) the row stays locked FOR UPDATE
 * until that transaction ends, so it cannot be deleted or changed while a withdrawal is written.
 */
export async function getDefaultWithdrawalAccount(
  companyId: number,
  options: { transaction?: Transaction; lock?: boolean } = {}
): Promise<WithdrawalAccount | null> {
  const company = await companyOf(companyId, options.transaction);
  const row = await BankAccount.findOne({
    where: { companyId, defaultAccount: true, ...LIVE_WITHDRAWAL_ACCOUNT },
    transaction: options.transaction,
    ...(options.lock && options.transaction ? { lock: options.transaction.LOCK.UPDATE } : {}),
  });
  if (!row || !isListedAccount(company.country, { bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null }))
    return null;
  return toView(row);
}

// --- The add wizard: details, SMS code -----------------------------------------------------------------------------

export type DetailsCheck = { ok: true; details: BankAccountDetails } | { ok: false; errors: Record<string, string> };

/** DETAILS_ENTRY → DETAILS_REVIEW: the form checked and normalised for the company's country; nothing written. */
export async function reviewBankAccountDetails(actor: Actor, values: Partial<BankAccountFormValues>): Promise<DetailsCheck> {
  const companyId = requireCompany(actor);
  const company = await companyOf(companyId);
  const parsed = bankAccountFormSchema(company.country).safeParse(values);
  if (!parsed.success) return { ok: false, errors: formErrors(parsed.error) };
  const duplicate = await findDuplicate(companyId, parsed.data);
  if (duplicate) return { ok: false, errors: { [parsed.data.payId ? "payId" : "bankAccountNumber"]: ACCOUNT_ALREADY_ADDED } };
  return { ok: true, details: parsed.data };
}

async function findDuplicate(companyId: number, details: BankAccountDetails, transaction?: Transaction) {
  const same = details.payId ? { payId: details.payId } : { bankAccountNumber: details.bankAccountNumber, bsb: details.bsb };
  return BankAccount.findOne({ where: { companyId, ...LIVE_WITHDRAWAL_ACCOUNT, ...same }, attributes: ["id"], transaction });
}

export interface PendingBankAccount {
  id: number;
  bankAccountName: string;
  details: string;
  /** The phone the code went to, mostly hidden. */
  phoneHint: string;
  state: CodeState;
  attemptsLeft: number;
}

/** The pending account's SMS code as the one-time-code rules see it. */
const pendingCodeOf = (row: BankAccount): CodeRecord & { hash: string | null } => ({
  hash: row.codeHash ?? null,
  expiresAt: row.codeExpiresAt ?? null,
  failedAttempts: row.codeFailedAttempts,
});

async function phoneOf(userId: number): Promise<string> {
  const user = await User.findByPk(userId, { attributes: ["id", "phoneNumber"] });
  if (!user?.phoneNumber) throw new AppError(400, PHONE_NOT_PROVIDED, { code: "PHONE_NOT_PROVIDED" });
  return user.phoneNumber;
}

async function sendCode(phone: string, code: string, userId: number) {
  await sendSms({
    to: phone,
    text: `Your Earlybird code to add a bank account is ${code}. It expires in ${
      CODE_TTL_MS / 60_000
    } minutes. Never share this code. If you did not ask for it, contact Earlybird.`,
    relatedUserId: userId,
  });
}

/**
 * "Next" on DETAILS_REVIEW (p1 §4): the account is posted without its code, so the server asks for the code ("2fa
 * code missing", p1 §8): a pending account is stored with the hash of a new six-digit code, and the code goes by SMS
 * to the acting user's phone. Earlier pending accounts of the company are dropped (they never became accounts).
 */
export async function startBankAccount(actor: Actor, values: Partial<BankAccountFormValues>, clock: Clock = {}): Promise<PendingBankAccount> {
  const now = clock.now ?? new Date();
  const companyId = requireCompany(actor);
  const company = await companyOf(companyId);
  const parsed = bankAccountFormSchema(company.country).safeParse(values);
  if (!parsed.success) throw AppError.validation(parsed.error);
  const details = parsed.data;
  const phone = await phoneOf(actor.userId);
  const { code, stored } = await issueCode(now);
  const row = await sequelize.transaction(async (transaction) => {
    if (await findDuplicate(companyId, details, transaction)) {
      throw new AppError(409, ACCOUNT_ALREADY_ADDED, { code: "DUPLICATE", field: details.payId ? "payId" : "bankAccountNumber" });
    }
    await BankAccount.destroy({ where: { companyId, codeHash: { [Op.ne]: null } }, transaction });
    return BankAccount.create(
      {
        companyId,
        bankAccountName: details.bankAccountName,
        bankAccountNumber: details.bankAccountNumber,
        bsb: details.bsb,
        payId: details.payId,
        bankAccountStatus: "UNVERIFIED",
        loadedBy: "EARLYBIRD",
        defaultAccount: false,
        codeHash: stored.hash,
        codeExpiresAt: stored.expiresAt,
        codeFailedAttempts: stored.failedAttempts,
      },
      { transaction }
    );
  });
  // After the commit: the SMS never announces an account that was not stored.
  await sendCode(phone, code, actor.userId);
  return pendingView(row, phone, now);
}

function pendingView(row: BankAccount, phone: string | null, now: Date): PendingBankAccount {
  return {
    id: row.id,
    bankAccountName: row.bankAccountName,
    details: describeAccountDetails({ bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null }),
    phoneHint: maskPhoneNumber(phone),
    state: codeState(pendingCodeOf(row), now),
    attemptsLeft: attemptsLeft(row.codeFailedAttempts),
  };
}

async function lookupPending(companyId: number, id: unknown, transaction?: Transaction) {
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) return null;
  return BankAccount.findOne({
    where: { id: parsed.data, companyId, codeHash: { [Op.ne]: null } },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
}

async function findPending(companyId: number, id: unknown, transaction?: Transaction) {
  const row = await lookupPending(companyId, id, transaction);
  if (!row) throw notFound();
  return row;
}

/** CODE_ENTRY: the pending account of the actor's company, or null (also once its code is confirmed or replaced). */
export async function findPendingBankAccount(actor: Actor, id: unknown, clock: Clock = {}): Promise<PendingBankAccount | null> {
  const companyId = requireCompany(actor);
  const row = await lookupPending(companyId, id);
  if (!row) return null;
  const user = await User.findByPk(actor.userId, { attributes: ["id", "phoneNumber"] });
  return pendingView(row, user?.phoneNumber ?? null, clock.now ?? new Date());
}

/** Like findPendingBankAccount, 404 when there is no such pending account. */
export async function getPendingBankAccount(actor: Actor, id: unknown, clock: Clock = {}): Promise<PendingBankAccount> {
  const pending = await findPendingBankAccount(actor, id, clock);
  if (!pending) throw notFound();
  return pending;
}

/** "Request a new code": a fresh code replaces the old one and the failed attempts start again at 0 (p1 §4). */
export async function requestNewBankAccountCode(actor: Actor, id: unknown, clock: Clock = {}): Promise<PendingBankAccount> {
  const now = clock.now ?? new Date();
  const companyId = requireCompany(actor);
  const phone = await phoneOf(actor.userId);
  const { code, stored } = await issueCode(now);
  const row = await sequelize.transaction(async (transaction) => {
    const pending = await findPending(companyId, id, transaction);
    assertResendAllowed(pending.codeExpiresAt ?? null, now);
    return pending.update({ codeHash: stored.hash, codeExpiresAt: stored.expiresAt, codeFailedAttempts: stored.failedAttempts }, { transaction });
  });
  await sendCode(phone, code, actor.userId);
  return pendingView(row, phone, now);
}

/**
 * The code entered on CODE_ENTRY. Wrong: one failed attempt counted ("Invalid code..."); the third failure, and any
 * try after it, answers "You have made 3 failed attempts..." until a new code is requested. An expired code is
 * refused without counting. Right: the account becomes live and the company's default (the wizard adds the
 * withdrawal account; p1 §7 posts it with defaultAccount), any former default losing the flag.
 */
export async function confirmBankAccountCode(actor: Actor, id: unknown, code: unknown, clock: Clock = {}): Promise<WithdrawalAccount> {
  const now = clock.now ?? new Date();
  const companyId = requireCompany(actor);
  const parsedCode = CodeSchema.safeParse(code);
  if (!parsedCode.success) throw AppError.validation({ code: parsedCode.error.issues[0].message });

  const outcome = await sequelize.transaction(async (transaction) => {
    const pending = await findPending(companyId, id, transaction);
    const check = await checkCode(pendingCodeOf(pending), parsedCode.data, now);
    if (!check.ok) {
      if (check.failedAttempts !== null) await pending.update({ codeFailedAttempts: check.failedAttempts }, { transaction });
      return { kind: "REFUSED" as const, refusal: check.refusal };
    }
    // The new account becomes the default: lock the company's live accounts (ascending ids) and move the flag.
    await BankAccount.findAll({ where: { companyId, ...LIVE_WITHDRAWAL_ACCOUNT }, order: [["id", "ASC"]], lock: transaction.LOCK.UPDATE, transaction });
    await BankAccount.update({ defaultAccount: false }, { where: { companyId, defaultAccount: true }, transaction });
    await pending.update({ codeHash: null, codeExpiresAt: null, codeFailedAttempts: 0, codeVerifiedAt: now, defaultAccount: true }, { transaction });
    await audit(
      actor,
      {
        companyId,
        action: "BANK_ACCOUNT_ADDED",
        entityType: "bank_account",
        entityId: pending.id,
        details: { defaultAccount: true },
      },
      { transaction }
    );
    return { kind: "OK" as const, account: toView(pending) };
  });
  // Thrown after the commit, so a wrong code's attempt stays counted.
  if (outcome.kind === "REFUSED") throw codeRefused(outcome.refusal);
  return outcome.account;
}

// --- Default account and delete --------------------------------------------------------------------------------------

async function findLive(companyId: number, id: unknown, transaction: Transaction) {
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  const row = await BankAccount.findOne({
    where: { id: parsed.data, companyId, bankAccountStatus: { [Op.ne]: "DELETED" }, codeHash: null },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!row) throw notFound();
  if (row.loadedBy === "SYSTEM") throw new AppError(400, SYSTEM_ACCOUNT_NOT_EDITABLE, { code: "SYSTEM_ACCOUNT" });
  return row;
}

/** "Select Account" (p1 §4): the chosen account becomes the company's default (PUT ... defaultAccount true, p1 §7). */
export async function setDefaultBankAccount(actor: Actor, id: unknown): Promise<WithdrawalAccount> {
  const companyId = requireCompany(actor);
  const company = await companyOf(companyId);
  return sequelize.transaction(async (transaction) => {
    const accounts = await liveAccounts(companyId, company.country, { transaction, lock: true });
    const parsed = IdSchema.safeParse(id);
    const chosen = parsed.success ? accounts.find((account) => account.id === parsed.data) : undefined;
    if (!chosen) throw notFound();
    await BankAccount.update({ defaultAccount: false }, { where: { companyId, defaultAccount: true, id: { [Op.ne]: chosen.id } }, transaction });
    await chosen.update({ defaultAccount: true }, { transaction });
    await audit(actor, { companyId, action: "BANK_ACCOUNT_DEFAULT_SET", entityType: "bank_account", entityId: chosen.id }, { transaction });
    return toView(chosen);
  });
}

/** The company's account to delete (for the confirm dialog). */
export async function getBankAccount(actor: Actor, id: unknown): Promise<WithdrawalAccount> {
  const companyId = requireCompany(actor);
  const company = await companyOf(companyId);
  const parsed = IdSchema.safeParse(id);
  const account = parsed.success ? (await liveAccounts(companyId, company.country)).find((row) => row.id === parsed.data) : undefined;
  if (!account) throw notFound();
  return toView(account);
}

/**
 * Delete (p1 §2 "delete bank account dialog"): the row stays, as DELETED and no longer default, for the withdrawals
 * and statements that refer to it. A withdrawal already requested to it is paid as requested.
 */
export async function deleteBankAccount(actor: Actor, id: unknown): Promise<WithdrawalAccount> {
  const companyId = requireCompany(actor);
  return sequelize.transaction(async (transaction) => {
    const row = await findLive(companyId, id, transaction);
    await row.update({ bankAccountStatus: "DELETED", defaultAccount: false }, { transaction });
    await audit(actor, { companyId, action: "BANK_ACCOUNT_DELETED", entityType: "bank_account", entityId: row.id }, { transaction });
    return toView(row);
  });
}

// --- BANK_STATEMENT: upload ------------------------------------------------------------------------------------------

/** The account the statement step verifies: the company's default (p1 §4: the wizard verifies the default account). */
export async function getStatementTarget(actor: Actor): Promise<{ account: WithdrawalAccount; canUpload: boolean }> {
  const companyId = requireCompany(actor);
  const account = await getDefaultWithdrawalAccount(companyId);
  if (!account) throw new AppError(400, NO_DEFAULT_ACCOUNT, { code: "NO_DEFAULT_ACCOUNT" });
  return { account, canUpload: canUploadStatement(account.bankAccountStatus) };
}

export interface StatementUpload {
  /** The browser's file name; only a label, never trusted for the type. */
  fileName: string | null;
  /** The bytes read (all of them, or the first STATEMENT_MAX_BYTES + 1 when the file was larger). */
  content: Buffer | null;
  /** The file's full size in bytes. */
  sizeBytes: number;
}

/**
 * Reads an uploaded file's stream, keeping at most STATEMENT_MAX_BYTES + 1 bytes in memory: the rest of a larger
 * file is read and dropped (so the request completes and the user sees the size message).
 */
export async function readStatementStream(fileName: string | null, data: AsyncIterable<Uint8Array>): Promise<StatementUpload> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (kept <= STATEMENT_MAX_BYTES) {
      const room = STATEMENT_MAX_BYTES + 1 - kept;
      const part = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, room));
      chunks.push(Buffer.from(part));
      kept += part.byteLength;
    }
  }
  return { fileName, content: size > 0 ? Buffer.concat(chunks) : null, sizeBytes: size };
}

/**
 * BANK_STATEMENT (p1 §4-5): the statement of the company's default account. Checks, in order: the account id
 * ("Values are missing"), that it is the default ("No default account added to verify"), a file ("No statement file
 * selected"), its type by content ("Unsupported file format..."), its size at most 10,000,000 bytes ("...less than
 * 10 MB..."). Then the statement is stored and the account is VERIFICATION_PENDING until an admin reviews it.
 */
export async function uploadBankStatement(actor: Actor, input: { bankAccountId: unknown; file: StatementUpload | null }): Promise<WithdrawalAccount> {
  const companyId = requireCompany(actor);
  const id = IdSchema.safeParse(input.bankAccountId);
  if (!id.success) throw new AppError(400, VALUES_MISSING, { code: "VALUES_MISSING" });
  const file = input.file;
  const check = (): StatementMimeType => {
    if (!file || !file.content || file.sizeBytes === 0) throw new AppError(400, STATEMENT_MISSING, { code: "STATEMENT_MISSING", field: "file" });
    const type = sniffStatementType(file.content.subarray(0, 16));
    if (!type) throw new AppError(400, STATEMENT_UNSUPPORTED, { code: "STATEMENT_UNSUPPORTED", field: "file" });
    if (file.sizeBytes > STATEMENT_MAX_BYTES || file.content.byteLength > STATEMENT_MAX_BYTES) {
      throw new AppError(413, STATEMENT_TOO_LARGE, { code: "STATEMENT_TOO_LARGE", field: "file" });
    }
    return type;
  };

  return sequelize.transaction(async (transaction) => {
    const company = await companyOf(companyId, transaction);
    const row = await BankAccount.findOne({
      where: { id: id.data, companyId, defaultAccount: true, ...LIVE_WITHDRAWAL_ACCOUNT },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!row || !isListedAccount(company.country, { bankAccountNumber: row.bankAccountNumber ?? null, bsb: row.bsb ?? null, payId: row.payId ?? null })) {
      throw new AppError(400, NO_DEFAULT_ACCOUNT, { code: "NO_DEFAULT_ACCOUNT" });
    }
    const type = check();
    if (!canUploadStatement(row.bankAccountStatus)) throw new AppError(409, STATEMENT_NOT_EXPECTED, { code: "STATEMENT_NOT_EXPECTED", field: "file" });
    const content = file!.content!;
    const fileName = statementFileName(file!.fileName, type);
    await BankAccountDocument.create(
      { bankAccountId: row.id, fileName, mimeType: type, sizeBytes: content.byteLength, content, uploadedByUserId: actingUserId(actor) },
      { transaction }
    );
    await row.update({ bankAccountStatus: "VERIFICATION_PENDING", documentFileName: fileName }, { transaction });
    await audit(
      actor,
      {
        companyId,
        action: "BANK_STATEMENT_UPLOADED",
        entityType: "bank_account",
        entityId: row.id,
        details: { fileName, mimeType: type, sizeBytes: content.byteLength },
      },
      { transaction }
    );
    return toView(row);
  });
}

// --- Statements: viewing -------------------------------------------------------------------------------------------

export interface StatementFile {
  fileName: string;
  mimeType: StatementMimeType;
  content: Buffer;
}

/** The account's newest statement, for an admin or the company that owns the account; 404 for anyone else. */
export async function getBankStatementFile(actor: Actor, bankAccountId: unknown): Promise<StatementFile> {
  const id = IdSchema.safeParse(bankAccountId);
  if (!id.success) throw notFound();
  const where: WhereOptions<BankAccount> = isAdminActor(actor) ? { id: id.data } : { id: id.data, companyId: requireCompany(actor), codeHash: null };
  const account = await BankAccount.findOne({ where, attributes: ["id"] });
  if (!account) throw notFound();
  const document = await BankAccountDocument.findOne({
    where: { bankAccountId: account.id },
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
  });
  if (!document) throw new AppError(404, "No document uploaded", { code: "NOT_FOUND" });
  return { fileName: document.fileName, mimeType: document.mimeType, content: document.content };
}

// --- Admin -------------------------------------------------------------------------------------------------------

export interface AdminBankAccountRow extends WithdrawalAccount {
  companyName: string;
  country: Country;
}

/** Admin /bank-accounts (p3 §2.3, §7.3): by tab, newest change first, `size` a page. */
export async function listBankAccountsForAdmin(actor: Actor, query: Partial<Record<keyof AdminListQuery, unknown>>) {
  requireAdmin(actor);
  const { tab, page, size } = AdminListQuerySchema.parse(query);
  const where: WhereOptions<BankAccount> = { bankAccountStatus: { [Op.in]: ADMIN_TAB_STATUSES[tab] }, codeHash: null, loadedBy: { [Op.ne]: "SYSTEM" } };
  const { rows, count } = await BankAccount.findAndCountAll({
    where,
    include: [{ model: Company, as: "company", attributes: ["id", "companyName", "country"] }],
    order: [
      ["updatedAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    tab,
    page,
    size,
    totalElements: count,
    bankAccounts: rows.map(
      (row): AdminBankAccountRow => ({ ...toView(row), companyName: row.company?.companyName ?? "", country: row.company?.country ?? "NZ" })
    ),
  };
}

export interface AdminCompanyBankAccount extends WithdrawalAccount {
  statement: { fileName: string; mimeType: StatementMimeType; sizeBytes: number; uploadedAt: string } | null;
  /** Approve and Reject are offered (p3 §4.4). */
  canReview: boolean;
}

/** /companies/{id}/bank-accounts: the company's accounts with their newest statement (p3 §2.3 statement viewer). */
export async function getCompanyBankAccountsForAdmin(actor: Actor, companyId: unknown) {
  requireAdmin(actor);
  const id = IdSchema.safeParse(companyId);
  if (!id.success) throw new AppError(404, "Company not found", { code: "NOT_FOUND" });
  const company = await companyOf(id.data);
  const rows = await BankAccount.findAll({
    where: { companyId: company.id, codeHash: null, loadedBy: { [Op.ne]: "SYSTEM" }, bankAccountStatus: { [Op.ne]: "DELETED" } },
    order: [
      ["defaultAccount", "DESC"],
      ["updatedAt", "DESC"],
      ["id", "DESC"],
    ],
  });
  const documents = rows.length
    ? await BankAccountDocument.findAll({
        where: { bankAccountId: { [Op.in]: rows.map((row) => row.id) } },
        attributes: ["id", "bankAccountId", "fileName", "mimeType", "sizeBytes", "createdAt"],
        order: [
          ["createdAt", "DESC"],
          ["id", "DESC"],
        ],
      })
    : [];
  const newest = new Map<number, BankAccountDocument>();
  for (const document of documents) if (!newest.has(document.bankAccountId)) newest.set(document.bankAccountId, document);
  return {
    company: { id: company.id, companyName: company.companyName, country: company.country },
    accounts: rows.map((row): AdminCompanyBankAccount => {
      const document = newest.get(row.id);
      return {
        ...toView(row),
        statement: document
          ? { fileName: document.fileName, mimeType: document.mimeType, sizeBytes: document.sizeBytes, uploadedAt: document.createdAt.toISOString() }
          : null,
        canReview: canReviewStatement(row.bankAccountStatus, Boolean(document)),
      };
    }),
  };
}

/**
 * Approve → VERIFIED, Reject → VERIFICATION_FAILED (p3 §4.4), only while the account is VERIFICATION_PENDING with a
 * statement. The row is locked, so of two admins deciding at once the second is refused.
 */
export async function reviewBankAccount(
  actor: Actor,
  input: { companyId: unknown; bankAccountId: unknown; decision: ReviewDecision }
): Promise<WithdrawalAccount> {
  requireAdmin(actor);
  const companyId = IdSchema.safeParse(input.companyId);
  const id = IdSchema.safeParse(input.bankAccountId);
  if (!companyId.success || !id.success) throw notFound();
  return sequelize.transaction(async (transaction) => {
    const row = await BankAccount.findOne({ where: { id: id.data, companyId: companyId.data, codeHash: null }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw notFound();
    const hasStatement = (await BankAccountDocument.count({ where: { bankAccountId: row.id }, transaction })) > 0;
    if (!canReviewStatement(row.bankAccountStatus, hasStatement)) throw new AppError(409, REVIEW_NOT_ALLOWED, { code: "REVIEW_NOT_ALLOWED" });
    const approved = input.decision === "APPROVE";
    await row.update(
      approved
        ? { bankAccountStatus: "VERIFIED", verifiedByUserId: actingUserId(actor), verifiedAt: new Date() }
        : { bankAccountStatus: "VERIFICATION_FAILED", verifiedByUserId: null, verifiedAt: null },
      { transaction }
    );
    await audit(
      actor,
      {
        companyId: row.companyId,
        action: approved ? "BANK_ACCOUNT_APPROVED" : "BANK_ACCOUNT_REJECTED",
        entityType: "bank_account",
        entityId: row.id,
      },
      { transaction }
    );
    return toView(row);
  });
}
