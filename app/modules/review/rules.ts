/**
 * Pure rules of reviewing a bill document (issue 17; spec part 3 §4.1 actions, §4.2 locking, §5 authorise amount, §8
 * messages): which actions a document offers, the authorised amount's checks and ceiling, and the edit rules. No I/O:
 * the review service (review/service.server.ts) applies them under the document's lock.
 */
import type { BillDocumentMatchStatus, BillDocumentProcessingStatus } from "../../../db/models/bill-document-values";
import type { Cents } from "../../lib/money";

/** The spec's messages, character for character (p3 §4.1, §4.2, §5, §8). */
export const REVIEW_MESSAGES = {
  confirmed: "Document confirmed",
  deleted: "Document deleted",
  sentToPendingApproval: "Document sent for pending approval. Moving to next document",
  sentForReview: "Document sent for review. Moving to next document",
  cannotSendForReview: "Cannot send this document for review",
  confirmSendForReview: "Are you sure you want to send this bill for review?",
  confirmDelete: "Are you sure you want to delete this bill?",
  authorisedAmountRequired: "Authorised amount is required",
  authorisedAmountPositive: "Authorised amount should be greater than 0",
  /** `{amount}` is the ceiling, formatted in the company's locale. */
  authorisedAmountTooHigh: (formattedCeiling: string) => `Authorised amount should not be greater than ${formattedCeiling}`,
  /** The PENDING_APPROVAL button: the amount is fixed to the invoice amount. */
  authoriseButton: (formattedAmount: string) => `Authorise ${formattedAmount}`,
  needsLock: "Document needs to be locked, before any changes are permitted",
  lockedBy: (name: string) => `This document is locked for editing by ${name}`,
  movingToNext: "Moving to the next one.",
  backToList: "Going back to list of bills.",
  archived: "This document has been archived. To retrieve it, please contact Earlybird support.",
  unmatchedEdited: "This unmatched bill has been edited",
  batchDeletePartial: (failed: number, selected: number) => `Could not delete ${failed} out of ${selected} selected documents`,
  batchDeleteFailed: "Could not delete documents",
  // The spec states the edit rules (p3 §4.1) without their texts: these four are ours.
  invoiceAmountMinimum: "Invoice amount should be at least 0.01",
  futureIssueDate: "Issue date cannot be in the future",
  notesTooLong: "Notes should be at most 512 characters",
  glAllocationReset: "Changing the invoice amount resets the GL code allocation",
  // Ours as well (the spec shows no text for these answers): decision 047.
  authorised: "Document authorised",
  actionNotAvailable: "This action is not available for this document",
  editingEnabled: "Editing enabled",
  editingDone: "Editing done",
  documentUpdated: "Document updated",
  supplierNotFound: "The supplier is not one of your contacts: add it before authorising",
  invoiceNumberMissing: "The invoice number is required before authorising",
} as const;

/** How long the lock message shows before the user is moved on (p3 §9 "Lock-redirect delay 3 seconds"). */
export const LOCK_REDIRECT_DELAY_MS = 3_000;
/**
 * How long a document lock lives without a renewal (p3 §4.2 "a lease that expires for abandoned locks"). The detail page
 * renews every 30 s and unlocks on leave (sendBeacon on tab close); a lock older than this may be taken over.
 */
export const DOCUMENT_LOCK_LEASE_MS = 120_000;
/** How often the detail page renews its lock: well inside the lease, so one lost heartbeat costs nothing. */
export const DOCUMENT_LOCK_RENEW_MS = 30_000;
/** Notes on a document (p3 §4.1 "notes at most 512 characters"; the column's check). */
export const NOTES_MAX_LENGTH = 512;
/** Smallest invoice amount a reviewer may enter (p3 §4.1 "Invoice amount minimum 0.01"). */
export const INVOICE_AMOUNT_MIN_CENTS = 1;

