/**
 * CSV import of approved invoices and bills (spec p2 §4 Import flow, §5 Import), pure and row by row: a file is
 * checked from its header line, then each row is parsed on its own, so a stream never needs the whole file.
 *
 * Use with csv-parse: `parse({ bom: true, columns: (header) => header.map(normaliseHeader), skip_empty_lines: true })`,
 * then `checkImportHeaders` on the normalised header line and `parseImportRow` + a `createDuplicateFilter()` per row.
 */
import { z } from "zod";
import { parseDecimalToCents, type Cents } from "../../lib/money";
import { parseInputDate } from "../../lib/dates";
import { EMAIL_PATTERN } from "../auth/schema";
import { NUMBER_TOO_LONG, RECORD_NUMBER_MAX, recordNumberProblem } from "./schema";

export type ImportKind = "INVOICE" | "BILL";
export type ImportTemplate = "EARLYBIRD" | "ACCOUNTING";

/** The spec's messages (p2 §5), verbatim. */
export function incorrectTemplateMessage(kind: ImportKind): string {
  return `Incorrect template. Please check you are using the correct template to import ${kind === "BILL" ? "bills" : "invoices"}.`;
}
export const ORDER_NUMBER_REQUIRED_FOR_XERO = "Order number is mandatory in the file if you need to import your bills to Xero";

/**
 * Row messages. The spec names the rules (p2 §5 Import) but not their wording; these are ours, in the spec's
 * voice, and the import result shows them per failed row.
 */
export const ROW_MESSAGES = {
  invoiceNumberRequired: "Invoice number is required",
  invoiceNumberTooLong: `Invoice number must be at most ${RECORD_NUMBER_MAX} characters`,
  invoiceNumberInvalid: "Invoice number must not contain control characters (such as tabs or line breaks)",
  orderNumberTooLong: `Order number must be at most ${RECORD_NUMBER_MAX} characters`,
  orderNumberInvalid: "Order number must not contain control characters (such as tabs or line breaks)",
  nulCharacter: "The row contains a NUL character, which is not allowed",
  customerNameRequired: "Customer name is required",
  supplierNameRequired: "Supplier name is required",
  dueDateRequired: "Due date is required",
  dueDateInvalid: "Due date must be a date in day/month/year format",
  issueDateInvalid: "Issue date must be a date in day/month/year format",
  issueDateInFuture: "Issue date cannot be in the future",
  amountRequired: "Amount is required",
  amountInvalid: "Amount must be a number with at most 2 decimals",
  amountNotPositive: "Amount must be greater than 0",
  contactEmailInvalid: "Enter valid email address",
  typeSalesInvoice: 'Type must be "Sales invoice"',
  typeBill: 'Type must be "Bill"',
} as const;

/**
 * CSV header -> column key: lowercased, every non-word character an underscore ("Amount Due (inc. GST)" ->
 * "amount_due__inc__gst_"). Xero marks its required columns with a leading "*" ("*ContactName"): not part of the name.
 */
export function normaliseHeader(name: string): string {
  // The BOM and surrounding spaces Excel leaves on headers are not part of the name.
  return name
    .replace(/^\uFEFF/, "")
    .trim()
    .replace(/^\*+\s*/, "")
    .toLowerCase()
    .replace(/\W/g, "_");
}

/** The Earlybird template's columns (p2 §5), normalised. */
export const EARLYBIRD_COLUMNS = {
  amount: "amount_due__inc__gst_",
  dueDate: "due_date",
  invoiceNumber: "invoice_number",
  customerName: "customer_name",
  supplierName: "supplier_name",
  issueDate: "issue_date",
  orderNumber: "order_number",
  contactEmail: "contact_email",
} as const;

/** The accounting-system export's columns (p2 §5), normalised. */
export const ACCOUNTING_COLUMNS = {
  amount: "total",
  dueDate: "duedate",
  invoiceNumber: "invoicenumber",
  counterpartyName: "contactname",
  contactEmail: "emailaddress",
  type: "type",
} as const;

/** The accounting export's optional status column (Xero: Status), normalised. */
export const ACCOUNTING_STATUS_COLUMN = "status";

/**
 * Statuses of an accounting export row that are not an approved, unpaid invoice or bill (issue 18 part 4): a draft or
 * one awaiting approval is not approved yet, a voided or deleted one is cancelled, a paid one has nothing left to pay.
 */
