/**
 * The admin counterparty directory and Configure (issue 15 part 1; p3 §2.4, §5, §7.3): listDirectory's tabs, search,
 * filters and pages; configureCounterparties' rules, all-or-nothing writes, stale-row refusal and audit; the detail
 * panel; company scoping (another company's counterparty is 404) and admin-only access.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, type Counterparty } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { isAppError, fieldErrorsOf, type AppError } from "../../app/lib/errors";
import { configureCounterparties, configureOwnSuppliers } from "../../app/modules/counterparties/configure.server";
import { getCounterpartyDetail, getDirectoryRows, listDirectory, listOwnCounterparties } from "../../app/modules/counterparties/directory.server";
import { DEFAULT_DIRECTORY_QUERY, type DirectoryQuery } from "../../app/modules/counterparties/rules";
import { actorOf, makeAdmin, makeBill, makeCompany, makeCounterparty, makeUser } from "../support/factories";
import { makeGlAccount, makePaymentTerm } from "../support/directory-factories";

afterAll(() => sequelize.close());

const query = (changes: Partial<DirectoryQuery> = {}): DirectoryQuery => ({ ...DEFAULT_DIRECTORY_QUERY, ...changes });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("counterparty directory (admin)", () => {
  let admin: Actor;
  let user: Actor;
  let owner: Awaited<ReturnType<typeof makeCompany>>;
  let other: Awaited<ReturnType<typeof makeCompany>>;
  let kiwi: Counterparty;
  let harbour: Counterparty;
  let invited: Counterparty;
  let foreign: Counterparty;
  let term: Awaited<ReturnType<typeof makePaymentTerm>>;
  let gl: Awaited<ReturnType<typeof makeGlAccount>>;
  let hiddenGl: Awaited<ReturnType<typeof makeGlAccount>>;

  beforeAll(async () => {
    admin = await makeAdmin();
    owner = await makeCompany({ companyName: "Directory Owner" });
    other = await makeCompany({ companyName: "Other Owner" });
    user = actorOf(await makeUser({ company: owner }));
    kiwi = await makeCounterparty(owner, await makeCompany({ companyName: "Kiwi Supplies", status: "ACTIVE" }), { supplier: true });
    harbour = await makeCounterparty(owner, await makeCompany({ companyName: "Harbour Foods", status: "INACTIVE" }), { customer: true });
    invited = await makeCounterparty(owner, await makeCompany({ companyName: "Aroha Invited", status: "INVITED" }), { supplier: true });
    foreign = await makeCounterparty(other, await makeCompany({ companyName: "Foreign Row" }), { supplier: true });
    term = await makePaymentTerm(owner.id, { date: 20 });
    gl = await makeGlAccount(owner.id, { code: "400", name: "Advertising" });
    hiddenGl = await makeGlAccount(owner.id, { code: "999", name: "Deleted code", visible: false });
  });

  it("lists All / Members (ACTIVE) / Non-Members (INACTIVE, INVITED) by name", async () => {
    const all = await listDirectory(admin, owner.id, query());
    expect(all.rows.map((row) => row.companyName)).toEqual(["Aroha Invited", "Harbour Foods", "Kiwi Supplies"]);
    expect(all.totalElements).toBe(3);
    expect((await listDirectory(admin, owner.id, query({ tab: "members" }))).rows.map((r) => r.companyName)).toEqual(["Kiwi Supplies"]);
    expect((await listDirectory(admin, owner.id, query({ tab: "non-members" }))).rows.map((r) => r.companyName)).toEqual(["Aroha Invited", "Harbour Foods"]);
  });

  it("follows the other company's status: an invited company that joins moves to Members", async () => {
    const joining = await makeCompany({ companyName: "Zz Joining", status: "INVITED" });
    const row = await makeCounterparty(owner, joining, { supplier: true });
    expect((await listDirectory(admin, owner.id, query({ tab: "non-members" }))).rows.map((r) => r.companyName)).toContain("Zz Joining");
    await joining.update({ status: "ACTIVE" });
    expect((await listDirectory(admin, owner.id, query({ tab: "members" }))).rows.map((r) => r.companyName)).toContain("Zz Joining");
    expect((await listDirectory(admin, owner.id, query({ tab: "non-members" }))).rows.map((r) => r.companyName)).not.toContain("Zz Joining");
    await row.destroy();
  });

  it("searches by company name, case-insensitive, and pages", async () => {
    expect((await listDirectory(admin, owner.id, query({ q: "kiwi sup" }))).rows.map((r) => r.companyName)).toEqual(["Kiwi Supplies"]);
    expect((await listDirectory(admin, owner.id, query({ q: "100%" }))).rows).toEqual([]);
    const page2 = await listDirectory(admin, owner.id, { ...query(), size: 10, page: 2 });
    expect(page2.rows).toEqual([]);
    expect(page2.totalElements).toBe(3);
  });

  it("filters by queue (effective), GL code, payment term and scheduled payments", async () => {
    const before = await listDirectory(admin, owner.id, query({ queue: "MANUAL" }));
    // No preferences row: MANUAL is the company default, so every row without its own queue is MANUAL.
    expect(before.totalElements).toBe(3);
    expect(before.rows.every((row) => row.processingQueue === "MANUAL")).toBe(true);
    expect((await listDirectory(admin, owner.id, query({ queue: "AUTOMATIC" }))).totalElements).toBe(0);
    const stale = (await getDirectoryRows(admin, owner.id, [kiwi.id])).rows[0];
    await configureCounterparties(admin, owner.id, [
      { id: kiwi.id, modificationTime: stale.modificationTime, path: "/processingQueue", value: "AUTOMATIC" },
      { id: kiwi.id, modificationTime: stale.modificationTime, path: "/glAccount", value: gl.id },
      { id: kiwi.id, modificationTime: stale.modificationTime, path: "/paymentTermId", value: term.id },
    ]);
    expect((await listDirectory(admin, owner.id, query({ queue: "AUTOMATIC" }))).rows.map((r) => r.companyName)).toEqual(["Kiwi Supplies"]);
    expect((await listDirectory(admin, owner.id, query({ queue: "MANUAL" }))).totalElements).toBe(2);
    expect((await listDirectory(admin, owner.id, query({ glcode: [gl.id] }))).rows.map((r) => r.companyName)).toEqual(["Kiwi Supplies"]);
    expect((await listDirectory(admin, owner.id, query({ pids: [term.id] }))).rows.map((r) => r.companyName)).toEqual(["Kiwi Supplies"]);
    expect((await listDirectory(admin, owner.id, query({ sp: true }))).totalElements).toBe(0);
    expect((await listDirectory(admin, owner.id, query({ sp: false }))).totalElements).toBe(3);
    const row = (await listDirectory(admin, owner.id, query({ glcode: [gl.id] }))).rows[0];
    expect(row).toMatchObject({ glAccount: { accountCode: "400", accountName: "Advertising" }, paymentTerm: "Monthly on day 20", processingQueue: "AUTOMATIC" });
  });

  it("configures two rows in one change, audited, and returns the new modificationTimes", async () => {
    const rows = (await getDirectoryRows(admin, owner.id, [harbour.id, invited.id])).rows;
    const ops = rows.flatMap((row) => [
      { id: row.id, modificationTime: row.modificationTime, path: "/isPurchaserOffersEnabled" as const, value: false },
      { id: row.id, modificationTime: row.modificationTime, path: "/externalBankAccountNumber" as const, value: "1234567890123456" },
      { id: row.id, modificationTime: row.modificationTime, path: "/periodLockDate" as const, value: "2026-09-30" },
    ]);
    const result = await configureCounterparties(admin, owner.id, ops);
    expect(result.map((r) => r.id).sort()).toEqual([harbour.id, invited.id].sort());
    for (const r of result) expect(r.modificationTime).not.toBe(rows.find((row) => row.id === r.id)!.modificationTime);
    await harbour.reload();
    expect(harbour).toMatchObject({ isPurchaserOffersEnabled: false, externalBankAccountNumber: "12-3456-7890123-456", periodLockDate: "2026-09-30" });
    const audits = await AuditLogEntry.findAll({ where: { action: "counterparty.configure", entityId: String(harbour.id) } });
    expect(audits).toHaveLength(1);
    expect(audits[0].actorUserId).toBe(admin.userId);
  });

  it("refuses a stale row with a message naming it, and writes nothing (not even the fresh row)", async () => {
    const [fresh, old] = (await getDirectoryRows(admin, owner.id, [harbour.id, kiwi.id])).rows;
    // Someone else changes Kiwi Supplies after the dialog read it.
    const kiwiNow = old.companyName === "Kiwi Supplies" ? old : fresh;
    const harbourNow = kiwiNow === old ? fresh : old;
    await configureCounterparties(admin, owner.id, [{ id: kiwi.id, modificationTime: kiwiNow.modificationTime, path: "/isPurchaserOffersEnabled", value: false }]);
    const error = await refusal(
      configureCounterparties(admin, owner.id, [
        { id: harbour.id, modificationTime: harbourNow.modificationTime, path: "/processingQueue", value: "AUTOMATIC" },
        { id: kiwi.id, modificationTime: kiwiNow.modificationTime, path: "/processingQueue", value: "MANUAL" },
      ])
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe("Kiwi Supplies was changed by someone else. Reload and try again.");
    await harbour.reload();
    expect(harbour.defaultProcessingQueue).toBeNull();
  });

  it("applies every rule of §5 on the field, writing nothing", async () => {
    const [row] = (await getDirectoryRows(admin, owner.id, [invited.id])).rows;
    const op = (path: string, value: unknown) => [{ id: row.id, modificationTime: row.modificationTime, path: path as never, value }];
    const field = async (path: string, value: unknown) => {
      const error = await refusal(configureCounterparties(admin, owner.id, op(path, value)));
      expect(error.status).toBe(422);
      return fieldErrorsOf(error);
    };
    expect(await field("/externalBankAccountNumber", "12-3456")).toEqual({ externalBankAccountNumber: "Bank account is invalid length" });
    expect(await field("/glAccount", hiddenGl.id)).toEqual({ glAccount: "Invalid GL Code, please try again" });
    expect(await field("/glAccount", 2_000_000)).toEqual({ glAccount: "Invalid GL Code, please try again" });
    const otherTerm = await makePaymentTerm(other.id, { date: 5 });
    expect(await field("/paymentTermId", otherTerm.id)).toEqual({ paymentTermId: "Invalid payment term, please try again" });
    expect(await field("/periodLockDate", "2026-09-15")).toEqual({ periodLockDate: "Period lock date must be the last day of a month" });
    expect(await field("/processingQueue", "SOON")).toEqual({ processingQueue: "Processing queue must be Automatic or Manual" });
    // Invited has a bank account (earlier test) but no payment term: scheduled payments refused.
    expect(await field("/isScheduledPaymentsEnabled", true)).toEqual({
      isScheduledPaymentsEnabled: "Scheduled payments can only be enabled when an external bank account and a payment term exist",
    });
    const unchanged = (await getDirectoryRows(admin, owner.id, [invited.id])).rows[0];
    expect(unchanged.modificationTime).toBe(row.modificationTime);
    // With a term in the same change it is allowed.
    await configureCounterparties(admin, owner.id, [...op("/paymentTermId", term.id), ...op("/isScheduledPaymentsEnabled", true)]);
    expect((await listDirectory(admin, owner.id, query({ sp: true }))).rows.map((r) => r.companyName)).toEqual(["Aroha Invited"]);
  });

  it("gives 404 for another company's counterparty, and changes nothing", async () => {
    const [row] = (await getDirectoryRows(admin, other.id, [foreign.id])).rows;
    const error = await refusal(configureCounterparties(admin, owner.id, [{ id: foreign.id, modificationTime: row.modificationTime, path: "/isPurchaserOffersEnabled", value: false }]));
    expect(error.status).toBe(404);
    expect((await refusal(getCounterpartyDetail(admin, owner.id, foreign.id))).status).toBe(404);
    expect((await refusal(getDirectoryRows(admin, owner.id, [foreign.id]))).status).toBe(404);
    await foreign.reload();
    expect(foreign.isPurchaserOffersEnabled).toBe(true);
  });

  it("refuses a non-admin every admin call with 404", async () => {
    const [row] = (await getDirectoryRows(admin, owner.id, [kiwi.id])).rows;
    expect((await refusal(listDirectory(user, owner.id, query()))).status).toBe(404);
    expect((await refusal(getDirectoryRows(user, owner.id, [kiwi.id]))).status).toBe(404);
    expect((await refusal(getCounterpartyDetail(user, owner.id, kiwi.id))).status).toBe(404);
    expect(
      (await refusal(configureCounterparties(user, owner.id, [{ id: kiwi.id, modificationTime: row.modificationTime, path: "/isPurchaserOffersEnabled", value: true }]))).status
    ).toBe(404);
  });

  it("shows the detail panel with the counts of bills, invoices and credit notes", async () => {
    const kiwiCompany = await kiwi.reload().then(() => ({ id: kiwi.counterpartyCompanyId, companyName: "Kiwi Supplies" }));
    await makeBill(owner.id, kiwiCompany, 100, 30);
    await makeBill(owner.id, kiwiCompany, 200, 30);
    const detail = await getCounterpartyDetail(admin, owner.id, kiwi.id);
    expect(detail).toMatchObject({ companyName: "Kiwi Supplies", status: "ACTIVE", isSupplier: true, counts: { bills: 2, invoices: 0, creditNotes: 0 } });
    expect((await refusal(listDirectory(admin, 2_000_000, query()))).status).toBe(404);
  });
});

describe("a company's own suppliers and customers (settings tabs)", () => {
  it("lists only the acting company's suppliers or customers and configures only its suppliers' four settings", async () => {
    const owner = await makeCompany({ companyName: "Settings Owner" });
    const actor = actorOf(await makeUser({ company: owner }));
    const supplier = await makeCounterparty(owner, await makeCompany({ companyName: "Supplier One" }), { supplier: true });
    const customer = await makeCounterparty(owner, await makeCompany({ companyName: "Customer One", status: "INVITED" }), { customer: true });
    const suppliers = await listOwnCounterparties(actor, "SUPPLIER", query());
    expect(suppliers.rows.map((r) => r.companyName)).toEqual(["Supplier One"]);
    const customers = await listOwnCounterparties(actor, "CUSTOMER", query());
    expect(customers.rows.map((r) => [r.companyName, r.status])).toEqual([["Customer One", "INVITED"]]);
    const row = suppliers.rows[0];
    await configureOwnSuppliers(actor, [{ id: row.id, modificationTime: row.modificationTime, path: "/isPurchaserOffersEnabled", value: false }]);
    await supplier.reload();
    expect(supplier.isPurchaserOffersEnabled).toBe(false);
    // An admin-only path, or a customer row, is refused.
    const bank = await refusal(configureOwnSuppliers(actor, [{ id: row.id, modificationTime: row.modificationTime, path: "/externalBankAccountNumber", value: "1234567890123456" }]));
    expect(bank.status).toBe(403);
    const cust = customers.rows[0];
    expect((await refusal(configureOwnSuppliers(actor, [{ id: customer.id, modificationTime: cust.modificationTime, path: "/isPurchaserOffersEnabled", value: false }]))).status).toBe(404);
  });
});
