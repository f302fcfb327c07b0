/**
 * Sync in (issue 18 part 4, docs/decisions/057): the pure rules that turn Xero's and MYOB's records into Earlybird's,
 * with no I/O. The database side (records.server.ts) and the runs (xero-sync / myob-sync) apply them.
 *
 * - Amounts: the providers send decimal dollars as JSON numbers; they become integer cents through their decimal text
 *   (never `x * 100`, which drifts: 1.005 * 100 = 100.49999...), rounded half-up at the cent.
 * - Statuses: Xero AUTHORISED is an open bill, PAID a bill paid outside Earlybird, VOIDED / DELETED void the bill,
 *   DRAFT / SUBMITTED are not bills yet (skipped). MYOB Open / Closed (paid); a Debit is a supplier debit, not a bill.
 * - Contacts: matched to an Earlybird company by NZBN/ABN, then GST number, then normalised name.
 */
import type { Cents } from "../../../lib/money";
import type { MyobAccount, MyobBill, MyobContact, MyobInvoice } from "../myob/types";
import type { XeroAccount, XeroContact, XeroInvoice, XeroPurchaseOrder } from "../xero/types";
import { isEarlybirdAdjustment } from "../push/rules";

export type SyncProvider = "XERO" | "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT";
export const SYNC_KINDS = ["contacts", "bills", "invoices", "accounts", "purchaseOrders", "agedPayables"] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export interface KindCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}
export type SyncCounts = Record<SyncKind, KindCounts>;

export const emptyCounts = (): SyncCounts =>
  Object.fromEntries(SYNC_KINDS.map((kind) => [kind, { created: 0, updated: 0, skipped: 0, failed: 0 }])) as SyncCounts;

/** Xero's page size for Invoices, Contacts and PurchaseOrders (fixed by Xero). */
export const XERO_PAGE_SIZE = 100;
/** MYOB's $top: the largest page MYOB serves is 1,000; 400 keeps a page's write short. */
export const MYOB_PAGE_SIZE = 400;

// ---- Money ---------------------------------------------------------------------------------------------------------

/**
 * A provider's decimal amount (a JSON number such as 1234.56, or its text) → integer cents, exactly: the number's
 * shortest decimal text is read digit by digit and rounded half-up at the cent (away from zero for negatives).
 */
