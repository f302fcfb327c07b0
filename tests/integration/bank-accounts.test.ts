import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, BankAccount, BankAccountDocument, MailboxMessage, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  ACCOUNT_ALREADY_ADDED,
  ACCOUNT_NAME_REQUIRED,
  ACCOUNT_NUMBER_INVALID,
  BSB_SIX_DIGITS,
  CODE_EXPIRED,
  CODE_INVALID,
  CODE_LOCKED,
  CODE_REQUIRED,
  CODE_RESEND_TOO_SOON,
  NO_DEFAULT_ACCOUNT,
  PHONE_NOT_PROVIDED,
  REVIEW_NOT_ALLOWED,
  STATEMENT_MAX_BYTES,
  STATEMENT_MISSING,
  STATEMENT_NOT_EXPECTED,
  STATEMENT_TOO_LARGE,
  STATEMENT_UNSUPPORTED,
  VALUES_MISSING,
} from "../../app/modules/banking/schema";
import {
  confirmBankAccountCode,
  deleteBankAccount,
  getBankStatementFile,
  getCompanyBankAccountsForAdmin,
  getDefaultWithdrawalAccount,
  getPendingBankAccount,
  getWithdrawalSettings,
  listBankAccountsForAdmin,
  listWithdrawalAccounts,
  readStatementStream,
  requestNewBankAccountCode,
  reviewBankAccount,
  setDefaultBankAccount,
  startBankAccount,
  uploadBankStatement,
  type StatementUpload,
} from "../../app/modules/banking/service.server";
import { makeCompany, makeUser } from "../support/factories";

/**
 * The bank account wizard and its admin review against a real PostgreSQL, with SMS codes read from the built-in
 * mailbox (the default SMS provider stores them there). Every company is new.
 */
afterAll(async () => {
  await sequelize.close();
});

const phone = () => `+6421${crypto.randomInt(10_000_000, 99_999_999)}`;

async function companyUser(country: "NZ" | "AU" = "NZ", options: { phone?: string | null; company?: Company } = {}) {
  const company = options.company ?? (await makeCompany({ country }));
  const user = await makeUser({ company });
  const phoneNumber = options.phone === undefined ? phone() : options.phone;
  await user.update({ phoneNumber });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  return { company, user, actor, phoneNumber };
}

async function adminActor(): Promise<Actor> {
  const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
  return { userId: admin.id, companyId: null, roles: ["ROLE_ADMIN"] };
}

/** The six-digit code of the newest SMS to `to`, as the mailbox page shows it. */
async function latestCode(to: string): Promise<string> {
  const message = await MailboxMessage.findOne({ where: { toAddress: to, channel: "SMS" }, order: [["id", "DESC"]] });
  const match = /\b(\d{6})\b/.exec(message?.textBody ?? "");
  if (!match) throw new Error(`no code sent to ${to}`);
  return match[1];
}

const smsCount = (to: string) => MailboxMessage.count({ where: { toAddress: to, channel: "SMS" } });

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function expectAppError(work: Promise<unknown>, status: number, message: string) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).message).toBe(message);
  expect((error as AppError).status).toBe(status);
  return error as AppError;
}

const NZ_DETAILS = { bankAccountName: "Operating", bankAccountNumber: "12-3456-1234567-12" };

/** Adds a confirmed default account through the wizard. */
async function addAccount(actor: Actor, to: string, values: Record<string, string> = NZ_DETAILS) {
  const pending = await startBankAccount(actor, values);
  return confirmBankAccountCode(actor, pending.id, await latestCode(to));
}

const pdf = (size = 2_000) => {
  const content = Buffer.alloc(size, 0x20);
  content.write("%PDF-1.4\n");
  return content;
};
const png = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from("IHDR"), 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const upload = (content: Buffer | null, fileName = "statement.pdf"): StatementUpload => ({ fileName, content, sizeBytes: content?.byteLength ?? 0 });

