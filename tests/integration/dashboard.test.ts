/**
 * The dashboard's data (issue 17 part 6, docs/decisions/046-dashboard.md) on real PostgreSQL: documents authorised
 * automatically and by a person across months (authorised_at set in SQL), counted by the month in the company's zone
 * (NZ), another company's and DELETED or unfinished documents not counted; the unpaid bills by due week; the cashback
 * earned per month from the ledger's early-payment entries.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice } from "../../db/models/index";
import { billAnalytics, monthStartOf } from "../../app/modules/analytics/service.server";
import { autoProcessedSummary, companyAutoProcessedSummary, dashboardData } from "../../app/modules/dashboard/service.server";
import { addMonthsTo, lastMonths, monthLabel } from "../../app/modules/dashboard/rules";
import { startOfDayIn, todayIn } from "../../app/lib/dates";
import type { Actor } from "../../app/lib/actor";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";

/** 20 Nov 2026, 13:00 in Auckland (NZDT, UTC+13). */
const NOW = new Date("2026-11-20T00:00:00Z");

type Company = Awaited<ReturnType<typeof makeCompany>>;
let buyer: Company;
let other: Company;
let supplier: Company;
let actor: Actor;

/** A document of `companyId` in `status` (AUTHORISED unless told), authorised at `at`, automatically or by a person. */
async function authorised(companyId: number, at: string, automatic: boolean, status: "AUTHORISED" | "DELETED" | "PENDING_REVIEW" = "AUTHORISED") {
  const document = await makeReadDocument(companyId, { supplierName: "Dash Supplier Ltd", amount: 100_00 as never }, "PENDING_REVIEW");
  await sequelize.query(
    `UPDATE bill_documents SET processing_status = :status, processing_queue = :queue, auto_processed = :automatic,
            authorised_at = CAST(:at AS timestamptz), deleted_at = CASE WHEN :status = 'DELETED' THEN now() END
      WHERE id = :id`,
    { replacements: { id: document.id, status, queue: automatic ? "AUTOMATIC" : "MANUAL", automatic, at } }
  );
  return document;
}

let billSeq = 0;
/** A bill of `supplier` to `companyId`, `cents` due on `dueDate`. */
function bill(companyId: number, dueDate: string, cents: number) {
  billSeq += 1;
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: companyId,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: "Dash Buyer",
    invoiceNumber: `DASH-${companyId}-${billSeq}`,
    issueDate: "2026-11-01",
    dueDate,
    total: cents,
    loadedBy: "EARLYBIRD",
  } as never);
}

beforeAll(async () => {
  buyer = await makeCompany({ companyName: "Dash Buyer Ltd", country: "NZ" });
  other = await makeCompany({ companyName: "Dash Other Ltd", country: "NZ" });
  supplier = await makeCompany({ companyName: "Dash Supplier Ltd", country: "NZ" });
  actor = actorOf(await makeUser({ company: buyer }));

  // November 2026 (NZ): 3 automatic, 1 by a person. 31 Oct 11:00 UTC is 1 Nov 00:00 in Auckland.
  await authorised(buyer.id, "2026-11-02T01:00:00Z", true);
  await authorised(buyer.id, "2026-11-19T22:00:00Z", true);
  await authorised(buyer.id, "2026-10-31T11:00:00Z", true);
  await authorised(buyer.id, "2026-11-10T03:00:00Z", false);
  // October: 30 Sep 23:30 UTC is 1 Oct 12:30 in Auckland; 31 Oct 10:59 UTC is 31 Oct 23:59.
  await authorised(buyer.id, "2026-09-30T23:30:00Z", true);
  await authorised(buyer.id, "2026-10-31T10:59:00Z", false);
  // June: 2 by a person (the oldest bar). May: in the 12 months, not in the bars.
  await authorised(buyer.id, "2026-06-15T00:00:00Z", false);
  await authorised(buyer.id, "2026-06-30T11:59:00Z", false); // 30 Jun 23:59 NZST (UTC+12)
  await authorised(buyer.id, "2026-05-10T00:00:00Z", true);
  // December 2025 starts at 30 Nov 2025 11:00 UTC: the first one is the 13th month back, the second the 12th.
  await authorised(buyer.id, "2025-11-30T10:30:00Z", true);
  await authorised(buyer.id, "2025-11-30T11:30:00Z", true);
  // Not counted: deleted, not authorised, another company's.
  await authorised(buyer.id, "2026-11-05T00:00:00Z", true, "DELETED");
  await authorised(buyer.id, "2026-11-05T00:00:00Z", false, "PENDING_REVIEW");
  await authorised(other.id, "2026-11-05T00:00:00Z", true);
  await authorised(other.id, "2026-11-06T00:00:00Z", false);
});

afterAll(() => sequelize.close());