export function decimalToCents(value: number | string): Cents {
  let text = typeof value === "number" ? numberText(value) : value.trim().replace(/,/g, "");
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith("+")) text = text.slice(1);
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === "" && (match[2] ?? "") === "")) throw new RangeError(`Not an amount: ${String(value)}`);
  const whole = match[1] || "0";
  const fraction = match[2] ?? "";
  let cents = BigInt(whole) * 100n + BigInt((fraction.slice(0, 2) || "0").padEnd(2, "0"));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) cents += 1n;
  const result = Number(cents);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount out of range: ${String(value)}`);
  return (negative && result !== 0 ? -result : result) as Cents;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent form (1e-7, 1e21): toFixed(20) is exact enough for the cent digits of anything that small or large.
  return value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

// ---- Dates ---------------------------------------------------------------------------------------------------------

/** Xero's JSON date "/Date(1730419200000+0000)/" → a Date. null when it is not one. */
export function parseXeroTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(value);
  if (match) return new Date(Number(match[1]));
  const parsed = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * A provider's calendar date → "YYYY-MM-DD". Xero: the date string when sent ("2026-11-01T00:00:00"), else the
 * "/Date(ms)/" value, which is midnight UTC of the day; MYOB: "2026-11-01T00:00:00".
 */
export function providerDate(value: string | null | undefined, dateString?: string | null): string | null {
  const plain = /^(\d{4}-\d{2}-\d{2})/.exec(dateString ?? "") ?? /^(\d{4}-\d{2}-\d{2})/.exec(value ?? "");
  if (plain) return plain[1];
  const stamp = parseXeroTimestamp(value);
  return stamp ? stamp.toISOString().slice(0, 10) : null;
}

/** The If-Modified-Since header value for a cursor: HTTP date form is what Xero documents; ISO is accepted too. */
export const ifModifiedSince = (since: Date) => since.toISOString().slice(0, 19);

/** MYOB's OData filter for records changed after a cursor. */
export function myobModifiedFilter(since: Date | null): string | undefined {
  if (!since) return undefined;
  return `LastModified gt datetime'${since.toISOString().slice(0, 19)}'`;
}

// ---- Contacts → counterparties ---------------------------------------------------------------------------------------

/** Digits only: NZBN (13), ABN (11), GST numbers are compared without spaces or dashes. */
export const digitsOnly = (value: string | null | undefined) => (value ?? "").replace(/\D/g, "");

/** A GST number as counterparties keep it: 9 digits, an 8-digit number with a leading 0 (p3 §3). */
export function normaliseGstNumber(value: string | null | undefined): string | null {
  const digits = digitsOnly(value);
  if (digits.length === 8) return `0${digits}`;
  return digits.length > 0 ? digits : null;
}

/** A business number (NZBN 13 digits, ABN 11) or null. */
export function normaliseBusinessNumber(value: string | null | undefined): string | null {
  const digits = digitsOnly(value);
  return digits.length === 11 || digits.length === 13 ? digits : null;
}

/**
 * A company name for matching: case, punctuation and spacing ignored, "&" is "and", the legal suffixes written one way
 * ("Limited" = "Ltd", "Proprietary" = "Pty", "Company" = "Co"). "Rimu Grocers Limited." → "rimu grocers ltd".
 */
export function normaliseCompanyName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\blimited\b/g, "ltd")
    .replace(/\bproprietary\b/g, "pty")
    .replace(/\bcompany\b/g, "co")
    .replace(/\s+/g, " ")
    .trim();
}

/** What a provider says about a contact, in one shape. */
export interface ContactKeys {
  externalId: string;
  name: string;
  businessNumber: string | null;
  gstNumber: string | null;
  email: string | null;
  isSupplier: boolean;
  isCustomer: boolean;
  active: boolean;
}

export function xeroContactKeys(contact: XeroContact): ContactKeys {
  return {
    externalId: contact.ContactID,
    name: contact.Name.trim().replace(/\s+/g, " "),
    businessNumber: normaliseBusinessNumber(contact.CompanyNumber),
    gstNumber: normaliseGstNumber(contact.TaxNumber),
    email: contact.EmailAddress?.trim().toLowerCase() || null,
    isSupplier: contact.IsSupplier,
    isCustomer: contact.IsCustomer,
    active: contact.ContactStatus === "ACTIVE",
  };
}

export function myobContactKeys(contact: MyobContact, role: "SUPPLIER" | "CUSTOMER"): ContactKeys {
  const email = contact.Addresses?.find((address) => address.Email)?.Email ?? null;
  return {
    externalId: contact.UID,
    name: contact.CompanyName.trim().replace(/\s+/g, " "),
    businessNumber: normaliseBusinessNumber(contact.ABN),
    gstNumber: normaliseGstNumber(contact.GSTNumber),
    email: email?.trim().toLowerCase() || null,
    isSupplier: role === "SUPPLIER",
    isCustomer: role === "CUSTOMER",
    active: contact.IsActive,
  };
}

/** An Earlybird company that a contact may be: its numbers, name, and whether it is already the company's counterparty. */
export interface CompanyCandidate {
  companyId: number;
  name: string;
  /** NZBN or ABN of the company (companies.nzbn / business_number), digits only. */
  businessNumbers: string[];
  /** GST numbers counterparty rows hold for it. */
  gstNumbers: string[];
  /** The syncing company already has it as a counterparty. */
  isCounterparty: boolean;
  /** The counterparty row's external_account_id, when it has one. */
  externalAccountId: string | null;
  status: "INACTIVE" | "INVITED" | "PENDING" | "ACTIVE";
}

export type ContactMatch = { companyId: number; by: "EXTERNAL_ID" | "BUSINESS_NUMBER" | "GST" | "NAME" };

/**
 * The Earlybird company a contact is, in the issue's order: the counterparty that already carries the contact's id,
 * then the NZBN/ABN, then the GST number, then the normalised name. Among several candidates at one step the
 * company's own counterparty comes first, then a registered (not INACTIVE) company, then the oldest.
 */
export function matchContact(contact: ContactKeys, candidates: readonly CompanyCandidate[]): ContactMatch | null {
  const best = (list: CompanyCandidate[]) =>
    [...list].sort(
      (a, b) =>
        Number(b.isCounterparty) - Number(a.isCounterparty) ||
        Number(b.status !== "INACTIVE") - Number(a.status !== "INACTIVE") ||
        a.companyId - b.companyId
    )[0];
  const byId = candidates.filter((candidate) => candidate.isCounterparty && candidate.externalAccountId === contact.externalId);
  if (byId.length > 0) return { companyId: best(byId).companyId, by: "EXTERNAL_ID" };
  if (contact.businessNumber) {
    const found = candidates.filter((candidate) => candidate.businessNumbers.includes(contact.businessNumber as string));
    if (found.length > 0) return { companyId: best(found).companyId, by: "BUSINESS_NUMBER" };
  }
  if (contact.gstNumber) {
    const found = candidates.filter((candidate) => candidate.gstNumbers.includes(contact.gstNumber as string));
    if (found.length > 0) return { companyId: best(found).companyId, by: "GST" };
  }
  const key = normaliseCompanyName(contact.name);
  if (key) {
    const found = candidates.filter((candidate) => normaliseCompanyName(candidate.name) === key);
    if (found.length > 0) return { companyId: best(found).companyId, by: "NAME" };
  }
  return null;
}

// ---- Invoices and bills ------------------------------------------------------------------------------------------------

/** What a record from the books does to Earlybird's copy. */
export type RecordAction =
  | { action: "UPSERT"; paid: boolean }
  | { action: "VOID"; reason: string }
  | { action: "SKIP"; reason: string };

export function xeroInvoiceAction(status: XeroInvoice["Status"]): RecordAction {
  switch (status) {
    case "AUTHORISED":
      return { action: "UPSERT", paid: false };
    case "PAID":
      return { action: "UPSERT", paid: true };
    case "VOIDED":
    case "DELETED":
      return { action: "VOID", reason: `${status} in Xero` };
    case "DRAFT":
    case "SUBMITTED":
      return { action: "SKIP", reason: `${status} in Xero: not approved yet` };
    default:
      return { action: "SKIP", reason: `Unknown status ${String(status)}` };
  }
}

export function myobRecordAction(status: MyobBill["Status"] | MyobInvoice["Status"]): RecordAction {
  switch (status) {
    case "Open":
      return { action: "UPSERT", paid: false };
    case "Closed":
      return { action: "UPSERT", paid: true };
    case "Debit":
    case "Credit":
      return { action: "SKIP", reason: `${status} in MYOB: a ${status === "Debit" ? "supplier debit" : "customer credit"}, not a bill or invoice` };
    default:
      return { action: "SKIP", reason: `Unknown status ${String(status)}` };
  }
}

/** An Earlybird bill or invoice's fields from the books, in cents and calendar dates. */
export interface RecordFields {
  externalId: string;
  type: "BILL" | "INVOICE";
  contactId: string;
  contactName: string;
  invoiceNumber: string;
  orderNumber: string | null;
  issueDate: string | null;
  dueDate: string;
  currency: string;
  subTotal: Cents | null;
  gst: Cents | null;
  total: Cents;
  /** The provider's last change: the cursor moves to the newest one seen. */
  modifiedAt: Date | null;
  rowVersion: string | null;
}

export type Mapped = { ok: true; action: RecordAction; fields: RecordFields } | { ok: false; type: "BILL" | "INVOICE"; externalId: string; number: string; reason: string };

const NUMBER_MAX = 50;

function checkFields(fields: RecordFields, action: RecordAction): Mapped {
  if (!fields.invoiceNumber) return { ok: false, type: fields.type, externalId: fields.externalId, number: "", reason: "The record has no number" };
  if (fields.invoiceNumber.length > NUMBER_MAX)
    return { ok: false, type: fields.type, externalId: fields.externalId, number: fields.invoiceNumber, reason: `The number is longer than ${NUMBER_MAX} characters` };
  if (action.action === "UPSERT" && fields.total <= 0)
    return { ok: false, type: fields.type, externalId: fields.externalId, number: fields.invoiceNumber, reason: "The total is not above 0 (a credit is not a bill)" };
  return { ok: true, action, fields };
}

/**
 * An open record already partly paid (or credited) in the books: Earlybird holds what is still due, so an early
 * payment never pays the part already paid and the payables match the books; its sub-total and GST, which no longer
 * add up to it, are left out.
 */
function partPaid(action: RecordAction, amounts: { subTotal: Cents; gst: Cents; total: Cents }, due: Cents): { subTotal: Cents | null; gst: Cents | null; total: Cents } {
  if (action.action !== "UPSERT" || action.paid || due >= amounts.total || due <= 0) return amounts;
  return { subTotal: null, gst: null, total: due };
}

export function mapXeroInvoice(invoice: XeroInvoice): Mapped {
  // The fee bills and cashback invoices sync out writes (decision 058) are Earlybird's own records, not trade.
  const action: RecordAction = isEarlybirdAdjustment({ contactName: invoice.Contact.Name, reference: invoice.Reference })
    ? { action: "SKIP", reason: "Earlybird's own fee or cashback record" }
    : xeroInvoiceAction(invoice.Status);
  const issueDate = providerDate(invoice.Date, invoice.DateString);
  const dueDate = providerDate(invoice.DueDate, invoice.DueDateString) ?? issueDate;
  const number = (invoice.InvoiceNumber ?? "").trim();
  const type = invoice.Type === "ACCPAY" ? "BILL" : "INVOICE";
  if (!dueDate) return { ok: false, type, externalId: invoice.InvoiceID, number, reason: "The record has no due date" };
  let amounts: { subTotal: Cents | null; gst: Cents | null; total: Cents };
  try {
    amounts = partPaid(action, { subTotal: decimalToCents(invoice.SubTotal), gst: decimalToCents(invoice.TotalTax), total: decimalToCents(invoice.Total) }, decimalToCents(invoice.AmountDue ?? invoice.Total));
  } catch {
    return { ok: false, type, externalId: invoice.InvoiceID, number, reason: "The amounts are not numbers" };
  }
  return checkFields(
    {
      externalId: invoice.InvoiceID,
      type,
      contactId: invoice.Contact.ContactID,
      contactName: invoice.Contact.Name.trim().replace(/\s+/g, " "),
      invoiceNumber: number,
      orderNumber: invoice.Reference?.trim().slice(0, NUMBER_MAX) || null,
      issueDate,
      dueDate,
      currency: invoice.CurrencyCode,
      ...amounts,
      modifiedAt: parseXeroTimestamp(invoice.UpdatedDateUTC),
      rowVersion: null,
    },
    action
  );
}

export function mapMyobRecord(record: MyobBill | MyobInvoice, type: "BILL" | "INVOICE", currency: string): Mapped {
  const action = myobRecordAction(record.Status);
  const bill = type === "BILL" ? (record as MyobBill) : null;
  const contact = bill ? bill.Supplier : (record as MyobInvoice).Customer;
  // A bill's number in Earlybird is the supplier's invoice number; MYOB's own Number is its purchase number.
  const number = ((bill?.SupplierInvoiceNumber || record.Number) ?? "").trim();
  const issueDate = providerDate(record.Date);
  const dueDate = providerDate(record.Terms?.BalanceDueDate ?? record.Terms?.DueDate ?? null) ?? issueDate;
  if (!dueDate) return { ok: false, type, externalId: record.UID, number, reason: "The record has no due date" };
  let amounts: { subTotal: Cents | null; gst: Cents | null; total: Cents };
  try {
    amounts = partPaid(action, { subTotal: decimalToCents(record.Subtotal), gst: decimalToCents(record.TotalTax), total: decimalToCents(record.TotalAmount) }, decimalToCents(record.BalanceDueAmount ?? record.TotalAmount));
  } catch {
    return { ok: false, type, externalId: record.UID, number, reason: "The amounts are not numbers" };
  }
  const order = bill ? bill.PurchaseOrderNumber : (record as MyobInvoice).CustomerPurchaseOrderNumber;
  return checkFields(
    {
      externalId: record.UID,
      type,
      contactId: contact.UID,
      contactName: (contact.Name ?? "").trim().replace(/\s+/g, " "),
      invoiceNumber: number,
      orderNumber: order?.trim().slice(0, NUMBER_MAX) || null,
      issueDate,
      dueDate,
      currency,
      ...amounts,
      modifiedAt: parseXeroTimestamp(record.LastModified),
      rowVersion: record.RowVersion,
    },
    action
  );
}

/**
 * What the sync may do to an Earlybird record it found for a record of the books. Never a record Earlybird is paying
 * or has paid (an open supplier offer, an execution result that did not fail, a payment received): skipped with a
 * warning. An unchanged record is left alone.
 */
export interface ExistingRecord {
  id: number;
  inFlight: boolean;
  paidThroughEarlybird: boolean;
  paidOutside: boolean;
  deleted: boolean;
  same: boolean;
}

export type ExistingDecision = "UPDATE" | "VOID" | "UNCHANGED" | "SKIP_IN_FLIGHT" | "SKIP_PAID";

export function decideExisting(existing: ExistingRecord, action: RecordAction): ExistingDecision {
  if (existing.paidThroughEarlybird) return action.action === "UPSERT" && action.paid ? "UNCHANGED" : "SKIP_PAID";
  if (existing.inFlight) return "SKIP_IN_FLIGHT";
  if (action.action === "VOID") return existing.deleted ? "UNCHANGED" : "VOID";
  if (action.action === "SKIP") return "UNCHANGED";
  if (existing.same && existing.paidOutside === action.paid) return "UNCHANGED";
  return "UPDATE";
}

// ---- Accounts, purchase orders, aged payables ------------------------------------------------------------------------

export interface GlFields {
  accountId: string;
  accountCode: string;
  accountName: string;
  accountType: string | null;
  accountClassification: string | null;
  taxExempted: boolean | null;
  visible: boolean;
}

export function mapXeroAccount(account: XeroAccount): GlFields | null {
  if (!account.Code) return null;
  return {
    accountId: account.AccountID,
    accountCode: account.Code.trim(),
    accountName: account.Name.trim(),
    accountType: account.Type,
    accountClassification: account.Class,
    taxExempted: account.TaxType ? account.TaxType === "NONE" || account.TaxType === "EXEMPTEXPENSES" : null,
    visible: account.Status === "ACTIVE",
  };
}

export function mapMyobAccount(account: MyobAccount): GlFields | null {
  // Header accounts only group others: nothing can be posted to them.
  if (account.IsHeader || !account.DisplayID) return null;
  return {
    accountId: account.UID,
    accountCode: account.DisplayID.trim(),
    accountName: account.Name.trim(),
    accountType: account.Type,
    accountClassification: account.Classification,
    taxExempted: null,
    visible: account.IsActive,
  };
}

export interface PurchaseOrderFields {
  externalId: string;
  orderNumber: string;
  contactId: string;
  contactName: string;
  amount: Cents;
  currency: string;
  status: "OPEN" | "CLOSED";
  orderDate: string | null;
  modifiedAt: Date | null;
}

/** Xero purchase orders: AUTHORISED is open to bill against, BILLED and DELETED are closed, DRAFT/SUBMITTED not yet orders. */
export function mapXeroPurchaseOrder(order: XeroPurchaseOrder): { ok: true; fields: PurchaseOrderFields } | { ok: false; reason: string } {
  if (order.Status === "DRAFT" || order.Status === "SUBMITTED") return { ok: false, reason: `${order.Status} in Xero: not approved yet` };
  const number = (order.PurchaseOrderNumber ?? "").trim();
  if (!number) return { ok: false, reason: "The order has no number" };
  let amount: Cents;
  try {
    amount = decimalToCents(order.Total);
  } catch {
    return { ok: false, reason: "The total is not a number" };
  }
  return {
    ok: true,
    fields: {
      externalId: order.PurchaseOrderID,
      orderNumber: number.slice(0, NUMBER_MAX),
      contactId: order.Contact.ContactID,
      contactName: order.Contact.Name.trim().replace(/\s+/g, " "),
      amount,
      currency: order.CurrencyCode,
      status: order.Status === "AUTHORISED" ? "OPEN" : "CLOSED",
      orderDate: providerDate(order.Date),
      modifiedAt: parseXeroTimestamp(order.UpdatedDateUTC),
    },
  };
}

/** Aged payables rows → one balance per contact (a contact listed twice is summed), in cents. */
export function agedPayablesByContact(rows: ReadonlyArray<{ contactId: string; contactName: string; amountDue: number | string }>): Map<string, { name: string; amountDue: Cents }> {
  const out = new Map<string, { name: string; amountDue: Cents }>();
  for (const row of rows) {
    const entry = out.get(row.contactId) ?? { name: row.contactName, amountDue: 0 as Cents };
    entry.amountDue = (entry.amountDue + decimalToCents(row.amountDue)) as Cents;
    out.set(row.contactId, entry);
  }
  return out;
}

/** MYOB has no aged payables report in the API: the open bills' balances due per supplier are the same figure. */
export function myobPayablesFromBills(bills: ReadonlyArray<Pick<MyobBill, "Supplier" | "BalanceDueAmount" | "Status">>) {
  return agedPayablesByContact(
    bills.filter((bill) => bill.Status === "Open").map((bill) => ({ contactId: bill.Supplier.UID, contactName: bill.Supplier.Name ?? "", amountDue: bill.BalanceDueAmount }))
  );
}

// ---- Automatic load (p1 §4) ------------------------------------------------------------------------------------------

export const AUTO_LOAD_INTERVAL_MS = 15 * 60_000;

/**
 * Whether a sign-in or page view by `actor` starts the automatic load: never for an admin (ROLE_ADMIN first) or the
 * operator, only with a live connection, not while a sync is queued or running, and at most once per interval.
 */
export function shouldAutoLoad(input: {
  roles: readonly string[];
  operator: boolean;
  connected: boolean;
  running: boolean;
  lastStartedAt: Date | null;
  now: Date;
}): boolean {
  if (input.operator || input.roles[0] === "ROLE_ADMIN") return false;
  if (!input.connected || input.running) return false;
  return input.lastStartedAt === null || input.now.getTime() - input.lastStartedAt.getTime() >= AUTO_LOAD_INTERVAL_MS;
}

/** p1 §4 fetch gating: invoices and offers are fetched only for a connected company or one PENDING, ACTIVE or INVITED. */
export function mayFetchInvoices(company: { status: string; connected: boolean }): boolean {
  return company.connected || company.status === "PENDING" || company.status === "ACTIVE" || company.status === "INVITED";
}
