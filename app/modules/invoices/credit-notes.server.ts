/**
 * Credit notes (spec p2 §3, §4 Credit note, §5 Credit allocation and Credit note edit, §7 Credit notes calls).
 *
 * A credit note belongs to the purchaser it was issued for (issuedFor): every operation looks notes and bills up
 * within actor.companyId, so another company's id is "not found". The database keeps the sums (allocatedTotal,
 * status, creditNoteValue, discountedTotal) from credit_note_allocations and refuses over-allocation; this module
 * validates first so the user sees the spec's messages, and locks rows so its own checks stay true until commit.
 */
import { Op, QueryTypes, UniqueConstraintError, ValidationError as SequelizeValidationError, DatabaseError, type Transaction } from "sequelize";
import type { ZodError } from "zod";
import { sequelize } from "../../../db/index";
import { Company, Counterparty, CreditNote, CreditNoteAllocation, Invoice } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { CURRENCIES } from "../../lib/dates";
import { AppError, GENERIC_ERROR, forbidden } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { logger } from "../../lib/logger.server";
import {
  ALLOCATION_EXCEEDS_INVOICE,
  AMOUNT_EXCEEDS_CREDIT,
  INVALID_CREDIT_INPUT,
  distributeEqually,
  validateAllocation,
  type Allocation,
} from "./credit-allocation";
import { CreditNoteEditSchema, createCreditNoteSchema } from "./schema";
import { audit as writeAudit } from "../audit/service.server";
import { findCompanyContext, requireCompanyId } from "../companies/service.server";

// Not in the spec (it gives no wording for these cases); ours, in the spec's voice.
export const CREDIT_NOTE_NOT_FOUND = "Credit note not found";
export const BILL_NOT_FOUND = "Bill not found";
export const SUPPLIER_NOT_FOUND = "Supplier not found";
export const CREDIT_NUMBER_TAKEN = "A credit note with this number already exists for this supplier";
export const EDIT_ONLY_UNALLOCATED = "Credit note can only be edited while unallocated";
export const STALE_CREDIT_NOTE = "This credit note was changed by someone else. Reload it and try again.";
export const BILL_PAID = "Credit cannot be allocated to or removed from a paid bill";
export const BILL_OTHER_SUPPLIER = "Credit can only be allocated to bills from the credit note's supplier";
export const DELETE_PAID_BILL = "Credit note is applied to a paid bill and cannot be deleted";
export const DELETED = "Deleted";

export interface CreditNoteAllocationView {
  invoiceId: number;
  invoiceNumber: string;
  allocatedAmount: Cents;
}

export interface CreditNoteView {
  id: number;
  creditNumber: string;
  recordNumber: string | null;
  orderNumber: string | null;
  supplierReference: string | null;
  issueDate: string | null;
  currency: string;
  total: Cents;
  allocatedTotal: Cents;
  unallocatedTotal: Cents;
  status: string;
  issuedBy: number;
  issuedFor: number;
  issuedByCompanyName: string;
  issuedForCompanyName: string;
  /** updated_at with microseconds (ISO 8601, UTC): send it back unchanged with an edit. */
  modificationTime: string;
  invoiceAllocations: CreditNoteAllocationView[];
}

export interface BillCreditView {
  invoiceId: number;
  invoiceNumber: string;
  total: Cents;
  creditNoteValue: Cents;
  discountedTotal: Cents;
}

export interface DeleteResult {
  id: number;
  status: "SUCCESS" | "FAILED";
  message: string;
}

export interface AllocationRequest {
  invoiceId: number;
  /** Cents: the new total of this note's credit on the bill (0 removes it). */
  allocatedAmount: Cents;
}

