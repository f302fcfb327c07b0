/**
 * Company configuration services (issue 15 part 3; p3 §3, §5, §7.3): payment terms, GL codes, entity preferences and
 * entity settings against PostgreSQL. Each is scoped by the company it is given, refused to non-admins (the 404 of an
 * unknown page), audited, and a stale modificationTime is refused.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, CompanySettings, Counterparty, EntityPreferences, GlAccount, PaymentTerm } from "../../db/models/index";
import { operatorFor, type Actor } from "../../app/lib/actor";
import { addPaymentTerm, deletePaymentTerm, getPaymentTerm, listPaymentTerms, updatePaymentTerm } from "../../app/modules/payment-terms/service.server";
import {
  DEFAULT_TERM_REQUIRED,
  DEFAULT_TERM_UNDELETABLE,
  DUPLICATE_PAYMENT_TERMS,
  MANDATORY_PARAMS_MISSING,
  PAYMENT_DATE_REQUIRED,
  PAYMENT_DAY_REQUIRED,
  PAYMENT_TERM_IN_USE,
} from "../../app/modules/payment-terms/rules";
import {
  addGlAccount,
  deleteGlAccount,
  getGlAccount,
  listGlAccounts,
  setGlAccountDefault,
  updateGlAccount,
} from "../../app/modules/gl-accounts/service.server";
import { GL_CODE_EXISTS, GL_CODE_REQUIRED, INVALID_GL_CODE, NOTHING_TO_UPDATE } from "../../app/modules/gl-accounts/rules";
import { getEntityPreferences, getEntitySettings, updateEntityPreferences, updateEntitySettings } from "../../app/modules/entity-preferences/service.server";
import { MISSING_DATA, NO_ENTITY_ID_AVAILABLE, NO_PAYLOAD_AVAILABLE, SOMETHING_WENT_WRONG, STALE_SETTINGS } from "../../app/modules/entity-preferences/rules";
import { actorOf, makeAdmin, makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const companyUser = async () => {
  const user = await makeUser();
  return { actor: actorOf(user), companyId: user.companyId! };
};

describe("payment terms", () => {
  it("the first term is the default; duplicates (same date, same day) are refused with the spec's message; all audited", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const first = await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: "20" });
    expect(first).toMatchObject({ frequency: "MONTHLY", date: 20, dayOfWeek: null, defaultTerm: true });
    const weekly = await addPaymentTerm(admin, company.id, { frequency: "Weekly", dayOfWeek: "friday" });
    expect(weekly).toMatchObject({ frequency: "WEEKLY", dayOfWeek: "FRIDAY", defaultTerm: false });

    for (const input of [
      { frequency: "MONTHLY", date: 20 },
      { frequency: "WEEKLY", dayOfWeek: "FRIDAY" },
    ]) {
      await expect(addPaymentTerm(admin, company.id, input)).rejects.toMatchObject({
        status: 422,
        message: DUPLICATE_PAYMENT_TERMS,
        details: { fieldErrors: { frequency: DUPLICATE_PAYMENT_TERMS } },
      });
    }
    expect(await PaymentTerm.count({ where: { companyId: company.id } })).toBe(2);
    // The same term for another company is no duplicate: the rule is per company.
    const other = await makeCompany();
    await expect(addPaymentTerm(admin, other.id, { frequency: "MONTHLY", date: 20 })).resolves.toMatchObject({ defaultTerm: true });

    const entries = await AuditLogEntry.findAll({ where: { companyId: company.id, action: "payment_term.added" } });
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([String(first.id), String(weekly.id)].sort());
  });

  it("the database's unique indexes back the rule, and their violation is the spec's message", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 5 });
    await expect(PaymentTerm.create({ companyId: company.id, frequency: "MONTHLY", date: 5, dayOfWeek: null })).rejects.toThrow();
    // Two adds racing: both pass the check inside their own transaction only one at a time (the company row lock).
    const results = await Promise.allSettled([
      addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 6 }),
      addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 6 }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 422, message: DUPLICATE_PAYMENT_TERMS });
  });

  it("Monthly needs a date and Weekly a day; nothing is written on a refusal", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    await expect(addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: "" })).rejects.toMatchObject({
      details: { fieldErrors: { date: PAYMENT_DATE_REQUIRED } },
    });
    await expect(addPaymentTerm(admin, company.id, { frequency: "WEEKLY" })).rejects.toMatchObject({
      details: { fieldErrors: { dayOfWeek: PAYMENT_DAY_REQUIRED } },
    });
    await expect(addPaymentTerm(admin, company.id, null)).rejects.toMatchObject({ status: 400, message: MANDATORY_PARAMS_MISSING });
    await expect(addPaymentTerm(admin, 0, { frequency: "MONTHLY", date: 1 })).rejects.toMatchObject({ status: 400, message: MANDATORY_PARAMS_MISSING });
    await expect(addPaymentTerm(admin, 2_000_000_000, { frequency: "MONTHLY", date: 1 })).rejects.toMatchObject({ status: 404, message: "Company not found" });
    expect(await PaymentTerm.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("setting a term default unsets the old one in one transaction; the default can be neither unset nor deleted", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const a = await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 1 });
    const b = await addPaymentTerm(admin, company.id, { frequency: "WEEKLY", dayOfWeek: "MONDAY" });
    const c = await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 15, defaultTerm: true });
    expect((await listPaymentTerms(company.id)).filter((term) => term.defaultTerm).map((term) => term.id)).toEqual([c.id]);

    await updatePaymentTerm(admin, company.id, b.id, { frequency: "WEEKLY", dayOfWeek: "TUESDAY", defaultTerm: true });
    const terms = await listPaymentTerms(company.id);
    expect(terms[0]).toMatchObject({ id: b.id, dayOfWeek: "TUESDAY", defaultTerm: true });
    expect(terms.filter((term) => term.defaultTerm)).toHaveLength(1);

    await expect(updatePaymentTerm(admin, company.id, b.id, { frequency: "WEEKLY", dayOfWeek: "TUESDAY", defaultTerm: false })).rejects.toMatchObject({
      details: { fieldErrors: { defaultTerm: DEFAULT_TERM_REQUIRED } },
    });
    await expect(deletePaymentTerm(admin, company.id, b.id)).rejects.toMatchObject({ status: 409, message: DEFAULT_TERM_UNDELETABLE });
    // An edit onto another term's date is a duplicate; onto its own is fine.
    await expect(updatePaymentTerm(admin, company.id, a.id, { frequency: "MONTHLY", date: 15 })).rejects.toMatchObject({ message: DUPLICATE_PAYMENT_TERMS });
    await expect(updatePaymentTerm(admin, company.id, a.id, { frequency: "MONTHLY", date: 1 })).resolves.toMatchObject({ id: a.id, defaultTerm: false });

    await expect(deletePaymentTerm(admin, company.id, a.id)).resolves.toMatchObject({ id: a.id });
    expect(await PaymentTerm.findByPk(a.id)).toBeNull();
    expect(await AuditLogEntry.count({ where: { companyId: company.id, action: ["payment_term.updated", "payment_term.deleted"] } })).toBe(3);
  });

  it("is scoped by company: another company's term is 404", async () => {
    const admin = await makeAdmin();
    const mine = await makeCompany();
    const theirs = await makeCompany();
    const term = await addPaymentTerm(admin, theirs.id, { frequency: "MONTHLY", date: 9 });
    await addPaymentTerm(admin, theirs.id, { frequency: "MONTHLY", date: 10, defaultTerm: true });
    for (const run of [
      () => getPaymentTerm(admin, mine.id, term.id),
      () => updatePaymentTerm(admin, mine.id, term.id, { frequency: "MONTHLY", date: 11 }),
      () => deletePaymentTerm(admin, mine.id, term.id),
    ])
      await expect(run()).rejects.toMatchObject({ status: 404 });
    expect(await PaymentTerm.findByPk(term.id)).toMatchObject({ date: 9 });
  });

  it("a term used by scheduled payments is not deleted from under them", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const supplier = await makeCompany();
    await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 1 });
    const term = await addPaymentTerm(admin, company.id, { frequency: "MONTHLY", date: 2 });
    await Counterparty.create({
      companyId: company.id,
      counterpartyCompanyId: supplier.id,
      isSupplier: true,
      paymentTermId: term.id,
      externalBankAccountNumber: "0212340123456000",
      isScheduledPaymentsEnabled: true,
    });
    await expect(deletePaymentTerm(admin, company.id, term.id)).rejects.toMatchObject({ status: 409, message: PAYMENT_TERM_IN_USE });
    expect(await PaymentTerm.findByPk(term.id)).not.toBeNull();
  });

  it("non-admins are refused every change (404); the operator may", async () => {
    const { actor, companyId } = await companyUser();
    const admin = await makeAdmin();
    const term = await addPaymentTerm(admin, companyId, { frequency: "MONTHLY", date: 3 });
    for (const run of [
      () => addPaymentTerm(actor, companyId, { frequency: "MONTHLY", date: 4 }),
      () => getPaymentTerm(actor, companyId, term.id),
      () => updatePaymentTerm(actor, companyId, term.id, { frequency: "MONTHLY", date: 4 }),
      () => deletePaymentTerm(actor, companyId, term.id),
    ])
      await expect(run()).rejects.toMatchObject({ status: 404 });
    await expect(addPaymentTerm(operatorFor(companyId), companyId, { frequency: "WEEKLY", dayOfWeek: "SUNDAY" })).resolves.toMatchObject({
      dayOfWeek: "SUNDAY",
    });
  });
});

describe("GL codes", () => {
  it("adds a code ('GL Code is required'), refuses a visible duplicate, lists by code; audited", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    await expect(addGlAccount(admin, company.id, { accountCode: " ", accountName: "Purchases" })).rejects.toMatchObject({
      details: { fieldErrors: { accountCode: GL_CODE_REQUIRED } },
    });
    const purchases = await addGlAccount(admin, company.id, { accountCode: "300", accountName: "Purchases" });
    await addGlAccount(admin, company.id, { accountCode: "200", accountName: "Sales", isDefault: true });
    await expect(addGlAccount(admin, company.id, { accountCode: "300", accountName: "Again" })).rejects.toMatchObject({
      details: { fieldErrors: { accountCode: GL_CODE_EXISTS } },
    });
    expect((await listGlAccounts(company.id)).map((row) => [row.accountCode, row.isDefault])).toEqual([
      ["200", true],
      ["300", false],
    ]);
    expect(await AuditLogEntry.count({ where: { companyId: company.id, action: "gl_account.added", entityId: String(purchases.id) } })).toBe(1);
  });

  it("edit: 'Nothing to update', 'Invalid GL Code, please try again', one default moved in one transaction", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const a = await addGlAccount(admin, company.id, { accountCode: "300", accountName: "Purchases", isDefault: true });
    const b = await addGlAccount(admin, company.id, { accountCode: "310", accountName: "Cost of Goods Sold" });
    await expect(updateGlAccount(admin, company.id, { id: b.id }, { accountName: "Cost of Goods Sold", isDefault: false })).rejects.toMatchObject({
      status: 400,
      message: NOTHING_TO_UPDATE,
    });
    await expect(updateGlAccount(admin, company.id, { accountCode: "999" }, { accountName: "X" })).rejects.toMatchObject({
      status: 422,
      message: INVALID_GL_CODE,
      details: { fieldErrors: { accountCode: INVALID_GL_CODE } },
    });

    await expect(setGlAccountDefault(admin, company.id, { accountCode: "310" }, true)).resolves.toMatchObject({ change: { isDefault: true } });
    expect((await GlAccount.findAll({ where: { companyId: company.id, isDefault: true } })).map((row) => row.id)).toEqual([b.id]);
    await expect(setGlAccountDefault(admin, company.id, { id: b.id }, false)).resolves.toMatchObject({ change: { isDefault: false } });
    expect(await GlAccount.count({ where: { companyId: company.id, isDefault: true } })).toBe(0);
    await expect(updateGlAccount(admin, company.id, { id: a.id }, { accountName: "Stock purchases" })).resolves.toMatchObject({
      account: { accountName: "Stock purchases" },
    });
  });

  it("delete makes the code invisible and non-default, never removes it; adding it again shows it again", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const code = await addGlAccount(admin, company.id, { accountCode: "429", accountName: "General Expenses", isDefault: true });
    await deleteGlAccount(admin, company.id, { id: code.id });
    expect(await GlAccount.findByPk(code.id)).toMatchObject({ isVisibleInEarlybird: false, isDefault: false });
    expect(await listGlAccounts(company.id)).toEqual([]);
    expect(await listGlAccounts(company.id, { visibleOnly: false })).toHaveLength(1);
    await expect(deleteGlAccount(admin, company.id, { accountCode: "429" })).rejects.toMatchObject({ message: INVALID_GL_CODE });
    const again = await addGlAccount(admin, company.id, { accountCode: "429", accountName: "General" });
    expect(again).toMatchObject({ id: code.id, isVisibleInEarlybird: true, accountName: "General" });
    expect(await AuditLogEntry.count({ where: { companyId: company.id, action: "gl_account.deleted" } })).toBe(1);
  });

  it("is scoped by company and refused to non-admins", async () => {
    const admin = await makeAdmin();
    const { actor, companyId } = await companyUser();
    const theirs = await makeCompany();
    const code = await addGlAccount(admin, theirs.id, { accountCode: "300", accountName: "Purchases" });
    await expect(getGlAccount(admin, companyId, { id: code.id })).rejects.toMatchObject({ status: 404 });
    await expect(deleteGlAccount(admin, companyId, { accountCode: "300" })).rejects.toMatchObject({ status: 422, message: INVALID_GL_CODE });
    for (const run of [
      () => addGlAccount(actor, companyId, { accountCode: "1", accountName: "x" }),
      () => getGlAccount(actor, theirs.id, { id: code.id }),
      () => updateGlAccount(actor, theirs.id, { id: code.id }, { accountName: "y" }),
      () => setGlAccountDefault(actor, theirs.id, { id: code.id }, true),
      () => deleteGlAccount(actor, theirs.id, { id: code.id }),
    ])
      await expect(run()).rejects.toMatchObject({ status: 404 });
    expect(await GlAccount.findByPk(code.id)).toMatchObject({ accountName: "Purchases", isVisibleInEarlybird: true });
  });
});

describe("entity preferences and settings", () => {
  it("rows are created with the defaults on first read, once", async () => {
    const company = await makeCompany();
    const preferences = await getEntityPreferences(company.id);
    expect(preferences).toMatchObject({
      companyId: company.id,
      isAcceptApprovedInvoicesFromPurchasersEnabled: false,
      isShareApprovedInvoicesWithSuppliersEnabled: false,
      defaultProcessingQueue: "MANUAL",
      periodLockDate: null,
      modificationTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    });
    expect(await getEntityPreferences(company.id)).toEqual(preferences);
    expect(await EntityPreferences.count({ where: { companyId: company.id } })).toBe(1);
    const settings = await getEntitySettings(company.id);
    expect(settings).toMatchObject({ companyId: company.id, isRipeEnabled: false, isRipeLiteEnabled: false });
    expect(await CompanySettings.count({ where: { companyId: company.id } })).toBe(1);
    await expect(getEntityPreferences(2_000_000_000)).rejects.toMatchObject({ status: 404 });
  });

  it("the company patches its own preferences with the modificationTime it read; a stale one is refused", async () => {
    const { actor, companyId } = await companyUser();
    const read = await getEntityPreferences(companyId);
    const saved = await updateEntityPreferences(actor, companyId, {
      modificationTime: read.modificationTime,
      patch: { defaultProcessingQueue: "AUTOMATIC", isShareApprovedInvoicesWithSuppliersEnabled: true },
    });
    expect(saved).toMatchObject({
      defaultProcessingQueue: "AUTOMATIC",
      isShareApprovedInvoicesWithSuppliersEnabled: true,
      isAcceptApprovedInvoicesFromPurchasersEnabled: false,
    });
    expect(saved.modificationTime).not.toBe(read.modificationTime);

    await expect(
      updateEntityPreferences(actor, companyId, { modificationTime: read.modificationTime, patch: { defaultProcessingQueue: "MANUAL" } })
    ).rejects.toMatchObject({ status: 409, message: STALE_SETTINGS });
    await expect(updateEntityPreferences(actor, companyId, { modificationTime: "garbage", patch: { defaultProcessingQueue: "MANUAL" } })).rejects.toMatchObject(
      { status: 409 }
    );
    expect((await getEntityPreferences(companyId)).defaultProcessingQueue).toBe("AUTOMATIC");
    expect(await AuditLogEntry.count({ where: { companyId, action: "entity_preferences.updated" } })).toBe(1);
  });

  it("'No entity id available', 'No payload available', 'Missing data'", async () => {
    const { actor, companyId } = await companyUser();
    const { modificationTime } = await getEntityPreferences(companyId);
    await expect(updateEntityPreferences(actor, 0, { modificationTime, patch: { defaultProcessingQueue: "MANUAL" } })).rejects.toMatchObject({
      status: 400,
      message: NO_ENTITY_ID_AVAILABLE,
    });
    await expect(updateEntityPreferences(actor, companyId, { modificationTime, patch: {} })).rejects.toMatchObject({
      status: 400,
      message: NO_PAYLOAD_AVAILABLE,
    });
    await expect(updateEntityPreferences(actor, companyId, { patch: { defaultProcessingQueue: "MANUAL" } })).rejects.toMatchObject({
      status: 400,
      message: MISSING_DATA,
    });
  });

  it("another company's user cannot read-modify preferences they do not own (404); an admin can", async () => {
    const { actor } = await companyUser();
    const theirs = await makeCompany();
    const { modificationTime } = await getEntityPreferences(theirs.id);
    await expect(updateEntityPreferences(actor, theirs.id, { modificationTime, patch: { defaultProcessingQueue: "AUTOMATIC" } })).rejects.toMatchObject({
      status: 404,
    });
    const admin: Actor = await makeAdmin();
    await expect(updateEntityPreferences(admin, theirs.id, { modificationTime, patch: { defaultProcessingQueue: "AUTOMATIC" } })).resolves.toMatchObject({
      defaultProcessingQueue: "AUTOMATIC",
    });
  });

  it("the pending-approval queue (isRipeLiteEnabled): admins only, with the settings id and a fresh modificationTime", async () => {
    const admin = await makeAdmin();
    const { actor, companyId } = await companyUser();
    const settings = await getEntitySettings(companyId);
    const input = { settingsId: settings.id, modificationTime: settings.modificationTime, isRipeLiteEnabled: true };
    await expect(updateEntitySettings(actor, companyId, input)).rejects.toMatchObject({ status: 404 });
    await expect(updateEntitySettings(admin, companyId, { ...input, settingsId: null })).rejects.toMatchObject({ status: 400, message: SOMETHING_WENT_WRONG });
    await expect(updateEntitySettings(admin, companyId, { ...input, settingsId: settings.id + 1 })).rejects.toMatchObject({
      status: 400,
      message: SOMETHING_WENT_WRONG,
    });
    const saved = await updateEntitySettings(admin, companyId, input);
    expect(saved).toMatchObject({ isRipeLiteEnabled: true, isRipeEnabled: false });
    expect(await CompanySettings.findOne({ where: { companyId } })).toMatchObject({ isRipeLiteEnabled: true, isPendingApprovalQueueEnabled: true });
    await expect(updateEntitySettings(admin, companyId, { ...input, isRipeLiteEnabled: false })).rejects.toMatchObject({
      status: 409,
      message: STALE_SETTINGS,
    });
    expect((await getEntitySettings(companyId)).isRipeLiteEnabled).toBe(true);
    expect(await AuditLogEntry.count({ where: { companyId, action: "entity_settings.updated" } })).toBe(1);
  });
});
