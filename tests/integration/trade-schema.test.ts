/**
 * The trade-area schema enforces its rules in PostgreSQL itself (GUIDE rule 14): these tests go through the models
 * and expect the database, not the model, to refuse what breaks a rule. Each test makes its own companies.
 */
import { afterAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import {
  Company,
  Counterparty,
  CreditNote,
  CreditNoteAllocation,
  EntityPreferences,
  Invoice,
  OfferExecution,
  OfferExecutionResult,
  PaymentTerm,
  PurchaseOrder,
  PurchaserOffer,
  SupplierOffer,
  SupplierOfferInvoice,
  type InvoiceType,
} from "../../db/models/index";
import type { Cents } from "../../app/lib/money";

afterAll(() => sequelize.close());

let sequence = 0;
function uniqueName(label: string) {
  sequence += 1;
  return `${label} ${process.pid}-${Date.now().toString(36)}-${sequence}`;
}

async function makeCompany(label: string) {
  return Company.create({ companyName: uniqueName(label), status: "ACTIVE" });
}

async function makeInvoice(
  supplier: Company,
  purchaser: Company,
  fields: { type?: InvoiceType; invoiceNumber?: string; total?: Cents; dueDate?: string } = {},
) {
  return Invoice.create({
    type: fields.type ?? "INVOICE",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: fields.invoiceNumber ?? uniqueName("INV"),
    dueDate: fields.dueDate ?? "2030-01-20",
    total: fields.total ?? 10_000,
  });
}

/** Awaits a write the database must refuse, and checks which rule refused it (SQLSTATE and constraint or index name). */
async function expectRefused(write: Promise<unknown>, expected: { code: string; constraint: string }) {
  const error = await write.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, `expected ${expected.constraint} to refuse the write`).not.toBeNull();
  const original = (error as { original?: { code?: string; constraint?: string } }).original;
  expect({ code: original?.code, constraint: original?.constraint }).toEqual(expected);
}

const UNIQUE = "23505";
const CHECK = "23514";
const FOREIGN_KEY = "23503";

describe("money columns", () => {
  it("store NUMERIC(14,2) and read back as integer cents through the models", async () => {
    const supplier = await makeCompany("Round-trip supplier");
    const purchaser = await makeCompany("Round-trip purchaser");
    const invoice = await makeInvoice(supplier, purchaser, { total: 1_234_567 });
    expect(invoice.total).toBe(1_234_567);
    expect(invoice.discountedTotal).toBe(1_234_567);

    const [stored] = await sequelize.query<{ total: string; discounted_total: string; credit_note_value: string }>(
      "SELECT total::text, discounted_total::text, credit_note_value::text FROM invoices WHERE id = $1",
      { bind: [invoice.id], type: QueryTypes.SELECT },
    );
    expect(stored).toEqual({ total: "12345.67", discounted_total: "12345.67", credit_note_value: "0.00" });

    const reloaded = await Invoice.findByPk(invoice.id, { rejectOnEmpty: true });
    expect(reloaded.total).toBe(1_234_567);
    expect(reloaded.totalPaid).toBe(0);

    const order = await PurchaseOrder.create({ companyId: purchaser.id, supplierCompanyId: supplier.id, orderNumber: uniqueName("PO"), amount: 1 });
    const [orderRow] = await sequelize.query<{ amount: string }>("SELECT amount::text FROM purchase_orders WHERE id = $1", {
      bind: [order.id],
      type: QueryTypes.SELECT,
    });
    expect(orderRow.amount).toBe("0.01");
    expect((await PurchaseOrder.findByPk(order.id, { rejectOnEmpty: true })).amount).toBe(1);

    expect(() => invoice.set("total", 12.5 as Cents)).toThrow(TypeError);
  });
});

describe("invoices", () => {
  it("refuse a second live invoice number per issuer and type, and allow it for another type, issuer or after soft delete", async () => {
    const supplier = await makeCompany("Numbering supplier");
    const otherSupplier = await makeCompany("Numbering other supplier");
    const purchaser = await makeCompany("Numbering purchaser");
    const otherPurchaser = await makeCompany("Numbering other purchaser");
    const number = uniqueName("INV");

    const first = await makeInvoice(supplier, purchaser, { invoiceNumber: number });
    // Same supplier, same number, even to another customer: refused.
    await expectRefused(makeInvoice(supplier, otherPurchaser, { invoiceNumber: number }), { code: UNIQUE, constraint: "invoices_invoice_number_key" });
    // Another type or another issuer may use it.
    await makeInvoice(supplier, purchaser, { invoiceNumber: number, type: "BILL" });
    await makeInvoice(otherSupplier, purchaser, { invoiceNumber: number });

    // A bill number is unique per purchaser and supplier: a second purchaser may hold the same supplier's number.
    await expectRefused(makeInvoice(supplier, purchaser, { invoiceNumber: number, type: "BILL" }), { code: UNIQUE, constraint: "invoices_bill_number_key" });
    await makeInvoice(supplier, otherPurchaser, { invoiceNumber: number, type: "BILL" });

    await first.update({ deletedAt: new Date() });
    const again = await makeInvoice(supplier, purchaser, { invoiceNumber: number });
    expect(again.id).not.toBe(first.id);
  });
});