// updated_at keeps microseconds; a JavaScript Date would drop them, so the token is formatted by PostgreSQL.
const MODIFICATION_TIME_SQL = `to_char("CreditNote"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function notFound(message: string): AppError {
  return new AppError(404, message, { code: "NOT_FOUND" });
}

/** A zod failure as the one field error (AppError.validation), its fields named by `fieldName` ("form" for none). */
function invalid(error: ZodError, fieldName: (path: (string | number)[]) => string | undefined): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[fieldName(issue.path) ?? "form"] ??= issue.message;
  return AppError.validation(fields);
}

async function audit(t: Transaction, actor: Actor, action: string, entityId: number, details: Record<string, unknown>): Promise<void> {
  await writeAudit(actor, { companyId: actor.companyId, action, entityType: "credit_note", entityId: entityId, details }, { transaction: t });
}

async function loadView(companyId: number, where: Record<string, unknown>, t?: Transaction): Promise<CreditNoteView[]> {
  const notes = await CreditNote.findAll({
    where: { ...where, issuedFor: companyId, deletedAt: null },
    attributes: { include: [[sequelize.literal(MODIFICATION_TIME_SQL), "modificationTime"]] },
    include: [{ model: CreditNoteAllocation, as: "allocations", include: [{ model: Invoice, as: "invoice", attributes: ["id", "invoiceNumber"] }] }],
    order: [
      ["issueDate", "DESC NULLS LAST"],
      ["id", "DESC"],
      [{ model: CreditNoteAllocation, as: "allocations" }, "invoiceId", "ASC"],
    ],
    transaction: t,
  });
  return notes.map((note) => ({
    id: note.id,
    creditNumber: note.creditNumber,
    recordNumber: note.recordNumber,
    orderNumber: note.orderNumber,
    supplierReference: note.supplierReference,
    issueDate: note.issueDate,
    currency: note.currency,
    total: note.total,
    allocatedTotal: note.allocatedTotal,
    unallocatedTotal: note.unallocatedTotal,
    status: note.status,
    issuedBy: note.issuedBy,
    issuedFor: note.issuedFor,
    issuedByCompanyName: note.issuedByCompanyName,
    issuedForCompanyName: note.issuedForCompanyName,
    modificationTime: note.get("modificationTime") as string,
    invoiceAllocations: (note.allocations ?? []).map((allocation) => ({
      invoiceId: allocation.invoiceId,
      invoiceNumber: allocation.invoice?.invoiceNumber ?? "",
      allocatedAmount: allocation.allocatedAmount,
    })),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Read.

export async function getCreditNote(actor: Actor, id: number, t?: Transaction): Promise<CreditNoteView> {
  const [note] = await loadView(requireCompanyId(actor), { id }, t);
  if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
  return note;
}

export async function listCreditNotes(actor: Actor, filter: { supplierId?: number; ids?: number[] } = {}): Promise<CreditNoteView[]> {
  const where: Record<string, unknown> = {};
  if (filter.supplierId !== undefined) where.issuedBy = filter.supplierId;
  if (filter.ids !== undefined) where.id = { [Op.in]: filter.ids };
  return loadView(requireCompanyId(actor), where);
}

// ---------------------------------------------------------------------------------------------------------------
// Create.

/**
 * POST /credit-note. The purchaser (the actor's company) records a credit note from one of its counterparties:
 * counterpartyId is the supplier's company id, or counterpartyName matches one of the actor's counterparties
 * by name (case-insensitive). Creating a new company from a name is not this service's job: an unknown supplier
 * is refused.
 */
export async function createCreditNote(actor: Actor, input: unknown): Promise<CreditNoteView> {
  const companyId = requireCompanyId(actor);
  const purchaser = await findCompanyContext(companyId);
  if (!purchaser) throw forbidden();
  const { country } = purchaser;
  const parsed = createCreditNoteSchema({ today: purchaser.today }).safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, (path) => (path[0] === undefined ? undefined : String(path[0])));
  const data = parsed.data;

  const relations = await Counterparty.findAll({
    where: { companyId, ...(data.counterpartyId !== null ? { counterpartyCompanyId: data.counterpartyId } : {}) },
    include: [{ model: Company, as: "counterpartyCompany", attributes: ["id", "companyName"] }],
  });
  const wantedName = data.counterpartyName?.toLowerCase();
  const relation = relations.find(
    (row) => row.counterpartyCompany && (data.counterpartyId !== null || row.counterpartyCompany.companyName.trim().toLowerCase() === wantedName)
  );
  const supplier = relation?.counterpartyCompany;
  if (!supplier || supplier.id === companyId) {
    throw new AppError(404, SUPPLIER_NOT_FOUND, { code: "NOT_FOUND", field: data.counterpartyId !== null ? "counterpartyId" : "counterpartyName" });
  }

  try {
    const id = await sequelize.transaction(async (t) => {
      const note = await CreditNote.create(
        {
          issuedBy: supplier.id,
          issuedFor: companyId,
          issuedByCompanyName: supplier.companyName,
          issuedForCompanyName: purchaser.name,
          creditNumber: data.creditNumber,
          issueDate: data.issueDate,
          currency: CURRENCIES[country],
          total: data.total,
        },
        { transaction: t }
      );
      await audit(t, actor, "credit_note.create", note.id, { creditNumber: note.creditNumber, supplierId: supplier.id, total: data.total });
      return note.id;
    });
    return await getCreditNote(actor, id);
  } catch (error) {
    if (error instanceof UniqueConstraintError && (error.parent as { constraint?: string } | undefined)?.constraint === "credit_notes_credit_number_key") {
      throw new AppError(409, CREDIT_NUMBER_TAKEN, { code: "DUPLICATE", field: "creditNumber" });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Edit.

const MODIFICATION_TIME_FORMAT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;
const EDIT_FIELDS = { "/total": "total", "/supplier_reference": "supplierReference" } as const;

/**
 * PATCH /credit-note/{id}: one field (total or supplier reference), only while UNALLOCATED (p2 §4), and only if the
 * note is unchanged since the caller read it (modificationTime). The note is locked FOR UPDATE while both are
 * checked and the UPDATE repeats the checks in its WHERE, so nothing is written when either fails.
 */
export async function updateCreditNote(actor: Actor, id: number, input: unknown): Promise<CreditNoteView> {
  const companyId = requireCompanyId(actor);
  const parsed = CreditNoteEditSchema.safeParse(input);
  if (!parsed.success) {
    const path = (input as { path?: unknown } | null)?.path;
    const valueField = typeof path === "string" && path in EDIT_FIELDS ? EDIT_FIELDS[path as keyof typeof EDIT_FIELDS] : "path";
    throw invalid(parsed.error, (issuePath) => (issuePath[0] === "value" ? valueField : issuePath[0] === undefined ? undefined : String(issuePath[0])));
  }
  const edit = parsed.data;
  // Not a timestamp we could have handed out: it cannot match the note, so it is stale (and never reaches the cast).
  if (!MODIFICATION_TIME_FORMAT.test(edit.modificationTime)) throw new AppError(409, STALE_CREDIT_NOTE, { code: "STALE" });

  await sequelize.transaction(async (t) => {
    const [locked] = await sequelize.query<{ status: string; fresh: boolean; total: string; supplier_reference: string | null }>(
      `SELECT status, total::text, supplier_reference, updated_at = $3::timestamptz AS fresh
         FROM credit_notes WHERE id = $1 AND issued_for = $2 AND deleted_at IS NULL FOR UPDATE`,
      { bind: [id, companyId, edit.modificationTime], type: QueryTypes.SELECT, transaction: t }
    );
    if (!locked) throw notFound(CREDIT_NOTE_NOT_FOUND);
    if (locked.status !== "UNALLOCATED") throw new AppError(409, EDIT_ONLY_UNALLOCATED, { code: "NOT_EDITABLE", field: EDIT_FIELDS[edit.path] });
    if (!locked.fresh) throw new AppError(409, STALE_CREDIT_NOTE, { code: "STALE" });

    const [column, value] = edit.path === "/total" ? ["total", centsToDecimal(edit.value)] : ["supplier_reference", edit.value];
    const [, updated] = await sequelize.query(
      `UPDATE credit_notes SET ${column} = $4 WHERE id = $1 AND issued_for = $2 AND updated_at = $3::timestamptz AND allocated_total = 0 AND deleted_at IS NULL`,
      { bind: [id, companyId, edit.modificationTime, value], type: QueryTypes.UPDATE, transaction: t }
    );
    if (updated !== 1) throw new AppError(409, STALE_CREDIT_NOTE, { code: "STALE" });
    const before = edit.path === "/total" ? locked.total : locked.supplier_reference;
    await audit(t, actor, "credit_note.update", id, { path: edit.path, before, after: value });
  });
  return getCreditNote(actor, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Delete.

function isPaid(bill: Invoice): boolean {
  return bill.billStatus === "PAID" || bill.invoiceStatus === "PAID" || bill.invoiceStatus === "PAYMENT_RECEIVED" || bill.paidDate !== null;
}

/**
 * DELETE /credit-note/batch. Each note is deleted in its own transaction, so one failure does not undo the others
 * and the UI can say "Deleted N out of M". A note holding credit has its allocations released first (the bills'
 * discounted totals go back up) in the same transaction, then is soft-deleted; a note whose credit sits on a paid
 * bill is refused, since a paid bill's amounts are settled.
 */
export async function deleteCreditNotes(actor: Actor, ids: readonly number[]): Promise<DeleteResult[]> {
  const companyId = requireCompanyId(actor);
  const results: DeleteResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await sequelize.transaction(async (t) => {
        const note = await CreditNote.findOne({ where: { id, issuedFor: companyId, deletedAt: null }, lock: t.LOCK.UPDATE, transaction: t });
        if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
        const allocations = await CreditNoteAllocation.findAll({ where: { creditNoteId: id }, order: [["invoiceId", "ASC"]], transaction: t });
        if (allocations.length > 0) {
          const bills = await Invoice.findAll({
            where: { id: { [Op.in]: allocations.map((a) => a.invoiceId) } },
            order: [["id", "ASC"]],
            lock: t.LOCK.UPDATE,
            transaction: t,
          });
          if (bills.some(isPaid)) throw new AppError(409, DELETE_PAID_BILL, { code: "PAID_BILL" });
          await CreditNoteAllocation.destroy({ where: { creditNoteId: id }, transaction: t });
        }
        await sequelize.query("UPDATE credit_notes SET deleted_at = now() WHERE id = $1 AND issued_for = $2", { bind: [id, companyId], transaction: t });
        await audit(t, actor, "credit_note.delete", id, {
          creditNumber: note.creditNumber,
          releasedAllocations: allocations.map((a) => ({ invoiceId: a.invoiceId, allocatedAmount: a.allocatedAmount })),
        });
      });
      results.push({ id, status: "SUCCESS", message: DELETED });
    } catch (error) {
      // One note's failure must not hide the others' results: an unexpected error is logged and reported generically.
      if (!(error instanceof AppError)) logger.error({ err: error, creditNoteId: id }, "credit note delete failed");
      results.push({ id, status: "FAILED", message: error instanceof AppError ? error.message : GENERIC_ERROR });
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Allocate.

/** What is still owed on a bill, after all credit (this note's included) and payments. */
function amountDue(bill: Invoice): Cents {
  return (bill.total - bill.creditNoteValue - bill.totalPaid) as Cents;
}

function allocationError(message: string, details: unknown): AppError {
  return new AppError(422, message, { code: "INVALID_ALLOCATION", field: "allocations", details });
}

/** A refusal by the database's own checks (a race our locks should prevent) in the spec's words. */
function translateCheck(error: unknown): unknown {
  if (error instanceof DatabaseError || error instanceof SequelizeValidationError) {
    const constraint = (error as { parent?: { constraint?: string } }).parent?.constraint;
    if (constraint === "credit_notes_allocated_within_total") return allocationError(AMOUNT_EXCEEDS_CREDIT, null);
    if (constraint === "invoices_credit_within_total") return allocationError(ALLOCATION_EXCEEDS_INVOICE, null);
  }
  return error;
}

/**
 * PUT /credit-note/{id}/invoice-allocations: the given list becomes this note's whole set of allocations (a bill
 * left out, or given 0, has this note's credit removed). One transaction: the note FOR UPDATE, then every bill it
 * touches FOR UPDATE in ascending id order (the database triggers lock in the same order), validation with the
 * spec's messages, then removals and decreases before increases so the database's CHECKs hold after each
 * statement. The triggers recompute discounted totals in this same transaction. Sending the same set again changes
 * nothing.
 */
export async function allocateCreditNote(
  actor: Actor,
  creditNoteId: number,
  allocations: readonly AllocationRequest[]
): Promise<{ creditNote: CreditNoteView; bills: BillCreditView[] }> {
  const companyId = requireCompanyId(actor);
  const wanted = new Map<number, Cents>();
  for (const row of allocations) {
    if (!Number.isSafeInteger(row.invoiceId) || wanted.has(row.invoiceId))
      throw allocationError(INVALID_CREDIT_INPUT, [{ invoiceId: row.invoiceId, message: INVALID_CREDIT_INPUT }]);
    wanted.set(row.invoiceId, row.allocatedAmount);
  }

  try {
    return await sequelize.transaction(async (t) => {
      const note = await CreditNote.findOne({ where: { id: creditNoteId, issuedFor: companyId, deletedAt: null }, lock: t.LOCK.UPDATE, transaction: t });
      if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
      const existing = await CreditNoteAllocation.findAll({ where: { creditNoteId }, transaction: t });
      const held = new Map(existing.map((a) => [a.invoiceId, a.allocatedAmount]));

      const billIds = [...new Set([...wanted.keys(), ...held.keys()])].sort((a, b) => a - b);
      const bills = await Invoice.findAll({
        where: { id: { [Op.in]: billIds }, issuedFor: companyId, deletedAt: null },
        order: [["id", "ASC"]],
        lock: t.LOCK.UPDATE,
        transaction: t,
      });
      const billsById = new Map(bills.map((bill) => [bill.id, bill]));
      const missing = billIds.filter((id) => !billsById.has(id));
      if (missing.length > 0) throw new AppError(404, BILL_NOT_FOUND, { code: "NOT_FOUND", details: { invoiceIds: missing } });

      for (const bill of bills) {
        const before = held.get(bill.id) ?? 0;
        const after = wanted.get(bill.id) ?? 0;
        if (wanted.has(bill.id) && bill.issuedBy !== note.issuedBy) {
          throw allocationError(BILL_OTHER_SUPPLIER, [{ invoiceId: bill.id, message: BILL_OTHER_SUPPLIER }]);
        }
        if (before !== after && isPaid(bill)) throw allocationError(BILL_PAID, [{ invoiceId: bill.id, message: BILL_PAID }]);
      }

      // Credit this note holds on bills left out of the new set comes back before the new set is checked.
      let released = 0;
      for (const [invoiceId, amount] of held) if (!wanted.has(invoiceId)) released += amount;
      const check = validateAllocation({
        creditRemaining: (note.unallocatedTotal + released) as Cents,
        allocations: [...wanted].map(([invoiceId, allocated]) => {
          const bill = billsById.get(invoiceId) as Invoice;
          return { invoiceId, amountDue: amountDue(bill), allocated, alreadyAllocated: held.get(invoiceId) ?? 0 };
        }),
      });
      if (check.errors.length > 0) throw allocationError(check.errors[0].message, check.errors);

      const changes = billIds
        .map((invoiceId) => ({ invoiceId, before: held.get(invoiceId) ?? 0, after: wanted.get(invoiceId) ?? 0 }))
        .filter((change) => change.before !== change.after);
      const decreases = changes.filter((c) => c.after < c.before);
      const increases = changes.filter((c) => c.after > c.before);
      for (const change of [...decreases, ...increases]) {
        if (change.after === 0) {
          await CreditNoteAllocation.destroy({ where: { creditNoteId, invoiceId: change.invoiceId }, transaction: t });
        } else if (change.before === 0) {
          await CreditNoteAllocation.create({ creditNoteId, invoiceId: change.invoiceId, allocatedAmount: change.after as Cents }, { transaction: t });
        } else {
          await CreditNoteAllocation.update(
            { allocatedAmount: change.after as Cents },
            { where: { creditNoteId, invoiceId: change.invoiceId }, transaction: t }
          );
        }
      }
      if (changes.length > 0) await audit(t, actor, "credit_note.allocate", creditNoteId, { changes });

      const creditNote = await getCreditNote(actor, creditNoteId, t);
      const reloaded = await Invoice.findAll({ where: { id: { [Op.in]: billIds }, issuedFor: companyId }, order: [["id", "ASC"]], transaction: t });
      return {
        creditNote,
        bills: reloaded.map((bill) => ({
          invoiceId: bill.id,
          invoiceNumber: bill.invoiceNumber,
          total: bill.total,
          creditNoteValue: bill.creditNoteValue,
          discountedTotal: bill.discountedTotal,
        })),
      };
    });
  } catch (error) {
    throw translateCheck(error);
  }
}

/**
 * Equal distribution (p2 §9) of the note's credit over the chosen bills, in the order given (soonest due first).
 * The credit to share is the note's unallocated credit plus what it already holds on these bills, and each bill can
 * take its amount due plus this note's credit on it, so the suggestion can be sent as is to allocateCreditNote.
 * Paid bills and bills of another supplier take nothing.
 */
export async function suggestEqualAllocation(actor: Actor, creditNoteId: number, invoiceIds: readonly number[]): Promise<Allocation[]> {
  const companyId = requireCompanyId(actor);
  const note = await CreditNote.findOne({ where: { id: creditNoteId, issuedFor: companyId, deletedAt: null } });
  if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
  const ids = [...new Set(invoiceIds)];
  const bills = await Invoice.findAll({ where: { id: { [Op.in]: ids }, issuedFor: companyId, deletedAt: null } });
  if (bills.length !== ids.length) throw notFound(BILL_NOT_FOUND);
  const held = new Map(
    (await CreditNoteAllocation.findAll({ where: { creditNoteId, invoiceId: { [Op.in]: ids } } })).map((a) => [a.invoiceId, a.allocatedAmount])
  );
  const billsById = new Map(bills.map((bill) => [bill.id, bill]));
  let credit = note.unallocatedTotal;
  const rows = ids.map((invoiceId) => {
    const bill = billsById.get(invoiceId) as Invoice;
    const already = held.get(invoiceId) ?? 0;
    const eligible = bill.issuedBy === note.issuedBy && !isPaid(bill);
    if (eligible) credit += already;
    return { invoiceId, amountDue: (eligible ? amountDue(bill) + already : 0) as Cents };
  });
  return distributeEqually(credit as Cents, rows);
}