export const SKIPPED_ACCOUNTING_STATUSES = ["DRAFT", "SUBMITTED", "VOIDED", "DELETED", "PAID"] as const;
export type SkippedAccountingStatus = (typeof SKIPPED_ACCOUNTING_STATUSES)[number];

/** Xero's words for its statuses as its screens and exports write them. */
const ACCOUNTING_STATUS_WORDS: Record<string, string> = {
  AWAITING_APPROVAL: "SUBMITTED",
  AWAITING_PAYMENT: "AUTHORISED",
  APPROVED: "AUTHORISED",
  VOID: "VOIDED",
  DRAFTED: "DRAFT",
};

/** An export row's status in Xero's codes (AUTHORISED, PAID, VOIDED, ...), or null when the file has none. */
export function accountingRowStatus(row: ImportRow): string | null {
  const text = (row[ACCOUNTING_STATUS_COLUMN] ?? "").trim().toUpperCase().replace(/[\s-]+/g, "_");
  if (!text) return null;
  return ACCOUNTING_STATUS_WORDS[text] ?? text;
}

/** The warning of an export row skipped for its status. */
export function skippedStatusMessage(status: string): string {
  return `Skipped: the invoice is ${status} in the accounting system (only approved, unpaid invoices are imported)`;
}

/** Why an accounting export row is skipped (its status), or null when it is imported. */
export function accountingRowSkipReason(row: ImportRow): string | null {
  const status = accountingRowStatus(row);
  return status && (SKIPPED_ACCOUNTING_STATUSES as readonly string[]).includes(status) ? skippedStatusMessage(status) : null;
}

/**
 * Xero's export writes one row per line item, each repeating the invoice's number, contact and Total: the rows of one
 * invoice follow each other. The returned function answers true for a row that is another line of the invoice on the
 * row before (same number and contact), so an invoice counts once, with its Total (not the rows summed).
 */
export function createInvoiceLineGrouper(): (row: ImportRow) => boolean {
  let previous: string | null = null;
  return (row) => {
    const number = (row[ACCOUNTING_COLUMNS.invoiceNumber] ?? "").trim();
    const contact = (row[ACCOUNTING_COLUMNS.counterpartyName] ?? "").trim().replace(/\s+/g, " ").toLowerCase();
    const key = number ? `${number}\u0000${contact}` : null;
    const sameInvoice = key !== null && key === previous;
    previous = key;
    return sameInvoice;
  };
}

/** The `type` value an accounting export row must have for each kind. */
export const ACCOUNTING_TYPE: Record<ImportKind, string> = { INVOICE: "Sales invoice", BILL: "Bill" };

/** Header lines of the two downloadable templates (GET import_approved_invoices / import_approved_bills). */
export const IMPORT_APPROVED_INVOICES_HEADER = "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email";
export const IMPORT_APPROVED_BILLS_HEADER = "Invoice Number,Supplier Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email";

export function earlybirdColumns(kind: ImportKind): string[] {
  const c = EARLYBIRD_COLUMNS;
  return [c.amount, c.dueDate, c.invoiceNumber, kind === "BILL" ? c.supplierName : c.customerName, c.issueDate, c.orderNumber, c.contactEmail];
}

export function accountingColumns(): string[] {
  return Object.values(ACCOUNTING_COLUMNS);
}

export type HeaderCheck = { ok: true; template: ImportTemplate } | { ok: false; message: string };

/**
 * Which template a file uses, from its normalised header line. A file with every Earlybird column is the Earlybird
 * template; else a file with every accounting-export column is an export; else the template is wrong. Extra
 * columns are ignored. Bills created in Xero need an order number column, which only the Earlybird template has.
 */
export function checkImportHeaders(headers: readonly string[], kind: ImportKind, options: { createInXero?: boolean } = {}): HeaderCheck {
  const present = new Set(headers.map(normaliseHeader));
  const has = (columns: string[]) => columns.every((column) => present.has(column));
  let template: ImportTemplate;
  if (has(earlybirdColumns(kind))) template = "EARLYBIRD";
  else if (has(accountingColumns())) template = "ACCOUNTING";
  else return { ok: false, message: incorrectTemplateMessage(kind) };
  if (kind === "BILL" && options.createInXero && template !== "EARLYBIRD") return { ok: false, message: ORDER_NUMBER_REQUIRED_FOR_XERO };
  return { ok: true, template };
}

/** One row, keyed by normalised header (csv-parse `columns`). Missing keys read as empty. */
export type ImportRow = Readonly<Record<string, string | undefined>>;

