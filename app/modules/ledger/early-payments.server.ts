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
