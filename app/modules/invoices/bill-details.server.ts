/**
 * What the credit-note dialogs and Bill Details show (p2 §2 Modals, §4 Credit note, §9): a supplier's credit note
 * as seen from the supplier page, the bills of that supplier that can take credit, and one bill with the credit
 * applied to it.
 *
 * Everything is the purchaser's view (the actor's company is issuedFor): a bill or note of another company, or of
 * another supplier than the page's, is "not found".
 */
import { Op, type WhereOptions } from "sequelize";
import { BillDocument, CreditNote, CreditNoteAllocation, Invoice, InvoiceItem } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { LOCALES } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { BILL_NOT_FOUND, CREDIT_NOTE_NOT_FOUND, getCreditNote, type CreditNoteView } from "./credit-notes.server";
import type { Locale } from "./rules";
import { findCompanyContext, requireCompanyId } from "../companies/service.server";

/** The allocation dialog fetches 3 bills initially (p2 §9). */
export const INITIAL_BILL_COUNT = 3;
/** Edit Selection lists this many more bills per "Show more". */
export const SELECTION_PAGE_SIZE = 10;
export const MAX_SELECTION_SIZE = 200;

export interface AllocatableBill {
  invoiceId: number;
  invoiceNumber: string;
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  /** What is still owed now, after every credit (this note's included) and payments. */
  amountDue: Cents;
  /** This credit note's credit on the bill now (0 if none). */
  alreadyAllocated: Cents;
  /** A paid bill keeps the credit it has and takes no more. */
  paid: boolean;
}

export interface BillDetails {
  id: number;
  invoiceNumber: string;
  orderNumber: string | null;
  supplierId: number;
  supplierName: string;
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  creditApplied: Cents;
  totalPaid: Cents;
  /** total − credit applied (p2 §3 discountedTotal). */
  discountedTotal: Cents;
  billStatus: string | null;
  paidDate: string | null;
  /** Authorised from a supplier's document without a person (D6, issue 16): "Auto Processed". */
  autoProcessed: boolean;
  items: { itemNumber: number; description: string | null; units: string | null; unitType: string | null; unitPrice: Cents | null; amount: Cents }[];
  creditNotes: { creditNoteId: number; creditNumber: string; supplierReference: string | null; issueDate: string | null; allocatedAmount: Cents }[];
}

function notFound(message: string): AppError {
  return new AppError(404, message, { code: "NOT_FOUND" });
}

function isPaid(bill: Invoice): boolean {
  return bill.billStatus === "PAID" || bill.invoiceStatus === "PAID" || bill.invoiceStatus === "PAYMENT_RECEIVED" || bill.paidDate !== null;
}

/** Amounts display in the company's locale (decisions D1). */
export async function localeOf(actor: Actor): Promise<Locale> {
  const company = await findCompanyContext(requireCompanyId(actor));
  return company?.locale ?? LOCALES.NZ;
}

/** A credit note of the actor's company from this supplier; anything else is not found. */
export async function getSupplierCreditNote(actor: Actor, supplierId: number, creditNoteId: number): Promise<CreditNoteView> {
  const note = await getCreditNote(actor, creditNoteId);
  if (note.issuedBy !== supplierId) throw notFound(CREDIT_NOTE_NOT_FOUND);
  return note;
}

function toAllocatable(bill: Invoice, held: Map<number, Cents>): AllocatableBill {
  return {
    invoiceId: bill.id,
    invoiceNumber: bill.invoiceNumber,
    issueDate: bill.issueDate,
    dueDate: bill.dueDate,
    total: bill.total,
    amountDue: Math.max(0, bill.total - bill.creditNoteValue - bill.totalPaid) as Cents,
    alreadyAllocated: held.get(bill.id) ?? 0,
    paid: isPaid(bill),
  };
}

/**
 * The bills the allocation dialog shows (p2 §4, §9), soonest due first:
 * - `selected` null: the bills this note already holds credit on (PARTIALLY_ALLOCATED notes load them), then the
 *   first INITIAL_BILL_COUNT open bills of the supplier;
 * - `selected` given: exactly those bills (ids not the actor's with this supplier are dropped), plus the bills this
 *   note holds credit on, which stay in the dialog so that allocating never drops them silently.
 * `open` lists the supplier's open bills for Edit Selection (the first `openLimit`), `openTotal` counts them.
 * An open bill is unpaid with something still owed.
 */
