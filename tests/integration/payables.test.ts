/**
 * The payables services (app/modules/payables) against PostgreSQL: the Suppliers tab's summaries (status per supplier,
 * totals in cents, unallocated credit, filters, sort, paging, scoping) and the supplier bills page (404 for anyone
 * else's supplier, month periods in the company's time zone, chips, the pending-invoices card, credit note rows).
 * Each file run makes its own companies, so other data in the database never matters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import {
  Counterparty,
  CreditNote,
  CreditNoteAllocation,
  Invoice,
  PurchaserOffer,
  SupplierOffer,
  SupplierOfferInvoice,
  type Company,
} from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { AppError } from "../../app/lib/errors";
import { parseSuppliersTabQuery } from "../../app/modules/payables/query";
import { listPayablesSummaries } from "../../app/modules/payables/suppliers-tab.server";
import { billStatusOf, fetchBills, payablesContext } from "../../app/modules/payables/bills.server";
import { payablesMatch, payablesSummaryStatus } from "../../app/modules/invoices/rules";
import { allocateCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { loadSupplierBills, setSupplierBillsInclusion, describeSelection } from "../../app/modules/payables/supplier-bills.server";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const today = todayIn("NZ");
const actorOf = (company: Company): Actor => ({ userId: 0, companyId: company.id, roles: ["ROLE_USER"] });
const tabQuery = (search = "") => parseSuppliersTabQuery(new URLSearchParams(search)).query;

let seq = 0;
async function bill(
  supplier: Company,
  purchaser: Company,
  fields: Partial<{
    number: string;
    total: Cents;
    dueDate: string;
    due: number;
    include: boolean;
    billStatus: Invoice["billStatus"];
    paidDate: string;
    cashReward: Cents;
    loadedBy: Invoice["loadedBy"];
  }> = {}
) {
  seq += 1;
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: fields.number ?? `PB-${seq}`,
    issueDate: addDays(today, -5),
    dueDate: fields.dueDate ?? addDays(today, fields.due ?? 10),
    total: fields.total ?? 10_000,
    includeInPurchaserOffer: fields.include ?? false,
    billStatus: fields.billStatus ?? null,
    paidDate: fields.paidDate ?? null,
    cashReward: fields.cashReward ?? null,
    totalPaid: fields.billStatus === "PAID" ? fields.total ?? 10_000 : 0,
    loadedBy: fields.loadedBy ?? "EARLYBIRD",
  });
}

async function creditNote(supplier: Company, purchaser: Company, total: Cents, issueDate = addDays(today, -3)) {
  seq += 1;
  return CreditNote.create({
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    creditNumber: `PCN-${seq}`,
    total,
    issueDate,
  } as never);
}

const relate = (purchaser: Company, supplier: Company, offers = true) => makeSupplierLink(purchaser, supplier, { offersEnabled: offers });

let purchaser: Company,
  offered: Company,
  saving: Company,
  paidUp: Company,
  credited: Company,
  negative: Company,
  disabled: Company,
  stranger: Company,
  otherPurchaser: Company;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const stamp = Date.now();
  purchaser = await makeCompany({ companyName: `Payables Purchaser ${stamp}` });
  otherPurchaser = await makeCompany({ companyName: `Payables Other Purchaser ${stamp}` });
  offered = await makeCompany({ companyName: `Alpha Offered ${stamp}`, verificationStatus: "VERIFIED" });
  saving = await makeCompany({ companyName: `Bravo Saving ${stamp}` });
  paidUp = await makeCompany({ companyName: `Charlie Paid ${stamp}` });
  credited = await makeCompany({ companyName: `Delta Credit ${stamp}` });
  negative = await makeCompany({ companyName: `Echo Negative ${stamp}` });
  disabled = await makeCompany({ companyName: `Foxtrot Disabled ${stamp}` });
  stranger = await makeCompany({ companyName: `Golf Stranger ${stamp}` });
  for (const supplier of [offered, saving, paidUp, credited, negative]) await relate(purchaser, supplier);
  await relate(purchaser, disabled, false);
  await PurchaserOffer.create({
    createdByCompany: purchaser.id,
    cashpool: 1_000_000,
    pendingCashpool: 0,
    crr: "8.00",
    offerStatus: "ACTIVE",
    topUpId: null,
    cancelledAt: null,
  });

  // Alpha: two bills offered payment (one from Xero), one not included.
  ids.alpha1 = (await bill(offered, purchaser, { total: 12_345, due: 20, include: true, loadedBy: "XERO" })).id;
  ids.alpha2 = (await bill(offered, purchaser, { total: 10_000, due: 30, include: true })).id;
  ids.alpha3 = (await bill(offered, purchaser, { total: 5_055, due: 30, include: false })).id;
  // Bravo: a prompt payment request (SAVE s): cashback available.
  const requested = await bill(saving, purchaser, { total: 20_000, due: 15, include: false, loadedBy: "XERO" });
  ids.bravo = requested.id;
  const so = await SupplierOffer.create({
    createdByCompany: saving.id,
    cashReward: 1_000,
    expirationDate: addDays(today, 5),
    offerStatus: "CLEARING",
    topUpId: null,
  });
  await SupplierOfferInvoice.create({ supplierOfferId: so.id, invoiceId: requested.id });
  // Charlie: everything paid.
  ids.charlie = (await bill(paidUp, purchaser, { total: 40_000, due: -3, billStatus: "PAID", paidDate: addDays(today, -4), cashReward: 300 })).id;
  // Delta: paid bill and a credit note left.
  await bill(credited, purchaser, { total: 8_000, due: -10, billStatus: "PAID", paidDate: addDays(today, -10) });
  ids.deltaCredit = (await creditNote(credited, purchaser, 2_500)).id;
  // Echo: more credit than payable.
  ids.echo = (await bill(negative, purchaser, { total: 1_000, due: 12, include: true })).id;
  await creditNote(negative, purchaser, 5_000);
  // Foxtrot: offers disabled.
  ids.foxtrot = (await bill(disabled, purchaser, { total: 7_000, due: 12 })).id;
  // The stranger only trades with the other purchaser.
  ids.stranger = (await bill(stranger, otherPurchaser, { total: 9_999, due: 12 })).id;
});

describe("Suppliers tab", () => {
  it("summarises each supplier of the actor's company with the rules' status and totals in cents", async () => {
    const result = await listPayablesSummaries(actorOf(purchaser), tabQuery("size=100"));
    const byId = new Map(result.rows.map((row) => [row.supplierId, row]));
    expect(result.total).toBe(6);
    expect(byId.has(stranger.id)).toBe(false);

    const alpha = byId.get(offered.id)!;
    expect(alpha).toMatchObject({
      status: "PAYMENT_OFFERED",
      statusLabel: "Payment Offered",
      action: "Include",
      totalAmountPayable: 27_400,
      unallocatedCreditNoteBalance: 0,
    });
    expect(alpha.totalCashReward).toBeGreaterThan(0);
    expect(alpha.companyDisplay).toEqual({ label: "Member", tone: "neutral" });
    expect(alpha.isMatchedPayablesValue).toBe(false);

    // s = round(1000 × 60 / 100) = 600 cents.
    expect(byId.get(saving.id)).toMatchObject({
      status: "CASHBACK_AVAILABLE",
      statusLabel: "Cashback Available",
      totalAmountPayable: 20_000,
      totalCashReward: 600,
      isMatchedPayablesValue: true,
    });
    expect(byId.get(paidUp.id)).toMatchObject({ status: "PAID", statusLabel: "Paid", action: null, totalAmountPayable: 0 });
    expect(byId.get(credited.id)).toMatchObject({ status: "UNALLOCATED_CREDIT", statusLabel: "Unallocated Credit", unallocatedCreditNoteBalance: 2_500 });
    expect(byId.get(negative.id)).toMatchObject({
      status: "NOT_ELIGIBLE_NEGATIVE_BALANCE",
      statusLabel: "Not Eligible",
      totalAmountPayable: 1_000,
      unallocatedCreditNoteBalance: 5_000,
    });
    expect(byId.get(disabled.id)).toMatchObject({
      status: "NO_OFFER",
      action: null,
      isPurchaserOffersEnabled: false,
      companyDisplay: { label: "Offers disabled", tone: "red" },
    });
  });

  it("filters by status, supplier name and payables match", async () => {
    const paid = await listPayablesSummaries(actorOf(purchaser), tabQuery("status=PAID"));
    expect(paid.rows.map((row) => row.supplierId)).toEqual([paidUp.id]);
    const search = await listPayablesSummaries(actorOf(purchaser), tabQuery("supplier=bravo"));
    expect(search.rows.map((row) => row.supplierId)).toEqual([saving.id]);
    const wildcard = await listPayablesSummaries(actorOf(purchaser), tabQuery("supplier=%25%25"));
    expect(wildcard.total).toBe(0);
    const unmatched = await listPayablesSummaries(actorOf(purchaser), tabQuery("isMatchedPayablesValue=false"));
    expect(unmatched.rows.map((row) => row.supplierId).sort()).toEqual([offered.id, negative.id, disabled.id].sort());
  });

  it("sorts and pages", async () => {
    const byName = await listPayablesSummaries(actorOf(purchaser), tabQuery());
    expect(byName.rows.map((row) => row.supplierName)).toEqual([...byName.rows.map((row) => row.supplierName)].sort());
    const byAmount = await listPayablesSummaries(actorOf(purchaser), tabQuery("sort=totalAmountPayable,desc"));
    expect(byAmount.rows[0].supplierId).toBe(offered.id);
    const page = await listPayablesSummaries(actorOf(purchaser), tabQuery("size=10&page=7"));
    expect(page).toMatchObject({ total: 6, page: 1 });
  });

  it("shows nothing to a company without suppliers", async () => {
    const lonely = await makeCompany();
    expect(await listPayablesSummaries(actorOf(lonely), tabQuery())).toMatchObject({ rows: [], total: 0 });
  });
});

/**
 * The per-bill answer the Suppliers tab gave before it read totals (issue 13 part 22): every unpaid bill with its
 * bills-list status from the rules, summed per supplier. The tab must give exactly this, from bounded reads.
 */
