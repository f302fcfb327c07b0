/**
 * Bulk and single-record changes on the invoices and bills lists (p2 §4 Other, §5 Bulk delete and Contact email, §6,
 * §7 PATCH /invoice and DELETE /invoice/batch): delete, include/exclude in the purchaser offer, contact email.
 *
 * Scoping (docs/decisions/005): a bill is the actor's when issued_for = its company, an invoice when issued_by = it.
 * An id outside that scope (unknown, deleted, another company's) is "Invoice not found" and is never touched.
 *
 * Each call is one transaction. Rows are locked FOR UPDATE in ascending id order; a delete first locks the credit
 * notes allocated to the bills (credit note before invoice: the order the allocation triggers and
 * credit-notes.server.ts use), so the two never wait on each other in opposite orders.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { z } from "zod";
import { sequelize } from "../../../db/index";
import { AppError } from "../../lib/errors";
import type { ListActor } from "./list.server";
import { CONTACT_EMAIL_COLUMN } from "./contact-email";
import { BulkDeleteSchema, ContactEmailSchema, type InvoiceKind } from "./schema";
import { audit, auditAll } from "../audit/service.server";
import { requireCompanyId } from "../companies/service.server";

// Not in the spec (it gives no wording for these refusals); ours, in the spec's voice.
export const RECORD_NOT_FOUND = "Invoice not found";
export const DELETED = "Deleted";
export const DELETE_OTHER_SIDE = {
  BILL: "This bill was loaded by your supplier and cannot be deleted",
  INVOICE: "This invoice was loaded by your customer and cannot be deleted",
} as const;
export const DELETE_PAID = { BILL: "A paid bill cannot be deleted", INVOICE: "An invoice with payment received cannot be deleted" } as const;
export const DELETE_OPEN_OFFER = "This invoice has an open early payment request and cannot be deleted";
export const DELETE_EXECUTION = "This invoice has a payment in progress and cannot be deleted";
export const INCLUDED = "Included";
export const EXCLUDED = "Excluded";
export const ALREADY_INCLUDED = "Bill is already included in your offer";
export const ALREADY_EXCLUDED = "Bill is already excluded from your offer";
export const BILL_IS_PAID = "Bill is paid";
export const OFFERS_DISABLED = "Offers are disabled for this supplier";
export const PAYMENT_IN_PROGRESS = "Payment of this bill is in progress";

/** The intent of the include route's forms (bulk bar and row actions). Belongs in schema.ts, which this helper does not own. */
export const IncludeIntentSchema = z.enum(["include", "exclude"]);

export interface RecordResult {
  id: number;
  status: "SUCCESS" | "FAILED";
  message: string;
}

export interface IncludeResult {
  id: number;
  updated: boolean;
  message: string;
  /**
   * Why a bill was not updated: NOT_APPLICABLE when there was nothing to do for it (already in that state, paid,
   * offers disabled for its supplier on include: "No bills to include/exclude"); FAILED when it could not be changed
   * (not found, payment in progress: "Could not include N bill(s)...").
   */
  reason: "NOT_APPLICABLE" | "FAILED" | null;
}

export interface RecordSummary {
  id: number;
  number: string;
  companyName: string;
  contactEmail: string | null;
}

/** The column that makes a record the actor's on this side of the list. */
const OWNER_COLUMN: Record<InvoiceKind, "issued_for" | "issued_by"> = { BILL: "issued_for", INVOICE: "issued_by" };

interface LockedRow {
  id: number;
  type: InvoiceKind;
  invoice_number: string;
  invoice_status: string | null;
  bill_status: string | null;
  paid_date: string | null;
  include_in_purchaser_offer: boolean;
  offers_enabled: boolean | null;
}