describe("purchaser offers", () => {
  it("allow one live offer per company, and a new one once the first is cancelled", async () => {
    const purchaser = await makeCompany("Offer purchaser");
    const otherPurchaser = await makeCompany("Offer other purchaser");
    const first = await PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 500_000, crr: "8.00", topUpId: null, cancelledAt: null });
    await PurchaserOffer.create({ createdByCompany: otherPurchaser.id, cashpool: 100, crr: "5.00", topUpId: null, cancelledAt: null });

    await expectRefused(
      PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 100, crr: "5.00", offerStatus: "VIRTUAL", topUpId: null, cancelledAt: null }),
      { code: UNIQUE, constraint: "purchaser_offers_one_live_per_company" },
    );

    await first.update({ offerStatus: "CANCELLED", cancelledAt: new Date() });
    const second = await PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 100, crr: "5.00", topUpId: null, cancelledAt: null });
    expect(second.offerStatus).toBe("ACTIVE");
    await expectRefused(second.update({ crr: "0.00" }), { code: CHECK, constraint: "purchaser_offers_crr_range" });
  });
});

describe("credit notes", () => {
  it("refuse allocations beyond the credit note's total and beyond the invoice's total, and keep the sums", async () => {
    const supplier = await makeCompany("Credit supplier");
    const purchaser = await makeCompany("Credit purchaser");
    const billA = await makeInvoice(supplier, purchaser, { type: "BILL", total: 8_000 });
    const billB = await makeInvoice(supplier, purchaser, { type: "BILL", total: 8_000 });
    const credit = await CreditNote.create({
      issuedBy: supplier.id,
      issuedFor: purchaser.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: purchaser.companyName,
      creditNumber: uniqueName("CN"),
      total: 10_000,
    });
    expect(credit.status).toBe("UNALLOCATED");

    await CreditNoteAllocation.create({ creditNoteId: credit.id, invoiceId: billA.id, allocatedAmount: 6_000 });
    // 60.00 + 50.00 > 100.00 of credit.
    await expectRefused(CreditNoteAllocation.create({ creditNoteId: credit.id, invoiceId: billB.id, allocatedAmount: 5_000 }), {
      code: CHECK,
      constraint: "credit_notes_allocated_within_total",
    });
    const second = await CreditNoteAllocation.create({ creditNoteId: credit.id, invoiceId: billB.id, allocatedAmount: 4_000 });
    await expectRefused(second.update({ allocatedAmount: 4_001 }), { code: CHECK, constraint: "credit_notes_allocated_within_total" });

    await credit.reload();
    expect({ allocated: credit.allocatedTotal, unallocated: credit.unallocatedTotal, status: credit.status }).toEqual({
      allocated: 10_000,
      unallocated: 0,
      status: "ALLOCATED",
    });
    await billA.reload();
    expect({ credit: billA.creditNoteValue, discounted: billA.discountedTotal }).toEqual({ credit: 6_000, discounted: 2_000 });

    // Bill A holds 60.00 of credit on its 80.00: another credit note may add 20.00, not 20.01.
    const moreCredit = await CreditNote.create({
      issuedBy: supplier.id,
      issuedFor: purchaser.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: purchaser.companyName,
      creditNumber: uniqueName("CN"),
      total: 10_000,
    });
    await expectRefused(CreditNoteAllocation.create({ creditNoteId: moreCredit.id, invoiceId: billA.id, allocatedAmount: 2_001 }), {
      code: CHECK,
      constraint: "invoices_credit_within_total",
    });
    // Nor may the invoice's total drop below its credit.
    await expectRefused(billA.update({ total: 5_999 }), { code: CHECK, constraint: "invoices_credit_within_total" });

    // Releasing an allocation gives the credit back.
    await second.destroy();
    await credit.reload();
    expect({ allocated: credit.allocatedTotal, status: credit.status }).toEqual({ allocated: 6_000, status: "PARTIALLY_ALLOCATED" });
    await billB.reload();
    expect(billB.discountedTotal).toBe(8_000);

    // Credit applies between the same two companies only.
    const strangerBill = await makeInvoice(supplier, await makeCompany("Credit stranger"), { type: "BILL", total: 8_000 });
    await expectRefused(CreditNoteAllocation.create({ creditNoteId: moreCredit.id, invoiceId: strangerBill.id, allocatedAmount: 100 }), {
      code: CHECK,
      constraint: "credit_note_allocations_same_parties",
    });
  });
});

