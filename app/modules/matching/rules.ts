/**
 * Document matching rules (decisions D6; spec part 3 §3, §4.1, §5, §9; docs/decisions/044-document-matching.md).
 * Pure: no I/O, no clock. The service (service.server.ts) reads the rows these rules need and writes what they decide.
 *
 * Each D6 reason is one function answering "does this reason hold?" (null when it does not). `decideMatch` applies them
 * in MATCH_PRECEDENCE order, first that holds wins: the reason a reviewer must clear first is the one shown. A document
 * that passes them all is MATCHED; in the AUTOMATIC queue it becomes an AUTHORISED bill without a person.
 */
import type { Cents } from "../../lib/money";
import { isDateInLockedPeriod } from "../period-lock/rules";

export const MATCH_REASONS = [
  "INVOICE_DETAILS_MISSING",
  "CONTACT_NOT_FOUND",
  "POTENTIAL_DUPLICATE",
  "EXPIRED",
  "ORDER_NOT_FOUND_OCR",
  "ORDER_NOT_FOUND_GPOS",
  "ALREADY_CLOSED",
  "STATUS_MISMATCH",
  "AMOUNT_OVER",
  "AMOUNT_UNDER",
] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
export type MatchStatus = MatchReason | "MATCHED";

/**
 * The order the reasons are checked in (first that holds is the document's match status). Missing data first (nothing
 * else can be judged without it); then what blocks a bill whatever its purchase order says (unknown supplier, a bill
 * that already exists, a locked period); then the purchase order: not read, not found, closed or not billable, amount.
 */
export const MATCH_PRECEDENCE: readonly MatchReason[] = MATCH_REASONS;

/** Part 3 §4.1's labels, exactly, for the review lists. */
export const MATCH_REASON_LABELS: Record<MatchReason, string> = {
  ORDER_NOT_FOUND_OCR: "No PO Found",
  ORDER_NOT_FOUND_GPOS: "No PO Match",
  STATUS_MISMATCH: "No Status Match",
  AMOUNT_UNDER: "Variance Found",
  AMOUNT_OVER: "Variance Found",
  ALREADY_CLOSED: "Closed Bill",
  EXPIRED: "Period Locked",
  INVOICE_DETAILS_MISSING: "Missing Data",
  POTENTIAL_DUPLICATE: "Duplicate Bill",
  CONTACT_NOT_FOUND: "Contact Not Found",
};

export function matchReasonLabel(status: MatchStatus | null | undefined): string | null {
  return status && status !== "MATCHED" ? MATCH_REASON_LABELS[status] : null;
}

/** §9 "Authorisation tolerance default 5": dollars (company_settings.authorisation_tolerance, numeric(14,2)). */
export const DEFAULT_TOLERANCE_CENTS: Cents = 500;

export type ProcessingQueue = "AUTOMATIC" | "MANUAL";
/** The processing statuses matching gives (the bill types of §4.1 that hold documents). */
export type MatchedProcessingStatus = "PENDING_REVIEW" | "BLOCKED" | "VARIANCE" | "PENDING_APPROVAL" | "AUTHORISED";
export type PurchaseOrderStatus = "OPEN" | "RECEIPTED" | "CLOSED";

/** The fields extraction read (null when not read). */
export interface DocumentFields {
  supplierName: string | null;
  invoiceNumber: string | null;
  orderNumber: string | null;
  /** YYYY-MM-DD. */
  issueDate: string | null;
  amountCents: Cents | null;
}

/** Which of the fields a bill needs are missing (the order number has its own reason, ORDER_NOT_FOUND_OCR). */
export function missingFields(fields: DocumentFields): (keyof DocumentFields)[] {
  const missing: (keyof DocumentFields)[] = [];
  if (!fields.supplierName?.trim()) missing.push("supplierName");
  if (!fields.invoiceNumber?.trim()) missing.push("invoiceNumber");
  if (!fields.issueDate) missing.push("issueDate");
  if (fields.amountCents === null || fields.amountCents <= 0) missing.push("amountCents");
  return missing;
}

// ---- One function per reason ----------------------------------------------------------------------------------------

/** INVOICE_DETAILS_MISSING: supplier, invoice number, issue date or a positive amount not read. */
export function invoiceDetailsMissing(fields: DocumentFields): "INVOICE_DETAILS_MISSING" | null {
  return missingFields(fields).length > 0 ? "INVOICE_DETAILS_MISSING" : null;
}

/** CONTACT_NOT_FOUND: the supplier is not among the buyer's counterparties. */
export function contactNotFound(counterpartyFound: boolean): "CONTACT_NOT_FOUND" | null {
  return counterpartyFound ? null : "CONTACT_NOT_FOUND";
}

export interface BillKey {
  /** The supplier company (counterparty's company) id. */
  supplierCompanyId: number;
  invoiceNumber: string;
  amountCents: Cents;
}

/** Invoice numbers compare trimmed and case-blind ("inv-001 " is INV-001). */
export const normaliseInvoiceNumber = (value: string) => value.trim().replace(/\s+/g, " ").toUpperCase();

