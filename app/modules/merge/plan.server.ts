/**
 * The merge plan (part 2 §3 "Merge plan details"): what a merge of counterparty `from` into `to` under the root
 * company would move, and what stays and why (decision 039). The facts about each document come from one place
 * (the SQL below); which facts keep a document back is rules.invalidReason, so the plan and every batch of the merge
 * decide alike.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, Counterparty } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, notFound } from "../../lib/errors";
import { requireAdmin } from "../companies/service.server";
import {
  INVALID_ITEMS_SHOWN,
  INVALID_REASON_TEXT,
  MERGE_MESSAGES,
  allocationGroups,
  checkMergeIds,
  countPlan,
  creditNoteKey,
  groupReasons,
  invalidReason,
  invoiceKey,
  type Allocation,
  type DocumentKey,
  type InvalidItem,
  type InvalidReason,
  type MergeDocumentKind,
  type MergePlanCounts,
} from "./rules";

/** The parties of a merge: root company R, the `from` relationship (with company F) and the `to` one (with T). */
export interface MergeScope {
  rootCompanyId: number;
  fromCounterpartyId: number;
  toCounterpartyId: number;
  fromCompanyId: number;
  toCompanyId: number;
  fromCompanyName: string;
  toCompanyName: string;
}

export interface MergePlan extends MergePlanCounts {
  /** rootCounterPartyEntityId, fromEntityId, toEntityId (p2 §3 "Merge request"). */
  rootCounterPartyEntityId: number;
  fromEntityId: number;
  toEntityId: number;
  fromCompanyName: string;
  toCompanyName: string;
  invalidItems: InvalidItem[];
}

const notFoundCounterparty = () => notFound(MERGE_MESSAGES.counterpartyNotFound);

/**
 * The scope of a merge, checked: an admin (anyone else 404, like every admin call), a company that exists, two
 * counterparties of that company (another company's counterparty id is 404), not the same one (422 on the field).
 */
export async function loadMergeScope(
  actor: Actor,
  input: { companyId: number; fromCounterpartyId: number; toCounterpartyId: number | null | undefined },
  options: { transaction?: Transaction } = {}
): Promise<MergeScope> {
  requireAdmin(actor);
  const from = await loadCounterparty(input.companyId, input.fromCounterpartyId, options.transaction);
  const problem = checkMergeIds({ fromCounterpartyId: input.fromCounterpartyId, toCounterpartyId: input.toCounterpartyId });
  if (problem) throw AppError.validation({ toCounterpartyId: problem });
  const to = await loadCounterparty(input.companyId, input.toCounterpartyId!, options.transaction);
  return {
    rootCompanyId: input.companyId,
    fromCounterpartyId: from.id,
    toCounterpartyId: to.id,
    fromCompanyId: from.counterpartyCompanyId,
    toCompanyId: to.counterpartyCompanyId,
    fromCompanyName: from.counterpartyCompany?.companyName ?? "",
    toCompanyName: to.counterpartyCompany?.companyName ?? "",
  };
}

async function loadCounterparty(companyId: number, counterpartyId: number, transaction?: Transaction): Promise<Counterparty> {
  if (!Number.isSafeInteger(counterpartyId) || counterpartyId < 1) throw notFoundCounterparty();
  const row = await Counterparty.findOne({
    where: { id: counterpartyId, companyId },
    include: [{ model: Company, as: "counterpartyCompany", attributes: ["id", "companyName"], required: true }],
    transaction,
  });
  if (!row) throw notFoundCounterparty();
  return row;
}

/** The admin's view of one counterparty of a company (the merge dialog's heading), or 404. */
export async function getMergeSource(actor: Actor, companyId: number, counterpartyId: number): Promise<{ id: number; companyId: number; companyName: string }> {
  requireAdmin(actor);
  const row = await loadCounterparty(companyId, counterpartyId);
  return { id: row.id, companyId: row.counterpartyCompanyId, companyName: row.counterpartyCompany?.companyName ?? "" };
}

/** Other counterparties of the company whose name contains `q`, for the Select Company step (by name, at most `limit`). */
export async function searchMergeTargets(
  actor: Actor,
  input: { companyId: number; fromCounterpartyId: number; q?: string | null; limit?: number }
): Promise<{ id: number; companyName: string; status: string }[]> {
  requireAdmin(actor);
  await loadCounterparty(input.companyId, input.fromCounterpartyId);
  const q = (input.q ?? "").trim().replace(/\s+/g, " ");
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 10), 1), 50);
  return sequelize.query<{ id: number; companyName: string; status: string }>(
    `SELECT cp.id, c.company_name AS "companyName", c.status
       FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id
      WHERE cp.company_id = $companyId AND cp.id <> $fromId
        AND ($q = '' OR c.company_name ILIKE '%' || replace(replace(replace($q, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
      ORDER BY lower(c.company_name), cp.id
      LIMIT $limit`,
    { bind: { companyId: input.companyId, fromId: input.fromCounterpartyId, q, limit }, type: QueryTypes.SELECT }
  );
}

