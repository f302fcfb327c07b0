/**
 * Pay Now (issue 5 parts 5 and 9) against PostgreSQL: with funds, the three ledger movements to the cent and the
 * invariants; without funds, the SUPPLIER_OFFER top-up → TOPUP_PENDING → admin confirmation → paid; the cancel and
 * expiry paths back to CLEARING; "Cannot pay now!" and "Error creating topup. Offer not accepted." with nothing
 * written; and N concurrent Pay Now requests on one offer paying exactly once.
 */
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, OfferExecution, OfferExecutionResult, SupplierOffer, TopUp } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { defaultListQuery } from "../../app/modules/invoices/filters";
import { listBills } from "../../app/modules/invoices/list.server";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { cancelTopUp, confirmTopUp, expireTopUps } from "../../app/modules/ledger/top-ups.server";
import { ALREADY_PAID, cancelPayNow, payNow, payNowView, TOPUP_CANCELLED_REASON } from "../../app/modules/offers/pay-now.server";
import { payNowAmounts } from "../../app/modules/offers/rules";
import { CANNOT_PAY_NOW, OFFER_CHANGED, TOPUP_ERROR_OFFER_NOT_ACCEPTED } from "../../app/modules/offers/supplier-offers.schema";
import { cancelPaymentRequest, editPaymentRequest, requestPayment } from "../../app/modules/offers/supplier-offers.server";
import { fundWallet, makeAdmin, makeCompany, makeInvoice, makeUser, makeVerifiedCompany } from "../support/factories";
import { paymentEntriesOf } from "./supplier-offers.support";
import { errorOf } from "./top-ups.support";

afterAll(() => sequelize.close());

const todayNz = todayIn("NZ");

/** A supplier's prompt payment request of A on an invoice of T to a verified, activated purchaser. */
async function scenario(total: Cents, amount: string, purchaserFunds: Cents) {
  const supplier = await makeVerifiedCompany();
  const purchaser = await makeVerifiedCompany();
  if (purchaserFunds > 0) await fundWallet(purchaser.actor, purchaserFunds);
  const invoice = await makeInvoice(supplier.company, purchaser.company, { total, daysToDue: 20 });
  const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount, expirationDate: addDays(todayNz, 5) });
  return { supplier, purchaser, invoice, offerId };
}

async function balances(...companyIds: number[]) {
  return Promise.all(companyIds.map(async (id) => (await companyFunds(id)).balance));
}

async function feeRevenueOf(transactionIds: number[]) {
  const [row] = await sequelize.query<{ c: string }>(
    `SELECT COALESCE(sum(e.amount * 100), 0)::bigint AS c FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = 'FEE_REVENUE' AND e.transaction_id IN (:ids)`,
    { type: QueryTypes.SELECT, replacements: { ids: transactionIds.length ? transactionIds : [0] } }
  );
  return Number(row.c);
}

function expectThreeMovements(
  entries: Awaited<ReturnType<typeof paymentEntriesOf>>,
  ids: { purchaser: number; supplier: number },
  expected: ReturnType<typeof payNowAmounts>
) {
  expect(new Set(entries.map((e) => e.transaction_id)).size).toBe(1);
  const byParty = entries.map((e) => [e.kind === "WALLET" ? (e.company_id === ids.purchaser ? "purchaser" : "supplier") : e.kind, Number(e.amount_c)]);
  expect(byParty).toEqual(
    expect.arrayContaining([
      ["purchaser", -expected.purchaserPays],
      ["supplier", expected.supplierReceives],
      ["FEE_REVENUE", expected.earlybirdKeeps],
    ])
  );
  expect(entries).toHaveLength(3);
  // Balanced: what the purchaser pays is what the supplier and Earlybird receive.
  expect(entries.reduce((sum, e) => sum + Number(e.amount_c), 0)).toBe(0);
}

