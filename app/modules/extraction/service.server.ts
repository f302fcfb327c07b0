/**
 * Text and fields of a bill document (issue 16 part 3, decisions D6, docs/decisions/043).
 *
 * - inspectFile: what the intake asks before storing anything: the type by content (PDF, JPEG, PNG), a PDF that
 *   needs a password, a PDF without pages, a file that does not open.
 * - extractDocument: the text from the PDF's text layer when it has one, else OCR of the rendered pages (or of the
 *   image itself) on the OCR pool's worker threads; every page stored as PNG; the fields, with the anchors learnt
 *   for the supplier applied first.
 * - recordFieldCorrection: learns where a reviewer's corrected value sat in the bill's text.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, SupplierFieldAnchor } from "../../../db/models/index";
import { learnAnchor, LEARNABLE_FIELDS, readAtAnchor, type Anchor, type LearnableField, type LearnableValue } from "./anchors";
import { extractFields, supplierKeyOf, supplierNameCandidates, textConfidenceFactor, textLines, type ExtractedFields, type TextSource } from "./fields";
import { imageAsPng, sniffMimeType, type SniffedType } from "./image.server";
import { recognise } from "./ocr-pool.server";
import { DISPLAY_RENDER_SCALE, isPasswordError, OCR_RENDER_SCALE, openPdf, pdfPageTexts, renderPdfPage, type PdfDocument } from "./pdf.server";

export type { ExtractedFields, Field, FieldName, LineItem, TextSource } from "./fields";
export { supplierKeyOf } from "./fields";
export { LEARNABLE_FIELDS, type LearnableField } from "./anchors";
export { closeOcrPool } from "./ocr-pool.server";

export type InspectResult = { ok: true; mimeType: SniffedType; pageCount: number } | { ok: false; message: string };

export type ExtractedPage = { index: number; png: Buffer; text: string };
export type Extraction = {
  textSource: TextSource;
  text: string;
  ocrConfidencePercent: number | null;
  pages: ExtractedPage[];
  fields: ExtractedFields;
};

/** A PDF whose text layer has fewer letters and digits than this is a scan: its pages are OCR'd. */
const MIN_TEXT_LAYER_CHARACTERS = 20;
/** Learnt anchors are trusted above the generic labels. */
const ANCHORED = 0.98;

/** Why a file is refused before anything is stored (the intake shows each after the file's name). */
export const inspectMessages = {
  empty: "The file is empty",
  // p3 §5 (upload), character for character.
  notSupported: "Unsupported file format. Please select a JPG, PNG or PDF file.",
  encrypted: "This PDF is protected by a password. Remove the password and upload it again.",
  noPages: "This PDF has no pages.",
  unreadablePdf: "This file could not be read as a PDF.",
  unreadableImage: "This file could not be read as an image.",
} as const;

