/**
 * The review actions on a bill document (issue 17 parts 4-5; spec part 3 §4.1, §5, §8; decision 047): authorise,
 * confirm (and UNMATCHED's 'Submit for Processing'), send for review, send to pending approval, delete (one or a
 * batch), edit, and the PROCESSING list's editing toggle.
 *
 * Every action runs in one transaction that first calls requireDocumentLock (decision 045: the actor must hold the
 * document's live lock; the row is locked FOR UPDATE, so a double click queues behind the first and then sees its
 * result), is scoped to the actor's company (another company's id is 404 'Document not found'), refuses an action the
 * document's type does not offer (rules.actionsFor), and writes a bill_document_reviews row (action, from and to
 * status, user) and an audit entry. Each answers `{ document, message }` with the spec's success message.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BillDocument, type BillDocumentMatchStatus, type BillDocumentProcessingStatus } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { centsToDecimal, formatMoney, type Cents } from "../../lib/money";
import { audit } from "../audit/service.server";
import { findCompanyContext, requireCompanyId, type CompanyContext } from "../companies/service.server";
import { DOCUMENT_MESSAGES } from "../documents/rules";
import { LEARNABLE_FIELDS, type LearnableField, type LearnableValue } from "../extraction/anchors";
import { recordFieldCorrection } from "../extraction/service.server";
import { BILL_NUMBER_TAKEN, insertDocumentBills } from "../invoices/create.server";
import { defaultDueDate } from "../invoices/schema";
import { DEFAULT_TOLERANCE_CENTS } from "../matching/rules";
import { matchDocuments } from "../matching/service.server";
import { effectiveLockDate, isDateInLockedPeriod } from "../period-lock/rules";
import { counterpartyLocksEnabled } from "../period-lock/service.server";
import { getFeatureFlags } from "../settings/service.server";
import { lockDocument, requireDocumentLock, unlockDocument } from "./locking.server";
import {
  actionsFor,
  authoriseCeiling,
  canEditDocument,
  canSendForReview,
  checkAuthorisedAmount,
  checkDocumentEdit,
  editResetsAllocation,
  fixedAuthoriseAmount,
  REVIEW_MESSAGES,
  type ReviewAction,
} from "./rules";

/** What an action answers of the document after it (no file, no text). */
export interface ReviewedDocument {
  id: number;
  companyId: number;
  processingStatus: BillDocumentProcessingStatus;
  matchStatus: BillDocumentMatchStatus | null;
  supplierName: string | null;
  counterpartyId: number | null;
  invoiceNumber: string | null;
  orderNumber: string | null;
  invoiceAmount: Cents | null;
  posAmount: Cents | null;
  dateIssue: string | null;
  dueDate: string | null;
  userNotes: string | null;
  edited: boolean;
  editing: boolean;
  /** When a reviewer confirmed it into PROCESSING (null otherwise). */
  confirmedAt: string | null;
  autoProcessed: boolean;
  authorisedAmount: Cents | null;
  authorisedAt: string | null;
  authorisedByUserId: number | null;
  /** The bill the document became (AUTHORISED). */
  invoiceId: number | null;
  deletedAt: string | null;
}

export interface ReviewResult {
  document: ReviewedDocument;
  message: string;
}

/** The review rows' actions (the table's check): the editing toggle is an EDIT with details.editing. */
type ReviewRowAction = "CONFIRM" | "DELETE" | "AUTHORISE" | "SEND_FOR_REVIEW" | "SEND_TO_PENDING_APPROVAL" | "EDIT";

const AUDIT_ACTIONS: Record<ReviewRowAction, string> = {
  CONFIRM: "document.confirm",
  DELETE: "document.delete",
  AUTHORISE: "document.authorise",
  SEND_FOR_REVIEW: "document.send-for-review",
  SEND_TO_PENDING_APPROVAL: "document.send-to-pending-approval",
  EDIT: "document.edit",
};

const VIEW_ATTRIBUTES = [
  "id",
  "companyId",
  "processingStatus",
  "matchStatus",
  "supplierName",
  "counterpartyId",
  "invoiceNumber",
  "orderNumber",
  "invoiceAmount",
  "posAmount",
  "dateIssue",
  "dueDate",
  "userNotes",
  "edited",
  "editing",
  "confirmedAt",
  "autoProcessed",
  "authorisedAmount",
  "authorisedAt",
  "authorisedByUserId",
  "invoiceId",
  "deletedAt",
] as const satisfies readonly (keyof BillDocument)[];

