import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { describe, expect, it } from "vitest";
import {
  accountingColumns,
  checkImportHeaders,
  createDuplicateFilter,
  earlybirdColumns,
  IMPORT_APPROVED_BILLS_HEADER,
  IMPORT_APPROVED_INVOICES_HEADER,
  incorrectTemplateMessage,
  isBlankRow,
  normaliseHeader,
  ORDER_NUMBER_REQUIRED_FOR_XERO,
  parseImportAmount,
  parseImportDate,
  parseImportRow,
  ROW_MESSAGES,
  type ImportKind,
  type ImportRecord,
} from "./import-rules";

const TODAY = "2026-03-15";

const billRow = (overrides: Record<string, string> = {}) => ({
  invoice_number: "INV-001",
  supplier_name: "Acme Ltd",
  order_number: "PO-9",
  issue_date: "15/03/2026",
  due_date: "20/04/2026",
  amount_due__inc__gst_: "1,234.56",
  contact_email: "Accounts@Acme.co.nz",
  ...overrides,
});
const invoiceRow = (overrides: Record<string, string> = {}) => {
  const { supplier_name, ...rest } = billRow();
  return { ...rest, customer_name: supplier_name, ...overrides };
};
const exportRow = (overrides: Record<string, string> = {}) => ({
  contactname: "Acme Ltd",
  emailaddress: "",
  invoicenumber: "INV-7",
  duedate: "2026-04-30",
  total: "99.99",
  type: "Sales invoice",
  ...overrides,
});

describe("normaliseHeader", () => {
  it.each([
    ["Amount Due (inc. GST)", "amount_due__inc__gst_"],
    ["Due Date", "due_date"],
    ["INVOICE_NUMBER", "invoice_number"],
    ["Customer Name", "customer_name"],
    ["ContactName", "contactname"],
    ["*ContactName", "contactname"],
    ["E-mail Address", "e_mail_address"],
    ["\uFEFFInvoice Number", "invoice_number"],
    ["  Issue Date  ", "issue_date"],
    ["Total", "total"],
    ["ÉTÉ", "_t_"],
  ])("%j -> %j", (header, expected) => {
    expect(normaliseHeader(header)).toBe(expected);
  });
});

describe("template headers", () => {
  it("the downloadable templates' header lines normalise to the Earlybird columns", () => {
    expect(IMPORT_APPROVED_INVOICES_HEADER.split(",").map(normaliseHeader).sort()).toEqual([...earlybirdColumns("INVOICE")].sort());
    expect(IMPORT_APPROVED_BILLS_HEADER.split(",").map(normaliseHeader).sort()).toEqual([...earlybirdColumns("BILL")].sort());
    expect(earlybirdColumns("BILL")).toEqual([
      "amount_due__inc__gst_",
      "due_date",
      "invoice_number",
      "supplier_name",
      "issue_date",
      "order_number",
      "contact_email",
    ]);
    expect(earlybirdColumns("INVOICE")).toContain("customer_name");
    expect(accountingColumns()).toEqual(["total", "duedate", "invoicenumber", "contactname", "emailaddress", "type"]);
  });

  it("gives the spec's message per kind", () => {
    expect(incorrectTemplateMessage("INVOICE")).toBe("Incorrect template. Please check you are using the correct template to import invoices.");
    expect(incorrectTemplateMessage("BILL")).toBe("Incorrect template. Please check you are using the correct template to import bills.");
  });

  it("detects the Earlybird template and the accounting export, in any column order, with extra columns", () => {
    expect(checkImportHeaders(IMPORT_APPROVED_BILLS_HEADER.split(","), "BILL")).toEqual({ ok: true, template: "EARLYBIRD" });
    expect(checkImportHeaders(IMPORT_APPROVED_INVOICES_HEADER.split(","), "INVOICE")).toEqual({ ok: true, template: "EARLYBIRD" });
    expect(checkImportHeaders([...IMPORT_APPROVED_BILLS_HEADER.split(",")].reverse().concat("Notes"), "BILL")).toEqual({ ok: true, template: "EARLYBIRD" });
    const exportHeaders = ["ContactName", "EmailAddress", "InvoiceNumber", "InvoiceDate", "DueDate", "Total", "Type", "Currency"];
    expect(checkImportHeaders(exportHeaders, "INVOICE")).toEqual({ ok: true, template: "ACCOUNTING" });
    expect(checkImportHeaders(exportHeaders, "BILL")).toEqual({ ok: true, template: "ACCOUNTING" });
  });

  it("rejects a template of the other kind or with a missing column", () => {
    expect(checkImportHeaders(IMPORT_APPROVED_INVOICES_HEADER.split(","), "BILL")).toEqual({ ok: false, message: incorrectTemplateMessage("BILL") });
    expect(checkImportHeaders(IMPORT_APPROVED_BILLS_HEADER.split(","), "INVOICE")).toEqual({ ok: false, message: incorrectTemplateMessage("INVOICE") });
    for (const missing of earlybirdColumns("BILL")) {
      const headers = earlybirdColumns("BILL").filter((column) => column !== missing);
      expect(checkImportHeaders(headers, "BILL")).toEqual({ ok: false, message: incorrectTemplateMessage("BILL") });
    }
    for (const missing of accountingColumns()) {
      const headers = accountingColumns().filter((column) => column !== missing);
      expect(checkImportHeaders(headers, "INVOICE")).toEqual({ ok: false, message: incorrectTemplateMessage("INVOICE") });
    }
    expect(checkImportHeaders([], "INVOICE")).toEqual({ ok: false, message: incorrectTemplateMessage("INVOICE") });
  });

  it("bills for Xero need the order number column of the Earlybird template", () => {
    expect(checkImportHeaders(IMPORT_APPROVED_BILLS_HEADER.split(","), "BILL", { createInXero: true })).toEqual({ ok: true, template: "EARLYBIRD" });
    expect(checkImportHeaders(accountingColumns(), "BILL", { createInXero: true })).toEqual({
      ok: false,
      message: "Order number is mandatory in the file if you need to import your bills to Xero",
    });
    expect(checkImportHeaders(accountingColumns(), "INVOICE", { createInXero: true })).toEqual({ ok: true, template: "ACCOUNTING" });
  });
});

