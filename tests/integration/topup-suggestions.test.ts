/**
 * The suggestions on the Topup Entry step of an offer's top-up (issue 5 part 3): /bills/offer/topup's loader, called as
 * the browser would (a real session cookie, a real PostgreSQL), shows the largest-total set and the most-cashback set
 * for the cash pool being topped up to, with the same figures selection.ts gives on the same bills; "Include these
 * bills" from that step includes the set and comes back to the step.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import type { Cents } from "../../app/lib/money";
import { getRuntimeConfig } from "../../app/modules/settings/service.server";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { setOfferCheckDelay } from "../../app/modules/offers/purchaser-offer-check.server";
import { createPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import { offerConfigFrom, percentToBasisPoints, purchaserOfferEligibility } from "../../app/modules/offers/rules";
import { largestTotalSelection, maxCashbackSelection, type SelectionItem } from "../../app/modules/offers/selection";
import { loader as topupLoader } from "../../app/routes/_app.bills.offer_.topup";
import { action as suggestionAction } from "../../app/routes/_app.bills.offer_.suggestion";
import { fundWallet, makeActivatedCompany, makeBill, makeCompany, makeSupplierLink } from "../support/factories";

setOfferCheckDelay(null);
afterAll(() => sequelize.close());

async function purchaser(funds: Cents) {
  const made = await makeActivatedCompany({ verificationStatus: "VERIFIED" } as never);
  await fundWallet(made.actor, funds);
  const token = await createSession(made.user.id);
  const cookie = (await commitSessionToken(token, 3600)).split(";")[0];
  return { ...made, cookie };
}

async function supplierOf(companyId: number, offersEnabled = true) {
  const supplier = await makeCompany({ status: "ACTIVE" });
  await makeSupplierLink({ id: companyId }, supplier, { offersEnabled });
  return supplier;
}

const bill = makeBill;

const args = (request: Request) => ({ request, params: {}, context: {} } as never);

async function entry(cookie: string, search: string) {
  const response = (await topupLoader(args(new Request(`http://localhost/bills/offer/topup?${search}`, { headers: { cookie } })))) as Response;
  expect(response.status).toBe(200);
  return response.json();
}

/** What selection.ts gives on the same bills (the oracle): each bill's cashback from the fee rules, as if paid today. */
async function expected(bills: { id: number; total: Cents; dueInDays: number }[], crr: string, capacity: Cents) {
  const config = offerConfigFrom(await getRuntimeConfig());
  const crrBp = percentToBasisPoints(crr);
  const items: SelectionItem[] = [];
  for (const b of bills) {
    const eligibility = purchaserOfferEligibility({ crrBp, discountedTotal: b.total, daysToDue: b.dueInDays, cashpool: capacity, pendingCashpool: 0 }, config);
    if (eligibility.eligible) items.push({ id: b.id, amount: b.total, cashback: eligibility.amounts.cashback, daysToDue: b.dueInDays });
  }
  return { items, largestTotal: largestTotalSelection(items, capacity), maxCashback: maxCashbackSelection(items, capacity) };
}

const figures = (set: { ids: number[]; total: number; cashback: number; annualisedReturnBp: number | null; exact: boolean }) => ({
  ids: [...set.ids].sort((a, b) => a - b),
  total: set.total,
  cashback: set.cashback,
  annualisedReturnBp: set.annualisedReturnBp,
  exact: set.exact,
});