function viewOf(document: BillDocument): ReviewedDocument {
  return {
    id: document.id,
    companyId: document.companyId,
    processingStatus: document.processingStatus,
    matchStatus: document.matchStatus ?? null,
    supplierName: document.supplierName ?? null,
    counterpartyId: document.counterpartyId ?? null,
    invoiceNumber: document.invoiceNumber ?? null,
    orderNumber: document.orderNumber ?? null,
    invoiceAmount: document.invoiceAmount ?? null,
    posAmount: document.posAmount ?? null,
    dateIssue: document.dateIssue ?? null,
    dueDate: document.dueDate ?? null,
    userNotes: document.userNotes ?? null,
    edited: document.edited,
    editing: document.editing,
    confirmedAt: document.confirmedAt ? document.confirmedAt.toISOString() : null,
    autoProcessed: document.autoProcessed,
    authorisedAmount: document.authorisedAmount ?? null,
    authorisedAt: document.authorisedAt ? document.authorisedAt.toISOString() : null,
    authorisedByUserId: document.authorisedByUserId ?? null,
    invoiceId: document.invoiceId ?? null,
    deletedAt: document.deletedAt ? document.deletedAt.toISOString() : null,
  };
}

async function reread(id: number, companyId: number, t: Transaction): Promise<ReviewedDocument> {
  const document = await BillDocument.findOne({ where: { id, companyId }, attributes: [...VIEW_ATTRIBUTES], transaction: t });
  if (!document) throw notFound(DOCUMENT_MESSAGES.notFound);
  return viewOf(document);
}

/** The acting user (a company user, or an admin acting for one): the operator has no user to record. */
function reviewerOf(actor: Actor): { userId: number; companyId: number } {
  const companyId = requireCompanyId(actor);
  if (!(actor.userId > 0) || actor.kind === "operator") throw forbidden();
  return { userId: actor.userId, companyId };
}

interface CompanyReviewSettings {
  toleranceCents: Cents;
  liteMode: boolean;
}