describe("Pay Now with Funds Available (D2: purchaser −(T − s), supplier +(T − A), Earlybird +(A − s))", () => {
  it("pays at once, to the cent, in one ledger transaction; the bill is paid and the offer EXECUTED", async () => {
    const { supplier, purchaser, invoice, offerId } = await scenario(123_457 as Cents, "12.35", 200_000 as Cents);
    const expected = payNowAmounts({ discountedTotal: 123_457, cashReward: 1_235 });
    expect(expected).toEqual({ savings: 741, purchaserPays: 122_716, supplierReceives: 122_222, earlybirdKeeps: 494 });
    const [purchaserBefore, supplierBefore] = await balances(purchaser.company.id, supplier.company.id);

    const view = await payNowView(purchaser.actor, invoice.id);
    expect(view).toMatchObject({ offer: { id: offerId, status: "CLEARING", cashReward: 1_235 }, amounts: expected, shortfall: 0, fundsAvailable: 200_000 });

    const result = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    expect(result).toEqual({
      status: "SUCCESS",
      invoicesExecutionResult: [{ invoiceId: invoice.id, status: "SUCCESS", reason: null }],
      topUpId: null,
      alreadyPaid: false,
    });

    const entries = await paymentEntriesOf(invoice.id);
    expectThreeMovements(entries, { purchaser: purchaser.company.id, supplier: supplier.company.id }, expected);
    expect(await balances(purchaser.company.id, supplier.company.id)).toEqual([purchaserBefore - 122_716, supplierBefore + 122_222]);
    expect(await feeRevenueOf([entries[0].transaction_id])).toBe(494);

    const paid = await Invoice.findByPk(invoice.id);
    expect(paid).toMatchObject({
      billStatus: "PAID",
      invoiceStatus: "PAYMENT_RECEIVED",
      paidDate: todayNz,
      totalPaid: 123_457,
      cashReward: 741,
      serviceFee: 1_235,
    });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "EXECUTED" });
    const results = await OfferExecutionResult.findAll({ where: { invoiceId: invoice.id } });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      status: "SUCCESS",
      supplierOfferId: offerId,
      amount: 122_716,
      fee: 1_235,
      cashback: 741,
      ledgerTransactionId: entries[0].transaction_id,
    });
    expect(await OfferExecution.findByPk(results[0].executionId)).toMatchObject({ offerKind: "SUPPLIER", status: "SUCCESS", progress: 100, successCount: 1 });
    // The bills list: Paid with View; paying again is "already paid", and moves nothing.
    const bills = await listBills(purchaser.actor as Actor & { companyId: number }, { ...defaultListQuery("BILL"), tab: "bills", status: "PAID" });
    expect(bills.rows.find((row) => row.id === invoice.id)?.status).toMatchObject({ label: "Paid", action: "View" });
    expect(await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] })).toMatchObject({ status: "SUCCESS", alreadyPaid: true });
    expect(await paymentEntriesOf(invoice.id)).toHaveLength(3);
  });

  it("pays exactly once under N concurrent requests from two users of the purchaser", async () => {
    const { supplier, purchaser, invoice, offerId } = await scenario(500_000 as Cents, "250", 1_000_000 as Cents);
    const colleague = await makeUser({ company: purchaser.company });
    const colleagueActor: Actor = { userId: colleague.id, companyId: purchaser.company.id, roles: ["ROLE_USER"] };
    const [purchaserBefore, supplierBefore] = await balances(purchaser.company.id, supplier.company.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => payNow(i % 2 ? colleagueActor : purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] }))
    );
    expect(results.every((r) => r.status === "SUCCESS")).toBe(true);
    expect(results.filter((r) => !r.alreadyPaid)).toHaveLength(1);
    const expected = payNowAmounts({ discountedTotal: 500_000, cashReward: 25_000 });
    expectThreeMovements(await paymentEntriesOf(invoice.id), { purchaser: purchaser.company.id, supplier: supplier.company.id }, expected);
    expect(await balances(purchaser.company.id, supplier.company.id)).toEqual([
      purchaserBefore - expected.purchaserPays,
      supplierBefore + expected.supplierReceives,
    ]);
    expect(await OfferExecution.count({ where: { supplierOfferId: offerId } })).toBe(1);
  });
});

