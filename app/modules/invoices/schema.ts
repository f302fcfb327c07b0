/**
 * Inputs of the invoices module (spec p2 §5, p3 §5): zod schemas carrying the spec's messages verbatim (typos kept).
 *
 * Form values arrive as strings (FormData), JSON or CLI options; every schema accepts strings or numbers and
 * reports all of a form's errors at once. Dates relative to "today" come from a factory that is given today
 * (YYYY-MM-DD in the company's time zone, decisions D1): a schema never reads the server clock.
 */
import { z } from "zod";
import { parseInputDate, addMonths, addDays } from "../../lib/dates";
import { parseDecimalToCents, roundHalfUpDivide, type Cents } from "../../lib/money";
import { EMAIL_PATTERN } from "../auth/schema";

export type InvoiceKind = "INVOICE" | "BILL";
export const INVOICE_KINDS = ["INVOICE", "BILL"] as const satisfies readonly InvoiceKind[];

// Add invoice/bill modal (p2 §5).
export const SELECT_COMPANY = "Please select company";
export const TYPE_COMPANY_NAME = "Please type company name";
export const BILL_WITHOUT_COMPANY = "Cannot create bill without company";
export const INVOICE_WITHOUT_COMPANY = "Cannot create invoice without company";
export const FIELD_REQUIRED = "This field is required *";
export const PAST_DUE_DATE = "Cannot add invoice with past due date";
export const CURRENT_DUE_DATE = "Cannot add invoice with current due date";
export const FUTURE_ISSUE_DATE = "Cannot add invoice with future issue date";
export const AMOUNT_BELOW_ONE = "Amount cannot be less than $1";
export const AMOUNT_NOT_BELOW_PO_LIMIT = "Amount should be less than $5000";
// Create Invoice / Create Bill screens (p3 §5).
export const SELECT_YOUR_COMPANY = "Please select your company";
export const PAST_DATE = "Cannot add invoice with past date.";
export const CURRENT_DATE = "Cannot add invoice with current date.";
// Credit notes (p2 §5).
export const CREDIT_NOTE_INCOMPLETE = "Cannot create credit note without company and/or without amount";
export const AMOUNT_NOT_ABOVE_ZERO = "Amount should be greater than 0";
export const SUPPLIER_REFERENCE_INVALID = 'Allowed special charaters are "-" and "_"';
// Contact email and invite (p2 §5).
export const CONTACT_EMAIL_INVALID = "Enter valid email address";
export const INVITE_EMAIL_REQUIRED = "Email is required";
export const INVITE_EMAIL_INVALID = "Email is not in valid format";
// Bulk delete (p2 §5).
export const INVOICE_IDS_NEEDED = "List of invoice ids needed";
export const INVOICE_TYPE_NEEDED = "Invoice type needed";
export const INVOICE_TYPE_INVALID = "Invalid invoice type";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const DATE_INVALID = "Please enter a valid date (DD/MM/YYYY)";
export const NUMBER_INVALID = "Please enter a number of 0 or more";
export const AMOUNT_INVALID = "Please enter an amount with at most 2 decimals";
export const AMOUNT_TOO_LARGE = "Amount is too large";
/** Issue 13 part 10: a number is a reference, not a document (a 100,000-character one bloated every page and a cookie). */
export const RECORD_NUMBER_MAX = 255;
export const NUMBER_TOO_LONG = `Please enter at most ${RECORD_NUMBER_MAX} characters`;
export const NUMBER_CONTROL_CHARACTER = "Please remove the control characters (such as tabs or line breaks) from this number";