/** The company's authorisation tolerance (as matching reads it; default $5) and lite mode (is_ripe_lite_enabled). */
async function reviewSettings(companyId: number, t: Transaction): Promise<CompanyReviewSettings> {
  const [row] = await sequelize.query<{ tolerance_c: string | null; lite: boolean | null }>(
    `SELECT (authorisation_tolerance * 100)::bigint AS tolerance_c, is_ripe_lite_enabled AS lite FROM company_settings WHERE company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { companyId }, transaction: t }
  );
  return {
    toleranceCents: row?.tolerance_c === null || row?.tolerance_c === undefined ? DEFAULT_TOLERANCE_CENTS : (Number(row.tolerance_c) as Cents),
    liteMode: row?.lite === true,
  };
}

/** The actions the locked document offers now (rules.actionsFor with the company's lite mode and the flag). */
async function offeredActions(document: BillDocument, companyId: number, t: Transaction): Promise<ReviewAction[]> {
  const needsSettings = document.processingStatus === "PENDING_REVIEW" || document.processingStatus === "BLOCKED";
  const [settings, flags] = needsSettings ? await Promise.all([reviewSettings(companyId, t), getFeatureFlags()]) : [null, null];
  return actionsFor({
    processingStatus: document.processingStatus,
    matchStatus: document.matchStatus ?? null,
    liteMode: settings?.liteMode ?? false,
    sendToPendingApprovalEnabled: flags?.sendToPendingApprovalEnabled ?? false,
    editing: document.editing,
  });
}

const notAvailable = () => new AppError(400, REVIEW_MESSAGES.actionNotAvailable, { code: "ACTION_NOT_AVAILABLE" });

async function requireOffered(document: BillDocument, companyId: number, wanted: readonly ReviewAction[], t: Transaction): Promise<ReviewAction> {
  const offered = await offeredActions(document, companyId, t);
  const action = wanted.find((one) => offered.includes(one));
  if (!action) throw notAvailable();
  return action;
}

async function record(
  actor: Actor,
  companyId: number,
  input: { documentId: number; action: ReviewRowAction; from: string; to: string; details?: Record<string, unknown> },
  t: Transaction
): Promise<void> {
  const details = input.details ?? {};
  await sequelize.query(
    `INSERT INTO bill_document_reviews (document_id, user_id, action, from_status, to_status, details) VALUES (:documentId, :userId, :action, :from, :to, CAST(:details AS jsonb))`,
    {
      replacements: {
        documentId: input.documentId,
        userId: actor.userId,
        action: input.action,
        from: input.from,
        to: input.to,
        details: JSON.stringify(details),
      },
      transaction: t,
    }
  );
  await audit(
    actor,
    {
      action: AUDIT_ACTIONS[input.action],
      companyId,
      entityType: "bill_document",
      entityId: input.documentId,
      details: { from: input.from, to: input.to, ...details },
    },
    { transaction: t }
  );
}

/** One action: a transaction that first requires the actor's lock on the document (decision 045). */
function underLock<T>(actor: Actor, documentId: number, run: (document: BillDocument, companyId: number, t: Transaction) => Promise<T>): Promise<T> {
  const { companyId } = reviewerOf(actor);
  return sequelize.transaction(async (t) => {
    const document = await requireDocumentLock(actor, documentId, { transaction: t });
    return run(document, companyId, t);
  });
}

// ---- Authorise (p3 §4.1, §5) ------------------------------------------------------------------------------------------

export interface AuthoriseInput {
  /** Cents; null when nothing was entered. Ignored for PENDING_APPROVAL (fixed to the invoice amount). */
  authorisedAmount: Cents | null;
}

export interface AuthoriseResult extends ReviewResult {
  /** The AUTHORISED bill (the same one on a repeated call). */
  invoiceId: number;
}

/**
 * Authorises a VARIANCE or PENDING_APPROVAL document: checks the amount (required, greater than 0, not above the
 * ceiling: rules.authoriseCeiling with the company's tolerance; a field error on `authorisedAmount`, nothing written),
 * writes the AUTHORISED bill for the authorised amount (insertDocumentBills: loaded by RIPE, ripe_bill_document_id) and
 * marks the document AUTHORISED by the actor (not auto processed). Idempotent: a document already authorised answers
 * its bill and writes nothing (the double click, queued behind the first by the row lock).
 */
export async function authoriseDocument(actor: Actor, documentId: number, input: AuthoriseInput): Promise<AuthoriseResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    if (document.processingStatus === "AUTHORISED" && document.invoiceId) {
      return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.authorised, invoiceId: document.invoiceId };
    }
    await requireOffered(document, companyId, ["AUTHORISE"], t);
    const company = (await findCompanyContext(companyId, { transaction: t })) as CompanyContext;
    const settings = await reviewSettings(companyId, t);
    const invoiceAmount = document.invoiceAmount ?? null;
    const amount = document.processingStatus === "PENDING_APPROVAL" ? fixedAuthoriseAmount(document.processingStatus, invoiceAmount) : input.authorisedAmount;
    const ceiling = authoriseCeiling({
      processingStatus: document.processingStatus,
      invoiceAmount,
      posAmount: document.posAmount ?? null,
      toleranceCents: settings.toleranceCents,
    });
    // A value that is no whole number of cents (NaN, 10.5) counts as nothing entered.
    const entered = amount === undefined || amount === null || !Number.isSafeInteger(amount) ? null : amount;
    const check = checkAuthorisedAmount(entered, ceiling, (cents) => formatMoney(cents, company.locale));
    if (!check.ok) throw AppError.validation({ authorisedAmount: check.message });

    const supplier = await supplierOf(companyId, document.counterpartyId ?? null, t);
    if (!supplier) throw AppError.validation({ supplierName: REVIEW_MESSAGES.supplierNotFound });
    const invoiceNumber = document.invoiceNumber?.trim();
    if (!invoiceNumber) throw AppError.validation({ invoiceNumber: REVIEW_MESSAGES.invoiceNumberMissing });

    const invoiceId = await writeBill(actor, document, { company, supplier, invoiceNumber, amount: check.amount }, t);
    if (invoiceId === undefined) throw new AppError(409, BILL_NUMBER_TAKEN, { code: "BILL_NUMBER_TAKEN", field: "invoiceNumber" });
    const from = document.processingStatus;
    await record(
      actor,
      companyId,
      { documentId: document.id, action: "AUTHORISE", from, to: "AUTHORISED", details: { invoiceId, authorisedAmount: check.amount, invoiceAmount } },
      t
    );
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.authorised, invoiceId };
  });
}

/**
 * Writes the bill a person authorised (or confirmed) for `amount` (insertDocumentBills: loaded by RIPE,
 * ripe_bill_document_id) and marks the document AUTHORISED by the actor, not auto processed. Answers the bill's id, or
 * undefined when the supplier already has a live bill with that number (nothing written then).
 */
async function writeBill(
  actor: Actor,
  document: BillDocument,
  input: { company: CompanyContext; supplier: SupplierRow; invoiceNumber: string; amount: Cents },
  t: Transaction
): Promise<number | undefined> {
  const { company, supplier, invoiceNumber, amount } = input;
  const invoiceAmount = document.invoiceAmount ?? null;
  const term = supplier.frequency ? { frequency: supplier.frequency, date: supplier.term_date, dayOfWeek: supplier.day_of_week } : null;
  const bills = await insertDocumentBills(
    actor,
    [
      {
        companyId: company.id,
        supplier: { id: supplier.counterparty_company_id, name: supplier.company_name },
        purchaser: { id: company.id, name: company.name },
        invoiceNumber,
        orderNumber: document.orderNumber?.trim() || null,
        issueDate: document.dateIssue ?? null,
        dueDate: document.dueDate ?? defaultDueDate(company.today, term, "BILL"),
        currency: company.currency,
        total: amount,
        contactEmail: supplier.contact_email,
        billGlCode: supplier.gl_code,
        ripeBillDocumentId: document.id,
        auditDetails: { documentId: document.id, autoProcessed: false, invoiceAmount, authorisedAmount: amount },
      },
    ],
    t
  );
  const invoiceId = bills.get(document.id);
  if (invoiceId === undefined) return undefined;
  await sequelize.query(
    `UPDATE bill_documents
        SET processing_status = 'AUTHORISED', invoice_id = :invoiceId, authorised_amount = :amount, authorised_by_user_id = :userId,
            authorised_at = now(), auto_processed = false, editing = false, confirmed_at = NULL
      WHERE id = :id AND company_id = :companyId`,
    { replacements: { invoiceId, amount: centsToDecimal(amount), userId: actor.userId, id: document.id, companyId: company.id }, transaction: t }
  );
  return invoiceId;
}

interface SupplierRow {
  counterparty_company_id: number;
  company_name: string;
  contact_email: string | null;
  gl_code: string | null;
  frequency: "MONTHLY" | "WEEKLY" | null;
  term_date: number | null;
  day_of_week: string | null;
}

/** The document's supplier among the buyer's counterparties (as matching found it), with what the bill needs. */
async function supplierOf(companyId: number, counterpartyId: number | null, t: Transaction): Promise<SupplierRow | null> {
  if (counterpartyId === null) return null;
  const [row] = await sequelize.query<SupplierRow>(
    `SELECT cp.counterparty_company_id, co.company_name, cp.contact_email, g.account_code AS gl_code, pt.frequency, pt.date AS term_date, pt.day_of_week
       FROM counterparties cp
       JOIN companies co ON co.id = cp.counterparty_company_id
       LEFT JOIN gl_accounts g ON g.id = cp.gl_account_id AND g.is_visible_in_earlybird
       LEFT JOIN payment_terms pt ON pt.id = cp.payment_term_id
      WHERE cp.company_id = :companyId AND cp.id = :counterpartyId`,
    { type: QueryTypes.SELECT, replacements: { companyId, counterpartyId }, transaction: t }
  );
  return row ?? null;
}

// ---- Processing a confirmed bill ----------------------------------------------------------------------------------------

/** Why a confirmed bill is still being processed: the reason it waits for (shown as its label on the Processing list). */
export type ConfirmedBlocker = Extract<BillDocumentMatchStatus, "CONTACT_NOT_FOUND" | "INVOICE_DETAILS_MISSING" | "EXPIRED" | "POTENTIAL_DUPLICATE">;

/** The company's (and, where counterparty locks are on, the supplier's) period lock date. */
async function lockDateOf(companyId: number, counterpartyId: number | null, t: Transaction): Promise<string | null> {
  const [row] = await sequelize.query<{ company_lock: string | null; counterparty_lock: string | null }>(
    `SELECT (SELECT ep.period_lock_date::text FROM entity_preferences ep WHERE ep.company_id = :companyId) AS company_lock,
            (SELECT cp.period_lock_date::text FROM counterparties cp WHERE cp.company_id = :companyId AND cp.id = :counterpartyId) AS counterparty_lock`,
    { type: QueryTypes.SELECT, replacements: { companyId, counterpartyId: counterpartyId ?? 0 }, transaction: t }
  );
  const counterpartyLocks = await counterpartyLocksEnabled(companyId, t);
  return effectiveLockDate({ companyLockDate: row?.company_lock ?? null, counterpartyLockDate: row?.counterparty_lock ?? null, counterpartyLocks });
}

/**
 * A confirmed bill (PROCESSING, confirmed_at; decision 052) is processed at once: the reviewer vouched for what was read,
 * so the purchase-order reasons (no PO, no status match, a closed PO) no longer hold it, and it becomes an AUTHORISED
 * bill for its invoice amount, authorised by the reviewer (Manual on the dashboard). What a bill cannot be written
 * without keeps it in PROCESSING with that reason as its match status, until the reviewer enables editing, corrects it
 * and clicks Done Editing: no supplier among the contacts (CONTACT_NOT_FOUND), no invoice number or amount
 * (INVOICE_DETAILS_MISSING), an issue date in a locked period (EXPIRED), or the supplier's number already billed
 * (POTENTIAL_DUPLICATE). Runs inside the action's transaction, under the document's row lock.
 */
async function finaliseConfirmed(
  actor: Actor,
  document: BillDocument,
  companyId: number,
  t: Transaction
): Promise<{ invoiceId: number } | { blocker: ConfirmedBlocker }> {
  const block = async (blocker: ConfirmedBlocker) => {
    if (document.matchStatus !== blocker) await document.update({ matchStatus: blocker }, { transaction: t });
    return { blocker };
  };
  const supplier = await supplierOf(companyId, document.counterpartyId ?? null, t);
  if (!supplier) return block("CONTACT_NOT_FOUND");
  const invoiceNumber = document.invoiceNumber?.trim();
  const amount = document.invoiceAmount ?? null;
  if (!invoiceNumber || amount === null || amount <= 0) return block("INVOICE_DETAILS_MISSING");
  if (isDateInLockedPeriod(document.dateIssue, await lockDateOf(companyId, document.counterpartyId ?? null, t))) return block("EXPIRED");
  const company = (await findCompanyContext(companyId, { transaction: t })) as CompanyContext;
  const invoiceId = await writeBill(actor, document, { company, supplier, invoiceNumber, amount }, t);
  if (invoiceId === undefined) return block("POTENTIAL_DUPLICATE");
  await record(
    actor,
    companyId,
    {
      documentId: document.id,
      action: "AUTHORISE",
      from: "PROCESSING",
      to: "AUTHORISED",
      details: { invoiceId, authorisedAmount: amount, invoiceAmount: amount, confirmed: true },
    },
    t
  );
  return { invoiceId };
}

// ---- Confirm, send for review, send to pending approval ----------------------------------------------------------------

/** The status a confirmed document goes to (D6; decision 047): PROCESSING, "a confirmed bill being processed". */
export const CONFIRMED_STATUS: BillDocumentProcessingStatus = "PROCESSING";

/**
 * 'Confirm' (PENDING_REVIEW, BLOCKED) and UNMATCHED's 'Submit for Processing' (the same action): the reviewer accepts the
 * document as read; it moves to PROCESSING (the Processing list), editing off.
 */
export async function confirmDocument(actor: Actor, documentId: number): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    const action = await requireOffered(document, companyId, ["CONFIRM", "SUBMIT_FOR_PROCESSING"], t);
    const from = document.processingStatus;
    await document.update({ processingStatus: CONFIRMED_STATUS, editing: false, confirmedAt: new Date() }, { transaction: t });
    await record(actor, companyId, { documentId: document.id, action: "CONFIRM", from, to: CONFIRMED_STATUS, details: { button: action } }, t);
    await finaliseConfirmed(actor, document, companyId, t);
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.confirmed };
  });
}

/**
 * 'Send for Review' (VARIANCE only; otherwise 400 'Cannot send this document for review'): the document goes to RETRY
 * and matching re-decides it in the same transaction (the actor's own lock does not hold it back), so it lands in the
 * list its current purchase order and fields say.
 */
export async function sendForReview(actor: Actor, documentId: number): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    if (!canSendForReview(document.processingStatus)) throw new AppError(400, REVIEW_MESSAGES.cannotSendForReview, { code: "CANNOT_SEND_FOR_REVIEW" });
    const from = document.processingStatus;
    await document.update({ processingStatus: "RETRY" }, { transaction: t });
    await record(actor, companyId, { documentId: document.id, action: "SEND_FOR_REVIEW", from, to: "RETRY" }, t);
    await matchDocuments(companyId, [document.id], { transaction: t, lockedBy: actor.userId });
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.sentForReview };
  });
}

/**
 * 'Send to Pending Approval' (PENDING_REVIEW or BLOCKED, only when offered: lite mode, the sendToPendingApprovalEnabled
 * flag and one of the four reasons): the document goes to PENDING_APPROVAL.
 */
export async function sendToPendingApproval(actor: Actor, documentId: number): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    await requireOffered(document, companyId, ["SEND_TO_PENDING_APPROVAL"], t);
    const from = document.processingStatus;
    await document.update({ processingStatus: "PENDING_APPROVAL" }, { transaction: t });
    await record(actor, companyId, { documentId: document.id, action: "SEND_TO_PENDING_APPROVAL", from, to: "PENDING_APPROVAL" }, t);
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.sentToPendingApproval };
  });
}

// ---- Delete -----------------------------------------------------------------------------------------------------------

/**
 * 'Delete' (every type but AUTHORISED): the document becomes DELETED (deleted_at). Deleting a deleted document again
 * (a double click) answers the same and writes nothing.
 */
export async function deleteDocument(actor: Actor, documentId: number): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    if (document.processingStatus === "DELETED") return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.deleted };
    await requireOffered(document, companyId, ["DELETE"], t);
    const from = document.processingStatus;
    await document.update({ processingStatus: "DELETED", deletedAt: new Date(), editing: false, confirmedAt: null }, { transaction: t });
    await record(actor, companyId, { documentId: document.id, action: "DELETE", from, to: "DELETED" }, t);
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.deleted };
  });
}

export interface BatchDeleteResult {
  deleted: number[];
  failed: { documentId: number; message: string }[];
}

/** Most documents one batch delete takes. */
export const BATCH_DELETE_MAX = 100;

/**
 * The lists' batch delete (p3 §4.1 'Batch review'): each document is locked for the actor (lockDocument: free, own or
 * expired) and deleted in its own transaction; one locked by someone else, authorised, or not the company's fails
 * alone. The batch releases the locks it took. The page words the outcome (REVIEW_MESSAGES.batchDeletePartial / batchDeleteFailed).
 */
export async function deleteDocuments(actor: Actor, documentIds: readonly number[]): Promise<BatchDeleteResult> {
  reviewerOf(actor);
  const ids = [...new Set(documentIds)];
  if (ids.length > BATCH_DELETE_MAX) throw AppError.validation({ documentIds: `At most ${BATCH_DELETE_MAX} documents at a time` });
  const result: BatchDeleteResult = { deleted: [], failed: [] };
  for (const id of ids) {
    try {
      const lock = await lockDocument(actor, id);
      if (!lock.locked) {
        result.failed.push({ documentId: id, message: REVIEW_MESSAGES.lockedBy(lock.lockedBy.name) });
        continue;
      }
      try {
        await deleteDocument(actor, id);
        result.deleted.push(id);
      } finally {
        // The batch took the lock only to delete: a document it could not delete is not left held.
        await unlockDocument(actor, id);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ documentId: id, message: error.message });
    }
  }
  return result;
}

// ---- Edit -------------------------------------------------------------------------------------------------------------

export interface EditInput {
  supplierName?: string | null;
  invoiceNumber?: string | null;
  orderNumber?: string | null;
  invoiceAmount?: Cents | null;
  issueDate?: string | null;
  dueDate?: string | null;
  userNotes?: string | null;
}

/** The fields matching reads: correcting one sends the document back through matching. */
const MATCHED_FIELDS = ["supplierName", "invoiceNumber", "orderNumber", "invoiceAmount", "issueDate"] as const;

const LEARNED: Partial<Record<keyof EditInput, LearnableField>> = {
  invoiceNumber: "invoiceNumber",
  orderNumber: "orderNumber",
  invoiceAmount: "amountCents",
  issueDate: "issueDate",
  dueDate: "dueDate",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const clean = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : value.trim() || null);

/**
 * A reviewer's edit of the document's fields (the review lists' documents; a PROCESSING bill while editing is on):
 * field errors first (rules.checkDocumentEdit: amount at least 0.01, issue date not in the future, notes at most 512),
 * then the document is marked edited. A new invoice amount clears the line items' GL codes (the allocation no longer
 * adds up). A corrected supplier, invoice number, order number, amount or issue date teaches the supplier's anchors
 * (recordFieldCorrection, so its next bills are read right), puts the document in RETRY and re-matches it at once.
 */
export async function editDocument(actor: Actor, documentId: number, input: EditInput): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    if (!canEditDocument({ processingStatus: document.processingStatus, editing: document.editing })) throw notAvailable();
    const company = (await findCompanyContext(companyId, { transaction: t })) as CompanyContext;
    const edit: EditInput = {
      supplierName: clean(input.supplierName),
      invoiceNumber: clean(input.invoiceNumber),
      orderNumber: clean(input.orderNumber),
      invoiceAmount: input.invoiceAmount,
      issueDate: clean(input.issueDate),
      dueDate: clean(input.dueDate),
      userNotes: input.userNotes === undefined ? undefined : input.userNotes === null ? null : input.userNotes.trim() || null,
    };
    const errors: Record<string, string> = {
      ...checkDocumentEdit({ invoiceAmount: edit.invoiceAmount, issueDate: edit.issueDate, userNotes: edit.userNotes }, company.today),
    };
    if (edit.invoiceAmount !== undefined && edit.invoiceAmount !== null && !Number.isSafeInteger(edit.invoiceAmount))
      errors.invoiceAmount ??= REVIEW_MESSAGES.invoiceAmountMinimum;
    for (const field of ["issueDate", "dueDate"] as const) if (edit[field] && !DATE.test(edit[field]!)) errors[field] ??= "Enter a date as YYYY-MM-DD";
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);

    const before: Record<keyof EditInput, unknown> = {
      supplierName: document.supplierName ?? null,
      invoiceNumber: document.invoiceNumber ?? null,
      orderNumber: document.orderNumber ?? null,
      invoiceAmount: document.invoiceAmount ?? null,
      issueDate: document.dateIssue ?? null,
      dueDate: document.dueDate ?? null,
      userNotes: document.userNotes ?? null,
    };
    const changed = (Object.keys(edit) as (keyof EditInput)[]).filter((field) => edit[field] !== undefined && edit[field] !== before[field]);
    if (changed.length === 0) return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.documentUpdated };

    const rematch = changed.some((field) => (MATCHED_FIELDS as readonly string[]).includes(field));
    const from = document.processingStatus;
    const to: BillDocumentProcessingStatus = rematch ? "RETRY" : from;
    const values: Partial<BillDocument> = { edited: true, processingStatus: to };
    // Back through matching, the document is no longer a confirmed bill.
    if (rematch) Object.assign(values, { confirmedAt: null, editing: false });
    if (changed.includes("supplierName")) {
      values.supplierName = edit.supplierName ?? null;
      // Matching finds the supplier by its new name (a kept counterparty would win over it).
      values.counterpartyId = null;
    }
    if (changed.includes("invoiceNumber")) values.invoiceNumber = edit.invoiceNumber ?? null;
    if (changed.includes("orderNumber")) values.orderNumber = edit.orderNumber ?? null;
    if (changed.includes("invoiceAmount")) values.invoiceAmount = edit.invoiceAmount ?? null;
    if (changed.includes("issueDate")) values.dateIssue = edit.issueDate ?? null;
    if (changed.includes("dueDate")) values.dueDate = edit.dueDate ?? null;
    if (changed.includes("userNotes")) values.userNotes = edit.userNotes ?? null;
    await document.update(values, { transaction: t });

    const allocationReset = changed.includes("invoiceAmount") && editResetsAllocation(before.invoiceAmount as Cents | null, edit.invoiceAmount);
    let clearedLineItems = 0;
    if (allocationReset) {
      const [, count] = await sequelize.query(
        `UPDATE bill_document_line_items SET gl_account_code = NULL WHERE document_id = :id AND gl_account_code IS NOT NULL`,
        {
          replacements: { id: document.id },
          transaction: t,
        }
      );
      clearedLineItems = typeof count === "number" ? count : (count as { rowCount?: number } | undefined)?.rowCount ?? 0;
    }

    const learned = await learnCorrections(companyId, document.id, (values.supplierName ?? document.supplierName) || null, changed, edit, t);
    await record(
      actor,
      companyId,
      {
        documentId: document.id,
        action: "EDIT",
        from,
        to,
        details: { fields: changed, before: pick(before, changed), after: pick(edit, changed), allocationReset, clearedLineItems, learned },
      },
      t
    );
    if (rematch) await matchDocuments(companyId, [document.id], { transaction: t, lockedBy: actor.userId });
    return { document: await reread(document.id, companyId, t), message: REVIEW_MESSAGES.documentUpdated };
  });
}

function pick<T extends object>(values: T, fields: (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const field of fields) out[field] = values[field];
  return out;
}

/** Teaches the supplier's anchors every corrected learnable field found in the document's text; answers those learned. */
async function learnCorrections(
  companyId: number,
  documentId: number,
  supplierName: string | null,
  changed: (keyof EditInput)[],
  edit: EditInput,
  t: Transaction
): Promise<string[]> {
  if (!supplierName) return [];
  const fields = changed.filter((field) => LEARNED[field] && edit[field] !== null && edit[field] !== undefined);
  if (fields.length === 0) return [];
  const [row] = await sequelize.query<{ extracted_text: string | null }>(
    `SELECT extracted_text FROM bill_documents WHERE id = :id AND company_id = :companyId`,
    {
      type: QueryTypes.SELECT,
      replacements: { id: documentId, companyId },
      transaction: t,
    }
  );
  if (!row?.extracted_text) return [];
  const learned: string[] = [];
  for (const field of fields) {
    const target = LEARNED[field]!;
    if (!(LEARNABLE_FIELDS as readonly string[]).includes(target)) continue;
    const anchor = await recordFieldCorrection(companyId, supplierName, target, edit[field] as LearnableValue, row.extracted_text, { transaction: t });
    if (anchor) learned.push(target);
  }
  return learned;
}

// ---- Editing toggle (PROCESSING) ---------------------------------------------------------------------------------------

/** 'Enable Editing' (on) / 'Done Editing' (off) on a confirmed (PROCESSING) bill; the same state again writes nothing. */
export async function setEditing(actor: Actor, documentId: number, on: boolean): Promise<ReviewResult> {
  return underLock(actor, documentId, async (document, companyId, t) => {
    const message = on ? REVIEW_MESSAGES.editingEnabled : REVIEW_MESSAGES.editingDone;
    if (document.processingStatus === "PROCESSING" && document.editing === on) return { document: await reread(document.id, companyId, t), message };
    await requireOffered(document, companyId, [on ? "ENABLE_EDITING" : "DONE_EDITING"], t);
    await document.update({ editing: on }, { transaction: t });
    await record(
      actor,
      companyId,
      { documentId: document.id, action: "EDIT", from: document.processingStatus, to: document.processingStatus, details: { editing: on } },
      t
    );
    // 'Done Editing' on a confirmed bill processes it again with what the reviewer corrected.
    if (!on && document.confirmedAt) await finaliseConfirmed(actor, document, companyId, t);
    return { document: await reread(document.id, companyId, t), message };
  });
}
