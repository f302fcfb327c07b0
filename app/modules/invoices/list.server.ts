/**
 * The invoices list (supplier view) and the bills list (purchaser view): p2 §2, §4, §9.
 *
 * One `invoices` row is the supplier's invoice and the purchaser's bill (docs/decisions/005): the invoices list holds
 * the rows with issued_by = the actor's company, the bills list those with issued_for = it, whatever their `type`.
 * The company always comes from the actor, never from the URL.
 *
 * Queries (docs/decisions/008-list-performance.md; `npm run bench:lists` measures them on a million records): a count
 * capped at EXACT_COUNT_CAP (beyond it the planner's estimate, shown as "about"), the page's ids read from an index in
 * the list order (keyset from a cursor plus an OFFSET of at most 2 pages for every page link, the reversed order for
 * the last page and for a typed page nearer the end, else OFFSET; only the filter's joins), then the joins for those rows alone (counterparty setting, counterparty company,
 * the live purchaser offer, the open supplier offer; no per-row queries), one tiny "any records at all" check for the
 * empty state, and small aggregates over small index ranges for the summary cards.
 *
 * Tab / status mapping (SQL condition ⇔ the statusCode the rules module gives the row). "paid" is
 * invoice_status IN (PAID, PAYMENT_RECEIVED) on invoices and bill_status = PAID on bills, the rules' first check;
 * paid records are removed from every tab but their own (p2 §4 "Paid invoices and bills are removed from the list").
 * "open SO" is an open (CLEARING or TOPUP_PENDING) supplier offer holding the record.
 *
 *   Invoices (status query):
 *     ALL_ELIGIBLE (tab "All")   not paid: every row of the other statusCodes (ALL_ELIGIBLE, CASHBACK_OFFERED,
 *                                PAYMENT_READY, EXPIRED); the tab is "ALL", not just the Request Payment rows
 *     CASHBACK_OFFERED           not paid and open SO                              ⇔ "Payment Requested"
 *     PAYMENT_READY              not paid, no open SO, not EXPIRED, due after today, included, the customer's
 *                                counterparty setting enables offers for us, the customer's live offer is ACTIVE or
 *                                VIRTUAL and the record is eligible under it (D2, below)  ⇔ "Payment Available"
 *     PAYMENT_RECEIVED           invoice_status = PAYMENT_RECEIVED (paid early through Earlybird)
 *   Bills (status query on tab=bills; none = every unpaid bill):
 *     CASHBACK_AVAILABLE         not paid and open SO                              ⇔ "SAVE s" / "Topup Pending"
 *     CASHBACK_OFFERED           the same rows: the supplier's CASHBACK_OFFERED (a prompt payment request) is what the
 *                                purchaser sees as Cashback Available; the rules have no other bill state for it
 *     PAYMENT_OFFERED            not paid, no open SO, included, our live (non-CANCELLED) offer exists, offers
 *                                enabled for the supplier, eligible under D2        ⇔ rule 8
 *     NOT_ELIGIBLE_EXPIRED       not paid, no open SO, included, live offer, offers enabled, due today or
 *                                earlier                                           ⇔ rules 4-5
 *     PAID                       bill_status = PAID
 *
 * D2 eligibility in SQL is the offers module's integer formula, exactly (cents, basis points, half-up rounding via
 * div(2n + d, 2d)), so the tab and the row's status never disagree: T ≤ cash pool, fee ≤ MAX_FEE_PERCENT of T,
 * cashback ≤ MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100 of T, fee ≥ MIN_PURCHASER_OFFER_FEE.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import { billAnalytics, invoiceAnalytics, monthStartOf } from "../analytics/service.server";
import { Company } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { addDays, LOCALES, todayIn, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { offerConfigFrom, percentToBasisPoints, type OfferConfig } from "../offers/rules";
import { contactEmailColumn } from "./contact-email";
import { countOf, ESTIMATE_TRUSTED, EXACT_COUNT_CAP } from "./count.server";
import {
  amountFilterBounds,
  dateFilterBounds,
  defaultListQuery,
  makeCursor,
  MAX_CURSOR_SKIP,
  totalPages,
  type ListQuery,
  type PageCursor,
  type SortField,
} from "./filters";
import {
  billRowStatus,
  companyDisplayState,
  invoiceRowStatus,
  type CompanyDisplayState,
  type CompanyStatus,
  type CompanyVerificationStatus,
  type LivePurchaserOffer,
  type Locale,
  type OpenSupplierOffer,
  type PurchaserOfferStatus,
  type SupplierOfferStatus,
} from "./rules";

export type ListActor = Actor & { companyId: number };

export interface ListRowStatus {
  label: string;
  /** Tooltip text of a not-eligible row. */
  reason: string | null;
  action: string | null;
  statusCode: string;
}

export interface ListRowBase {
  id: number;
  number: string;
  /** The other party: the customer on an invoice, the supplier on a bill. */
  companyName: string;
  companyId: number;
  companyStatus: CompanyStatus;
  companyDisplay: CompanyDisplayState | null;
  /** The counterparty setting that enables purchaser offers between the two companies. */
  offersEnabled: boolean;
  dueDate: string;
  /** discounted_total: total less allocated credit. */
  amountDue: Cents;
  contactEmail: string | null;
  status: ListRowStatus;
  supplierOffer: { status: SupplierOfferStatus; amount: Cents; expirationDate: string } | null;
}

export interface InvoiceListRow extends ListRowBase {
  maxFee: Cents | null;
}

export interface BillListRow extends ListRowBase {
  cashback: Cents | null;
  ripeBillDocumentId: number | null;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Exact up to EXACT_COUNT_CAP; above it the planner's estimate (totalIsEstimate). */
  total: number;
  totalIsEstimate: boolean;
  /**
   * Keyset cursors to the neighbouring pages (the shown page's first and last rows). The Pagination component derives
   * from them the cursor of every page link it shows (filters.ts cursorForPage: up to MAX_CURSOR_SKIP pages further).
   */
  pageCursors: { previous: PageCursor | null; next: PageCursor | null };
  /** The page shown: the last page when the URL asks for one past the end. */
  page: number;
  size: number;
  /** The company has no records on this side at all (whatever the filters): the "connect" empty state. */
  hasAnyRecords: boolean;
  today: string;
  locale: Locale;
}