// ---- The facts SQL ------------------------------------------------------------------------------------------------

/** Bills (R buys from F) and invoices (R sells to F) of the root company with `from`, live ones. */
export const BILL_SCOPE = `i.type = 'BILL' AND i.deleted_at IS NULL AND i.issued_for = $root AND i.issued_by = $from`;
export const INVOICE_SCOPE = `i.type = 'INVOICE' AND i.deleted_at IS NULL AND i.issued_by = $root AND i.issued_for = $from`;
/** Credit notes between R and F, either way round. */
export const CREDIT_NOTE_SCOPE = `c.deleted_at IS NULL AND ((c.issued_for = $root AND c.issued_by = $from) OR (c.issued_by = $root AND c.issued_for = $from))`;

/** One row of facts per invoice `i` (decision 039); $to is the `to` company, for the number check. */
export const INVOICE_FACTS = `
  EXISTS (SELECT 1 FROM offer_execution_results r
           WHERE r.invoice_id = i.id
             AND (r.status = 'SUCCESS' OR r.ledger_transaction_id IS NOT NULL OR EXISTS (SELECT 1 FROM ledger_transactions lt WHERE lt.offer_execution_result_id = r.id))) AS "settledInLedger",
  EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status IN ('PENDING','CLEARING','TOPUP_PENDING')) AS "executionInFlight",
  EXISTS (SELECT 1 FROM supplier_offer_invoices s WHERE s.invoice_id = i.id AND s.offer_status IN ('CLEARING','TOPUP_PENDING')) AS "supplierOfferOpen",
  (i.include_in_purchaser_offer AND EXISTS (SELECT 1 FROM purchaser_offers p WHERE p.created_by_company = i.issued_for AND p.offer_status = 'CLEARING')) AS "purchaserOfferClearing",
  -- A scalar subquery (one index probe per row on invoices_bill_number_key), never a hash of all of T's bills.
  (i.type = 'BILL' AND COALESCE((SELECT true FROM invoices t WHERE t.type = 'BILL' AND t.deleted_at IS NULL AND t.issued_for = i.issued_for
                                   AND t.issued_by = $to AND t.invoice_number = i.invoice_number LIMIT 1), false)) AS "numberTaken",
  EXISTS (SELECT 1 FROM credit_note_allocations a WHERE a.invoice_id = i.id) AS "hasAllocation"`;

export const CREDIT_NOTE_FACTS = `
  false AS "settledInLedger", false AS "executionInFlight", false AS "supplierOfferOpen", false AS "purchaserOfferClearing",
  EXISTS (SELECT 1 FROM credit_notes t WHERE t.deleted_at IS NULL AND t.credit_number = c.credit_number
            AND ((c.issued_for = $root AND t.issued_for = $root AND t.issued_by = $to)
              OR (c.issued_by = $root AND t.issued_by = $root AND t.issued_for = $to))) AS "numberTaken",
  EXISTS (SELECT 1 FROM credit_note_allocations a WHERE a.credit_note_id = c.id) AS "hasAllocation"`;

export interface DocumentRow {
  id: number;
  number: string;
  kind: MergeDocumentKind;
  settledInLedger: boolean;
  executionInFlight: boolean;
  supplierOfferOpen: boolean;
  purchaserOfferClearing: boolean;
  numberTaken: boolean;
  hasAllocation: boolean;
}

export const scopeBind = (scope: MergeScope) => ({ root: scope.rootCompanyId, from: scope.fromCompanyId, to: scope.toCompanyId });

const FACT_COLUMNS = `"settledInLedger", "executionInFlight", "supplierOfferOpen", "purchaserOfferClearing", "numberTaken"`;

/**
 * Documents tied by credit allocations to a credit note between R and F, with their facts: the plan and the merge's
 * last pass treat each group as one (rules.allocationGroups). A document outside the merge in a group (another
 * company's record) keeps the whole group back.
 */
