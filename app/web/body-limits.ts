/**
 * How large a request body may be (issue 13 part 10), shared by the Express guard (request-guards.server.ts), which
 * refuses a larger declared Content-Length before reading anything, and the form readers (http.server.ts), which count
 * what actually arrives.
 */

/** A form without files: 1 MB is far above any of our forms and far below what could hurt the server. */
export const FORM_MAX_BYTES = 1_048_576;
/** The largest file the product takes (p1 §5, §9: 10,000,000 bytes for CSV imports, identity and bank documents). */
export const FILE_MAX_BYTES = 10_000_000;
/** A form with a file: the file plus room for the other fields and the multipart framing. */
export const UPLOAD_MAX_BYTES = FILE_MAX_BYTES + FORM_MAX_BYTES;
/** Files one bill upload may carry (app/modules/documents/rules.ts DOCUMENT_UPLOAD_MAX_FILES: the same 20). */
export const DOCUMENT_UPLOAD_FILES = 20;
/** The bill upload (issue 16): several files of up to FILE_MAX_BYTES each, streamed one at a time. */
export const DOCUMENT_UPLOAD_MAX_BYTES = DOCUMENT_UPLOAD_FILES * FILE_MAX_BYTES + FORM_MAX_BYTES;
/** The pages whose Upload bills form posts several files: the review lists and the dashboard. */
const DOCUMENT_UPLOAD_PATH = /^\/(?:dashboard|bills\/(?:pending-review|pending-approval|processing|variances|blocked|unmatched))\/?$/;
export const isDocumentUploadPath = (pathname: string) => DOCUMENT_UPLOAD_PATH.test(pathname);

/** A text part of a multipart form (ids, a format, a checkbox): what the upload routes keep in memory. */
export const TEXT_PART_MAX_BYTES = 4_096;

export const BODY_MESSAGES = {
  contentType: "Unsupported content type: send the form as application/x-www-form-urlencoded or multipart/form-data",
  tooLarge: "The form is too large (at most 1 MB)",
  // The spec's upload message (p1 §5, §8 "size exceeded").
  uploadTooLarge: "Please choose a file which is less than 10 MB in size",
  unreadable: "The form could not be read. Please reload the page and try again.",
  nulCharacter: "The form contains a NUL character, which is not allowed",
  partTooLarge: (field: string) => `The field "${field}" is too large (at most 4 KB)`,
} as const;

/** The media type of a request body, lower-case, without parameters ("multipart/form-data"). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** The most a body of this content type may hold, and the message when it holds more. */
export function bodyLimitFor(contentType: string | null | undefined, pathname = ""): { maxBytes: number; message: string } {
  if (mediaTypeOf(contentType) !== "multipart/form-data") return { maxBytes: FORM_MAX_BYTES, message: BODY_MESSAGES.tooLarge };
  return { maxBytes: isDocumentUploadPath(pathname) ? DOCUMENT_UPLOAD_MAX_BYTES : UPLOAD_MAX_BYTES, message: BODY_MESSAGES.uploadTooLarge };
}
