/**
 * The Suppliers tab of /bills: one payables summary per supplier of the actor's company (p2 §3 "Payables summary per
 * supplier", §4 summary statuses, §7 GET /payables-summaries).
 *
 * Two queries, both scoped by issued_for = the actor's company: the suppliers with any live bill or credit note (with
 * their company, the counterparty setting and the unallocated credit balance), and the unpaid bills with their offer
 * context. Each bill gets its status from the rules (billRowStatus) and each supplier its summary status from
 * payablesSummaryStatus; the status filter, the match filter, the sort and the page then apply to those computed
 * values. No per-supplier queries.
 *
 * Readings:
 * - A summary covers all the supplier's live records (no period: the tab has no date range of its own).
 * - totalCashReward is the cashback the unpaid bills show today: cb on Payment Offered rows, the saving s on a
 *   prompt payment (SAVE s).
 * - The accounting system's payables (p2 §7 Xero aged payables) are not fetched yet; until they are, the
 *   accounting balance is the part of the unpaid bills that was loaded from an accounting system (XERO, MYOB), so
 *   a supplier matches when Earlybird holds no bill the accounting system does not know of (within 1 unit).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { escapeLike } from "../invoices/list.server";
import { companyDisplayState, payablesMatch, payablesSummaryStatus, type CompanyStatus, type CompanyVerificationStatus } from "../invoices/rules";
import { totalPages } from "../invoices/filters";
import { billStatusOf, cents, fetchBills, payablesContext } from "./bills.server";
import { parseSuppliersTabQuery, type SuppliersTabQuery } from "./query";
import type { PayablesSummary, SuppliersTabData } from "./types";

const ACCOUNTING_SOURCES = new Set(["XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"]);

interface RawSupplier {
  id: number;
  company_name: string;
  status: CompanyStatus;
  verification_status: CompanyVerificationStatus;
  offers_enabled: boolean | null;
  contact_email: string | null;
  unallocated_c: string;
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
       SELECT issued_by AS id FROM invoices WHERE issued_for = :companyId AND deleted_at IS NULL
       UNION
       SELECT issued_by FROM credit_notes WHERE issued_for = :companyId AND deleted_at IS NULL
     )
     SELECT co.id, co.company_name, co.status, co.verification_status,
       cp.is_purchaser_offers_enabled AS offers_enabled, cp.contact_email,
       (SELECT COALESCE(sum(cn.unallocated_total * 100), 0)::bigint FROM credit_notes cn
         WHERE cn.issued_for = :companyId AND cn.issued_by = co.id AND cn.deleted_at IS NULL) AS unallocated_c
     FROM suppliers s
     JOIN companies co ON co.id = s.id
     LEFT JOIN counterparties cp ON cp.company_id = :companyId AND cp.counterparty_company_id = co.id
     ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
     ORDER BY co.id`,
    { type: QueryTypes.SELECT, replacements }
  );
}

function compare(a: PayablesSummary, b: PayablesSummary, field: SuppliersTabQuery["sort"]["field"]): number {
  if (field === "supplierName") return a.supplierName.localeCompare(b.supplierName, "en", { sensitivity: "base" });
  return a[field] - b[field];
}

/** The payables summaries of the actor's company, filtered, sorted and paged (the whole list, before paging, is small: one row per supplier). */
export async function listPayablesSummaries(actor: Actor, query: SuppliersTabQuery): Promise<Omit<SuppliersTabData, "query">> {
  const ctx = await payablesContext(actor);
  const suppliers = await fetchSuppliers(ctx.companyId, { search: query.supplier });
  const ids = suppliers.map((supplier) => supplier.id);
  const bills = ids.length
    ? await fetchBills(ctx.companyId, "i.issued_by IN (:supplierIds) AND i.bill_status IS DISTINCT FROM 'PAID'", { supplierIds: ids })
    : [];

  const billsBySupplier = new Map<number, typeof bills>();
  for (const bill of bills) {
    const list = billsBySupplier.get(bill.supplier_id) ?? [];
    list.push(bill);
    billsBySupplier.set(bill.supplier_id, list);
  }

  const summaries = suppliers.map((supplier): PayablesSummary => {
    const unpaid = billsBySupplier.get(supplier.id) ?? [];
    const offersEnabled = supplier.offers_enabled ?? false;
    let totalAmountPayable = 0;
    let totalCashReward = 0;
    let accountingPayable = 0;
    const statuses = unpaid.map((bill) => {
      const row = billStatusOf(bill, ctx);
      const amount = cents(bill.amount_due_c);
      totalAmountPayable += amount;
      totalCashReward += row.cashback ?? 0;
      if (ACCOUNTING_SOURCES.has(bill.loaded_by)) accountingPayable += amount;
      return { statusCode: row.statusCode, includeInPurchaserOffer: bill.include_in_purchaser_offer };
    });
    const unallocated = cents(supplier.unallocated_c);
    const summary = payablesSummaryStatus({
      bills: statuses,
      totalAmountPayable,
      unallocatedCreditNoteBalance: unallocated,
      isPurchaserOffersEnabled: offersEnabled,
      companyOwedStatus: supplier.status,
    });
    return {
      supplierId: supplier.id,
      supplierName: supplier.company_name,
      status: summary.status,
      statusLabel: summary.label,
      action: summary.action,
      totalAmountPayable,
      unallocatedCreditNoteBalance: unallocated,
      totalCashReward,
      invoiceIds: unpaid.map((bill) => bill.id),
      isPurchaserOffersEnabled: offersEnabled,
      companyOwedStatus: supplier.status,
      companyOwedEmail: supplier.contact_email,
      // As on the bills list: "Offers disabled" only when the purchaser turned them off.
      companyDisplay: companyDisplayState(
        { status: supplier.status, verificationStatus: supplier.verification_status },
        { isPurchaserOffersEnabled: supplier.offers_enabled ?? true }
      ),
      isMatchedPayablesValue: payablesMatch(totalAmountPayable, accountingPayable),
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