export async function linkedDocuments(scope: MergeScope, transaction?: Transaction): Promise<{ allocations: Allocation[]; reasons: Map<DocumentKey, InvalidReason>; rows: DocumentRow[] }> {
  const bind = scopeBind(scope);
  const allocations = await sequelize.query<Allocation>(
    `SELECT a.credit_note_id AS "creditNoteId", a.invoice_id AS "invoiceId"
       FROM credit_note_allocations a JOIN credit_notes c ON c.id = a.credit_note_id
      WHERE ${CREDIT_NOTE_SCOPE}
      ORDER BY a.credit_note_id, a.invoice_id`,
    { bind, type: QueryTypes.SELECT, transaction }
  );
  if (allocations.length === 0) return { allocations, reasons: new Map(), rows: [] };
  const creditNoteIds = [...new Set(allocations.map((a) => a.creditNoteId))];
  const invoiceIds = [...new Set(allocations.map((a) => a.invoiceId))];
  const rows = await sequelize.query<DocumentRow & { inScope: boolean }>(
    `SELECT c.id, c.credit_number AS number, 'CREDIT_NOTE' AS kind, ${CREDIT_NOTE_FACTS}, true AS "inScope"
       FROM credit_notes c WHERE c.id = ANY($creditNoteIds::int[])
     UNION ALL
     SELECT i.id, i.invoice_number AS number, i.type AS kind, ${INVOICE_FACTS},
            ((${BILL_SCOPE}) OR (${INVOICE_SCOPE})) AS "inScope"
       FROM invoices i WHERE i.id = ANY($invoiceIds::int[])`,
    { bind: { ...bind, creditNoteIds, invoiceIds }, type: QueryTypes.SELECT, transaction }
  );
  const own = new Map<DocumentKey, InvalidReason>();
  for (const row of rows) {
    const key = row.kind === "CREDIT_NOTE" ? creditNoteKey(row.id) : invoiceKey(row.id);
    const reason = row.inScope ? invalidReason(row) : "CREDIT_LINKED";
    if (reason) own.set(key, reason);
  }
  return { allocations, reasons: groupReasons(allocationGroups(allocations), own), rows: rows.filter((row) => row.inScope) };
}

export const itemOf = (row: Pick<DocumentRow, "id" | "number" | "kind">, reason: InvalidReason): InvalidItem => ({
  kind: row.kind,
  id: row.id,
  number: row.number,
  reason,
  message: INVALID_REASON_TEXT[reason],
});

/**
 * The plan: counts of the documents that would move and of those that stay, and the first INVALID_ITEMS_SHOWN that
 * stay with their reasons. Counted in the database (grouped by their facts), so 100,000 bills are one scan.
 */
export async function mergePlan(actor: Actor, companyId: number, fromCounterpartyId: number, toCounterpartyId: number): Promise<MergePlan> {
  const scope = await loadMergeScope(actor, { companyId, fromCounterpartyId, toCounterpartyId });
  return planOf(scope);
}

export async function planOf(scope: MergeScope): Promise<MergePlan> {
  const bind = scopeBind(scope);
  const unlinked = (table: string) =>
    `SELECT kind, ${FACT_COLUMNS}, count(*)::int AS count FROM ${table} d WHERE NOT d."hasAllocation" GROUP BY kind, ${FACT_COLUMNS}`;
  const documents = `
    (SELECT i.id, i.invoice_number AS number, i.type AS kind, ${INVOICE_FACTS} FROM invoices i WHERE (${BILL_SCOPE}) OR (${INVOICE_SCOPE})
     UNION ALL
     SELECT c.id, c.credit_number AS number, 'CREDIT_NOTE' AS kind, ${CREDIT_NOTE_FACTS} FROM credit_notes c WHERE ${CREDIT_NOTE_SCOPE})`;
  const [groups, firstInvalid, linked] = await Promise.all([
    sequelize.query<DocumentRow & { count: number }>(unlinked(documents), { bind, type: QueryTypes.SELECT }),
    sequelize.query<DocumentRow>(
      `SELECT * FROM ${documents} d
        WHERE NOT d."hasAllocation" AND (d."settledInLedger" OR d."executionInFlight" OR d."supplierOfferOpen" OR d."purchaserOfferClearing" OR d."numberTaken")
        ORDER BY d.kind, d.number, d.id LIMIT ${INVALID_ITEMS_SHOWN}`,
      { bind, type: QueryTypes.SELECT }
    ),
    linkedDocuments(scope),
  ]);
  const linkedKey = (row: DocumentRow) => (row.kind === "CREDIT_NOTE" ? creditNoteKey(row.id) : invoiceKey(row.id));
  const counts = countPlan([
    ...groups.map((group) => ({ kind: group.kind, reason: invalidReason(group), count: group.count })),
    ...linked.rows.map((row) => ({ kind: row.kind, reason: linked.reasons.get(linkedKey(row)) ?? null })),
  ]);
  const invalidItems = [
    ...linked.rows.flatMap((row) => {
      const reason = linked.reasons.get(linkedKey(row));
      return reason ? [itemOf(row, reason)] : [];
    }),
    ...firstInvalid.map((row) => itemOf(row, invalidReason(row)!)),
  ].slice(0, INVALID_ITEMS_SHOWN);
  return {
    ...counts,
    rootCounterPartyEntityId: scope.rootCompanyId,
    fromEntityId: scope.fromCounterpartyId,
    toEntityId: scope.toCounterpartyId,
    fromCompanyName: scope.fromCompanyName,
    toCompanyName: scope.toCompanyName,
    invalidItems,
  };
}
