/**
 * The Upload bills form of the review lists and the dashboard (issue 16 part 2, decision 042): a multipart post of
 * several files in the field `files`. Each file is streamed in, kept in memory up to the 10,000,000-byte limit (the
 * rest is drained), and handed to the documents service as soon as it has arrived, so at most one file is held at a
 * time. All received: back to the page with a toast. Any refused: 422 with a line per refused file on the field and
 * what was received; nothing of a refused file is stored.
 */
import { json, type UploadHandler } from "@remix-run/node";
import type { Actor } from "~/lib/actor";
import { AppError } from "~/lib/errors";
import type { FormErrorData } from "~/lib/form-errors";
import { receiveDocuments, type IntakeResult } from "~/modules/documents/service.server";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, DOCUMENT_UPLOAD_MAX_FILES, refusalLine } from "~/modules/documents/rules";
import { DOCUMENT_UPLOAD_MAX_BYTES } from "~/web/body-limits";
import { handleError, readMultipartForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

export const UPLOAD_BILLS_INTENT = "upload-bills";

/** What the form shows after a post with refusals: each file received, each refused with its reason. */
export interface UploadBillsResult {
  received: { fileName: string; documentId: number; duplicate: boolean }[];
  refused: { fileName: string; message: string }[];
}

export type UploadBillsActionData = FormErrorData & { upload?: UploadBillsResult };

/** "Received 2 bills: they are being processed." (and the duplicates said apart). */
export function receivedSummary(received: UploadBillsResult["received"]): string {
  const fresh = received.filter((file) => !file.duplicate).length;
  const duplicates = received.length - fresh;
  const parts = [];
  if (fresh) parts.push(`Received ${fresh} ${fresh === 1 ? "bill" : "bills"}: ${fresh === 1 ? "it is" : "they are"} being processed.`);
  if (duplicates) parts.push(`${duplicates} ${duplicates === 1 ? "file was" : "files were"} already received.`);
  return parts.join(" ");
}

/** Reads one file part: at most DOCUMENT_MAX_BYTES + 1 bytes kept (enough for the service to refuse the size), the rest drained. */
async function readPart(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  for await (const chunk of data) {
    if (kept > DOCUMENT_MAX_BYTES) continue;
    const room = DOCUMENT_MAX_BYTES + 1 - kept;
    const piece = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    chunks.push(piece);
    kept += piece.byteLength;
  }
  return Buffer.concat(chunks);
}

/** The action of a page with the Upload bills form; `backTo` is the page (with its query) the toast is shown on. */
export async function uploadBillsAction(request: Request, actor: Actor & { companyId: number }, backTo: string, requestId?: string) {
  const results: IntakeResult[] = [];
  let files = 0;
  const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "files") return undefined;
    if (!filename) {
      for await (const chunk of data) void chunk; // the empty part of a file field left empty
      return undefined;
    }
    files += 1;
    if (files > DOCUMENT_UPLOAD_MAX_FILES) {
      for await (const chunk of data) void chunk;
      results.push({ ok: false, fileName: filename, message: DOCUMENT_MESSAGES.tooManyFiles });
      return undefined;
    }
    const content = await readPart(data);
    results.push(...(await receiveDocuments(actor, actor.companyId, [{ fileName: filename, content }], "UPLOAD", { requestId })));
    return undefined;
  };
  try {
    await readMultipartForm(request, uploadHandler, { maxBytes: DOCUMENT_UPLOAD_MAX_BYTES });
    if (files === 0) throw AppError.validation({ files: DOCUMENT_MESSAGES.noFile });
  } catch (error) {
    return handleError(error, { fields: "validation" });
  }
  const upload: UploadBillsResult = {
    received: results.flatMap((result) => (result.ok ? [{ fileName: result.fileName, documentId: result.document.id, duplicate: result.duplicate }] : [])),
    refused: results.flatMap((result) => (result.ok ? [] : [{ fileName: result.fileName, message: result.message }])),
  };
  if (upload.refused.length === 0) return redirectWithToast(backTo, { type: "success", message: receivedSummary(upload.received) });
  const message = upload.refused.map((file) => refusalLine(file.fileName, file.message)).join("\n");
  return json<UploadBillsActionData>({ fieldErrors: { files: message }, upload }, { status: 422 });
}
