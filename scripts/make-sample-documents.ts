/**
 * Generates fixtures/documents/ (issue 16 part 6): Harbour Foods' sample supplier bills as text-layer PDFs (pdfkit,
 * DejaVu fonts), scans (the same bills drawn with @napi-rs/canvas, slightly rotated with speckle noise, as PNG and
 * JPG, and as an image-only PDF without a text layer), the purchase orders they match (purchase-orders.csv, the
 * import template's columns), the files the intake must refuse (invalid/), and manifest.json: each file with the
 * fields it carries and the reason decisions D6 gives it. Deterministic: a fixed seed, fixed PDF dates and ids.
 *
 *   npm run fixtures:documents
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import PDFDocument from "pdfkit";
import { DEMO_PERIOD_LOCK_DATE, DOCUMENTS, purchaseOrders, SUPPLIERS, totalsOf, type SampleDocument } from "./documents/catalogue";
import { layoutOf, money, type Run } from "./documents/layout";

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const REGULAR = path.join(FONT_DIR, "DejaVuSans.ttf");
const BOLD = path.join(FONT_DIR, "DejaVuSans-Bold.ttf");
const OUT = path.resolve("fixtures/documents");
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

function pdfOf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
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

async function render(doc: SampleDocument): Promise<Buffer> {
  const runs = layoutOf(doc);
  if (doc.kind === "PDF_TEXT") return textPdf(runs);
  const canvas = scanCanvas(runs, seedOf(doc.file));
  if (doc.kind === "SCAN_PNG") return canvas.toBuffer("image/png");
  const jpeg = canvas.toBuffer("image/jpeg", 70);
  if (doc.kind === "SCAN_JPG") return jpeg;
  return pdfOf((pdf) => pdf.image(jpeg, 0, 0, { width: A4[0], height: A4[1] }));
}

/** Files the intake must refuse, with the reason (inspectFile's messages). */
async function invalidFiles(): Promise<{ file: string; bytes: Buffer; refusal: string }[]> {
  const encrypted = await pdfOf((doc) => doc.font(REGULAR).text("A bill behind a password", 50, 50), { userPassword: "harbour", ownerPassword: "harbour-owner" });
  const zeroPages = Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    "latin1",
  );
  return [
    { file: "encrypted.pdf", bytes: encrypted, refusal: "encrypted" },
    { file: "zero-pages.pdf", bytes: zeroPages, refusal: "noPages" },
    { file: "not-a-pdf.pdf", bytes: Buffer.from("Invoice INV-1 Total $10.00\n", "utf8"), refusal: "notSupported" },
    { file: "broken.pdf", bytes: Buffer.from("%PDF-1.7\nthis is not a PDF body\n", "latin1"), refusal: "unreadablePdf" },
    { file: "broken.png", bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really a png")]), refusal: "unreadableImage" },
  ];
}

const MIME = { PDF_TEXT: "application/pdf", SCAN_PDF: "application/pdf", SCAN_PNG: "image/png", SCAN_JPG: "image/jpeg" } as const;
/** Where each reason lands (spec part 3 §4.1): Blocked for the blocked reasons, Variances, else Pending review. */
const LIST_OF: Record<string, string> = {
  MATCHED: "AUTHORISED",
  ORDER_NOT_FOUND_OCR: "PENDING_REVIEW",
  ORDER_NOT_FOUND_GPOS: "PENDING_REVIEW",
  STATUS_MISMATCH: "PENDING_REVIEW",
  AMOUNT_OVER: "VARIANCE",
  AMOUNT_UNDER: "VARIANCE",
  ALREADY_CLOSED: "BLOCKED",
  EXPIRED: "BLOCKED",
  INVOICE_DETAILS_MISSING: "BLOCKED",
  POTENTIAL_DUPLICATE: "BLOCKED",
  CONTACT_NOT_FOUND: "BLOCKED",
};

/** The import templates' date format: 1/11/2026. */
const dayMonthYear = (iso: string) => `${Number(iso.slice(8))}/${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`;
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(path.join(OUT, "invalid"), { recursive: true });
  const documents = [];
  for (const doc of DOCUMENTS) {
    const bytes = await render(doc);
    writeFileSync(path.join(OUT, doc.file), bytes);
    const { totalCents } = totalsOf(doc.items);
    documents.push({
      file: doc.file,
      kind: doc.kind,
      mimeType: MIME[doc.kind],
      textSource: doc.kind === "PDF_TEXT" ? "PDF_TEXT" : "OCR",
      bytes: bytes.length,
      expected: {
        supplierName: SUPPLIERS[doc.supplier].name,
        invoiceNumber: doc.invoiceNumber,
        orderNumber: doc.orderNumber,
        issueDate: doc.issueDate,
        dueDate: doc.dueDate,
        amountCents: totalCents,
        lineItems: doc.items.map((i) => ({ description: i.description, amountCents: i.quantity * i.unitCents })),
      },
      // Fields no generic pattern reads (an unusual label): null until a reviewer's correction is learnt.
      ...(SUPPLIERS[doc.supplier].layout === "ref" ? { unreadUntilLearnt: ["invoiceNumber"] } : {}),
      expectedReason: doc.reason,
      expectedList: LIST_OF[doc.reason],
      ...(doc.note ? { note: doc.note } : {}),
    });
  }
  const orders = purchaseOrders();
  const csv = [
    "Order Number,Supplier Name,Order Date,Amount (inc. GST),Status",
    ...orders.map((o) => [o.orderNumber, SUPPLIERS[o.supplier].name, dayMonthYear(o.orderDate), money(o.amountCents).replace("$", ""), o.status].map(csvCell).join(",")),
  ];
  writeFileSync(path.join(OUT, "purchase-orders.csv"), `${csv.join("\n")}\n`);
  const invalid = await invalidFiles();
  for (const { file, bytes } of invalid) writeFileSync(path.join(OUT, "invalid", file), bytes);
  const manifest = {
    about: "Harbour Foods' sample supplier bills (issue 16). Generated by scripts/make-sample-documents.ts: do not edit by hand.",
    company: "Harbour Foods Ltd",
    purchaseOrders: "purchase-orders.csv",
    demo: {
      periodLockDate: DEMO_PERIOD_LOCK_DATE,
      processingOrder: "Process the files in this order: the POTENTIAL_DUPLICATE copies after the bills they copy.",
      // ALREADY_CLOSED needs a bill already raised against the closed order (decision 044): the demo seeds one per order.
      billedOrders: DOCUMENTS.filter((doc) => doc.reason === "ALREADY_CLOSED").map((doc) => doc.orderNumber),
    },
    ocrTolerance:
      "OCR'd files (textSource OCR): supplier name compared case-insensitively without punctuation; references compared without spaces; dates and amount exact; line items not required.",
    documents,
    refused: invalid.map(({ file, refusal }) => ({ file: `invalid/${file}`, refusal })),
  };
  writeFileSync(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${documents.length} documents, ${orders.length} purchase orders, ${invalid.length} refused files in ${path.relative(process.cwd(), OUT)}`);
}

await main();
