/**
 * Issue 6 part 6 (spec p1 §6, §8; p2 §6, §8): a company that is not VERIFIED gets 403 with debugMessage
 * "company not verified" on every sensitive action: offers, Pay Now, Get Paid, payment requests, withdrawals and
 * invites. Nothing is written. Each test makes its own companies.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invite, Invoice, PurchaserOffer, SupplierOffer, Withdrawal, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import { AppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { COMPANY_NOT_VERIFIED } from "../../app/modules/companies/service.server";
import { sendInvites } from "../../app/modules/invites/service.server";
import { placeWithdrawal, reviewWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import { requestPurchaserOfferExecution } from "../../app/modules/offers/execution.server";
import { payNow } from "../../app/modules/offers/pay-now.server";
import { createPurchaserOffer, planOffer } from "../../app/modules/offers/purchaser-offers.server";
import { requestPayment } from "../../app/modules/offers/supplier-offers.server";
import { makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const unique = () => crypto.randomBytes(4).toString("hex");

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function expectNotVerified(error: AppError) {
  expect(error.status).toBe(403);
  expect(error.details).toMatchObject({ debugMessage: COMPANY_NOT_VERIFIED });
}

async function invoiceBetween(supplier: Company, purchaser: Company, type: "INVOICE" | "BILL") {
  return Invoice.create({
    type,
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: `INV-${unique()}`,
    dueDate: addDays(todayIn("NZ"), 30),
    total: 100_000,
    includeInPurchaserOffer: false,
  });
}

const STATUSES = ["NOT_VERIFIED", "PARTIALLY_VERIFIED", "VERIFICATION_PENDING"] as const;

describe.each(STATUSES)("a %s company", (verificationStatus) => {
  it("cannot create a cash-reserve offer (nor plan one)", async () => {
    const company = await makeCompany({ verificationStatus });
    const actor = await actorOf(company);
    expectNotVerified(await refusal(planOffer(actor, { cashpool: "1000.00", crr: "5" })));
    expectNotVerified(await refusal(createPurchaserOffer(actor, { cashpool: "1000.00", crr: "5" })));
    expect(await PurchaserOffer.count({ where: { createdByCompany: company.id } })).toBe(0);
  });

  it("cannot Pay Now a supplier's payment request", async () => {
    const purchaser = await makeCompany({ verificationStatus });
    const supplier = await makeCompany({ verificationStatus: "VERIFIED" });
    const bill = await invoiceBetween(supplier, purchaser, "BILL");
    const offer = await SupplierOffer.create({
      createdByCompany: supplier.id,
      cashReward: 2_000,
      expirationDate: addDays(todayIn("NZ"), 10),
      offerStatus: "CLEARING",
      topUpId: null,
    });
    const error = await refusal(payNow(await actorOf(purchaser), { supplierOfferId: offer.id, invoiceIds: [bill.id] }));
    expectNotVerified(error);
    expect((await offer.reload()).offerStatus).toBe("CLEARING");
  });

  it("cannot Get Paid from a customer's offer", async () => {
    const supplier = await makeCompany({ verificationStatus });
    const purchaser = await makeCompany({ verificationStatus: "VERIFIED" });
    const invoice = await invoiceBetween(supplier, purchaser, "INVOICE");
    const offer = await PurchaserOffer.create({
      createdByCompany: purchaser.id,
      cashpool: 500_000 as Cents,
      crr: "5.00",
      offerStatus: "VIRTUAL",
      topUpId: null,
      cancelledAt: null,
    });
    expectNotVerified(await refusal(requestPurchaserOfferExecution(await actorOf(supplier), { offerId: offer.id, invoiceIds: [invoice.id] })));
  });

  it("cannot request a prompt payment on its invoice", async () => {
    const supplier = await makeCompany({ verificationStatus });
    const purchaser = await makeCompany({ verificationStatus: "VERIFIED" });
    const invoice = await invoiceBetween(supplier, purchaser, "INVOICE");
    const error = await refusal(requestPayment(await actorOf(supplier), { invoiceId: invoice.id, amount: "20.00", expirationDate: addDays(todayIn("NZ"), 5) }));
    expectNotVerified(error);
    expect(await SupplierOffer.count({ where: { createdByCompany: supplier.id } })).toBe(0);
  });

  it("cannot withdraw funds", async () => {
    const company = await makeCompany({ verificationStatus });
    const actor = await actorOf(company);
    expectNotVerified(await refusal(reviewWithdrawal(actor, { amount: "10.00" })));
    expectNotVerified(await refusal(placeWithdrawal(actor, { amount: "10.00", idempotencyKey: crypto.randomUUID() })));
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("cannot invite a customer", async () => {
    const supplier = await makeCompany({ verificationStatus });
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await invoiceBetween(supplier, customer, "INVOICE");
    await SupplierOffer.create({
      createdByCompany: supplier.id,
      cashReward: 2_000,
      expirationDate: addDays(todayIn("NZ"), 10),
      offerStatus: "CLEARING",
      topUpId: null,
    });
    const error = await refusal(
      sendInvites(
        await actorOf(supplier),
        { type: "INVOICE", invoiceIds: [invoice.id], email: `customer-${unique()}@verify.test`, note: null },
        { origin: "http://earlybird.test" }
      )
    );
    expectNotVerified(error);
    expect(await Invite.count({ where: { invitingCompanyId: supplier.id } })).toBe(0);
  });
});