describe("suggestions on the Topup Entry of an offer (issue 5 part 3)", () => {
  it("a new offer above Funds Available: both sets for the new cash pool, as selection.ts computes them", async () => {
    const { company, cookie } = await purchaser(50_000);
    const supplier = await supplierOf(company.id);
    const disabled = await supplierOf(company.id, false);
    const shapes: [Cents, number][] = [
      [60_000, 10],
      [40_000, 60],
      [50_000, 90],
      [35_000, 45],
      [12_345, 20],
      [80_000, 120],
    ];
    const bills = [];
    for (const [total, dueInDays] of shapes) bills.push({ id: (await bill(company.id, supplier, total, dueInDays)).id, total, dueInDays });
    await bill(company.id, disabled, 10_000, 30); // offers disabled: never suggested
    await bill(company.id, supplier, 10_000, 0); // due today: never suggested

    const data = await entry(cookie, "tab=bills&cashpool=1500&crr=8");
    expect(data.step).toBe("entry");
    expect(data.plan).toMatchObject({ cashpool: 150_000, fundsAvailable: 50_000, shortfall: 100_000, mode: "create" });
    const oracle = await expected(bills, "8", 150_000 as Cents);
    expect(oracle.items).toHaveLength(6);
    expect(data.suggestions).toMatchObject({ candidates: 6, capacity: 150_000 });
    expect(figures(data.suggestions.largestTotal)).toEqual(figures(oracle.largestTotal));
    expect(figures(data.suggestions.maxCashback)).toEqual(figures(oracle.maxCashback));
    // Hand-checked: 600 + 400 + 500 = 1,500 exactly; the two sets differ (the long-dated bills earn more).
    expect(data.suggestions.largestTotal.total).toBe(150_000);
    expect(data.suggestions.maxCashback.ids).toContain(bills[5].id);
    expect(data.suggestions.maxCashback.cashback).toBeGreaterThan(data.suggestions.largestTotal.cashback);
    expect(data.suggestions.maxCashback.annualisedReturnBp).toBeGreaterThan(0);
    // Each bill listed with its figures, for the "Show bills" list.
    expect(data.suggestions.largestTotal.bills.map((b: { id: number }) => b.id)).toEqual(data.suggestions.largestTotal.ids);

    // The details step does not need them.
    expect((await entry(cookie, "tab=bills&cashpool=1500&crr=8&step=details")).suggestions).toBeNull();
  });

  it("a raise of an existing offer: the sets are for the new cash pool; Include these bills comes back to the entry step", async () => {
    const { actor, company, cookie } = await purchaser(100_000);
    const supplier = await supplierOf(company.id);
    const a = await bill(company.id, supplier, 30_000, 15, true);
    const b = await bill(company.id, supplier, 70_000, 40);
    const c = await bill(company.id, supplier, 90_000, 100);
    await createPurchaserOffer(actor, { cashpool: "500", crr: "9.5" });
    const bills = [
      { id: a.id, total: 30_000 as Cents, dueInDays: 15 },
      { id: b.id, total: 70_000 as Cents, dueInDays: 40 },
      { id: c.id, total: 90_000 as Cents, dueInDays: 100 },
    ];
    const search = "tab=bills&cashpool=1700&crr=9.5";
    const data = await entry(cookie, search);
    expect(data.plan).toMatchObject({ cashpool: 170_000, mode: "edit", shortfall: 70_000 });
    const oracle = await expected(bills, "9.5", 170_000 as Cents);
    expect(figures(data.suggestions.largestTotal)).toEqual(figures(oracle.largestTotal));
    expect(figures(data.suggestions.maxCashback)).toEqual(figures(oracle.maxCashback));
    expect(data.suggestions.includedIds).toEqual([a.id]);

    // Include the most-cashback set from the entry step (the offer card's action): back to the step, bills included.
    const form = new FormData();
    form.set("suggestion", "cashback");
    form.set("returnTo", data.entryHref);
    for (const id of data.suggestions.maxCashback.ids) form.append("ids", String(id));
    const response = (await suggestionAction(
      args(new Request(`http://localhost/bills/offer/suggestion?${search}`, { method: "POST", body: form, headers: { cookie } }))
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/bills/offer/topup?${search}`);
    const after = await entry(cookie, search);
    expect([...after.suggestions.includedIds].sort()).toEqual([...data.suggestions.maxCashback.ids].sort());

    // Only a Topup Entry address is a place to come back to.
    const outside = new FormData();
    outside.set("returnTo", "https://example.com/bills/offer/topup?x=1");
    outside.append("ids", String(a.id));
    const elsewhere = (await suggestionAction(
      args(new Request(`http://localhost/bills/offer/suggestion?tab=bills`, { method: "POST", body: outside, headers: { cookie } }))
    )) as Response;
    expect(elsewhere.headers.get("location")).toBe("/bills?tab=bills");
  });
});