export interface InvoiceListResult extends ListPage<InvoiceListRow> {
  cards: {
    activeRequests: { count: number; maxServiceFee: Cents; amountRequested: Cents };
    receivedThisMonth: { count: number; serviceFees: Cents; amountPaid: Cents };
  };
}

export interface BillListResult extends ListPage<BillListRow> {
  cards: {
    cashReserve: { offerStatus: PurchaserOfferStatus; cashpool: Cents; pendingCashpool: Cents; crr: string } | null;
    cashbackThisMonth: { count: number; cashback: Cents };
  };
}

type Side = "INVOICE" | "BILL";

/** Allow-listed sort columns (filters.ts SORT_FIELDS); anything else never reaches SQL. */
const SORT_COLUMNS: Record<SortField, string> = {
  dueDate: "i.due_date",
  invoiceNumber: "i.invoice_number",
  issuedForCompanyName: "i.issued_for_company_name",
  issuedByCompanyName: "i.issued_by_company_name",
  total: "i.total",
  discountedTotal: "i.discounted_total",
  serviceFee: "i.service_fee",
  cashReward: "i.cash_reward",
};

/**
 * The SQL type of each sort column's value in a cursor; null = no keyset (the column is nullable, so a row
 * comparison cannot order it): such a sort reads pages by OFFSET.
 */
const SORT_KEY_TYPES: Record<SortField, "date" | "text" | "numeric" | null> = {
  dueDate: "date",
  invoiceNumber: "text",
  issuedForCompanyName: "text",
  issuedByCompanyName: "text",
  total: "numeric",
  discountedTotal: "numeric",
  serviceFee: null,
  cashReward: null,
};

/** A cursor value that would not cast to its column's type is ignored (a hand-edited URL must not become a 500). */
const KEY_FORMATS: Record<"date" | "text" | "numeric", (value: string) => boolean> = {
  date: (value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  },
  numeric: (value) => /^\d{1,12}(\.\d{1,2})?$/.test(value),
  text: (value) => !value.includes("\u0000"),
};

