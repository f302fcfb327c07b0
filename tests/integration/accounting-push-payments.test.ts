/**
 * Sync out of an early payment (issue 18 parts 5 and 8, "payment push once under retries"; docs/decisions/058) over
 * real HTTP against the accounting emulator and real PostgreSQL: Pay Now completes → the purchaser's bill is paid in
 * its Xero from the Earlybird bank account with the cashback recorded, the supplier's invoice is paid into it with the
 * fee recorded; exactly once when the provider fails the first attempts and the job runs again, when an answer is
 * lost and the push sent again, and when the same event is published twice; nothing for a company without mapping.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AccountingPush, AccountingSyncEvent, Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { publishEarlyPaymentCompleted } from "../../app/modules/ledger/early-payment-events.server";
import { payNow } from "../../app/modules/offers/pay-now.server";
import { payNowAmounts } from "../../app/modules/offers/rules";
import { requestPayment } from "../../app/modules/offers/supplier-offers.server";
import { deliverPush, runDuePushes, settleAccountingPushes } from "../../app/modules/integrations/push/service.server";
import { fundWallet, makeInvoice } from "../support/factories";
import { connectMyobEssentials, connectXero, makeBooksCompany, mapMyobAccounts, mapXeroAccounts, startPushWorld, type PushWorld } from "../support/accounting-push-world";
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
const dollars = (cents: number) => cents / 100;

/**
 * A supplier and a purchaser, each with its books in its own Xero organisation (connected, mapped unless told), the
 * bill (ACCPAY) in the purchaser's books and the invoice (ACCREC) in the supplier's, both of `total`, and the
 * supplier's prompt payment request of `amount`.
 */
