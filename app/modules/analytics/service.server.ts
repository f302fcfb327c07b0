/**
 * Analytics (part 2 §7 GET /analytics/{type}, optional fromTime = the month's start): the figures behind the invoices
 * summary cards and the cashback-received card. One place computes them; the list loaders and the
 * /resources/analytics/{type} route both read them.
 * - totalAmountRequested / maxServiceFeesRequested: the supplier's open prompt payment requests (CLEARING or
 *   TOPUP_PENDING): the invoices' amounts due and the fees asked (A).
 * - receivedCount / totalAmountPaid / maxServiceFeesReceived: the supplier's early payments received since fromTime (the
 *   start of that day in the company's zone) until now, from its wallet's ledger entries (decision 027): how many, their
 *   principal (the invoices' discounted totals) and the service fees they cost. The statement of the same period sums
 *   the same entries line by line, so the two agree to the cent; an invoice marked paid outside Earlybird moved no
 *   money and counts nowhere.
 * - unpaidInvoicesCount: the supplier's live invoices not yet paid, for the API alone (the cards do not show it):
 *   exact up to EXACT_COUNT_CAP, beyond it the planner's estimate (unpaidInvoicesCountIsEstimate), never a count of
 *   every unpaid invoice per request (issue 13 part 22, docs/decisions/029).
 * - paidEarlyCount / cashbackReceived: the purchaser's bills paid early since fromTime and the cashback they earned
 *   (an offer's cashback or a Pay Now saving), from the same entries.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { CURRENCIES, parseInputDate, startOfDayIn, TIME_ZONES, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { countOf, ESTIMATE_TRUSTED } from "../invoices/count.server";
import { earlyPaymentTotals } from "../ledger/early-payments.server";
import { findCompanyContext } from "../companies/service.server";

export const ANALYTICS_TYPES = ["invoices", "bills"] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

export interface InvoiceAnalytics {
  activeRequestsCount: number;
  totalAmountRequested: Cents;
  maxServiceFeesRequested: Cents;
  receivedCount: number;
  totalAmountPaid: Cents;
  maxServiceFeesReceived: Cents;
}

/** GET /analytics/invoices: the cards' figures and the unpaid count. */
export interface InvoiceAnalyticsResponse extends InvoiceAnalytics {
  unpaidInvoicesCount: number;
  unpaidInvoicesCountIsEstimate: boolean;
}

export interface BillAnalytics {
  paidEarlyCount: number;
  cashbackReceived: Cents;
}

/** "YYYY-MM-01" of a day. */
export const monthStartOf = (today: string) => `${today.slice(0, 8)}01`;

/** Since fromDate (a day in the company's zone) until today. */
export interface AnalyticsPeriod {
  fromDate: string;
  today: string;
  country: Country;
}

/** The company's early payments from the start of fromDate in its zone until now, from the ledger. */
function earlyPaymentsSince(companyId: number, period: AnalyticsPeriod) {
  return earlyPaymentTotals(companyId, CURRENCIES[period.country], {
    startAt: startOfDayIn(period.fromDate, TIME_ZONES[period.country]),
    endAt: new Date(Date.now() + 1),
  });
}

export async function invoiceAnalytics(companyId: number, period: AnalyticsPeriod): Promise<InvoiceAnalytics> {
  const [[active], { received }] = await Promise.all([
    sequelize.query<{ count: string; fee_c: string; amount_c: string }>(
      `SELECT count(*) AS count, COALESCE(sum(so.cash_reward * 100), 0)::bigint AS fee_c, COALESCE(sum(i.discounted_total * 100), 0)::bigint AS amount_c
       FROM supplier_offer_invoices soi
       JOIN supplier_offers so ON so.id = soi.supplier_offer_id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')
       JOIN invoices i ON i.id = soi.invoice_id
       -- soi.offer_status is the trigger-kept copy of so.offer_status: it lets the partial index of open offers drive
       -- this (open offers are few) instead of the company's invoices (possibly a million).
       WHERE soi.offer_status IN ('CLEARING', 'TOPUP_PENDING') AND i.issued_by = :companyId AND i.deleted_at IS NULL`,
      { type: QueryTypes.SELECT, replacements: { companyId } }
    ),
    earlyPaymentsSince(companyId, period),
  ]);
  return {
    activeRequestsCount: Number(active.count),
    totalAmountRequested: Number(active.amount_c) as Cents,
    maxServiceFeesRequested: Number(active.fee_c) as Cents,
    receivedCount: received.count,
    totalAmountPaid: received.principal,
    maxServiceFeesReceived: received.serviceFees,
  };
}

/** The supplier's live unpaid invoices: capped and estimated like the lists' totals (count.server.ts). */
export async function unpaidInvoicesCount(companyId: number): Promise<{ count: number; estimated: boolean }> {
  const { total, estimated } = await countOf(
    `FROM invoices i
     WHERE i.issued_by = :companyId AND i.deleted_at IS NULL AND i.paid_date IS NULL
       AND i.invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED' AND i.invoice_status IS DISTINCT FROM 'PAID'`,
    { companyId },
    ESTIMATE_TRUSTED
  );
  return { count: total, estimated };
}

export async function billAnalytics(companyId: number, period: AnalyticsPeriod): Promise<BillAnalytics> {
  const { paid } = await earlyPaymentsSince(companyId, period);
  return { paidEarlyCount: paid.count, cashbackReceived: paid.cashback };
}

/**
 * GET /analytics/{type}?fromTime: the actor's company's figures since fromTime (a "YYYY-MM-DD" day; default the first
 * of this month in the company's time zone).
 */
export async function companyAnalytics(
  actor: Actor,
  type: AnalyticsType,
  query: { fromTime?: string | null } = {}
): Promise<InvoiceAnalyticsResponse | BillAnalytics> {
  if (actor.companyId === null) throw new AppError(403, "A company is required");
  const company = await findCompanyContext(actor.companyId);
  if (!company) throw new AppError(404, "Company not found");
  const { today } = company;
  const fromTime = query.fromTime ?? null;
  // A calendar day: 2026-02-31 matches the pattern but is no date (PostgreSQL refused it with a 500).
  if (fromTime !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(fromTime) || parseInputDate(fromTime) !== fromTime))
    throw new AppError(422, "fromTime must be a date (YYYY-MM-DD)", { code: "VALIDATION", field: "fromTime" });
  const period = { fromDate: fromTime ?? monthStartOf(today), today, country: company.country };
  if (type === "bills") return billAnalytics(company.id, period);
  const [figures, unpaid] = await Promise.all([invoiceAnalytics(company.id, period), unpaidInvoicesCount(company.id)]);
  return { ...figures, unpaidInvoicesCount: unpaid.count, unpaidInvoicesCountIsEstimate: unpaid.estimated };
}