export { EXACT_COUNT_CAP };

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches literally (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const cents = (value: string | number | null): Cents | null => (value === null ? null : (Number(value) as Cents));

/** The side's joins: "us" is the actor's company, "them" the other party. */
function sideSql(side: Side) {
  const us = side === "INVOICE" ? "i.issued_by" : "i.issued_for";
  const them = side === "INVOICE" ? "i.issued_for" : "i.issued_by";
  // The counterparty setting that decides offers is always the purchaser's row for the supplier.
  return {
    us,
    them,
    joins: `
      JOIN companies c ON c.id = ${them}
      LEFT JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by
      LEFT JOIN purchaser_offers po ON po.created_by_company = i.issued_for AND po.offer_status <> 'CANCELLED'
      LEFT JOIN LATERAL (
        SELECT so.id, so.offer_status, so.cash_reward, so.expiration_date
        FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
        WHERE soi.invoice_id = i.id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')
        ORDER BY so.id DESC LIMIT 1
      ) so ON true`,
  };
}

/**
 * D2 eligibility of the record under an offer of crr `crrBp` (basis points) and cash pool `cashpoolC` (cents), SQL
 * expressions (a column of the joined `po`, or the replacements of the company's own offer); assumes due after today.
 */
const eligibleSql = (crrBp: string, cashpoolC: string) => `(
  (i.discounted_total * 100) <= ${cashpoolC}
  AND div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) * 10000 + :feeDen, 2 * :feeDen) + :fixedFee
      >= :minFee
  AND (div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) * 10000 + :feeDen, 2 * :feeDen) + :fixedFee) * 10000
      <= :maxFeeBp * (i.discounted_total * 100)
  AND div(2 * ${crrBp} * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) + 3650000, 7300000) * 100000000
      <= :maxFeeBp * (10000 - :providerBp) * (i.discounted_total * 100)
)`;

/**
 * Range bounds implied by D2 eligibility under offers of crr at least `crrBp` and cash pool at most `cashpool`, so an
 * index on (company, due_date) serves the offer tabs; the exact per-row formula stays as the residual check, so these
 * only have to be necessary conditions (a superset), never exact.
 *
 * The cashback cap, cb × 10^8 ≤ M × (10000 − p) × T with cb = round(crr × T × (d + 1) / 3650000) ≥ exact − 1/2,
 * implies T × A(d) ≤ 1.825 × 10^14 where A(d) = crr × (d + 1) × 10^8 − M × (10000 − p) × 3650000 (all integers).
 * So: every eligible record has d ≤ dAll (A(dAll) ≤ 1.825 × 10^14, T ≥ 1 cent); beyond d1 (the last day with
 * A ≤ 0, the cap "by the percentage alone") only amounts up to smallAmount (1.825 × 10^14 / A(d1 + 1) cents) can be
 * eligible, by rounding. With the D2 defaults and crr 8 %: d1 = 364 days, smallAmount $22.81.
 */
export function offerRangeBounds(
  crrBp: number,
  cashpool: Cents,
  today: string,
  config: OfferConfig,
  maxCrrBp: number = crrBp
): { maxDue: string | null; percentDue: string | null; smallAmount: Cents; maxAmount: Cents; safeDue: string | null; safeAmount: Cents } {
  const HALF = 182_500_000_000_000n; // 3650000 × 10^8 / 2
  const crr = BigInt(crrBp);
  const cap = BigInt(config.maxFeePercent) * (10_000n - BigInt(config.providerFeePercent)) * 3_650_000n;
  const safe = safeRegion(BigInt(maxCrrBp), crr, cap, today, config);
  if (crr <= 0n) return { maxDue: null, percentDue: null, smallAmount: cashpool, maxAmount: cashpool, ...safe };
  const per = crr * 100_000_000n;
  const dAll = (HALF + cap) / per - 1n; // the largest d with per × (d + 1) ≤ HALF + cap
  const d1 = cap / per - 1n; // the largest d with A(d) ≤ 0
  const a = per * (d1 + 2n) - cap; // A(d1 + 1) > 0
  const smallAmount = Number(HALF / a) as Cents;
  // Far dates are no bound at all (and would not be valid dates): no upper bound then.
  const date = (d: bigint) => (d > 100_000n ? null : addDays(today, Number(d)));
  return { maxDue: date(dAll), percentDue: date(d1), smallAmount, maxAmount: cashpool, ...safe };
}

/**
 * A region where D2 eligibility (apart from the cash pool, checked exactly) holds for sure, for every crr between
 * `minCrr` and `maxCrr`: due from tomorrow to safeDue and amount at least safeAmount. The exact integer formula
 * (numeric arithmetic, ~10 µs a row) then only runs for the rows outside it: the last days before the cap and tiny
 * amounts, where rounding decides. With round(x) ≤ x + 1/2: the cashback cap holds when T × (−A(d)) ≥ HALF and the
 * fee cap when T × (−A(d)) ≥ (1 + 2 FIXED_FEE) × 1825000 × 10^4 × (10000 − p) ≤ (1 + 2 FIXED_FEE) × HALF; −A falls
 * as d grows and as crr grows. The minimum fee holds when fee ≥ x_fee(d = 1) − 1/2 + FIXED_FEE ≥ MIN.
 */
function safeRegion(maxCrr: bigint, minCrr: bigint, cap: bigint, today: string, config: OfferConfig): { safeDue: string | null; safeAmount: Cents } {
  const none = { safeDue: null, safeAmount: 0 as Cents };
  if (maxCrr <= 0n || minCrr <= 0n) return none;
  const per = maxCrr * 100_000_000n;
  const dSafe = cap / per - 2n; // one day before the last day within the cap
  if (dSafe < 1n) return none;
  const margin = cap - per * (dSafe + 1n); // −A(dSafe) > 0
  const fixed = BigInt(config.fixedFee);
  const need = (1n + 2n * fixed) * 182_500_000_000_000n;
  let safeAmount = (need + margin - 1n) / margin; // ceil
  const minFee = BigInt(config.minPurchaserOfferFee);
  if (minFee > fixed) {
    // crr × T × 2 × 10^4 / (3650000 × (10000 − p)) ≥ MIN − FIXED + 1/2
    const den = minCrr * 40_000n;
    const forMin = ((2n * (minFee - fixed) + 1n) * 3_650_000n * (10_000n - BigInt(config.providerFeePercent)) + den - 1n) / den;
    if (forMin > safeAmount) safeAmount = forMin;
  }
  if (dSafe > 100_000n || safeAmount > 100_000_000_000n) return none;
  return { safeDue: addDays(today, Number(dSafe)), safeAmount: Number(safeAmount) as Cents };
}

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
 * What the offer tabs need to know before the query (one small query, see offerContext): the bills side's own live
 * offer, or on the invoices side the loosest bounds over the customers' payable offers. null: no offer, the tab is empty.
 */
type OfferContext = {
  crrBp: number;
  cashpool: Cents;
  bounds: ReturnType<typeof offerRangeBounds>;
  /** Invoices: the customers' payable offers (see offerContext). */
  payable?: { companyId: number; crrBp: number; cashpool: Cents }[];
} | null;

/** The index range of the offer tabs: due after today up to the bounds, amount up to the cash pool (offerRangeBounds). */
function offerRangeSql(offer: NonNullable<OfferContext>): string {
  const conditions = ["i.due_date > CAST(:today AS date)", "i.discounted_total <= CAST(:offerMaxAmount AS numeric) / 100"];
  if (offer.bounds.maxDue !== null) conditions.push("i.due_date <= CAST(:offerMaxDue AS date)");
  if (offer.bounds.percentDue !== null) {
    conditions.push("(i.due_date <= CAST(:offerPercentDue AS date) OR i.discounted_total <= CAST(:offerSmallAmount AS numeric) / 100)");
  }
  return conditions.join(" AND ");
}

/** The exact D2 check, skipped (OR evaluates in order) inside the sure region of offerRangeBounds' safeDue/safeAmount. */
function safeOr(offer: NonNullable<OfferContext>, exact: string): string {
  // Marked so the estimate leaves it out (countOf): the planner cannot judge the formula and over-estimates wildly.
  if (offer.bounds.safeDue === null) return `${RESIDUAL_START}${exact}${RESIDUAL_END}`;
  return `${RESIDUAL_START}((i.due_date <= CAST(:offerSafeDue AS date) AND i.discounted_total >= CAST(:offerSafeAmount AS numeric) / 100) OR ${exact})${RESIDUAL_END}`;
}

const RESIDUAL_START = "/*residual*/";
const RESIDUAL_END = "/*end residual*/";

/**
 * Not held by an open supplier offer, marked residual for the estimate: the planner takes a hashed subplan's NOT as
 * half the rows, while open offers hold a handful of records, so the offer tabs' estimates came out half the size.
 */
const NOT_OPEN_SO = `${RESIDUAL_START}NOT (i.id IN (${OPEN_SO_IDS}))${RESIDUAL_END}`;

function statusSql(side: Side, status: string | null, offer: OfferContext): string {
  if (side === "INVOICE") {
    const unpaid = "i.invoice_status IS DISTINCT FROM 'PAID' AND i.invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED'";
    switch (status) {
      case "CASHBACK_OFFERED":
        return `${unpaid} AND ${OPEN_SO}`;
      case "PAYMENT_READY": {
        if (!offer?.payable) return "false";
        // The customers whose offer can pay us (offerContext: ACTIVE or VIRTUAL, offers enabled for us) as constants:
        // an IN list (hashed; the planner estimates it from the statistics) and each one's crr and cash pool as JSON
        // objects looked up by the row's customer, so the ids and the count read the Payment Available index alone,
        // with no join, and each row is checked against its own customer's offer exactly, the same as the row's po.
        const lookup = (name: string) => `(CAST(:${name} AS jsonb) ->> CAST(i.issued_for AS text))::bigint`;
        return `${unpaid} AND ${NOT_OPEN_SO} AND i.invoice_status IS DISTINCT FROM 'EXPIRED' AND ${offerRangeSql(offer)}
          AND i.include_in_purchaser_offer AND i.issued_for IN (:payableIds)
          AND ${RESIDUAL_START}${lookup("payableCashpool")} >= (i.discounted_total * 100)${RESIDUAL_END}
          AND ${safeOr(offer, eligibleSql(lookup("payableCrr"), lookup("payableCashpool")))}`;
      }
      case "PAYMENT_RECEIVED":
        return "i.invoice_status = 'PAYMENT_RECEIVED'";
      default:
        return unpaid;
    }
  }
  const unpaid = "i.bill_status IS DISTINCT FROM 'PAID'";
  // Our own live offer is known (offerContext): its crr and cash pool are constants, the suppliers with offers enabled
  // a hashed subplan (written NOT NOT IN: an IN would become a join the planner over-estimates ~100-fold), so the
  // page's ids and the count read the included bills' index alone.
  const offered = `${unpaid} AND ${NOT_OPEN_SO} AND i.include_in_purchaser_offer
    AND NOT (i.issued_by NOT IN (SELECT ecp.counterparty_company_id FROM counterparties ecp WHERE ecp.company_id = :companyId AND ecp.is_purchaser_offers_enabled))`;
  switch (status) {
    case "CASHBACK_AVAILABLE":
    case "CASHBACK_OFFERED":
      return `${unpaid} AND ${OPEN_SO}`;
    case "PAYMENT_OFFERED":
      return offer ? `${offered} AND ${offerRangeSql(offer)} AND ${safeOr(offer, eligibleSql(":offerCrrBp", ":offerCashpool"))}` : "false";
    case "NOT_ELIGIBLE_EXPIRED":
      return offer ? `${offered} AND i.due_date <= CAST(:today AS date)` : "false";
    case "PAID":
      return "i.bill_status = 'PAID'";
    default:
      return unpaid;
  }
}

/**
 * The offer tabs' context, one small query. Bills: the company's own live (not CANCELLED) offer, the `po` every bill
 * of ours joins. Invoices: the ACTIVE or VIRTUAL offers of the customers that enable offers for us (`payable`, one row
 * per customer: a company has at most one live offer), and the loosest bounds over them (the smallest crr and the
 * largest cash pool; each row is still checked against its own customer's offer).
 */
async function offerContext(side: Side, companyId: number, status: string | null, today: string, config: OfferConfig): Promise<OfferContext> {
  const relevant = side === "INVOICE" ? status === "PAYMENT_READY" : status === "PAYMENT_OFFERED" || status === "NOT_ELIGIBLE_EXPIRED";
  if (!relevant) return null;
  if (side === "BILL") {
    const [row] = await sequelize.query<{ crr_bp: string; cashpool_c: string }>(
      `SELECT (crr * 100)::bigint AS crr_bp, (cashpool * 100)::bigint AS cashpool_c
       FROM purchaser_offers WHERE created_by_company = :companyId AND offer_status <> 'CANCELLED' LIMIT 1`,
      { type: QueryTypes.SELECT, replacements: { companyId } }
    );
    if (!row || row.crr_bp === null || row.cashpool_c === null) return null;
    const crrBp = Number(row.crr_bp);
    const cashpool = Number(row.cashpool_c) as Cents;
    return { crrBp, cashpool, bounds: offerRangeBounds(crrBp, cashpool, today, config) };
  }
  const rows = await sequelize.query<{ company_id: number; crr_bp: string | null; cashpool_c: string | null }>(
    `SELECT DISTINCT ON (cp.company_id) cp.company_id, (po.crr * 100)::bigint AS crr_bp, (po.cashpool * 100)::bigint AS cashpool_c
     FROM counterparties cp JOIN purchaser_offers po ON po.created_by_company = cp.company_id AND po.offer_status IN ('ACTIVE', 'VIRTUAL')
     WHERE cp.counterparty_company_id = :companyId AND cp.is_purchaser_offers_enabled
     ORDER BY cp.company_id, po.id DESC`,
    { type: QueryTypes.SELECT, replacements: { companyId } }
  );
  const payable = rows
    .filter((row) => row.crr_bp !== null && row.cashpool_c !== null)
    .map((row) => ({ companyId: Number(row.company_id), crrBp: Number(row.crr_bp), cashpool: Number(row.cashpool_c) as Cents }))
    .filter((row) => [row.companyId, row.crrBp, row.cashpool].every(Number.isSafeInteger));
  if (payable.length === 0) return null;
  const crrBp = Math.min(...payable.map((row) => row.crrBp));
  const maxCrrBp = Math.max(...payable.map((row) => row.crrBp));
  const cashpool = Math.max(...payable.map((row) => row.cashpool)) as Cents;
  return { crrBp, cashpool, bounds: offerRangeBounds(crrBp, cashpool, today, config, maxCrrBp), payable };
}

interface Built {
  where: string;
  replacements: Record<string, unknown>;
}

function buildWhere(side: Side, companyId: number, query: ListQuery, today: string, config: OfferConfig, offer: OfferContext): Built {
  const { us } = sideSql(side);
  const replacements: Record<string, unknown> = {
    companyId,
    today,
    feeDen: 3_650_000 * (10_000 - config.providerFeePercent),
    fixedFee: config.fixedFee,
    minFee: config.minPurchaserOfferFee,
    maxFeeBp: config.maxFeePercent,
    providerBp: config.providerFeePercent,
  };
  if (offer) {
    Object.assign(replacements, {
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
      Object.assign(replacements, {
        payableIds: offer.payable.map((row) => row.companyId),
        payableCrr: JSON.stringify(Object.fromEntries(offer.payable.map((row) => [row.companyId, row.crrBp]))),
        payableCashpool: JSON.stringify(Object.fromEntries(offer.payable.map((row) => [row.companyId, row.cashpool]))),
      });
    }
  }
  const conditions = [`${us} = :companyId`, "i.deleted_at IS NULL", `(${statusSql(side, query.status, offer)})`];

  if (query.amount) {
    const { from, to } = amountFilterBounds(query.amount);
    if (from !== null) {
      // Compared as numeric dollars (exactly cents / 100), so the column's index and statistics apply.
      conditions.push("i.discounted_total >= CAST(:amountFrom AS numeric) / 100");
      replacements.amountFrom = from;
    }
    if (to !== null) {
      conditions.push("i.discounted_total <= CAST(:amountTo AS numeric) / 100");
      replacements.amountTo = to;
    }
  }
  if (query.date) {
    const { from, to } = dateFilterBounds(query.date, today);
    if (from !== null) {
      conditions.push("i.due_date >= CAST(:dateFrom AS date)");
      replacements.dateFrom = from;
    }
    if (to !== null) {
      conditions.push("i.due_date <= CAST(:dateTo AS date)");
      replacements.dateTo = to;
    }
  }
  if (query.number) {
    if (query.number.op === "in") {
      conditions.push("i.invoice_number IN (:numbers)");
      replacements.numbers = query.number.values;
    } else if (query.number.op === "eq") {
      conditions.push("i.invoice_number = :number");
      replacements.number = query.number.value;
    } else {
      conditions.push("i.invoice_number ILIKE :numberLike");
      replacements.numberLike = `%${escapeLike(query.number.value)}%`;
    }
  }
  if (side === "BILL" && query.isMatchedPayablesValue !== null) {
    // Balance Payable (p2 §4 Other, §5 Filters): the bills of suppliers whose payables match the accounting balance
    // within 1 unit, by the Suppliers tab's rule (payables/suppliers-tab.server.ts): until aged payables are fetched from
    // Xero, the accounting balance is the part of the unpaid bills loaded from an accounting system. Every supplier
    // with a bill is in the grouping, so false is exactly its complement.
    // The totals come from payables_totals (kept by the database with every bill, docs/decisions/029), one row per
    // supplier, instead of summing every bill of the company on each request.
    conditions.push(`i.issued_by ${query.isMatchedPayablesValue ? "IN" : "NOT IN"} (
      SELECT m.supplier_id FROM payables_totals m
      WHERE m.company_id = :companyId AND m.live_count > 0 AND abs(m.unpaid_total - m.accounting_total) <= 1)`);
  }
  const nameColumn = side === "INVOICE" ? "i.issued_for_company_name" : "i.issued_by_company_name";
  const searches = side === "BILL" ? [query.entity, query.supplier] : [query.entity];
  searches.forEach((text, index) => {
    if (!text) return;
    conditions.push(`${nameColumn} ILIKE :search${index}`);
    replacements[`search${index}`] = `%${escapeLike(text)}%`;
  });
  return { where: conditions.join("\n  AND "), replacements };
}

/**
 * The bills of the purchaser's Payment Offered tab, per supplier: how many, and the cashback they show today (D2's
 * integer formula, as purchaserOfferAmounts rounds it: half up of crr × T × (d + 1) / 3,650,000). For the Suppliers tab
 * (payables/suppliers-tab.server.ts, docs/decisions/029): one grouped read of the tab's index range instead of every
 * bill with its status worked out in the process.
 */
export async function offeredBillsBySupplier(companyId: number, today: string, config: OfferConfig): Promise<Map<number, { count: number; cashback: Cents }>> {
  const offer = await offerContext("BILL", companyId, "PAYMENT_OFFERED", today, config);
  if (!offer) return new Map();
  const { where, replacements } = buildWhere("BILL", companyId, { ...defaultListQuery("BILL"), status: "PAYMENT_OFFERED" }, today, config, offer);
  const rows = await sequelize.query<{ supplier_id: number; count: string; cashback_c: string }>(
    `SELECT i.issued_by AS supplier_id, count(*) AS count,
       sum(div(2 * CAST(:offerCrrBp AS bigint) * (i.discounted_total * 100) * (i.due_date - CAST(:today AS date) + 1) + 3650000, 7300000)) AS cashback_c
     FROM invoices i
     WHERE ${where}
     GROUP BY i.issued_by`,
    { type: QueryTypes.SELECT, replacements }
  );
  return new Map(rows.map((row) => [row.supplier_id, { count: Number(row.count), cashback: Number(row.cashback_c) as Cents }]));
}

interface RawRow {
  id: number;
  invoice_number: string;
  company_name: string;
  company_id: number;
  company_status: CompanyStatus;
  company_verification_status: CompanyVerificationStatus;
  due_date: string;
  amount_due_c: string;
  invoice_status: string | null;
  bill_status: string | null;
  include_in_purchaser_offer: boolean;
  sent_to_supplier: boolean;
  contact_email: string | null;
  cash_reward_c: string | null;
  ripe_bill_document_id: number | null;
  offers_enabled: boolean | null;
  invited_by_us: boolean;
  po_status: PurchaserOfferStatus | null;
  po_cashpool_c: string | null;
  po_pending_c: string | null;
  po_crr: string | null;
  so_status: SupplierOfferStatus | null;
  so_cash_reward_c: string | null;
  so_expiration_date: string | null;
}

async function companyContext(actor: ListActor) {
  if (!actor.companyId) throw new AppError(403, "A company is required");
  const [company, runtime] = await Promise.all([Company.findByPk(actor.companyId, { attributes: ["id", "country"] }), getRuntimeConfig()]);
  if (!company) throw new AppError(404, "Company not found");
  const country = (company.country ?? "NZ") as Country;
  const config = offerConfigFrom(runtime);
  return { companyId: company.id, country, today: todayIn(country), locale: LOCALES[country], config };
}

interface PageRead {
  /** A keyset bound: rows strictly after (or before) this sort key in the list order. */
  bound?: { dir: "after" | "before"; id: number; value: string };
  /** Read in the reversed order (previous page, last page); the rows still come back in the list order. */
  reversed: boolean;
  limit: number;
  offset: number;
}

async function pageOf(side: Side, companyId: number, query: ListQuery, today: string, config: OfferConfig, cursorQuery: ListQuery) {
  const { joins, them } = sideSql(side);
  const offer = await offerContext(side, companyId, query.status, today, config);
  const { where, replacements } = buildWhere(side, companyId, query, today, config, offer);
  // No joins: the ids come from `invoices` alone.
  const filtered = `FROM invoices i\nWHERE ${where}`;

  const size = query.size;
  const column = SORT_COLUMNS[query.sort.field];
  const keyType = SORT_KEY_TYPES[query.sort.field];
  const ascending = query.sort.direction !== "desc";
  const keySql = keyType === "date" ? `to_char(${column}, 'YYYY-MM-DD')` : `${column}::text`;

  const read = async ({ bound, reversed, limit, offset }: PageRead): Promise<(RawRow & { sort_key: string })[]> => {
    const forward = (flip: boolean) => {
      const dir = ascending !== flip ? "ASC" : "DESC";
      // The id follows the column's direction, so a descending list is exactly the ascending one reversed.
      return `${column} ${dir}, i.id ${dir}`;
    };
    let keyset = "";
    if (bound && keyType) {
      // after in an ascending list, or before in a descending one: greater; otherwise smaller.
      const greater = (bound.dir === "after") === ascending;
      keyset = `AND (${column}, i.id) ${greater ? ">" : "<"} (CAST(:keyValue AS ${keyType}), :keyId)`;
    }
    const ids = `SELECT i.id ${filtered} ${keyset} ORDER BY ${forward(reversed)} LIMIT :limit OFFSET :offset`;
    return sequelize.query<RawRow & { sort_key: string }>(
      `SELECT i.id, i.invoice_number, ${side === "INVOICE" ? "i.issued_for_company_name" : "i.issued_by_company_name"} AS company_name,
         ${them} AS company_id, c.status AS company_status, c.verification_status AS company_verification_status,
         to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (i.discounted_total * 100)::bigint AS amount_due_c,
         i.invoice_status, i.bill_status, i.include_in_purchaser_offer, i.sent_to_supplier, ${contactEmailColumn(side)} AS contact_email,
         (i.cash_reward * 100)::bigint AS cash_reward_c, i.ripe_bill_document_id,
         cp.is_purchaser_offers_enabled AS offers_enabled, (cp.invited_at IS NOT NULL) AS invited_by_us,
         po.offer_status AS po_status, (po.cashpool * 100)::bigint AS po_cashpool_c,
         (po.pending_cashpool * 100)::bigint AS po_pending_c, po.crr::text AS po_crr,
         so.offer_status AS so_status, (so.cash_reward * 100)::bigint AS so_cash_reward_c,
         to_char(so.expiration_date, 'YYYY-MM-DD') AS so_expiration_date,
         ${keySql} AS sort_key
       FROM (${ids}) page
       JOIN invoices i ON i.id = page.id
       ${joins}
       ORDER BY ${forward(false)}`,
      {
        type: QueryTypes.SELECT,
        replacements: { ...replacements, limit, offset, keyValue: bound?.value ?? null, keyId: bound?.id ?? null },
      }
    );
  };

  const validCursor = (page: number): PageCursor | null =>
    query.cursor &&
    keyType &&
    query.cursor.page === page &&
    Number.isInteger(query.cursor.skip) &&
    query.cursor.skip >= 0 &&
    query.cursor.skip <= MAX_CURSOR_SKIP &&
    KEY_FORMATS[keyType](query.cursor.value)
      ? query.cursor
      : null;
  // Page 1 and a cursor's page do not depend on the count: read them while it runs (used if the page stands).
  const early = validCursor(query.page);
  const speculative: Promise<(RawRow & { sort_key: string })[]> | null = early
    ? read({ bound: early, reversed: early.dir === "before", limit: size, offset: early.skip * size })
    : query.page === 1
    ? read({ reversed: false, limit: size, offset: 0 })
    : null;
  // A typed page past ANCHOR_MIN_OFFSET is placed from the column statistics if the total turns out an estimate: ask now.
  const anchorEarly = !early && keyType && (query.page - 1) * size > ANCHOR_MIN_OFFSET ? anchorStats(filtered, replacements, column, keyType) : null;
  // Not left unhandled if the count fails first.
  speculative?.catch(() => {});
  anchorEarly?.catch(() => {});

  // Payment Available's rows are sparse in its index (the payable customers' among all customers'): a capped count
  // reads several index entries per row counted, so any estimate past the cap is trusted there.
  const trusted = side === "INVOICE" && query.status === "PAYMENT_READY" ? EXACT_COUNT_CAP : ESTIMATE_TRUSTED;
  let { total, estimated } = await countOf(filtered, replacements, trusted);
  let pages = totalPages(total, size);
  let page = Math.min(query.page, Math.max(1, pages));

  let rows: (RawRow & { sort_key: string })[] = [];
  if (total > 0) {
    const cursor = validCursor(page);
    let done = false;
    if (cursor) {
      // Keyset from the boundary row of the page the link was made on, then past the whole pages in between.
      rows = await (cursor === early && speculative
        ? speculative
        : read({ bound: cursor, reversed: cursor.dir === "before", limit: size, offset: cursor.skip * size }));
      // A cursor whose neighbourhood changed (rows deleted, a page that is now short) falls back to the page number.
      done = cursor.dir === "after" ? rows.length > 0 : rows.length === size;
      if (done && estimated && rows.length < size) {
        total = (page - 1) * size + rows.length;
        estimated = false;
      }
    }
    if (!done && page > 1 && page === pages && estimated) {
      // The last page by the estimate: the first rows of the reversed order.
      rows = await read({ reversed: true, limit: size, offset: 0 });
      done = true;
    }
    if (!done && page > 1 && estimated && keyType && (page - 1) * size > ANCHOR_MIN_OFFSET) {
      // A typed deep page under an estimated total: its place is an estimate too, found from the column statistics
      // (pageAnchor) instead of an OFFSET past hundreds of thousands of index entries.
      const stats = await (page === query.page && anchorEarly ? anchorEarly : anchorStats(filtered, replacements, column, keyType));
      const anchor = pageAnchor(stats, keyType, ascending, ((page - 1) * size) / total, size / total, total);
      if (anchor) {
        rows = await read({ bound: anchor.bound, reversed: anchor.reversed, limit: size, offset: anchor.offset });
        // Past the real end (the statistics were off): the real last rows.
        if (rows.length < size) rows = await read({ reversed: true, limit: size, offset: 0 });
        done = true;
      }
    }
    if (!done && page > 1 && !estimated && (page - 1) * size > total - page * size) {
      // Nearer the end than the start (the last page included): the reversed order skips fewer index entries.
      const end = Math.min(page * size, total);
      rows = await read({ reversed: true, limit: end - (page - 1) * size, offset: total - end });
      done = true;
    }
    if (!done) {
      rows = await (page === 1 && query.page === 1 && speculative ? speculative : read({ reversed: false, limit: size, offset: (page - 1) * size }));
      if (estimated && rows.length < size) {
        if (rows.length === 0) {
          // The estimate ran past the real end: show the real last rows.
          rows = await read({ reversed: true, limit: size, offset: 0 });
        } else {
          total = (page - 1) * size + rows.length;
          estimated = false;
        }
      }
    }
    pages = totalPages(total, size);
    page = Math.min(page, Math.max(1, pages));
  }

  const key = (row: RawRow & { sort_key: string }) => ({ id: row.id, value: row.sort_key });
  const pageCursors = {
    previous: keyType && rows.length && page > 2 ? makeCursor(cursorQuery, page - 1, "before", key(rows[0])) : null,
    next: keyType && rows.length && page < pages ? makeCursor(cursorQuery, page + 1, "after", key(rows[rows.length - 1])) : null,
  };

  let hasAnyRecords = total > 0;
  if (!hasAnyRecords) {
    const column = side === "INVOICE" ? "issued_by" : "issued_for";
    // Ordered like the (side, due_date, id) index of live records, so the planner reads one index entry instead of
    // scanning invoices for the first live row of a company whose rows are many (list-query-plans.test.ts).
    const any = await sequelize.query(`SELECT 1 FROM invoices WHERE ${column} = :companyId AND deleted_at IS NULL ORDER BY due_date, id LIMIT 1`, {
      type: QueryTypes.SELECT,
      replacements: { companyId },
    });
    hasAnyRecords = any.length > 0;
  }
  return { rows, total, totalIsEstimate: estimated, pageCursors, page, hasAnyRecords };
}

interface AnchorStats {
  lo: string | null;
  hi: string | null;
  f_lo: number | null;
  f_hi: number | null;
  points: { v: string; below: number }[] | null;
}

/** pageAnchor's one query (it does not depend on the count, so it can run beside it). */
async function anchorStats(
  filtered: string,
  replacements: Record<string, unknown>,
  column: string,
  keyType: "date" | "text" | "numeric"
): Promise<AnchorStats | undefined> {
  const attname = column.replace(/^i\./, "");
  const [row] = await sequelize.query<AnchorStats>(
    `WITH st AS (
       SELECT null_frac, most_common_vals::text::${keyType}[] AS mcv, most_common_freqs AS mf, histogram_bounds::text::${keyType}[] AS hb
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'invoices' AND attname = :anchorColumn
     ), pts AS (
       SELECT u.v, 0::float8 AS b, u.f::float8 AS a FROM st, unnest(st.mcv, st.mf) AS u(v, f)
       UNION ALL
       SELECT h.v, CASE WHEN h.k = 1 THEN 0 ELSE (1 - st.null_frac - COALESCE((SELECT sum(x) FROM unnest(st.mf) x), 0)) / (cardinality(st.hb) - 1) END, 0
       FROM st, unnest(st.hb) WITH ORDINALITY AS h(v, k)
     ), cum AS (
       SELECT v, sum(b + a) OVER w - a AS below, sum(b + a) OVER w AS upto FROM pts WINDOW w AS (ORDER BY v, a ROWS UNBOUNDED PRECEDING)
     ), ends AS (
       SELECT (SELECT ${column} ${filtered} ORDER BY ${column} ASC, i.id ASC LIMIT 1) AS lo,
              (SELECT ${column} ${filtered} ORDER BY ${column} DESC, i.id DESC LIMIT 1) AS hi
     )
     SELECT ${keyType === "date" ? "to_char(ends.lo, 'YYYY-MM-DD')" : "ends.lo::text"} AS lo, ends.hi::text AS hi,
       (SELECT max(below) FROM cum WHERE v <= ends.lo) AS f_lo,
       COALESCE((SELECT min(below) FROM cum WHERE v > ends.hi), (SELECT max(upto) FROM cum)) AS f_hi,
       (SELECT json_agg(json_build_object('v', ${keyType === "date" ? "to_char(v, 'YYYY-MM-DD')" : "v::text"}, 'below', below) ORDER BY v, below)
        FROM cum WHERE v > ends.lo AND v <= ends.hi) AS points
     FROM ends`,
    { type: QueryTypes.SELECT, replacements: { ...replacements, anchorColumn: attname } }
  );
  return row;
}

/**
 * Where a typed page of a list with an estimated total starts, from the planner's statistics of the sort column (its
 * most common values and histogram in pg_stats): the CDF between the filtered rows' first and last key (two index
 * reads) gives the key at the page's fraction of the list, and the rows from that key onwards are read with a small
 * OFFSET (within one histogram bucket, ~1% of the table). The place is an estimate, like the total beside it ("of
 * about N"); the pager's links from that page are exact keyset steps again. null (no statistics, a range narrower than
 * one bucket): the caller reads by OFFSET.
 *
 * `start` is the fraction of the list before the page's first row and `span` the page's share, in the list's order.
 */
function pageAnchor(
  row: AnchorStats | undefined,
  keyType: "date" | "text" | "numeric",
  ascending: boolean,
  start: number,
  span: number,
  total: number
): { bound: NonNullable<PageRead["bound"]>; reversed: boolean; offset: number } | null {
  if (!row || row.lo === null || row.f_hi === null) return null;
  const low = Number(row.f_lo ?? 0);
  const width = Number(row.f_hi) - low;
  if (!(width > 0)) return null;
  // The fraction of the list, in ascending key order, before the first row to read (ascending).
  const ascStart = Math.min(1, Math.max(0, ascending ? start : 1 - start - span));
  const target = low + ascStart * width;
  let anchor = { v: row.lo, below: low };
  for (const point of row.points ?? []) {
    if (Number(point.below) <= target) anchor = { v: point.v, below: Number(point.below) };
    else break;
  }
  if (!KEY_FORMATS[keyType](anchor.v)) return null;
  const offset = Math.max(0, Math.round(((target - anchor.below) / width) * total));
  // (key, id) > (v, 0): every row from key v on, in ascending order, which is the reversed order of a descending list.
  return { bound: { dir: ascending ? "after" : "before", id: 0, value: anchor.v }, reversed: !ascending, offset };
}

/**
 * A typed page under an estimated total that starts further in than this is placed by pageAnchor; nearer, an OFFSET
 * (a few ms on a dense index, but up to ~25 ms on Payment Available's sparse one at the cap).
 */
const ANCHOR_MIN_OFFSET = 2_500;

function liveOffer(row: RawRow): LivePurchaserOffer | null {
  if (!row.po_status || row.po_crr === null) return null;
  return {
    offerStatus: row.po_status,
    cashpool: cents(row.po_cashpool_c) ?? 0,
    pendingCashpool: cents(row.po_pending_c) ?? 0,
    crrBp: percentToBasisPoints(row.po_crr),
  };
}

function openOffer(row: RawRow): OpenSupplierOffer | null {
  return row.so_status ? { offerStatus: row.so_status, cashReward: cents(row.so_cash_reward_c) ?? 0 } : null;
}

function baseRow(row: RawRow): Omit<ListRowBase, "status"> {
  const offersEnabled = row.offers_enabled ?? false;
  return {
    id: row.id,
    number: row.invoice_number,
    companyName: row.company_name,
    companyId: row.company_id,
    companyStatus: row.company_status,
    // "Offers disabled" only when the purchaser turned them off; without a relationship row the rules still see
    // offers as off (nothing can be offered), but the company is not shown as disabled.
    companyDisplay: companyDisplayState(
      { status: row.company_status, verificationStatus: row.company_verification_status },
      { isPurchaserOffersEnabled: row.offers_enabled ?? true }
    ),
    offersEnabled,
    dueDate: row.due_date,
    amountDue: cents(row.amount_due_c) ?? 0,
    contactEmail: row.contact_email,
    supplierOffer: row.so_status ? { status: row.so_status, amount: cents(row.so_cash_reward_c) ?? 0, expirationDate: row.so_expiration_date ?? "" } : null,
  };
}

/** The supplier's invoices (issued_by = the actor's company). */
export async function listInvoices(actor: ListActor, query: ListQuery): Promise<InvoiceListResult> {
  const ctx = await companyContext(actor);
  // The page and the cards are independent: their queries run side by side on the pool.
  const monthStart = monthStartOf(ctx.today);
  const [{ rows, total, totalIsEstimate, pageCursors, page, hasAnyRecords }, analytics] = await Promise.all([
    pageOf("INVOICE", ctx.companyId, { ...query, tab: null }, ctx.today, ctx.config, query),
    invoiceAnalytics(ctx.companyId, { fromDate: monthStart, today: ctx.today, country: ctx.country }),
  ]);
  const shaped = rows.map((row): InvoiceListRow => {
    const result = invoiceRowStatus({
      invoice: {
        invoiceStatus: row.invoice_status,
        dueDate: row.due_date,
        discountedTotal: cents(row.amount_due_c) ?? 0,
        includeInPurchaserOffer: row.include_in_purchaser_offer,
        sentToSupplier: row.sent_to_supplier,
      },
      today: ctx.today,
      customer: { status: row.company_status, isPurchaserOffersEnabled: row.offers_enabled ?? false },
      supplierOffer: openOffer(row),
      purchaserOffer: liveOffer(row),
      config: ctx.config,
    });
    return {
      ...baseRow(row),
      status: {
        label: result.label,
        reason: result.label === "Expired" ? "Due date is today or has passed" : null,
        action: result.action,
        statusCode: result.statusCode,
      },
      maxFee: result.maxFee,
    };
  });

  return {
    rows: shaped,
    total,
    totalIsEstimate,
    pageCursors,
    page,
    size: query.size,
    hasAnyRecords,
    today: ctx.today,
    locale: ctx.locale,
    cards: {
      activeRequests: {
        count: analytics.activeRequestsCount,
        maxServiceFee: analytics.maxServiceFeesRequested,
        amountRequested: analytics.totalAmountRequested,
      },
      receivedThisMonth: { count: analytics.receivedCount, serviceFees: analytics.maxServiceFeesReceived, amountPaid: analytics.totalAmountPaid },
    },
  };
}

/** The purchaser's bills (issued_for = the actor's company): the Bills tab. */
export async function listBills(actor: ListActor, query: ListQuery): Promise<BillListResult> {
  const ctx = await companyContext(actor);
  // The page and the cards are independent: their queries run side by side on the pool.
  const [{ rows, total, totalIsEstimate, pageCursors, page, hasAnyRecords }, cards] = await Promise.all([
    pageOf("BILL", ctx.companyId, query, ctx.today, ctx.config, query),
    billCards(ctx.companyId, ctx.today, ctx.country),
  ]);
  const shaped = rows.map((row): BillListRow => {
    const result = billRowStatus({
      bill: {
        billStatus: row.bill_status,
        dueDate: row.due_date,
        discountedTotal: cents(row.amount_due_c) ?? 0,
        includeInPurchaserOffer: row.include_in_purchaser_offer,
        sentToSupplier: row.sent_to_supplier,
        contactEmail: row.contact_email,
      },
      today: ctx.today,
      supplier: { isPurchaserOffersEnabled: row.offers_enabled ?? false, status: row.company_status, invitedByUs: row.invited_by_us },
      supplierOffer: openOffer(row),
      purchaserOffer: liveOffer(row),
      config: ctx.config,
      locale: ctx.locale,
    });
    const paidCashback = result.statusCode === "PAID" ? cents(row.cash_reward_c) : null;
    return {
      ...baseRow(row),
      status: { label: result.label, reason: result.reason, action: result.action, statusCode: result.statusCode },
      cashback: result.cashback ?? (paidCashback && paidCashback > 0 ? paidCashback : null),
      ripeBillDocumentId: row.ripe_bill_document_id,
    };
  });

  return {
    rows: shaped,
    total,
    totalIsEstimate,
    pageCursors,
    page,
    size: query.size,
    hasAnyRecords,
    today: ctx.today,
    locale: ctx.locale,
    cards,
  };
}

async function billCards(companyId: number, today: string, country: Country): Promise<BillListResult["cards"]> {
  const monthStart = monthStartOf(today);
  const offerQuery = sequelize.query<{ offer_status: PurchaserOfferStatus; cashpool_c: string; pending_c: string; crr: string }>(
    `SELECT offer_status, (cashpool * 100)::bigint AS cashpool_c, (pending_cashpool * 100)::bigint AS pending_c, crr::text AS crr
     FROM purchaser_offers WHERE created_by_company = :companyId AND offer_status <> 'CANCELLED' LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { companyId } }
  );
  const [[offer], cashback] = await Promise.all([offerQuery, billAnalytics(companyId, { fromDate: monthStart, today, country })]);
  return {
    cashReserve: offer
      ? { offerStatus: offer.offer_status, cashpool: Number(offer.cashpool_c), pendingCashpool: Number(offer.pending_c), crr: offer.crr }
      : null,
    cashbackThisMonth: { count: cashback.paidEarlyCount, cashback: cashback.cashbackReceived },
  };
}

/** The Bills page's summary cards alone (the Suppliers tab shows them without the bill rows). */
export async function billsSummaryCards(actor: ListActor): Promise<{ cards: BillListResult["cards"]; locale: Locale }> {
  const ctx = await companyContext(actor);
  return { cards: await billCards(ctx.companyId, ctx.today, ctx.country), locale: ctx.locale };
}