export interface ImportRecord {
  invoiceNumber: string;
  /** The customer (invoices) or supplier (bills) name as written in the file. */
  counterpartyName: string;
  orderNumber: string | null;
  /** YYYY-MM-DD. */
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  contactEmail: string | null;
}

export type RowResult = { ok: true; record: ImportRecord } | { ok: false; errors: string[] };

export interface RowOptions {
  /** Defaults to the template the row's keys show (the Earlybird amount column, else the export). */
  template?: ImportTemplate;
  /** Bills to be created in Xero: each row needs an order number. */
  createInXero?: boolean;
}

/** A row whose cells are all blank (trailing separators): skip it rather than report it. */
export function isBlankRow(row: ImportRow): boolean {
  return Object.values(row).every((value) => value === undefined || value.trim() === "");
}

function cell(row: ImportRow, key: string): string {
  return (row[key] ?? "").trim();
}

/** "$1,234.56" | "1234.5" | "-3" -> cents; null when not an amount with at most 2 decimals. */
export function parseImportAmount(text: string): Cents | null {
  const cleaned = text
    .trim()
    .replace(/^(-?)\s*\$\s*/, "$1")
    .replace(/,/g, "");
  if (!/^-?\d+(?:\.\d{0,2})?$/.test(cleaned)) return null;
  try {
    return parseDecimalToCents(cleaned);
  } catch {
    return null;
  }
}

/** Import dates are day/month/year (p2 §5, §9); YYYY-M-D is accepted too. Returns YYYY-MM-DD or null. */
export function parseImportDate(text: string): string | null {
  return parseInputDate(text) || null;
}

/**
 * One row -> a normalised record (trimmed strings, cents, YYYY-MM-DD), or every error found on the row.
 * `today` is YYYY-MM-DD in the company's time zone: the issue date may be today, not later.
 */
export function parseImportRow(row: ImportRow, kind: ImportKind, today: string, options: RowOptions = {}): RowResult {
  const template: ImportTemplate = options.template ?? (EARLYBIRD_COLUMNS.amount in row ? "EARLYBIRD" : "ACCOUNTING");
  const errors: string[] = [];
  const eb = EARLYBIRD_COLUMNS;
  const ac = ACCOUNTING_COLUMNS;
  const isEarlybird = template === "EARLYBIRD";

  // PostgreSQL text cannot hold NUL: a row with one would fail the whole batch's COPY.
  if (Object.values(row).some((value) => value?.includes("\u0000"))) return { ok: false, errors: [ROW_MESSAGES.nulCharacter] };

  const invoiceNumber = cell(row, isEarlybird ? eb.invoiceNumber : ac.invoiceNumber);
  const invoiceNumberProblem = invoiceNumber ? recordNumberProblem(invoiceNumber) : null;
  if (!invoiceNumber) errors.push(ROW_MESSAGES.invoiceNumberRequired);
  else if (invoiceNumberProblem) errors.push(invoiceNumberProblem === NUMBER_TOO_LONG ? ROW_MESSAGES.invoiceNumberTooLong : ROW_MESSAGES.invoiceNumberInvalid);

  const counterpartyName = cell(row, isEarlybird ? (kind === "BILL" ? eb.supplierName : eb.customerName) : ac.counterpartyName).replace(/\s+/g, " ");
  if (!counterpartyName) errors.push(kind === "BILL" ? ROW_MESSAGES.supplierNameRequired : ROW_MESSAGES.customerNameRequired);

  if (!isEarlybird) {
    const type = cell(row, ac.type).replace(/\s+/g, " ").toLowerCase();
    if (type !== ACCOUNTING_TYPE[kind].toLowerCase()) errors.push(kind === "BILL" ? ROW_MESSAGES.typeBill : ROW_MESSAGES.typeSalesInvoice);
  }

  const dueDateText = cell(row, isEarlybird ? eb.dueDate : ac.dueDate);
  const dueDate = dueDateText ? parseImportDate(dueDateText) : null;
  if (!dueDateText) errors.push(ROW_MESSAGES.dueDateRequired);
  else if (!dueDate) errors.push(ROW_MESSAGES.dueDateInvalid);

  let issueDate: string | null = null;
  const issueDateText = isEarlybird ? cell(row, eb.issueDate) : "";
  if (issueDateText) {
    issueDate = parseImportDate(issueDateText);
    if (!issueDate) errors.push(ROW_MESSAGES.issueDateInvalid);
    else if (issueDate > today) errors.push(ROW_MESSAGES.issueDateInFuture);
  }

  const amountText = cell(row, isEarlybird ? eb.amount : ac.amount);
  const total = amountText ? parseImportAmount(amountText) : null;
  if (!amountText) errors.push(ROW_MESSAGES.amountRequired);
  else if (total === null) errors.push(ROW_MESSAGES.amountInvalid);
  else if (total <= 0) errors.push(ROW_MESSAGES.amountNotPositive);

  const orderNumber = isEarlybird ? cell(row, eb.orderNumber) || null : null;
  if (kind === "BILL" && options.createInXero && !orderNumber) errors.push(ORDER_NUMBER_REQUIRED_FOR_XERO);
  const orderNumberProblem = orderNumber ? recordNumberProblem(orderNumber) : null;
  if (orderNumberProblem) errors.push(orderNumberProblem === NUMBER_TOO_LONG ? ROW_MESSAGES.orderNumberTooLong : ROW_MESSAGES.orderNumberInvalid);

  const contactEmail = cell(row, isEarlybird ? eb.contactEmail : ac.contactEmail) || null;
  if (contactEmail && !EMAIL_PATTERN.test(contactEmail)) errors.push(ROW_MESSAGES.contactEmailInvalid);

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    record: {
      invoiceNumber,
      counterpartyName,
      orderNumber,
      issueDate,
      dueDate: dueDate as string,
      total: total as Cents,
      contactEmail: contactEmail && contactEmail.toLowerCase(),
    },
  };
}