/** Bills and credit notes: at least $1; under $5000 when a purchase order is required (p2 §5, §9). */
export const MIN_AMOUNT_CENTS = 100;
export const PO_REQUIRED_LIMIT_CENTS = 500_000;
export const GST_PERCENT = 15n;
export const SUPPLIER_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{0,20}$/;
/** The create screens start with this many empty items (p3 §5). */
export const INITIAL_ITEM_COUNT = 5;
export const UNIT_TYPES = ["HOURS", "QUANTITY"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
const MAX_CENTS = 99_999_999_999_99; // NUMERIC(14,2)

// ---------------------------------------------------------------------------------------------------------------
// Reading loose form values.

/** A form value as trimmed text: strings and numbers; anything else (absent, null, objects) is empty. */
export function formText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** A checkbox: true for true, "on", "true" or "1". */
export function formFlag(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1";
}

/** "$1,234.56" | "1234.5" | 12.5 -> cents; null when not an amount with at most 2 decimals. Sign allowed. */
export function parseMoneyInput(value: unknown): Cents | null {
  const text = formText(value).replace(/^(-?)\s*\$\s*/, "$1").replace(/,/g, "");
  if (!/^-?(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/.test(text)) return null;
  try {
    return parseDecimalToCents(text.replace(/^(-?)\./, "$10."));
  } catch {
    return null;
  }
}

/** A positive integer id from a form or JSON; null otherwise. */
export function parseId(value: unknown): number | null {
  const text = formText(value);
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function assertToday(today: string): void {
  if (!ISO_DAY.test(today) || parseInputDate(today) !== today) throw new RangeError(`today must be YYYY-MM-DD: ${today}`);
}

/** DD/MM/YYYY (the screens' format) or YYYY-MM-DD (a date input) -> YYYY-MM-DD, or null. */
export function parseFormDate(value: unknown): string | null {
  return parseInputDate(formText(value)) || null;
}

const looseObject = <T extends string>(keys: readonly T[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.unknown()])) as Record<T, z.ZodUnknown>);

// ---------------------------------------------------------------------------------------------------------------
// Items and totals (Create Invoice / Create Bill, p3 §5).

export interface ItemForTotals {
  /** Units as a plain decimal string ("1.5"); "" counts as 0. */
  units: string;
  unitPrice: Cents;
}

export interface Totals {
  /** Amount of each item, in input order. */
  amounts: Cents[];
  subTotal: Cents;
  gst: Cents;
  total: Cents;
}

function decimalToScaled(text: string): { scaled: bigint; scale: bigint } {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === "" && !match[2])) {
    if (text.trim() === "") return { scaled: 0n, scale: 1n };
    throw new RangeError(`Not a non-negative decimal: ${text}`);
  }
  const fraction = match[2] ?? "";
  return { scaled: BigInt(`${match[1] || "0"}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

function toCents(value: bigint): Cents {
  if (value > BigInt(MAX_CENTS)) throw new RangeError(`Amount out of range: ${value}`);
  return Number(value) as Cents;
}

/**
 * amount = units × unit price, rounded half-up to the cent; sub-total = sum of amounts; GST = 15% of the
 * sub-total, rounded half-up; total = sub-total + GST. All in bigint, no floating point (decisions D1).
 * Throws RangeError on a negative or malformed input or a total beyond NUMERIC(14,2).
 */
export function computeTotals(items: readonly ItemForTotals[]): Totals {
  let subTotal = 0n;
  const amounts: Cents[] = [];
  for (const item of items) {
    if (!Number.isSafeInteger(item.unitPrice) || item.unitPrice < 0) throw new RangeError(`Unit price must be whole cents >= 0: ${item.unitPrice}`);
    const { scaled, scale } = decimalToScaled(item.units);
    const amount = roundHalfUpDivide(scaled * BigInt(item.unitPrice), scale);
    amounts.push(toCents(amount));
    subTotal += amount;
  }
  const gst = roundHalfUpDivide(subTotal * GST_PERCENT, 100n);
  return { amounts, subTotal: toCents(subTotal), gst: toCents(gst), total: toCents(subTotal + gst) };
}

export interface ItemOutput {
  /** 1..10000, random per item on the client (p2 §3); the server keeps what it is given or numbers them. */
  itemNumber: number | null;
  description: string | null;
  /** Decimal string with at most 2 places (NUMERIC(12,2)). */
  units: string;
  unitType: UnitType | null;
  unitPrice: Cents;
  amount: Cents;
}

const UNITS_PATTERN = /^\d{1,10}(?:\.\d{1,2})?$/;

// ---------------------------------------------------------------------------------------------------------------
// Dates and due-date defaults.

export interface PaymentTermLike {
  frequency: "MONTHLY" | "WEEKLY";
  /** Day of month 1-31 (MONTHLY). */
  date: number | null;
  /** SUNDAY..SATURDAY (WEEKLY). */
  dayOfWeek: string | null;
}

const WEEKDAYS_FROM_MONDAY = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
/** A bill with no payment term is due on the 20th of next month (p2 §5). */
export const DEFAULT_BILL_DAY_OF_MONTH = 20;

function dayOfMonthNextMonth(today: string, day: number): string {
  const firstOfNext = addMonths(`${today.slice(0, 7)}-01`, 1);
  const [y, m] = firstOfNext.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${firstOfNext.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/**
 * The due date a new invoice or bill starts with (p2 §5, p3 §5):
 * - invoices: one month ahead (31 Jan -> 28/29 Feb);
 * - bills with the counterparty's MONTHLY term: that day of next month, clamped to the month's length
 *   (31 -> 30 Apr, 28/29 Feb);
 * - bills with a WEEKLY term: that weekday of next week, weeks running Monday to Sunday (p3 §9 "weekdays Monday
 *   to Sunday"), so always 1 to 13 days ahead;
 * - bills without a (usable) term: the 20th of next month.
 * `today` is YYYY-MM-DD in the company's time zone.
 */
export function defaultDueDate(today: string, paymentTerm: PaymentTermLike | null, kind: InvoiceKind = "BILL"): string {
  assertToday(today);
  if (kind === "INVOICE") return addMonths(today, 1);
  if (paymentTerm?.frequency === "WEEKLY" && paymentTerm.dayOfWeek) {
    const target = WEEKDAYS_FROM_MONDAY.indexOf(paymentTerm.dayOfWeek.toUpperCase());
    if (target >= 0) {
      const todayIndex = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
      return addDays(today, 7 - todayIndex + target);
    }
  }
  if (paymentTerm?.frequency === "MONTHLY" && paymentTerm.date !== null && Number.isInteger(paymentTerm.date) && paymentTerm.date >= 1 && paymentTerm.date <= 31) {
    return dayOfMonthNextMonth(today, paymentTerm.date);
  }
  return dayOfMonthNextMonth(today, DEFAULT_BILL_DAY_OF_MONTH);
}

// ---------------------------------------------------------------------------------------------------------------
// Add invoice/bill modal (p2 §5).

export interface AddInvoiceContext {
  kind: InvoiceKind;
  /** YYYY-MM-DD in the company's time zone. */
  today: string;
  /** AU users type the counterparty's name; NZ users select a company. */
  country?: "NZ" | "AU";
}

type Issue = { path: (string | number)[]; message: string };

/**
 * "When creating in Xero, a purchase order number is required unless 'PO not required' is ticked", and "when a PO
 * is required the amount must be below 5000": a PO is required exactly when a bill is created in Xero without
 * the tick.
 */
export function isPurchaseOrderRequired(kind: InvoiceKind, createInXero: boolean, poNotRequired: boolean): boolean {
  return kind === "BILL" && createInXero && !poNotRequired;
}

function checkDueDate(value: unknown, today: string, wording: "modal" | "screen", issues: Issue[]): string | null {
  const text = formText(value);
  if (!text) {
    issues.push({ path: ["dueDate"], message: FIELD_REQUIRED });
    return null;
  }
  const date = parseFormDate(text);
  if (!date) issues.push({ path: ["dueDate"], message: DATE_INVALID });
  else if (date < today) issues.push({ path: ["dueDate"], message: wording === "modal" ? PAST_DUE_DATE : PAST_DATE });
  else if (date === today) issues.push({ path: ["dueDate"], message: wording === "modal" ? CURRENT_DUE_DATE : CURRENT_DATE });
  return date;
}

function checkIssueDate(value: unknown, today: string, required: boolean, issues: Issue[]): string | null {
  const text = formText(value);
  if (!text) {
    if (required) issues.push({ path: ["issueDate"], message: FIELD_REQUIRED });
    return null;
  }
  const date = parseFormDate(text);
  if (!date) issues.push({ path: ["issueDate"], message: DATE_INVALID });
  else if (date > today) issues.push({ path: ["issueDate"], message: FUTURE_ISSUE_DATE });
  return date;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The problem with an invoice, bill, order or credit-note number, or null: at most 255 characters, no control characters. */
export function recordNumberProblem(text: string): string | null {
  if (text.length > RECORD_NUMBER_MAX) return NUMBER_TOO_LONG;
  if (CONTROL_CHARACTER.test(text)) return NUMBER_CONTROL_CHARACTER;
  return null;
}

/** A record's number (invoice, bill, credit note): required, at most 255 characters, no control characters. */
function checkRecordNumber(value: unknown, path: string, issues: Issue[]): string {
  const text = formText(value);
  const problem = text ? recordNumberProblem(text) : FIELD_REQUIRED;
  if (problem) issues.push({ path: [path], message: problem });
  return text;
}

/** An order number: optional (required when a PO is), with the same limits as the record's number. */
function checkOrderNumber(value: unknown, required: boolean, issues: Issue[]): string | null {
  const text = formText(value);
  const problem = text ? recordNumberProblem(text) : required ? FIELD_REQUIRED : null;
  if (problem) issues.push({ path: ["orderNumber"], message: problem });
  return text || null;
}

function checkAmount(value: unknown, poRequired: boolean, issues: Issue[], path = "amount"): Cents | null {
  const text = formText(value);
  if (!text) {
    issues.push({ path: [path], message: FIELD_REQUIRED });
    return null;
  }
  const cents = parseMoneyInput(text);
  if (cents === null) issues.push({ path: [path], message: AMOUNT_INVALID });
  else if (cents < MIN_AMOUNT_CENTS) issues.push({ path: [path], message: AMOUNT_BELOW_ONE });
  else if (poRequired && cents >= PO_REQUIRED_LIMIT_CENTS) issues.push({ path: [path], message: AMOUNT_NOT_BELOW_PO_LIMIT });
  return cents;
}

function report(ctx: z.RefinementCtx, issues: Issue[]): boolean {
  for (const issue of issues) ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message });
  return issues.length > 0;
}

const ADD_INVOICE_KEYS = ["counterpartyId", "counterpartyName", "invoiceNumber", "dueDate", "issueDate", "amount", "orderNumber", "createInXero", "poNotRequired"] as const;

/** The modal's fields, validated; the confirm view shows them and the submit sends them. */
export function addInvoiceSchema({ kind, today, country = "NZ" }: AddInvoiceContext) {
  assertToday(today);
  return looseObject(ADD_INVOICE_KEYS).transform((input, ctx) => {
    const issues: Issue[] = [];
    const counterpartyId = parseId(input.counterpartyId);
    const counterpartyName = formText(input.counterpartyName).replace(/\s+/g, " ");
    if (country === "AU" ? !counterpartyName : counterpartyId === null) {
      issues.push(country === "AU" ? { path: ["counterpartyName"], message: TYPE_COMPANY_NAME } : { path: ["counterpartyId"], message: SELECT_COMPANY });
    }
    const invoiceNumber = checkRecordNumber(input.invoiceNumber, "invoiceNumber", issues);
    const dueDate = checkDueDate(input.dueDate, today, "modal", issues);
    const issueDate = checkIssueDate(input.issueDate, today, kind === "BILL", issues);
    const createInXero = kind === "BILL" && formFlag(input.createInXero);
    const poNotRequired = formFlag(input.poNotRequired);
    const poRequired = isPurchaseOrderRequired(kind, createInXero, poNotRequired);
    const amount = checkAmount(input.amount, poRequired, issues);
    const orderNumber = checkOrderNumber(input.orderNumber, poRequired, issues);
    if (report(ctx, issues)) return z.NEVER;
    return {
      kind,
      counterpartyId,
      counterpartyName: counterpartyName || null,
      invoiceNumber,
      dueDate: dueDate as string,
      issueDate,
      total: amount as Cents,
      orderNumber,
      createInXero,
      poNotRequired,
    };
  });
}

/**
 * The create command as the service receives it (modal, screens, CLI): a record cannot be created without its
 * counterparty, either an id or (AU, or a company not yet on the platform) a name.
 */
export function counterpartyPresenceSchema(kind: InvoiceKind) {
  const message = kind === "BILL" ? BILL_WITHOUT_COMPANY : INVOICE_WITHOUT_COMPANY;
  return looseObject(["counterpartyId", "counterpartyName"] as const).transform((input, ctx) => {
    const counterpartyId = parseId(input.counterpartyId);
    const counterpartyName = formText(input.counterpartyName) || null;
    if (counterpartyId === null && counterpartyName === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["counterpartyId"], message });
      return z.NEVER;
    }
    return { counterpartyId, counterpartyName };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Create Invoice / Create Bill screens (p3 §5, p2 §5 "Create screens").

type ItemKey = "itemNumber" | "description" | "units" | "unitType" | "unitPrice";
const CREATE_KEYS = ["counterpartyId", "invoiceNumber", "dueDate", "issueDate", "orderNumber", "createInXero", "poNotRequired", "items"] as const;

function parseItems(value: unknown, issues: Issue[]): ItemOutput[] | null {
  const rows = Array.isArray(value) ? value : [];
  const items: ItemOutput[] = [];
  let valid = true;
  rows.forEach((row: unknown, index) => {
    const record = (row && typeof row === "object" ? row : {}) as Partial<Record<ItemKey, unknown>>;
    const description = formText(record.description);
    const unitsText = formText(record.units);
    const priceText = formText(record.unitPrice);
    const unitTypeText = formText(record.unitType).toUpperCase();
    // The form starts with 5 empty items: an untouched item is not an item.
    if (!description && !unitsText && !priceText) return;
    if (unitsText && !UNITS_PATTERN.test(unitsText)) {
      issues.push({ path: ["items", index, "units"], message: NUMBER_INVALID });
      valid = false;
    }
    const unitPrice = priceText ? parseMoneyInput(priceText) : 0;
    if (unitPrice === null || unitPrice < 0) {
      issues.push({ path: ["items", index, "unitPrice"], message: NUMBER_INVALID });
      valid = false;
    }
    const itemNumber = parseId(record.itemNumber);
    items.push({
      itemNumber: itemNumber !== null && itemNumber <= 10_000 ? itemNumber : null,
      description: description || null,
      units: unitsText || "0",
      unitType: (UNIT_TYPES as readonly string[]).includes(unitTypeText) ? (unitTypeText as UnitType) : null,
      unitPrice: (unitPrice ?? 0) as Cents,
      amount: 0 as Cents,
    });
  });
  return valid ? items : null;
}

/**
 * The Create Invoice / Create Bill screens. Items: units and unit price numeric, minimum 0; amounts and totals are
 * computed here (computeTotals), never taken from the client. The total must be at least $1 (p2 §9 "bills ...
 * minimum 1"; an invoice of $0 has nothing to pay early either).
 */
export function createInvoiceScreenSchema({ kind, today }: { kind: InvoiceKind; today: string }) {
  assertToday(today);
  return looseObject(CREATE_KEYS).transform((input, ctx) => {
    const issues: Issue[] = [];
    const counterpartyId = parseId(input.counterpartyId);
    if (counterpartyId === null) issues.push({ path: ["counterpartyId"], message: SELECT_YOUR_COMPANY });
    const invoiceNumber = checkRecordNumber(input.invoiceNumber, "invoiceNumber", issues);
    const dueDate = checkDueDate(input.dueDate, today, "screen", issues);
    const issueDate = checkIssueDate(input.issueDate, today, false, issues);
    const createInXero = kind === "BILL" && formFlag(input.createInXero);
    const poNotRequired = formFlag(input.poNotRequired);
    const poRequired = isPurchaseOrderRequired(kind, createInXero, poNotRequired);
    const orderNumber = checkOrderNumber(input.orderNumber, poRequired, issues);
    const items = parseItems(input.items, issues);
    let totals: Totals | null = null;
    if (items) {
      try {
        totals = computeTotals(items);
      } catch {
        issues.push({ path: ["total"], message: AMOUNT_TOO_LARGE });
      }
    }
    if (totals) {
      if (totals.total < MIN_AMOUNT_CENTS) issues.push({ path: ["total"], message: AMOUNT_BELOW_ONE });
      else if (poRequired && totals.total >= PO_REQUIRED_LIMIT_CENTS) issues.push({ path: ["total"], message: AMOUNT_NOT_BELOW_PO_LIMIT });
    }
    if (report(ctx, issues) || !items || !totals) return z.NEVER;
    const computed = totals;
    return {
      kind,
      counterpartyId: counterpartyId as number,
      invoiceNumber,
      dueDate: dueDate as string,
      issueDate,
      orderNumber,
      createInXero,
      poNotRequired,
      items: items.map((item, index) => ({ ...item, amount: computed.amounts[index] })),
      subTotal: computed.subTotal,
      gst: computed.gst,
      total: computed.total,
    };
  });
}

/** Confirm is disabled while there is no company, no date, or a date error (p3 §5). */
export function canConfirmCreateScreen(values: { counterpartyId: unknown; dueDate: unknown }, today: string): boolean {
  if (parseId(values.counterpartyId) === null) return false;
  const date = parseFormDate(values.dueDate);
  return date !== null && date > today;
}

// ---------------------------------------------------------------------------------------------------------------
// Credit notes (p2 §5).

/** Create: a company (id or name) and an amount of at least $1 (p2 §9 "credit notes minimum 1"). */
export function createCreditNoteSchema({ today }: { today: string }) {
  assertToday(today);
  return looseObject(["counterpartyId", "counterpartyName", "creditNumber", "issueDate", "total"] as const).transform((input, ctx) => {
    const issues: Issue[] = [];
    const counterpartyId = parseId(input.counterpartyId);
    const counterpartyName = formText(input.counterpartyName).replace(/\s+/g, " ") || null;
    const totalText = formText(input.total);
    if ((counterpartyId === null && counterpartyName === null) || !totalText) issues.push({ path: [], message: CREDIT_NOTE_INCOMPLETE });
    const creditNumber = checkRecordNumber(input.creditNumber, "creditNumber", issues);
    const issueDate = checkIssueDate(input.issueDate, today, false, issues);
    const total = totalText ? checkAmount(totalText, false, issues, "total") : null;
    if (report(ctx, issues)) return z.NEVER;
    return { counterpartyId, counterpartyName, creditNumber, issueDate, total: total as Cents };
  });
}

/** Credit note total on edit: above 0, two decimals. */
export const CreditNoteTotalSchema = z.unknown().transform((value, ctx) => {
  const cents = parseMoneyInput(value);
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_NOT_ABOVE_ZERO });
    return z.NEVER;
  }
  return cents;
});

/** Supplier reference: at most 20 of letters, digits, "-" and "_" (empty clears it). */
export const SupplierReferenceSchema = z.unknown().transform((value, ctx) => {
  const text = typeof value === "string" ? value.trim() : value == null ? "" : null;
  if (text === null || !SUPPLIER_REFERENCE_PATTERN.test(text)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SUPPLIER_REFERENCE_INVALID });
    return z.NEVER;
  }
  return text || null;
});

const ModificationTimeSchema = z.string({ required_error: "modificationTime is required" }).trim().min(1, "modificationTime is required");

/** PATCH /credit-note/{id}: one field, with the modificationTime read with the note (optimistic concurrency). */
export const CreditNoteEditSchema = z.discriminatedUnion("path", [
  z.object({ path: z.literal("/total"), value: CreditNoteTotalSchema, modificationTime: ModificationTimeSchema }),
  z.object({ path: z.literal("/supplier_reference"), value: SupplierReferenceSchema, modificationTime: ModificationTimeSchema }),
]);

// ---------------------------------------------------------------------------------------------------------------
// Contact email, invite, bulk delete (p2 §5).

export const ContactEmailSchema = z.object({
  contactEmail: z
    .unknown()
    .transform((value) => formText(value))
    .pipe(z.string().regex(EMAIL_PATTERN, CONTACT_EMAIL_INVALID))
    .transform((value) => value.toLowerCase()),
});

/** Confirm is disabled if the email is unchanged or empty (p2 §5). */
export function canConfirmContactEmail(current: string | null | undefined, next: string): boolean {
  const value = next.trim();
  return value !== "" && value.toLowerCase() !== (current ?? "").trim().toLowerCase();
}

export const InviteSchema = z.object({
  email: z.unknown().transform((value, ctx) => {
    const email = formText(value);
    // One message at a time: an empty address is missing, not malformed.
    const message = !email ? INVITE_EMAIL_REQUIRED : EMAIL_PATTERN.test(email) ? null : INVITE_EMAIL_INVALID;
    if (message) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return email.toLowerCase();
  }),
  note: z
    .unknown()
    .transform((value) => formText(value) || null),
});

/** DELETE /invoice/batch {invoiceIds, type}. Ids may come as an array or a comma list; repeats are dropped. */
export const BulkDeleteSchema = z.object({ invoiceIds: z.unknown(), type: z.unknown() }).transform((input, ctx) => {
  const issues: Issue[] = [];
  const list = Array.isArray(input.invoiceIds) ? input.invoiceIds : typeof input.invoiceIds === "string" && input.invoiceIds.trim() ? input.invoiceIds.split(",") : [];
  const ids = list.map(parseId);
  if (ids.length === 0 || ids.includes(null)) issues.push({ path: ["invoiceIds"], message: INVOICE_IDS_NEEDED });
  const type = formText(input.type);
  if (!type) issues.push({ path: ["type"], message: INVOICE_TYPE_NEEDED });
  else if (!(INVOICE_KINDS as readonly string[]).includes(type)) issues.push({ path: ["type"], message: INVOICE_TYPE_INVALID });
  if (report(ctx, issues)) return z.NEVER;
  return { invoiceIds: [...new Set(ids as number[])], type: type as InvoiceKind };
});
