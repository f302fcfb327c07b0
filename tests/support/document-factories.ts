/**
 * Bill document files for the intake tests (issue 16), made in code: a text-layer PDF (pdfkit), a password-protected PDF,
 * a PDF with no page, PNG and JPEG images (@napi-rs/canvas), and bytes that only claim to be a PDF.
 */
import crypto from "node:crypto";
import { createCanvas } from "@napi-rs/canvas";
import PDFDocument from "pdfkit";

function pdf(lines: string[], options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: "A4", ...options });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
    for (const line of lines) document.text(line);
    document.end();
  });
}

/** A one-page bill with a text layer; `marker` makes its bytes (and SHA-256) unique. */
export function makeBillPdf(fields: { supplier?: string; invoiceNumber?: string; orderNumber?: string; total?: string; marker?: string } = {}) {
  return pdf([
    `Tax Invoice from ${fields.supplier ?? "Kiwi Supplies Ltd"}`,
    `Invoice Number: ${fields.invoiceNumber ?? `INV-${crypto.randomInt(100_000)}`}`,
    `Order Number: ${fields.orderNumber ?? "PO-1001"}`,
    "Date: 12/11/2026",
    `Total (inc. GST): $${fields.total ?? "115.00"}`,
    `Ref ${fields.marker ?? crypto.randomUUID()}`,
  ]);
}

/** A PDF that opens only with a password. */
export const makeEncryptedPdf = () => pdf(["Secret invoice", crypto.randomUUID()], { userPassword: "secret" });

/** A well-formed PDF whose page tree is empty. */
export const makeZeroPagePdf = () =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%% ${crypto.randomUUID()}\n%%EOF\n`
  );

function image(format: "png" | "jpeg"): Buffer {
  const canvas = createCanvas(200, 100);
  const context = canvas.getContext("2d");
  context.fillStyle = `#${crypto.randomBytes(3).toString("hex")}`;
  context.fillRect(0, 0, 200, 100);
  return format === "png" ? canvas.toBuffer("image/png") : canvas.toBuffer("image/jpeg");
}

export const makePng = () => image("png");
export const makeJpeg = () => image("jpeg");

/** Text named like a PDF: the extension says PDF, the content does not. */
export const makeFakePdf = () => Buffer.from(`Not a PDF at all ${crypto.randomUUID()}\n`);
