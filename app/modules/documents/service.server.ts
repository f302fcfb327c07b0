/**
 * The documents service (issue 16 part 2, decision 042): the one intake of bill documents for the three doors (web
 * upload, CLI, e-mail), and the company-scoped reads the review lists and the CLI use. An intake checks each file (size,
 * then its type by content, a PDF that needs a password or has no page) before anything is stored, stores the same file
 * once per company (SHA-256), queues its PROCESS_DOCUMENT job in the same transaction and audits every file, stored,
 * answered as a duplicate or refused.
 */
import crypto from "node:crypto";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BillDocument, BillDocumentLineItem, Company, type BillDocumentMatchStatus, type BillDocumentProcessingStatus } from "../../../db/models/index";
import type { BillDocumentMimeType, BillDocumentSource, BillDocumentTextSource } from "../../../db/models/bill-document";
import { actingUserId, isAdminActor, type Actor } from "../../lib/actor";
import { env } from "../../lib/env.server";
import { AppError, notFound } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { audit, type AuditEntry } from "../audit/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { inspectFile } from "./pipeline-ports.server";
import { queueDocumentProcessing } from "./processing-queue.server";
import { cleanFileName, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, DOCUMENT_UPLOAD_MAX_FILES, inboundAddressOf, inboundCodeOf, reasonLabel } from "./rules";
import { DOCUMENT_LIST_MAX_ROWS, ListDocumentsSchema, type ListDocumentsInput } from "./schema";

/** What the doors see of a document: no file content, no extracted text. */
export interface DocumentView {
  id: number;
  companyId: number;
  source: BillDocumentSource;
  originalFileName: string;
  mimeType: BillDocumentMimeType;
  sizeBytes: number;
  processingStatus: BillDocumentProcessingStatus;
  matchStatus: BillDocumentMatchStatus | null;
  /** The match reason's label (p3 §4.1), or where processing stands. */
  reason: string;
  supplierName: string | null;
  invoiceNumber: string | null;
  orderNumber: string | null;
  invoiceAmount: Cents | null;
  dateIssue: string | null;
  dueDate: string | null;
  textSource: BillDocumentTextSource | null;
  ocrConfidencePercent: number | null;
  processingError: string | null;
  sourceEmailFrom: string | null;
  sourceEmailSubject: string | null;
  createdAt: string;
}

const VIEW_ATTRIBUTES = [
  "id",
  "companyId",
  "source",
  "originalFileName",
  "mimeType",
  "sizeBytes",
  "processingStatus",
  "matchStatus",
  "supplierName",
  "invoiceNumber",
  "orderNumber",
  "invoiceAmount",
  "dateIssue",
  "dueDate",
  "textSource",
  "ocrConfidencePercent",
  "processingError",
  "sourceEmailFrom",
  "sourceEmailSubject",
  "createdAt",
] as const satisfies readonly (keyof BillDocument)[];

function toView(document: BillDocument): DocumentView {
  return {
    id: document.id,
    companyId: document.companyId,
    source: document.source,
    originalFileName: document.originalFileName,
    mimeType: document.mimeType,
    sizeBytes: document.sizeBytes,
    processingStatus: document.processingStatus,
    matchStatus: document.matchStatus ?? null,
    reason: reasonLabel({ processingStatus: document.processingStatus, matchStatus: document.matchStatus ?? null }),
    supplierName: document.supplierName ?? null,
    invoiceNumber: document.invoiceNumber ?? null,
    orderNumber: document.orderNumber ?? null,
    invoiceAmount: document.invoiceAmount ?? null,
    dateIssue: document.dateIssue ?? null,
    dueDate: document.dueDate ?? null,
    textSource: document.textSource ?? null,
    ocrConfidencePercent: document.ocrConfidencePercent === null || document.ocrConfidencePercent === undefined ? null : Number(document.ocrConfidencePercent),
    processingError: document.processingError ?? null,
    sourceEmailFrom: document.sourceEmailFrom ?? null,
    sourceEmailSubject: document.sourceEmailSubject ?? null,
    createdAt: document.createdAt.toISOString(),
  };
}

// ---- Intake ---------------------------------------------------------------------------------------------------------

export interface IncomingFile {
  fileName: string;
  content: Buffer;
}

export interface IntakeExtra {
  /** EMAIL: the mailbox row the message was stored as, its sender and its subject. */
  mailboxMessageId?: number | null;
  emailFrom?: string | null;
  emailSubject?: string | null;
  requestId?: string | null;
}

/** One file's outcome: stored (or the same file already stored: `duplicate`), or refused with the reason and nothing stored. */
export type IntakeResult =
  | { ok: true; fileName: string; duplicate: boolean; document: DocumentView; /** The PROCESS_DOCUMENT job queued for it (null for a duplicate). */ jobId: string | null }
  | { ok: false; fileName: string; message: string };

