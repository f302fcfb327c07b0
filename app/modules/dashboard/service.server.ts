/**
 * The dashboard's data (spec part 3 §2.2 Dashboard, §3 "Dashboard summary", §7.1 ripe summary, §9; issue 17 part 6;
 * docs/decisions/046-dashboard.md). Server side only: the page draws it.
 *
 * - Auto processed: the bills authorised from the company's documents (bill_documents in AUTHORISED), automatically
 *   (auto_processed, by the engine) or after review (auto_processed false: a person authorised it), counted by the month
 *   of authorised_at in the company's time zone (D1). A DELETED document is never AUTHORISED, so it never counts.
 *   Read through the partial index bill_documents_authorised_idx (company_id, authorised_at) WHERE AUTHORISED: the cost
 *   is the range's authorised documents of this one company.
 * - The tiles and the 6 bars come from ONE grouped query over the 12 months ending with this one (the spec's old client
 *   called the summary 7 times): the latest month is this calendar month to date, the 12 months this month and the 11
 *   before it; the bars this month and the 5 before. A month with nothing is there with zeros.
 * - Payables by due week: the company's unpaid bills (issued_for = it, live, bill_status not PAID: the bills list's
 *   "unpaid", invoices/list-where.ts) due from today over the next 8 rolling weeks, their amounts due (discounted_total)
 *   in cents and their count; read from the covering index invoices_unpaid_issued_for_due_idx. Overdue bills are not a
 *   week of it.
 * - Cashback earned per month: the last 6 months of billAnalytics' cashbackReceived (the ledger's early-payment
 *   entries, ledger/early-payments.server.ts), grouped by month in one query.
 * Money in integer cents throughout.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { addDays, startOfDayIn } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { requireCompanyId } from "../companies/rules";
import { companyContext, companyContextOf } from "../companies/service.server";
import { cashbackByMonth } from "../ledger/early-payments.server";
import {
  BAR_MONTHS,
  CASHBACK_MONTHS,
  DUE_WEEKS,
  TILE_MONTHS,
  dueWeeks,
  lastMonths,
  monthBars,
  monthDays,
  monthLabel,
  summaryRangeError,
  type MonthBar,
} from "./rules";

/** §3 Dashboard summary: the bills authorised in [fromDate, toDate] (days in the company's zone, both included). */
export interface AutoProcessedSummary {
  fromDate: string;
  toDate: string;
  totalInvoicesAutoCreated: number;
  totalInvoicesCreatedAfterReview: number;
}

export interface PayablesWeek {
  /** First and last due date of the week (YYYY-MM-DD, both included). */
  weekStart: string;
  weekEnd: string;
  /** The unpaid bills' amounts due, in cents. */
  amount: Cents;
  count: number;
}

export interface CashbackMonth {
  /** "YYYY-MM" */
  month: string;
  /** "Nov 2026" */
  label: string;
  cashback: Cents;
  paidEarlyCount: number;
}

export interface DashboardData {
  /** Today in the company's zone, and its currency (for the amounts). */
  today: string;
  currency: "NZD" | "AUD";
  /** The 'Auto Processed' tiles. */
  autoProcessed: { latestMonth: AutoProcessedSummary; last12Months: AutoProcessedSummary };
  /** 'Invoices Auto Processed per Month': this month and the 5 before, oldest first. */
  monthly: MonthBar[];
  /** The next 8 due weeks, nearest first. */
  payablesByDueWeek: PayablesWeek[];
  /** The last 6 months, oldest first. */
  cashbackByMonth: CashbackMonth[];
}

/** The authorised documents of [startAt, endAt), automatic and after review. Exported for the plan test. */
export const AUTO_PROCESSED_SQL = `SELECT count(*) FILTER (WHERE d.auto_processed) AS automatic, count(*) FILTER (WHERE NOT d.auto_processed) AS manual
   FROM bill_documents d
  WHERE d.company_id = :companyId AND d.processing_status = 'AUTHORISED' AND d.authorised_at >= :startAt AND d.authorised_at < :endAt`;

/** The same, by calendar month in the company's zone. Exported for the plan test. */
export const AUTO_PROCESSED_BY_MONTH_SQL = `SELECT to_char(d.authorised_at AT TIME ZONE :timeZone, 'YYYY-MM') AS month,
        count(*) FILTER (WHERE d.auto_processed) AS automatic, count(*) FILTER (WHERE NOT d.auto_processed) AS manual
   FROM bill_documents d
  WHERE d.company_id = :companyId AND d.processing_status = 'AUTHORISED' AND d.authorised_at >= :startAt AND d.authorised_at < :endAt
  GROUP BY 1`;

