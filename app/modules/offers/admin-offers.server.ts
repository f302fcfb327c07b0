/**
 * The admin's view of offers (spec p3 §2.3 /live-offers, §2.4 Offers tab, §7.2 "GET invoices with query type INVOICE,
 * companyId, size 1000 (admin offers view); GET available purchaser offers by company"; docs/decisions/062):
 * - companyOffers: one company's live purchaser offer and its open supplier offers (prompt payment requests);
 * - companyInvoices: the company's invoices (issued by it) and bills (issued to it), a page at a time;
 * - listLiveOffers: every live purchaser offer with its cash pool, rate, eligible bills and pending executions.
 * Admins only (404 to anyone else, as the admin pages answer); every company read is scoped by the id the URL names.
 */
import { LIST_PAGE_SIZES } from "../../lib/list-page";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { LOCALES, type Country } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { requireAdmin } from "../companies/service.server";
import { companyForAdmin } from "../companies/admin-company.server";
import { basisPointsToPercent, percentToBasisPoints } from "./rules";

type Locale = "en-NZ" | "en-AU";

/** The live purchaser offer statuses (D3): everything but CANCELLED. */
const LIVE_PURCHASER_STATUSES = ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING"] as const;
/** An open supplier offer (D3): the purchaser may still Pay Now, or a top-up for it is under way. */
const OPEN_SUPPLIER_STATUSES = ["CLEARING", "TOPUP_PENDING"] as const;
/** Acceptances not yet paid: a VIRTUAL offer's PENDING results wait for funds, the others are in flight. */
const UNPAID_RESULT_STATUSES = ["PENDING", "CLEARING", "TOPUP_PENDING"] as const;

export interface AdminPurchaserOffer {
  id: number;
  offerStatus: string;
  cashpool: Cents;
  pendingCashpool: Cents;
  /** "8.00" (% per year). */
  crr: string;
  /** The background check's last count of eligible bills and their total (null until it has run). */
  eligibleCount: number | null;
  eligibleTotal: Cents | null;
  checkedAt: string | null;
  /** Acceptances not yet paid (results PENDING, CLEARING or TOPUP_PENDING) and executions still queued or running. */
  pendingExecutions: number;
  pendingAmount: Cents;
  createdAt: string;
}

export interface AdminSupplierOffer {
  id: number;
  offerStatus: string;
  cashReward: Cents;
  expirationDate: string;
  purchaserName: string | null;
  invoiceNumbers: string[];
  createdAt: string;
}

export interface CompanyOffers {
  companyId: number;
  companyName: string;
  locale: Locale;
  purchaserOffer: AdminPurchaserOffer | null;
  supplierOffers: AdminSupplierOffer[];
}

interface PurchaserOfferRow {
  id: number;
  company_id: number;
  company_name: string;
  country: Country;
  offer_status: string;
  cashpool_c: string;
  pending_cashpool_c: string;
  crr: string;
  eligible_count: number | null;
  eligible_total_c: string | null;
  checked_at: Date | null;
  pending_results: string;
  pending_amount_c: string;
  running_executions: string;
  created_at: Date;
}

const PURCHASER_OFFER_SELECT = `
  SELECT o.id, c.id AS company_id, c.company_name, c.country, o.offer_status,
         (o.cashpool * 100)::bigint AS cashpool_c, (o.pending_cashpool * 100)::bigint AS pending_cashpool_c, o.crr::text AS crr,
         o.eligible_count, (o.eligible_total * 100)::bigint AS eligible_total_c, o.eligibility_checked_at AS checked_at,
         (SELECT count(*) FROM offer_execution_results r WHERE r.purchaser_offer_id = o.id AND r.status IN (:unpaid)) AS pending_results,
         (SELECT coalesce(sum(r.amount), 0) * 100 FROM offer_execution_results r WHERE r.purchaser_offer_id = o.id AND r.status IN (:unpaid))::bigint
           AS pending_amount_c,
         (SELECT count(*) FROM offer_executions x WHERE x.purchaser_offer_id = o.id AND x.status IN ('QUEUED', 'RUNNING')) AS running_executions,
         o.created_at
    FROM purchaser_offers o
    JOIN companies c ON c.id = o.created_by_company
   WHERE o.offer_status IN (:live)`;

