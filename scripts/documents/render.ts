/**
 * Draws a sample bill (scripts/documents/layout.ts) as a file: a text-layer PDF (pdfkit, DejaVu fonts), or a scan (the
 * same runs drawn with @napi-rs/canvas, slightly rotated with speckle noise) as PNG, JPG or an image-only PDF.
 * Deterministic: a seeded PRNG and fixed PDF dates and ids. Used by make-sample-documents.ts and the browser tests.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import PDFDocument from "pdfkit";
import type { SampleDocument } from "./catalogue";
import { layoutOf, type LayoutOverrides, type Run } from "./layout";

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const REGULAR = path.join(FONT_DIR, "DejaVuSans.ttf");
const BOLD = path.join(FONT_DIR, "DejaVuSans-Bold.ttf");
const A4: [number, number] = [595.28, 841.89];
/** A scan at about 130 dpi: small files, still large enough letters for OCR. */
const SCAN_SCALE = 1.8;
const FIXED_DATE = new Date("2026-11-01T00:00:00Z");

GlobalFonts.registerFromPath(REGULAR, "DejaVu Sans");
GlobalFonts.registerFromPath(BOLD, "DejaVu Sans Bold");

/** mulberry32: a small seeded PRNG, so the noise is the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (name: string) => [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

export function pdfOf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 0, autoFirstPage: true, info: { CreationDate: FIXED_DATE, ModDate: FIXED_DATE, Producer: "Earlybird fixtures", Creator: "Earlybird fixtures" }, ...options });
  // pdfkit derives the file id from the creation date and info: fixed above, so the bytes are the same each run.
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  draw(doc);
  doc.end();
  return ended.then(() => Buffer.concat(chunks));
}

function textPdf(runs: Run[]): Promise<Buffer> {
  return pdfOf((doc) => {
    for (const run of runs) {
      doc.font(run.bold ? BOLD : REGULAR).fontSize(run.size);
      const width = doc.widthOfString(run.text);
      const x = run.align === "right" ? run.x - width : run.x;
      doc.text(run.text, x, run.y, { lineBreak: false });
    }
  });
}

function scanCanvas(runs: Run[], seed: number) {
  const rng = random(seed);
  const width = Math.round(A4[0] * SCAN_SCALE);
  const height = Math.round(A4[1] * SCAN_SCALE);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fbfaf7";
  ctx.fillRect(0, 0, width, height);
  // A sheet fed a little crooked: under a degree either way.
  ctx.translate(width / 2, height / 2);
  ctx.rotate(((rng() - 0.5) * 1.4 * Math.PI) / 180);
  ctx.translate(-width / 2 + (rng() - 0.5) * 12, -height / 2 + (rng() - 0.5) * 12);
  ctx.fillStyle = "#1d1d1d";
  ctx.textBaseline = "top";
  for (const run of runs) {
    ctx.font = `${run.size * SCAN_SCALE}px "${run.bold ? "DejaVu Sans Bold" : "DejaVu Sans"}"`;
    ctx.textAlign = run.align === "right" ? "right" : "left";
    ctx.fillText(run.text, run.x * SCAN_SCALE, run.y * SCAN_SCALE);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // Speckles of toner and dust.
  for (let i = 0; i < 900; i++) {
    const shade = Math.floor(rng() * 120 + 60);
    ctx.fillStyle = `rgb(${shade},${shade},${shade})`;
    ctx.fillRect(Math.floor(rng() * width), Math.floor(rng() * height), rng() < 0.8 ? 1 : 2, rng() < 0.8 ? 1 : 2);
  }
  return canvas;
}

/** The file of a sample bill; `overrides` draws it for another supplier or buyer (a browser test's own companies). */
export async function render(doc: SampleDocument, overrides: LayoutOverrides = {}): Promise<Buffer> {
  const runs = layoutOf(doc, overrides);
  if (doc.kind === "PDF_TEXT") return textPdf(runs);
  const canvas = scanCanvas(runs, seedOf(doc.file));
  if (doc.kind === "SCAN_PNG") return canvas.toBuffer("image/png");
  const jpeg = canvas.toBuffer("image/jpeg", 70);
  if (doc.kind === "SCAN_JPG") return jpeg;
  return pdfOf((pdf) => pdf.image(jpeg, 0, 0, { width: A4[0], height: A4[1] }));
}

/** Files the intake must refuse, with the reason (inspectFile's messages). */
