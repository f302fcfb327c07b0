/**
 * The offer suggestions are computed once per change, never per request, and never shown stale (issue 13 part 21,
 * docs/decisions/029). The /bills loader (and a dialog's under it) is called as the browser would; the number of
 * computations this process started tells whether a request computed them again. After each kind of change the
 * suggestions must be recomputed and equal a fresh computation on the new data.
 */
import path from "node:path";
import os from "node:os";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { Company } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import type { Actor } from "../../app/lib/actor";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { allocateCreditNote, createCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { setOfferCheckDelay } from "../../app/modules/offers/purchaser-offer-check.server";
import { includeSuggestedBills, offerSuggestions } from "../../app/modules/offers/purchaser-offer-suggestions.server";
import { createPurchaserOffer, editPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import {
  clearSuggestionCache,
  computeSuggestionSets,
  setSuggestionWorkerFile,
  suggestionComputations,
} from "../../app/modules/offers/suggestion-cache.server";
import { suggestionSets, type SuggestionSetsInput } from "../../app/modules/offers/suggestion-sets";
import { offerConfigFrom, percentToBasisPoints } from "../../app/modules/offers/rules";
import { getRuntimeConfig } from "../../app/modules/settings/service.server";
import { loader as billsLoader } from "../../app/routes/_app.bills";
import { loader as offerDialogLoader } from "../../app/routes/_app.bills.offer";
import { buildJobs } from "../../scripts/build-jobs.mjs";
import { fundWallet, makeActivatedCompany, makeBill, makeCompany, makeSupplierLink } from "../support/factories";

setOfferCheckDelay(null);
afterAll(() => sequelize.close());

const today = todayIn("NZ");
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

interface Purchaser {
  actor: Actor;
  company: Company;
  cookie: string;
  supplier: Company;
}

async function purchaserWithOffer(): Promise<Purchaser> {
  const made = await makeActivatedCompany({ verificationStatus: "VERIFIED" } as never);
  await fundWallet(made.actor, 500_000 as Cents);
  const supplier = await makeCompany({ status: "ACTIVE", companyName: `Suggested Supplier ${made.company.id}` });
  await makeSupplierLink(made.company, supplier);
  for (const [total, days] of [
    [60_000, 10],
    [40_000, 60],
    [50_000, 90],
    [35_000, 45],
    [12_345, 20],
  ] as const)
    await bill(made.company.id, supplier, total, days);
  await createPurchaserOffer(made.actor, { cashpool: "1500", crr: "8" });
  const cookie = (await commitSessionToken(await createSession(made.user.id), 3600)).split(";")[0];
  return { ...made, cookie, supplier };
}

const bill = (companyId: number, supplier: Company, total: number, dueInDays: number) => makeBill(companyId, supplier, total, dueInDays);

type Suggestions = NonNullable<Awaited<ReturnType<typeof offerSuggestions>>>;

/** The suggestions /bills shows (its loader, with the session cookie). */
async function shown(purchaser: Purchaser, url = "http://localhost/bills?tab=bills"): Promise<Suggestions> {
  const response = (await billsLoader(args(new Request(url, { headers: { cookie: purchaser.cookie } })))) as Response;
  expect(response.status).toBe(200);
  return (await response.json()).offer.suggestions;
}

/** What a computation from scratch gives now (the cache emptied first). */
async function fresh(purchaser: Purchaser): Promise<Suggestions> {
  clearSuggestionCache();
  return JSON.parse(JSON.stringify(await offerSuggestions(purchaser.actor)));
}

/** Loads /bills, expecting exactly `computed` new computations, and checks it shows what a fresh computation gives. */
async function loadExpecting(purchaser: Purchaser, computed: number): Promise<Suggestions> {
  const before = suggestionComputations();
  const suggestions = await shown(purchaser);
  expect(suggestionComputations() - before).toBe(computed);
  expect(suggestions).toEqual(await fresh(purchaser));
  // Leave the cache as a request leaves it, so the next load can hit it.
  clearSuggestionCache();
  await shown(purchaser);
  return suggestions;
}

const setIds = (suggestions: Suggestions) => [...suggestions.largestTotal.ids, ...suggestions.maxCashback.ids];

describe("offer suggestions are computed once per change (issue 13 part 21)", () => {
  let purchaser: Purchaser;

  beforeAll(async () => {
    purchaser = await purchaserWithOffer();
  });

  beforeEach(() => clearSuggestionCache());

  it("loading /bills twice, its Suppliers tab and a dialog under it computes the knapsacks once; four users at once too", async () => {
    const before = suggestionComputations();
    const first = await shown(purchaser);
    expect(first.candidates).toBe(5);
    expect(suggestionComputations() - before).toBe(1);
    expect(await shown(purchaser)).toEqual(first);
    expect(await shown(purchaser, "http://localhost/bills")).toEqual(first);
    const dialog = (await offerDialogLoader(args(new Request("http://localhost/bills/offer?tab=bills", { headers: { cookie: purchaser.cookie } })))) as Response;
    expect(dialog.status).toBe(200);
    expect(suggestionComputations() - before).toBe(1);

    clearSuggestionCache();
    const again = suggestionComputations();
    const four = await Promise.all([1, 2, 3, 4].map(() => shown(purchaser)));
    expect(suggestionComputations() - again).toBe(1);
    for (const suggestions of four) expect(suggestions).toEqual(first);
  });

  it("a change nothing depends on (a contact e-mail) keeps the cached suggestions", async () => {
    await shown(purchaser);
    const before = suggestionComputations();
    await sequelize.query(`UPDATE invoices SET issuer_contact_email = 'ap@example.test' WHERE issued_for = :id`, { replacements: { id: purchaser.company.id } });
    await shown(purchaser);
    expect(suggestionComputations() - before).toBe(0);
  });

  it("a new bill is a candidate at once", async () => {
    const before = await shown(purchaser);
    await bill(purchaser.company.id, purchaser.supplier, 20_000, 30);
    const after = await loadExpecting(purchaser, 1);
    expect(after.candidates).toBe(before.candidates + 1);
  });

  it("credit allocated to a bill changes its amount in the suggestions", async () => {
    const before = await shown(purchaser);
    const target = before.largestTotal.bills[0];
    const note = await createCreditNote(purchaser.actor, { counterpartyId: String(purchaser.supplier.id), creditNumber: `CN-${Date.now()}`, total: "100.00" });
    await allocateCreditNote(purchaser.actor, note.id, [{ invoiceId: target.id, allocatedAmount: 10_000 as Cents }]);
    const after = await loadExpecting(purchaser, 1);
    // Still a candidate (its amount went down): wherever it is shown, it is shown with the new amount.
    expect(after.candidates).toBe(before.candidates);
    for (const shownBill of [...after.largestTotal.bills, ...after.maxCashback.bills].filter((b) => b.id === target.id)) {
      expect(shownBill.amount).toBe(target.amount - 10_000);
    }
    expect(after).not.toEqual(before);
  });

  it("including a suggested set shows it as included", async () => {
    const before = await shown(purchaser);
    await includeSuggestedBills(purchaser.actor, before.maxCashback.ids);
    const after = await loadExpecting(purchaser, 1);
    expect([...after.includedIds].sort()).toEqual([...before.maxCashback.ids].sort());
  });

  it("a supplier's offers turned off removes its bills", async () => {
    const other = await makeCompany({ status: "ACTIVE", companyName: `Second Supplier ${purchaser.company.id}` });
    const relation = await makeSupplierLink(purchaser.company, other);
    const theirs = await bill(purchaser.company.id, other, 30_000, 40);
    const withIt = await loadExpecting(purchaser, 1);
    expect(withIt.candidates).toBeGreaterThan(0);
    await relation.update({ isPurchaserOffersEnabled: false });
    const without = await loadExpecting(purchaser, 1);
    expect(setIds(without)).not.toContain(theirs.id);
    expect(without.candidates).toBe(withIt.candidates - 1);
  });

  it("a bill paid, deleted, or given a later due date by plain SQL is never shown stale", async () => {
    const [paid, deleted, moved] = [
      await bill(purchaser.company.id, purchaser.supplier, 1_000, 5),
      await bill(purchaser.company.id, purchaser.supplier, 1_100, 6),
      await bill(purchaser.company.id, purchaser.supplier, 1_200, 7),
    ];
    let current = await loadExpecting(purchaser, 1);
    const candidates = current.candidates;
    await sequelize.query(`UPDATE invoices SET bill_status = 'PAID', paid_date = CAST(:today AS date), total_paid = total WHERE id = :id`, {
      replacements: { id: paid.id, today },
    });
    current = await loadExpecting(purchaser, 1);
    expect(current.candidates).toBe(candidates - 1);
    await sequelize.query(`UPDATE invoices SET deleted_at = now() WHERE id = :id`, { replacements: { id: deleted.id } });
    current = await loadExpecting(purchaser, 1);
    expect(current.candidates).toBe(candidates - 2);
    expect(setIds(current)).not.toContain(paid.id);
    expect(setIds(current)).not.toContain(deleted.id);
    await sequelize.query(`UPDATE invoices SET due_date = CAST(:today AS date) WHERE id = :id`, { replacements: { id: moved.id, today } });
    current = await loadExpecting(purchaser, 1);
    expect(current.candidates).toBe(candidates - 3);
  });

  it("a supplier renamed shows the new name", async () => {
    await shown(purchaser);
    await Company.update({ companyName: `Renamed Supplier ${purchaser.company.id}` }, { where: { id: purchaser.supplier.id } });
    const after = await loadExpecting(purchaser, 1);
    const names = [...after.largestTotal.bills, ...after.maxCashback.bills].map((b) => b.supplierName);
    expect(names).toContain(`Renamed Supplier ${purchaser.company.id}`);
    expect(names).not.toContain(`Suggested Supplier ${purchaser.company.id}`);
  });

  it("an offer change (rate or cash pool) is a new computation; a rolled-back change is none", async () => {
    const before = await shown(purchaser);
    const [offer] = await sequelize.query<{ id: number }>(`SELECT id FROM purchaser_offers WHERE created_by_company = :id AND offer_status <> 'CANCELLED'`, {
      type: QueryTypes.SELECT,
      replacements: { id: purchaser.company.id },
    });
    await editPurchaserOffer(purchaser.actor, offer.id, { cashpool: "900", crr: "9" });
    const after = await loadExpecting(purchaser, 1);
    expect(after.capacity).toBe(90_000);
    expect(after).not.toEqual(before);

    await shown(purchaser);
    const unchanged = suggestionComputations();
    await sequelize
      .transaction(async (t) => {
        await sequelize.query(`UPDATE invoices SET bill_status = 'PAID' WHERE issued_for = :id`, { replacements: { id: purchaser.company.id }, transaction: t });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await shown(purchaser);
    expect(suggestionComputations() - unchanged).toBe(0);
  });
});

describe("the suggestions worker thread", () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "earlybird-jobs-"));
  afterAll(() => {
    setSuggestionWorkerFile(undefined);
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  it("gives exactly the sets computed in the process, off the event loop", async () => {
    await buildJobs({ outdir });
    setSuggestionWorkerFile(path.join(outdir, "offer-suggestions-worker.js"));
    const config = offerConfigFrom(await getRuntimeConfig());
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647; // Park-Miller: exact in doubles
    const input: SuggestionSetsInput = {
      bills: Array.from({ length: 300 }, (_, i) => ({ id: i + 1, amount: (1_000 + Math.floor(random() * 500_000)) as Cents, dueDate: addDays(today, 1 + Math.floor(random() * 200)) })),
      today,
      crrBp: percentToBasisPoints("8"),
      capacity: 2_500_000 as Cents,
      config,
    };
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const fromWorker = await computeSuggestionSets(input);
    clearInterval(timer);
    expect(fromWorker).toEqual(suggestionSets(input));
    expect(fromWorker.largestTotal.total).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
  }, 60_000);
});