describe("adding an account: details and the SMS code", () => {
  it("refuses bad details with the spec's messages and writes nothing", async () => {
    const { company, actor, phoneNumber } = await companyUser("NZ");
    // The one field-error shape (AppError.validation): 422 with details.fieldErrors.
    const error = await expectAppError(startBankAccount(actor, { bankAccountName: " ", bankAccountNumber: "12-3456-1" }), 422, ACCOUNT_NAME_REQUIRED);
    expect(error.details).toEqual({ fieldErrors: { bankAccountName: ACCOUNT_NAME_REQUIRED, bankAccountNumber: ACCOUNT_NUMBER_INVALID } });
    const au = await companyUser("AU");
    await expectAppError(startBankAccount(au.actor, { bankAccountName: "Ops", bsb: "06200", bankAccountNumber: "123456" }), 422, BSB_SIX_DIGITS);
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(0);
    expect(await smsCount(phoneNumber!)).toBe(0);
  });

  it("needs the user's phone number", async () => {
    const { actor, company } = await companyUser("NZ", { phone: null });
    await expectAppError(startBankAccount(actor, NZ_DETAILS), 400, PHONE_NOT_PROVIDED);
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("stores only a hash of the code, with a 10-minute expiry, and sends the code by SMS", async () => {
    const { company, actor, phoneNumber } = await companyUser("NZ");
    const now = new Date();
    const pending = await startBankAccount(actor, NZ_DETAILS, { now });
    expect(pending).toMatchObject({ bankAccountName: "Operating", details: "12-3456-1234567-012", state: "OPEN", attemptsLeft: 3 });
    expect(pending.phoneHint.endsWith(phoneNumber!.slice(-3))).toBe(true);

    const code = await latestCode(phoneNumber!);
    const row = await BankAccount.findByPk(pending.id, { rejectOnEmpty: true });
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeExpiresAt!.getTime()).toBe(now.getTime() + 10 * 60_000);
    expect(row).toMatchObject({ bankAccountNumber: "1234561234567012", defaultAccount: false, bankAccountStatus: "UNVERIFIED", codeFailedAttempts: 0 });
    // Not an account yet: in no list, not the default.
    expect(await listWithdrawalAccounts(actor)).toEqual([]);
    expect(await getDefaultWithdrawalAccount(company.id)).toBeNull();
    expect((await getWithdrawalSettings(actor)).card.state).toBe("NO_ACCOUNTS");
  });

  it("the right code makes the account live and the company's default", async () => {
    const { company, actor, phoneNumber } = await companyUser("NZ");
    const pending = await startBankAccount(actor, NZ_DETAILS);
    await expectAppError(confirmBankAccountCode(actor, pending.id, "12"), 422, CODE_REQUIRED);
    const account = await confirmBankAccountCode(actor, pending.id, await latestCode(phoneNumber!));
    expect(account).toMatchObject({ id: pending.id, defaultAccount: true, bankAccountStatus: "UNVERIFIED", details: "12-3456-1234567-012" });
    const row = await BankAccount.findByPk(pending.id, { rejectOnEmpty: true });
    expect(row).toMatchObject({ codeHash: null, codeExpiresAt: null });
    expect(row.codeVerifiedAt).toBeInstanceOf(Date);
    expect(await getDefaultWithdrawalAccount(company.id)).toMatchObject({ id: pending.id, bankAccountStatus: "UNVERIFIED" });
    expect((await getWithdrawalSettings(actor)).card).toMatchObject({ state: "DEFAULT", actions: ["VERIFY", "DELETE"] });
    // Once confirmed it is no longer a pending account: the code step is gone.
    await expectAppError(getPendingBankAccount(actor, pending.id), 404, "Bank account not found");
    expect(await AuditLogEntry.count({ where: { action: "BANK_ACCOUNT_ADDED", entityId: String(pending.id) } })).toBe(1);
  });

  it("three wrong codes lock the entry, even for the right code, until a new code is requested", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    const start = new Date();
    const pending = await startBankAccount(actor, NZ_DETAILS, { now: start });
    const first = await latestCode(phoneNumber!);
    const wrong = wrongCodeFor(first);
    await expectAppError(confirmBankAccountCode(actor, pending.id, wrong, { now: start }), 400, CODE_INVALID);
    await expectAppError(confirmBankAccountCode(actor, pending.id, wrong, { now: start }), 400, CODE_INVALID);
    expect((await getPendingBankAccount(actor, pending.id, { now: start })).attemptsLeft).toBe(1);
    await expectAppError(confirmBankAccountCode(actor, pending.id, wrong, { now: start }), 400, CODE_LOCKED);
    await expectAppError(confirmBankAccountCode(actor, pending.id, first, { now: start }), 400, CODE_LOCKED);
    expect(await getPendingBankAccount(actor, pending.id, { now: start })).toMatchObject({ state: "LOCKED", attemptsLeft: 0 });
    expect((await BankAccount.findByPk(pending.id, { rejectOnEmpty: true })).codeFailedAttempts).toBe(3);

    // A new code too soon is refused (no SMS flood); 30 s later it is sent and the counter starts again.
    await expectAppError(requestNewBankAccountCode(actor, pending.id, { now: new Date(start.getTime() + 5_000) }), 429, CODE_RESEND_TOO_SOON);
    const sent = await smsCount(phoneNumber!);
    const later = new Date(start.getTime() + 31_000);
    expect(await requestNewBankAccountCode(actor, pending.id, { now: later })).toMatchObject({ state: "OPEN", attemptsLeft: 3 });
    expect(await smsCount(phoneNumber!)).toBe(sent + 1);
    const second = await latestCode(phoneNumber!);
    if (second !== first) await expectAppError(confirmBankAccountCode(actor, pending.id, first, { now: later }), 400, CODE_INVALID);
    const account = await confirmBankAccountCode(actor, pending.id, second, { now: later });
    expect(account.defaultAccount).toBe(true);
  });

  it("never counts more than three failures, however many arrive at once", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    const pending = await startBankAccount(actor, NZ_DETAILS);
    const wrong = wrongCodeFor(await latestCode(phoneNumber!));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => confirmBankAccountCode(actor, pending.id, wrong)));
    const messages = results.map((result) => (result.status === "rejected" ? (result.reason as Error).message : "ok"));
    expect(messages.filter((message) => message === CODE_INVALID)).toHaveLength(2);
    expect(messages.filter((message) => message === CODE_LOCKED)).toHaveLength(18);
    expect((await BankAccount.findByPk(pending.id, { rejectOnEmpty: true })).codeFailedAttempts).toBe(3);
  });

  it("an expired code is refused without counting an attempt", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    const start = new Date();
    const pending = await startBankAccount(actor, NZ_DETAILS, { now: start });
    const code = await latestCode(phoneNumber!);
    const expired = new Date(start.getTime() + 10 * 60_000 + 1);
    await expectAppError(confirmBankAccountCode(actor, pending.id, code, { now: expired }), 400, CODE_EXPIRED);
    expect((await BankAccount.findByPk(pending.id, { rejectOnEmpty: true })).codeFailedAttempts).toBe(0);
    await requestNewBankAccountCode(actor, pending.id, { now: expired });
    expect((await confirmBankAccountCode(actor, pending.id, await latestCode(phoneNumber!), { now: expired })).defaultAccount).toBe(true);
  });

  it("a new start drops the company's earlier pending account; a live account cannot be added twice", async () => {
    const { company, actor, phoneNumber } = await companyUser("NZ");
    const abandoned = await startBankAccount(actor, { bankAccountName: "Old", bankAccountNumber: "0111110000001000" });
    const pending = await startBankAccount(actor, NZ_DETAILS);
    expect(await BankAccount.findByPk(abandoned.id)).toBeNull();
    await confirmBankAccountCode(actor, pending.id, await latestCode(phoneNumber!));
    await expectAppError(startBankAccount(actor, { bankAccountName: "Again", bankAccountNumber: "12-3456-1234567-012" }), 409, ACCOUNT_ALREADY_ADDED);
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("AU accounts: BSB and number, or PayID", async () => {
    const { company, actor, phoneNumber } = await companyUser("AU", { phone: "+61412345678" });
    const withBsb = await addAccount(actor, phoneNumber!, {
      bankAccountName: "Everyday",
      accountKind: "BANK_ACCOUNT",
      bsb: "062-000",
      bankAccountNumber: "1234 5678",
    });
    expect(withBsb).toMatchObject({ bsb: "062000", bankAccountNumber: "12345678", payId: null, details: "BSB 062-000 · 123 456 78" });
    await deleteBankAccount(actor, withBsb.id);
    const payId = await addAccount(actor, phoneNumber!, { bankAccountName: "PayID", accountKind: "PAY_ID", payId: "pay@outback.test" });
    expect(payId).toMatchObject({ payId: "pay@outback.test", bankAccountNumber: null, details: "PayID pay@outback.test" });
    expect(await getDefaultWithdrawalAccount(company.id)).toMatchObject({ id: payId.id });
  });
});

