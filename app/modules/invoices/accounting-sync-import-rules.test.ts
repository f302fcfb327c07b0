/**
 * The CSV door for the books (issue 18 part 4): an accounting export in Xero's layout — "*" on required headers, one
 * row per line item repeating the invoice's Total, a Status column — read row by row.
 */
import { describe, expect, it } from "vitest";
import {
  accountingRowSkipReason,
  accountingRowStatus,
  checkImportHeaders,
  createInvoiceLineGrouper,
  normaliseHeader,
  parseImportRow,
  skippedStatusMessage,
} from "./import-rules";

const HEADER = ["*ContactName", "EmailAddress", "*InvoiceNumber", "*InvoiceDate", "*DueDate", "Total", "Description", "LineAmount", "Type", "Status"];
const row = (cells: string[]) => Object.fromEntries(HEADER.map((name, index) => [normaliseHeader(name), cells[index] ?? ""]));

describe("accounting export in Xero's layout", () => {
  it("accepts headers with Xero's leading *", () => {
    expect(normaliseHeader("*ContactName")).toBe("contactname");
    expect(normaliseHeader(" *InvoiceNumber")).toBe("invoicenumber");
    expect(normaliseHeader("\uFEFF*DueDate")).toBe("duedate");
    expect(checkImportHeaders(HEADER.map(normaliseHeader), "BILL")).toEqual({ ok: true, template: "ACCOUNTING" });
  });

  it("reads a row with starred headers", () => {
    const parsed = parseImportRow(row(["Acme Ltd", "", "INV-1", "1/3/2026", "30/4/2026", "115.00", "Widgets", "100.00", "Bill", "AUTHORISED"]), "BILL", "2026-11-27");
    expect(parsed).toMatchObject({ ok: true, record: { invoiceNumber: "INV-1", counterpartyName: "Acme Ltd", total: 11500, dueDate: "2026-04-30" } });
  });

  it("skips DRAFT, SUBMITTED, VOIDED, DELETED and PAID rows, each with a warning; AUTHORISED and no status are imported", () => {
    for (const status of ["DRAFT", "SUBMITTED", "VOIDED", "DELETED", "PAID"]) {
      expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", status]))).toBe(skippedStatusMessage(status));
    }
    expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", "Voided"]))).toBe(skippedStatusMessage("VOIDED"));
    expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", "Awaiting Approval"]))).toBe(skippedStatusMessage("SUBMITTED"));
    expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", "AUTHORISED"]))).toBeNull();
    expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", "Awaiting Payment"]))).toBeNull();
    expect(accountingRowSkipReason(row(["Acme", "", "INV-1", "", "30/4/2026", "5", "", "", "Bill", ""]))).toBeNull();
    expect(accountingRowStatus({})).toBeNull();
  });

  it("counts an invoice's several line rows once (the rows that follow with the same number and contact)", () => {
    const anotherLine = createInvoiceLineGrouper();
    const rows = [
      row(["Acme Ltd", "", "INV-1", "", "30/4/2026", "115.00", "Widgets", "60.00", "Bill", "AUTHORISED"]),
      row(["Acme Ltd", "", "INV-1", "", "30/4/2026", "115.00", "Gadgets", "40.00", "Bill", "AUTHORISED"]),
      row(["ACME  Ltd", "", "INV-1", "", "30/4/2026", "115.00", "Freight", "15.00", "Bill", "AUTHORISED"]),
      row(["Beta Ltd", "", "INV-1", "", "30/4/2026", "20.00", "Other supplier, same number", "20.00", "Bill", "AUTHORISED"]),
      row(["Beta Ltd", "", "INV-2", "", "30/4/2026", "30.00", "", "30.00", "Bill", "AUTHORISED"]),
      row(["Acme Ltd", "", "INV-1", "", "30/4/2026", "115.00", "Widgets", "60.00", "Bill", "AUTHORISED"]),
    ];
    expect(rows.map((r) => anotherLine(r))).toEqual([false, true, true, false, false, false]);
  });
});
