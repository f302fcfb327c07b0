/**
 * PLACEHOLDER, replaced by helper X's `inspectFile` (app/modules/extraction/) at the merge: see ../pipeline-ports.server.ts.
 * The same signature: the type by content (magic bytes: PDF, JPEG, PNG; never the file name), a PDF that needs a
 * password or has no page refused, with a message for the user.
 */
import { getDocumentProxy } from "unpdf";
import type { BillDocumentMimeType } from "../../../../db/models/bill-document";
import { DOCUMENT_MESSAGES } from "../rules";

export type InspectResult = { ok: true; mimeType: BillDocumentMimeType; pageCount: number } | { ok: false; message: string };

export const INSPECT_MESSAGES = {
  encrypted: "This PDF is protected by a password. Please upload a copy without a password.",
  noPages: "This PDF has no pages.",
  unreadable: "This PDF could not be read. Please check the file and upload it again.",
} as const;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes say, or null. A PDF's header may follow a little junk, as readers allow (first 1024 bytes). */
export function sniffMimeType(bytes: Buffer): BillDocumentMimeType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 1024).includes("%PDF-")) return "application/pdf";
  return null;
}

export async function inspectFile(bytes: Buffer, _fileName: string): Promise<InspectResult> {
  if (bytes.length === 0) return { ok: false, message: DOCUMENT_MESSAGES.empty };
  const mimeType = sniffMimeType(bytes);
  if (!mimeType) return { ok: false, message: DOCUMENT_MESSAGES.unsupported };
  if (mimeType !== "application/pdf") return { ok: true, mimeType, pageCount: 1 };
  try {
    // pdf.js takes the buffer over: give it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const pageCount = pdf.numPages;
    await pdf.destroy();
    return pageCount > 0 ? { ok: true, mimeType, pageCount } : { ok: false, message: INSPECT_MESSAGES.noPages };
  } catch (error) {
    if ((error as { name?: string })?.name === "PasswordException") return { ok: false, message: INSPECT_MESSAGES.encrypted };
    return { ok: false, message: INSPECT_MESSAGES.unreadable };
  }
}