export type ReviewAction =
  | "CONFIRM"
  | "SEND_TO_PENDING_APPROVAL"
  | "AUTHORISE"
  | "SEND_FOR_REVIEW"
  | "ENABLE_EDITING"
  | "DONE_EDITING"
  | "SUBMIT_FOR_PROCESSING"
  | "DELETE";

/** The reasons for which 'Send to Pending Approval' is offered (p3 §4.1). */
export const PENDING_APPROVAL_REASONS: readonly BillDocumentMatchStatus[] = ["ORDER_NOT_FOUND_OCR", "ORDER_NOT_FOUND_GPOS", "AMOUNT_OVER", "AMOUNT_UNDER"];

export interface ActionContext {
  processingStatus: BillDocumentProcessingStatus;
  matchStatus: BillDocumentMatchStatus | null;
  /** The company's lite mode (entity settings' isRipeEnabled through the isRipeLiteEnabled path). */
  liteMode: boolean;
  /** The feature flag sendToPendingApprovalEnabled. */
  sendToPendingApprovalEnabled: boolean;
  /** A confirmed (PROCESSING) bill whose editing the reviewer switched on. */
  editing: boolean;
}

/**
 * The actions a document offers, in the order the detail page shows them (p3 §4.1). Delete is offered for every type
 * but AUTHORISED; documents the processing job still holds (QUEUED, RETRY) or could not read (FAILED) offer only Delete,
 * and DELETED none.
 */
export function actionsFor(context: ActionContext): ReviewAction[] {
  const { processingStatus: status } = context;
  const actions: ReviewAction[] = [];
  switch (status) {
    case "PENDING_REVIEW":
    case "BLOCKED":
      actions.push("CONFIRM");
      if (context.liteMode && context.sendToPendingApprovalEnabled && context.matchStatus && PENDING_APPROVAL_REASONS.includes(context.matchStatus))
        actions.push("SEND_TO_PENDING_APPROVAL");
      break;
    case "VARIANCE":
      actions.push("AUTHORISE", "SEND_FOR_REVIEW");
      break;
    case "PENDING_APPROVAL":
      actions.push("AUTHORISE");
      break;
    case "PROCESSING":
      actions.push(context.editing ? "DONE_EDITING" : "ENABLE_EDITING");
      break;
    case "UNMATCHED":
      actions.push("SUBMIT_FOR_PROCESSING");
      break;
    case "AUTHORISED":
    case "DELETED":
      return [];
    default:
      break;
  }
  actions.push("DELETE");
  return actions;
}

/**
 * Whether a reviewer may change the document's fields (p3 §4.1): the review lists' documents, and a confirmed
 * (PROCESSING) bill only while its editing is switched on. Not the processing job's (QUEUED, RETRY), not FAILED,
 * AUTHORISED or DELETED.
 */
export function canEditDocument(context: Pick<ActionContext, "processingStatus" | "editing">): boolean {
  switch (context.processingStatus) {
    case "PENDING_REVIEW":
    case "BLOCKED":
    case "VARIANCE":
    case "PENDING_APPROVAL":
    case "UNMATCHED":
      return true;
    case "PROCESSING":
      return context.editing;
    default:
      return false;
  }
}

/** Send for Review is for variances only (p3 §4.1, §8 'Cannot send this document for review'). */
export function canSendForReview(status: BillDocumentProcessingStatus): boolean {
  return status === "VARIANCE";
}

/**
 * The most a reviewer may authorise (p3 §5 "the invoice amount (or the POS amount, depending on the state) plus a
 * tolerance"; decision 052): the reference amount plus the company's tolerance. For a VARIANCE with a known order the
 * reference is the lower of the invoice and the purchase order: an invoice over its order (AMOUNT_OVER) is paid at most
 * what was ordered, one under it (AMOUNT_UNDER) at most what was billed, never more than the supplier asked. Otherwise
 * the invoice amount. Null when there is no reference amount (nothing can be authorised).
 */