export async function inspectFile(bytes: Buffer, _fileName: string): Promise<InspectResult> {
  if (bytes.length === 0) return { ok: false, message: inspectMessages.empty };
  const mimeType = sniffMimeType(bytes);
  if (!mimeType) return { ok: false, message: inspectMessages.notSupported };
  if (mimeType !== "application/pdf") {
    try {
      await imageAsPng(bytes, mimeType);
      return { ok: true, mimeType, pageCount: 1 };
    } catch {
      return { ok: false, message: inspectMessages.unreadableImage };
    }
  }
  let pdf: PdfDocument;
  try {
    pdf = await openPdf(bytes);
  } catch (error) {
    return { ok: false, message: isPasswordError(error) ? inspectMessages.encrypted : inspectMessages.unreadablePdf };
  }
  try {
    if (pdf.numPages === 0) return { ok: false, message: inspectMessages.noPages };
    return { ok: true, mimeType, pageCount: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}

type ReadText = { textSource: TextSource; text: string; ocrConfidencePercent: number | null; pages: ExtractedPage[] };

async function readPdf(content: Buffer): Promise<ReadText> {
  const pdf = await openPdf(content);
  try {
    const texts = await pdfPageTexts(pdf);
    const characters = texts.join("").replace(/[^\p{L}\p{N}]/gu, "").length;
    const hasTextLayer = characters >= MIN_TEXT_LAYER_CHARACTERS;
    const pngs: Buffer[] = [];
    for (let n = 1; n <= pdf.numPages; n++) pngs.push(await renderPdfPage(pdf, n, hasTextLayer ? DISPLAY_RENDER_SCALE : OCR_RENDER_SCALE));
    if (hasTextLayer) {
      return { textSource: "PDF_TEXT", text: texts.join("\n\f\n"), ocrConfidencePercent: null, pages: pngs.map((png, index) => ({ index, png, text: texts[index] ?? "" })) };
    }
    return ocrPages(pngs);
  } finally {
    await pdf.destroy();
  }
}

/** OCR of the page images, all queued at once: the pool reads them on as many threads as it has. */
async function ocrPages(pngs: Buffer[]): Promise<ReadText> {
  const results = await Promise.all(pngs.map((png) => recognise(png)));
  const confidence = results.reduce((sum, r) => sum + r.confidencePercent, 0) / Math.max(1, results.length);
  return {
    textSource: "OCR",
    text: results.map((r) => r.text.trim()).join("\n\f\n"),
    ocrConfidencePercent: Math.round(confidence * 100) / 100,
    pages: results.map((r, index) => ({ index, png: pngs[index], text: r.text })),
  };
}

async function readText(content: Buffer, mimeType: string): Promise<ReadText> {
  const sniffed = sniffMimeType(content);
  if (!sniffed || sniffed !== mimeType) throw new Error(`The document's content is not ${mimeType}`);
  if (sniffed === "application/pdf") return readPdf(content);
  const { png } = await imageAsPng(content, sniffed);
  return ocrPages([png]);
}

/** Companies by lower(company_name) (companies_name_idx), then the buyer's row for each (a plan test keeps it so). */
export const KNOWN_SUPPLIERS_SQL = `SELECT c.company_name AS name
       FROM companies c
       JOIN counterparties cp ON cp.counterparty_company_id = c.id AND cp.company_id = :companyId AND cp.is_supplier
      WHERE lower(c.company_name) IN (:candidates)`;

/** The company's suppliers whose names stand on the first lines (an indexed lookup, however many suppliers). */
async function knownSuppliersIn(companyId: number, lines: string[]): Promise<string[]> {
  const candidates = supplierNameCandidates(lines);
  if (candidates.length === 0) return [];
  const rows = await sequelize.query<{ name: string }>(KNOWN_SUPPLIERS_SQL, { replacements: { companyId, candidates }, type: QueryTypes.SELECT });
  return rows.map((row) => row.name);
}

export async function loadAnchors(companyId: number, supplierKey: string): Promise<Map<LearnableField, Anchor>> {
  const rows = await SupplierFieldAnchor.findAll({ where: { companyId, supplierKey } });
  return new Map(rows.map((row) => [row.field, { label: row.label, lineIndex: row.lineIndex }]));
}

/** The fields of a text: the generic patterns, then what was learnt for the supplier over them. */
export async function fieldsOf(companyId: number, text: string, textSource: TextSource, ocrConfidencePercent: number | null): Promise<ExtractedFields> {
  const company = await Company.findByPk(companyId, { attributes: ["id", "companyName"] });
  const lines = textLines(text);
  const knownSuppliers = await knownSuppliersIn(companyId, lines);
  const fields = extractFields(text, textSource, ocrConfidencePercent, { knownSuppliers, buyerName: company?.companyName ?? null });
  if (!fields.supplierName) return fields;
  const anchors = await loadAnchors(companyId, supplierKeyOf(fields.supplierName.value));
  const factor = textConfidenceFactor(textSource, ocrConfidencePercent);
  for (const [field, anchor] of anchors) {
    const value = readAtAnchor(text, field, anchor);
    if (value === null) continue;
    const confidence = Math.round(ANCHORED * factor * 100) / 100;
    if (field === "amountCents") fields.amountCents = { value: value as number, confidence };
    else fields[field] = { value: String(value), confidence };
  }
  return fields;
}

export async function extractDocument(input: { content: Buffer; mimeType: string; companyId: number }): Promise<Extraction> {
  const read = await readText(input.content, input.mimeType);
  const fields = await fieldsOf(input.companyId, read.text, read.textSource, read.ocrConfidencePercent);
  return { ...read, fields };
}

/**
 * Learns where the corrected value of a field sits in this supplier's bill, so that its next bills are read there.
 * Returns the anchor, or null when the value is not in the text (nothing to learn; an existing anchor is kept).
 * The review action that corrected the field audits the correction; this only stores what it implies.
 */
export async function recordFieldCorrection(
  companyId: number,
  supplierKey: string,
  field: LearnableField,
  correctedValue: LearnableValue,
  documentText: string,
  options: { transaction?: Transaction } = {},
): Promise<Anchor | null> {
  if (!LEARNABLE_FIELDS.includes(field)) throw new Error(`Cannot learn the field ${String(field)}`);
  const key = supplierKeyOf(supplierKey);
  if (!key) return null;
  const anchor = learnAnchor(documentText, field, correctedValue);
  if (!anchor) return null;
  await sequelize.query(
    `INSERT INTO supplier_field_anchors (company_id, supplier_key, field, label, line_index)
     VALUES (:companyId, :key, :field, :label, :lineIndex)
     ON CONFLICT (company_id, supplier_key, field)
     DO UPDATE SET label = EXCLUDED.label, line_index = EXCLUDED.line_index,
                   corrections = supplier_field_anchors.corrections + 1, updated_at = now()`,
    { replacements: { companyId, key, field, label: anchor.label, lineIndex: anchor.lineIndex }, transaction: options.transaction },
  );
  return anchor;
}
