/**
 * Sync in from Xero (issue 18 part 4) against the emulator over real HTTP and a real PostgreSQL: a full sync, an
 * incremental one fetching only the changed records, a void in Xero voiding the bill, a bill entered by hand not
 * duplicated, a bill Earlybird is paying left alone, and the aged payables balance with the Suppliers tab's match.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Op, QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { AccountingSyncEvent, Company, Counterparty, GlAccount, Invoice, Job, PurchaseOrder } from "../../db/models/index";
import { emulatorAdmin, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import { ACCOUNTING_SYNC_JOB_TYPE, maybeAutoLoad, resetAutoLoadThrottle, runAccountingSyncNow, startAccountingSync, type SyncJobResult } from "../../app/modules/integrations/sync/service.server";
import { listBills } from "../../app/modules/invoices/list.server";
import { parseListQuery } from "../../app/modules/invoices/filters";
import { listPayablesSummaries } from "../../app/modules/payables/suppliers-tab.server";
import { parseSuppliersTabQuery } from "../../app/modules/payables/query";
import { AppError } from "../../app/lib/errors";
import { runQueuedJobs } from "../../jobs/queue";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";
import { connectedXeroCompany, startSyncEmulator } from "../support/accounting-sync-setup";

let emulator: AccountingEmulatorHandle;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ emulator, stop } = await startSyncEmulator());
  await emulatorAdmin(emulator.url).setLimits({ perMinute: 600, perDay: 50_000, concurrent: 5 });
});
afterAll(async () => {
  await stop();
  await sequelize.close();
});

const lastResult = async (companyId: number) => (await Job.findOne({ where: { companyId, type: ACCOUNTING_SYNC_JOB_TYPE }, order: [["createdAt", "DESC"]] }))?.result as SyncJobResult;

describe("Xero sync in", () => {
  it("loads contacts, bills, invoices, accounts, purchase orders and aged payables, and skips drafts", async () => {
    const { company, actor, externalId } = await connectedXeroCompany(emulator.url);
    // An Earlybird company with Harbour Foods' NZBN: the contact matches it, not a new company.
    const harbour = (await Company.findOne({ where: { nzbn: "9429041234567" } })) ?? (await makeCompany({ companyName: "Harbour Foods Limited", nzbn: "9429041234567" }));
    const summary = await runAccountingSyncNow(actor, { full: true });
    expect(summary.provider).toBe("XERO");
    expect(summary.kinds.bills.created).toBeGreaterThan(20);
    expect(summary.kinds.invoices.created).toBeGreaterThan(20);
    expect(summary.kinds.contacts.created).toBeGreaterThan(5);
    expect(summary.kinds.accounts.created).toBeGreaterThan(5);

    const bills = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL", deletedAt: null } });
    expect(bills.every((bill) => bill.loadedBy === "XERO" && bill.externalId)).toBe(true);
    expect(bills.some((bill) => bill.invoiceNumber.startsWith("XB-"))).toBe(true);
    // Emulator statuses by number: every 10th+3 is a DRAFT (skipped), every 20th VOIDED (not loaded), 10th+7 PAID.
    const numbers = new Set(bills.map((bill) => bill.invoiceNumber));
    expect(numbers.has("XB-0003")).toBe(false);
    expect(numbers.has("XB-0020")).toBe(false);
    const paid = bills.find((bill) => bill.invoiceNumber === "XB-0007");
    expect(paid?.billStatus).toBe("PAID");
    expect(paid?.invoiceStatus).toBe("PAID");
    const xeroBill = await emulatorAdmin(emulator.url).xeroInvoice(externalId, "XB-0001");
    const first = bills.find((bill) => bill.invoiceNumber === "XB-0001");
    expect(Math.round(first?.total as number)).toBe(Math.round(xeroBill.Total * 100));
    expect(first?.total).toBe(Number((xeroBill.Total * 100).toFixed(0)));

    const invoices = await Invoice.findAll({ where: { issuedBy: company.id, type: "INVOICE", deletedAt: null } });
    expect(invoices.some((invoice) => invoice.invoiceNumber.startsWith("XI-"))).toBe(true);

    const harbourLink = await Counterparty.findOne({ where: { companyId: company.id, counterpartyCompanyId: harbour.id } });
    expect(harbourLink?.externalAccountId).toBeTruthy();
    expect(await GlAccount.count({ where: { companyId: company.id, loadedBy: "XERO" } })).toBeGreaterThan(5);
    expect(await PurchaseOrder.count({ where: { companyId: company.id, loadedBy: "XERO" } })).toBeGreaterThan(0);

    // One event per created record, and the run's COMPLETED event with the skipped ones counted.
    expect(await AccountingSyncEvent.count({ where: { companyId: company.id, kind: "BILL", outcome: "CREATED" } })).toBe(summary.kinds.bills.created);
    const completed = await AccountingSyncEvent.findOne({ where: { companyId: company.id, kind: "SYNC", outcome: "COMPLETED" } });
    expect(JSON.stringify(completed?.details)).toContain("not approved yet");

    // Aged payables: the Suppliers tab compares them with the amount payable (within $1).
    const { query } = parseSuppliersTabQuery(new URLSearchParams());
    const tab = await listPayablesSummaries(actor, { ...query, size: 100 });
    expect(tab.rows.length).toBeGreaterThan(0);
    expect(tab.rows.every((row) => row.isMatchedPayablesValue)).toBe(true);
    const report = await sequelize.query<{ n: string }>(`SELECT count(*)::text AS n FROM accounting_payables_balances WHERE company_id = $1`, { bind: [company.id], type: QueryTypes.SELECT });
    expect(Number(report[0].n)).toBeGreaterThan(0);

    // A bill Earlybird holds that the books do not know: that supplier no longer matches; 99 cents more still would.
    const supplierRow = tab.rows[0];
    const extra = await Invoice.create({
      type: "BILL",
      issuedBy: supplierRow.supplierId,
      issuedFor: company.id,
      issuedByCompanyName: supplierRow.supplierName,
      issuedForCompanyName: company.companyName,
      invoiceNumber: "NOT-IN-XERO",
      dueDate: "2027-01-31",
      total: 99,
      loadedBy: "EARLYBIRD",
    });
    const within = await listPayablesSummaries(actor, { ...query, size: 100 });
    expect(within.rows.find((row) => row.supplierId === supplierRow.supplierId)?.isMatchedPayablesValue).toBe(true);
    await extra.update({ total: 5_000 });
    const after = await listPayablesSummaries(actor, { ...query, size: 100 });
    expect(after.rows.find((row) => row.supplierId === supplierRow.supplierId)?.isMatchedPayablesValue).toBe(false);
    const unmatched = await listPayablesSummaries(actor, { ...query, size: 100, isMatchedPayablesValue: false });
    expect(unmatched.rows.map((row) => row.supplierId)).toEqual([supplierRow.supplierId]);
    const filtered = await listBills({ ...actor, companyId: company.id }, parseListQuery(new URLSearchParams("tab=bills&isMatchedPayablesValue=false&size=100"), { type: "BILL" }).query);
    const supplierBills = await Invoice.findAll({ where: { issuedFor: company.id, issuedBy: supplierRow.supplierId, deletedAt: null, billStatus: { [Op.is]: null } } });
    expect(filtered.rows.map((row) => row.id).sort()).toEqual(supplierBills.map((bill) => bill.id).sort());
  });

  it("an incremental sync fetches only what changed, in few calls", async () => {
    const { company, actor, externalId } = await connectedXeroCompany(emulator.url);
    await runAccountingSyncNow(actor, {});
    const admin = emulatorAdmin(emulator.url);
    const xb1 = await admin.xeroInvoice(externalId, "XB-0001");
    await admin.upsertXeroInvoice(externalId, { InvoiceID: xb1.InvoiceID, DueDate: "2027-03-31" });
    const before = await admin.calls(externalId);
    const summary = await runAccountingSyncNow(actor, {});
    const result = await lastResult(company.id);
    expect(summary.kinds.bills).toMatchObject({ created: 0, updated: 1, failed: 0 });
    expect(summary.kinds.invoices.created + summary.kinds.invoices.updated).toBe(0);
    expect(result.callsByResource?.invoices).toBeLessThanOrEqual(3);
    expect((await admin.calls(externalId)) - before).toBe(summary.calls);
    const bill = await Invoice.findOne({ where: { issuedFor: company.id, externalId: xb1.InvoiceID } });
    expect(bill?.dueDate).toBe("2027-03-31");
  });

  it("a void in Xero voids the bill", async () => {
    const { company, actor, externalId } = await connectedXeroCompany(emulator.url);
    await runAccountingSyncNow(actor, {});
    const admin = emulatorAdmin(emulator.url);
    const xb2 = await admin.xeroInvoice(externalId, "XB-0002");
    await admin.voidXeroInvoice(externalId, xb2.InvoiceID);
    const summary = await runAccountingSyncNow(actor, {});
    expect(summary.kinds.bills.updated).toBe(1);
    const bill = await Invoice.findOne({ where: { issuedFor: company.id, externalId: xb2.InvoiceID } });
    expect(bill?.deletedAt).not.toBeNull();
    const event = await AccountingSyncEvent.findOne({ where: { companyId: company.id, externalId: xb2.InvoiceID, outcome: "UPDATED" } });
    expect(event?.message).toContain("voided");
  });

  it("a bill entered by hand with the same supplier and number is not duplicated: the Xero id is attached to it", async () => {
    const { company, actor, externalId } = await connectedXeroCompany(emulator.url);
    const admin = emulatorAdmin(emulator.url);
    const supplier = await makeCompany({ companyName: `Hand Supplier ${company.id} Ltd` });
    await makeSupplierLink(company, supplier);
    const hand = await Invoice.create({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: company.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: company.companyName,
      invoiceNumber: "HAND-1",
      dueDate: "2027-01-31",
      total: 12345,
      loadedBy: "EARLYBIRD",
    });
    const created = await admin.upsertXeroInvoice(externalId, {
      Type: "ACCPAY",
      InvoiceNumber: "HAND-1",
      Status: "AUTHORISED",
      Contact: { Name: supplier.companyName },
      Date: "2026-11-01",
      DueDate: "2027-01-31",
      LineItems: [{ Description: "Goods", Quantity: 1, UnitAmount: 123.45, TaxType: "NONE" }],
    });
    await runAccountingSyncNow(actor, {});
    const rows = await Invoice.findAll({ where: { issuedFor: company.id, invoiceNumber: "HAND-1", deletedAt: null } });
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(hand.id);
    expect(rows[0].externalId).toBe(created.InvoiceID);
    expect(rows[0].loadedBy).toBe("EARLYBIRD");
  });

  it("never changes a bill Earlybird is paying: skipped with a warning event", async () => {
    const { company, actor, externalId } = await connectedXeroCompany(emulator.url);
    await runAccountingSyncNow(actor, {});
    const admin = emulatorAdmin(emulator.url);
    const xb4 = await admin.xeroInvoice(externalId, "XB-0004");
    const bill = (await Invoice.findOne({ where: { issuedFor: company.id, externalId: xb4.InvoiceID } })) as Invoice;
    // Paid through Earlybird (as an executed early payment leaves it).
    await sequelize.query(`UPDATE invoices SET invoice_status = 'PAYMENT_RECEIVED', bill_status = 'PAID', paid_date = CURRENT_DATE WHERE id = $1`, { bind: [bill.id] });
    await admin.voidXeroInvoice(externalId, xb4.InvoiceID);
    await runAccountingSyncNow(actor, {});
    await bill.reload();
    expect(bill.deletedAt).toBeNull();
    const warning = await AccountingSyncEvent.findOne({ where: { companyId: company.id, externalId: xb4.InvoiceID, outcome: "SKIPPED" } });
    expect(warning?.message).toContain("paid through Earlybird");
  });

  it("non-admins trigger the automatic load, throttled; an admin never does", async () => {
    const { company, actor } = await connectedXeroCompany(emulator.url);
    resetAutoLoadThrottle();
    expect(await maybeAutoLoad({ ...actor, roles: ["ROLE_ADMIN", "ROLE_USER"] })).toBeNull();
    const auto = await maybeAutoLoad(actor);
    expect(auto?.jobId).toBeTruthy();
    resetAutoLoadThrottle();
    expect(await maybeAutoLoad(actor)).toBeNull(); // one is queued
    await Job.update({ status: "CANCELLED" }, { where: { id: auto?.jobId as string } });
    resetAutoLoadThrottle();
    expect(await maybeAutoLoad(actor)).toBeNull(); // the last one started less than 15 minutes ago
    expect(await Job.count({ where: { companyId: company.id, type: ACCOUNTING_SYNC_JOB_TYPE, status: { [Op.in]: ["QUEUED", "RUNNING"] } } })).toBe(0);
  });

  it("one sync at a time per company; a company that is not connected is refused", async () => {
    const { actor } = await connectedXeroCompany(emulator.url);
    const first = await startAccountingSync(actor, {});
    const second = await startAccountingSync(actor, {});
    expect(second).toEqual({ jobId: first.jobId, alreadyRunning: true });
    await expect(runAccountingSyncNow(actor, {})).rejects.toMatchObject({ status: 409 });
    await Job.update({ status: "CANCELLED" }, { where: { id: first.jobId } });

    const lonely = await makeCompany();
    const user = await makeUser({ company: lonely });
    await expect(startAccountingSync({ userId: user.id, companyId: lonely.id, roles: ["ROLE_USER"] }, {})).rejects.toBeInstanceOf(AppError);
  });

  it("fetch gating (p1 §4): an INACTIVE company's lists are fetched only once it is connected", async () => {
    const { company, actor } = await connectedXeroCompany(emulator.url, { status: "INACTIVE" });
    await runAccountingSyncNow(actor, {});
    const query = parseListQuery(new URLSearchParams("tab=bills"), { type: "BILL" }).query;
    const listActor = { ...actor, companyId: company.id };
    expect((await listBills(listActor, query)).rows.length).toBeGreaterThan(0);
    await sequelize.query(`UPDATE accounting_connections SET status = 'DISCONNECTED', disconnected_at = now(), access_token = NULL, refresh_token = NULL WHERE company_id = $1`, { bind: [company.id] });
    await company.update({ connectedToXero: false });
    const gated = await listBills(listActor, query);
    expect(gated).toMatchObject({ rows: [], total: 0, hasAnyRecords: false });
    await company.update({ status: "PENDING" });
    expect((await listBills(listActor, query)).rows.length).toBeGreaterThan(0);
  });

  it("the queued ACCOUNTING_SYNC job runs to completion in the queue worker, with its summary as the result", async () => {
    const { company, actor } = await connectedXeroCompany(emulator.url);
    const { jobId } = await startAccountingSync(actor, {});
    expect(await runQueuedJobs({ companyId: company.id })).toBe(1);
    const job = (await Job.findByPk(jobId)) as Job;
    expect(job.status).toBe("SUCCEEDED");
    expect(job.progress).toBe(100);
    const result = job.result as SyncJobResult;
    expect(result.provider).toBe("XERO");
    expect(result.kinds.bills.created).toBeGreaterThan(0);
    expect(result.callsByResource.invoices).toBeGreaterThan(0);
  });
});
