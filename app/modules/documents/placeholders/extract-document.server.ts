/**
 * PLACEHOLDER, replaced by helper X's `extractDocument` (app/modules/extraction/) at the merge: see
 * ../pipeline-ports.server.ts. Same signature and result type; it reads only a PDF's text layer (no OCR, no page
 * images, no fields), so a document processed on this branch alone lands in review with its details missing.
 */
import { extractText, getDocumentProxy } from "unpdf";
import type { Cents } from "../../../lib/money";

export interface ExtractedField<T> {
  value: T;
  /** 0-1. */
  confidence: number;
}

export interface Extraction {
  textSource: "PDF_TEXT" | "OCR";
  text: string;
  ocrConfidencePercent: number | null;
  pages: { index: number; png: Buffer; text: string }[];
  fields: {
    supplierName: ExtractedField<string> | null;
    invoiceNumber: ExtractedField<string> | null;
    orderNumber: ExtractedField<string> | null;
    /** yyyy-mm-dd. */
    issueDate: ExtractedField<string> | null;
    dueDate: ExtractedField<string> | null;
    amountCents: ExtractedField<Cents> | null;
    lineItems: ExtractedField<{ description: string; amountCents: Cents }[]> | null;
  };
}

export async function extractDocument(input: { content: Buffer; mimeType: string; companyId: number }): Promise<Extraction> {
  let text = "";
  if (input.mimeType === "application/pdf") {
    const pdf = await getDocumentProxy(new Uint8Array(input.content));
    text = (await extractText(pdf, { mergePages: true })).text;
    await pdf.destroy();
  }
  return {
    textSource: input.mimeType === "application/pdf" ? "PDF_TEXT" : "OCR",
    text,
    ocrConfidencePercent: null,
    pages: [],
    fields: { supplierName: null, invoiceNumber: null, orderNumber: null, issueDate: null, dueDate: null, amountCents: null, lineItems: null },
  };
}
