/**
 * Purchase orders (decisions D6; issue 16 part 1; docs/decisions/041): the import file's rows, pure and row by row so a
 * stream never needs the whole file, and the order-number key that the import's upsert and the matching share.
 *
 * A row is checked in full: every reason it fails is reported, in column order. Cells are trimmed; a supplier name's
 * repeated spaces collapse; the status is read without case.
 */
import { parseDecimalToCents, type Cents } from "../../lib/money";
import { parseInputDate } from "../../lib/dates";
import { recordNumberProblem } from "../invoices/schema";

/** The template's columns, in order (fixtures/import_purchase_orders.csv). */
export const PURCHASE_ORDER_IMPORT_COLUMNS = ["Order Number", "Supplier Name", "Order Date", "Amount (inc. GST)", "Status"] as const;
export const PURCHASE_ORDER_IMPORT_TEMPLATE = "import_purchase_orders.csv";
export const PURCHASE_ORDER_IMPORT_JOB_TYPE = "IMPORT_PURCHASE_ORDERS";
/** The job that matches a company's waiting documents again once purchase orders arrive (helper M's matching handles it). */
export const DOCUMENTS_REMATCH_JOB_TYPE = "DOCUMENTS_REMATCH";

export const PURCHASE_ORDER_STATUSES = ["OPEN", "RECEIPTED", "CLOSED"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Ours, in the voice of the invoice import's template message (p2 §5). */
export const PURCHASE_ORDER_TEMPLATE_MESSAGE = "Incorrect template. Please check you are using the correct template to import purchase orders.";

/** The row messages. The spec words none for purchase orders; these are ours, in the voice of the other imports. */
export const PURCHASE_ORDER_ROW_MESSAGES = {
  orderNumberRequired: "Order number is required",
  orderNumberTooLong: "Order number must be at most 255 characters",
  orderNumberInvalid: "Order number must not contain control characters (such as tabs or line breaks)",
  supplierNameRequired: "Supplier name is required",
  supplierNameTooLong: "Supplier name must be at most 200 characters",
  orderDateInvalid: "Order date must be a date in day/month/year format",
  amountRequired: "Amount is required",
  amountInvalid: "Amount must be a number with at most 2 decimals",
  amountNotPositive: "Amount must be greater than 0",
  amountTooLarge: "Amount must be less than 100,000,000,000",
  statusRequired: "Status is required",
  statusInvalid: "Status must be OPEN, RECEIPTED or CLOSED",
  nulCharacter: "The row contains a NUL character, which is not allowed",
} as const;

/** The same order number again later in one file: the first row counts, the later ones fail with this. */
export const duplicateOrderNumberMessage = (firstLine: number) => `Order number appears more than once in the file (first on line ${firstLine})`;

export const SUPPLIER_NAME_MAX = 200;
/** The largest amount money.ts carries (below 10^11 dollars, inside numeric(14,2)). */
export const MAX_AMOUNT_CENTS = 10_000_000_000_000 - 1;

/** The characters an order number's key drops: the same set the database's generated column removes (migration 2026.11.27T01.00.00). */
const KEY_SPACES = /[ \t\n\r\f\v\u00a0]/g;

/**
 * The key two order numbers are the same order by (the Interfaces of issue 16): trimmed, upper case, every inner space
 * removed ("po 1001 " → "PO1001"). purchase_orders.order_number_key is the database's copy of it.
 */
export function normaliseOrderNumber(orderNumber: string): string {
  return orderNumber.replace(KEY_SPACES, "").toUpperCase();
}

/** A supplier name as the counterparty match compares it: trimmed, lower case, repeated spaces as one. */
export function supplierNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A valid row. */
export interface PurchaseOrderImportRow {
  /** As written, trimmed. */
  orderNumber: string;
  orderNumberKey: string;
  /** Trimmed, repeated spaces collapsed. */
  supplierName: string;
  /** YYYY-MM-DD or null (the column is optional). */
  orderDate: string | null;
  amountCents: Cents;
  status: PurchaseOrderStatus;
}

export type ParsedPurchaseOrderRow = { ok: true; row: PurchaseOrderImportRow } | { ok: false; reasons: string[] };

type Check<T> = { value: T; reason: null } | { value: null; reason: string };
const ok = <T>(value: T): Check<T> => ({ value, reason: null });
const fail = <T>(reason: string): Check<T> => ({ value: null, reason });

/** Order Number: required, at most 255 characters, no control characters. */
export function checkOrderNumber(cell: string): Check<string> {
  const text = cell.trim();
  if (!text) return fail(PURCHASE_ORDER_ROW_MESSAGES.orderNumberRequired);
  const problem = recordNumberProblem(text);
  if (problem) return fail(text.length > 255 ? PURCHASE_ORDER_ROW_MESSAGES.orderNumberTooLong : PURCHASE_ORDER_ROW_MESSAGES.orderNumberInvalid);
  return ok(text);
}

/** Supplier Name: required, at most 200 characters once its repeated spaces collapse. */
export function checkSupplierName(cell: string): Check<string> {
  const text = cell.trim().replace(/\s+/g, " ");
  if (!text) return fail(PURCHASE_ORDER_ROW_MESSAGES.supplierNameRequired);
  if (text.length > SUPPLIER_NAME_MAX) return fail(PURCHASE_ORDER_ROW_MESSAGES.supplierNameTooLong);
  return ok(text);
}

/** Order Date: optional; day/month/year (NZ/AU, "5/3/2026" is 5 March), or YYYY-MM-DD; a real calendar date. */
export function checkOrderDate(cell: string): Check<string | null> {
  const text = cell.trim();
  if (!text) return ok(null);
  const date = parseInputDate(text);
  return date ? ok(date) : fail(PURCHASE_ORDER_ROW_MESSAGES.orderDateInvalid);
}

/** Amount (inc. GST): required, "$1,234.56" or "1234.5", to the cent, greater than 0 and below 10^11 dollars. */
export function checkAmount(cell: string): Check<Cents> {
  const text = cell.trim();
  if (!text) return fail(PURCHASE_ORDER_ROW_MESSAGES.amountRequired);
  const cleaned = text.replace(/^(-?)\s*\$\s*/, "$1").replace(/,/g, "");
  if (!/^-?\d+(?:\.\d{0,2})?$/.test(cleaned)) return fail(PURCHASE_ORDER_ROW_MESSAGES.amountInvalid);
  if (cleaned.replace(/^-/, "").split(".")[0].replace(/^0+/, "").length > 11) return fail(PURCHASE_ORDER_ROW_MESSAGES.amountTooLarge);
  const cents = parseDecimalToCents(cleaned);
  if (cents <= 0) return fail(PURCHASE_ORDER_ROW_MESSAGES.amountNotPositive);
  if (cents > MAX_AMOUNT_CENTS) return fail(PURCHASE_ORDER_ROW_MESSAGES.amountTooLarge);
  return ok(cents);
}

/** Status: required, OPEN, RECEIPTED or CLOSED, without case ("Open" is OPEN). */
export function checkStatus(cell: string): Check<PurchaseOrderStatus> {
  const text = cell.trim().toUpperCase();
  if (!text) return fail(PURCHASE_ORDER_ROW_MESSAGES.statusRequired);
  return (PURCHASE_ORDER_STATUSES as readonly string[]).includes(text) ? ok(text as PurchaseOrderStatus) : fail(PURCHASE_ORDER_ROW_MESSAGES.statusInvalid);
}

/** One row of cells in template order (missing trailing cells are empty) → a valid row, or every reason it fails. */
export function parsePurchaseOrderRow(cells: readonly string[]): ParsedPurchaseOrderRow {
  const cell = (i: number) => cells[i] ?? "";
  if (cells.some((value) => value.includes("\u0000"))) return { ok: false, reasons: [PURCHASE_ORDER_ROW_MESSAGES.nulCharacter] };
  const orderNumber = checkOrderNumber(cell(0));
  const supplierName = checkSupplierName(cell(1));
  const orderDate = checkOrderDate(cell(2));
  const amount = checkAmount(cell(3));
  const status = checkStatus(cell(4));
  const reasons = [orderNumber.reason, supplierName.reason, orderDate.reason, amount.reason, status.reason].filter((reason): reason is string => reason !== null);
  if (reasons.length > 0) return { ok: false, reasons };
  return {
    ok: true,
    row: {
      orderNumber: orderNumber.value!,
      orderNumberKey: normaliseOrderNumber(orderNumber.value!),
      supplierName: supplierName.value!,
      orderDate: orderDate.value,
      amountCents: amount.value!,
      status: status.value!,
    },
  };
}

/** Whether a header line is the template's columns (case and spacing ignored; a trailing empty column allowed). */
export function isPurchaseOrderTemplateHeader(cells: readonly string[]): boolean {
  const key = (text: string) => text.replace(/^\uFEFF/, "").trim().replace(/\s+/g, " ").toLowerCase();
  const given = cells.map(key);
  while (given.length > PURCHASE_ORDER_IMPORT_COLUMNS.length && given[given.length - 1] === "") given.pop();
  return given.length === PURCHASE_ORDER_IMPORT_COLUMNS.length && PURCHASE_ORDER_IMPORT_COLUMNS.every((column, i) => given[i] === key(column));
}

/** A row with nothing in it (skipped, not counted). */
export const isBlankCells = (cells: readonly string[]) => cells.every((value) => value.trim() === "");

/**
 * Duplicate order numbers within one file: the first line of each key counts; a later one gets the first's line.
 * Keeps one entry per distinct key for the whole file (a few dozen bytes each).
 */
export function createOrderNumberTracker(): (key: string, line: number) => number | null {
  const seen = new Map<string, number>();
  return (key, line) => {
    const first = seen.get(key);
    if (first !== undefined) return first;
    seen.set(key, line);
    return null;
  };
}
