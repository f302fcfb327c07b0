import { describe, expect, it } from "vitest";
import {
  extractAmount,
  extractDueDate,
  extractFields,
  extractInvoiceNumber,
  extractIssueDate,
  extractLineItems,
  extractOrderNumber,
  extractSupplier,
  GUESSED,
  LABELLED,
  moneyAmounts,
  parseDate,
  parseMoneyToCents,
  repairOcrReference,
  supplierKeyOf,
  supplierNameCandidates,
  textConfidenceFactor,
  textLines,
  WEAK_LABEL,
} from "./fields";

const lines = (text: string) => textLines(text);

describe("money", () => {
  it("reads $1,150.00, 1150.00 and a negative amount as cents", () => {
    expect(parseMoneyToCents("Total $1,150.00")).toBe(115000);
    expect(parseMoneyToCents("1150.00")).toBe(115000);
    expect(parseMoneyToCents("$ 12,345,678.09")).toBe(1234567809);
    expect(moneyAmounts("Credit -$5.00 then $7.50")).toEqual([-500, 750]);
  });
  it("ignores numbers without cents (quantities, years, phone numbers)", () => {
    expect(parseMoneyToCents("Qty 12 in 2026, call 09 123 4567")).toBeNull();
  });
});

describe("amount: the total including GST", () => {
  it("takes 'Total (inc GST)', not the subtotal or the GST line", () => {
    const text = "Subtotal $1,000.00\nGST 15% $150.00\nTotal (inc GST) $1,150.00";
    expect(extractAmount(lines(text))).toEqual({ value: 115000, confidence: LABELLED });
  });
  it("takes Amount Due / Balance Due / Invoice Total over a bare Total", () => {
    expect(extractAmount(lines("Total $900.00\nAmount Due $1,035.00"))?.value).toBe(103500);
    expect(extractAmount(lines("Balance Due $88.00"))?.value).toBe(8800);
    expect(extractAmount(lines("Invoice Total: $12.50"))?.value).toBe(1250);
  });
  it("never takes a line excluding GST or the GST total", () => {
    expect(extractAmount(lines("Total excl GST $1,000.00\nTotal GST $150.00\nTotal $1,150.00"))?.value).toBe(115000);
    expect(extractAmount(lines("Total excl GST $1,000.00"))?.confidence).toBe(GUESSED);
  });
  it("reads an amount on the line below its label", () => {
    expect(extractAmount(lines("Amount Due\n$2,300.00"))?.value).toBe(230000);
  });
  it("guesses the largest amount when no label is there, with a low confidence", () => {
    expect(extractAmount(lines("Apples $10.00\nPears $30.00"))).toEqual({ value: 3000, confidence: GUESSED });
    expect(extractAmount(lines("No amounts here"))).toBeNull();
  });
});

describe("invoice number", () => {
  it.each([
    ["Invoice Number: INV-20431", "INV-20431"],
    ["Invoice No. SP-8812", "SP-8812"],
    ["Tax Invoice No: 4471", "4471"],
    ["Invoice # CD-2026-118", "CD-2026-118"],
    ["Inv No 0099/26", "0099/26"],
  ])("reads %s", (text, value) => {
    expect(extractInvoiceNumber(lines(text))).toEqual({ value, confidence: LABELLED });
  });
  it("reads a weak label 'Invoice:' with less confidence, and never an invoice date", () => {
    expect(extractInvoiceNumber(lines("Invoice: A-17"))).toEqual({ value: "A-17", confidence: WEAK_LABEL });
    expect(extractInvoiceNumber(lines("Invoice Date: 12/11/2026"))).toBeNull();
  });
  it("does not read an unusual label (learning per supplier covers it)", () => {
    expect(extractInvoiceNumber(lines("Ref No. WL-5531"))).toBeNull();
  });
});

describe("order number (PO)", () => {
  it.each([
    ["Purchase Order: PO-7101", "PO-7101"],
    ["PO Number: 55123", "55123"],
    ["P.O. No. 8812", "8812"],
    ["Your Order No: PO-7103", "PO-7103"],
    ["Order Ref: 2026/44", "2026/44"],
  ])("reads %s", (text, value) => {
    expect(extractOrderNumber(lines(text))?.value).toBe(value);
  });
  it("finds a bare PO-number without a label, guessed", () => {
    const found = extractOrderNumber(lines("Please quote PO7788 on delivery"));
    expect(found?.value).toBe("PO7788");
    expect(found!.confidence).toBeLessThan(WEAK_LABEL);
  });
  it("is null when the bill has none", () => {
    expect(extractOrderNumber(lines("Invoice Number: INV-1\nTotal $5.00"))).toBeNull();
  });
});

describe("dates (NZ/AU day/month/year)", () => {
  it.each([
    ["12/11/2026", "2026-11-12"],
    ["12/11/26", "2026-11-12"],
    ["1.2.2026", "2026-02-01"],
    ["12 Nov 2026", "2026-11-12"],
    ["12th November 2026", "2026-11-12"],
    ["12-Nov-26", "2026-11-12"],
    ["November 12, 2026", "2026-11-12"],
    ["2026-11-12", "2026-11-12"],
  ])("parses %s", (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });
  it("rejects impossible dates (day first: 11/13/2026 is not a date)", () => {
    expect(parseDate("31/02/2026")).toBeNull();
    expect(parseDate("11/13/2026")).toBeNull();
  });
  it("reads the issue date behind its label, and the due date behind its own", () => {
    const text = "Invoice Date: 12/11/2026\nDue Date: 20/12/2026";
    expect(extractIssueDate(lines(text))).toEqual({ value: "2026-11-12", confidence: LABELLED });
    expect(extractDueDate(lines(text))).toEqual({ value: "2026-12-20", confidence: LABELLED });
  });
  it("reads 'Date:' as the issue date with less confidence, never the due date's line", () => {
    expect(extractIssueDate(lines("Due Date: 20/12/2026\nDate: 3 Nov 2026"))).toEqual({ value: "2026-11-03", confidence: WEAK_LABEL });
    expect(extractDueDate(lines("Payment due 3 Dec 2026"))?.value).toBe("2026-12-03");
    expect(extractDueDate(lines("Due By 20/12/26"))?.value).toBe("2026-12-20");
  });
  it("guesses the first unlabelled date as the issue date", () => {
    expect(extractIssueDate(lines("Auckland 5/10/2026"))).toEqual({ value: "2026-10-05", confidence: GUESSED });
  });
});