describe("Pay Now without enough funds: top-up trigger SUPPLIER_OFFER", () => {
  it("creates a top-up of the shortfall; TOPUP_PENDING with Cancel; paid when an admin confirms the top-up", async () => {
    const { supplier, purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 30_000 as Cents);
    const expected = payNowAmounts({ discountedTotal: 100_000, cashReward: 5_000 });
    expect(expected.purchaserPays).toBe(97_000);
    const result = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    expect(result).toMatchObject({ status: "TOPUP_PENDING", invoicesExecutionResult: [{ invoiceId: invoice.id, status: "TOPUP_PENDING" }] });
    const topUp = await TopUp.findByPk(result.topUpId!);
    expect(topUp).toMatchObject({ companyId: purchaser.company.id, topupAmount: 67_000, topupStatus: "PENDING", trigger: "SUPPLIER_OFFER" });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "TOPUP_PENDING", topUpId: topUp!.id });
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
    const bills = await listBills(purchaser.actor as Actor & { companyId: number }, { ...defaultListQuery("BILL"), tab: "bills" });
    expect(bills.rows.find((row) => row.id === invoice.id)?.status).toMatchObject({ label: "Topup Pending", action: "Cancel" });
    // A second click finds the same top-up.
    expect(await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] })).toMatchObject({
      status: "TOPUP_PENDING",
      topUpId: topUp!.id,
    });
    expect(await TopUp.count({ where: { companyId: purchaser.company.id, trigger: "SUPPLIER_OFFER" } })).toBe(1);
    const [supplierBefore] = await balances(supplier.company.id);

    await confirmTopUp(await makeAdmin(), topUp!.id);

    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "EXECUTED" });
    expectThreeMovements(await paymentEntriesOf(invoice.id), { purchaser: purchaser.company.id, supplier: supplier.company.id }, expected);
    // 300 + 670 in, 970 out.
    expect(await balances(purchaser.company.id, supplier.company.id)).toEqual([0, supplierBefore + expected.supplierReceives]);
    expect(await Invoice.findByPk(invoice.id)).toMatchObject({ billStatus: "PAID", invoiceStatus: "PAYMENT_RECEIVED" });
    const results = await OfferExecutionResult.findAll({ where: { invoiceId: invoice.id } });
    expect(results.map((r) => r.status)).toEqual(["SUCCESS"]);
    expect(await OfferExecution.findByPk(results[0].executionId)).toMatchObject({ status: "SUCCESS", progress: 100 });
  });

  it("Cancel cancels the top-up and returns the offer to CLEARING; the purchaser may Pay Now again", async () => {
    const { purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 0 as Cents);
    const first = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    expect(first.topUpId).not.toBeNull();
    expect(await cancelPayNow(purchaser.actor, { supplierOfferId: offerId, invoiceId: invoice.id })).toEqual({ alreadyDone: false });
    expect(await TopUp.findByPk(first.topUpId!)).toMatchObject({ topupStatus: "CANCELLED" });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING", topUpId: null });
    expect(await OfferExecutionResult.findAll({ where: { invoiceId: invoice.id } })).toMatchObject([{ status: "FAILED", reason: TOPUP_CANCELLED_REASON }]);
    expect(await cancelPayNow(purchaser.actor, { supplierOfferId: offerId, invoiceId: invoice.id })).toEqual({ alreadyDone: true });
    const bills = await listBills(purchaser.actor as Actor & { companyId: number }, { ...defaultListQuery("BILL"), tab: "bills" });
    expect(bills.rows.find((row) => row.id === invoice.id)?.status).toMatchObject({ action: "Pay Now" });
    // Again: a new top-up, whose expiry also returns the offer.
    const second = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    expect(second.topUpId).not.toBe(first.topUpId);
    await TopUp.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: second.topUpId! } });
    await expireTopUps();
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING", topUpId: null });
    // Cancelling the top-up from the account screen does the same.
    const third = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    await cancelTopUp(purchaser.actor, third.topUpId!);
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING" });
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
  });

  it("when the top-up lands but the funds were spent meanwhile, the top-up completes and the offer returns to CLEARING", async () => {
    const { purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 0 as Cents);
    const result = await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] });
    // Spend the wallet down before the top-up is confirmed: a Cash Reserve now holds everything the top-up brings.
    await sequelize.query("INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status) VALUES (:companyId, 970.00, 5, 'ACTIVE')", {
      replacements: { companyId: purchaser.company.id },
    });
    await confirmTopUp(await makeAdmin(), result.topUpId!);
    expect(await TopUp.findByPk(result.topUpId!)).toMatchObject({ topupStatus: "COMPLETED" });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING", topUpId: null });
    expect(await OfferExecutionResult.findAll({ where: { invoiceId: invoice.id } })).toMatchObject([{ status: "FAILED", reason: "Insufficient funds" }]);
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
  });

  it("'Error creating topup. Offer not accepted.' when the top-up cannot be made; nothing is written", async () => {
    const supplier = await makeVerifiedCompany();
    // Verified but without an activated account: no top-up possible.
    const purchaserCompany = await makeCompany({ verificationStatus: "VERIFIED" });
    const user = await makeUser({ company: purchaserCompany });
    const actor: Actor = { userId: user.id, companyId: purchaserCompany.id, roles: ["ROLE_USER"] };
    const invoice = await makeInvoice(supplier.company, purchaserCompany, { total: 100_000 });
    const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "50", expirationDate: todayNz });
    expect(await errorOf(payNow(actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] }))).toMatchObject({
      status: 409,
      message: TOPUP_ERROR_OFFER_NOT_ACCEPTED,
    });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING", topUpId: null });
    expect(await TopUp.count({ where: { companyId: purchaserCompany.id } })).toBe(0);
    expect(await OfferExecution.count({ where: { supplierOfferId: offerId } })).toBe(0);
  });
});

