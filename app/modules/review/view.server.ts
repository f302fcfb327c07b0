/**
 * The bill detail page's data (issue 17 part 2; spec part 3 §2.1, §3 "Document", §7.1 get document / get pages;
 * decision 049): one document of the acting company with everything the page shows (fields, line items with their GL
 * allocation, the pages without their content, archived, the lock state, the actions offered, the authorise ceiling and
 * pre-fill, and the GL accounts and suppliers the edit form picks from), and the page images themselves.
 *
 * Reading never locks: the page takes the lock through POST /bills/documents/:id/lock (decision 045). Another company's
 * document, or an id that cannot be one, is 404 'Document not found'.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type {
  BillDocumentMatchStatus,
  BillDocumentMimeType,
  BillDocumentProcessingQueue,
  BillDocumentProcessingStatus,
} from "../../../db/models/bill-document-values";
import type { Actor } from "../../lib/actor";
import { notFound } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { requireCompanyId } from "../companies/rules";
import { listGlOptions, type GlOption } from "../counterparties/options.server";
import { DOCUMENT_MESSAGES, reasonLabel } from "../documents/rules";
import { DEFAULT_TOLERANCE_CENTS } from "../matching/rules";
import { getFeatureFlags } from "../settings/service.server";
import { liveLockSql } from "./locking.server";
import { actionsFor, authoriseCeiling, canEditDocument, fixedAuthoriseAmount, prefilledAuthoriseAmount, REVIEW_MESSAGES, type ReviewAction } from "./rules";

/** How many suppliers the edit form's picker gets (by name); a company with more types to narrow (p3 §7.3 size 1000). */
export const DOCUMENT_SUPPLIER_OPTIONS_MAX = 1000;
/** How long a browser may keep a page image (they never change once stored; private: never a shared cache). */
export const PAGE_IMAGE_MAX_AGE_SECONDS = 3600;

export interface DocumentPageRef {
  id: number;
  pageIndex: number;
  mimeType: "image/png" | "image/jpeg";
}

export interface DocumentLineItemView {
  id: number;
  lineIndex: number;
  description: string | null;
  amount: Cents;
  glAccountCode: string | null;
}

export interface SupplierOption {
  /** counterparties.id (the document's counterpartyId). */
  id: number;
  counterpartyCompanyId: number;
  companyName: string;
}

export interface DocumentDetailView {
  id: number;
  companyId: number;
  originalFileName: string;
  mimeType: BillDocumentMimeType;
  processingStatus: BillDocumentProcessingStatus;
  matchStatus: BillDocumentMatchStatus | null;
  /** The match reason's label (documents/rules.reasonLabel). */
  reason: string;
  queue: BillDocumentProcessingQueue;
  supplierName: string | null;
  counterpartyId: number | null;
  /** The counterparty's company name (companies.company_name), when the document has a counterparty. */
  counterpartyName: string | null;
  invoiceNumber: string | null;
  orderNumber: string | null;
  invoiceAmount: Cents | null;
  posAmount: Cents | null;
  dateIssue: string | null;
  dueDate: string | null;
  storeCode: string | null;
  userNotes: string | null;
  edited: boolean;
  editing: boolean;
  autoProcessed: boolean;
  confirmedAt: string | null;
  authorisedAmount: Cents | null;
  authorisedAt: string | null;
  authorisedByUserId: number | null;
  /** Full name (or e-mail) of who authorised it. */
  authorisedByName: string | null;
  /** The bill (invoices.id) the document became, when AUTHORISED. */
  invoiceId: number | null;
  deletedAt: string | null;
  createdAt: string;
  lineItems: DocumentLineItemView[];
  pages: DocumentPageRef[];
  /** archived_at set or no pages: the page shows archivedMessage instead of the images. */
  archived: boolean;
  archivedMessage: string | null;
  /** Someone else's live lock (null when free, expired, or the actor's own). */
  lockedBy: { userId: number; name: string } | null;
  lockedByMessage: string | null;
  /** The actor holds a live lock on it. */
  lockedByMe: boolean;
  actions: ReviewAction[];
  canEdit: boolean;
  toleranceCents: Cents;
  liteMode: boolean;
  /** The most that may be authorised (rules.authoriseCeiling), null when nothing can be. */
  authoriseCeiling: Cents | null;
  /** PENDING_APPROVAL: the amount is fixed to the invoice amount. */
  fixedAuthoriseAmount: Cents | null;
  /** The authorise field's pre-fill (rules.prefilledAuthoriseAmount): flexible allocation's line-item sum, else a value the ceiling accepts. */
  prefilledAuthoriseAmount: Cents | null;
  glAccounts: GlOption[];
  suppliers: SupplierOption[];
}