/**
 * Duplicate rows (same invoice number and amount, p2 §5) are dropped: the returned function answers true the
 * first time it sees a number+amount and false for every repeat, remembering only the keys (not the rows), so
 * it streams. Numbers compare exactly after trimming.
 */
export function createDuplicateFilter(): (record: Pick<ImportRecord, "invoiceNumber" | "total">) => boolean {
  const seen = new Set<string>();
  return (record) => {
    const key = `${record.invoiceNumber.trim()}\u0000${record.total}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/** The job type of an import, by kind. */
export const IMPORT_JOB_TYPES: Record<ImportKind, string> = { INVOICE: "IMPORT_INVOICES", BILL: "IMPORT_BILLS" };
export const isImportJobType = (type: string) => type === IMPORT_JOB_TYPES.INVOICE || type === IMPORT_JOB_TYPES.BILL;

// Messages of the import dialog and CLI that the spec does not word; ours, in its voice.
export const IMPORT_MESSAGES = {
  fileRequired: "Please select a file to import.",
  csvOnly: "Unsupported file format. Please select a CSV file.",
  // The spec's upload limit message (p1 §5, p2 §8 "size exceeded").
  tooLarge: "Please choose a file which is less than 10 MB in size",
  confirmRequired: "Please confirm these items are approved",
  uploadNotFound: "The uploaded file was not found. Please choose the file again.",
  fileNotFound: "File not found",
  importNotFound: "Import not found",
  // p2 §8 Import progress 404.
  pollingFailed: "Error in importing from file",
  numberExists: "Invoice number already exists",
} as const;

/** Largest upload the web accepts (10,000,000 bytes, the spec's 10 MB). The CLI reads files of any size. */
export const MAX_IMPORT_UPLOAD_BYTES = 10_000_000;

export const ImportFormatSchema = z.enum(["EARLYBIRD", "ACCOUNTING"]);

/** Step 1 → 2 of the dialog: the stored upload and the chosen format. */
export const ImportConfirmSchema = z.object({
  uploadId: z.string().uuid(IMPORT_MESSAGES.uploadNotFound),
  fileName: z.string().trim().max(255).default("import.csv"),
  format: ImportFormatSchema,
  createInXero: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
  confirmed: z.preprocess(
    (value) => value === "on" || value === "true" || value === true,
    z.literal(true, { errorMap: () => ({ message: IMPORT_MESSAGES.confirmRequired }) })
  ),
});

/** CLI options of `earlybird import invoices|bills FILE`. */
export const ImportCliSchema = z.object({
  company: z.coerce
    .number({ invalid_type_error: "--company must be a company id" })
    .int("--company must be a company id")
    .positive("--company must be a company id"),
  format: z
    .string()
    .default("earlybird")
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(["EARLYBIRD", "ACCOUNTING"], { errorMap: () => ({ message: "--format must be earlybird or accounting" }) })),
  xero: z.boolean().default(false),
});
