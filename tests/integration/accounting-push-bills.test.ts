/**
 * "Create bill in Xero" (issue 18 part 5; spec p2 §3 createBillInXero, billOrderNumber; docs/decisions/058) over real
 * HTTP against the accounting emulator: a bill made by hand with the tick while the company is connected to Xero is
 * created there after the commit (ACCPAY, the supplier contact, billOrderNumber as Reference, the GL code on the line)
 * and keeps Xero's InvoiceID as its external id; a ticked bill nobody enqueued (an import) is found by the job's
 * sweep; an unticked bill stays out of the books.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AccountingPush, AccountingSyncEvent, GlAccount, Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { createInvoiceRecord } from "../../app/modules/invoices/create.server";
import { runImport, startImport } from "../../app/modules/invoices/import.server";
import { IMPORT_APPROVED_BILLS_HEADER } from "../../app/modules/invoices/import-rules";
import { runDuePushes, settleAccountingPushes } from "../../app/modules/integrations/push/service.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { makeCompany, makeSupplierLink } from "../support/factories";
import { connectMyobEssentials, connectXero, makeBooksCompany, startPushWorld, type PushWorld } from "../support/accounting-push-world";
import { myobApiFor } from "../../app/modules/integrations/connections.server";
import type { MyobBill } from "../../app/modules/integrations/myob/types";
import { Counterparty } from "../../db/models/index";

let world: PushWorld;
beforeAll(async () => {
  world = await startPushWorld();
});
afterAll(async () => {
  await settleAccountingPushes();
  await world?.close();
  await sequelize.close();
});

const today = todayIn("NZ");
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
let seq = 0;
const number = () => `XB-PUSH-${Date.now() % 100_000}-${++seq}`;

async function connectedPurchaser() {
  const purchaser = await makeBooksCompany();
  const connection = await connectXero(purchaser.actor);
  const supplier = await makeCompany({ companyName: `Harbour Supplies ${Date.now() % 100_000}-${seq}` });
  await makeSupplierLink(purchaser.company, supplier);
  return { ...purchaser, connection, tenantId: connection.externalTenantId!, supplier };
}

describe("Create bill in Xero", () => {
  it("creates a bill made by hand in Xero after the commit and stores its InvoiceID as the bill's external id", async () => {
    const p = await connectedPurchaser();
    const expense = (await world.admin.xeroAccounts(p.tenantId)).find((account) => account.Type === "EXPENSE" || account.Type === "DIRECTCOSTS")!;
    await GlAccount.create({
      companyId: p.company.id,
      accountCode: expense.Code,
      accountName: expense.Name,
      accountId: expense.AccountID,
      accountType: expense.Type,
      accountClassification: null,
      taxExempted: null,
    });
    const billNumber = number();
    const record = await createInvoiceRecord(p.actor, "BILL", {
      counterpartyId: String(p.supplier.id),
      invoiceNumber: billNumber,
      dueDate: ddmmyyyy(addDays(today, 20)),
      issueDate: ddmmyyyy(addDays(today, -2)),
      amount: "1,234.56",
      orderNumber: "PO-778",
      createInXero: "on",
      billGlCode: expense.Code,
    });
    await settleAccountingPushes();

    const bill = await Invoice.findByPk(record.id);
    expect(bill).toMatchObject({ createBillInXero: true, loadedBy: "EARLYBIRD" });
    expect(bill!.externalId).toMatch(/^[0-9a-f-]{36}$/);
    const inXero = await world.admin.xeroInvoice(p.tenantId, bill!.externalId!);
    expect(inXero).toMatchObject({
      Type: "ACCPAY",
      InvoiceNumber: billNumber,
      Reference: "PO-778",
      Status: "AUTHORISED",
      Total: 1234.56,
      Contact: { Name: p.supplier.companyName },
    });
    expect(inXero.LineItems.map((line) => line.AccountCode)).toEqual([expense.Code]);
    expect(await AccountingPush.findOne({ where: { invoiceId: record.id } })).toMatchObject({ kind: "BILL_CREATE", status: "DONE", externalId: bill!.externalId, attempts: 1 });
    expect(await AccountingSyncEvent.findOne({ where: { companyId: p.company.id, kind: "BILL_CREATE" } })).toMatchObject({ direction: "OUT", outcome: "CREATED", externalId: bill!.externalId });

    // The job later finds nothing more to do: the bill is in the books once.
    expect(await runDuePushes()).toMatchObject({ enqueuedBills: 0 });
    expect((await world.admin.xeroInvoice(p.tenantId, billNumber)).InvoiceID).toBe(bill!.externalId);
  });

  it("creates a ticked bill nobody enqueued (an import's, written by COPY) when the job sweeps; an unticked bill stays out", async () => {
    const p = await connectedPurchaser();
    const base = {
      type: "BILL" as const,
      issuedBy: p.supplier.id,
      issuedFor: p.company.id,
      issuedByCompanyName: p.supplier.companyName,
      issuedForCompanyName: p.company.companyName,
      issueDate: today,
      dueDate: addDays(today, 30),
      total: 50_000,
      loadedBy: "EARLYBIRD" as const,
    };
    const ticked = await Invoice.create({ ...base, invoiceNumber: number(), orderNumber: "PO-9", createBillInXero: true });
    const plain = await Invoice.create({ ...base, invoiceNumber: number() });
    const summary = await runDuePushes();
    expect(summary.enqueuedBills).toBeGreaterThanOrEqual(1);
    expect((await Invoice.findByPk(ticked.id))?.externalId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await Invoice.findByPk(plain.id))?.externalId).toBeNull();
    expect(await AccountingPush.count({ where: { invoiceId: plain.id } })).toBe(0);
    expect(await world.admin.xeroInvoice(p.tenantId, ticked.invoiceNumber)).toMatchObject({ Type: "ACCPAY", Reference: "PO-9", Total: 500 });
  });

  it("creates the bills of an import to Xero once the import has run (order numbers as Reference)", async () => {
    const p = await connectedPurchaser();
    const numbers = [number(), number()];
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "eb-push-import-")), "bills.csv");
    fs.writeFileSync(
      file,
      [IMPORT_APPROVED_BILLS_HEADER, ...numbers.map((n, i) => `${n},${p.supplier.companyName},PO-${i + 1},${ddmmyyyy(addDays(today, -1))},${ddmmyyyy(addDays(today, 25))},${100 + i}.50,`)].join("\n") + "\n",
    );
    const job = await startImport(p.actor, { kind: "BILL", format: "EARLYBIRD", filePath: file, createInXero: true });
    expect((await runImport(job.id)).status).toBe("SUCCEEDED");
    await settleAccountingPushes();
    const bills = await Invoice.findAll({ where: { issuedFor: p.company.id, invoiceNumber: numbers }, order: [["invoiceNumber", "ASC"]] });
    expect(bills.map((bill) => bill.createBillInXero)).toEqual([true, true]);
    for (const [i, bill] of bills.entries()) {
      expect(bill.externalId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await world.admin.xeroInvoice(p.tenantId, bill.externalId!)).toMatchObject({ Type: "ACCPAY", InvoiceNumber: numbers[i], Reference: `PO-${i + 1}`, Total: 100.5 + i });
    }
  });

  it("leaves a ticked bill of a company without a live connection alone", async () => {
    const lonely = await makeCompany();
    const supplier = await makeCompany();
    const bill = await Invoice.create({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: lonely.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: lonely.companyName,
      invoiceNumber: number(),
      issueDate: today,
      dueDate: addDays(today, 30),
      total: 10_000,
      createBillInXero: true,
    });
    // As the scheduler runs it: a job row of type push-accounting, to completion.
    const job = await runScheduledJobNow("push-accounting");
    expect(job).toMatchObject({ type: "push-accounting", status: "SUCCEEDED", progress: 100 });
    expect(await AccountingPush.count({ where: { invoiceId: bill.id } })).toBe(0);
  });

  it("MYOB Essentials: a ticked bill is created as a Purchase/Bill/Service of the supplier's UID, its UID kept", async () => {
    const purchaser = await makeBooksCompany();
    const connection = await connectMyobEssentials(purchaser.actor);
    const fileId = connection.companyFileId ?? connection.externalTenantId!;
    const existing = (await myobApiFor(connection).listPage<MyobBill>("Purchase/Bill/Service", { top: 5 })).Items[0];
    const supplier = await makeCompany();
    await Counterparty.create({ companyId: purchaser.company.id, counterpartyCompanyId: supplier.id, isSupplier: true, externalAccountId: existing.Supplier.UID } as never);
    const bill = await Invoice.create({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: purchaser.company.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: purchaser.company.companyName,
      invoiceNumber: number(),
      orderNumber: "PO-M1",
      issueDate: today,
      dueDate: addDays(today, 30),
      total: 43_210,
      createBillInXero: true,
    });
    await runDuePushes();
    const stored = await Invoice.findByPk(bill.id);
    expect(await AccountingPush.findOne({ where: { invoiceId: bill.id } })).toMatchObject({ provider: "MYOB_ESSENTIALS", status: "DONE", lastError: null });
    expect(stored?.externalId).toBeTruthy();
    expect(await world.admin.myobBill(fileId, stored!.externalId!)).toMatchObject({
      SupplierInvoiceNumber: bill.invoiceNumber,
      Supplier: { UID: existing.Supplier.UID },
      TotalAmount: 432.1,
      Status: "Open",
    });
  });
});