/** A company user for their own company; an admin or the operator for any company that exists. Else 404. */
async function intakeCompanyId(actor: Actor, companyId: number): Promise<number> {
  if (!isAdminActor(actor) && actor.companyId !== companyId) throw notFound("Company not found");
  const company = await Company.findByPk(companyId, { attributes: ["id"] });
  if (!company) throw notFound("Company not found");
  return company.id;
}

const sha256 = (content: Buffer) => crypto.createHash("sha256").update(content).digest("hex");

/**
 * Receives files for `companyId` from one door. Each file is checked and stored on its own: one refused file does not
 * refuse the others. A stored document is QUEUED with its PROCESSING_DOCUMENT job; the job runs in the job worker.
 */
export async function receiveDocuments(
  actor: Actor,
  companyId: number,
  files: IncomingFile[],
  source: BillDocumentSource,
  extra: IntakeExtra = {}
): Promise<IntakeResult[]> {
  const company = await intakeCompanyId(actor, companyId);
  if (files.length === 0) throw AppError.validation({ files: DOCUMENT_MESSAGES.noFile });
  if (files.length > DOCUMENT_UPLOAD_MAX_FILES) throw AppError.validation({ files: DOCUMENT_MESSAGES.tooManyFiles });
  const results: IntakeResult[] = [];
  let queued = false;
  for (const file of files) {
    const result = await receiveOne(actor, company, file, source, extra);
    if (result.ok && !result.duplicate) queued = true;
    results.push(result);
  }
  if (queued) runQueuedJobsSoon();
  return results;
}