describe("company scoping", () => {
  it("another company's user can neither see nor act on an account or its statement", async () => {
    const owner = await companyUser("NZ");
    const other = await companyUser("NZ");
    const pending = await startBankAccount(owner.actor, NZ_DETAILS);
    const code = await latestCode(owner.phoneNumber!);
    await expectAppError(getPendingBankAccount(other.actor, pending.id), 404, "Bank account not found");
    await expectAppError(confirmBankAccountCode(other.actor, pending.id, code), 404, "Bank account not found");
    await expectAppError(requestNewBankAccountCode(other.actor, pending.id, { now: new Date(Date.now() + 60_000) }), 404, "Bank account not found");
    const account = await confirmBankAccountCode(owner.actor, pending.id, code);
    await uploadBankStatement(owner.actor, { bankAccountId: account.id, file: upload(pdf()) });

    await expectAppError(deleteBankAccount(other.actor, account.id), 404, "Bank account not found");
    await expectAppError(setDefaultBankAccount(other.actor, account.id), 404, "Bank account not found");
    await expectAppError(getBankStatementFile(other.actor, account.id), 404, "Bank account not found");
    await expectAppError(uploadBankStatement(other.actor, { bankAccountId: account.id, file: upload(pdf()) }), 400, NO_DEFAULT_ACCOUNT);
    await expectAppError(listWithdrawalAccounts(other.actor, owner.company.id), 404, "Bank account not found");
    expect(await listWithdrawalAccounts(other.actor)).toEqual([]);

    expect((await getBankStatementFile(owner.actor, account.id)).mimeType).toBe("application/pdf");
    const admin = await adminActor();
    expect((await getBankStatementFile(admin, account.id)).content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await listWithdrawalAccounts(admin, owner.company.id)).toHaveLength(1);
    await expectAppError(listWithdrawalAccounts(admin), 400, VALUES_MISSING);
  });

  it("admin calls are refused to company users; company calls to admins", async () => {
    const { actor } = await companyUser("NZ");
    await expectAppError(listBankAccountsForAdmin(actor, {}), 404, "Not found");
    await expectAppError(getCompanyBankAccountsForAdmin(actor, actor.companyId), 404, "Not found");
    await expectAppError(reviewBankAccount(actor, { companyId: actor.companyId, bankAccountId: 1, decision: "APPROVE" }), 404, "Not found");
    const admin = await adminActor();
    await expectAppError(startBankAccount(admin, NZ_DETAILS), 403, "Forbidden");
  });
});

