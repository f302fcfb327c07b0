/**
 * The Suppliers tab of /bills: one payables summary per supplier of the actor's company (p2 §3 "Payables summary per
 * supplier", §4 summary statuses, §7 GET /payables-summaries).
 *
 * Reads bounded by the number of suppliers, never by the number of bills (issue 13 part 22, docs/decisions/029; it
 * fetched every bill and took 20-38 s at the benchmark's 500,000):
 * - the suppliers with a live bill or credit note, with their totals from payables_totals (kept by the database with
 *   every bill: live and unpaid counts, the amount payable, the part loaded from an accounting system, the unpaid bills
 *   not included in the offer), the counterparty setting and the unallocated credit;
 * - the unpaid bills held by an open supplier offer (few: the partial index of open offers), for Cashback Available
 *   and the savings they show;
 * - the bills of the Payment Offered tab grouped by supplier, with the cashback they show today (list.server.ts),
 *   computed once per change of the bills or the offer (cached under the offer suggestions' version).
 * The summary status is payablesSummaryStatus over those counts; the status filter, the match filter, the sort and the
 * page then apply to the computed rows (one per supplier).
 *
 * Readings:
 * - A summary covers all the supplier's live records (no period: the tab has no date range of its own).
 * - totalCashReward is the cashback the unpaid bills show today: cb on Payment Offered rows, the saving s on a
 *   prompt payment (SAVE s).
 * - The accounting balance (p2 §7 aged payables) is what the company's books owe the supplier, stored by sync in
 *   (accounting_payables_balances, docs/decisions/057; a supplier missing from the company's last report owes 0).
 *   A company with no report yet (not connected, or never synced) keeps the part of the unpaid bills loaded from an
 *   accounting system (a CSV export). A supplier matches within 1 currency unit (p2 §4, payablesMatch).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import type { Cents } from "../../lib/money";
import { escapeLike, offeredBillsBySupplier } from "../invoices/list.server";
import { companyDisplayState, payablesMatch, payablesSummaryStatus, type CompanyStatus, type CompanyVerificationStatus } from "../invoices/rules";
import { totalPages } from "../invoices/filters";
import { supplierOfferSavings } from "../offers/rules";
import { cachedForVersion, suggestionVersion } from "../offers/suggestion-cache.server";
import { cents, payablesContext } from "./bills.server";
import { parseSuppliersTabQuery, type SuppliersTabQuery } from "./query";
import type { PayablesSummary, SuppliersTabData } from "./types";

interface RawSupplier {
  id: number;
  company_name: string;
  status: CompanyStatus;
  verification_status: CompanyVerificationStatus;
  offers_enabled: boolean | null;
  contact_email: string | null;
  unallocated_c: string;
  /** From payables_totals: the unpaid bills, their amount payable, those not included; accounting_c: the books' balance. */
  unpaid_count: number | null;
  unpaid_c: string | null;
  accounting_c: string | null;
  excluded_count: number | null;
}

/** Every supplier of the actor's company with a live record, with the supplier-name search applied. */
export async function fetchSuppliers(companyId: number, options: { supplierId?: number; search?: string | null } = {}): Promise<RawSupplier[]> {
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = { companyId };
  if (options.supplierId !== undefined) {
    conditions.push("co.id = :supplierId");
    replacements.supplierId = options.supplierId;
  }
  if (options.search) {
    conditions.push("co.company_name ILIKE :search");
    replacements.search = `%${escapeLike(options.search)}%`;
  }
  return sequelize.query<RawSupplier>(
    `WITH suppliers AS (
       SELECT supplier_id AS id FROM payables_totals WHERE company_id = :companyId AND live_count > 0
       UNION
       SELECT issued_by FROM credit_notes WHERE issued_for = :companyId AND deleted_at IS NULL
     )
     SELECT co.id, co.company_name, co.status, co.verification_status,
       cp.is_purchaser_offers_enabled AS offers_enabled, cp.contact_email,
       (SELECT COALESCE(sum(cn.unallocated_total * 100), 0)::bigint FROM credit_notes cn
         WHERE cn.issued_for = :companyId AND cn.issued_by = co.id AND cn.deleted_at IS NULL) AS unallocated_c,
       t.unpaid_count, (t.unpaid_total * 100)::bigint AS unpaid_c,
       (CASE WHEN r.company_id IS NOT NULL THEN COALESCE(b.amount_due, 0) ELSE COALESCE(t.accounting_total, 0) END * 100)::bigint AS accounting_c,
       t.excluded_count
     FROM suppliers s
     JOIN companies co ON co.id = s.id
     LEFT JOIN counterparties cp ON cp.company_id = :companyId AND cp.counterparty_company_id = co.id
     LEFT JOIN payables_totals t ON t.company_id = :companyId AND t.supplier_id = co.id
     LEFT JOIN accounting_payables_reports r ON r.company_id = :companyId
     LEFT JOIN accounting_payables_balances b ON b.company_id = :companyId AND b.supplier_id = co.id
     ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
     ORDER BY co.id`,
    { type: QueryTypes.SELECT, replacements }
  );
}

