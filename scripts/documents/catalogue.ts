/**
 * The sample bills of Harbour Foods' suppliers (issue 16 part 6) and the purchase orders they are matched against:
 * one row per document, with the fields it carries and the reason decisions D6 gives it once the demo's purchase
 * orders (purchase-orders.csv) and period lock are in place. make-sample-documents.ts draws them.
 */
export type Layout = "classic" | "compact" | "statement" | "ref";
export type Kind = "PDF_TEXT" | "SCAN_PNG" | "SCAN_JPG" | "SCAN_PDF";
export type Reason =
  | "MATCHED"
  | "ORDER_NOT_FOUND_OCR"
  | "ORDER_NOT_FOUND_GPOS"
  | "STATUS_MISMATCH"
  | "ALREADY_CLOSED"
  | "AMOUNT_OVER"
  | "AMOUNT_UNDER"
  | "CONTACT_NOT_FOUND"
  | "POTENTIAL_DUPLICATE"
  | "EXPIRED"
  | "INVOICE_DETAILS_MISSING";

export type Supplier = { name: string; address: string[]; gst: string; layout: Layout };

export const SUPPLIERS: Record<string, Supplier> = {
  kiwi: { name: "Kiwi Supplies Ltd", address: ["14 Quay Street", "Auckland 1010"], gst: "123-456-789", layout: "classic" },
  southern: { name: "Southern Produce Ltd", address: ["88 Market Road", "Christchurch 8011"], gst: "111-222-333", layout: "compact" },
  tasman: { name: "Tasman Packaging Ltd", address: ["5 Port Access Road", "Nelson 7010"], gst: "98-765-432", layout: "classic" },
  canterbury: { name: "Canterbury Dairy Co Ltd", address: ["210 Lincoln Road", "Christchurch 8024"], gst: "102-334-556", layout: "statement" },
  wellington: { name: "Wellington Logistics Ltd", address: ["3 Aotea Quay", "Wellington 6011"], gst: "113-579-246", layout: "ref" },
  otago: { name: "Otago Bakery Supplies Ltd", address: ["41 Princes Street", "Dunedin 9016"], gst: "120-987-654", layout: "compact" },
  pacific: { name: "Pacific Seafoods Ltd", address: ["1 Wharf Road", "Tauranga 3110"], gst: "117-654-321", layout: "statement" },
  // Not one of Harbour Foods' counterparties: its bills are CONTACT_NOT_FOUND.
  nelson: { name: "Nelson Fresh Fruit Ltd", address: ["17 Orchard Lane", "Motueka 7120"], gst: "130-246-810", layout: "classic" },
};

export type Item = { description: string; quantity: number; unitCents: number };

export type SampleDocument = {
  file: string;
  kind: Kind;
  supplier: keyof typeof SUPPLIERS;
  invoiceNumber: string | null;
  orderNumber: string | null;
  issueDate: string;
  dueDate: string;
  items: Item[];
  reason: Reason;
  note?: string;
};

export type PurchaseOrderRow = { orderNumber: string; supplier: keyof typeof SUPPLIERS; orderDate: string; amountCents: number; status: "OPEN" | "RECEIPTED" | "CLOSED" };

const item = (description: string, quantity: number, unitCents: number): Item => ({ description, quantity, unitCents });