describe("parseImportAmount and parseImportDate", () => {
  it.each([
    ["1234.56", 123456],
    ["1,234.56", 123456],
    ["$1,234.5", 123450],
    ["$ 12", 1200],
    ["0.01", 1],
    ["-5.00", -500],
    ["-$5", -500],
    ["7.", 700],
  ])("amount %j -> %j cents", (text, cents) => {
    expect(parseImportAmount(text)).toBe(cents);
  });

  it.each(["", "abc", "1.234", "1.2.3", "12e3", "$", "1 000", "NZ$5"])("amount %j is not an amount", (text) => {
    expect(parseImportAmount(text)).toBeNull();
  });

  it.each([
    ["31/01/2026", "2026-01-31"],
    ["1/2/2026", "2026-02-01"],
    ["29/02/2028", "2028-02-29"],
    ["2026-3-5", "2026-03-05"],
  ])("date %j -> %j (day/month/year)", (text, iso) => {
    expect(parseImportDate(text)).toBe(iso);
  });

  it.each(["29/02/2026", "31/04/2026", "13/13/2026", "01/31/2026x", "31-01-2026", "2026/01/31", "1/1/26", ""])("date %j is invalid", (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});

describe("parseImportRow: Earlybird template", () => {
  it("normalises a bill row", () => {
    expect(parseImportRow(billRow({ supplier_name: "  Acme   Ltd ", invoice_number: " INV-001 " }), "BILL", TODAY)).toEqual({
      ok: true,
      record: {
        invoiceNumber: "INV-001",
        counterpartyName: "Acme Ltd",
        orderNumber: "PO-9",
        issueDate: "2026-03-15",
        dueDate: "2026-04-20",
        total: 123456,
        contactEmail: "accounts@acme.co.nz",
      },
    });
  });

  it("normalises an invoice row and leaves optional cells empty as null", () => {
    expect(parseImportRow(invoiceRow({ order_number: "", issue_date: "", contact_email: " " }), "INVOICE", TODAY)).toEqual({
      ok: true,
      record: {
        invoiceNumber: "INV-001",
        counterpartyName: "Acme Ltd",
        orderNumber: null,
        issueDate: null,
        dueDate: "2026-04-20",
        total: 123456,
        contactEmail: null,
      },
    });
  });

  it("accepts an issue date of today and rejects tomorrow", () => {
    expect(parseImportRow(billRow({ issue_date: "15/03/2026" }), "BILL", TODAY).ok).toBe(true);
    expect(parseImportRow(billRow({ issue_date: "16/03/2026" }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.issueDateInFuture] });
    expect(parseImportRow(billRow({ issue_date: "1/1/2027" }), "BILL", "2026-12-31")).toEqual({ ok: false, errors: ["Issue date cannot be in the future"] });
  });

  it("needs an amount above 0", () => {
    expect(parseImportRow(billRow({ amount_due__inc__gst_: "0.01" }), "BILL", TODAY).ok).toBe(true);
    expect(parseImportRow(billRow({ amount_due__inc__gst_: "0.00" }), "BILL", TODAY)).toEqual({ ok: false, errors: ["Amount must be greater than 0"] });
    expect(parseImportRow(billRow({ amount_due__inc__gst_: "-1" }), "BILL", TODAY)).toEqual({ ok: false, errors: ["Amount must be greater than 0"] });
    expect(parseImportRow(billRow({ amount_due__inc__gst_: "1.005" }), "BILL", TODAY)).toEqual({
      ok: false,
      errors: ["Amount must be a number with at most 2 decimals"],
    });
    expect(parseImportRow(billRow({ amount_due__inc__gst_: "" }), "BILL", TODAY)).toEqual({ ok: false, errors: ["Amount is required"] });
  });

  it("reports every missing or malformed field of a row", () => {
    const result = parseImportRow({ amount_due__inc__gst_: "x", due_date: "31/02/2026", issue_date: "soon", contact_email: "nobody" }, "BILL", TODAY);
    expect(result).toEqual({
      ok: false,
      errors: [
        "Invoice number is required",
        "Supplier name is required",
        "Due date must be a date in day/month/year format",
        "Issue date must be a date in day/month/year format",
        "Amount must be a number with at most 2 decimals",
        "Enter valid email address",
      ],
    });
    expect(parseImportRow({ amount_due__inc__gst_: "5" }, "INVOICE", TODAY)).toEqual({
      ok: false,
      errors: ["Invoice number is required", "Customer name is required", "Due date is required"],
    });
  });

  it("does not reject a due date in the past (approved bills may be overdue)", () => {
    expect(parseImportRow(billRow({ due_date: "1/1/2020", issue_date: "1/1/2020" }), "BILL", TODAY).ok).toBe(true);
  });

  it("needs an order number on every bill row for Xero", () => {
    expect(parseImportRow(billRow({ order_number: " " }), "BILL", TODAY, { createInXero: true })).toEqual({
      ok: false,
      errors: [ORDER_NUMBER_REQUIRED_FOR_XERO],
    });
    expect(ORDER_NUMBER_REQUIRED_FOR_XERO).toBe("Order number is mandatory in the file if you need to import your bills to Xero");
    expect(parseImportRow(billRow({ order_number: "" }), "BILL", TODAY).ok).toBe(true);
    expect(parseImportRow(billRow(), "BILL", TODAY, { createInXero: true }).ok).toBe(true);
    expect(parseImportRow(invoiceRow({ order_number: "" }), "INVOICE", TODAY, { createInXero: true }).ok).toBe(true);
  });

  it("reads a bill row's supplier, not a customer column", () => {
    expect(parseImportRow(invoiceRow(), "BILL", TODAY)).toEqual({ ok: false, errors: ["Supplier name is required"] });
  });
});

describe("parseImportRow: accounting export", () => {
  it("normalises a sales invoice row", () => {
    expect(parseImportRow(exportRow({ emailaddress: "a@b.co" }), "INVOICE", TODAY)).toEqual({
      ok: true,
      record: {
        invoiceNumber: "INV-7",
        counterpartyName: "Acme Ltd",
        orderNumber: null,
        issueDate: null,
        dueDate: "2026-04-30",
        total: 9999,
        contactEmail: "a@b.co",
      },
    });
  });

  it("needs the type of the kind, in any case and spacing", () => {
    expect(parseImportRow(exportRow({ type: " sales  INVOICE " }), "INVOICE", TODAY).ok).toBe(true);
    expect(parseImportRow(exportRow({ type: "Bill" }), "BILL", TODAY).ok).toBe(true);
    expect(parseImportRow(exportRow({ type: "Bill" }), "INVOICE", TODAY)).toEqual({ ok: false, errors: ['Type must be "Sales invoice"'] });
    expect(parseImportRow(exportRow({ type: "Sales invoice" }), "BILL", TODAY)).toEqual({ ok: false, errors: ['Type must be "Bill"'] });
    expect(parseImportRow(exportRow({ type: "" }), "BILL", TODAY)).toEqual({ ok: false, errors: ['Type must be "Bill"'] });
  });

  it("may be forced to a template", () => {
    expect(parseImportRow(exportRow(), "INVOICE", TODAY, { template: "EARLYBIRD" })).toEqual({
      ok: false,
      errors: ["Invoice number is required", "Customer name is required", "Due date is required", "Amount is required"],
    });
  });
});

describe("blank rows and duplicates", () => {
  it("knows a blank row", () => {
    expect(isBlankRow({ a: "", b: "  ", c: undefined })).toBe(true);
    expect(isBlankRow({})).toBe(true);
    expect(isBlankRow({ a: "", b: "x" })).toBe(false);
  });

  it("drops repeats of the same number and amount, keeps the first", () => {
    const keep = createDuplicateFilter();
    const records = [
      { invoiceNumber: "INV-1", total: 100 },
      { invoiceNumber: "INV-1", total: 100 },
      { invoiceNumber: "INV-1 ", total: 100 },
      { invoiceNumber: "INV-1", total: 101 },
      { invoiceNumber: "inv-1", total: 100 },
      { invoiceNumber: "INV-2", total: 100 },
      { invoiceNumber: "INV-10", total: 0 },
      { invoiceNumber: "INV-1", total: 0 },
    ];
    expect(records.map(keep)).toEqual([true, false, false, true, true, true, true, true]);
    // Each filter remembers its own file.
    expect(createDuplicateFilter()({ invoiceNumber: "INV-1", total: 100 })).toBe(true);
  });
});

describe("streaming a file row by row with csv-parse", () => {
  async function importCsv(csv: string, kind: ImportKind, options: { createInXero?: boolean } = {}) {
    const parser = Readable.from([csv]).pipe(
      parse({ bom: true, columns: (header: string[]) => header.map(normaliseHeader), skip_empty_lines: true, relax_column_count: true })
    );
    const keep = createDuplicateFilter();
    const imported: ImportRecord[] = [];
    const failed: { line: number; errors: string[] }[] = [];
    const duplicates: number[] = [];
    let line = 1;
    let headerChecked = false;
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      line++;
      if (!headerChecked) {
        const check = checkImportHeaders(Object.keys(row), kind, options);
        if (!check.ok) return { error: check.message };
        headerChecked = true;
      }
      if (isBlankRow(row)) continue;
      const result = parseImportRow(row, kind, TODAY, options);
      if (!result.ok) failed.push({ line, errors: result.errors });
      else if (!keep(result.record)) duplicates.push(line);
      else imported.push(result.record);
    }
    return { imported, failed, duplicates };
  }

  it("imports the template, reporting failed rows and dropping duplicates", async () => {
    const csv = [
      `\uFEFF${IMPORT_APPROVED_BILLS_HEADER}`,
      'INV-1,Acme Ltd,PO-1,1/3/2026,20/4/2026,"1,000.00",ap@acme.co.nz',
      "INV-2,Beta Ltd,PO-2,16/3/2026,20/4/2026,50.00,",
      "INV-1,Acme Ltd,PO-1,1/3/2026,20/4/2026,1000,",
      ",,,,,,",
      "INV-3,Gamma Ltd,,1/3/2026,31/5/2026,0.5,",
    ].join("\r\n");
    expect(await importCsv(csv, "BILL")).toEqual({
      imported: [
        {
          invoiceNumber: "INV-1",
          counterpartyName: "Acme Ltd",
          orderNumber: "PO-1",
          issueDate: "2026-03-01",
          dueDate: "2026-04-20",
          total: 100000,
          contactEmail: "ap@acme.co.nz",
        },
        {
          invoiceNumber: "INV-3",
          counterpartyName: "Gamma Ltd",
          orderNumber: null,
          issueDate: "2026-03-01",
          dueDate: "2026-05-31",
          total: 50,
          contactEmail: null,
        },
      ],
      failed: [{ line: 3, errors: ["Issue date cannot be in the future"] }],
      duplicates: [4],
    });
  });

  it("stops at the header of a wrong template", async () => {
    expect(await importCsv(`${IMPORT_APPROVED_BILLS_HEADER}\nINV-1,Acme,PO,1/3/2026,1/4/2026,5,`, "INVOICE")).toEqual({
      error: incorrectTemplateMessage("INVOICE"),
    });
    expect(await importCsv("ContactName,InvoiceNumber,DueDate,Total,Type,EmailAddress\nAcme,INV-1,2026-04-01,5,Bill,", "BILL", { createInXero: true })).toEqual(
      {
        error: ORDER_NUMBER_REQUIRED_FOR_XERO,
      }
    );
  });

  it("imports an accounting export", async () => {
    const csv =
      "ContactName,EmailAddress,InvoiceNumber,InvoiceDate,DueDate,Total,Type\nAcme Ltd,,INV-9,1/3/2026,30/4/2026,12.30,Bill\nAcme Ltd,,CN-1,1/3/2026,30/4/2026,5,Credit note\n";
    expect(await importCsv(csv, "BILL")).toEqual({
      imported: [
        { invoiceNumber: "INV-9", counterpartyName: "Acme Ltd", orderNumber: null, issueDate: null, dueDate: "2026-04-30", total: 1230, contactEmail: null },
      ],
      failed: [{ line: 3, errors: ['Type must be "Bill"'] }],
      duplicates: [],
    });
  });
});

describe("the import schemas", () => {
  it("requires the approval checkbox and a stored upload", async () => {
    const { ImportConfirmSchema, IMPORT_MESSAGES } = await import("./import-rules");
    const uploadId = "3f2b8c1e-2d4a-4b6c-9e8f-0a1b2c3d4e5f";
    expect(ImportConfirmSchema.safeParse({ uploadId, format: "EARLYBIRD", confirmed: "on" })).toMatchObject({
      success: true,
      data: { createInXero: false, confirmed: true },
    });
    const unconfirmed = ImportConfirmSchema.safeParse({ uploadId, format: "EARLYBIRD" });
    expect(unconfirmed.success ? null : unconfirmed.error.issues[0].message).toBe(IMPORT_MESSAGES.confirmRequired);
    const badUpload = ImportConfirmSchema.safeParse({ uploadId: "../../etc/passwd", format: "EARLYBIRD", confirmed: "on" });
    expect(badUpload.success ? null : badUpload.error.issues[0].message).toBe(IMPORT_MESSAGES.uploadNotFound);
  });

  it("reads the CLI options", async () => {
    const { ImportCliSchema } = await import("./import-rules");
    expect(ImportCliSchema.parse({ company: "12", format: "accounting" })).toEqual({ company: 12, format: "ACCOUNTING", xero: false });
    expect(() => ImportCliSchema.parse({ company: "x" })).toThrow("--company must be a company id");
    expect(() => ImportCliSchema.parse({ company: "1", format: "xlsx" })).toThrow("--format must be earlybird or accounting");
  });
});

describe("parseImportRow: number limits (issue 13 part 10)", () => {
  it("fails a row whose invoice or order number is over 255 characters, and takes 255", () => {
    expect(parseImportRow(billRow({ invoice_number: "9".repeat(100_000) }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.invoiceNumberTooLong] });
    expect(parseImportRow(billRow({ order_number: "P".repeat(256) }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.orderNumberTooLong] });
    expect(parseImportRow(billRow({ invoice_number: "9".repeat(255), order_number: "P".repeat(255) }), "BILL", TODAY).ok).toBe(true);
  });

  it("fails a number with a control character, and a row with a NUL in any cell", () => {
    expect(parseImportRow(billRow({ invoice_number: "INV\t1" }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.invoiceNumberInvalid] });
    expect(parseImportRow(billRow({ order_number: "PO\n1" }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.orderNumberInvalid] });
    expect(parseImportRow(billRow({ supplier_name: "Acme\u0000" }), "BILL", TODAY)).toEqual({ ok: false, errors: [ROW_MESSAGES.nulCharacter] });
  });
});
