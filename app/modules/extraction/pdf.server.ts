/**
 * PDF reading through unpdf (pdf.js): open, text layer per page, pages rendered to PNG with @napi-rs/canvas.
 */
import "./pdfjs-polyfill";
import { extractText, getDocumentProxy, renderPageAsImage } from "unpdf";

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** A scanned page is rendered at about 144 dpi (A4: 1190 × 1683 px) for OCR. */
export const OCR_RENDER_SCALE = 2;
/** A text-layer page is only shown beside the review form: 108 dpi (893 × 1263 px) reads well and renders faster. */
export const DISPLAY_RENDER_SCALE = 1.5;

const canvasImport = () => import("@napi-rs/canvas");

/** pdf.js takes ownership of (detaches) the array it is given: hand it a copy so the caller's Buffer stays whole. */
export function openPdf(bytes: Buffer): Promise<PdfDocument> {
  return getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
}

export async function pdfPageTexts(pdf: PdfDocument): Promise<string[]> {
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

/** Page n (1-based) as PNG. */
export async function renderPdfPage(pdf: PdfDocument, pageNumber: number, scale = OCR_RENDER_SCALE): Promise<Buffer> {
  const png = await renderPageAsImage(pdf, pageNumber, { canvasImport, scale });
  return Buffer.from(png);
}

/**
 * Whether pdf.js refused the file for a password. pdf.js throws a PasswordException (name "PasswordException") for
 * a document encrypted with a user password.
 */
export function isPasswordError(error: unknown): boolean {
  return error instanceof Error && (error.name === "PasswordException" || /password/i.test(error.message));
}
