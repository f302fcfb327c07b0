/**
 * Which bills a purchaser offer should include (issue 5 part 3): the suggested sets and "Include these bills".
 */
import { requireCompanyId } from "../companies/service.server";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import { audit } from "../audit/service.server";
import type { Actor } from "../../lib/actor";
import { todayIn } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { currencyOf, liveOffer, offerConfig, validationError } from "./purchaser-offer-records.server";
import { percentToBasisPoints, type BasisPoints, type OfferConfig } from "./rules";
import type { Selection } from "./selection";
import { cachedForVersion, computeSuggestionSets, suggestionVersion } from "./suggestion-cache.server";

interface CandidateRow {
  id: number;
  invoice_number: string;
  supplier_name: string;
  due_date: string;
  amount_c: string;
  included: boolean;
}

export interface SuggestedBill {
  id: number;
  invoiceNumber: string;
  supplierName: string;
  dueDate: string;
  amount: Cents;
  cashback: Cents;
}

export interface OfferSuggestions {
  /** The bills considered: unpaid, due after today, supplier offers enabled, no open supplier offer, within the caps. */
  candidates: number;
  capacity: Cents;
  largestTotal: Selection & { bills: SuggestedBill[] };
  maxCashback: Selection & { bills: SuggestedBill[] };
  /** Ids currently included (to tell whether a suggestion is already in place). */
  includedIds: number[];
}

/** Bills considered per suggestion; beyond this, the earliest due (the list's default order). */
const SUGGESTION_CANDIDATE_LIMIT = 2_000;

/**
 * Which bills to include (issue 5 part 3): the spec's knapsack (largest total within `capacity`, by default the
 * offer's cash pool plus what is pending) and the set earning the most cashback within it, each as if paid today.
 * Computed once per change of what they depend on and cached (suggestion-cache.server.ts, docs/decisions/029).
 */
export async function offerSuggestions(actor: Actor, options: { crrBp?: BasisPoints; capacity?: Cents } = {}): Promise<OfferSuggestions | null> {
  const companyId = requireCompanyId(actor);
  const offer = options.crrBp !== undefined && options.capacity !== undefined ? null : await liveOffer(companyId);
  const crrBp = options.crrBp ?? (offer ? percentToBasisPoints(String(offer.crr)) : null);
  const capacity = options.capacity ?? (offer ? offer.cashpool + offer.pendingCashpool : null);
  if (crrBp === null || capacity === null) return null;
  // The version first: whatever is read after it is at least as new (suggestion-cache.server.ts).
  const [version, config, { country }] = await Promise.all([suggestionVersion(companyId), offerConfig(), currencyOf(companyId)]);
  const today = todayIn(country);
  const key = JSON.stringify([companyId, version, today, crrBp, capacity, config]);
  return cachedForVersion("suggestions", key, () => computeOfferSuggestions(companyId, { today, crrBp, capacity, config }));
}

/**
 * The first SUGGESTION_CANDIDATE_LIMIT candidate bills, earliest due first, read in windows of the unpaid bills'
 * (issued_for, due_date, id) index (an index range of SUGGESTION_CANDIDATE_LIMIT entries each, in order) and filtered
 * by id, until enough are found or the bills run out: never every future bill of the company at once, whatever plan a
 * single filtered query would get (issue 13 part 22's guard, docs/decisions/029).
 */
async function candidateBills(companyId: number, today: string): Promise<CandidateRow[]> {
  const found: CandidateRow[] = [];
  let after: { due: string; id: number } | null = null;
  while (found.length < SUGGESTION_CANDIDATE_LIMIT) {
    const window: { id: number; due: string }[] = await sequelize.query<{ id: number; due: string }>(
      `SELECT i.id, to_char(i.due_date, 'YYYY-MM-DD') AS due FROM invoices i
       WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID' AND i.due_date > CAST(:today AS date)
         ${after ? "AND i.due_date >= CAST(:afterDue AS date) AND (i.due_date > CAST(:afterDue AS date) OR i.id > :afterId)" : ""}
       ORDER BY i.due_date ASC, i.id ASC
       LIMIT ${SUGGESTION_CANDIDATE_LIMIT}`,
      { type: QueryTypes.SELECT, replacements: { companyId, today, afterDue: after?.due ?? null, afterId: after?.id ?? null } }
    );
    if (window.length === 0) break;
    const rows = await sequelize.query<CandidateRow>(
      `SELECT i.id, i.invoice_number, c.company_name AS supplier_name, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
              (i.discounted_total * 100)::bigint AS amount_c, i.include_in_purchaser_offer AS included
       FROM invoices i
       JOIN companies c ON c.id = i.issued_by
       JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled
       WHERE i.id IN (:ids) AND i.issued_for = :companyId AND i.type = 'BILL' AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
         AND i.due_date > CAST(:today AS date) AND i.discounted_total > 0
         AND NOT EXISTS (SELECT 1 FROM supplier_offer_invoices soi WHERE soi.invoice_id = i.id AND soi.offer_status IN ('CLEARING','TOPUP_PENDING'))
         AND NOT EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status <> 'FAILED')
       ORDER BY i.due_date ASC, i.id ASC`,
      { type: QueryTypes.SELECT, replacements: { companyId, today, ids: window.map((row) => row.id) } }
    );
    found.push(...rows.slice(0, SUGGESTION_CANDIDATE_LIMIT - found.length));
    if (window.length < SUGGESTION_CANDIDATE_LIMIT) break;
    const last = window[window.length - 1];
    after = { due: last.due, id: last.id };
  }
  return found;
}

