/**
 * What the Suppliers tab and the supplier bills page share: the purchaser's context (country, today, locale, offer
 * configuration) and the bills of the actor's company with their offer context, in one query with the same joins as
 * the bills list (invoices/list.server.ts): the purchaser's counterparty row for the supplier, the supplier company,
 * the purchaser's live offer and the open supplier offer holding the bill. Statuses come from the invoices rules
 * (billRowStatus), never from SQL, so the page and the lists cannot disagree.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import type { Country } from "../../lib/dates";
import { AppError, forbidden } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { offerConfigFrom, percentToBasisPoints, type OfferConfig } from "../offers/rules";
import { contactEmailColumn } from "../invoices/contact-email";
import { findCompanyContext } from "../companies/service.server";
import {
  billRowStatus,
  type BillRow,
  type CompanyStatus,
  type CompanyVerificationStatus,
  type Locale,
  type PurchaserOfferStatus,
  type SupplierOfferStatus,
} from "../invoices/rules";

export interface PayablesContext {
  companyId: number;
  country: Country;
  today: string;
  locale: Locale;
  config: OfferConfig;
}

/** `now` is for tests of month boundaries; "today" is the calendar day in the company's time zone (D1). */
export async function payablesContext(actor: Actor, now?: Date): Promise<PayablesContext> {
  if (actor.companyId === null) throw forbidden("Select a company first");
  const company = await findCompanyContext(actor.companyId, { now });
  if (!company) throw new AppError(404, "Company not found", { code: "NOT_FOUND" });
  return { companyId: company.id, country: company.country, today: company.today, locale: company.locale, config: offerConfigFrom(await getRuntimeConfig()) };
}

export interface RawBill {
  id: number;
  supplier_id: number;
  invoice_number: string;
  issue_date: string | null;
  due_date: string;
  amount_due_c: string;
  total_paid_c: string;
  bill_status: string | null;
  include_in_purchaser_offer: boolean;
  sent_to_supplier: boolean;
  contact_email: string | null;
  cash_reward_c: string | null;
  paid_date: string | null;
  loaded_by: string;
  company_status: CompanyStatus;
  company_verification_status: CompanyVerificationStatus;
  offers_enabled: boolean | null;
  invited_by_us: boolean;
  po_status: PurchaserOfferStatus | null;
  po_cashpool_c: string | null;
  po_pending_c: string | null;
  po_crr: string | null;
  so_status: SupplierOfferStatus | null;
  so_cash_reward_c: string | null;
}

/** The bills of the actor's company (issued_for) matching `where` (SQL over alias i, with named replacements). */
export async function fetchBills(companyId: number, where: string, replacements: Record<string, unknown>): Promise<RawBill[]> {
  return sequelize.query<RawBill>(
    `SELECT i.id, i.issued_by AS supplier_id, i.invoice_number,
       to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
       (i.discounted_total * 100)::bigint AS amount_due_c, (i.total_paid * 100)::bigint AS total_paid_c,
       i.bill_status, i.include_in_purchaser_offer, i.sent_to_supplier, ${contactEmailColumn("BILL")} AS contact_email,
       (i.cash_reward * 100)::bigint AS cash_reward_c, to_char(i.paid_date, 'YYYY-MM-DD') AS paid_date, i.loaded_by,
       c.status AS company_status, c.verification_status AS company_verification_status,
       cp.is_purchaser_offers_enabled AS offers_enabled, (cp.invited_at IS NOT NULL) AS invited_by_us,
       po.offer_status AS po_status, (po.cashpool * 100)::bigint AS po_cashpool_c,
       (po.pending_cashpool * 100)::bigint AS po_pending_c, po.crr::text AS po_crr,
       so.offer_status AS so_status, (so.cash_reward * 100)::bigint AS so_cash_reward_c
     FROM invoices i
     JOIN companies c ON c.id = i.issued_by
     LEFT JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by
     LEFT JOIN purchaser_offers po ON po.created_by_company = i.issued_for AND po.offer_status <> 'CANCELLED'
     LEFT JOIN LATERAL (
       SELECT so.offer_status, so.cash_reward
       FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
       WHERE soi.invoice_id = i.id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')
       ORDER BY so.id DESC LIMIT 1
     ) so ON true
     WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND (${where})
     ORDER BY i.due_date ASC, i.id ASC`,
    { type: QueryTypes.SELECT, replacements: { ...replacements, companyId } }
  );
}

export const cents = (value: string | number | null): Cents => (value === null ? 0 : Number(value)) as Cents;

export const isPaidBill = (bill: Pick<RawBill, "bill_status">) => bill.bill_status === "PAID";

/** The bills-list status of a bill (p2 §4), from the rules. */
export function billStatusOf(bill: RawBill, ctx: PayablesContext): BillRow {
  return billRowStatus({
    bill: {
      billStatus: bill.bill_status,
      dueDate: bill.due_date,
      discountedTotal: cents(bill.amount_due_c),
      includeInPurchaserOffer: bill.include_in_purchaser_offer,
      sentToSupplier: bill.sent_to_supplier,
      contactEmail: bill.contact_email,
    },
    today: ctx.today,
    supplier: { isPurchaserOffersEnabled: bill.offers_enabled ?? false, status: bill.company_status, invitedByUs: bill.invited_by_us },
    supplierOffer: bill.so_status ? { offerStatus: bill.so_status, cashReward: cents(bill.so_cash_reward_c) } : null,
    purchaserOffer:
      bill.po_status && bill.po_crr !== null
        ? {
            offerStatus: bill.po_status,
            cashpool: cents(bill.po_cashpool_c),
            pendingCashpool: cents(bill.po_pending_c),
            crrBp: percentToBasisPoints(bill.po_crr),
          }
        : null,
    config: ctx.config,
    locale: ctx.locale,
  });
}