/** The actor's side's rows among `ids`, locked FOR UPDATE in ascending id order when a transaction is given. */
async function lockRows(kind: InvoiceKind, companyId: number, ids: readonly number[], t?: Transaction): Promise<Map<number, LockedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await sequelize.query<LockedRow>(
    `SELECT i.id, i.type, i.invoice_number, i.invoice_status, i.bill_status, to_char(i.paid_date, 'YYYY-MM-DD') AS paid_date,
            i.include_in_purchaser_offer,
            (SELECT cp.is_purchaser_offers_enabled FROM counterparties cp
              WHERE cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by) AS offers_enabled
       FROM invoices i
      WHERE i.id IN (:ids) AND i.${OWNER_COLUMN[kind]} = :companyId AND i.deleted_at IS NULL
      ORDER BY i.id ASC
      ${t ? "FOR UPDATE OF i" : ""}`,
    { type: QueryTypes.SELECT, replacements: { ids: [...ids], companyId }, transaction: t }
  );
  return new Map(rows.map((row) => [row.id, row]));
}

function isPaid(row: LockedRow): boolean {
  return row.bill_status === "PAID" || row.invoice_status === "PAID" || row.invoice_status === "PAYMENT_RECEIVED" || row.paid_date !== null;
}

/** Ids among `ids` held by an open (CLEARING, TOPUP_PENDING) supplier offer. */
async function openOfferIds(ids: readonly number[], t?: Transaction): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sequelize.query<{ invoice_id: number }>(
    `SELECT DISTINCT soi.invoice_id FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
      WHERE soi.invoice_id IN (:ids) AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')`,
    { type: QueryTypes.SELECT, replacements: { ids: [...ids] }, transaction: t }
  );
  return new Set(rows.map((row) => row.invoice_id));
}

/** Ids among `ids` with an execution result that is not FAILED (paid, or a payment under way). */
async function executedIds(ids: readonly number[], t?: Transaction): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sequelize.query<{ invoice_id: number }>(
    "SELECT DISTINCT invoice_id FROM offer_execution_results WHERE invoice_id IN (:ids) AND status <> 'FAILED'",
    { type: QueryTypes.SELECT, replacements: { ids: [...ids] }, transaction: t }
  );
  return new Set(rows.map((row) => row.invoice_id));
}

function validationError(error: { issues: { path: (string | number)[]; message: string }[] }): AppError {
  const first = error.issues[0];
  return new AppError(422, first?.message ?? "Invalid input", { code: "VALIDATION", field: first ? String(first.path[0] ?? "") || undefined : undefined });
}

/**
 * Why each record may not be deleted (null: it may), in one place for the delete and its confirmation: a record is
 * deleted only by the side that loaded it, and not when paid, held by an open supplier offer, or with a non-failed
 * execution result. An id not among `rows` is not found.
 */
async function deleteRefusals(type: InvoiceKind, rows: Map<number, LockedRow>, t?: Transaction): Promise<(id: number) => string | null> {
  const found = [...rows.keys()];
  const [open, executed] = await Promise.all([openOfferIds(found, t), executedIds(found, t)]);
  return (id) => {
    const row = rows.get(id);
    if (!row) return RECORD_NOT_FOUND;
    if (row.type !== type) return DELETE_OTHER_SIDE[type];
    if (isPaid(row)) return DELETE_PAID[type];
    if (open.has(id)) return DELETE_OPEN_OFFER;
    if (executed.has(id)) return DELETE_EXECUTION;
    return null;
  };
}

/**
 * DELETE /invoice/batch {invoiceIds, type}: each id is deleted or refused on its own, in one transaction. A record is
 * deleted (soft: deleted_at) only by the side that loaded it (type BILL by the purchaser, INVOICE by the supplier),
 * and not when paid, held by an open supplier offer, or with a non-failed execution result. Credit allocated to a
 * deleted bill is released in the same transaction (the database refuses a deleted invoice that keeps credit).
 * Results come back in the order of the given ids.
 */