async function computeOfferSuggestions(
  companyId: number,
  { today, crrBp, capacity, config }: { today: string; crrBp: BasisPoints; capacity: Cents; config: OfferConfig }
): Promise<OfferSuggestions> {
  const rows = await candidateBills(companyId, today);
  const sets = await computeSuggestionSets({
    bills: rows.map((row) => ({ id: row.id, amount: Number(row.amount_c) as Cents, dueDate: row.due_date })),
    today,
    crrBp,
    capacity,
    config,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bills = new Map<number, SuggestedBill>();
  for (const { id, cashback } of sets.eligible) {
    const row = byId.get(id)!;
    bills.set(id, { id, invoiceNumber: row.invoice_number, supplierName: row.supplier_name, dueDate: row.due_date, amount: Number(row.amount_c) as Cents, cashback });
  }
  const withBills = (selection: Selection) => ({ ...selection, bills: selection.ids.map((id) => bills.get(id)!) });
  return {
    candidates: sets.eligible.length,
    capacity,
    largestTotal: withBills(sets.largestTotal),
    maxCashback: withBills(sets.maxCashback),
    includedIds: rows.filter((row) => row.included).map((row) => row.id),
  };
}

/**
 * "Include these bills": the offer covers exactly the chosen set: they are included, and the other included bills
 * excluded, in one transaction (the company's own unpaid bills, suppliers with offers enabled; a bill with a payment in
 * progress keeps its flag).
 */
export async function includeSuggestedBills(actor: Actor, invoiceIds: readonly number[]): Promise<{ included: number; excluded: number }> {
  const companyId = requireCompanyId(actor);
  const ids = [...new Set(invoiceIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) throw validationError("invoiceIds", "List of invoice ids needed");
  return sequelize.transaction(async (t) => {
    const inProgress = `NOT EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status IN ('PENDING','CLEARING','TOPUP_PENDING'))`;
    await sequelize.query(
      `SELECT i.id FROM invoices i WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND (i.id IN (:ids) OR i.include_in_purchaser_offer)
       ORDER BY i.id FOR UPDATE`,
      { type: QueryTypes.SELECT, replacements: { companyId, ids }, transaction: t }
    );
    const [, included] = await sequelize.query(
      `UPDATE invoices i SET include_in_purchaser_offer = true
       WHERE i.id IN (:ids) AND i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID' AND NOT i.include_in_purchaser_offer
         AND EXISTS (SELECT 1 FROM counterparties cp WHERE cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled)
         AND ${inProgress}`,
      { replacements: { ids, companyId }, transaction: t }
    );
    const [, excluded] = await sequelize.query(
      `UPDATE invoices i SET include_in_purchaser_offer = false
       WHERE i.issued_for = :companyId AND i.include_in_purchaser_offer AND i.id NOT IN (:ids) AND i.deleted_at IS NULL
         AND i.bill_status IS DISTINCT FROM 'PAID' AND ${inProgress}`,
      { replacements: { ids, companyId }, transaction: t }
    );
    const count = (result: unknown) => (typeof result === "number" ? result : (result as { rowCount?: number })?.rowCount ?? 0);
    await audit(actor, { companyId, action: "bill.use-suggestion", entityType: "invoice", entityId: null, details: { invoiceIds: ids } }, { transaction: t });
    return { included: count(included), excluded: count(excluded) };
  });
}