describe("bank statement upload", () => {
  it("needs the account id and a default account", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    await expectAppError(uploadBankStatement(actor, { bankAccountId: "", file: upload(pdf()) }), 400, VALUES_MISSING);
    await expectAppError(uploadBankStatement(actor, { bankAccountId: 1, file: upload(pdf()) }), 400, NO_DEFAULT_ACCOUNT);
    const account = await addAccount(actor, phoneNumber!);
    await deleteBankAccount(actor, account.id);
    await expectAppError(uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf()) }), 400, NO_DEFAULT_ACCOUNT);
  });

  it("checks the file by its content and size, and writes nothing when it fails", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    const account = await addAccount(actor, phoneNumber!);
    const bankAccountId = account.id;
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: null }), 400, STATEMENT_MISSING);
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: upload(Buffer.alloc(0)) }), 400, STATEMENT_MISSING);
    // Named like a PDF, but a text file; a GIF called .png; an SVG called .jpg.
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: upload(Buffer.from("just text, not a PDF")) }), 400, STATEMENT_UNSUPPORTED);
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: upload(Buffer.from("GIF89a...."), "scan.png") }), 400, STATEMENT_UNSUPPORTED);
    await expectAppError(
      uploadBankStatement(actor, { bankAccountId, file: upload(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "scan.jpg") }),
      400,
      STATEMENT_UNSUPPORTED
    );
    // One byte over 10,000,000 is refused.
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: upload(pdf(STATEMENT_MAX_BYTES + 1)) }), 413, STATEMENT_TOO_LARGE);
    expect(await BankAccountDocument.count({ where: { bankAccountId } })).toBe(0);
    expect((await BankAccount.findByPk(bankAccountId, { rejectOnEmpty: true })).bankAccountStatus).toBe("UNVERIFIED");

    // A PNG named .pdf is stored as the PNG it is.
    const pending = await uploadBankStatement(actor, { bankAccountId, file: upload(png(), "march.pdf") });
    expect(pending).toMatchObject({ bankAccountStatus: "VERIFICATION_PENDING", documentFileName: "march.pdf.png" });
    const [document] = await BankAccountDocument.findAll({ where: { bankAccountId } });
    expect(document).toMatchObject({ mimeType: "image/png", sizeBytes: png().byteLength, fileName: "march.pdf.png", uploadedByUserId: actor.userId });
    expect((await getWithdrawalSettings(actor)).card).toMatchObject({ badge: "Verification Pending", actions: ["DELETE"] });
    // While pending (and once verified) no further statement is taken.
    await expectAppError(uploadBankStatement(actor, { bankAccountId, file: upload(pdf()) }), 409, STATEMENT_NOT_EXPECTED);
  });

  it("takes exactly 10,000,000 bytes", async () => {
    const { actor, phoneNumber } = await companyUser("NZ");
    const account = await addAccount(actor, phoneNumber!);
    const stored = await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf(STATEMENT_MAX_BYTES)) });
    expect(stored.bankAccountStatus).toBe("VERIFICATION_PENDING");
    expect((await BankAccountDocument.findOne({ where: { bankAccountId: account.id }, rejectOnEmpty: true })).sizeBytes).toBe(STATEMENT_MAX_BYTES);
  });

  it("reads an upload stream keeping at most the limit plus one byte, and counts the whole size", async () => {
    async function* chunks(total: number, chunk: number) {
      for (let sent = 0; sent < total; sent += chunk) yield new Uint8Array(Math.min(chunk, total - sent)).fill(0x25);
    }
    const big = await readStatementStream("big.pdf", chunks(STATEMENT_MAX_BYTES + 3 * 65_536, 65_536));
    expect(big.sizeBytes).toBe(STATEMENT_MAX_BYTES + 3 * 65_536);
    expect(big.content!.byteLength).toBe(STATEMENT_MAX_BYTES + 1);
    const small = await readStatementStream("small.pdf", chunks(1_000, 300));
    expect(small).toMatchObject({ fileName: "small.pdf", sizeBytes: 1_000 });
    expect(small.content!.byteLength).toBe(1_000);
    expect((await readStatementStream("", chunks(0, 1))).content).toBeNull();
  });
});