async function receiveOne(actor: Actor, companyId: number, file: IncomingFile, source: BillDocumentSource, extra: IntakeExtra): Promise<IntakeResult> {
  const fileName = cleanFileName(file.fileName);
  const base: Omit<AuditEntry, "action"> = { companyId, entityType: "bill_document", requestId: extra.requestId ?? null };
  const refuse = async (message: string): Promise<IntakeResult> => {
    await audit(actor, { ...base, action: "DOCUMENT_REFUSED", details: { source, fileName, sizeBytes: file.content.length, message } });
    return { ok: false, fileName, message };
  };
  if (file.content.length === 0) return refuse(DOCUMENT_MESSAGES.empty);
  if (file.content.length > DOCUMENT_MAX_BYTES) return refuse(DOCUMENT_MESSAGES.tooLarge);
  const inspected = await inspectFile(file.content, fileName);
  if (!inspected.ok) return refuse(inspected.message);

  const hash = sha256(file.content);
  const stored = await sequelize.transaction(async (transaction) => {
    // The live-SHA unique index settles two intakes of the same file at once: the second finds the first's row.
    const [inserted] = await sequelize.query<{ id: number }>(
      `INSERT INTO bill_documents (company_id, source, uploaded_by_user_id, mailbox_message_id, source_email_from, source_email_subject,
                                   original_file_name, mime_type, size_bytes, content, content_sha256)
       VALUES ($companyId, $source, $userId, $mailboxMessageId, $emailFrom, $emailSubject, $fileName, $mimeType, $size, $content, $hash)
       ON CONFLICT (company_id, content_sha256) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      {
        bind: {
          companyId,
          source,
          userId: actingUserId(actor),
          mailboxMessageId: source === "EMAIL" ? (extra.mailboxMessageId ?? null) : null,
          emailFrom: extra.emailFrom?.slice(0, 500) ?? null,
          emailSubject: extra.emailSubject?.slice(0, 1000) ?? null,
          fileName,
          mimeType: inspected.mimeType,
          size: file.content.length,
          content: file.content,
          hash,
        },
        type: QueryTypes.SELECT,
        transaction,
      }
    );
    if (!inserted) return null;
    const job = await queueDocumentProcessing({ documentId: inserted.id, companyId, ownerUserId: actingUserId(actor) }, transaction);
    await audit(
      actor,
      {
        ...base,
        action: "DOCUMENT_RECEIVED",
        entityId: inserted.id,
        details: { source, fileName, mimeType: inspected.mimeType, sizeBytes: file.content.length, sha256: hash, jobId: job.id, pageCount: inspected.pageCount },
      },
      { transaction }
    );
    return { id: inserted.id, jobId: job.id };
  });
  if (stored !== null) return { ok: true, fileName, duplicate: false, document: await viewOf(companyId, stored.id), jobId: stored.jobId };

  const existing = await BillDocument.findOne({ where: { companyId, contentSha256: hash, deletedAt: null }, attributes: [...VIEW_ATTRIBUTES] });
  // Deleted between the insert and this read: the file is free again, so try once more.
  if (!existing) return receiveOne(actor, companyId, file, source, extra);
  await audit(actor, { ...base, action: "DOCUMENT_DUPLICATE", entityId: existing.id, details: { source, fileName, sha256: hash } });
  return { ok: true, fileName, duplicate: true, document: toView(existing), jobId: null };
}

async function viewOf(companyId: number, id: number, transaction?: Transaction): Promise<DocumentView> {
  const document = await BillDocument.findOne({ where: { id, companyId }, attributes: [...VIEW_ATTRIBUTES], transaction });
  if (!document) throw notFound(DOCUMENT_MESSAGES.notFound);
  return toView(document);
}

// ---- Reads ------------------------------------------------------------------------------------------------------------

export interface DocumentList {
  documents: DocumentView[];
  page: number;
  size: number;
  /** Exact up to DOCUMENT_LIST_MAX_ROWS; beyond, that many and `totalIsCapped`. */
  total: number;
  totalIsCapped: boolean;
}

/**
 * A company's documents of some processing statuses (all but DELETED when none is given), newest first, one page.
 * Read through bill_documents_list_idx (company, status, created_at); the count stops at DOCUMENT_LIST_MAX_ROWS + 1.
 */
export async function listDocuments(companyId: number, input: ListDocumentsInput = {}): Promise<DocumentList> {
  const { status, page: requestedPage, size } = ListDocumentsSchema.parse(input);
  const statuses = status === undefined ? null : Array.isArray(status) ? status : [status];
  const where = `company_id = $companyId AND ${statuses ? "processing_status = ANY($statuses::text[])" : "processing_status <> 'DELETED'"}`;
  const bind = { companyId, ...(statuses ? { statuses } : {}) };
  const [{ count }] = await sequelize.query<{ count: string }>(
    `SELECT count(*) AS count FROM (SELECT 1 FROM bill_documents WHERE ${where} LIMIT ${DOCUMENT_LIST_MAX_ROWS + 1}) capped`,
    { bind, type: QueryTypes.SELECT }
  );
  const counted = Number(count);
  const total = Math.min(counted, DOCUMENT_LIST_MAX_ROWS);
  const lastPage = Math.max(1, Math.ceil(total / size));
  const page = Math.min(requestedPage, lastPage);
  const ids = await sequelize.query<{ id: number }>(
    `SELECT id FROM bill_documents WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $limit OFFSET $offset`,
    { bind: { ...bind, limit: size, offset: (page - 1) * size }, type: QueryTypes.SELECT }
  );
  const rows = ids.length
    ? await BillDocument.findAll({ where: { companyId, id: ids.map((row) => row.id) }, attributes: [...VIEW_ATTRIBUTES] })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    documents: ids.flatMap((row) => (byId.has(row.id) ? [toView(byId.get(row.id)!)] : [])),
    page,
    size,
    total,
    totalIsCapped: counted > DOCUMENT_LIST_MAX_ROWS,
  };
}

export interface DocumentDetail extends DocumentView {
  pageCount: number;
  lineItems: { lineIndex: number; description: string | null; amount: Cents; glAccountCode: string | null }[];
}

/** One document of `companyId`: another company's id (or none) is 404 "Document not found". */
export async function getDocument(companyId: number, id: number): Promise<DocumentDetail> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(DOCUMENT_MESSAGES.notFound);
  const view = await viewOf(companyId, id);
  const [lineItems, [{ pages }]] = await Promise.all([
    BillDocumentLineItem.findAll({ where: { documentId: id }, order: [["lineIndex", "ASC"]] }),
    sequelize.query<{ pages: string }>(`SELECT count(*) AS pages FROM bill_document_pages WHERE document_id = $id`, { bind: { id }, type: QueryTypes.SELECT }),
  ]);
  return {
    ...view,
    pageCount: Number(pages),
    lineItems: lineItems.map((item) => ({ lineIndex: item.lineIndex, description: item.description ?? null, amount: item.amount, glAccountCode: item.glAccountCode ?? null })),
  };
}

// ---- The inbound e-mail address ---------------------------------------------------------------------------------------

/** The domain of inbound bill addresses (INBOUND_MAIL_DOMAIN). */
export const inboundMailDomain = () => env().INBOUND_MAIL_DOMAIN;

/** The company's inbound bill address, `<code>@<INBOUND_MAIL_DOMAIN>`. */
export async function getInboundAddress(companyId: number): Promise<string> {
  const company = await Company.findByPk(companyId, { attributes: ["id", "inboundEmailCode"] });
  if (!company) throw notFound("Company not found");
  return inboundAddressOf(company.inboundEmailCode, inboundMailDomain());
}

/** Whether an address is of the inbound domain at all. */
export const isInboundAddress = (address: string) => inboundCodeOf(address, inboundMailDomain()) !== null;

/** The company an inbound address names, or null (another domain, or no such code). */
export async function findCompanyIdByInboundAddress(address: string): Promise<number | null> {
  const code = inboundCodeOf(address, inboundMailDomain());
  if (!code) return null;
  const company = await Company.findOne({ where: { inboundEmailCode: code }, attributes: ["id"] });
  return company?.id ?? null;
}
