/**
 * The supplier bills page /suppliers/{supplierId} (p3 §2.2, §4.9; p2 §7 GET /payables-summaries/details) and its
 * bulk actions (p3 §4.9 "Bulk delete, include and exclude are available on selected bills").
 *
 * The supplier is a companies row that has at least one live bill or credit note with the actor's company (as
 * purchaser); anyone else's supplier, or a company with no records with us, is "Supplier not found" (404).
 *
 * Period: the table shows the bills due in one calendar month (the due date is a calendar day, so a bill due on the
 * last day of the month, up to 23:59:59 there, is in that month) and the supplier's credit notes issued in that
 * month or still holding unallocated credit (the details call's includeUnallocatedCreditNotes). Today, and so the
 * current month, is the company's (D1). The pending-invoices card counts the unpaid bills due outside the period.
 *
 * Queries: the supplier (one), the period's bills with their offer context (one), the credit notes (one, through the
 * credit notes service), the pending card (one). Row statuses come from the invoices rules.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { isFeatureEnabled } from "../settings/service.server";
import type { Cents } from "../../lib/money";
import { deleteRecords, setIncludeInPurchaserOffer } from "../invoices/bulk.server";
import {
  BILL_NOT_FOUND,
  CREDIT_NOTE_NOT_FOUND,
  deleteCreditNotes,
  listCreditNotes,
  SUPPLIER_NOT_FOUND,
  type CreditNoteView,
} from "../invoices/credit-notes.server";
import { totalPages } from "../invoices/filters";
import { companyDisplayState, supplierBillsRow, type SupplierBillsStatus } from "../invoices/rules";
import { billStatusOf, cents, fetchBills, isPaidBill, payablesContext, type PayablesContext, type RawBill } from "./bills.server";
import {
  deleteToast,
  includeToast,
  monthLabel,
  monthOf,
  monthRange,
  parseSupplierBillsQuery,
  serializeSupplierBillsQuery,
  type SupplierBillsChip,
} from "./query";
import { fetchSuppliers } from "./suppliers-tab.server";
import type { SupplierBillsData, SupplierBillsRowView } from "./types";

export { SUPPLIER_NOT_FOUND };

function supplierNotFound(): AppError {
  return new AppError(404, SUPPLIER_NOT_FOUND, { code: "NOT_FOUND" });
}

async function findSupplier(ctx: PayablesContext, supplierId: number) {
  if (!Number.isSafeInteger(supplierId) || supplierId <= 0) throw supplierNotFound();
  const [supplier] = await fetchSuppliers(ctx.companyId, { supplierId });
  if (!supplier) throw supplierNotFound();
  return supplier;
}

const CHIP_OF: Partial<Record<SupplierBillsStatus, SupplierBillsChip>> = {
  PAYMENT_OFFERED: "PAYMENT_OFFERED",
  CASHBACK_AVAILABLE: "CASHBACK_AVAILABLE",
  PAID: "PAID",
  UNALLOCATED: "UNALLOCATED_CREDIT",
  PARTIALLY_ALLOCATED: "UNALLOCATED_CREDIT",
};

interface BuiltRow {
  view: SupplierBillsRowView;
  chip: SupplierBillsChip | null;
  sortKey: string;
}

function billRow(bill: RawBill, ctx: PayablesContext, base: string, listSearch: string): BuiltRow {
  const billRowResult = billStatusOf(bill, ctx);
  const paid = isPaidBill(bill);
  const offersEnabled = bill.offers_enabled ?? false;
  const status: SupplierBillsStatus = billRowResult.statusCode;
  const row = supplierBillsRow({
    record: {
      type: "BILL",
      status,
      dueDate: bill.due_date,
      cashReward: billRowResult.cashback,
      includedInPurchaserOffer: bill.include_in_purchaser_offer,
      notified: bill.sent_to_supplier,
      contactEmail: bill.contact_email,
      topupPending: bill.so_status === "TOPUP_PENDING",
      notEligibleReason: billRowResult.reason,
    },
    today: ctx.today,
    isPurchaserOffersEnabled: offersEnabled,
    companyOwedStatus: bill.company_status,
    locale: ctx.locale,
  });
  const paidCashback = paid ? cents(bill.cash_reward_c) : 0;
  return {
    chip: CHIP_OF[status] ?? null,
    // The date shown in the Payment date column, so the table reads in order.
    sortKey: `${paid ? bill.paid_date ?? bill.due_date : bill.due_date}|0|${String(bill.id).padStart(12, "0")}`,
    view: {
      key: `BILL-${bill.id}`,
      id: bill.id,
      type: "BILL",
      issueDate: bill.issue_date,
      number: bill.invoice_number,
      paymentDate: paid ? bill.paid_date ?? bill.due_date : bill.due_date,
      amountDue: cents(bill.amount_due_c),
      status: { display: row.display, label: row.label, tooltip: row.tooltip, offer: row.offer, code: status },
      cashback: billRowResult.cashback ?? (paidCashback > 0 ? paidCashback : null),
      action: row.action,
      actionHref: row.action === "View" ? `${base}/bills/${bill.id}${listSearch}` : null,
      inviteNeedsEmail: row.action === "Invite" && row.opensContactEmailEdit,
      includeInPurchaserOffer: bill.include_in_purchaser_offer,
      selectable: !paid,
    },
  };
}

function creditNoteRow(
  note: CreditNoteView,
  ctx: PayablesContext,
  offersEnabled: boolean,
  companyStatus: RawBill["company_status"],
  base: string,
  listSearch: string
): BuiltRow {
  const status = note.status as SupplierBillsStatus;
  const row = supplierBillsRow({
    record: {
      type: "CREDIT_NOTE",
      status,
      dueDate: null,
      cashReward: null,
      includedInPurchaserOffer: false,
      notified: false,
      contactEmail: null,
      topupPending: false,
    },
    today: ctx.today,
    isPurchaserOffersEnabled: offersEnabled,
    companyOwedStatus: companyStatus,
    locale: ctx.locale,
  });
  const href = row.action === "Allocate" ? `${base}/credit-notes/${note.id}/allocate${listSearch}` : `${base}/credit-notes/${note.id}${listSearch}`;
  return {
    chip: CHIP_OF[status] ?? null,
    sortKey: `${note.issueDate ?? "0000-00-00"}|1|${String(note.id).padStart(12, "0")}`,
    view: {
      key: `CREDIT_NOTE-${note.id}`,
      id: note.id,
      type: "CREDIT_NOTE",
      issueDate: note.issueDate,
      number: note.creditNumber,
      paymentDate: null,
      amountDue: -note.unallocatedTotal as Cents,
      status: { display: row.display, label: row.label, tooltip: row.tooltip, offer: row.offer, code: status },
      cashback: null,
      action: row.action,
      actionHref: href,
      inviteNeedsEmail: false,
      includeInPurchaserOffer: false,
      selectable: true,
    },
  };
}

/** GET /payables-summaries/details for one supplier and one period, shaped for the page. */
export async function loadSupplierBills(actor: Actor, supplierId: number, params: URLSearchParams, options: { now?: Date } = {}): Promise<SupplierBillsData> {
  const ctx = await payablesContext(actor, options.now);
  const supplier = await findSupplier(ctx, supplierId);
  const currentMonth = monthOf(ctx.today);
  const historicalEnabled = await isFeatureEnabled("historicalInvoices");
  const { query, issues } = parseSupplierBillsQuery(params, currentMonth, { historical: historicalEnabled });
  const { month } = query;
  const { start, end } = monthRange(month);
  const search = serializeSupplierBillsQuery(query, currentMonth).toString();
  const listSearch = search ? `?${search}` : "";
  const base = `/suppliers/${supplier.id}`;
  const offersEnabled = supplier.offers_enabled ?? false;

  const [bills, notes, [pending]] = await Promise.all([
    fetchBills(ctx.companyId, "i.issued_by = :supplierId AND i.due_date BETWEEN CAST(:start AS date) AND CAST(:end AS date)", {
      supplierId: supplier.id,
      start,
      end,
    }),
    listCreditNotes(actor, { supplierId: supplier.id }),
    sequelize.query<{ count: string; total_c: string }>(
      `SELECT count(*) AS count, COALESCE(sum(discounted_total * 100), 0)::bigint AS total_c
       FROM invoices
       WHERE issued_for = :companyId AND issued_by = :supplierId AND deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID'
         AND (due_date < CAST(:start AS date) OR due_date > CAST(:end AS date))`,
      { type: QueryTypes.SELECT, replacements: { companyId: ctx.companyId, supplierId: supplier.id, start, end } }
    ),
  ]);

  const billRows = bills.map((bill) => billRow(bill, ctx, base, listSearch));
  const noteRows = notes
    .filter((note) => note.unallocatedTotal > 0 || (note.issueDate !== null && note.issueDate >= start && note.issueDate <= end))
    .map((note) => creditNoteRow(note, ctx, offersEnabled, supplier.status, base, listSearch));

  const card = { amountDue: 0, cashbackAvailable: 0, paid: 0, unallocatedCreditNoteBalance: cents(supplier.unallocated_c) };
  for (const bill of bills) {
    if (isPaidBill(bill)) card.paid += cents(bill.total_paid_c);
    else card.amountDue += cents(bill.amount_due_c);
  }
  for (const row of billRows) if (row.view.status.code !== "PAID") card.cashbackAvailable += row.view.cashback ?? 0;

  const all = [...billRows, ...noteRows].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const matching = query.status === null ? all : all.filter((row) => row.chip === query.status);
  const total = matching.length;
  const page = Math.min(query.page, Math.max(1, totalPages(total, query.size)));

  return {
    supplier: {
      id: supplier.id,
      name: supplier.company_name,
      display: companyDisplayState(
        { status: supplier.status, verificationStatus: supplier.verification_status },
        { isPurchaserOffersEnabled: supplier.offers_enabled ?? true }
      ),
      status: supplier.status,
      isPurchaserOffersEnabled: offersEnabled,
      email: supplier.contact_email,
    },
    query: { ...query, page },
    currentMonth,
    period: { month, start, end, label: monthLabel(month) },
    historicalEnabled,
    card,
    pending: { count: Number(pending.count), total: cents(pending.total_c) },
    rows: matching.slice((page - 1) * query.size, page * query.size).map((row) => row.view),
    total,
    page,
    locale: ctx.locale,
    refused: issues.length > 0,
    search,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Bulk actions

export interface Selection {
  billIds: number[];
  creditNoteIds: number[];
}

/** Keeps the selected ids that are this supplier's live records with the actor's company; the rest are dropped. */
async function scopeSelection(ctx: PayablesContext, supplierId: number, selection: Selection) {
  const billIds = [...new Set(selection.billIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const creditNoteIds = [...new Set(selection.creditNoteIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const bills = billIds.length ? await fetchBills(ctx.companyId, "i.issued_by = :supplierId AND i.id IN (:billIds)", { supplierId, billIds }) : [];
  const notes = creditNoteIds.length
    ? await sequelize.query<{ id: number; credit_number: string }>(
        `SELECT id, credit_number FROM credit_notes WHERE issued_for = :companyId AND issued_by = :supplierId AND deleted_at IS NULL AND id IN (:creditNoteIds) ORDER BY id`,
        { type: QueryTypes.SELECT, replacements: { companyId: ctx.companyId, supplierId, creditNoteIds } }
      )
    : [];
  return { bills, notes };
}

/**
 * The row actions the supplier page shares with /bills (Invite, Notify, Pay Now, Cancel, Edit Contact Email; decision
 * 063) run the /bills services, which scope by the actor's company; this also holds them to the supplier in the URL:
 * every id must be a live bill of this supplier to the actor's company, else "Bill not found" (404) and nothing runs.
 */
export async function requireSupplierBills(actor: Actor, supplierId: number, billIds: number[]): Promise<void> {
  const ctx = await payablesContext(actor);
  const supplier = await findSupplier(ctx, supplierId);
  const wanted = [...new Set(billIds)];
  if (wanted.length === 0 || wanted.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new AppError(404, BILL_NOT_FOUND, { code: "NOT_FOUND" });
  const { bills } = await scopeSelection(ctx, supplier.id, { billIds: wanted, creditNoteIds: [] });
  if (bills.length !== wanted.length) throw new AppError(404, BILL_NOT_FOUND, { code: "NOT_FOUND" });
}

export interface SelectionSummary {
  supplierName: string;
  bills: { id: number; number: string }[];
  creditNotes: { id: number; number: string }[];
}

/** The Confirm Delete dialog: what would be deleted (only this supplier's records of the actor's company). */
export async function describeSelection(actor: Actor, supplierId: number, selection: Selection): Promise<SelectionSummary> {
  const ctx = await payablesContext(actor);
  const supplier = await findSupplier(ctx, supplierId);
  const { bills, notes } = await scopeSelection(ctx, supplier.id, selection);
  return {
    supplierName: supplier.company_name,
    bills: bills.map((bill) => ({ id: bill.id, number: bill.invoice_number })),
    creditNotes: notes.map((note) => ({ id: note.id, number: note.credit_number })),
  };
}

export type Toast = { type: "success" | "error" | "info" | "warning"; message: string };

/**
 * Deletes the selected bills (DELETE /invoice/batch, type BILL) and credit notes (DELETE /credit-note/batch), each
 * record on its own, and says what happened in one toast (p2 §8). Ids that are not this supplier's count as failed.
 */
export async function deleteSupplierRecords(actor: Actor, supplierId: number, selection: Selection): Promise<Toast> {
  const ctx = await payablesContext(actor);
  const supplier = await findSupplier(ctx, supplierId);
  const requestedBills = new Set(selection.billIds).size;
  const requestedNotes = new Set(selection.creditNoteIds).size;
  if (requestedBills + requestedNotes === 0) return { type: "info", message: "Select at least one bill or credit note" };
  const { bills, notes } = await scopeSelection(ctx, supplier.id, selection);
  let deleted = 0;
  let firstError: string | null = bills.length < requestedBills ? BILL_NOT_FOUND : notes.length < requestedNotes ? CREDIT_NOTE_NOT_FOUND : null;
  if (bills.length) {
    try {
      const result = await deleteRecords({ ...actor, companyId: ctx.companyId }, { invoiceIds: bills.map((bill) => bill.id), type: "BILL" });
      deleted += result.results.filter((r) => r.status === "SUCCESS").length;
      firstError ??= result.results.find((r) => r.status === "FAILED")?.message ?? null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      firstError ??= error.message;
    }
  }
  if (notes.length) {
    const results = await deleteCreditNotes(
      actor,
      notes.map((note) => note.id)
    );
    deleted += results.filter((r) => r.status === "SUCCESS").length;
    firstError ??= results.find((r) => r.status === "FAILED")?.message ?? null;
  }
  return deleteToast({ bills: requestedBills, creditNotes: requestedNotes, deleted, firstError });
}

/**
 * Include or exclude the selected bills of this supplier in the purchaser offer (PATCH /invoice
 * /include_in_purchaser_offer). Applicable: unpaid bills whose flag differs. `allUnpaid` takes every unpaid bill of
 * the supplier instead of a selection (the Suppliers tab's row action).
 */
export async function setSupplierBillsInclusion(
  actor: Actor,
  supplierId: number,
  input: { billIds: number[]; allUnpaid: boolean; include: boolean }
): Promise<Toast & { changedIds?: number[] }> {
  const ctx = await payablesContext(actor);
  const supplier = await findSupplier(ctx, supplierId);
  const bills = input.allUnpaid
    ? await fetchBills(ctx.companyId, "i.issued_by = :supplierId AND i.bill_status IS DISTINCT FROM 'PAID'", { supplierId: supplier.id })
    : (await scopeSelection(ctx, supplier.id, { billIds: input.billIds, creditNoteIds: [] })).bills;
  const applicable = bills.filter((bill) => !isPaidBill(bill) && bill.include_in_purchaser_offer !== input.include);
  // Bulk Include only when the supplier has offers enabled (p2 §2).
  if (input.include && !(supplier.offers_enabled ?? false)) return includeToast(true, { applicable: 0, updated: 0, error: null });
  if (applicable.length === 0) return includeToast(input.include, { applicable: 0, updated: 0, error: null });
  try {
    const result = await setIncludeInPurchaserOffer(
      { ...actor, companyId: ctx.companyId },
      applicable.map((bill) => bill.id),
      input.include
    );
    const failed = result.results.find((r) => !r.updated);
    const toast = includeToast(input.include, { applicable: applicable.length, updated: result.updated, error: failed ? failed.message : null });
    // The bills this call changed, for an Undo that reverts exactly them (decision 068).
    const changedIds = result.results.filter((r) => r.updated).map((r) => r.id);
    return changedIds.length > 0 ? { ...toast, changedIds } : toast;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return includeToast(input.include, { applicable: applicable.length, updated: 0, error: error.message });
  }
}
