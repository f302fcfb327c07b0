/**
 * The PROCESS_DOCUMENT job (issue 16 part 5, decision 042): a stored document goes QUEUED (or RETRY) → PROCESSING, its
 * text, page images and fields are read by `extractDocument` (the extraction module), stored in one transaction, and
 * `matchDocument` (the matching module) then decides where it lands. Run by the job worker (a Bree worker thread:
 * OCR is CPU work that never runs in a web request), through jobs/registry.ts.
 *
 * A failed attempt that is not an AppError is retried by the jobs module with its backoff: the document waits in RETRY
 * with the error; after the last attempt (or an AppError, which no retry changes) it is FAILED with processing_error.
 * A document that was corrected by a reviewer (edited) and sent back (RETRY) is matched again without being read again.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BillDocument, BillDocumentLineItem, BillDocumentPage, Job } from "../../../db/models/index";
import { isAppError, notFound } from "../../lib/errors";
import { jobLogger } from "../../lib/logger.server";
import type { Cents } from "../../lib/money";
import { audit } from "../audit/service.server";
import { afterFailure, failureMessage } from "../jobs/rules";
import { executeJob, JobLeaseLostError, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { extractDocument, matchDocument, type Extraction } from "./pipeline-ports.server";
import { PROCESS_DOCUMENT_JOB_TYPE } from "./rules";

export interface ProcessDocumentResult {
  documentId: number;
  /** True when the document was not waiting for processing (deleted, or already processed by another run). */
  skipped: boolean;
  processingStatus: string | null;
  matchStatus: string | null;
}

/** The extraction and matching the job calls; a unit test passes its own. */
export interface ProcessingSteps {
  extract: (input: { content: Buffer; mimeType: string; companyId: number }) => Promise<Extraction>;
  match: (documentId: number) => Promise<void>;
}

const REAL_STEPS: ProcessingSteps = { extract: extractDocument, match: matchDocument };

/** Runs a queued PROCESS_DOCUMENT job (the registry's runner); a job that is not QUEUED is returned as it stands. */
export async function runProcessDocument(jobId: string, options: ExecuteJobOptions = {}, steps: ProcessingSteps = REAL_STEPS): Promise<JobView> {
  const job = await Job.findByPk(jobId, { attributes: ["id", "type"] });
  if (!job || job.type !== PROCESS_DOCUMENT_JOB_TYPE) throw notFound("Job not found");
  const maxAttempts = options.maxAttempts ?? 1;
  return executeJob(
    jobId,
    async ({ payload, progress }) => {
      const documentId = Number(payload.documentId);
      try {
        return await processDocument(documentId, steps, progress);
      } catch (error) {
        if (error instanceof JobLeaseLostError) throw error;
        const { attempts } = (await Job.findByPk(jobId, { attributes: ["attempts"] })) ?? { attempts: maxAttempts };
        const outcome = afterFailure({ error, attempts, maxAttempts, retryable: maxAttempts > 1 });
        await recordFailure(documentId, outcome.action === "RETRY" ? "RETRY" : "FAILED", error, jobId);
        throw error;
      }
    },
    options
  );
}

/**
 * QUEUED/RETRY → PROCESSING (a resumed job finds it PROCESSING), then read, store and match. Returns where the document
 * ended; a document no longer waiting (deleted, or done by another run) is skipped.
 */
export async function processDocument(documentId: number, steps: ProcessingSteps, progress: (percent: number) => Promise<void> = async () => {}): Promise<ProcessDocumentResult> {
  const [claimed] = await sequelize.query<{ id: number; company_id: number; mime_type: string; edited: boolean; text_source: string | null }>(
    `UPDATE bill_documents SET processing_status = 'PROCESSING', processing_attempts = processing_attempts + 1, processing_error = NULL
      WHERE id = $id AND processing_status IN ('QUEUED', 'RETRY', 'PROCESSING') AND confirmed_at IS NULL
      RETURNING id, company_id, mime_type, edited, text_source`,
    { bind: { id: documentId }, type: QueryTypes.SELECT }
  );
  if (!claimed) {
    const current = await BillDocument.findByPk(documentId, { attributes: ["id", "processingStatus", "matchStatus"] });
    return { documentId, skipped: true, processingStatus: current?.processingStatus ?? null, matchStatus: current?.matchStatus ?? null };
  }
  // A reviewer's corrections are kept: an edited document already read is matched again as it stands.
  if (!(claimed.edited && claimed.text_source)) {
    await progress(5);
    const document = await BillDocument.findByPk(documentId, { attributes: ["id", "content"] });
    if (!document) throw notFound("Document not found");
    const extraction = await steps.extract({ content: document.content, mimeType: claimed.mime_type, companyId: claimed.company_id });
    await progress(70);
    await sequelize.transaction((transaction) => storeExtraction(documentId, extraction, transaction));
  }
  await progress(80);
  await steps.match(documentId);
  const done = await BillDocument.findByPk(documentId, { attributes: ["id", "companyId", "processingStatus", "matchStatus"] });
  await audit(null, {
    companyId: claimed.company_id,
    action: "DOCUMENT_PROCESSED",
    entityType: "bill_document",
    entityId: documentId,
    details: { processingStatus: done?.processingStatus ?? null, matchStatus: done?.matchStatus ?? null },
  });
  return { documentId, skipped: false, processingStatus: done?.processingStatus ?? null, matchStatus: done?.matchStatus ?? null };
}