describe("credit notes under concurrency", () => {
  it("refuse two concurrent allocations that together exceed the credit", async () => {
    const supplier = await makeCompany("Race supplier");
    const purchaser = await makeCompany("Race purchaser");
    const billA = await makeInvoice(supplier, purchaser, { type: "BILL", total: 8_000 });
    const billB = await makeInvoice(supplier, purchaser, { type: "BILL", total: 8_000 });
    const credit = await CreditNote.create({
      issuedBy: supplier.id,
      issuedFor: purchaser.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: purchaser.companyName,
      creditNumber: uniqueName("CN"),
      total: 10_000,
    });

    const first = await sequelize.transaction();
    await CreditNoteAllocation.create({ creditNoteId: credit.id, invoiceId: billA.id, allocatedAmount: 6_000 }, { transaction: first });
    // Waits for the first transaction's lock on the credit note, then must see its allocation.
    const second = sequelize.transaction((transaction) =>
      CreditNoteAllocation.create({ creditNoteId: credit.id, invoiceId: billB.id, allocatedAmount: 5_000 }, { transaction }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.commit();
    await expectRefused(second, { code: CHECK, constraint: "credit_notes_allocated_within_total" });

    await credit.reload();
    expect(credit.allocatedTotal).toBe(6_000);
  });
});

describe("payment terms", () => {
  it("refuse duplicates and a second default per company", async () => {
    const buyer = await makeCompany("Terms buyer");
    const otherBuyer = await makeCompany("Terms other buyer");
    await PaymentTerm.create({ companyId: buyer.id, frequency: "MONTHLY", date: 20, dayOfWeek: null, defaultTerm: true });
    await PaymentTerm.create({ companyId: buyer.id, frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" });

    await expectRefused(PaymentTerm.create({ companyId: buyer.id, frequency: "MONTHLY", date: 20, dayOfWeek: null }), {
      code: UNIQUE,
      constraint: "payment_terms_monthly_key",
    });
    await expectRefused(PaymentTerm.create({ companyId: buyer.id, frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" }), {
      code: UNIQUE,
      constraint: "payment_terms_weekly_key",
    });
    await expectRefused(PaymentTerm.create({ companyId: buyer.id, frequency: "MONTHLY", date: 1, dayOfWeek: null, defaultTerm: true }), {
      code: UNIQUE,
      constraint: "payment_terms_one_default",
    });
    await expectRefused(PaymentTerm.create({ companyId: buyer.id, frequency: "MONTHLY", date: null, dayOfWeek: "MONDAY" }), {
      code: CHECK,
      constraint: "payment_terms_day_matches_frequency",
    });
    await PaymentTerm.create({ companyId: otherBuyer.id, frequency: "MONTHLY", date: 20, dayOfWeek: null, defaultTerm: true });
  });
});

describe("counterparties and preferences", () => {
  it("enable scheduled payments only with a bank account and a term of the owner's own, and lock periods at month ends", async () => {
    const buyer = await makeCompany("Directory buyer");
    const otherBuyer = await makeCompany("Directory other buyer");
    const supplier = await makeCompany("Directory supplier");
    const term = await PaymentTerm.create({ companyId: buyer.id, frequency: "MONTHLY", date: 20, dayOfWeek: null });
    const foreignTerm = await PaymentTerm.create({ companyId: otherBuyer.id, frequency: "MONTHLY", date: 20, dayOfWeek: null });
    const counterparty = await Counterparty.create({ companyId: buyer.id, counterpartyCompanyId: supplier.id, isSupplier: true });

    await expectRefused(counterparty.update({ isScheduledPaymentsEnabled: true, paymentTermId: term.id }), {
      code: CHECK,
      constraint: "counterparties_scheduled_payments_ready",
    });
    await expectRefused(counterparty.update({ paymentTermId: foreignTerm.id }), { code: FOREIGN_KEY, constraint: "counterparties_payment_term_fkey" });
    await counterparty.update({ isScheduledPaymentsEnabled: true, paymentTermId: term.id, externalBankAccountNumber: "12-3456-7890123-001" });

    await expectRefused(counterparty.update({ periodLockDate: "2030-02-27" }), { code: CHECK, constraint: "counterparties_period_lock_month_end" });
    await counterparty.update({ periodLockDate: "2028-02-29" });
    await expectRefused(EntityPreferences.create({ companyId: buyer.id, periodLockDate: "2030-04-29" }), {
      code: CHECK,
      constraint: "entity_preferences_period_lock_month_end",
    });
    await EntityPreferences.create({ companyId: buyer.id, periodLockDate: "2030-04-30" });
  });
});

describe("supplier offers", () => {
  it("hold an invoice in at most one open offer", async () => {
    const supplier = await makeCompany("Prompt supplier");
    const purchaser = await makeCompany("Prompt purchaser");
    const invoice = await makeInvoice(supplier, purchaser);
    const first = await SupplierOffer.create({ createdByCompany: supplier.id, cashReward: 500, expirationDate: "2029-12-31", topUpId: null });
    const second = await SupplierOffer.create({ createdByCompany: supplier.id, cashReward: 600, expirationDate: "2029-12-31", topUpId: null });
    await SupplierOfferInvoice.create({ supplierOfferId: first.id, invoiceId: invoice.id });

    await expectRefused(SupplierOfferInvoice.create({ supplierOfferId: second.id, invoiceId: invoice.id }), {
      code: UNIQUE,
      constraint: "supplier_offer_invoices_one_open_per_invoice",
    });
    await first.update({ offerStatus: "EXPIRED" });
    const held = await SupplierOfferInvoice.create({ supplierOfferId: second.id, invoiceId: invoice.id });
    expect(held.offerStatus).toBe("CLEARING");
    // Reopening the expired offer would give the invoice two open offers.
    await expectRefused(first.update({ offerStatus: "CLEARING" }), { code: UNIQUE, constraint: "supplier_offer_invoices_one_open_per_invoice" });

    const strangersInvoice = await makeInvoice(purchaser, supplier);
    await expectRefused(SupplierOfferInvoice.create({ supplierOfferId: second.id, invoiceId: strangersInvoice.id }), {
      code: CHECK,
      constraint: "supplier_offer_invoices_own_invoice",
    });
  });
});

describe("offer executions", () => {
  it("keep at most one result that is not FAILED per offer and invoice", async () => {
    const supplier = await makeCompany("Execution supplier");
    const purchaser = await makeCompany("Execution purchaser");
    const bill = await makeInvoice(supplier, purchaser, { type: "BILL", total: 100_000 });
    await bill.update({ includeInPurchaserOffer: true });
    const offer = await PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 500_000, crr: "8.00", topUpId: null, cancelledAt: null });
    const execute = () =>
      OfferExecution.create({ offerKind: "PURCHASER", purchaserOfferId: offer.id, supplierOfferId: null, requestedByCompanyId: supplier.id, requestedByUserId: null, jobId: null });

    const firstExecution = await execute();
    const failed = await OfferExecutionResult.create({
      executionId: firstExecution.id,
      invoiceId: bill.id,
      status: "FAILED",
      amount: null,
      fee: null,
      cashback: null,
      reason: "Invoice amount is higher than available cash pool",
      ledgerTransactionId: null,
    });
    expect(failed.purchaserOfferId).toBe(offer.id);

    const retry = await execute();
    const paid = await OfferExecutionResult.create({
      executionId: retry.id,
      invoiceId: bill.id,
      status: "SUCCESS",
      amount: 99_000,
      fee: 1_250,
      cashback: 1_000,
      reason: null,
      ledgerTransactionId: null,
    });
    expect(paid.purchaserOfferId).toBe(offer.id);

    const repeat = await execute();
    await expectRefused(
      OfferExecutionResult.create({
        executionId: repeat.id,
        invoiceId: bill.id,
        status: "PENDING",
        amount: 99_000,
        fee: 1_250,
        cashback: 1_000,
        reason: null,
        ledgerTransactionId: null,
      }),
      { code: UNIQUE, constraint: "offer_execution_results_one_live_per_invoice" },
    );
    // A failed attempt may always be recorded.
    await OfferExecutionResult.create({ executionId: repeat.id, invoiceId: bill.id, status: "FAILED", amount: null, fee: null, cashback: null, reason: "Already paid", ledgerTransactionId: null });

    await expectRefused(
      OfferExecution.create({ offerKind: "SUPPLIER", purchaserOfferId: offer.id, supplierOfferId: null, requestedByCompanyId: supplier.id, requestedByUserId: null, jobId: null }),
      { code: CHECK, constraint: "offer_executions_one_offer" },
    );
  });
});