describe("auto processed", () => {
  it("gives the tiles and the 6 bars by NZ month, with empty months as zeros", async () => {
    const data = await dashboardData(actor, { now: NOW });
    expect(data.today).toBe("2026-11-20");
    expect(data.currency).toBe("NZD");
    expect(data.autoProcessed).toEqual({
      latestMonth: { fromDate: "2026-11-01", toDate: "2026-11-20", totalInvoicesAutoCreated: 3, totalInvoicesCreatedAfterReview: 1 },
      last12Months: { fromDate: "2025-12-01", toDate: "2026-11-20", totalInvoicesAutoCreated: 6, totalInvoicesCreatedAfterReview: 4 },
    });
    expect(data.monthly).toEqual([
      { month: "2026-06", label: "Jun 2026", automatic: 0, manual: 2, total: 2, automaticPercent: 0 },
      { month: "2026-07", label: "Jul 2026", automatic: 0, manual: 0, total: 0, automaticPercent: 0 },
      { month: "2026-08", label: "Aug 2026", automatic: 0, manual: 0, total: 0, automaticPercent: 0 },
      { month: "2026-09", label: "Sep 2026", automatic: 0, manual: 0, total: 0, automaticPercent: 0 },
      { month: "2026-10", label: "Oct 2026", automatic: 1, manual: 1, total: 2, automaticPercent: 50 },
      { month: "2026-11", label: "Nov 2026", automatic: 3, manual: 1, total: 4, automaticPercent: 75 },
    ]);
  });

  it("the summary counts the days asked for, both included, in the company's zone", async () => {
    expect(await autoProcessedSummary(buyer.id, { fromDate: "2026-10-01", toDate: "2026-10-31" })).toEqual({
      fromDate: "2026-10-01",
      toDate: "2026-10-31",
      totalInvoicesAutoCreated: 1,
      totalInvoicesCreatedAfterReview: 1,
    });
    expect(await autoProcessedSummary(buyer.id, { fromDate: "2026-11-01", toDate: "2026-11-01" })).toMatchObject({ totalInvoicesAutoCreated: 1, totalInvoicesCreatedAfterReview: 0 });
    expect(await autoProcessedSummary(other.id, { fromDate: "2026-11-01", toDate: "2026-11-30" })).toMatchObject({ totalInvoicesAutoCreated: 1, totalInvoicesCreatedAfterReview: 1 });
    expect(await companyAutoProcessedSummary(actor, { fromDate: "2026-06-01", toDate: "2026-06-30" })).toMatchObject({ totalInvoicesAutoCreated: 0, totalInvoicesCreatedAfterReview: 2 });
    await expect(companyAutoProcessedSummary({ userId: 1, companyId: null, roles: ["ROLE_USER"] }, { fromDate: "2026-06-01", toDate: "2026-06-30" })).rejects.toMatchObject({ status: 403 });
    await expect(autoProcessedSummary(buyer.id, { fromDate: "2026-11-02", toDate: "2026-11-01" })).rejects.toMatchObject({ status: 422 });
    await expect(autoProcessedSummary(buyer.id, { fromDate: "2026-02-30", toDate: "2026-03-01" })).rejects.toMatchObject({ status: 422 });
  });

  it("needs a company", async () => {
    await expect(dashboardData({ userId: 1, companyId: null, roles: ["ROLE_USER"] }, { now: NOW })).rejects.toMatchObject({ status: 403 });
  });
});

describe("payables by due week", () => {
  it("sums the unpaid bills due in each of the next 8 weeks, in cents", async () => {
    const company = await makeCompany({ companyName: "Dash Payer Ltd", country: "NZ" });
    const payer = actorOf(await makeUser({ company }));
    await bill(company.id, "2026-11-20", 100_00); // today: week 1
    await bill(company.id, "2026-11-26", 50_50); // the week's last day
    await bill(company.id, "2026-11-27", 20_00); // week 2
    await bill(company.id, "2027-01-14", 7_25); // week 8's last day
    await bill(company.id, "2027-01-15", 999_00); // beyond the 8 weeks
    await bill(company.id, "2026-11-19", 999_00); // overdue: no week of it
    const paid = await bill(company.id, "2026-11-21", 999_00);
    const deleted = await bill(company.id, "2026-11-21", 999_00);
    await bill(other.id, "2026-11-21", 999_00);
    await sequelize.query("UPDATE invoices SET bill_status = 'PAID' WHERE id = :id", { replacements: { id: paid.id } });
    await sequelize.query("UPDATE invoices SET deleted_at = now() WHERE id = :id", { replacements: { id: deleted.id } });

    const { payablesByDueWeek } = await dashboardData(payer, { now: NOW });
    expect(payablesByDueWeek).toHaveLength(8);
    expect(payablesByDueWeek[0]).toEqual({ weekStart: "2026-11-20", weekEnd: "2026-11-26", amount: 150_50, count: 2 });
    expect(payablesByDueWeek[1]).toEqual({ weekStart: "2026-11-27", weekEnd: "2026-12-03", amount: 20_00, count: 1 });
    expect(payablesByDueWeek.slice(2, 7).every((week) => week.amount === 0 && week.count === 0)).toBe(true);
    expect(payablesByDueWeek[7]).toEqual({ weekStart: "2027-01-08", weekEnd: "2027-01-14", amount: 7_25, count: 1 });
  });
});