/** The company's unpaid bills held by an open supplier offer (the newest one each), per supplier: how many, and the savings they show. */
async function openSupplierOffersBySupplier(companyId: number, savingsOf: (cashReward: Cents) => Cents): Promise<Map<number, { count: number; savings: Cents }>> {
  const rows = await sequelize.query<{ supplier_id: number; offer_status: string; cash_reward_c: string }>(
    `SELECT DISTINCT ON (i.id) i.issued_by AS supplier_id, so.offer_status, (so.cash_reward * 100)::bigint AS cash_reward_c
     FROM supplier_offer_invoices soi
     JOIN supplier_offers so ON so.id = soi.supplier_offer_id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')
     JOIN invoices i ON i.id = soi.invoice_id
     WHERE soi.offer_status IN ('CLEARING', 'TOPUP_PENDING')
       AND i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
     ORDER BY i.id, so.id DESC`,
    { type: QueryTypes.SELECT, replacements: { companyId } }
  );
  const bySupplier = new Map<number, { count: number; savings: Cents }>();
  for (const row of rows) {
    const entry = bySupplier.get(row.supplier_id) ?? { count: 0, savings: 0 as Cents };
    entry.count += 1;
    // A prompt payment waiting for a top-up shows "Topup Pending", no saving (the rules' row).
    if (row.offer_status === "CLEARING") entry.savings = (entry.savings + savingsOf(cents(row.cash_reward_c))) as Cents;
    bySupplier.set(row.supplier_id, entry);
  }
  return bySupplier;
}

/**
 * The Payment Offered bills per supplier (offeredBillsBySupplier: a grouped read of that tab's index range), computed
 * once per change of the bills or the offer: cached under the offer suggestions' version (the same inputs) with
 * today, the offer and the configuration in the key (docs/decisions/029).
 */
async function offeredBySupplier(companyId: number, today: string, config: Parameters<typeof offeredBillsBySupplier>[2]) {
  const [version, offers] = await Promise.all([
    suggestionVersion(companyId),
    sequelize.query<{ offer_status: string; crr: string; cashpool: string }>(
      `SELECT offer_status, crr::text AS crr, cashpool::text AS cashpool FROM purchaser_offers WHERE created_by_company = :companyId AND offer_status <> 'CANCELLED'`,
      { type: QueryTypes.SELECT, replacements: { companyId } }
    ),
  ]);
  const key = JSON.stringify([companyId, version, today, offers, config]);
  return cachedForVersion("offered", key, () => offeredBillsBySupplier(companyId, today, config));
}

function compare(a: PayablesSummary, b: PayablesSummary, field: SuppliersTabQuery["sort"]["field"]): number {
  if (field === "supplierName") return a.supplierName.localeCompare(b.supplierName, "en", { sensitivity: "base" });
  return a[field] - b[field];
}

/** The payables summaries of the actor's company, filtered, sorted and paged (the whole list, before paging, is small: one row per supplier). */
export async function listPayablesSummaries(actor: Actor, query: SuppliersTabQuery): Promise<Omit<SuppliersTabData, "query">> {
  const ctx = await payablesContext(actor);
  const [suppliers, openOffers, offered] = await Promise.all([
    fetchSuppliers(ctx.companyId, { search: query.supplier }),
    openSupplierOffersBySupplier(ctx.companyId, (cashReward) => supplierOfferSavings(cashReward, ctx.config)),
    offeredBySupplier(ctx.companyId, ctx.today, ctx.config),
  ]);

  const summaries = suppliers.map((supplier): PayablesSummary => {
    const offersEnabled = supplier.offers_enabled ?? false;
    const totalAmountPayable = cents(supplier.unpaid_c);
    const open = openOffers.get(supplier.id) ?? { count: 0, savings: 0 };
    const paymentOffered = offered.get(supplier.id) ?? { count: 0, cashback: 0 };
    const unallocated = cents(supplier.unallocated_c);
    const summary = payablesSummaryStatus({
      unpaid: supplier.unpaid_count ?? 0,
      excluded: supplier.excluded_count ?? 0,
      cashbackAvailable: open.count,
      paymentOffered: paymentOffered.count,
      totalAmountPayable,
      unallocatedCreditNoteBalance: unallocated,
      isPurchaserOffersEnabled: offersEnabled,
      companyOwedStatus: supplier.status,
    });
    return {
      supplierId: supplier.id,
      supplierName: supplier.company_name,
      status: summary.status,
      statusDisplay: summary.display,
      statusLabel: summary.label,
      action: summary.action,
      totalAmountPayable,
      unallocatedCreditNoteBalance: unallocated,
      totalCashReward: (open.savings + paymentOffered.cashback) as Cents,
      isPurchaserOffersEnabled: offersEnabled,
      companyOwedStatus: supplier.status,
      companyOwedEmail: supplier.contact_email,
      // As on the bills list: "Offers disabled" only when the purchaser turned them off.
      companyDisplay: companyDisplayState(
        { status: supplier.status, verificationStatus: supplier.verification_status },
        { isPurchaserOffersEnabled: supplier.offers_enabled ?? true }
      ),
      isMatchedPayablesValue: payablesMatch(totalAmountPayable, cents(supplier.accounting_c)),
    };
  });

  const filtered = summaries.filter(
    (row) =>
      (query.status === null || row.status === query.status) &&
      (query.isMatchedPayablesValue === null || row.isMatchedPayablesValue === query.isMatchedPayablesValue)
  );
  const sign = query.sort.direction === "desc" ? -1 : 1;
  filtered.sort((a, b) => sign * compare(a, b, query.sort.field) || a.supplierId - b.supplierId);
  const total = filtered.length;
  const page = Math.min(query.page, Math.max(1, totalPages(total, query.size)));
  return { rows: filtered.slice((page - 1) * query.size, page * query.size), total, page, locale: ctx.locale };
}

/** The /bills loader's entry: the tab's URL state and its rows. */
export async function loadSuppliersTab(actor: Actor, params: URLSearchParams): Promise<SuppliersTabData> {
  const { query } = parseSuppliersTabQuery(params);
  return { query, ...(await listPayablesSummaries(actor, query)) };
}