describe("supplier", () => {
  const bill = "Southern Produce Ltd\n88 Market Road\nTAX INVOICE\nBill To:\nHarbour Foods Ltd\n22 Customs Street";
  it("prefers a known counterparty's name found in the text", () => {
    expect(extractSupplier(lines(bill), 1, { knownSuppliers: ["Southern Produce Ltd", "Kiwi Supplies Ltd"], buyerName: "Harbour Foods Ltd" })).toEqual({
      value: "Southern Produce Ltd",
      confidence: LABELLED,
    });
  });
  it("never names the buyer, even when the buyer is listed as a counterparty", () => {
    const found = extractSupplier(lines("Bill To: Harbour Foods Ltd\nAcme Widgets Ltd"), 1, { knownSuppliers: ["Harbour Foods Ltd"], buyerName: "Harbour Foods Ltd" });
    expect(found?.value).toBe("Acme Widgets Ltd");
  });
  it("reads a From: line", () => {
    expect(extractSupplier(lines("TAX INVOICE\nFrom: Tui Brewing Co\nTo: Harbour Foods"))?.value).toBe("Tui Brewing Co");
  });
  it("takes the first prominent company-like line near the top", () => {
    expect(extractSupplier(lines(bill))).toEqual({ value: "Southern Produce Ltd", confidence: WEAK_LABEL });
    expect(extractSupplier(lines("TAX INVOICE\nInvoice No. 1\nBlue Fern Catering\n12 Queen St"))).toEqual({ value: "Blue Fern Catering", confidence: GUESSED });
  });
  it("drops a heading OCR ran into the name", () => {
    expect(extractSupplier(lines("Nelson Fresh Fruit Ltd TAX INVOICE"))?.value).toBe("Nelson Fresh Fruit Ltd");
  });
  it("keys suppliers by name without case, punctuation or legal suffix", () => {
    expect(supplierKeyOf("Kiwi Supplies Ltd.")).toBe("kiwi supplies");
    expect(supplierKeyOf("KIWI  SUPPLIES LIMITED")).toBe("kiwi supplies");
    expect(supplierKeyOf("Smith & Co Pty Ltd")).toBe("smith and");
  });
});

describe("line items", () => {
  it("reads rows between the Description header and the subtotal", () => {
    const text = "Description Qty Unit Price Amount\nOlive oil 5L 10 $42.00 $420.00\nSea salt 1kg 20 $3.50 $70.00\nSubtotal $490.00";
    expect(extractLineItems(lines(text))?.value).toEqual([
      { description: "Olive oil 5L", amountCents: 42000 },
      { description: "Sea salt 1kg", amountCents: 7000 },
    ]);
  });
  it("is null without an items table", () => {
    expect(extractLineItems(lines("Total $5.00"))).toBeNull();
  });
});

describe("confidence of OCR text", () => {
  it("scales by OCR's own confidence, below the text layer's", () => {
    expect(textConfidenceFactor("PDF_TEXT", null)).toBe(1);
    expect(textConfidenceFactor("OCR", 100)).toBe(0.85);
    expect(textConfidenceFactor("OCR", 50)).toBeCloseTo(0.425);
    const ocr = extractFields("Invoice Number: INV-1\nTotal $5.00", "OCR", 90);
    expect(ocr.invoiceNumber?.confidence).toBeLessThan(extractFields("Invoice Number: INV-1", "PDF_TEXT", null).invoiceNumber!.confidence);
  });
  it("repairs a letter prefix OCR read as digits (0B-7731 → OB-7731) in OCR text only", () => {
    expect(repairOcrReference("0B-7731")).toBe("OB-7731");
    expect(repairOcrReference("P0-7101")).toBe("PO-7101");
    expect(repairOcrReference("2026-118")).toBe("2026-118");
    expect(extractFields("Invoice No. 0B-7731", "OCR", 90).invoiceNumber?.value).toBe("OB-7731");
    expect(extractFields("Invoice No. 0B-7731", "PDF_TEXT", null).invoiceNumber?.value).toBe("0B-7731");
  });
});

describe("supplier name candidates (looked up among the counterparties)", () => {
  it("holds the name even when OCR ran it into a label and a heading", () => {
    const candidates = supplierNameCandidates(lines(": Otago Bakery Supplies Ltd TAX INVOICE\n41 Princes Street"));
    expect(candidates).toContain("otago bakery supplies ltd");
    expect(candidates).toContain("41 princes street");
    expect(candidates.every((c) => c.split(" ").length <= 6)).toBe(true);
  });
  it("looks only at the first lines", () => {
    expect(supplierNameCandidates(lines("a\nb\nc\nLate Name Ltd"), 3)).not.toContain("late name ltd");
  });
});