export async function deleteRecords(
  actor: ListActor,
  input: { invoiceIds: unknown; type: unknown }
): Promise<{ results: RecordResult[]; deleted: number; type: InvoiceKind }> {
  const companyId = requireCompanyId(actor, "A company is required");
  const parsed = BulkDeleteSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { invoiceIds, type } = parsed.data;
  const owner = OWNER_COLUMN[type];

  const results = await sequelize.transaction(async (t) => {
    // Credit notes allocated to the candidates first (see the header), then the records themselves.
    await sequelize.query(
      `SELECT c.id FROM credit_notes c
        WHERE c.id IN (SELECT a.credit_note_id FROM credit_note_allocations a JOIN invoices i ON i.id = a.invoice_id
                        WHERE a.invoice_id IN (:ids) AND i.${owner} = :companyId)
        ORDER BY c.id ASC FOR UPDATE`,
      { type: QueryTypes.SELECT, replacements: { ids: invoiceIds, companyId }, transaction: t }
    );
    const rows = await lockRows(type, companyId, invoiceIds, t);
    const refusalOf = await deleteRefusals(type, rows, t);

    const out: RecordResult[] = invoiceIds.map((id) => {
      const refusal = refusalOf(id);
      return refusal ? { id, status: "FAILED", message: refusal } : { id, status: "SUCCESS", message: DELETED };
    });

    const doomed = out.filter((result) => result.status === "SUCCESS").map((result) => result.id);
    if (doomed.length > 0) {
      const released = await sequelize.query<{ credit_note_id: number; invoice_id: number; allocated_amount: string }>(
        `DELETE FROM credit_note_allocations WHERE invoice_id IN (:ids) RETURNING credit_note_id, invoice_id, allocated_amount::text`,
        { type: QueryTypes.SELECT, replacements: { ids: doomed }, transaction: t }
      );
      await sequelize.query(`UPDATE invoices SET deleted_at = now(), include_in_purchaser_offer = false WHERE id IN (:ids) AND ${owner} = :companyId`, {
        replacements: { ids: doomed, companyId },
        transaction: t,
      });
      await auditAll(
        actor,
        doomed.map((id) => ({
          companyId,
          action: type === "BILL" ? "bill.delete" : "invoice.delete",
          entityType: "invoice",
          entityId: id,
          details: {
            invoiceNumber: rows.get(id)?.invoice_number,
            releasedAllocations: released
              .filter((a) => a.invoice_id === id)
              .map((a) => ({ creditNoteId: a.credit_note_id, allocatedAmount: a.allocated_amount })),
          },
        })),
        { transaction: t }
      );
    }
    return out;
  });
  return { results, deleted: results.filter((result) => result.status === "SUCCESS").length, type };
}

/**
 * PATCH /invoice path /include_in_purchaser_offer on the actor's bills (issued_for = its company), in one
 * transaction. Including needs offers enabled for the bill's supplier; neither works on a paid bill or one whose
 * payment is under way. A bill already in the asked state is left as it is.
 */
export async function setIncludeInPurchaserOffer(
  actor: ListActor,
  ids: readonly number[],
  include: boolean
): Promise<{ results: IncludeResult[]; updated: number; notApplicable: number; failed: number }> {
  const companyId = requireCompanyId(actor, "A company is required");
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (unique.length === 0) throw new AppError(422, "List of invoice ids needed", { code: "VALIDATION", field: "invoiceIds" });

  const results = await sequelize.transaction(async (t) => {
    const rows = await lockRows("BILL", companyId, unique, t);
    const executed = await executedIds([...rows.keys()], t);
    const out: IncludeResult[] = unique.map((id) => {
      const row = rows.get(id);
      const skip = (message: string): IncludeResult => ({ id, updated: false, message, reason: "NOT_APPLICABLE" });
      const fail = (message: string): IncludeResult => ({ id, updated: false, message, reason: "FAILED" });
      if (!row) return fail(RECORD_NOT_FOUND);
      if (isPaid(row)) return skip(BILL_IS_PAID);
      if (executed.has(id)) return fail(PAYMENT_IN_PROGRESS);
      if (row.include_in_purchaser_offer === include) return skip(include ? ALREADY_INCLUDED : ALREADY_EXCLUDED);
      if (include && !row.offers_enabled) return skip(OFFERS_DISABLED);
      return { id, updated: true, message: include ? INCLUDED : EXCLUDED, reason: null };
    });
    const changed = out.filter((result) => result.updated).map((result) => result.id);
    if (changed.length > 0) {
      await sequelize.query("UPDATE invoices SET include_in_purchaser_offer = :include WHERE id IN (:ids) AND issued_for = :companyId", {
        replacements: { include, ids: changed, companyId },
        transaction: t,
      });
      await audit(
        actor,
        {
          companyId,
          action: include ? "bill.include" : "bill.exclude",
          entityType: "invoice",
          entityId: null,
          details: { invoiceIds: changed },
        },
        { transaction: t }
      );
    }
    return out;
  });
  return {
    results,
    updated: results.filter((result) => result.updated).length,
    notApplicable: results.filter((result) => result.reason === "NOT_APPLICABLE").length,
    failed: results.filter((result) => result.reason === "FAILED").length,
  };
}