describe("Cannot pay now!", () => {
  it("when no live offer holds the selected bill of this purchaser", async () => {
    const { supplier, purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 200_000 as Cents);
    const otherBill = await makeInvoice(supplier.company, purchaser.company, { total: 10_000 });
    const stranger = await makeVerifiedCompany();
    const attempts = [
      () => payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [otherBill.id] }),
      () => payNow(purchaser.actor, { supplierOfferId: 999_999_999, invoiceIds: [invoice.id] }),
      () => payNow(stranger.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] }),
      () => payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [] }),
    ];
    for (const attempt of attempts) expect(await errorOf(attempt())).toMatchObject({ status: 409, message: CANNOT_PAY_NOW });
    await cancelPaymentRequest(supplier.actor, offerId);
    expect((await errorOf(payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] }))).message).toBe(CANNOT_PAY_NOW);
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
  });

  it("when the supplier changed amount A since the purchaser looked, nothing is paid", async () => {
    const { supplier, purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 200_000 as Cents);
    const shown = (await payNowView(purchaser.actor, invoice.id)).offer!.cashReward;
    await editPaymentRequest(supplier.actor, offerId, { amount: "60", expirationDate: todayNz });
    const error = await errorOf(payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id], expectedCashReward: shown }));
    expect(error).toMatchObject({ status: 409, message: OFFER_CHANGED });
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
    expect(await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id], expectedCashReward: 6_000 })).toMatchObject({
      status: "SUCCESS",
    });
  });

  it("when day E has ended, even before the expiry job ran", async () => {
    const { purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 200_000 as Cents);
    await SupplierOffer.update({ expirationDate: addDays(todayNz, -1) }, { where: { id: offerId } });
    expect((await errorOf(payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] }))).message).toBe(CANNOT_PAY_NOW);
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ offerStatus: "CLEARING" });
  });

  it("a bill already paid another way fails with the first invoice's reason, and moves nothing", async () => {
    const { purchaser, invoice, offerId } = await scenario(100_000 as Cents, "50", 200_000 as Cents);
    await Invoice.update({ billStatus: "PAID", invoiceStatus: "PAID" }, { where: { id: invoice.id } });
    expect(await payNow(purchaser.actor, { supplierOfferId: offerId, invoiceIds: [invoice.id] })).toMatchObject({
      status: "FAILED",
      invoicesExecutionResult: [{ invoiceId: invoice.id, status: "FAILED", reason: ALREADY_PAID }],
    });
    expect(await paymentEntriesOf(invoice.id)).toEqual([]);
  });

  it("needs a verified purchaser company", async () => {
    const supplier = await makeVerifiedCompany();
    const purchaser = await makeCompany();
    const user = await makeUser({ company: purchaser });
    const invoice = await makeInvoice(supplier.company, purchaser, { total: 100_000 });
    const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "50", expirationDate: todayNz });
    const error = await errorOf(
      payNow({ userId: user.id, companyId: purchaser.id, roles: ["ROLE_USER"] }, { supplierOfferId: offerId, invoiceIds: [invoice.id] })
    );
    expect(error).toMatchObject({ status: 403, details: { debugMessage: "company not verified" } });
  });
});