async function scenario(total: Cents, amount: string, options: { mapPurchaser?: boolean; connectSupplier?: boolean } = {}) {
  const supplier = await makeBooksCompany();
  const purchaser = await makeBooksCompany();
  await fundWallet(purchaser.actor, (total * 2) as Cents);
  const purchaserConnection = await connectXero(purchaser.actor);
  if (options.mapPurchaser !== false) await mapXeroAccounts(purchaserConnection);
  const supplierConnection = options.connectSupplier === false ? null : await connectXero(supplier.actor);
  if (supplierConnection) await mapXeroAccounts(supplierConnection);
  const purchaserTenant = purchaserConnection.externalTenantId!;
  const supplierTenant = supplierConnection?.externalTenantId ?? null;
  const number = `XP-${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;
  const lines = [{ Description: "Goods", Quantity: 1, UnitAmount: dollars(total) }];
  const bill = await world.admin.upsertXeroInvoice(purchaserTenant, {
    Type: "ACCPAY", InvoiceNumber: number, Contact: { Name: supplier.company.companyName }, Date: today, DueDate: addDays(today, 20), Status: "AUTHORISED", LineAmountTypes: "NoTax", LineItems: lines,
  });
  const sale = supplierTenant
    ? await world.admin.upsertXeroInvoice(supplierTenant, {
        Type: "ACCREC", InvoiceNumber: number, Contact: { Name: purchaser.company.companyName }, Date: today, DueDate: addDays(today, 20), Status: "AUTHORISED", LineAmountTypes: "NoTax", LineItems: lines,
      })
    : null;
  // Earlybird's rows: the supplier's invoice (what the prompt payment request is on) and the purchaser's bill, each
  // with the id of its own books.
  const invoice = await makeInvoice(supplier.company, purchaser.company, { total, daysToDue: 20, number });
  if (sale) await invoice.update({ externalId: sale.InvoiceID, loadedBy: "XERO" });
  const billRow = await makeInvoice(supplier.company, purchaser.company, { total, daysToDue: 20, number, type: "BILL" });
  await billRow.update({ externalId: bill.InvoiceID, loadedBy: "XERO" });
  const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount, expirationDate: addDays(today, 5) });
  return { supplier, purchaser, invoice, billRow, bill, sale, offerId, purchaserTenant, supplierTenant };
}

/** The payments in a tenant's books against `invoiceId`, and against Earlybird's fee or cashback documents. */
async function paymentsIn(tenantId: string) {
  return world.admin.xeroPayments(tenantId);
}

/** Makes every pending push due now (as if its backoff had passed). */
async function timePasses() {
  await sequelize.query("UPDATE accounting_pushes SET next_attempt_at = now() WHERE status = 'PENDING'");
}

describe("an early payment in the books of both sides", () => {
  it("records the payment, cashback and fee once, even when the provider fails the first attempts and the job runs again", async () => {
    const s = await scenario(123_457 as Cents, "12.35");
    const amounts = payNowAmounts({ discountedTotal: 123_457, cashReward: 1_235 });
    // The next calls answer 503 (more than the client's own retries): the after-commit delivery fails and backs off.
    await world.admin.failNext({ count: 6, status: 503 });
    const result = await payNow(s.purchaser.actor, { supplierOfferId: s.offerId, invoiceIds: [s.invoice.id] });
    expect(result.status).toBe("SUCCESS");
    await settleAccountingPushes();

    const pushes = await AccountingPush.findAll({ where: { invoiceId: [s.invoice.id, s.billRow.id] }, order: [["id", "ASC"]] });
    expect(pushes.map((push) => [push.companyId, push.kind, push.side, push.amount])).toEqual([
      [s.purchaser.company.id, "PAYMENT", "PURCHASER", 123_457],
      [s.purchaser.company.id, "CASHBACK", "PURCHASER", amounts.savings],
      [s.supplier.company.id, "PAYMENT", "SUPPLIER", 123_457],
      [s.supplier.company.id, "FEE", "SUPPLIER", 1_235],
    ]);
    const failedFirst = pushes.filter((push) => push.status === "PENDING");
    expect(failedFirst.length).toBeGreaterThan(0);
    expect(failedFirst[0]).toMatchObject({ attempts: 1, lastError: expect.stringContaining("503") });
    expect(failedFirst[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await AccountingSyncEvent.count({ where: { companyId: s.purchaser.company.id, direction: "OUT", outcome: "RETRYING" } })).toBeGreaterThan(0);

    // The job before the backoff has passed does nothing; after it, delivers what is left; a third run finds nothing.
    const early = await runDuePushes();
    expect(early.attempted).toBe(0);
    await timePasses();
    const second = await runDuePushes();
    expect(second.failed).toBe(0);
    expect(second.done).toBe(failedFirst.length);
    await timePasses();
    expect((await runDuePushes()).attempted).toBe(0);
    expect(await AccountingPush.count({ where: { invoiceId: [s.invoice.id, s.billRow.id], status: "DONE" } })).toBe(4);

    // The purchaser's books: the bill paid in full, T from the Earlybird bank account; the cashback as Earlybird's
    // ACCREC of C paid into the same bank account. Exactly one of each.
    const purchaserPayments = await paymentsIn(s.purchaserTenant);
    const onBill = purchaserPayments.filter((payment) => payment.Invoice.InvoiceID === s.bill.InvoiceID);
    expect(onBill.map((payment) => payment.Amount)).toEqual([1234.57]);
    const earlybirdPayments = purchaserPayments.filter((payment) => payment.Reference?.startsWith("Earlybird"));
    expect(earlybirdPayments.map((payment) => payment.Amount).sort()).toEqual([dollars(amounts.savings), 1234.57].sort());
    expect(await world.admin.xeroInvoice(s.purchaserTenant, s.bill.InvoiceID)).toMatchObject({ Status: "PAID", AmountDue: 0 });
    const cashbackDocument = await world.admin.xeroInvoice(
      s.purchaserTenant,
      earlybirdPayments.find((payment) => payment.Invoice.InvoiceID !== s.bill.InvoiceID)!.Invoice.InvoiceID,
    );
    expect(cashbackDocument).toMatchObject({ Type: "ACCREC", Status: "PAID", Contact: { Name: "Earlybird" }, Total: dollars(amounts.savings) });

    // The supplier's books: the invoice paid in full into the bank account, the fee as Earlybird's ACCPAY of F.
    const supplierPayments = await paymentsIn(s.supplierTenant!);
    expect(supplierPayments.filter((payment) => payment.Invoice.InvoiceID === s.sale!.InvoiceID).map((payment) => payment.Amount)).toEqual([1234.57]);
    expect(
      supplierPayments.filter((payment) => payment.Invoice.InvoiceID !== s.sale!.InvoiceID && payment.Reference?.startsWith("Earlybird")).map((payment) => payment.Amount),
    ).toEqual([12.35]);

    // Every outcome is in each company's sync log.
    const created = await AccountingSyncEvent.findAll({ where: { companyId: s.supplier.company.id, direction: "OUT", outcome: "CREATED" } });
    expect(created.map((event) => event.kind).sort()).toEqual(["FEE", "PAYMENT"]);
  });

  it("sends a push again under the same Idempotency-Key after a lost answer: the books still hold one payment", async () => {
    const s = await scenario(50_000 as Cents, "5.00", { connectSupplier: false });
    await payNow(s.purchaser.actor, { supplierOfferId: s.offerId, invoiceIds: [s.invoice.id] });
    await settleAccountingPushes();
    const payment = await AccountingPush.findOne({ where: { companyId: s.purchaser.company.id, kind: "PAYMENT" } });
    expect(payment).toMatchObject({ status: "DONE", attempts: 1 });
    // As if the answer had been lost: Earlybird does not know it was written, and sends it again.
    await sequelize.query("UPDATE accounting_pushes SET status = 'PENDING', done_at = NULL, next_attempt_at = now() WHERE id = :id", { replacements: { id: payment!.id } });
    const outcome = await deliverPush(payment!.id);
    expect((await AccountingPush.findByPk(payment!.id))?.lastError ?? null).toBeNull();
    expect(outcome).toBe("DONE");
    const again = await AccountingPush.findByPk(payment!.id);
    expect(again).toMatchObject({ status: "DONE", attempts: 2, externalId: payment!.externalId });
    const onBill = (await paymentsIn(s.purchaserTenant)).filter((entry) => entry.Invoice.InvoiceID === s.bill.InvoiceID);
    expect(onBill).toHaveLength(1);
    // The supplier keeps no books Earlybird can write to: nothing was queued for it.
    expect(await AccountingPush.count({ where: { companyId: s.supplier.company.id } })).toBe(0);
  });

  it("the same event published twice queues one push per kind and side", async () => {
    const s = await scenario(20_000 as Cents, "5.00", { connectSupplier: false });
    await payNow(s.purchaser.actor, { supplierOfferId: s.offerId, invoiceIds: [s.invoice.id] });
    await settleAccountingPushes();
    const [posted] = await sequelize.query<{ id: number }>(
      `SELECT t.id FROM ledger_transactions t JOIN offer_execution_results r ON r.id = t.offer_execution_result_id WHERE r.invoice_id = :id AND t.transaction_class = 'PAYMENT'`,
      { type: QueryTypes.SELECT, replacements: { id: s.invoice.id } },
    );
    const before = await AccountingPush.count({ where: { ledgerTransactionId: posted.id } });
    expect(before).toBe(2);
    const paid = (await Invoice.findByPk(s.invoice.id))!;
    const event = {
      ledgerTransactionId: posted.id,
      invoiceId: s.invoice.id,
      purchaserCompanyId: s.purchaser.company.id,
      supplierCompanyId: s.supplier.company.id,
      currency: "NZD" as const,
      total: 20_000 as Cents,
      serviceFee: 500 as Cents,
      cashback: (paid.cashReward ?? 0) as Cents,
      paidDate: today,
    };
    await sequelize.transaction((t) => publishEarlyPaymentCompleted(t, event));
    await sequelize.transaction((t) => publishEarlyPaymentCompleted(t, event));
    await settleAccountingPushes();
    expect(await AccountingPush.count({ where: { ledgerTransactionId: posted.id } })).toBe(before);
    expect((await paymentsIn(s.purchaserTenant)).filter((entry) => entry.Invoice.InvoiceID === s.bill.InvoiceID)).toHaveLength(1);
  });

  it("a connected company without mapped accounts gets nothing written", async () => {
    const s = await scenario(30_000 as Cents, "5.00", { mapPurchaser: false, connectSupplier: false });
    const paymentsBefore = (await paymentsIn(s.purchaserTenant)).length;
    await payNow(s.purchaser.actor, { supplierOfferId: s.offerId, invoiceIds: [s.invoice.id] });
    await settleAccountingPushes();
    expect(await AccountingPush.count({ where: { companyId: [s.purchaser.company.id, s.supplier.company.id] } })).toBe(0);
    expect(await runDuePushes().then((summary) => summary.done)).toBeGreaterThanOrEqual(0);
    expect((await paymentsIn(s.purchaserTenant)).length).toBe(paymentsBefore);
    expect(await world.admin.xeroInvoice(s.purchaserTenant, s.bill.InvoiceID)).toMatchObject({ Status: "AUTHORISED" });
  });

  it("MYOB Essentials: the purchaser's bill gets a supplier payment of T − C from the bank account and C from the cashback account", async () => {
    const supplier = await makeBooksCompany();
    const purchaser = await makeBooksCompany();
    const connection = await connectMyobEssentials(purchaser.actor);
    await mapMyobAccounts(connection);
    const fileId = connection.companyFileId ?? connection.externalTenantId!;
    // An open bill of the purchaser's MYOB file, fully due: Earlybird's bill row for it, its supplier as the contact.
    const page = await myobApiFor(connection).listPage<MyobBill>("Purchase/Bill/Service", { top: 100 });
    const open = page.Items.find((bill) => bill.Status === "Open" && bill.BalanceDueAmount === bill.TotalAmount && bill.TotalAmount > 50)!;
    const total = Math.round(open.TotalAmount * 100) as Cents;
    await fundWallet(purchaser.actor, (total * 2) as Cents);
    const number = open.SupplierInvoiceNumber ?? open.Number;
    const invoice = await makeInvoice(supplier.company, purchaser.company, { total, daysToDue: 20, number });
    const billRow = await makeInvoice(supplier.company, purchaser.company, { total, daysToDue: 20, number, type: "BILL" });
    await billRow.update({ externalId: open.UID, loadedBy: "MYOB_ESSENTIALS" });
    await Counterparty.upsert({ companyId: purchaser.company.id, counterpartyCompanyId: supplier.company.id, isSupplier: true, externalAccountId: open.Supplier.UID } as never);
    const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "5.00", expirationDate: addDays(today, 5) });
    expect((await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] })).status).toBe("SUCCESS");
    await settleAccountingPushes();
    const log = await AccountingSyncEvent.findAll({ where: { companyId: purchaser.company.id, direction: "OUT" } });
    expect(log.filter((event) => event.outcome !== "CREATED").map((event) => event.message)).toEqual([]);

    const pushes = await AccountingPush.findAll({ where: { companyId: purchaser.company.id }, order: [["id", "ASC"]] });
    expect(pushes.map((push) => [push.kind, push.status, push.lastError])).toEqual([
      ["PAYMENT", "DONE", null],
      ["CASHBACK", "DONE", null],
    ]);
    const savings = payNowAmounts({ discountedTotal: total, cashReward: 500 }).savings;
    const payments = (await world.admin.myobPayments(fileId)).filter((payment) => JSON.stringify(payment).includes(open.UID));
    expect(payments.map((payment) => (payment as unknown as { Lines: { AmountApplied: number }[] }).Lines[0].AmountApplied).sort()).toEqual(
      [dollars(total - savings), dollars(savings)].sort(),
    );
    expect(await world.admin.myobBill(fileId, open.UID)).toMatchObject({ Status: "Closed", BalanceDueAmount: 0 });
  });
});