/** The records the actor may act on from one side of the list (for the Confirm Delete dialog), in the given order. */
export async function describeRecords(actor: ListActor, type: InvoiceKind, ids: readonly number[]): Promise<RecordSummary[]> {
  const companyId = requireCompanyId(actor, "A company is required");
  if (ids.length === 0) return [];
  const rows = await sequelize.query<{ id: number; invoice_number: string; company_name: string; contact_email: string | null }>(
    `SELECT id, invoice_number, ${type === "BILL" ? "issued_by_company_name" : "issued_for_company_name"} AS company_name,
            ${CONTACT_EMAIL_COLUMN[type]} AS contact_email
       FROM invoices WHERE id IN (:ids) AND ${OWNER_COLUMN[type]} = :companyId AND deleted_at IS NULL`,
    { type: QueryTypes.SELECT, replacements: { ids: [...ids], companyId } }
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, number: row.invoice_number, companyName: row.company_name, contactEmail: row.contact_email }] : [];
  });
}

export interface DeletePreview {
  /** The selected records the actor may delete, in the given order: the only ones the confirmation lists and sends. */
  deletable: RecordSummary[];
  /** The selected records of the actor's side it may not delete, each with why (ids of other companies are left out). */
  refused: (RecordSummary & { message: string })[];
}

/**
 * The Confirm Delete dialog (p2 §2 Modals; issue 13 part 17): of the selected records, those the actor may delete
 * (listed, and the only ids the dialog posts) and those of its side it may not, by the same rules as deleteRecords.
 */
export async function previewDelete(actor: ListActor, type: InvoiceKind, ids: readonly number[]): Promise<DeletePreview> {
  const companyId = requireCompanyId(actor, "A company is required");
  const [records, rows] = await Promise.all([describeRecords(actor, type, ids), lockRows(type, companyId, ids)]);
  const refusalOf = await deleteRefusals(type, rows);
  const preview: DeletePreview = { deletable: [], refused: [] };
  for (const record of records) {
    const message = refusalOf(record.id);
    if (message) preview.refused.push({ ...record, message });
    else preview.deletable.push(record);
  }
  return preview;
}

/** One record on the actor's side of the list, or 404 (the Edit Contact Email dialog). */
export async function getRecordContact(actor: ListActor, type: InvoiceKind, id: number): Promise<RecordSummary> {
  const [record] = await describeRecords(actor, type, [id]);
  if (!record) throw new AppError(404, RECORD_NOT_FOUND, { code: "NOT_FOUND" });
  return record;
}

/**
 * PATCH /invoice path /contact_email on one record of the actor's side of the list (a bill: issued_for; an invoice:
 * issued_by). The address must be valid ("Enter valid email address"); it is stored lower-case.
 */
export async function updateContactEmail(actor: ListActor, type: InvoiceKind, id: number, email: unknown): Promise<{ id: number; contactEmail: string }> {
  const companyId = requireCompanyId(actor, "A company is required");
  const parsed = ContactEmailSchema.safeParse({ contactEmail: email });
  if (!parsed.success) throw validationError(parsed.error);
  const { contactEmail } = parsed.data;
  return sequelize.transaction(async (t) => {
    const rows = await lockRows(type, companyId, [id], t);
    if (!rows.has(id)) throw new AppError(404, RECORD_NOT_FOUND, { code: "NOT_FOUND" });
    // Only this side's own contact (decision 033): the other side's stays as it is, unseen.
    await sequelize.query(`UPDATE invoices SET ${CONTACT_EMAIL_COLUMN[type]} = :contactEmail WHERE id = :id AND ${OWNER_COLUMN[type]} = :companyId`, {
      replacements: { contactEmail, id, companyId },
      transaction: t,
    });
    await audit(actor, { companyId, action: "invoice.contact_email", entityType: "invoice", entityId: id, details: { contactEmail } }, { transaction: t });
    return { id, contactEmail };
  });
}