describe("cashback earned per month", () => {
  it("is billAnalytics' cashbackReceived month by month, the last 6 months with zeros", async () => {
    const purchaser = await makeCompany({ companyName: "Dash Cashback Buyer Ltd", country: "NZ" });
    const seller = await makeCompany({ companyName: "Dash Cashback Seller Ltd", country: "NZ" });
    const payer = actorOf(await makeUser({ company: purchaser }));
    const one = async <T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T> => (await sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements }))[0];
    const wallet = async (companyId: number) =>
      (
        await one<{ id: number }>(
          `INSERT INTO ledger_accounts (company_id, kind, currency, code, name) VALUES (:companyId, 'WALLET', 'NZD', :code, :code)
           ON CONFLICT DO NOTHING RETURNING id`,
          { companyId, code: `WALLET-${companyId}-NZD` }
        )
      ).id;
    const system = async (kind: string) => (await one<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = :kind AND currency = 'NZD' AND company_id IS NULL", { kind })).id;
    const accounts = { purchaser: await wallet(purchaser.id), seller: await wallet(seller.id), revenue: await system("FEE_REVENUE"), bank: await system("BANK_CLEARING") };
    const post = async (entries: Record<string, unknown>[]) =>
      (
        await one<{ transaction_id: number }>("SELECT transaction_id FROM ledger_post('PAYMENT', 'NZD', CAST(:header AS jsonb), CAST(:entries AS jsonb))", {
          header: JSON.stringify({}),
          entries: JSON.stringify(entries),
        })
      ).transaction_id;
    await post([
      { accountId: accounts.bank, amount: -5_000_00 },
      { accountId: accounts.purchaser, amount: 5_000_00 },
    ]);
    /** An early payment of T with fee F and cashback C (D2's split), its entries moved to `at` when given. */
    const early = async (t: number, f: number, c: number, at?: Date) => {
      const tx = await post([
        { accountId: accounts.purchaser, amount: -(t - c), serviceFeeAmount: 0, cashbackAmount: c },
        { accountId: accounts.seller, amount: t - f, serviceFeeAmount: -f, cashbackAmount: 0 },
        { accountId: accounts.revenue, amount: f - c, serviceFeeAmount: f, cashbackAmount: -c },
      ]);
      if (!at) return;
      // The ledger is append-only and stamps its own clock: a test moves an entry back in time with the guard off, in one
      // transaction (DDL is transactional: no other session ever sees the guard off).
      await sequelize.transaction(async (t) => {
        await sequelize.query("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only", { transaction: t });
        await sequelize.query("UPDATE ledger_entries SET created_at = :at WHERE transaction_id = :tx", { replacements: { at, tx }, transaction: t });
        await sequelize.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only", { transaction: t });
      });
    };
    const today = todayIn("NZ");
    const month = today.slice(0, 7);
    const twoBack = addMonthsTo(month, -2);
    await early(500_00, 12_50, 10_00);
    await early(200_00, 5_00, 3_25);
    await early(300_00, 7_00, 6_00, startOfDayIn(`${twoBack}-15`, "Pacific/Auckland"));
    await early(300_00, 7_00, 99_00, startOfDayIn(`${addMonthsTo(month, -6)}-15`, "Pacific/Auckland")); // before the 6 months

    const { cashbackByMonth } = await dashboardData(payer);
    expect(cashbackByMonth.map((row) => row.month)).toEqual(lastMonths(today, 6));
    expect(cashbackByMonth[5]).toEqual({ month, label: monthLabel(month), cashback: 13_25, paidEarlyCount: 2 });
    expect(cashbackByMonth[3]).toEqual({ month: twoBack, label: monthLabel(twoBack), cashback: 6_00, paidEarlyCount: 1 });
    expect(cashbackByMonth.filter((_, i) => i !== 3 && i !== 5).every((row) => row.cashback === 0 && row.paidEarlyCount === 0)).toBe(true);
    const analytics = await billAnalytics(purchaser.id, { fromDate: monthStartOf(today), today, country: "NZ" });
    expect(analytics).toEqual({ paidEarlyCount: 2, cashbackReceived: 13_25 });
    // The seller earned no cashback.
    expect((await dashboardData(actorOf(await makeUser({ company: seller })))).cashbackByMonth.every((row) => row.cashback === 0 && row.paidEarlyCount === 0)).toBe(true);
  });
});