/**
 * POTENTIAL_DUPLICATE: a live bill or another live document with the same supplier, number and amount. A bill with the
 * same supplier and number but another amount counts too (`sameNumberBill`): the bill could not be created beside it
 * (one number per supplier and purchaser), so a person must look.
 */
export function potentialDuplicate(document: BillKey, others: readonly BillKey[], sameNumberBill = false): "POTENTIAL_DUPLICATE" | null {
  if (sameNumberBill) return "POTENTIAL_DUPLICATE";
  const number = normaliseInvoiceNumber(document.invoiceNumber);
  const found = others.some(
    (other) => other.supplierCompanyId === document.supplierCompanyId && other.amountCents === document.amountCents && normaliseInvoiceNumber(other.invoiceNumber) === number
  );
  return found ? "POTENTIAL_DUPLICATE" : null;
}

/** EXPIRED: the issue date is in a locked period (the lock date that applies: the company's or the counterparty's). */
export function periodExpired(issueDate: string | null, lockDate: string | null): "EXPIRED" | null {
  return isDateInLockedPeriod(issueDate, lockDate) ? "EXPIRED" : null;
}

/** ORDER_NOT_FOUND_OCR: no order number was read. */
export function orderNumberNotRead(orderNumber: string | null): "ORDER_NOT_FOUND_OCR" | null {
  return orderNumber?.trim() ? null : "ORDER_NOT_FOUND_OCR";
}

/** What matching needs of a purchase order (purchase-orders' PurchaseOrderForMatch). */
export interface PurchaseOrderForRules {
  id: number;
  supplierName: string | null;
  supplierCompanyId: number | null;
  amountCents: Cents;
  status: PurchaseOrderStatus;
}

/**
 * Supplier names compare case-blind, without punctuation, with runs of spaces collapsed and "limited" as "ltd"
 * ("Kiwi Supplies Limited" is "KIWI SUPPLIES LTD.").
 */
