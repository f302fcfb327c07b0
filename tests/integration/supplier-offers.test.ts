/**
 * Supplier offers (issue 5 part 4, first half; part 6's expiry job) against PostgreSQL: Request Payment with the spec's
 * messages on their fields and nothing written on bad input, the invoice's Payment Requested / Edit row and the
 * purchaser's SAVE row, Edit and cancel, the verified-company rule, scoping, and the end of day E in each zone.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import type { Actor } from "../../app/lib/actor";
import { SupplierOffer, SupplierOfferInvoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { defaultListQuery } from "../../app/modules/invoices/filters";
import { listBills, listInvoices } from "../../app/modules/invoices/list.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { PROMPT_PAYMENT_MESSAGES, supplierOfferSavings } from "../../app/modules/offers/rules";
import {
  cancelPaymentRequest,
  editPaymentRequest,
  expireSupplierOffers,
  promptPaymentView,
  requestPayment,
} from "../../app/modules/offers/supplier-offers.server";
import { CHANGE_NOT_PERMITTED, PAYMENT_REQUEST_EXISTS } from "../../app/modules/offers/supplier-offers.schema";
import { makeActivatedCompany, makeCompany, makeInvoice, makeVerifiedCompany } from "../support/factories";
import { errorOf } from "./top-ups.support";

afterAll(() => sequelize.close());

const todayNz = todayIn("NZ");

async function rowOf(anyActor: Actor, kind: "INVOICE" | "BILL", id: number) {
  const actor = anyActor as Actor & { companyId: number };
  const query = { ...defaultListQuery(kind), size: 100 as const, ...(kind === "BILL" ? { tab: "bills" as const } : {}) };
  const result = kind === "INVOICE" ? await listInvoices(actor, query) : await listBills(actor, query);
  return result.rows.find((row) => row.id === id);
}

describe("Request Payment (p2 §5 prompt payment request)", () => {
  it("gives each bad field the spec's message and writes nothing", async () => {
    const supplier = await makeVerifiedCompany();
    const purchaser = await makeCompany();
    const invoice = await makeInvoice(supplier.company, purchaser, { total: 100_000, daysToDue: 20 });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { amount: "", expirationDate: "" },
        { amount: "Please enter an amount", expirationDate: "Please select an expiry date" },
      ],
      [{ amount: "abc", expirationDate: addDays(todayNz, 1) }, { amount: "Please enter an amount" }],
      [{ amount: "4.99", expirationDate: addDays(todayNz, 1) }, { amount: "Amount cannot be less than $5" }],
      [{ amount: "100.01", expirationDate: addDays(todayNz, 1) }, { amount: "Amount cannot be more than $100" }],
      [{ amount: "5", expirationDate: addDays(todayNz, -1) }, { expirationDate: PROMPT_PAYMENT_MESSAGES.EXPIRY_IN_PAST }],
      [{ amount: "5", expirationDate: addDays(todayNz, 20) }, { expirationDate: PROMPT_PAYMENT_MESSAGES.EXPIRY_NOT_BEFORE_DUE }],
      [{ amount: "5", expirationDate: "31/02/2027" }, { expirationDate: "Please select an expiry date" }],
    ];
    for (const [input, fieldErrors] of cases) {
      const error = await errorOf(requestPayment(supplier.actor, { invoiceId: invoice.id, ...input }));
      expect(error.status).toBe(422);
      expect((error.details as { fieldErrors: unknown }).fieldErrors).toEqual(fieldErrors);
      expect(error.field).toBe(Object.keys(fieldErrors)[0]);
    }
    expect(await SupplierOffer.count({ where: { createdByCompany: supplier.company.id } })).toBe(0);
    expect(await SupplierOfferInvoice.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("accepts the bounds ($5 up to 10 % of the amount due; today up to the day before due)", async () => {
    const supplier = await makeVerifiedCompany();
    const purchaser = await makeCompany();
    const low = await makeInvoice(supplier.company, purchaser, { total: 100_000, daysToDue: 20 });
    const high = await makeInvoice(supplier.company, purchaser, { total: 100_000, daysToDue: 20 });
    await requestPayment(supplier.actor, { invoiceId: low.id, amount: "$5", expirationDate: todayNz });
    await requestPayment(supplier.actor, { invoiceId: high.id, amount: "100.00", expirationDate: addDays(todayNz, 19) });
    const offers = await SupplierOffer.findAll({ where: { createdByCompany: supplier.company.id }, order: [["id", "ASC"]] });
    expect(offers.map((o) => [o.cashReward, o.expirationDate, o.offerStatus])).toEqual([
      [500, todayNz, "CLEARING"],
      [10_000, addDays(todayNz, 19), "CLEARING"],
    ]);
  });

  it("shows Payment Requested with Edit to the supplier and SAVE s with Pay Now to the purchaser", async () => {
    const supplier = await makeVerifiedCompany();
    const purchaser = await makeVerifiedCompany();
    const invoice = await makeInvoice(supplier.company, purchaser.company, { total: 123_457, daysToDue: 15 });
    expect((await rowOf(supplier.actor, "INVOICE", invoice.id))?.status).toMatchObject({ action: "Request Payment" });
    await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "12.35", expirationDate: addDays(todayNz, 3) });
    expect((await rowOf(supplier.actor, "INVOICE", invoice.id))?.status).toMatchObject({
      label: "Payment Requested",
      action: "Edit",
      statusCode: "CASHBACK_OFFERED",
    });
    const savings = supplierOfferSavings(1_235 as Cents);
    expect(savings).toBe(741);
    const bill = await rowOf(purchaser.actor, "BILL", invoice.id);
    // The saving shows as "SAVE s" in the Cashback column; the status is Cashback Available (issue 20 part 5).
    expect(bill?.status).toMatchObject({ label: "Cashback Available", action: "Pay Now" });
    expect(bill).toMatchObject({ cashback: 741 });
    const view = await promptPaymentView(supplier.actor, invoice.id);
    expect(view.offer).toMatchObject({ amount: 1_235, savings: 741, status: "CLEARING" });
    expect(view).toMatchObject({ maxAmount: 12_345, minAmount: 500, latestExpiry: addDays(todayNz, 14) });
  });

  it("refuses a second open request on one invoice", async () => {
    const supplier = await makeVerifiedCompany();
    const invoice = await makeInvoice(supplier.company, await makeCompany(), { total: 50_000 });
    await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "10", expirationDate: todayNz });
    const error = await errorOf(requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "11", expirationDate: todayNz }));
    expect(error).toMatchObject({ status: 409, message: PAYMENT_REQUEST_EXISTS });
    expect(await SupplierOfferInvoice.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });

  it("five requests at once on one invoice: one offer, the others refused", async () => {
    const supplier = await makeVerifiedCompany();
    const invoice = await makeInvoice(supplier.company, await makeCompany(), { total: 50_000 });
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => requestPayment(supplier.actor, { invoiceId: invoice.id, amount: String(10 + i), expirationDate: todayNz }))
    );
    expect(settled.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of settled) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, message: PAYMENT_REQUEST_EXISTS });
    expect(await SupplierOfferInvoice.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });

  it("needs a verified company and the supplier's own invoice", async () => {
    const unverified = await makeActivatedCompany();
    const purchaser = await makeCompany();
    const invoice = await makeInvoice(unverified.company, purchaser, { total: 50_000 });
    const error = await errorOf(requestPayment(unverified.actor, { invoiceId: invoice.id, amount: "10", expirationDate: todayNz }));
    expect(error).toMatchObject({ status: 403, details: { debugMessage: "company not verified" } });
    const other = await makeVerifiedCompany();
    expect((await errorOf(requestPayment(other.actor, { invoiceId: invoice.id, amount: "10", expirationDate: todayNz }))).status).toBe(404);
    expect(await SupplierOfferInvoice.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });
});

describe("Edit and cancel", () => {
  it("edits amount and day E with the same checks; bad input changes nothing", async () => {
    const supplier = await makeVerifiedCompany();
    const invoice = await makeInvoice(supplier.company, await makeCompany(), { total: 80_000, daysToDue: 10 });
    const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "20", expirationDate: todayNz });
    const error = await errorOf(editPaymentRequest(supplier.actor, offerId, { amount: "2", expirationDate: addDays(todayNz, 10) }));
    expect((error.details as { fieldErrors: unknown }).fieldErrors).toEqual({
      amount: "Amount cannot be less than $5",
      expirationDate: PROMPT_PAYMENT_MESSAGES.EXPIRY_NOT_BEFORE_DUE,
    });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ cashReward: 2_000, expirationDate: todayNz });
    await editPaymentRequest(supplier.actor, offerId, { amount: "80", expirationDate: addDays(todayNz, 9) });
    expect(await SupplierOffer.findByPk(offerId)).toMatchObject({ cashReward: 8_000, expirationDate: addDays(todayNz, 9), offerStatus: "CLEARING" });
    // Another supplier cannot touch it.
    const other = await makeVerifiedCompany();
    expect((await errorOf(editPaymentRequest(other.actor, offerId, { amount: "10", expirationDate: todayNz }))).status).toBe(404);
    expect((await errorOf(cancelPaymentRequest(other.actor, offerId))).status).toBe(404);
  });

  it("cancel frees the invoice (Request Payment again); a TOPUP_PENDING request cannot change", async () => {
    const supplier = await makeVerifiedCompany();
    const invoice = await makeInvoice(supplier.company, await makeCompany(), { total: 80_000 });
    const { offerId } = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "20", expirationDate: todayNz });
    expect(await cancelPaymentRequest(supplier.actor, offerId)).toEqual({ alreadyDone: false });
    expect(await cancelPaymentRequest(supplier.actor, offerId)).toEqual({ alreadyDone: true });
    expect((await rowOf(supplier.actor, "INVOICE", invoice.id))?.status).toMatchObject({ action: "Request Payment" });
    const again = await requestPayment(supplier.actor, { invoiceId: invoice.id, amount: "25", expirationDate: todayNz });
    await SupplierOffer.update({ offerStatus: "TOPUP_PENDING" }, { where: { id: again.offerId } });
    expect(await errorOf(editPaymentRequest(supplier.actor, again.offerId, { amount: "30", expirationDate: todayNz }))).toMatchObject({
      status: 409,
      message: CHANGE_NOT_PERMITTED,
    });
    expect((await errorOf(cancelPaymentRequest(supplier.actor, again.offerId))).message).toBe(CHANGE_NOT_PERMITTED);
  });
});

describe("expire-supplier-offers (D1, D3: the end of day E in the supplier's zone)", () => {
  // Day E in the past, so the synthetic clocks below never reach other tests' offers (E ≥ today).
  const E = "2026-01-10";
  async function offerOn(country: "NZ" | "AU", status: "CLEARING" | "TOPUP_PENDING" = "CLEARING") {
    const supplier = await makeVerifiedCompany(country);
    const invoice = await makeInvoice(supplier.company, await makeCompany({ country }), { total: 50_000 });
    const offer = await SupplierOffer.create({ createdByCompany: supplier.company.id, cashReward: 1_000, expirationDate: E, topUpId: null });
    await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: invoice.id });
    if (status !== "CLEARING") await offer.update({ offerStatus: status });
    return offer;
  }

  it("expires at 23:59:59 Pacific/Auckland or Australia/Sydney, not before; TOPUP_PENDING waits for its top-up", async () => {
    const nz = await offerOn("NZ");
    const au = await offerOn("AU");
    const pending = await offerOn("NZ", "TOPUP_PENDING");
    const statuses = async () => Promise.all([nz, au, pending].map(async (o) => (await SupplierOffer.findByPk(o.id))!.offerStatus));
    // January: NZDT is UTC+13, AEDT UTC+11.
    await expireSupplierOffers(new Date("2026-01-10T10:59:59Z")); // 23:59:59 in Auckland
    expect(await statuses()).toEqual(["CLEARING", "CLEARING", "TOPUP_PENDING"]);
    await expireSupplierOffers(new Date("2026-01-10T11:00:00Z")); // midnight in Auckland, 22:00 in Sydney
    expect(await statuses()).toEqual(["EXPIRED", "CLEARING", "TOPUP_PENDING"]);
    await expireSupplierOffers(new Date("2026-01-10T12:59:59Z"));
    expect(await statuses()).toEqual(["EXPIRED", "CLEARING", "TOPUP_PENDING"]);
    await expireSupplierOffers(new Date("2026-01-10T13:00:00Z")); // midnight in Sydney
    expect(await statuses()).toEqual(["EXPIRED", "EXPIRED", "TOPUP_PENDING"]);
    // The invoice's open-offer copy follows (the one-open-offer index no longer holds it).
    expect((await SupplierOfferInvoice.findOne({ where: { supplierOfferId: nz.id } }))?.offerStatus).toBe("EXPIRED");
  });

  it("runs as the scheduled job, recorded in jobs", async () => {
    const job = await runScheduledJobNow("expire-supplier-offers");
    expect(job).toMatchObject({ type: "expire-supplier-offers", status: "SUCCEEDED" });
  });
});