/** Subtotal, GST at 15 % (half up) and total of a bill's items, in cents. */
export function totalsOf(items: Item[]): { subtotalCents: number; gstCents: number; totalCents: number } {
  const subtotalCents = items.reduce((sum, i) => sum + i.quantity * i.unitCents, 0);
  const gstCents = Math.floor((subtotalCents * 15 + 50) / 100);
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** Harbour Foods' period lock for the demo: bills issued on or before it are EXPIRED. */
export const DEMO_PERIOD_LOCK_DATE = "2026-06-30";

export const DOCUMENTS: SampleDocument[] = [
  // Clean matches: authorised without a person (Harbour Foods' queue is AUTOMATIC).
  { file: "kiwi-inv-20431.pdf", kind: "PDF_TEXT", supplier: "kiwi", invoiceNumber: "INV-20431", orderNumber: "PO-7101", issueDate: "2026-11-12", dueDate: "2026-12-20", items: [item("Olive oil 5L", 10, 4200), item("Sea salt 1kg", 20, 350)], reason: "MATCHED" },
  { file: "kiwi-inv-20457.pdf", kind: "PDF_TEXT", supplier: "kiwi", invoiceNumber: "INV-20457", orderNumber: "PO-7102", issueDate: "2026-11-16", dueDate: "2026-12-20", items: [item("Basmati rice 10kg", 12, 2850), item("Chickpeas 2kg", 15, 640)], reason: "MATCHED" },
  { file: "southern-sp-8812.pdf", kind: "PDF_TEXT", supplier: "southern", invoiceNumber: "SP-8812", orderNumber: "PO-7103", issueDate: "2026-11-10", dueDate: "2026-11-24", items: [item("Potatoes 20kg sack", 8, 2400), item("Onions 10kg", 6, 1300), item("Carrots 10kg", 5, 1150)], reason: "MATCHED" },
  { file: "tasman-tp-3301.pdf", kind: "PDF_TEXT", supplier: "tasman", invoiceNumber: "TP-3301", orderNumber: "PO-7104", issueDate: "2026-11-05", dueDate: "2026-12-20", items: [item("Cardboard cartons 400mm", 500, 95), item("Packing tape 48mm", 36, 420)], reason: "MATCHED" },
  { file: "canterbury-cd-2026-118.pdf", kind: "PDF_TEXT", supplier: "canterbury", invoiceNumber: "CD-2026-118", orderNumber: "PO-7105", issueDate: "2026-11-14", dueDate: "2026-12-20", items: [item("Whole milk 2L", 120, 310), item("Cheddar block 1kg", 30, 1290)], reason: "MATCHED" },
  { file: "otago-ob-7720.pdf", kind: "PDF_TEXT", supplier: "otago", invoiceNumber: "OB-7720", orderNumber: "PO-7106", issueDate: "2026-11-18", dueDate: "2026-12-20", items: [item("High grade flour 25kg", 14, 3150), item("Dry yeast 500g", 10, 890)], reason: "MATCHED" },
  { file: "pacific-ps-4410.pdf", kind: "PDF_TEXT", supplier: "pacific", invoiceNumber: "PS-4410", orderNumber: "PO-7107", issueDate: "2026-11-11", dueDate: "2026-12-20", items: [item("Snapper fillets kg", 25, 3290), item("Green-lipped mussels kg", 40, 920)], reason: "MATCHED" },
  { file: "kiwi-inv-20470-scan.png", kind: "SCAN_PNG", supplier: "kiwi", invoiceNumber: "INV-20470", orderNumber: "PO-7108", issueDate: "2026-11-19", dueDate: "2026-12-20", items: [item("Canola oil 20L", 4, 6900)], reason: "MATCHED" },
  { file: "southern-sp-8840-photo.jpg", kind: "SCAN_JPG", supplier: "southern", invoiceNumber: "SP-8840", orderNumber: "PO-7109", issueDate: "2026-11-17", dueDate: "2026-12-01", items: [item("Tomatoes 5kg", 12, 1850)], reason: "MATCHED" },
  { file: "otago-ob-7731-scan.pdf", kind: "SCAN_PDF", supplier: "otago", invoiceNumber: "OB-7731", orderNumber: "PO-7110", issueDate: "2026-11-19", dueDate: "2026-12-20", items: [item("Rye flour 10kg", 9, 2250)], reason: "MATCHED" },

  // No order number on the bill.
  { file: "southern-sp-8850.pdf", kind: "PDF_TEXT", supplier: "southern", invoiceNumber: "SP-8850", orderNumber: null, issueDate: "2026-11-18", dueDate: "2026-12-02", items: [item("Lettuce iceberg", 48, 210)], reason: "ORDER_NOT_FOUND_OCR" },
  { file: "pacific-ps-4422-scan.png", kind: "SCAN_PNG", supplier: "pacific", invoiceNumber: "PS-4422", orderNumber: null, issueDate: "2026-11-13", dueDate: "2026-12-20", items: [item("Salmon sides kg", 18, 3650)], reason: "ORDER_NOT_FOUND_OCR" },
  // An order number Harbour Foods has no purchase order for.
  { file: "tasman-tp-3318.pdf", kind: "PDF_TEXT", supplier: "tasman", invoiceNumber: "TP-3318", orderNumber: "PO-7890", issueDate: "2026-11-12", dueDate: "2026-12-20", items: [item("Stretch wrap 500mm", 10, 2890)], reason: "ORDER_NOT_FOUND_GPOS" },
  { file: "canterbury-cd-2026-131-photo.jpg", kind: "SCAN_JPG", supplier: "canterbury", invoiceNumber: "CD-2026-131", orderNumber: "PO-7891", issueDate: "2026-11-15", dueDate: "2026-12-20", items: [item("Butter 500g", 60, 540)], reason: "ORDER_NOT_FOUND_GPOS" },
  // The purchase order belongs to another supplier.
  {
    file: "otago-ob-7745.pdf",
    kind: "PDF_TEXT",
    supplier: "otago",
    invoiceNumber: "OB-7745",
    orderNumber: "PO-7112",
    issueDate: "2026-11-16",
    dueDate: "2026-12-20",
    items: [item("Caster sugar 20kg", 6, 3380)],
    reason: "STATUS_MISMATCH",
    note: "PO-7112 is CLOSED and nothing was billed against it: the order's status does not allow a bill (decision 044).",
  },
  // The purchase order is closed.
  { file: "kiwi-inv-20399.pdf", kind: "PDF_TEXT", supplier: "kiwi", invoiceNumber: "INV-20399", orderNumber: "PO-7113", issueDate: "2026-11-03", dueDate: "2026-12-20", items: [item("Coffee beans 1kg", 16, 3450)], reason: "ALREADY_CLOSED" },
  { file: "pacific-ps-4401-scan.pdf", kind: "SCAN_PDF", supplier: "pacific", invoiceNumber: "PS-4401", orderNumber: "PO-7114", issueDate: "2026-11-04", dueDate: "2026-12-20", items: [item("Prawns raw kg", 20, 2890)], reason: "ALREADY_CLOSED" },
  // Amount over / under the purchase order beyond the tolerance (the PO is 15-20 % off, far outside 5 either way).
  { file: "kiwi-inv-20480.pdf", kind: "PDF_TEXT", supplier: "kiwi", invoiceNumber: "INV-20480", orderNumber: "PO-7115", issueDate: "2026-11-19", dueDate: "2026-12-20", items: [item("Parmesan wheel quarter", 6, 8900), item("Balsamic vinegar 1L", 12, 1450)], reason: "AMOUNT_OVER" },
  { file: "southern-sp-8861-scan.png", kind: "SCAN_PNG", supplier: "southern", invoiceNumber: "SP-8861", orderNumber: "PO-7116", issueDate: "2026-11-19", dueDate: "2026-12-03", items: [item("Avocados tray", 15, 3200)], reason: "AMOUNT_OVER", note: "The scan for the E2E test: its amount exceeds its PO, so it lands under Variances with Variance Found." },
  { file: "tasman-tp-3325-photo.jpg", kind: "SCAN_JPG", supplier: "tasman", invoiceNumber: "TP-3325", orderNumber: "PO-7117", issueDate: "2026-11-18", dueDate: "2026-12-20", items: [item("Pallet labels roll", 25, 1190)], reason: "AMOUNT_OVER" },
  { file: "canterbury-cd-2026-140.pdf", kind: "PDF_TEXT", supplier: "canterbury", invoiceNumber: "CD-2026-140", orderNumber: "PO-7118", issueDate: "2026-11-19", dueDate: "2026-12-20", items: [item("Cream 1L", 40, 650)], reason: "AMOUNT_UNDER" },
  { file: "otago-ob-7752-scan.png", kind: "SCAN_PNG", supplier: "otago", invoiceNumber: "OB-7752", orderNumber: "PO-7119", issueDate: "2026-11-18", dueDate: "2026-12-20", items: [item("Baking paper roll", 30, 780)], reason: "AMOUNT_UNDER" },
  // A supplier that is not Harbour Foods' counterparty (its PO exists and fits, only the contact is unknown).
  { file: "nelson-nf-1002.pdf", kind: "PDF_TEXT", supplier: "nelson", invoiceNumber: "NF-1002", orderNumber: "PO-7120", issueDate: "2026-11-17", dueDate: "2026-12-20", items: [item("Apples Royal Gala 18kg", 20, 3100)], reason: "CONTACT_NOT_FOUND" },
  { file: "nelson-nf-1009-photo.jpg", kind: "SCAN_JPG", supplier: "nelson", invoiceNumber: "NF-1009", orderNumber: "PO-7121", issueDate: "2026-11-19", dueDate: "2026-12-20", items: [item("Kiwifruit tray", 30, 1650)], reason: "CONTACT_NOT_FOUND" },
  // The same supplier, number and amount as a bill already in (the matched kiwi-inv-20431.pdf and pacific-ps-4410.pdf).
  { file: "kiwi-inv-20431-copy-scan.png", kind: "SCAN_PNG", supplier: "kiwi", invoiceNumber: "INV-20431", orderNumber: "PO-7101", issueDate: "2026-11-12", dueDate: "2026-12-20", items: [item("Olive oil 5L", 10, 4200), item("Sea salt 1kg", 20, 350)], reason: "POTENTIAL_DUPLICATE", note: "A scan of kiwi-inv-20431.pdf sent again: processed after it." },
  { file: "pacific-ps-4410-resent.pdf", kind: "SCAN_PDF", supplier: "pacific", invoiceNumber: "PS-4410", orderNumber: "PO-7107", issueDate: "2026-11-11", dueDate: "2026-12-20", items: [item("Snapper fillets kg", 25, 3290), item("Green-lipped mussels kg", 40, 920)], reason: "POTENTIAL_DUPLICATE", note: "pacific-ps-4410.pdf scanned and sent again: processed after it." },
  // Issued inside Harbour Foods' locked period (DEMO_PERIOD_LOCK_DATE).
  { file: "canterbury-cd-2026-061.pdf", kind: "PDF_TEXT", supplier: "canterbury", invoiceNumber: "CD-2026-061", orderNumber: "PO-7122", issueDate: "2026-06-12", dueDate: "2026-07-20", items: [item("Yoghurt 1kg", 48, 560)], reason: "EXPIRED" },
  { file: "southern-sp-8210-scan.pdf", kind: "SCAN_PDF", supplier: "southern", invoiceNumber: "SP-8210", orderNumber: "PO-7123", issueDate: "2026-06-20", dueDate: "2026-07-04", items: [item("Pumpkins crate", 4, 4800)], reason: "EXPIRED" },
  // A field missing: Wellington Logistics labels its invoice number "Ref No.", which no generic pattern reads.
  { file: "wellington-wl-5531.pdf", kind: "PDF_TEXT", supplier: "wellington", invoiceNumber: "WL-5531", orderNumber: "PO-7124", issueDate: "2026-11-09", dueDate: "2026-12-20", items: [item("Chilled freight Auckland-Wellington", 3, 28500)], reason: "INVOICE_DETAILS_MISSING", note: "Its invoice number sits behind 'Ref No.': read as missing until a reviewer corrects it (then learnt for the supplier)." },
  { file: "wellington-wl-5560.pdf", kind: "PDF_TEXT", supplier: "wellington", invoiceNumber: "WL-5560", orderNumber: "PO-7125", issueDate: "2026-11-16", dueDate: "2026-12-20", items: [item("Chilled freight Wellington-Christchurch", 2, 31200)], reason: "INVOICE_DETAILS_MISSING", note: "As wellington-wl-5531.pdf; once its number is learnt from that one, this one reads WL-5560 and matches." },
];

/** Purchase orders for the documents above (amounts derived from the bills: equal, or 15-20 % off for variances). */
export function purchaseOrders(): PurchaseOrderRow[] {
  const byNumber = new Map<string, PurchaseOrderRow>();
  for (const doc of DOCUMENTS) {
    if (!doc.orderNumber || doc.reason === "ORDER_NOT_FOUND_GPOS" || byNumber.has(doc.orderNumber)) continue;
    const { totalCents } = totalsOf(doc.items);
    const amountCents = doc.reason === "AMOUNT_OVER" ? Math.round(totalCents * 0.8) : doc.reason === "AMOUNT_UNDER" ? Math.round(totalCents * 1.15) : totalCents;
    // Both reasons are a CLOSED order (decision 044): ALREADY_CLOSED when a bill was raised against it (the demo seeds
    // one for each, see the manifest's demo.billedOrders), STATUS_MISMATCH when none was.
    const status = doc.reason === "ALREADY_CLOSED" || doc.reason === "STATUS_MISMATCH" ? "CLOSED" : doc.file.includes("cd-2026-118") || doc.file.includes("ob-7720") ? "RECEIPTED" : "OPEN";
    const supplier = doc.supplier;
    const orderDate = `${doc.issueDate.slice(0, 8)}${String(Math.max(1, Number(doc.issueDate.slice(8)) - 4)).padStart(2, "0")}`;
    byNumber.set(doc.orderNumber, { orderNumber: doc.orderNumber, supplier, orderDate, amountCents, status });
  }
  return [...byNumber.values()];
}
