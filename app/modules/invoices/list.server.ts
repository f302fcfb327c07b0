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
 * The parts, one responsibility each: this file holds the services (listInvoices, listBills, offeredBillsBySupplier) and
 * shapes the rows; list-where.ts writes the WHERE clause (the tabs below, the filters) with where-builder.ts;
 * list-offer-context.server.ts reads what the offer tabs need first; list-paging.server.ts counts and reads the page;
 * list-bounds.rules.ts holds the pure bounds math (offer range bounds, the page anchor), proven by property tests.
 *
 * D2 eligibility in SQL is the offers module's integer formula, exactly (cents, basis points, half-up rounding via
 * div(2n + d, 2d)), so the tab and the row's status never disagree: T ≤ cash pool, fee ≤ MAX_FEE_PERCENT of T,
 * cashback ≤ MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100 of T, fee ≥ MIN_PURCHASER_OFFER_FEE.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import { billAnalytics, invoiceAnalytics, monthStartOf } from "../analytics/service.server";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import type { Country } from "../../lib/dates";
import { companyContext } from "../companies/service.server";
import type { Cents } from "../../lib/money";
import { offerConfigFrom, percentToBasisPoints, type OfferConfig } from "../offers/rules";
import { EXACT_COUNT_CAP } from "./count.server";
import { defaultListQuery, type ListQuery, type PageCursor } from "./filters";
import { offerContext } from "./list-offer-context.server";
import { pageOf, type RawRow } from "./list-paging.server";
import { buildWhere, escapeLike } from "./list-where";
import { mayFetchRecords } from "../integrations/sync/gating.server";
import {
  billRowStatus,
  companyDisplayState,
  invoiceRowStatus,
  type CompanyDisplayState,
  type CompanyStatus,
  type LivePurchaserOffer,
  type Locale,
  type OpenSupplierOffer,
  type PurchaserOfferStatus,
  type SupplierOfferStatus,
} from "./rules";

export type ListActor = Actor & { companyId: number };

export interface ListRowStatus {
  /** Which label table (lib/status-labels) and the row's display state in it. */
  kind: "billRow" | "invoiceRow";
  display: string;
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
  /** Authorised from a bill document without a person (D6, issue 16): shown as "Auto Processed". */
  autoProcessed: boolean;
  /** Authorised from a bill document (by matching or a person): the row links to it at /bills/r/{invoiceId}. */
  fromDocument: boolean;
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

export { EXACT_COUNT_CAP };
export { escapeLike };

const cents = (value: string | number | null): Cents | null => (value === null ? null : (Number(value) as Cents));

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

async function listContext(actor: ListActor) {
  const [company, runtime, mayFetch] = await Promise.all([
    companyContext(actor, { message: "A company is required" }),
    getRuntimeConfig(),
    mayFetchRecords(actor.companyId),
  ]);
  return { companyId: company.id, country: company.country, today: company.today, locale: company.locale, config: offerConfigFrom(runtime), mayFetch };
}

/** p1 §4 fetch gating: nothing is fetched for a company that is neither connected nor PENDING, ACTIVE or INVITED. */
function gatedPage(ctx: Awaited<ReturnType<typeof listContext>>, query: ListQuery): ListPage<never> {
  return { rows: [], total: 0, totalIsEstimate: false, pageCursors: { previous: null, next: null }, page: 1, size: query.size, hasAnyRecords: false, today: ctx.today, locale: ctx.locale };
}

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
  const ctx = await listContext(actor);
  if (!ctx.mayFetch) {
    const none = { count: 0, maxServiceFee: 0 as Cents, amountRequested: 0 as Cents };
    return { ...gatedPage(ctx, query), cards: { activeRequests: none, receivedThisMonth: { count: 0, serviceFees: 0 as Cents, amountPaid: 0 as Cents } } };
  }
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
        kind: "invoiceRow",
        display: result.display,
        label: result.label,
        reason: result.display === "EXPIRED" ? "Due date is today or has passed" : null,
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
  const ctx = await listContext(actor);
  if (!ctx.mayFetch) return { ...gatedPage(ctx, query), cards: { cashReserve: null, cashbackThisMonth: { count: 0, cashback: 0 as Cents } } };
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
      status: { kind: "billRow", display: result.display, label: result.label, reason: result.reason, action: result.action, statusCode: result.statusCode },
      cashback: result.cashback ?? (paidCashback && paidCashback > 0 ? paidCashback : null),
      ripeBillDocumentId: row.ripe_bill_document_id,
      autoProcessed: row.auto_processed === true,
      // auto_processed is NOT NULL on a document: the PK subquery answers null only when there is none.
      fromDocument: row.ripe_bill_document_id !== null && row.auto_processed !== null,
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