function purchaserOfferOf(row: PurchaserOfferRow): AdminPurchaserOffer {
  return {
    id: row.id,
    offerStatus: row.offer_status,
    cashpool: Number(row.cashpool_c) as Cents,
    pendingCashpool: Number(row.pending_cashpool_c) as Cents,
    crr: basisPointsToPercent(percentToBasisPoints(row.crr)),
    eligibleCount: row.checked_at ? row.eligible_count : null,
    eligibleTotal: row.checked_at && row.eligible_total_c !== null ? (Number(row.eligible_total_c) as Cents) : null,
    checkedAt: row.checked_at ? new Date(row.checked_at).toISOString() : null,
    pendingExecutions: Number(row.pending_results) + Number(row.running_executions),
    pendingAmount: Number(row.pending_amount_c) as Cents,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const REPLACEMENTS = { live: [...LIVE_PURCHASER_STATUSES], unpaid: [...UNPAID_RESULT_STATUSES] };


/** The Offers tab's offers (p3 §2.4): the company's live purchaser offer and its open prompt payment requests. */
export async function companyOffers(actor: Actor, companyId: number): Promise<CompanyOffers> {
  const company = await companyForAdmin(actor, companyId);
  const [purchaser] = await sequelize.query<PurchaserOfferRow>(`${PURCHASER_OFFER_SELECT} AND o.created_by_company = :companyId`, {
    type: QueryTypes.SELECT,
    replacements: { ...REPLACEMENTS, companyId },
  });
  const supplier = await sequelize.query<{
    id: number;
    offer_status: string;
    cash_reward_c: string;
    expiration_date: string;
    purchaser_name: string | null;
    invoice_numbers: string[] | null;
    created_at: Date;
  }>(
    `SELECT s.id, s.offer_status, (s.cash_reward * 100)::bigint AS cash_reward_c, s.expiration_date::text AS expiration_date,
            min(i.issued_for_company_name) AS purchaser_name,
            array_agg(i.invoice_number ORDER BY i.invoice_number) FILTER (WHERE i.id IS NOT NULL) AS invoice_numbers, s.created_at
       FROM supplier_offers s
       LEFT JOIN supplier_offer_invoices soi ON soi.supplier_offer_id = s.id
       LEFT JOIN invoices i ON i.id = soi.invoice_id AND i.issued_by = s.created_by_company
      WHERE s.created_by_company = :companyId AND s.offer_status IN (:open)
      GROUP BY s.id
      ORDER BY s.expiration_date, s.id`,
    { type: QueryTypes.SELECT, replacements: { companyId, open: [...OPEN_SUPPLIER_STATUSES] } }
  );
  return {
    companyId: company.id,
    companyName: company.name,
    locale: company.locale,
    purchaserOffer: purchaser ? purchaserOfferOf(purchaser) : null,
    supplierOffers: supplier.map((row) => ({
      id: row.id,
      offerStatus: row.offer_status,
      cashReward: Number(row.cash_reward_c) as Cents,
      expirationDate: row.expiration_date,
      purchaserName: row.purchaser_name,
      invoiceNumbers: row.invoice_numbers ?? [],
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

export interface AdminInvoiceRow {
  id: number;
  /** INVOICE: the company issued it (it is the supplier); BILL: issued to it (it is the purchaser). */
  type: "INVOICE" | "BILL";
  invoiceNumber: string;
  /** The other party. */
  counterpartyName: string;
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  status: string | null;
  includedInPurchaserOffer: boolean;
}

export interface CompanyInvoicePage {
  locale: Locale;
  rows: AdminInvoiceRow[];
  total: number;
  page: number;
  size: number;
}

export const ADMIN_INVOICES_PAGE_SIZE = 25;

/**
 * The Offers tab's invoices (p3 §2.4, §7.2): the company's own invoices and its bills, not deleted, latest due first,
 * 25 a page (a page past the end shows the last one).
 */
export async function companyInvoices(actor: Actor, companyId: number, query: { page: number; size?: number | null }): Promise<CompanyInvoicePage> {
  const company = await companyForAdmin(actor, companyId);
  const where = `i.deleted_at IS NULL AND ((i.type = 'INVOICE' AND i.issued_by = :companyId) OR (i.type = 'BILL' AND i.issued_for = :companyId))`;
  const [{ count }] = await sequelize.query<{ count: string }>(`SELECT count(*) AS count FROM invoices i WHERE ${where}`, {
    type: QueryTypes.SELECT,
    replacements: { companyId },
  });
  const total = Number(count);
  const size = query.size && LIST_PAGE_SIZES.includes(query.size) ? query.size : ADMIN_INVOICES_PAGE_SIZE;
  const page = Math.max(1, Math.min(query.page, Math.max(1, Math.ceil(total / size))));
  const rows = await sequelize.query<{
    id: number;
    type: "INVOICE" | "BILL";
    invoice_number: string;
    counterparty_name: string;
    issue_date: string | null;
    due_date: string;
    total_c: string;
    status: string | null;
    include_in_purchaser_offer: boolean;
  }>(
    `SELECT i.id, i.type, i.invoice_number,
            CASE WHEN i.type = 'INVOICE' THEN i.issued_for_company_name ELSE i.issued_by_company_name END AS counterparty_name,
            i.issue_date::text AS issue_date, i.due_date::text AS due_date, (i.total * 100)::bigint AS total_c,
            CASE WHEN i.type = 'INVOICE' THEN i.invoice_status ELSE i.bill_status END AS status, i.include_in_purchaser_offer
       FROM invoices i
      WHERE ${where}
      ORDER BY i.due_date DESC, i.id DESC
      LIMIT :limit OFFSET :offset`,
    { type: QueryTypes.SELECT, replacements: { companyId, limit: size, offset: (page - 1) * size } }
  );
  return {
    locale: company.locale,
    total,
    page,
    size,
    rows: rows.map((row) => ({
      id: row.id,
      type: row.type,
      invoiceNumber: row.invoice_number,
      counterpartyName: row.counterparty_name,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      total: Number(row.total_c) as Cents,
      status: row.status,
      includedInPurchaserOffer: row.include_in_purchaser_offer,
    })),
  };
}

export interface LiveOfferRow extends AdminPurchaserOffer {
  companyId: number;
  companyName: string;
  locale: Locale;
}

/** /live-offers (p3 §2.3): every live purchaser offer, largest cash pool first, each linked to its company. */
export async function listLiveOffers(actor: Actor): Promise<LiveOfferRow[]> {
  requireAdmin(actor);
  const rows = await sequelize.query<PurchaserOfferRow>(`${PURCHASER_OFFER_SELECT} ORDER BY o.cashpool DESC, o.id LIMIT 500`, {
    type: QueryTypes.SELECT,
    replacements: REPLACEMENTS,
  });
  return rows.map((row) => ({ ...purchaserOfferOf(row), companyId: row.company_id, companyName: row.company_name, locale: LOCALES[row.country] }));
}