async function perBillSummaries(company: Company) {
  const ctx = await payablesContext(actorOf(company));
  const rows = await listPayablesSummaries(actorOf(company), tabQuery("size=100"));
  const bills = await fetchBills(company.id, "i.bill_status IS DISTINCT FROM 'PAID'", {});
  return rows.rows.map((row) => {
    const mine = bills.filter((b) => b.supplier_id === row.supplierId);
    const statuses = mine.map((b) => ({ bill: b, row: billStatusOf(b, ctx) }));
    const totalAmountPayable = mine.reduce((sum, b) => sum + Number(b.amount_due_c), 0);
    const accounting = mine.filter((b) => ["XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"].includes(b.loaded_by)).reduce((sum, b) => sum + Number(b.amount_due_c), 0);
    const summary = payablesSummaryStatus({
      unpaid: mine.length,
      excluded: mine.filter((b) => !b.include_in_purchaser_offer).length,
      cashbackAvailable: statuses.filter((s) => s.row.statusCode === "CASHBACK_AVAILABLE").length,
      paymentOffered: statuses.filter((s) => s.row.statusCode === "PAYMENT_OFFERED").length,
      totalAmountPayable: totalAmountPayable as Cents,
      unallocatedCreditNoteBalance: row.unallocatedCreditNoteBalance,
      isPurchaserOffersEnabled: row.isPurchaserOffersEnabled,
      companyOwedStatus: row.companyOwedStatus,
    });
    return {
      tab: row,
      expected: {
        ...row,
        status: summary.status,
        statusLabel: summary.label,
        action: summary.action,
        totalAmountPayable,
        totalCashReward: statuses.reduce((sum, s) => sum + (s.row.cashback ?? 0), 0),
        isMatchedPayablesValue: payablesMatch(totalAmountPayable as Cents, accounting as Cents),
      },
    };
  });
}

