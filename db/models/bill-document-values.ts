/**
 * The bill documents' value lists (statuses, sources, queues), apart from the model so that code which must not open
 * the database on import (the CLI's option parsing, client bundles) can read them. bill-document.ts re-exports them.
 */
export const BILL_DOCUMENT_SOURCES = ["UPLOAD", "CLI", "EMAIL"] as const;
export type BillDocumentSource = (typeof BILL_DOCUMENT_SOURCES)[number];
export const BILL_DOCUMENT_MIME_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type BillDocumentMimeType = (typeof BILL_DOCUMENT_MIME_TYPES)[number];
/**
 * QUEUED and RETRY wait for the processing job, FAILED is a document it could not read; the rest are the bill types
 * of spec part 3 §4.1 (PROCESSING = a confirmed bill being processed) and DELETED.
 */
export const BILL_DOCUMENT_PROCESSING_STATUSES = [
  "QUEUED",
  "PROCESSING",
  "RETRY",
  "FAILED",
  "PENDING_REVIEW",
  "BLOCKED",
  "VARIANCE",
  "PENDING_APPROVAL",
  "UNMATCHED",
  "AUTHORISED",
  "DELETED",
] as const;
export type BillDocumentProcessingStatus = (typeof BILL_DOCUMENT_PROCESSING_STATUSES)[number];
export const BILL_DOCUMENT_MATCH_STATUSES = [
  "ORDER_NOT_FOUND_OCR",
  "ORDER_NOT_FOUND_GPOS",
  "AMOUNT_OVER",
  "AMOUNT_UNDER",
  "STATUS_MISMATCH",
  "ALREADY_CLOSED",
  "EXPIRED",
  "INVOICE_DETAILS_MISSING",
  "POTENTIAL_DUPLICATE",
  "CONTACT_NOT_FOUND",
  "MATCHED",
] as const;
export type BillDocumentMatchStatus = (typeof BILL_DOCUMENT_MATCH_STATUSES)[number];
export const BILL_DOCUMENT_PROCESSING_QUEUES = ["AUTOMATIC", "MANUAL"] as const;
export type BillDocumentProcessingQueue = (typeof BILL_DOCUMENT_PROCESSING_QUEUES)[number];
export const BILL_DOCUMENT_TEXT_SOURCES = ["PDF_TEXT", "OCR"] as const;
export type BillDocumentTextSource = (typeof BILL_DOCUMENT_TEXT_SOURCES)[number];
