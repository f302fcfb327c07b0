/**
 * Purchaser offers (issue 5 part 2) against a real PostgreSQL: create / edit / reset, the spec's messages, the top-up
 * trigger paths both ways through the hooks (completed → ACTIVE / raised; cancelled or expired → CANCELLED / raise
 * dropped), Funds Available never negative, verification and company scoping, the suggestions, the cashback card and
 * the background check job.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, PurchaserOffer, TopUp } from "../../db/models/index";
import { todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { earlyPaymentEntries } from "../../app/modules/ledger/early-payment.rules";
import { companyFunds, postTransaction, systemAccount, walletAccount } from "../../app/modules/ledger/service.server";
import { cancelTopUp, confirmTopUp, expireTopUps } from "../../app/modules/ledger/top-ups.server";
import { checkPurchaserOffers, setOfferCheckDelay } from "../../app/modules/offers/purchaser-offer-check.server";
import { includeSuggestedBills, offerSuggestions } from "../../app/modules/offers/purchaser-offer-suggestions.server";
import {
  cashbackThisMonth,
  createPurchaserOffer,
  editPurchaserOffer,
  getLiveOffer,
  planOffer,
  resetPurchaserOffer,
} from "../../app/modules/offers/purchaser-offers.server";
import {
  CASHPOOL_MIN,
  FILL_BOTH_FIELDS,
  OFFER_EXISTS,
  TOPUP_ERROR_OFFER_NOT_ACCEPTED,
  TOPUP_STILL_PENDING,
  TRANSACTION_IN_PROGRESS,
  crrAboveMax,
} from "../../app/modules/offers/purchaser-offers.schema";
import { fundWallet, makeActivatedCompany, makeAdmin, makeBill, makeCompany, makeSupplierLink, makeUser } from "../support/factories";
import { errorOf } from "./top-ups.support";

// The ~2 s check after an add would outlive the test's connection pool; the job is tested directly below.
setOfferCheckDelay(null);
afterAll(() => sequelize.close());

async function purchaser(options: { funds?: Cents; verified?: boolean } = {}) {
  const made = await makeActivatedCompany({ verificationStatus: options.verified === false ? "PARTIALLY_VERIFIED" : "VERIFIED" } as never);
  if (options.funds) await fundWallet(made.actor, options.funds);
  return made;
}

async function fundsOf(companyId: number) {
  return companyFunds(companyId);
}

const bill = (companyId: number, supplier: { id: number; companyName: string }, total: Cents, dueInDays: number, include = true) =>
  makeBill(companyId, supplier, total, dueInDays, include);

async function supplierOf(companyId: number, offersEnabled = true) {
  const supplier = await makeCompany({ status: "ACTIVE" });
  await makeSupplierLink({ id: companyId }, supplier, { offersEnabled });
  return supplier;
}

describe("creating an offer (p2 §5, D2-D4)", () => {
  it("validates with the spec's messages and writes nothing", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    for (const [input, field, message] of [
      [{ cashpool: "", crr: "8" }, "cashpool", FILL_BOTH_FIELDS],
      [{ cashpool: "100", crr: "" }, "crr", FILL_BOTH_FIELDS],
      [{ cashpool: "0.99", crr: "8" }, "cashpool", CASHPOOL_MIN],
      [{ cashpool: "100", crr: "10.01" }, "crr", crrAboveMax(1000)],
    ] as const) {
      const error = await errorOf(createPurchaserOffer(actor, input));
      expect({ status: error.status, field: error.field, message: error.message }).toEqual({ status: 422, field, message });
    }
    expect(await PurchaserOffer.count({ where: { createdByCompany: company.id } })).toBe(0);
  });

  it("is ACTIVE at once when Funds Available cover it; the cash pool becomes the Cash Reserve; one live offer per purchaser", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const { offer, topUp } = await createPurchaserOffer(actor, { cashpool: "1000", crr: "8" });
    expect(topUp).toBeNull();
    expect(offer).toMatchObject({ offerStatus: "ACTIVE", cashpool: 100_000, pendingCashpool: 0, crr: "8.00" });
    expect(await fundsOf(company.id)).toMatchObject({ balance: 100_000, cashReserve: 100_000, fundsAvailable: 0 });
    expect((await errorOf(createPurchaserOffer(actor, { cashpool: "1", crr: "8" }))).message).toBe(OFFER_EXISTS);
    // The database refuses a second live offer too.
    await expect(
      PurchaserOffer.create({ createdByCompany: company.id, cashpool: 100, crr: "1.00", offerStatus: "ACTIVE", topUpId: null, cancelledAt: null } as never)
    ).rejects.toThrow();
  });

  it("beyond Funds Available creates the PURCHASER_OFFER top-up of the shortfall and waits (TOPUP_PENDING); completing it makes the offer ACTIVE", async () => {
    const { actor, company } = await purchaser({ funds: 30_000 });
    const plan = await planOffer(actor, { cashpool: "1000", crr: "5" });
    expect(plan).toMatchObject({ shortfall: 70_000, fundsAvailable: 30_000, accountActive: true, mode: "create" });
    const { offer, topUp } = await createPurchaserOffer(actor, { cashpool: "1000", crr: "5" });
    expect(topUp).toMatchObject({ topupAmount: 70_000 });
    expect(offer).toMatchObject({ offerStatus: "TOPUP_PENDING", cashpool: 0, pendingCashpool: 100_000, topUp: { id: topUp!.id, topupStatus: "PENDING" } });
    expect((await TopUp.findByPk(topUp!.id))!.trigger).toBe("PURCHASER_OFFER");
    // A TOPUP_PENDING offer reserves nothing yet (decision 010).
    expect(await fundsOf(company.id)).toMatchObject({ cashReserve: 0, fundsAvailable: 30_000 });
    await confirmTopUp(await makeAdmin(), topUp!.id);
    expect(await getLiveOffer(actor)).toMatchObject({ offerStatus: "ACTIVE", cashpool: 100_000, pendingCashpool: 0 });
    expect(await fundsOf(company.id)).toMatchObject({ balance: 100_000, cashReserve: 100_000, fundsAvailable: 0 });
  });

  it("the top-up cancelled or expired cancels the waiting offer", async () => {
    const a = await purchaser();
    const first = await createPurchaserOffer(a.actor, { cashpool: "500", crr: "5" });
    await cancelTopUp(a.actor, first.topUp!.id);
    expect(await getLiveOffer(a.actor)).toBeNull();
    expect((await PurchaserOffer.findByPk(first.offer.id))!.offerStatus).toBe("CANCELLED");

    const b = await purchaser();
    const second = await createPurchaserOffer(b.actor, { cashpool: "500", crr: "5" });
    await sequelize.query("UPDATE top_ups SET expires_at = now() - interval '1 minute' WHERE id = :id", { replacements: { id: second.topUp!.id } });
    await expireTopUps(new Date());
    expect((await PurchaserOffer.findByPk(second.offer.id))!.offerStatus).toBe("CANCELLED");
  });

  it("money spent while the top-up was pending: activation funds only what the wallet covers (Funds Available never negative)", async () => {
    const { actor, company } = await purchaser({ funds: 40_000 });
    const { topUp } = await createPurchaserOffer(actor, { cashpool: "1000", crr: "5" });
    // 40,000 of funds leave the wallet meanwhile (e.g. a Pay Now): a withdrawal-like debit to bank clearing.
    await sequelize.transaction(async (t) => {
      const { postTransaction, walletAccount, systemAccount } = await import("../../app/modules/ledger/service.server");
      const wallet = await walletAccount(t, company.id, "NZD");
      const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
      await postTransaction(t, {
        transactionClass: "ADJUSTMENT",
        currency: "NZD",
        entries: [
          { accountId: wallet.id, amount: -40_000 as Cents },
          { accountId: clearing.id, amount: 40_000 as Cents },
        ],
        description: "test spend",
      } as never);
    });
    await confirmTopUp(await makeAdmin(), topUp!.id);
    expect(await getLiveOffer(actor)).toMatchObject({ offerStatus: "ACTIVE", cashpool: 60_000 });
    expect((await fundsOf(company.id)).fundsAvailable).toBe(0);
  });

  it("needs a verified company (403 company not verified) and an activated account for a top-up", async () => {
    const unverified = await purchaser({ funds: 10_000, verified: false });
    const error = await errorOf(createPurchaserOffer(unverified.actor, { cashpool: "10", crr: "5" }));
    expect(error.status).toBe(403);
    expect(error.details).toEqual({ debugMessage: "company not verified" });

    const company = await makeCompany({ verificationStatus: "VERIFIED" } as never);
    const user = await makeUser({ company });
    const actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER" as const] };
    expect((await errorOf(createPurchaserOffer(actor, { cashpool: "10", crr: "5" }))).message).toBe(TOPUP_ERROR_OFFER_NOT_ACCEPTED);
    expect(await PurchaserOffer.count({ where: { createdByCompany: company.id } })).toBe(0);
  });
});

describe("editing and resetting", () => {
  it("lowers or raises within funds at once; beyond them a PURCHASER_OFFER_EDIT top-up raises pendingCashpool until it completes", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const { offer } = await createPurchaserOffer(actor, { cashpool: "600", crr: "5" });
    const lowered = await editPurchaserOffer(actor, offer.id, { cashpool: "400", crr: "6.5" });
    expect(lowered).toMatchObject({ offer: { offerStatus: "ACTIVE", cashpool: 40_000, crr: "6.50" }, topUp: null });
    expect((await fundsOf(company.id)).fundsAvailable).toBe(60_000);

    const raised = await editPurchaserOffer(actor, offer.id, { cashpool: "1500", crr: "6.5" });
    expect(raised.topUp).toMatchObject({ topupAmount: 50_000 });
    expect(raised.offer).toMatchObject({ offerStatus: "ACTIVE", cashpool: 40_000, pendingCashpool: 110_000 });
    expect((await TopUp.findByPk(raised.topUp!.id))!.trigger).toBe("PURCHASER_OFFER_EDIT");
    // A second raise beyond funds + the pending top-up waits for it.
    expect((await errorOf(editPurchaserOffer(actor, offer.id, { cashpool: "1600", crr: "6.5" }))).message).toBe(TOPUP_STILL_PENDING);
    await confirmTopUp(await makeAdmin(), raised.topUp!.id);
    expect(await getLiveOffer(actor)).toMatchObject({ offerStatus: "ACTIVE", cashpool: 150_000, pendingCashpool: 0 });
    expect(await fundsOf(company.id)).toMatchObject({ balance: 150_000, fundsAvailable: 0 });
  });

  it("a cancelled edit top-up drops the raise and keeps the offer", async () => {
    const { actor } = await purchaser({ funds: 10_000 });
    const { offer } = await createPurchaserOffer(actor, { cashpool: "100", crr: "5" });
    const raised = await editPurchaserOffer(actor, offer.id, { cashpool: "300", crr: "5" });
    await cancelTopUp(actor, raised.topUp!.id);
    expect(await getLiveOffer(actor)).toMatchObject({ offerStatus: "ACTIVE", cashpool: 10_000, pendingCashpool: 0 });
  });

  it("refuses a change while CLEARING with 403 Change not permitted; reset always works and releases the reserve", async () => {
    const { actor, company } = await purchaser({ funds: 50_000 });
    const { offer } = await createPurchaserOffer(actor, { cashpool: "500", crr: "5" });
    await PurchaserOffer.update({ offerStatus: "CLEARING" }, { where: { id: offer.id } });
    const error = await errorOf(editPurchaserOffer(actor, offer.id, { cashpool: "100", crr: "5" }));
    expect({ status: error.status, message: error.message, details: error.details }).toEqual({
      status: 403,
      message: TRANSACTION_IN_PROGRESS,
      details: { debugMessage: "Change not permitted" },
    });
    const reset = await resetPurchaserOffer(actor, offer.id);
    expect(reset.offerStatus).toBe("CANCELLED");
    expect(await fundsOf(company.id)).toMatchObject({ cashReserve: 0, fundsAvailable: 50_000 });
    // A new offer may follow.
    expect((await createPurchaserOffer(actor, { cashpool: "10", crr: "1" })).offer.offerStatus).toBe("ACTIVE");
  });

  it("is scoped to the actor's company: another company's offer is not found", async () => {
    const a = await purchaser({ funds: 10_000 });
    const b = await purchaser({ funds: 10_000 });
    const { offer } = await createPurchaserOffer(a.actor, { cashpool: "50", crr: "5" });
    expect((await errorOf(editPurchaserOffer(b.actor, offer.id, { cashpool: "10", crr: "5" }))).status).toBe(404);
    expect((await errorOf(resetPurchaserOffer(b.actor, offer.id))).status).toBe(404);
    expect(await getLiveOffer(b.actor)).toBeNull();
    expect((await getLiveOffer(a.actor))!.offerStatus).toBe("ACTIVE");
  });

  it("two creates at once: one offer, Funds Available never negative", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const results = await Promise.allSettled([
      createPurchaserOffer(actor, { cashpool: "800", crr: "5" }),
      createPurchaserOffer(actor, { cashpool: "900", crr: "5" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await PurchaserOffer.count({ where: { createdByCompany: company.id, offerStatus: "ACTIVE" } })).toBe(1);
    expect((await fundsOf(company.id)).fundsAvailable).toBeGreaterThanOrEqual(0);
  });
});

describe("included bills, suggestions and the background check", () => {
  it("suggests the largest total and the most cashback within the cash pool, and uses a suggestion", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const supplier = await supplierOf(company.id);
    const disabled = await supplierOf(company.id, false);
    const a = await bill(company.id, supplier, 60_000, 10, false);
    const b = await bill(company.id, supplier, 40_000, 60, false);
    const c = await bill(company.id, supplier, 50_000, 90, false);
    await bill(company.id, disabled, 10_000, 30, false); // offers disabled: never suggested
    await bill(company.id, supplier, 10_000, 0, false); // due today: never suggested
    const { offer } = await createPurchaserOffer(actor, { cashpool: "1000", crr: "8", invoiceIds: [a.id] });
    expect((await Invoice.findByPk(a.id))!.includeInPurchaserOffer).toBe(true);
    const suggestions = (await offerSuggestions(actor))!;
    expect(suggestions.candidates).toBe(3);
    // Largest total ≤ 1,000: 600 + 400 = 1,000 exactly.
    expect(suggestions.largestTotal).toMatchObject({ total: 100_000, exact: true });
    expect(suggestions.largestTotal.ids.sort()).toEqual([a.id, b.id].sort());
    // Most cashback: the long-dated 400 + 500 (cashback grows with the days).
    expect(suggestions.maxCashback.ids.sort()).toEqual([b.id, c.id].sort());
    expect(suggestions.maxCashback.annualisedReturnBp).toBeGreaterThan(800);
    const used = await includeSuggestedBills(actor, suggestions.maxCashback.ids);
    expect(used).toEqual({ included: 2, excluded: 1 });
    const flags = await Invoice.findAll({ where: { id: [a.id, b.id, c.id] }, attributes: ["id", "includeInPurchaserOffer"] });
    expect(Object.fromEntries(flags.map((row) => [row.id, row.includeInPurchaserOffer]))).toEqual({ [a.id]: false, [b.id]: true, [c.id]: true });
    void offer;
  });

  it("the check job stores the eligible bills as of today, reconciles offers with their top-ups, and runs from jobs:run", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const supplier = await supplierOf(company.id);
    await bill(company.id, supplier, 30_000, 20);
    await bill(company.id, supplier, 20_000, 1);
    await bill(company.id, supplier, 20_000, -1); // due passed: not eligible
    await bill(company.id, supplier, 200_000, 30); // above the cash pool
    await createPurchaserOffer(actor, { cashpool: "1000", crr: "8" });
    await checkPurchaserOffers(new Date(), { companyId: company.id });
    expect((await getLiveOffer(actor))!.check).toMatchObject({ eligibleCount: 2, eligibleTotal: 50_000 });
    // Two days later the bill due tomorrow is past due.
    await checkPurchaserOffers(new Date(Date.now() + 2 * 86_400_000), { companyId: company.id });
    expect((await getLiveOffer(actor))!.check).toMatchObject({ eligibleCount: 1, eligibleTotal: 30_000 });

    // A top-up whose hook did not run (status changed behind its back): the check reconciles.
    const other = await purchaser();
    const waiting = await createPurchaserOffer(other.actor, { cashpool: "100", crr: "5" });
    await sequelize.query("UPDATE top_ups SET topup_status = 'CANCELLED', cancelled_at = now() WHERE id = :id", { replacements: { id: waiting.topUp!.id } });
    const job = await runScheduledJobNow("check-purchaser-offers");
    expect(job.status).toBe("SUCCEEDED");
    expect((await PurchaserOffer.findByPk(waiting.offer.id))!.offerStatus).toBe("CANCELLED");
  });

  it("runs the check for the company shortly after an offer is added (2 s in the product; shortened here)", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const supplier = await supplierOf(company.id);
    await bill(company.id, supplier, 30_000, 20);
    setOfferCheckDelay(20);
    try {
      await createPurchaserOffer(actor, { cashpool: "1000", crr: "8" });
      expect((await getLiveOffer(actor))!.check).toBeNull();
      await expect.poll(async () => (await getLiveOffer(actor))!.check, { timeout: 5_000 }).toMatchObject({ eligibleCount: 1, eligibleTotal: 30_000 });
    } finally {
      setOfferCheckDelay(null);
    }
  });

  it("the cashback card sums this month's cashback from the ledger; a bill marked paid outside Earlybird counts nowhere", async () => {
    const { actor, company } = await purchaser({ funds: 100_000 });
    const supplier = await supplierOf(company.id);
    // History loaded from the accounting system: paid, with a cash reward of its own, and no money through Earlybird.
    const history = await bill(company.id, supplier, 10_000, 5);
    await Invoice.update({ billStatus: "PAID", paidDate: todayIn("NZ"), cashReward: 456 as Cents } as never, { where: { id: history.id } });
    expect(await cashbackThisMonth(actor)).toEqual({ cashback: 0, count: 0 });
    // An early payment of $100.00 with $1.23 cashback, posted with its split (decision 027).
    await sequelize.transaction(async (t) => {
      const accounts = {
        purchaserWalletId: (await walletAccount(t, company.id, "NZD")).id,
        supplierWalletId: (await walletAccount(t, supplier.id, "NZD")).id,
        feeRevenueId: (await systemAccount(t, "FEE_REVENUE", "NZD")).id,
      };
      await postTransaction(t, {
        transactionClass: "PAYMENT",
        currency: "NZD",
        entries: earlyPaymentEntries(accounts, { total: 10_000 as Cents, serviceFee: 154 as Cents, cashback: 123 as Cents }),
        sourceCompanyId: company.id,
        destinationCompanyId: supplier.id,
      });
    });
    expect(await cashbackThisMonth(actor)).toEqual({ cashback: 123, count: 1 });
  });
});