export function authoriseCeiling(input: {
  processingStatus: BillDocumentProcessingStatus;
  invoiceAmount: Cents | null;
  posAmount: Cents | null;
  toleranceCents: Cents;
}): Cents | null {
  const { invoiceAmount, posAmount } = input;
  const reference =
    input.processingStatus === "VARIANCE" && posAmount !== null
      ? invoiceAmount === null
        ? posAmount
        : (Math.min(invoiceAmount, posAmount) as Cents)
      : invoiceAmount;
  if (reference === null) return null;
  return (reference + input.toleranceCents) as Cents;
}

/** The authorised amount a PENDING_APPROVAL document is authorised for: fixed to its invoice amount (p3 §4.1). */
export function fixedAuthoriseAmount(status: BillDocumentProcessingStatus, invoiceAmount: Cents | null): Cents | null {
  return status === "PENDING_APPROVAL" ? invoiceAmount : null;
}

export type AmountCheck = { ok: true; amount: Cents } | { ok: false; message: string };

/**
 * Checks an authorised amount in cents (null: nothing entered) against the ceiling, with the spec's messages in order:
 * required, greater than 0, not greater than the ceiling. `format` writes the ceiling in the company's locale.
 */
export function checkAuthorisedAmount(amount: Cents | null, ceiling: Cents | null, format: (cents: Cents) => string): AmountCheck {
  if (amount === null) return { ok: false, message: REVIEW_MESSAGES.authorisedAmountRequired };
  if (amount <= 0) return { ok: false, message: REVIEW_MESSAGES.authorisedAmountPositive };
  if (ceiling === null) return { ok: false, message: REVIEW_MESSAGES.authorisedAmountRequired };
  if (amount > ceiling) return { ok: false, message: REVIEW_MESSAGES.authorisedAmountTooHigh(format(ceiling)) };
  return { ok: true, amount };
}

/**
 * The authorise field's pre-fill: with flexible allocation (p3 §4.1) and line items, their sum (the page locks it);
 * otherwise what may be paid before the tolerance (decision 052): the lower of the invoice and its order for a VARIANCE,
 * else the invoice amount. So the pre-filled value is always one the ceiling accepts.
 */
export function prefilledAuthoriseAmount(input: {
  lineItems: readonly { amount: Cents }[];
  invoiceAmount: Cents | null;
  posAmount: Cents | null;
  processingStatus: BillDocumentProcessingStatus;
  flexibleAllocation: boolean;
}): Cents | null {
  const { lineItems, invoiceAmount, posAmount } = input;
  if (input.flexibleAllocation && lineItems.length > 0) return lineItems.reduce((sum, item) => sum + item.amount, 0) as Cents;
  if (input.processingStatus === "VARIANCE" && posAmount !== null) return (invoiceAmount === null ? posAmount : Math.min(invoiceAmount, posAmount)) as Cents;
  return invoiceAmount;
}

export interface DocumentEdit {
  invoiceAmount?: Cents | null;
  issueDate?: string | null;
  userNotes?: string | null;
}

/** Field errors of a reviewer's edit (p3 §4.1): invoice amount at least 0.01, issue date not after today, notes ≤ 512. */
export function checkDocumentEdit(edit: DocumentEdit, today: string): Partial<Record<keyof DocumentEdit, string>> {
  const errors: Partial<Record<keyof DocumentEdit, string>> = {};
  if (edit.invoiceAmount !== undefined && edit.invoiceAmount !== null && edit.invoiceAmount < INVOICE_AMOUNT_MIN_CENTS)
    errors.invoiceAmount = REVIEW_MESSAGES.invoiceAmountMinimum;
  if (edit.issueDate && edit.issueDate > today) errors.issueDate = REVIEW_MESSAGES.futureIssueDate;
  if (edit.userNotes && [...edit.userNotes].length > NOTES_MAX_LENGTH) errors.userNotes = REVIEW_MESSAGES.notesTooLong;
  return errors;
}

/** Changing the invoice amount resets the GL code allocation (p3 §4.1): true when the edit changes it. */
export function editResetsAllocation(before: Cents | null, after: Cents | null | undefined): boolean {
  return after !== undefined && after !== before;
}
