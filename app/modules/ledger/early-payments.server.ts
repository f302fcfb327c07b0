/**
 * A company's early payments of a period, summed from its wallet's entries (docs/decisions/027-early-payment-split.md):
 * the one source of the summary cards (invoices received this month, cashback this month, GET /analytics) and of the
 * statements' fee and cashback totals, which sum the same entries line by line.
 *
 * An early payment's wallet entry carries its split: principal ±T, service fee −F on the supplier's, cashback +C on the
 * purchaser's. Received (principal > 0): the company was paid early as supplier; paid (principal < 0): it paid a bill
 * early as purchaser. Read by the partial index ledger_entries_split_idx (wallet, time) over split entries only, so the
 * cost is the period's early payments of this one wallet, whatever the size of the ledger.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Cents } from "../../lib/money";
import type { Currency } from "./service.server";

export interface EarlyPaymentTotals {
  /** As supplier: early payments received, their principal (the bills' discounted totals) and the service fees paid. */
  received: { count: number; principal: Cents; serviceFees: Cents };
  /** As purchaser: bills paid early, their principal and the cashback earned. */
  paid: { count: number; principal: Cents; cashback: Cents };
}

/** The company's early payments with entries in [startAt, endAt), on its wallet in `currency`. */
export async function earlyPaymentTotals(companyId: number, currency: Currency, period: { startAt: Date; endAt: Date }): Promise<EarlyPaymentTotals> {
  const [row] = await sequelize.query<{
    received_count: string;
    received_c: string;
    fees_c: string;
    paid_count: string;
    paid_c: string;
    cashback_c: string;
  }>(
    `SELECT count(*) FILTER (WHERE principal_c > 0) AS received_count, coalesce(sum(principal_c) FILTER (WHERE principal_c > 0), 0) AS received_c,
            coalesce(-sum(fee_c), 0) AS fees_c,
            count(*) FILTER (WHERE principal_c < 0) AS paid_count, coalesce(-sum(principal_c) FILTER (WHERE principal_c < 0), 0) AS paid_c,
            coalesce(sum(cashback_c), 0) AS cashback_c
       FROM (SELECT ((e.amount - e.service_fee_amount - e.cashback_amount) * 100)::bigint AS principal_c,
                    (e.service_fee_amount * 100)::bigint AS fee_c, (e.cashback_amount * 100)::bigint AS cashback_c
               FROM ledger_accounts a
               JOIN ledger_entries e ON e.account_id = a.id AND e.service_fee_amount IS NOT NULL
                AND e.created_at >= :startAt AND e.created_at < :endAt
              WHERE a.company_id = :companyId AND a.kind = 'WALLET' AND a.currency = :currency) parts`,
    { type: QueryTypes.SELECT, replacements: { companyId, currency, startAt: period.startAt, endAt: period.endAt } }
  );
  return {
    received: { count: Number(row.received_count), principal: Number(row.received_c) as Cents, serviceFees: Number(row.fees_c) as Cents },
    paid: { count: Number(row.paid_count), principal: Number(row.paid_c) as Cents, cashback: Number(row.cashback_c) as Cents },
  };
}

/** One month of the purchaser's early payments: the bills it paid early and the cashback they earned. */
export interface CashbackMonthTotals {
  /** "YYYY-MM" in the time zone asked for. */
  month: string;
  paidEarlyCount: number;
  cashback: Cents;
}

/**
 * earlyPaymentTotals' `paid` side (the same entries, the same sums) grouped by calendar month in `timeZone`, for entries in
 * [startAt, endAt): the dashboard's cashback earned per month in one index range (ledger_entries_split_idx) instead of one
 * query per month. Months without entries are absent (the caller fills them with zeros).
 */
export const CASHBACK_BY_MONTH_SQL = `SELECT to_char(e.created_at AT TIME ZONE :timeZone, 'YYYY-MM') AS month,
            count(*) FILTER (WHERE e.amount - e.service_fee_amount - e.cashback_amount < 0) AS paid_count,
            coalesce(sum((e.cashback_amount * 100)::bigint), 0) AS cashback_c
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id AND e.service_fee_amount IS NOT NULL
        AND e.created_at >= :startAt AND e.created_at < :endAt
      WHERE a.company_id = :companyId AND a.kind = 'WALLET' AND a.currency = :currency
      GROUP BY 1`;

export async function cashbackByMonth(
  companyId: number,
  currency: Currency,
  period: { startAt: Date; endAt: Date; timeZone: string }
): Promise<CashbackMonthTotals[]> {
  const rows = await sequelize.query<{ month: string; paid_count: string; cashback_c: string }>(CASHBACK_BY_MONTH_SQL, {
    type: QueryTypes.SELECT,
    replacements: { companyId, currency, startAt: period.startAt, endAt: period.endAt, timeZone: period.timeZone },
  });
  return rows.map((row) => ({ month: row.month, paidEarlyCount: Number(row.paid_count), cashback: Number(row.cashback_c) as Cents }));
}