/** A URL's id that cannot be a document is the same 404 as another company's. */
function documentIdOf(documentId: number): number {
  if (!Number.isSafeInteger(documentId) || documentId < 1 || documentId > 2_147_483_647) throw notFound(DOCUMENT_MESSAGES.notFound);
  return documentId;
}

interface DocumentRow {
  id: number;
  company_id: number;
  original_file_name: string;
  mime_type: BillDocumentMimeType;
  processing_status: BillDocumentProcessingStatus;
  match_status: BillDocumentMatchStatus | null;
  processing_queue: BillDocumentProcessingQueue;
  supplier_name: string | null;
  counterparty_id: number | null;
  counterparty_name: string | null;
  invoice_number: string | null;
  order_number: string | null;
  /** Cents (numeric dollars * 100). */
  invoice_amount: string | null;
  pos_amount: string | null;
  date_issue: string | null;
  due_date: string | null;
  store_code: string | null;
  user_notes: string | null;
  edited: boolean;
  editing: boolean;
  auto_processed: boolean;
  confirmed_at: Date | null;
  authorised_amount: string | null;
  authorised_at: Date | null;
  authorised_by_user_id: number | null;
  authorised_by_name: string | null;
  invoice_id: number | null;
  archived_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
  live_lock: boolean;
  locked_by_user_id: number | null;
  locked_by_name: string | null;
  tolerance_c: string | null;
  lite: boolean | null;
}

const cents = (value: string | number | null): Cents | null => (value === null || value === undefined ? null : (Number(value) as Cents));
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const NAME_SQL = (alias: string) =>
  `COALESCE(NULLIF(concat_ws(' ', NULLIF(${alias}.first_name, ''), NULLIF(${alias}.middle_name, ''), NULLIF(${alias}.last_name, '')), ''), ${alias}.username)`;