describe("default account and delete", () => {
  it("delete keeps the row as DELETED; Select Account makes another account the default", async () => {
    const { company, actor, phoneNumber } = await companyUser("NZ");
    const first = await addAccount(actor, phoneNumber!);
    const second = await addAccount(actor, phoneNumber!, { bankAccountName: "Savings", bankAccountNumber: "0212340123456000" });
    // The newest confirmed account took the default.
    expect((await listWithdrawalAccounts(actor)).map((account) => [account.id, account.defaultAccount])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    await deleteBankAccount(actor, second.id);
    expect(await BankAccount.findByPk(second.id, { rejectOnEmpty: true })).toMatchObject({ bankAccountStatus: "DELETED", defaultAccount: false });
    expect((await getWithdrawalSettings(actor)).card).toMatchObject({ state: "NO_DEFAULT", actions: ["SELECT"] });
    expect(await getDefaultWithdrawalAccount(company.id)).toBeNull();
    await expectAppError(setDefaultBankAccount(actor, second.id), 404, "Bank account not found");
    await setDefaultBankAccount(actor, first.id);
    expect(await getDefaultWithdrawalAccount(company.id)).toMatchObject({ id: first.id, defaultAccount: true });
    await deleteBankAccount(actor, first.id);
    expect((await getWithdrawalSettings(actor)).card.state).toBe("NO_ACCOUNTS");
  });

  it("never offers Earlybird's SYSTEM account and refuses to delete it", async () => {
    const { company, actor } = await companyUser("NZ");
    const system = await BankAccount.create({
      companyId: company.id,
      bankAccountName: "Working capital",
      // Unique across companies (bank_accounts_system_number_key).
      bankAccountNumber: `0201002${String(company.id).padStart(9, "0")}`,
      loadedBy: "SYSTEM",
      bankAccountStatus: "VERIFIED",
    });
    expect(await listWithdrawalAccounts(actor)).toEqual([]);
    await expectAppError(deleteBankAccount(actor, system.id), 400, "The Earlybird working capital account cannot be changed here");
    expect((await listBankAccountsForAdmin(await adminActor(), { tab: "all", size: 100 })).bankAccounts.some((row) => row.id === system.id)).toBe(false);
  });
});

describe("admin verification", () => {
  async function pendingAccount() {
    const user = await companyUser("NZ");
    const account = await addAccount(user.actor, user.phoneNumber!);
    return { ...user, account };
  }

  it("Approve and Reject only while VERIFICATION_PENDING with a statement", async () => {
    const admin = await adminActor();
    const { company, actor, account } = await pendingAccount();
    // Unverified, no statement: nothing to review.
    await expectAppError(reviewBankAccount(admin, { companyId: company.id, bankAccountId: account.id, decision: "APPROVE" }), 409, REVIEW_NOT_ALLOWED);
    let view = await getCompanyBankAccountsForAdmin(admin, company.id);
    expect(view.accounts[0]).toMatchObject({ id: account.id, canReview: false, statement: null });

    await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf(), "march.pdf") });
    view = await getCompanyBankAccountsForAdmin(admin, company.id);
    expect(view.company.companyName).toBe(company.companyName);
    expect(view.accounts[0]).toMatchObject({
      canReview: true,
      bankAccountStatus: "VERIFICATION_PENDING",
      statement: { fileName: "march.pdf", mimeType: "application/pdf" },
    });
    // The company id must match the account's.
    const stranger = await makeCompany();
    await expectAppError(reviewBankAccount(admin, { companyId: stranger.id, bankAccountId: account.id, decision: "APPROVE" }), 404, "Bank account not found");

    const approved = await reviewBankAccount(admin, { companyId: company.id, bankAccountId: account.id, decision: "APPROVE" });
    expect(approved.bankAccountStatus).toBe("VERIFIED");
    expect(await BankAccount.findByPk(account.id, { rejectOnEmpty: true })).toMatchObject({ verifiedByUserId: admin.userId });
    await expectAppError(reviewBankAccount(admin, { companyId: company.id, bankAccountId: account.id, decision: "REJECT" }), 409, REVIEW_NOT_ALLOWED);
    expect((await getWithdrawalSettings(actor)).card).toMatchObject({ badge: "VERIFIED", actions: ["DELETE"] });
    expect(await getDefaultWithdrawalAccount(company.id)).toMatchObject({ bankAccountStatus: "VERIFIED" });
    expect(await AuditLogEntry.count({ where: { action: "BANK_ACCOUNT_APPROVED", entityId: String(account.id), actorUserId: admin.userId } })).toBe(1);
  });

  it("Reject → VERIFICATION_FAILED; the user verifies again with a new statement", async () => {
    const admin = await adminActor();
    const { company, actor, account } = await pendingAccount();
    await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf()) });
    expect((await reviewBankAccount(admin, { companyId: company.id, bankAccountId: account.id, decision: "REJECT" })).bankAccountStatus).toBe(
      "VERIFICATION_FAILED"
    );
    expect((await getWithdrawalSettings(actor)).card).toMatchObject({ failed: true, actions: ["VERIFY", "DELETE"] });
    await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(png(), "april.png") });
    const view = await getCompanyBankAccountsForAdmin(admin, company.id);
    expect(view.accounts[0]).toMatchObject({ canReview: true, statement: { fileName: "april.png", mimeType: "image/png" } });
    expect((await getBankStatementFile(admin, account.id)).fileName).toBe("april.png");
  });

  it("two admins deciding at once: exactly one decision is taken", async () => {
    const [first, second] = [await adminActor(), await adminActor()];
    const { company, actor, account } = await pendingAccount();
    await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf()) });
    const results = await Promise.allSettled([
      reviewBankAccount(first, { companyId: company.id, bankAccountId: account.id, decision: "APPROVE" }),
      reviewBankAccount(second, { companyId: company.id, bankAccountId: account.id, decision: "REJECT" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as AppError).message).toBe(REVIEW_NOT_ALLOWED);
  });

  it("lists accounts by tab, newest change first, a page at a time", async () => {
    const admin = await adminActor();
    const { company, actor, account } = await pendingAccount();
    await uploadBankStatement(actor, { bankAccountId: account.id, file: upload(pdf()) });
    const pending = await listBankAccountsForAdmin(admin, { tab: "pending" });
    expect(pending).toMatchObject({ tab: "pending", page: 1, size: 20 });
    expect(pending.bankAccounts.every((row) => row.bankAccountStatus === "VERIFICATION_PENDING")).toBe(true);
    expect(pending.bankAccounts[0]).toMatchObject({ id: account.id, companyName: company.companyName, companyId: company.id });
    await reviewBankAccount(admin, { companyId: company.id, bankAccountId: account.id, decision: "APPROVE" });
    const approved = await listBankAccountsForAdmin(admin, { tab: "approved", size: 10 });
    expect(approved.bankAccounts[0].id).toBe(account.id);
    expect(approved.bankAccounts.every((row) => row.bankAccountStatus === "VERIFIED")).toBe(true);
    expect((await listBankAccountsForAdmin(admin, { tab: "pending", size: 100 })).bankAccounts.some((row) => row.id === account.id)).toBe(false);
    const all = await listBankAccountsForAdmin(admin, { tab: "all", size: 10, page: 1 });
    expect(all.bankAccounts.length).toBeLessThanOrEqual(10);
    expect(all.totalElements).toBeGreaterThanOrEqual(all.bankAccounts.length);
    const pageTwo = await listBankAccountsForAdmin(admin, { tab: "all", size: 10, page: 2 });
    expect(pageTwo.bankAccounts.some((row) => all.bankAccounts.some((first) => first.id === row.id))).toBe(false);
  });
});
