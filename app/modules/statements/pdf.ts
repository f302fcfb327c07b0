/**
 * The statement PDF writer: A4 pages of positioned text and rules, laid out by document.ts, written by pdfkit with
 * the DejaVu TrueType fonts embedded (subset), so any Unicode text prints: New Zealand names with macrons (Tāmaki,
 * Whangārei), en and em dashes, the ellipsis (issue 15 part 7; decision 040).
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

export type PdfFont = "regular" | "bold" | "mono";

export interface PdfText {
  /** From the left edge, in points. */
  x: number;
  /** The baseline, in points from the bottom edge (PDF's own coordinates). */
  y: number;
  text: string;
  font?: PdfFont;
  size?: number;
  /** Right-aligned at x (measured with the font's real glyph widths). */
  alignRight?: boolean;
}

export interface PdfPage {
  texts: PdfText[];
  /** Horizontal rules: [x1, x2, y] (y from the bottom edge). */
  rules?: Array<[number, number, number]>;
}

export const A4 = { width: 595.28, height: 841.89 } as const;

const require = createRequire(import.meta.url);
const FONT_FILES: Record<PdfFont, string> = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  mono: "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf",
};

let fontPaths: Record<PdfFont, string> | null = null;
function fonts(): Record<PdfFont, string> {
  fontPaths ??= {
    regular: require.resolve(FONT_FILES.regular),
    bold: require.resolve(FONT_FILES.bold),
    mono: require.resolve(FONT_FILES.mono),
  };
  return fontPaths;
}

/** Control characters never reach the page (a name pasted with a tab or a newline prints on one line). */
const printable = (text: string) => [...text].map((char) => ((char.codePointAt(0)! < 32 || (char.codePointAt(0)! >= 127 && char.codePointAt(0)! < 160)) ? " " : char)).join("");

/** The PDF bytes of these pages, with a title in the document information. */
export function renderPdf(pages: readonly PdfPage[], info: { title: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: "A4",
    margin: 0,
    info: { Title: info.title, Producer: "Earlybird", Creator: "Earlybird" },
    pdfVersion: "1.7",
    compress: true,
  });
  const paths = fonts();
  for (const font of Object.keys(paths) as PdfFont[]) doc.registerFont(font, paths[font]);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const list = pages.length > 0 ? pages : [{ texts: [] }];
  for (const page of list) {
    doc.addPage({ size: "A4", margin: 0 });
    for (const [x1, x2, y] of page.rules ?? []) {
      doc.moveTo(x1, A4.height - y).lineTo(x2, A4.height - y).lineWidth(0.75).stroke();
    }
    for (const item of page.texts) {
      const text = printable(item.text);
      doc.font(item.font ?? "regular").fontSize(item.size ?? 9);
      const x = item.alignRight ? item.x - doc.widthOfString(text) : item.x;
      doc.text(text, x, A4.height - item.y, { lineBreak: false, baseline: "alphabetic" });
    }
  }
  doc.end();
  return done;
}
