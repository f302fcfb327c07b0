/**
 * A small PDF 1.4 writer for statements: A4 pages of text in the standard Type 1 fonts (Helvetica, Helvetica-Bold,
 * Courier for the figures), no images, no dependencies. Text is WinAnsi: characters outside Latin-1 print as "?".
 */

export type PdfFont = "regular" | "bold" | "mono";

export interface PdfText {
  x: number;
  y: number;
  text: string;
  font?: PdfFont;
  size?: number;
  /** Right-aligned at x (mono font only: its glyphs are all 0.6 em wide, so the width is exact). */
  alignRight?: boolean;
}

export interface PdfPage {
  texts: PdfText[];
  /** Horizontal rules: [x1, x2, y]. */
  rules?: Array<[number, number, number]>;
}

export const A4 = { width: 595, height: 842 } as const;

const FONT_NAMES: Record<PdfFont, string> = { regular: "F1", bold: "F2", mono: "F3" };

/** WinAnsi's few characters beyond Latin-1 that statements print (punctuation in names and descriptions). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

/** A PDF string literal: backslash, parentheses escaped; anything else beyond WinAnsi (or a control character) as "?". */
function pdfString(text: string): string {
  let out = "";
  for (const char of text) {
    const code = WIN_ANSI_EXTRA[char] ?? char.codePointAt(0)!;
    if (char === "\\" || char === "(" || char === ")") out += `\\${char}`;
    else if (code < 32 || code > 255 || (code >= 127 && code < 160 && WIN_ANSI_EXTRA[char] === undefined)) out += "?";
    else if (code > 126) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += char;
  }
  return `(${out})`;
}

function contentStream(page: PdfPage): string {
  const parts: string[] = [];
  for (const [x1, x2, y] of page.rules ?? []) parts.push(`0.75 w ${x1} ${y} m ${x2} ${y} l S`);
  for (const item of page.texts) {
    const size = item.size ?? 9;
    const font = item.font ?? "regular";
    const x = item.alignRight ? item.x - [...item.text].length * size * 0.6 : item.x;
    parts.push(`BT /${FONT_NAMES[font]} ${size} Tf ${x.toFixed(2)} ${item.y.toFixed(2)} Td ${pdfString(item.text)} Tj ET`);
  }
  return parts.join("\n");
}

/** The PDF bytes of these pages, with a title in the document information. */
export function renderPdf(pages: readonly PdfPage[], info: { title: string }): Buffer {
  const objects: string[] = [];
  const pageCount = Math.max(pages.length, 1);
  const firstPageObject = 6;
  // 1 catalog, 2 page tree, 3-5 fonts, then a page and its content stream for each page, then the information.
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  const kids = Array.from({ length: pageCount }, (_, i) => `${firstPageObject + i * 2} 0 R`).join(" ");
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>";
  for (let i = 0; i < pageCount; i += 1) {
    const pageObject = firstPageObject + i * 2;
    const stream = Buffer.from(contentStream(pages[i] ?? { texts: [] }), "latin1");
    objects[pageObject] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${pageObject + 1} 0 R >>`;
    objects[pageObject + 1] = `<< /Length ${stream.length} >>\nstream\n${stream.toString("latin1")}\nendstream`;
  }
  const infoObject = firstPageObject + pageCount * 2;
  objects[infoObject] = `<< /Title ${pdfString(info.title)} /Producer (Earlybird) >>`;

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = offset;
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, "latin1");
    chunks.push(chunk);
    offset += chunk.length;
  }
  const xref = [`xref\n0 ${objects.length}\n`, "0000000000 65535 f \n", ...offsets.slice(1).map((at) => `${String(at).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoObject} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