export function normaliseSupplierName(value: string): string {
  return value
    .toLowerCase()
    .replace(/[.,'’"()]/g, " ")
    .replace(/&/g, " and ")
    .replace(/\blimited\b/g, "ltd")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * ORDER_NOT_FOUND_GPOS: the buyer has no purchase order with that number, or the one it has is another supplier's (by
 * company when the order names one, else by name).
 */
export function orderNotFound(
  purchaseOrder: PurchaseOrderForRules | null,
  supplier: { companyId: number; name: string } | null
): "ORDER_NOT_FOUND_GPOS" | null {
  if (!purchaseOrder) return "ORDER_NOT_FOUND_GPOS";
  if (!supplier) return null;
  if (purchaseOrder.supplierCompanyId !== null) return purchaseOrder.supplierCompanyId === supplier.companyId ? null : "ORDER_NOT_FOUND_GPOS";
  if (purchaseOrder.supplierName?.trim()) {
    return normaliseSupplierName(purchaseOrder.supplierName) === normaliseSupplierName(supplier.name) ? null : "ORDER_NOT_FOUND_GPOS";
  }
  return null;
}

/**
 * STATUS_MISMATCH / ALREADY_CLOSED: the order is not OPEN or RECEIPTED. A CLOSED order that a bill (or an authorised
 * document) was already raised against is ALREADY_CLOSED ('Closed Bill': billed and closed); a CLOSED order nobody
 * billed is STATUS_MISMATCH ('No Status Match': its status does not allow a bill until the buyer reopens it).
 */
export function purchaseOrderStatusReason(status: PurchaseOrderStatus, alreadyBilled: boolean): "ALREADY_CLOSED" | "STATUS_MISMATCH" | null {
  if (status === "OPEN" || status === "RECEIPTED") return null;
  return alreadyBilled ? "ALREADY_CLOSED" : "STATUS_MISMATCH";
}

/**
 * AMOUNT_OVER / AMOUNT_UNDER: the bill's amount is more than `toleranceCents` above or below the order's. A difference
 * of exactly the tolerance is within it (§5: the ceiling is the amount plus the tolerance).
 */
export function amountVariance(amountCents: Cents, orderAmountCents: Cents, toleranceCents: Cents): "AMOUNT_OVER" | "AMOUNT_UNDER" | null {
  const difference = amountCents - orderAmountCents;
  if (difference > toleranceCents) return "AMOUNT_OVER";
  if (difference < -toleranceCents) return "AMOUNT_UNDER";
  return null;
}

// ---- Queue, status, the whole decision ------------------------------------------------------------------------------

/** The counterparty's default processing queue, else the company's entity preference, else MANUAL. */
export function processingQueueFor(counterpartyQueue: ProcessingQueue | null | undefined, companyQueue: ProcessingQueue | null | undefined): ProcessingQueue {
  return counterpartyQueue ?? companyQueue ?? "MANUAL";
}

const STATUS_BY_REASON: Record<MatchReason, MatchedProcessingStatus> = {
  // §4.1 "Blocked reasons: missing data, period lock, duplicate bill, closed bill, contact not found."
  INVOICE_DETAILS_MISSING: "BLOCKED",
  EXPIRED: "BLOCKED",
  POTENTIAL_DUPLICATE: "BLOCKED",
  ALREADY_CLOSED: "BLOCKED",
  CONTACT_NOT_FOUND: "BLOCKED",
  // Pending review's tabs (the statistics: orderNotFoundOcr, orderNotFoundGpos, statusMismatch).
  ORDER_NOT_FOUND_OCR: "PENDING_REVIEW",
  ORDER_NOT_FOUND_GPOS: "PENDING_REVIEW",
  STATUS_MISMATCH: "PENDING_REVIEW",
  AMOUNT_OVER: "VARIANCE",
  AMOUNT_UNDER: "VARIANCE",
};

/**
 * The processing status (bill type) a match status gives. MATCHED: AUTHORISED in the AUTOMATIC queue (a bill without a
 * person), PENDING_APPROVAL in the MANUAL one (a person authorises the invoice amount).
 */
export function processingStatusFor(matchStatus: MatchStatus, queue: ProcessingQueue): MatchedProcessingStatus {
  if (matchStatus === "MATCHED") return queue === "AUTOMATIC" ? "AUTHORISED" : "PENDING_APPROVAL";
  return STATUS_BY_REASON[matchStatus];
}

/** Everything matching read for one document. */
export interface MatchInput {
  fields: DocumentFields;
  /** The buyer's counterparty the supplier name named, or null. */
  counterparty: { companyId: number; name: string; queue: ProcessingQueue | null } | null;
  companyQueue: ProcessingQueue | null;
  /** The live bills and other documents with the same supplier and invoice number. */
  sameNumber: readonly BillKey[];
  /** A live bill of the supplier with the same number (any amount). */
  sameNumberBill: boolean;
  /** The lock date that applies to this supplier's bills. */
  lockDate: string | null;
  /** The buyer's order with the document's (normalised) order number, or null. */
  purchaseOrder: PurchaseOrderForRules | null;
  /** A bill or an authorised document was already raised against that order. */
  purchaseOrderBilled: boolean;
  toleranceCents: Cents;
}

export interface MatchDecision {
  matchStatus: MatchStatus;
  /** Every reason that holds, in precedence order (the first is matchStatus). */
  reasons: MatchReason[];
  processingStatus: MatchedProcessingStatus;
  processingQueue: ProcessingQueue;
  /** The order's amount when an order was found (the document's posAmount). */
  posAmountCents: Cents | null;
  missing: (keyof DocumentFields)[];
}

/** Applies every rule in MATCH_PRECEDENCE order. */
export function decideMatch(input: MatchInput): MatchDecision {
  const { fields, counterparty, purchaseOrder } = input;
  const reasons: (MatchReason | null)[] = [invoiceDetailsMissing(fields), contactNotFound(counterparty !== null)];
  if (counterparty && fields.invoiceNumber && fields.amountCents !== null) {
    reasons.push(
      potentialDuplicate({ supplierCompanyId: counterparty.companyId, invoiceNumber: fields.invoiceNumber, amountCents: fields.amountCents }, input.sameNumber, input.sameNumberBill)
    );
  }
  reasons.push(periodExpired(fields.issueDate, input.lockDate), orderNumberNotRead(fields.orderNumber));
  if (fields.orderNumber?.trim()) {
    const notFound = orderNotFound(purchaseOrder, counterparty ? { companyId: counterparty.companyId, name: counterparty.name } : null);
    reasons.push(notFound);
    if (purchaseOrder && !notFound) {
      reasons.push(purchaseOrderStatusReason(purchaseOrder.status, input.purchaseOrderBilled));
      if (fields.amountCents !== null) reasons.push(amountVariance(fields.amountCents, purchaseOrder.amountCents, input.toleranceCents));
    }
  }
  const held = MATCH_PRECEDENCE.filter((reason) => reasons.includes(reason));
  const matchStatus: MatchStatus = held[0] ?? "MATCHED";
  const processingQueue = processingQueueFor(counterparty?.queue, input.companyQueue);
  const posMatched = purchaseOrder && !reasons.includes("ORDER_NOT_FOUND_GPOS") && fields.orderNumber?.trim();
  return {
    matchStatus,
    reasons: held,
    processingStatus: processingStatusFor(matchStatus, processingQueue),
    processingQueue,
    posAmountCents: posMatched ? purchaseOrder.amountCents : null,
    missing: missingFields(fields),
  };
}

/**
 * The statuses matching may (re)decide: a document being processed, sent for review (RETRY), or waiting in a list that
 * matching put it in. A person's decisions (PENDING_APPROVAL chosen, AUTHORISED, DELETED) and FAILED are left alone.
 */
export const REMATCHABLE_STATUSES = ["QUEUED", "PROCESSING", "RETRY", "PENDING_REVIEW", "BLOCKED", "VARIANCE", "UNMATCHED"] as const;

export function isRematchable(status: string): boolean {
  return (REMATCHABLE_STATUSES as readonly string[]).includes(status);
}
