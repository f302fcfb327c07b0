/**
 * Pure rules of bill document intake and the review lists (issue 16 parts 2 and 5, spec part 3 §2.1, §4.1; decision
 * 042): limits and messages of an intake, which processing statuses each review list shows, the match reasons' labels,
 * and the inbound e-mail address of a company. No I/O.
 */
import type { BillDocumentMatchStatus, BillDocumentProcessingStatus } from "../../../db/models/bill-document-values";

/** The queued job that reads, extracts and matches one stored document (payload `{ documentId }`). */
export const PROCESS_DOCUMENT_JOB_TYPE = "PROCESS_DOCUMENT";

/** The largest file a document may be (p3 §9 "10,000,000 bytes", the same as every upload of the product). */
export const DOCUMENT_MAX_BYTES = 10_000_000;
/** Files one upload (web) or one command (CLI) may carry. */
export const DOCUMENT_UPLOAD_MAX_FILES = 20;

export const DOCUMENT_MESSAGES = {
  // The spec's upload messages (p3 §5 "Statement upload"), kept character for character.
  unsupported: "Unsupported file format. Please select a JPG, PNG or PDF file.",
  tooLarge: "Please choose a file which is less than 10 MB in size",
  noFile: "Please choose at least one PDF, JPG or PNG file",
  tooManyFiles: `Please choose at most ${DOCUMENT_UPLOAD_MAX_FILES} files at a time`,
  empty: "The file is empty",
  notFound: "Document not found",
} as const;

/** What the user reads for a refused file: the file's name, then why. */
export const refusalLine = (fileName: string, message: string) => `${fileName}: ${message}`;

/** A file name as stored: its last path segment, control characters removed, at most 255 characters; never empty. */
export function cleanFileName(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (fileName.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "document").slice(0, 255);
}

/** An e-mail attachment that is meant as a bill: named or typed as a PDF, JPG or PNG (the intake then checks its content). */
export function isBillAttachment(attachment: { fileName: string | null; contentType: string | null }): boolean {
  const type = (attachment.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (["application/pdf", "image/jpeg", "image/jpg", "image/pjpeg", "image/png"].includes(type)) return true;
  return /\.(pdf|jpe?g|png)$/i.test(attachment.fileName ?? "");
}

// ---- The review lists (p3 §2.1) -----------------------------------------------------------------------------------

export const REVIEW_LISTS = ["pending-review", "pending-approval", "processing", "variances", "blocked", "unmatched"] as const;
export type ReviewList = (typeof REVIEW_LISTS)[number];

/**
 * The processing statuses each list shows. Each bill type has its list (p3 §2.1); a document the processing job has not
 * finished with (QUEUED, PROCESSING, RETRY) or could not read (FAILED) shows under Processing, so every document a
 * company sent is in one list. AUTHORISED documents are bills in /bills; DELETED ones are in no list.
 */
export const REVIEW_LIST_STATUSES: Record<ReviewList, readonly BillDocumentProcessingStatus[]> = {
  "pending-review": ["PENDING_REVIEW"],
  "pending-approval": ["PENDING_APPROVAL"],
  processing: ["QUEUED", "PROCESSING", "RETRY", "FAILED"],
  variances: ["VARIANCE"],
  blocked: ["BLOCKED"],
  unmatched: ["UNMATCHED"],
};

/** Each list's page title and crumb (p3 §2.1) and its empty state. */
export const REVIEW_LIST_TITLES: Record<ReviewList, { title: string; empty: string }> = {
  "pending-review": { title: "Pending review", empty: "No bills are waiting for review" },
  "pending-approval": { title: "Pending Approval", empty: "No bills are waiting for approval" },
  processing: { title: "Processing", empty: "No bills are being processed" },
  variances: { title: "Bills with variance", empty: "No bills with a variance" },
  blocked: { title: "Blocked", empty: "No blocked bills" },
  unmatched: { title: "Unmatched bills", empty: "No unmatched bills" },
};

/** The match reasons' labels (p3 §4.1), character for character. MATCHED has none. */
export const MATCH_STATUS_LABELS: Partial<Record<BillDocumentMatchStatus, string>> = {
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

/** What a row of a list says for its reason: the match reason's label, else where processing stands. */
export function reasonLabel(document: {
  processingStatus: BillDocumentProcessingStatus;
  matchStatus: BillDocumentMatchStatus | null;
  confirmed?: boolean;
}): string {
  if (document.processingStatus === "QUEUED") return "Queued";
  // A confirmed bill (decision 052) waits only for what its match status names; else it is being written.
  if (document.processingStatus === "PROCESSING" && document.confirmed)
    return (document.matchStatus && MATCH_STATUS_LABELS[document.matchStatus]) ?? "Confirmed";
  if (document.processingStatus === "PROCESSING") return "Reading the document";
  if (document.processingStatus === "RETRY") return "Waiting to be processed again";
  if (document.processingStatus === "FAILED") return "Could not be read";
  const label = (document.matchStatus && MATCH_STATUS_LABELS[document.matchStatus]) ?? "";
  return label === "" && document.processingStatus === "UNMATCHED" ? "Unmatched" : label;
}

// ---- The inbound e-mail address -------------------------------------------------------------------------------------

/** `<code>@<domain>`, lower case. */
export const inboundAddressOf = (code: string, domain: string) => `${code}@${domain}`.toLowerCase();

/**
 * The code of an address of `domain` ("ab12cd34ef56@bills.earlybird.test" → "ab12cd34ef56"); null for an address of
 * another domain. A "+tag" after the code is ignored (code+march@...), as mail systems do.
 */
export function inboundCodeOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  if (
    address
      .slice(at + 1)
      .trim()
      .toLowerCase() !== domain.toLowerCase()
  )
    return null;
  const local = address.slice(0, at).trim().toLowerCase().split("+")[0];
  return /^[a-z0-9][a-z0-9-]{2,62}$/.test(local) ? local : "";
}
