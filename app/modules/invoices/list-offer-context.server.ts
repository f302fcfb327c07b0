/**
 * The offer tabs' context for the lists' WHERE clause (list-where.ts OfferContext): one small query before the list's.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Cents } from "../../lib/money";
import type { OfferConfig } from "../offers/rules";
import { offerRangeBounds } from "./list-bounds.rules";
import type { OfferContext, Side } from "./list-where";

/**
 * The offer tabs' context, one small query. Bills: the company's own live (not CANCELLED) offer, the `po` every bill
 * of ours joins. Invoices: the ACTIVE or VIRTUAL offers of the customers that enable offers for us (`payable`, one row
 * per customer: a company has at most one live offer), and the loosest bounds over them (the smallest crr and the
 * largest cash pool; each row is still checked against its own customer's offer).
 */
export async function offerContext(side: Side, companyId: number, status: string | null, today: string, config: OfferConfig): Promise<OfferContext> {
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
