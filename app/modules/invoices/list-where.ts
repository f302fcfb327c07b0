/**
 * The lists' WHERE clause (list.server.ts), pure: no I/O. The tab/status mapping and the D2 eligibility in SQL are
 * described at the top of list.server.ts; the SQL is written as the partial indexes of the list migrations write it
 * (2026.11.22T04.01.00.list-indexes, 2026.11.22T04.07.00.offer-tab-indexes), so the planner proves the match: change a
 * condition's text only with its index, and run tests/integration/list-query-plans.test.ts.
 */
import type { Cents } from "../../lib/money";
import type { OfferConfig } from "../offers/rules";
import { amountFilterBounds, dateFilterBounds, type ListQuery } from "./filters";
import type { OfferRangeBounds } from "./list-bounds.rules";
import { and, or, residual, WhereBuilder, type BuiltWhere, type Condition } from "./where-builder";

export type Side = "INVOICE" | "BILL";

/**
 * What the offer tabs need to know before the query (one small query, list-offer-context.server.ts): the bills side's
 * own live offer, or on the invoices side the loosest bounds over the customers' payable offers. null: no offer, the
 * tab is empty.
 */
export type OfferContext = {
  crrBp: number;
  cashpool: Cents;
  bounds: OfferRangeBounds;
  /** Invoices: the customers' payable offers (see offerContext). */
  payable?: { companyId: number; crrBp: number; cashpool: Cents }[];
} | null;

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches literally (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * D2 eligibility of the record under an offer of crr `crrBp` (basis points) and cash pool `cashpoolC` (cents), SQL
 * expressions (a column of the joined `po`, or the replacements of the company's own offer); assumes due after today.
 */
const eligible = (crrBp: string, cashpoolC: string): Condition =>
  and(
    `(i.discounted_total * 100) <= ${cashpoolC}`,
    `div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) * 10000 + :feeDen, 2 * :feeDen) + :fixedFee
      >= :minFee`,
    `(div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) * 10000 + :feeDen, 2 * :feeDen) + :fixedFee) * 10000
      <= :maxFeeBp * (i.discounted_total * 100)`,
    `div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) + 3650000, 7300000) * 100000000
      <= :maxFeeBp * (10000 - :providerBp) * (i.discounted_total * 100)`,
  );

/**
 * "Held by an open supplier offer", the same test as the row's `so` join, written as a semi-join on the partial index
 * of open supplier_offer_invoices rows (their offer_status is the trigger-kept copy of the offer's): the few open
 * offers drive the Payment Requested tab instead of the company's records, and the page's ids need no lateral join.
 */
const OPEN_SO_IDS = "SELECT soi.invoice_id FROM supplier_offer_invoices soi WHERE soi.offer_status IN ('CLEARING', 'TOPUP_PENDING')";
/**
 * Held: the open offers' invoice ids read once (an InitPlan over the partial index), then the records by primary key.
 * As a semi-join (`IN (…)`) the planner could instead read all of a company's records and hash the open ids, which it
 * chose at some table sizes (22,500 records read for a handful of rows; list-query-plans.test.ts).
 */
const OPEN_SO = `i.id = ANY (ARRAY(${OPEN_SO_IDS}))`;
/**
 * Not held by an open supplier offer, a residual for the estimate: the planner takes a hashed subplan's NOT as half
 * the rows, while open offers hold a handful of records, so the offer tabs' estimates came out half the size.
 */
const NOT_OPEN_SO = residual(`NOT (i.id IN (${OPEN_SO_IDS}))`);

/** The index range of the offer tabs: due after today up to the bounds, amount up to the cash pool (offerRangeBounds). */
function offerRange(offer: NonNullable<OfferContext>): Condition[] {
  const conditions: Condition[] = ["i.due_date > CAST(:today AS date)", "i.discounted_total <= CAST(:offerMaxAmount AS numeric) / 100"];
  if (offer.bounds.maxDue !== null) conditions.push("i.due_date <= CAST(:offerMaxDue AS date)");
  if (offer.bounds.percentDue !== null) {
    conditions.push(or("i.due_date <= CAST(:offerPercentDue AS date)", "i.discounted_total <= CAST(:offerSmallAmount AS numeric) / 100"));
  }
  return conditions;
}

/**
 * The exact D2 check, skipped (OR evaluates in order) inside the sure region of offerRangeBounds' safeDue/safeAmount.
 * A residual: the planner cannot judge the formula and over-estimates wildly.
 */
function safeOr(offer: NonNullable<OfferContext>, exact: Condition): Condition {
  if (offer.bounds.safeDue === null) return residual(exact);
  return residual(or(and("i.due_date <= CAST(:offerSafeDue AS date)", "i.discounted_total >= CAST(:offerSafeAmount AS numeric) / 100"), exact));
}

/** The tab's (status's) condition; see the mapping at the top of list.server.ts. */
function statusCondition(side: Side, status: string | null, offer: OfferContext): Condition {
  if (side === "INVOICE") {
    const unpaid = ["i.invoice_status IS DISTINCT FROM 'PAID'", "i.invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED'"];
    switch (status) {
      case "CASHBACK_OFFERED":
        return and(...unpaid, OPEN_SO);
      case "PAYMENT_READY": {
        if (!offer?.payable) return and("false");
        // The customers whose offer can pay us (offerContext: ACTIVE or VIRTUAL, offers enabled for us) as constants:
        // an IN list (hashed; the planner estimates it from the statistics) and each one's crr and cash pool as JSON
        // objects looked up by the row's customer, so the ids and the count read the Payment Available index alone,
        // with no join, and each row is checked against its own customer's offer exactly, the same as the row's po.
        const lookup = (name: string) => `(CAST(:${name} AS jsonb) ->> CAST(i.issued_for AS text))::bigint`;
        return and(
          ...unpaid,
          NOT_OPEN_SO,
          "i.invoice_status IS DISTINCT FROM 'EXPIRED'",
          ...offerRange(offer),
          "i.include_in_purchaser_offer",
          "i.issued_for IN (:payableIds)",
          residual(`${lookup("payableCashpool")} >= (i.discounted_total * 100)`),
          safeOr(offer, eligible(lookup("payableCrr"), lookup("payableCashpool"))),
        );
      }
      case "PAYMENT_RECEIVED":
        return and("i.invoice_status = 'PAYMENT_RECEIVED'");
      default:
        return and(...unpaid);
    }
  }
  const unpaid = "i.bill_status IS DISTINCT FROM 'PAID'";
  // Our own live offer is known (offerContext): its crr and cash pool are constants, the suppliers with offers enabled
  // a hashed subplan (written NOT NOT IN: an IN would become a join the planner over-estimates ~100-fold), so the
  // page's ids and the count read the included bills' index alone.
  const offered = [
    unpaid,
    NOT_OPEN_SO,
    "i.include_in_purchaser_offer",
    "NOT (i.issued_by NOT IN (SELECT ecp.counterparty_company_id FROM counterparties ecp WHERE ecp.company_id = :companyId AND ecp.is_purchaser_offers_enabled))",
  ];
  switch (status) {
    case "CASHBACK_AVAILABLE":
    case "CASHBACK_OFFERED":
      return and(unpaid, OPEN_SO);
    case "PAYMENT_OFFERED":
      return offer ? and(...offered, ...offerRange(offer), safeOr(offer, eligible(":offerCrrBp", ":offerCashpool"))) : and("false");
    case "NOT_ELIGIBLE_EXPIRED":
      return offer ? and(...offered, "i.due_date <= CAST(:today AS date)") : and("false");
    case "PAID":
      return and("i.bill_status = 'PAID'");
    default:
      return and(unpaid);
  }
}

/** The list's WHERE clause over `invoices i`: the side's company, live records, the tab, then the query's filters. */
export function buildWhere(side: Side, companyId: number, query: ListQuery, today: string, config: OfferConfig, offer: OfferContext): BuiltWhere {
  const us = side === "INVOICE" ? "i.issued_by" : "i.issued_for";
  const where = new WhereBuilder({
    companyId,
    today,
    feeDen: 3_650_000 * (10_000 - config.providerFeePercent),
    fixedFee: config.fixedFee,
    minFee: config.minPurchaserOfferFee,
    maxFeeBp: config.maxFeePercent,
    providerBp: config.providerFeePercent,
  });
  const offerReplacements: Record<string, unknown> = {};
  if (offer) {
    Object.assign(offerReplacements, {
      offerCrrBp: offer.crrBp,
      offerCashpool: offer.cashpool,
      offerMaxAmount: offer.bounds.maxAmount,
      offerMaxDue: offer.bounds.maxDue,
      offerPercentDue: offer.bounds.percentDue,
      offerSmallAmount: offer.bounds.smallAmount,
      offerSafeDue: offer.bounds.safeDue,
      offerSafeAmount: offer.bounds.safeAmount,
    });
    if (offer.payable) {
      Object.assign(offerReplacements, {
        payableIds: offer.payable.map((row) => row.companyId),
        payableCrr: JSON.stringify(Object.fromEntries(offer.payable.map((row) => [row.companyId, row.crrBp]))),
        payableCashpool: JSON.stringify(Object.fromEntries(offer.payable.map((row) => [row.companyId, row.cashpool]))),
      });
    }
  }
  where.add(`${us} = :companyId`).add("i.deleted_at IS NULL").add(statusCondition(side, query.status, offer), offerReplacements);

  if (query.amount) {
    const { from, to } = amountFilterBounds(query.amount);
    // Compared as numeric dollars (exactly cents / 100), so the column's index and statistics apply.
    if (from !== null) where.add("i.discounted_total >= CAST(:amountFrom AS numeric) / 100", { amountFrom: from });
    if (to !== null) where.add("i.discounted_total <= CAST(:amountTo AS numeric) / 100", { amountTo: to });
  }
  if (query.date) {
    const { from, to } = dateFilterBounds(query.date, today);
    if (from !== null) where.add("i.due_date >= CAST(:dateFrom AS date)", { dateFrom: from });
    if (to !== null) where.add("i.due_date <= CAST(:dateTo AS date)", { dateTo: to });
  }
  if (query.number) {
    if (query.number.op === "in") where.add("i.invoice_number IN (:numbers)", { numbers: query.number.values });
    else if (query.number.op === "eq") where.add("i.invoice_number = :number", { number: query.number.value });
    else where.add("i.invoice_number ILIKE :numberLike", { numberLike: `%${escapeLike(query.number.value)}%` });
  }
  if (side === "BILL" && query.isMatchedPayablesValue !== null) {
    // Balance Payable (p2 §4 Other, §5 Filters): the bills of suppliers whose payables match the accounting balance
    // within 1 unit, by the Suppliers tab's rule (payables/suppliers-tab.server.ts): the accounting balance is the
    // books' aged payables stored by sync in (docs/decisions/057), or, for a company with no report yet, the part of the
    // unpaid bills loaded from an accounting system. Every supplier with a bill is in the grouping, so false is exactly
    // its complement. The totals come from payables_totals (kept by the database with every bill, docs/decisions/029),
    // one row per supplier, instead of summing every bill of the company on each request.
    where.add(`i.issued_by ${query.isMatchedPayablesValue ? "IN" : "NOT IN"} (
      SELECT m.supplier_id FROM payables_totals m
      LEFT JOIN accounting_payables_balances ab ON ab.company_id = m.company_id AND ab.supplier_id = m.supplier_id
      WHERE m.company_id = :companyId AND m.live_count > 0
        AND abs(m.unpaid_total - CASE WHEN EXISTS (SELECT 1 FROM accounting_payables_reports ar WHERE ar.company_id = :companyId)
                                      THEN COALESCE(ab.amount_due, 0) ELSE m.accounting_total END) <= 1)`);
  }
  const nameColumn = side === "INVOICE" ? "i.issued_for_company_name" : "i.issued_by_company_name";
  const searches = side === "BILL" ? [query.entity, query.supplier] : [query.entity];
  searches.forEach((text, index) => {
    if (text) where.add(`${nameColumn} ILIKE :search${index}`, { [`search${index}`]: `%${escapeLike(text)}%` });
  });
  return where.build();
}