export async function listAllocatableBills(
  actor: Actor,
  supplierId: number,
  creditNoteId: number,
  options: { selected?: readonly number[] | null; openLimit?: number } = {}
): Promise<{ bills: AllocatableBill[]; open: AllocatableBill[]; openTotal: number }> {
  const companyId = requireCompanyId(actor);
  const note = await CreditNote.findOne({ where: { id: creditNoteId, issuedFor: companyId, issuedBy: supplierId, deletedAt: null }, attributes: ["id"] });
  if (!note) throw notFound(CREDIT_NOTE_NOT_FOUND);
  const allocations = await CreditNoteAllocation.findAll({ where: { creditNoteId }, attributes: ["invoiceId", "allocatedAmount"] });
  const held = new Map(allocations.map((a) => [a.invoiceId, a.allocatedAmount]));

  const scope: WhereOptions<Invoice> = { issuedFor: companyId, issuedBy: supplierId, deletedAt: null };
  const openWhere: WhereOptions<Invoice> = {
    ...scope,
    paidDate: null,
    [Op.and]: [
      { [Op.or]: [{ billStatus: null }, { billStatus: { [Op.ne]: "PAID" } }] },
      { [Op.or]: [{ invoiceStatus: null }, { invoiceStatus: { [Op.notIn]: ["PAID", "PAYMENT_RECEIVED"] } }] },
      Invoice.sequelize!.literal(`"Invoice"."total" - "Invoice"."credit_note_value" - "Invoice"."total_paid" > 0`),
    ],
  };
  const order: [string, string][] = [
    ["dueDate", "ASC"],
    ["id", "ASC"],
  ];
  const openLimit = Math.min(Math.max(options.openLimit ?? INITIAL_BILL_COUNT, INITIAL_BILL_COUNT), MAX_SELECTION_SIZE);
  const [open, openTotal] = await Promise.all([Invoice.findAll({ where: openWhere, order, limit: openLimit }), Invoice.count({ where: openWhere })]);

  const heldIds = [...held.keys()];
  const wantedIds = options.selected
    ? [...new Set([...heldIds, ...options.selected])]
    : [...new Set([...heldIds, ...open.slice(0, INITIAL_BILL_COUNT).map((b) => b.id)])];
  const bills = wantedIds.length === 0 ? [] : await Invoice.findAll({ where: { ...scope, id: { [Op.in]: wantedIds } }, order });
  // Bills holding this note's credit first (they were allocated before), then the rest, each by due date.
  const sorted = [...bills.filter((b) => held.has(b.id)), ...bills.filter((b) => !held.has(b.id))];
  return { bills: sorted.map((bill) => toAllocatable(bill, held)), open: open.map((bill) => toAllocatable(bill, held)), openTotal };
}

/**
 * Bill Details (p2 §2): the bill, its items, and the credit notes applied to it (the Credit Applied view).
 * `supplierId` given (the supplier page): the bill must be from that supplier.
 */
export async function getBillDetails(actor: Actor, billId: number, options: { supplierId?: number } = {}): Promise<BillDetails> {
  const companyId = requireCompanyId(actor);
  const where: WhereOptions<Invoice> = { id: billId, issuedFor: companyId, deletedAt: null };
  if (options.supplierId !== undefined) Object.assign(where, { issuedBy: options.supplierId });
  const bill = await Invoice.findOne({
    where,
    include: [
      { model: InvoiceItem, as: "items", required: false },
      {
        model: CreditNoteAllocation,
        as: "creditNoteAllocations",
        required: false,
        include: [{ model: CreditNote, as: "creditNote", required: true, where: { issuedFor: companyId, deletedAt: null } }],
      },
    ],
    order: [
      [{ model: InvoiceItem, as: "items" }, "itemNumber", "ASC"],
      [{ model: CreditNoteAllocation, as: "creditNoteAllocations" }, "id", "ASC"],
    ],
  });
  if (!bill) throw notFound(BILL_NOT_FOUND);
  const document = bill.ripeBillDocumentId
    ? await BillDocument.findOne({ where: { id: bill.ripeBillDocumentId, companyId }, attributes: ["autoProcessed"] })
    : null;
  return {
    id: bill.id,
    invoiceNumber: bill.invoiceNumber,
    orderNumber: bill.orderNumber,
    supplierId: bill.issuedBy,
    supplierName: bill.issuedByCompanyName,
    issueDate: bill.issueDate,
    dueDate: bill.dueDate,
    total: bill.total,
    creditApplied: bill.creditNoteValue,
    totalPaid: bill.totalPaid,
    discountedTotal: bill.discountedTotal,
    billStatus: bill.billStatus,
    paidDate: bill.paidDate,
    autoProcessed: document?.autoProcessed === true,
    items: (bill.items ?? []).map((item) => ({
      itemNumber: item.itemNumber,
      description: item.description,
      units: item.units,
      unitType: item.unitType,
      unitPrice: item.unitPrice,
      amount: item.amount,
    })),
    creditNotes: (bill.creditNoteAllocations ?? [])
      .filter((allocation) => allocation.creditNote)
      .map((allocation) => ({
        creditNoteId: allocation.creditNoteId,
        creditNumber: allocation.creditNote!.creditNumber,
        supplierReference: allocation.creditNote!.supplierReference,
        issueDate: allocation.creditNote!.issueDate,
        allocatedAmount: allocation.allocatedAmount,
      })),
  };
}