/** PostgreSQL text holds no NUL character; OCR and text layers can produce one. */
const cleanText = (text: string | null | undefined) => (text ? text.replaceAll("\u0000", "") : null);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string | null | undefined) => (value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);
/** invoice_amount is at least 0.01 (a CHECK); anything else was not read as an amount. */
const validAmount = (cents: Cents | null | undefined): Cents | null => (cents !== null && cents !== undefined && Number.isSafeInteger(cents) && cents >= 1 ? cents : null);
const short = (value: string | null | undefined, max: number) => cleanText(value)?.trim().slice(0, max) || null;

/** Writes what the extraction read: text, confidence, the page images with their text, the fields and the line items. */
async function storeExtraction(documentId: number, extraction: Extraction, transaction: Transaction): Promise<void> {
  const { fields } = extraction;
  const confidence = extraction.ocrConfidencePercent;
  await BillDocument.update(
    {
      textSource: extraction.textSource,
      extractedText: cleanText(extraction.text),
      ocrConfidencePercent: confidence === null || !Number.isFinite(confidence) ? null : Math.min(100, Math.max(0, confidence)).toFixed(2),
      supplierName: short(fields.supplierName?.value, 500),
      invoiceNumber: short(fields.invoiceNumber?.value, 200),
      orderNumber: short(fields.orderNumber?.value, 200),
      dateIssue: validDate(fields.issueDate?.value),
      dueDate: validDate(fields.dueDate?.value),
      invoiceAmount: validAmount(fields.amountCents?.value),
      processedAt: new Date(),
    },
    { where: { id: documentId, processingStatus: "PROCESSING" }, transaction }
  );
  await BillDocumentPage.destroy({ where: { documentId }, transaction });
  if (extraction.pages.length) {
    await BillDocumentPage.bulkCreate(
      extraction.pages.map((page, position) => ({ documentId, pageIndex: Number.isInteger(page.index) && page.index >= 0 ? page.index : position, mimeType: "image/png" as const, content: page.png, text: cleanText(page.text) })),
      { transaction }
    );
  }
  await BillDocumentLineItem.destroy({ where: { documentId }, transaction });
  const lineItems = (fields.lineItems?.value ?? []).filter((item) => Number.isSafeInteger(item.amountCents));
  if (lineItems.length) {
    await BillDocumentLineItem.bulkCreate(
      lineItems.map((item, lineIndex) => ({ documentId, lineIndex, description: short(item.description, 1000), amount: item.amountCents })),
      { transaction }
    );
  }
}

/** A failed attempt: RETRY (another attempt follows) or FAILED, with the message users see; only a document still PROCESSING. */
async function recordFailure(documentId: number, status: "RETRY" | "FAILED", error: unknown, jobId: string): Promise<void> {
  // An AppError's message is written for users; anything else is "Something went wrong", its detail in the job's log.
  const message = failureMessage(error);
  if (!isAppError(error)) jobLogger(jobId).error({ err: error, documentId, status }, "document processing failed");
  const [count] = await BillDocument.update({ processingStatus: status, processingError: message }, { where: { id: documentId, processingStatus: "PROCESSING" } });
  if (count === 1 && status === "FAILED") {
    const document = await BillDocument.findByPk(documentId, { attributes: ["id", "companyId"] });
    await audit(null, { companyId: document?.companyId ?? null, action: "DOCUMENT_PROCESSING_FAILED", entityType: "bill_document", entityId: documentId, details: { message, jobId } });
  }
}
