/**
 * One bill drawn as a list of text runs on an A4 page in points (595 × 842), so the same bill renders identically to
 * a text-layer PDF (pdfkit) and to a scan (@napi-rs/canvas). Four layouts vary the labels the extractor must read.
 */
import { SUPPLIERS, totalsOf, type SampleDocument, type Supplier } from "./catalogue";

export type Run = { x: number; y: number; text: string; size: number; bold?: boolean; align?: "left" | "right" };

const BUYER = ["Harbour Foods Ltd", "22 Customs Street East", "Auckland 1010"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export const money = (cents: number) => `$${Math.floor(cents / 100).toLocaleString("en-NZ")}.${String(cents % 100).padStart(2, "0")}`;
const dmy = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const dmyShort = (iso: string) => `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const dMonY = (iso: string) => `${Number(iso.slice(8))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** Another supplier (its name, address and layout) or buyer than the catalogue's: a browser test's own companies. */
export type LayoutOverrides = { supplier?: Supplier; buyer?: string[] };

export function layoutOf(doc: SampleDocument, overrides: LayoutOverrides = {}): Run[] {
  const supplier = overrides.supplier ?? SUPPLIERS[doc.supplier];
  const buyer = overrides.buyer ?? BUYER;
  const { subtotalCents, gstCents, totalCents } = totalsOf(doc.items);
  const runs: Run[] = [];
  const left = 50;
  const right = 545;
  const text = (x: number, y: number, t: string, size = 10, bold = false, align: "left" | "right" = "left") => runs.push({ x, y, text: t, size, bold, align });

  text(left, 50, supplier.name, 20, true);
  supplier.address.forEach((line, i) => text(left, 78 + i * 13, line, 10));
  text(left, 104, `GST No. ${supplier.gst}`, 10);
  text(right, 50, "TAX INVOICE", 16, true, "right");

  const header: [string, string][] = [];
  switch (supplier.layout) {
    case "classic":
      if (doc.invoiceNumber) header.push(["Invoice Number:", doc.invoiceNumber]);
      header.push(["Invoice Date:", dmy(doc.issueDate)]);
      header.push(["Due Date:", dmy(doc.dueDate)]);
      if (doc.orderNumber) header.push(["Purchase Order:", doc.orderNumber]);
      break;
    case "compact":
      if (doc.invoiceNumber) header.push(["Invoice No.", doc.invoiceNumber]);
      header.push(["Date:", dMonY(doc.issueDate)]);
      if (doc.orderNumber) header.push(["Your Order No:", doc.orderNumber]);
      header.push(["Payment due", dMonY(doc.dueDate)]);
      break;
    case "statement":
      if (doc.invoiceNumber) header.push(["Invoice #", doc.invoiceNumber]);
      header.push(["Issue Date", dmyShort(doc.issueDate)]);
      if (doc.orderNumber) header.push(["Order Ref:", doc.orderNumber]);
      header.push(["Due By", dmyShort(doc.dueDate)]);
      break;
    case "ref":
      if (doc.invoiceNumber) header.push(["Ref No.", doc.invoiceNumber]);
      header.push(["Dated", dMonY(doc.issueDate)]);
      if (doc.orderNumber) header.push(["PO Number:", doc.orderNumber]);
      header.push(["Due Date:", dmy(doc.dueDate)]);
      break;
  }
  header.forEach(([label, value], i) => {
    text(340, 140 + i * 16, label, 10, true);
    text(right, 140 + i * 16, value, 10, false, "right");
  });

  text(left, 140, "Bill To:", 10, true);
  buyer.forEach((line, i) => text(left, 156 + i * 13, line, 10));

  let y = 240;
  text(left, y, "Description", 10, true);
  text(360, y, "Qty", 10, true, "right");
  text(450, y, "Unit Price", 10, true, "right");
  text(right, y, "Amount", 10, true, "right");
  y += 22;
  for (const item of doc.items) {
    text(left, y, item.description, 10);
    text(360, y, String(item.quantity), 10, false, "right");
    text(450, y, money(item.unitCents), 10, false, "right");
    text(right, y, money(item.quantity * item.unitCents), 10, false, "right");
    y += 18;
  }
  y += 14;
  const totalLabel = supplier.layout === "compact" ? "Amount Due" : supplier.layout === "statement" ? "Balance Due" : "Total (inc GST)";
  const totals: [string, string, boolean][] = [
    ["Subtotal", money(subtotalCents), false],
    ["GST 15%", money(gstCents), false],
    [totalLabel, money(totalCents), true],
  ];
  totals.forEach(([label, value, bold]) => {
    text(380, y, label, bold ? 12 : 10, bold);
    text(right, y, value, bold ? 12 : 10, bold, "right");
    y += bold ? 20 : 16;
  });
  text(left, 780, `Please pay by direct credit quoting ${doc.invoiceNumber ?? "your account"}. Thank you for your business.`, 9);
  return runs;
}