async function documentRow(companyId: number, documentId: number): Promise<DocumentRow> {
  const [row] = await sequelize.query<DocumentRow>(
    `SELECT d.id, d.company_id, d.original_file_name, d.mime_type, d.processing_status, d.match_status, d.processing_queue,
            d.supplier_name, d.counterparty_id, cc.company_name AS counterparty_name, d.invoice_number, d.order_number,
            (d.invoice_amount * 100)::bigint AS invoice_amount, (d.pos_amount * 100)::bigint AS pos_amount, d.date_issue::text AS date_issue, d.due_date::text AS due_date, d.store_code,
            d.user_notes, d.edited, d.editing, d.auto_processed, d.confirmed_at,
            (d.authorised_amount * 100)::bigint AS authorised_amount, d.authorised_at,
            d.authorised_by_user_id, ${NAME_SQL("authoriser")} AS authorised_by_name, d.invoice_id, d.archived_at,
            d.deleted_at, d.created_at, ${liveLockSql("d")} AS live_lock, d.locked_by_user_id,
            ${NAME_SQL("holder")} AS locked_by_name,
            (cs.authorisation_tolerance * 100)::bigint AS tolerance_c, cs.is_ripe_lite_enabled AS lite
       FROM bill_documents d
       LEFT JOIN counterparties cp ON cp.id = d.counterparty_id AND cp.company_id = d.company_id
       LEFT JOIN companies cc ON cc.id = cp.counterparty_company_id
       LEFT JOIN users authoriser ON authoriser.id = d.authorised_by_user_id
       LEFT JOIN users holder ON holder.id = d.locked_by_user_id
       LEFT JOIN company_settings cs ON cs.company_id = d.company_id
      WHERE d.id = :documentId AND d.company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { documentId, companyId } }
  );
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return row;
}

/** The company's suppliers for the edit form's picker (counterparties with isSupplier), by name, capped. */
export async function listSupplierOptions(companyId: number): Promise<SupplierOption[]> {
  const rows = await sequelize.query<{ id: number; counterparty_company_id: number; company_name: string }>(
    `SELECT cp.id, cp.counterparty_company_id, c.company_name
       FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id
      WHERE cp.company_id = :companyId AND cp.is_supplier
      ORDER BY lower(c.company_name), cp.id
      LIMIT :limit`,
    { type: QueryTypes.SELECT, replacements: { companyId, limit: DOCUMENT_SUPPLIER_OPTIONS_MAX } }
  );
  return rows.map((row) => ({ id: row.id, counterpartyCompanyId: row.counterparty_company_id, companyName: row.company_name }));
}

/**
 * Everything the detail page shows of one document of the actor's company (p3 §2.1, §3, §7.1 get document). Another
 * company's id is 404 'Document not found'. Reads only: it does not lock.
 */
export async function getDocumentView(actor: Actor, documentId: number): Promise<DocumentDetailView> {
  const companyId = requireCompanyId(actor);
  const id = documentIdOf(documentId);
  const row = await documentRow(companyId, id);
  const [lineItems, pages, flags, glAccounts, suppliers] = await Promise.all([
    sequelize.query<{ id: number; line_index: number; description: string | null; amount: string; gl_account_code: string | null }>(
      `SELECT id, line_index, description, (amount * 100)::bigint AS amount, gl_account_code FROM bill_document_line_items WHERE document_id = :id ORDER BY line_index, id`,
      { type: QueryTypes.SELECT, replacements: { id } }
    ),
    sequelize.query<{ id: number; page_index: number; mime_type: "image/png" | "image/jpeg" }>(
      `SELECT id, page_index, mime_type FROM bill_document_pages WHERE document_id = :id ORDER BY page_index`,
      { type: QueryTypes.SELECT, replacements: { id } }
    ),
    getFeatureFlags(),
    listGlOptions(companyId),
    listSupplierOptions(companyId),
  ]);

  const processingStatus = row.processing_status;
  const invoiceAmount = cents(row.invoice_amount);
  const posAmount = cents(row.pos_amount);
  const toleranceCents = row.tolerance_c === null || row.tolerance_c === undefined ? DEFAULT_TOLERANCE_CENTS : (Number(row.tolerance_c) as Cents);
  const liteMode = row.lite === true;
  const items: DocumentLineItemView[] = lineItems.map((item) => ({
    id: item.id,
    lineIndex: item.line_index,
    description: item.description,
    amount: Number(item.amount) as Cents,
    glAccountCode: item.gl_account_code,
  }));
  const archived = row.archived_at !== null || pages.length === 0;
  const heldByOther = row.live_lock && row.locked_by_user_id !== null && row.locked_by_user_id !== actor.userId;
  const lockedBy = heldByOther ? { userId: row.locked_by_user_id!, name: row.locked_by_name || "another user" } : null;
  const canAuthorise = processingStatus === "VARIANCE" || processingStatus === "PENDING_APPROVAL";

  return {
    id: row.id,
    companyId: row.company_id,
    originalFileName: row.original_file_name,
    mimeType: row.mime_type,
    processingStatus,
    matchStatus: row.match_status,
    reason: reasonLabel({ processingStatus, matchStatus: row.match_status, confirmed: row.confirmed_at !== null }),
    queue: row.processing_queue,
    supplierName: row.supplier_name,
    counterpartyId: row.counterparty_id,
    counterpartyName: row.counterparty_name,
    invoiceNumber: row.invoice_number,
    orderNumber: row.order_number,
    invoiceAmount,
    posAmount,
    dateIssue: row.date_issue,
    dueDate: row.due_date,
    storeCode: row.store_code,
    userNotes: row.user_notes,
    edited: row.edited,
    editing: row.editing,
    autoProcessed: row.auto_processed,
    confirmedAt: iso(row.confirmed_at),
    authorisedAmount: cents(row.authorised_amount),
    authorisedAt: iso(row.authorised_at),
    authorisedByUserId: row.authorised_by_user_id,
    authorisedByName: row.authorised_by_user_id === null ? null : row.authorised_by_name,
    invoiceId: processingStatus === "AUTHORISED" ? row.invoice_id : null,
    deletedAt: iso(row.deleted_at),
    createdAt: iso(row.created_at)!,
    lineItems: items,
    pages: pages.map((page) => ({ id: page.id, pageIndex: page.page_index, mimeType: page.mime_type })),
    archived,
    archivedMessage: archived ? REVIEW_MESSAGES.archived : null,
    lockedBy,
    lockedByMessage: lockedBy ? REVIEW_MESSAGES.lockedBy(lockedBy.name) : null,
    lockedByMe: row.live_lock && row.locked_by_user_id === actor.userId && actor.userId > 0,
    actions: actionsFor({
      processingStatus,
      matchStatus: row.match_status,
      liteMode,
      sendToPendingApprovalEnabled: flags.sendToPendingApprovalEnabled,
      editing: row.editing,
    }),
    canEdit: canEditDocument({ processingStatus, editing: row.editing }),
    toleranceCents,
    liteMode,
    authoriseCeiling: canAuthorise ? authoriseCeiling({ processingStatus, invoiceAmount, posAmount, toleranceCents }) : null,
    fixedAuthoriseAmount: fixedAuthoriseAmount(processingStatus, invoiceAmount),
    prefilledAuthoriseAmount: canAuthorise
      ? fixedAuthoriseAmount(processingStatus, invoiceAmount) ??
        prefilledAuthoriseAmount({ lineItems: items, invoiceAmount, posAmount, processingStatus, flexibleAllocation: flags.flexibleAllocation })
      : null,
    glAccounts,
    suppliers,
  };
}

/**
 * The document an authorised bill came from (/bills/r/{invoiceId}): invoices.ripe_bill_document_id, within the actor's
 * company. 404 'Document not found' when the bill has none or is not the company's.
 */
export async function findAuthorisedBillDocument(actor: Actor, invoiceId: number): Promise<{ documentId: number }> {
  const companyId = requireCompanyId(actor);
  if (!Number.isSafeInteger(invoiceId) || invoiceId < 1 || invoiceId > 2_147_483_647) throw notFound(DOCUMENT_MESSAGES.notFound);
  const [row] = await sequelize.query<{ id: number }>(
    `SELECT d.id FROM invoices i JOIN bill_documents d ON d.id = i.ripe_bill_document_id
      WHERE i.id = :invoiceId AND d.company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { invoiceId, companyId } }
  );
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return { documentId: row.id };
}