describe("Suppliers tab from totals (issue 13 part 22)", () => {
  it("equals the per-bill rules on a random workload, after every kind of change to the bills", async () => {
    let state = 20_261_126;
    const random = (n: number) => {
      state = (state * 48_271) % 2_147_483_647; // Park-Miller: exact in doubles
      return state % n;
    };
    const buyer = await makeCompany({ companyName: `Totals Buyer ${Date.now()}` });
    const suppliers: Company[] = [];
    for (let i = 0; i < 6; i++) {
      const supplier = await makeCompany({ companyName: `Totals Supplier ${i} ${Date.now()}`, status: i === 4 ? "INVITED" : "ACTIVE" });
      await relate(buyer, supplier, i !== 5);
      suppliers.push(supplier);
    }
    const offer = await PurchaserOffer.create({
      createdByCompany: buyer.id,
      cashpool: 300_000,
      pendingCashpool: 0,
      crr: "7.25",
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    const made: Invoice[] = [];
    for (let i = 0; i < 90; i++) {
      const supplier = suppliers[random(suppliers.length)];
      made.push(
        await bill(supplier, buyer, {
          total: (100 + random(500_000)) as Cents,
          due: random(500) - 60,
          include: random(3) > 0,
          loadedBy: random(4) === 0 ? "XERO" : "EARLYBIRD",
          ...(random(8) === 0 ? { billStatus: "PAID" as const, paidDate: addDays(today, -1) } : {}),
        })
      );
    }
    for (const target of [made[3], made[17], made[40]]) {
      if (target.billStatus === "PAID") continue;
      const so = await SupplierOffer.create({
        createdByCompany: target.issuedBy,
        cashReward: 700 + random(3_000),
        expirationDate: addDays(today, 2),
        offerStatus: random(2) ? "CLEARING" : "TOPUP_PENDING",
        topUpId: null,
      } as never);
      await SupplierOfferInvoice.create({ supplierOfferId: so.id, invoiceId: target.id });
    }
    const check = async () => {
      const pairs = await perBillSummaries(buyer);
      for (const { tab, expected } of pairs) expect(tab).toEqual(expected);
      return new Set(pairs.map(({ tab }) => tab.status));
    };
    // The workload reaches the statuses that come from the offer and from prompt payments.
    expect([...(await check())]).toEqual(expect.arrayContaining(["PAYMENT_OFFERED", "CASHBACK_AVAILABLE"]));

    // Changes by every path the totals must follow: credit allocated, inclusion, paid, deleted, an amount, a due date,
    // a supplier's offers turned off, a bulk statement over many bills, and the offer itself.
    const note = await creditNote(suppliers[0], buyer, 50_000);
    const credited = await bill(suppliers[0], buyer, { total: 40_000 as Cents, due: 30, include: true, loadedBy: "XERO" });
    const user = await makeUser({ company: buyer });
    await allocateCreditNote({ userId: user.id, companyId: buyer.id, roles: ["ROLE_USER"] }, note.id, [{ invoiceId: credited.id, allocatedAmount: 15_000 as Cents }]);
    await check();
    await Invoice.update({ includeInPurchaserOffer: false }, { where: { issuedFor: buyer.id, issuedBy: suppliers[1].id } });
    await made[5].update({ billStatus: "PAID", paidDate: today, totalPaid: made[5].total });
    await made[6].update({ deletedAt: new Date() });
    await made[7].update({ total: 1_234_567 });
    await made[8].update({ dueDate: addDays(today, 3), includeInPurchaserOffer: true });
    await check();
    await Counterparty.update({ isPurchaserOffersEnabled: false }, { where: { companyId: buyer.id, counterpartyCompanyId: suppliers[2].id } });
    await sequelize.query(`UPDATE invoices SET loaded_by = 'XERO' WHERE issued_for = :id AND id % 2 = 0`, { replacements: { id: buyer.id } });
    await sequelize.query(`DELETE FROM invoices WHERE id = :id`, { replacements: { id: made[9].id } });
    await check();
    await offer.update({ cashpool: 50_000, pendingCashpool: 100_000 });
    await check();
    await offer.update({ offerStatus: "CANCELLED", cancelledAt: new Date(), pendingCashpool: 0 });
    await check();

    // The totals row itself equals a count over the bills.
    const [totals] = (await sequelize.query(
      `SELECT t.supplier_id, t.live_count, t.unpaid_count, (t.unpaid_total * 100)::bigint AS unpaid_c, t.excluded_count,
         (SELECT count(*) FROM invoices i WHERE i.issued_for = t.company_id AND i.issued_by = t.supplier_id AND i.deleted_at IS NULL) AS live,
         (SELECT count(*) FROM invoices i WHERE i.issued_for = t.company_id AND i.issued_by = t.supplier_id AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID') AS unpaid
       FROM payables_totals t WHERE t.company_id = :id ORDER BY t.supplier_id`,
      { replacements: { id: buyer.id } }
    )) as [{ live_count: number; unpaid_count: number; live: string; unpaid: string }[], unknown];
    expect(totals).toHaveLength(suppliers.length);
    for (const row of totals) expect([row.live_count, row.unpaid_count]).toEqual([Number(row.live), Number(row.unpaid)]);
  });
});

describe("supplier bills page", () => {
  it("answers 404 for another company's supplier or a company without records with us", async () => {
    for (const id of [stranger.id, otherPurchaser.id, 0, 2_147_483_000]) {
      await expect(loadSupplierBills(actorOf(purchaser), id, new URLSearchParams())).rejects.toMatchObject({ status: 404, message: "Supplier not found" });
    }
    await expect(describeSelection(actorOf(otherPurchaser), offered.id, { billIds: [ids.alpha1], creditNoteIds: [] })).rejects.toBeInstanceOf(AppError);
  });

  it("puts a bill due on the month's last day (23:59:59 NZ) in that month, and counts the rest as pending", async () => {
    const supplier = await makeCompany({ companyName: `Month Supplier ${Date.now()}` });
    await relate(purchaser, supplier);
    const lastDay = await bill(supplier, purchaser, { dueDate: "2026-11-30", total: 11_111 });
    const firstDay = await bill(supplier, purchaser, { dueDate: "2026-12-01", total: 22_222 });
    const paid = await bill(supplier, purchaser, { dueDate: "2026-11-15", total: 5_000, billStatus: "PAID", paidDate: "2026-11-14" });
    // 30 Nov 2026 23:59:59 in Auckland (NZDT, UTC+13).
    const endOfNovember = new Date("2026-11-30T10:59:59Z");
    const november = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams(), { now: endOfNovember });
    expect(november.currentMonth).toBe("2026-11");
    expect(november.period).toMatchObject({ month: "2026-11", start: "2026-11-01", end: "2026-11-30", label: "November 2026" });
    expect(november.rows.map((row) => row.id).sort()).toEqual([lastDay.id, paid.id].sort());
    expect(november.card).toMatchObject({ amountDue: 11_111, paid: 5_000 });
    expect(november.pending).toEqual({ count: 1, total: 22_222 });

    // One second later it is December there: the current month moves on.
    const december = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams(), { now: new Date("2026-11-30T11:00:00Z") });
    expect(december.currentMonth).toBe("2026-12");
    expect(december.rows.map((row) => row.id)).toEqual([firstDay.id]);
    expect(december.pending).toEqual({ count: 1, total: 11_111 });

    // The next-month tab (one month state: month=2026-12; the old period=next is redirected there), an earlier
    // month, and a month after the next refused.
    const next = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams("month=2026-12"), { now: endOfNovember });
    expect(next).toMatchObject({ refused: false, query: { month: "2026-12" }, period: { month: "2026-12" } });
    expect(next.rows.map((row) => row.id)).toEqual([firstDay.id]);
    expect(next.pending).toEqual({ count: 1, total: 11_111 });
    const old = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams("period=next"), { now: endOfNovember });
    expect(old).toMatchObject({ refused: true, search: "month=2026-12", query: { month: "2026-12" }, period: { month: "2026-12" } });
    const earlier = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams("month=2026-11"), { now: new Date("2027-01-10T00:00:00Z") });
    expect(earlier).toMatchObject({ currentMonth: "2027-01", refused: false, period: { month: "2026-11" } });
    const future = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams("month=2027-01"), { now: endOfNovember });
    expect(future).toMatchObject({ refused: true, period: { month: "2026-11" }, search: "" });
  });

  it("shapes rows with the rules (p3 §4.9), chips, credit notes and links", async () => {
    const data = await loadSupplierBills(actorOf(purchaser), offered.id, new URLSearchParams(), { now: new Date() });
    const inPeriod = data.rows.filter((row) => row.type === "BILL");
    for (const row of inPeriod) {
      if (row.id === ids.alpha3) expect(row).toMatchObject({ status: { label: "" }, action: "Include" });
      else expect(row).toMatchObject({ status: { label: "Payment Offered", code: "PAYMENT_OFFERED" }, action: "Notify" });
    }
    // The request is due in 15 days: this month or the next one.
    const savingRows = [
      ...(await loadSupplierBills(actorOf(purchaser), saving.id, new URLSearchParams("status=CASHBACK_AVAILABLE"))).rows,
      ...(await loadSupplierBills(actorOf(purchaser), saving.id, new URLSearchParams("status=CASHBACK_AVAILABLE&period=next"))).rows,
    ];
    expect(savingRows).toEqual([
      expect.objectContaining({ id: ids.bravo, status: expect.objectContaining({ label: "Cashback Available", offer: "SAVE $6.00" }), action: "Pay Now", cashback: 600 }),
    ]);

    const credit = await loadSupplierBills(actorOf(purchaser), credited.id, new URLSearchParams("status=UNALLOCATED_CREDIT"));
    expect(credit.rows).toEqual([
      expect.objectContaining({
        type: "CREDIT_NOTE",
        id: ids.deltaCredit,
        amountDue: -2_500,
        status: expect.objectContaining({ label: "Unallocated", code: "UNALLOCATED" }),
        action: "Allocate",
        actionHref: `/suppliers/${credited.id}/credit-notes/${ids.deltaCredit}/allocate?status=UNALLOCATED_CREDIT`,
      }),
    ]);
    expect(credit.card.unallocatedCreditNoteBalance).toBe(2_500);
  });

  it("shows an allocated credit note as Allocated with View", async () => {
    const supplier = await makeCompany({ companyName: `Allocated Supplier ${Date.now()}` });
    await relate(purchaser, supplier);
    const target = await bill(supplier, purchaser, { total: 10_000, dueDate: today });
    const note = await creditNote(supplier, purchaser, 3_000, today);
    await CreditNoteAllocation.create({ creditNoteId: note.id, invoiceId: target.id, allocatedAmount: 3_000 } as never);
    const data = await loadSupplierBills(actorOf(purchaser), supplier.id, new URLSearchParams());
    const row = data.rows.find((r) => r.type === "CREDIT_NOTE");
    expect(row).toMatchObject({ status: { label: "Allocated" }, action: "View", actionHref: `/suppliers/${supplier.id}/credit-notes/${note.id}` });
    expect(data.rows.find((r) => r.type === "BILL")).toMatchObject({ amountDue: 7_000 });
  });

  it("says there is nothing to include when the selection has nothing applicable", async () => {
    const toast = await setSupplierBillsInclusion(actorOf(purchaser), offered.id, { billIds: [ids.alpha1, ids.stranger], allUnpaid: false, include: true });
    expect(toast).toEqual({ type: "info", message: "No bills to include/exclude" });
    const disabledToast = await setSupplierBillsInclusion(actorOf(purchaser), disabled.id, { billIds: [ids.foxtrot], allUnpaid: false, include: true });
    expect(disabledToast.type).toBe("info");
  });
});