/** The unpaid bills due in [:fromDay, :toDay) by rolling week from :fromDay (0 = the first 7 days). Exported for the plan test. */
export const PAYABLES_BY_WEEK_SQL = `SELECT (i.due_date - CAST(:fromDay AS date)) / 7 AS week, count(*) AS count,
        coalesce(sum((i.discounted_total * 100)::bigint), 0) AS amount_c
   FROM invoices i
  WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
    AND i.due_date >= CAST(:fromDay AS date) AND i.due_date < CAST(:toDay AS date)
  GROUP BY 1`;

export interface DashboardOptions {
  /** The instant "today" is taken at (tests pass their clock); default now. */
  now?: Date;
}

/**
 * §7.1 ripe summary for a company (the caller scopes it: the acting company, or an operator's choice): the bills
 * authorised from its documents between fromDate and toDate, both included, in its time zone. 422 on a bad range.
 */
export async function autoProcessedSummary(companyId: number, range: { fromDate: string; toDate: string }): Promise<AutoProcessedSummary> {
  const { fromDate, toDate } = range;
  const error = summaryRangeError(fromDate, toDate);
  if (error) throw new AppError(422, error, { code: "VALIDATION" });
  const company = await companyContextOf(companyId);
  const [row] = await sequelize.query<{ automatic: string; manual: string }>(AUTO_PROCESSED_SQL, {
    type: QueryTypes.SELECT,
    replacements: { companyId, startAt: startOfDayIn(fromDate, company.timeZone), endAt: startOfDayIn(addDays(toDate, 1), company.timeZone) },
  });
  return { fromDate, toDate, totalInvoicesAutoCreated: Number(row.automatic), totalInvoicesCreatedAfterReview: Number(row.manual) };
}

/** §7.1 ripe summary for the acting company (a route's GET ?fromDate&toDate): 403 without a company, 422 on a bad range. */
export async function companyAutoProcessedSummary(actor: Actor, range: { fromDate: string; toDate: string }): Promise<AutoProcessedSummary> {
  return autoProcessedSummary(requireCompanyId(actor), range);
}

/** The acting company's dashboard: tiles, bars, payables by due week and cashback per month. 403 without a company. */
export async function dashboardData(actor: Actor, options: DashboardOptions = {}): Promise<DashboardData> {
  const company = await companyContext(actor, { now: options.now });
  const { today, timeZone } = company;
  const tileMonths = lastMonths(today, TILE_MONTHS);
  const cashbackMonths = lastMonths(today, CASHBACK_MONTHS);
  const startOf = (month: string) => startOfDayIn(monthDays(month).from, timeZone);
  const nextMonthStart = startOfDayIn(monthDays(tileMonths[tileMonths.length - 1]).toExclusive, timeZone);
  const weeks = dueWeeks(today, DUE_WEEKS);

  const [byMonth, byWeek, cashback] = await Promise.all([
    sequelize.query<{ month: string; automatic: string; manual: string }>(AUTO_PROCESSED_BY_MONTH_SQL, {
      type: QueryTypes.SELECT,
      replacements: { companyId: company.id, timeZone, startAt: startOf(tileMonths[0]), endAt: nextMonthStart },
    }),
    sequelize.query<{ week: number; count: string; amount_c: string }>(PAYABLES_BY_WEEK_SQL, {
      type: QueryTypes.SELECT,
      replacements: { companyId: company.id, fromDay: today, toDay: addDays(today, 7 * DUE_WEEKS) },
    }),
    cashbackByMonth(company.id, company.currency, { startAt: startOf(cashbackMonths[0]), endAt: nextMonthStart, timeZone }),
  ]);

  const counts = new Map(byMonth.map((row) => [row.month, { automatic: Number(row.automatic), manual: Number(row.manual) }]));
  const all = monthBars(tileMonths, counts);
  const latest = all[all.length - 1];
  const summary = (bars: MonthBar[], fromDate: string): AutoProcessedSummary => ({
    fromDate,
    toDate: today,
    totalInvoicesAutoCreated: bars.reduce((sum, bar) => sum + bar.automatic, 0),
    totalInvoicesCreatedAfterReview: bars.reduce((sum, bar) => sum + bar.manual, 0),
  });

  const weekRows = new Map(byWeek.map((row) => [Number(row.week), row]));
  const cashbackRows = new Map(cashback.map((row) => [row.month, row]));
  return {
    today,
    currency: company.currency,
    autoProcessed: { latestMonth: summary([latest], monthDays(latest.month).from), last12Months: summary(all, monthDays(tileMonths[0]).from) },
    monthly: all.slice(-BAR_MONTHS),
    payablesByDueWeek: weeks.map((week, index) => {
      const row = weekRows.get(index);
      return { ...week, amount: Number(row?.amount_c ?? 0) as Cents, count: Number(row?.count ?? 0) };
    }),
    cashbackByMonth: cashbackMonths.map((month) => {
      const row = cashbackRows.get(month);
      return { month, label: monthLabel(month), cashback: (row?.cashback ?? 0) as Cents, paidEarlyCount: row?.paidEarlyCount ?? 0 };
    }),
  };
}