// ---- Page images (p3 §7.1 get pages) ----------------------------------------------------------------------------------

export interface PageImage {
  pageIndex: number;
  mimeType: "image/png" | "image/jpeg";
  content: Buffer;
}

/** The documents's company scope and archive check shared by the image reads: 404 when not the company's or archived. */
async function requireImagesOf(actor: Actor, documentId: number): Promise<number> {
  const companyId = requireCompanyId(actor);
  const id = documentIdOf(documentId);
  const [row] = await sequelize.query<{ archived: boolean }>(
    `SELECT archived_at IS NOT NULL AS archived FROM bill_documents WHERE id = :id AND company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { id, companyId } }
  );
  if (!row || row.archived) throw notFound(DOCUMENT_MESSAGES.notFound);
  return id;
}

/** One page image of the actor's company's document; 404 for another company's, an archived one or a missing page. */
export async function getDocumentPage(actor: Actor, documentId: number, pageIndex: number): Promise<PageImage> {
  const id = await requireImagesOf(actor, documentId);
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 0 || pageIndex > 2_147_483_647) throw notFound(DOCUMENT_MESSAGES.notFound);
  const [row] = await sequelize.query<{ page_index: number; mime_type: "image/png" | "image/jpeg"; content: Buffer }>(
    `SELECT page_index, mime_type, content FROM bill_document_pages WHERE document_id = :id AND page_index = :pageIndex`,
    { type: QueryTypes.SELECT, replacements: { id, pageIndex } }
  );
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return { pageIndex: row.page_index, mimeType: row.mime_type, content: row.content };
}

/** Every page image in page order (the zip download); 404 as getDocumentPage, and when there is no page. */
export async function getDocumentPages(actor: Actor, documentId: number): Promise<PageImage[]> {
  const id = await requireImagesOf(actor, documentId);
  const rows = await sequelize.query<{ page_index: number; mime_type: "image/png" | "image/jpeg"; content: Buffer }>(
    `SELECT page_index, mime_type, content FROM bill_document_pages WHERE document_id = :id ORDER BY page_index`,
    { type: QueryTypes.SELECT, replacements: { id } }
  );
  if (rows.length === 0) throw notFound(DOCUMENT_MESSAGES.notFound);
  return rows.map((row) => ({ pageIndex: row.page_index, mimeType: row.mime_type, content: row.content }));
}
