/**
 * Xero's Accounting API (/api.xro/2.0/...) for one tenant: the xero-tenant-id check, rate limits, Contacts, Invoices
 * (paging 100 a page, If-Modified-Since, where, order, create and update with Idempotency-Key), Accounts, Payments,
 * PurchaseOrders, CreditNotes and Reports/AgedPayablesByContact, in Xero's JSON shapes.
 */
import type { XeroAccount, XeroAccountType, XeroContact, XeroInvoice, XeroInvoiceStatus, XeroInvoiceType, XeroPayment } from "../xero/types";
import { xeroAccountRecord, xeroTotals } from "./books";
import type { EmulatorContext, RequestInfo } from "./context";
import type { StoredAnswer, XeroBook } from "./model";
import { bearerGrant } from "./oauth";
import { orderBy, QueryError, xeroWhere } from "./query";
import { pageOf, type SortedStore } from "./store";
import { dayMs, dayString, header, HttpError, money, parseUtc, parseXeroDate, randomGuid, sendJson, todayUtc, xeroDate } from "./util";

export const XERO_PAGE_SIZE = 100;
const LIST_RESOURCES = ["Contacts", "Invoices", "Accounts", "Payments", "PurchaseOrders", "CreditNotes"] as const;
type ListResource = (typeof LIST_RESOURCES)[number];
const ID_FIELD: Record<ListResource, string> = { Contacts: "ContactID", Invoices: "InvoiceID", Accounts: "AccountID", Payments: "PaymentID", PurchaseOrders: "PurchaseOrderID", CreditNotes: "CreditNoteID" };
const NUMBER_FIELD: Partial<Record<ListResource, string>> = { Invoices: "InvoiceNumber", PurchaseOrders: "PurchaseOrderNumber", CreditNotes: "CreditNoteNumber", Contacts: "ContactNumber" };
const PAGED: ReadonlySet<ListResource> = new Set(["Contacts", "Invoices", "Payments", "PurchaseOrders", "CreditNotes"]);

function storeOf(book: XeroBook, resource: ListResource): SortedStore<unknown> {
  const stores: Record<ListResource, SortedStore<unknown>> = {
    Contacts: book.contacts as SortedStore<unknown>,
    Invoices: book.invoices as SortedStore<unknown>,
    Accounts: book.accounts as SortedStore<unknown>,
    Payments: book.payments as SortedStore<unknown>,
    PurchaseOrders: book.purchaseOrders as SortedStore<unknown>,
    CreditNotes: book.creditNotes as SortedStore<unknown>,
  };
  return stores[resource];
}

function envelope(resource: string, items: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { Id: randomGuid(), Status: "OK", ProviderName: "Earlybird", DateTimeUTC: xeroDate(Date.now()), ...extra, [resource]: items };
}

const notFound = () => new HttpError(404, { Title: "Not Found", Status: 404, Detail: "The resource you're looking for cannot be found" });

export function validationException(elements: unknown[]): HttpError {
  return new HttpError(400, { ErrorNumber: 10, Type: "ValidationException", Message: "A validation exception occurred", Elements: elements });
}

/** Every call under /api.xro/2.0: the token, the tenant, the limits, then the resource. */
export async function xeroApi(context: EmulatorContext, info: RequestInfo, rest: string): Promise<void> {
  const grant = bearerGrant(context, info, "xero");
  const tenantId = (header(info.req, "xero-tenant-id") ?? "").trim().toLowerCase();
  if (!tenantId) throw new HttpError(403, { Type: null, Title: "Forbidden", Status: 403, Detail: "AuthenticationUnsuccessful", Instance: randomGuid(), Extensions: {} });
  const organisation = grant.connections.some((connection) => connection.tenantId.toLowerCase() === tenantId) ? context.state.tenant(tenantId) : undefined;
  // As Xero: a missing tenant id and one the grant does not cover both answer 403 AuthenticationUnsuccessful.
  if (!organisation) throw new HttpError(403, { Type: null, Title: "Forbidden", Status: 403, Detail: "AuthenticationUnsuccessful", Instance: randomGuid(), Extensions: {} });
  context.calls.count(tenantId);
  const admission = context.limiter.admit(tenantId);
  if (!admission.ok) throw new HttpError(429, { Title: "Too Many Requests", Status: 429, Detail: `Rate limit exceeded: ${admission.problem}` }, admission.headers);
  try {
    if (context.limiter.limits.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, context.limiter.limits.latencyMs));
    const failure = context.calls.takeFailure();
    if (failure) throw new HttpError(failure, { Title: "Service Unavailable", Status: failure, Detail: "The emulator was told to fail this call (failNext)" }, admission.headers);
    const answer = route(context, info, organisation.xero, rest);
    sendJson(info.res, answer.status, answer.body, { ...admission.headers, ...answer.headers });
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, error.body, { ...admission.headers, ...error.headers });
    throw error;
  } finally {
    admission.done();
  }
}

function route(context: EmulatorContext, info: RequestInfo, book: XeroBook, rest: string): StoredAnswer {
  const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
  const resource = LIST_RESOURCES.find((name) => name.toLowerCase() === segments[0]?.toLowerCase());
  if (info.method === "GET") {
    if (segments[0]?.toLowerCase() === "reports" && segments[1]?.toLowerCase() === "agedpayablesbycontact") return { status: 200, body: agedPayables(book, info.url.searchParams) };
    if (resource && segments.length === 1) return { status: 200, body: list(info, book, resource) };
    if (resource && segments.length === 2) return { status: 200, body: envelope(resource, [single(book, resource, segments[1])]) };
    throw notFound();
  }
  if ((info.method === "PUT" || info.method === "POST") && resource && segments.length <= 2) {
    const key = header(info.req, "idempotency-key");
    const scope = key ? `${info.method} ${resource}:${key}` : null;
    const replay = scope ? book.idempotency.get(scope) : undefined;
    if (replay) return replay;
    const body = parseJson(info.body);
    let answer: StoredAnswer;
    if (resource === "Invoices") answer = { status: 200, body: envelope("Invoices", saveInvoices(book, entries(body, "Invoices"), segments[1])) };
    else if (resource === "Accounts" && info.method === "PUT") answer = { status: 200, body: envelope("Accounts", [createAccount(book, body as Record<string, unknown>)]) };
    else if (resource === "Payments" && info.method === "PUT") answer = { status: 200, body: envelope("Payments", createPayments(book, entries(body, "Payments"))) };
    else if (resource === "Contacts") answer = { status: 200, body: envelope("Contacts", entries(body, "Contacts").map((input) => saveContact(book, input))) };
    else throw new HttpError(405, { Title: "Method Not Allowed", Status: 405 });
    if (scope) book.idempotency.set(scope, answer);
    context.state.changed();
    return answer;
  }
  throw notFound();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || "{}");
  } catch {
    throw new HttpError(400, { ErrorNumber: 14, Type: "PostDataInvalidException", Message: "The body is not valid JSON" });
  }
}

/** `{ Invoices: [...] }`, `[...]` or a single object. */
function entries(body: unknown, key: string): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const object = body as Record<string, unknown>;
  const inner = object?.[key];
  if (Array.isArray(inner)) return inner as Record<string, unknown>[];
  if (inner && typeof inner === "object") return [inner as Record<string, unknown>];
  return [object];
}

function single(book: XeroBook, resource: ListResource, idOrNumber: string): unknown {
  const store = storeOf(book, resource);
  const byId = store.get(idOrNumber) ?? store.get(idOrNumber.toLowerCase());
  if (byId) return byId;
  const numberField = NUMBER_FIELD[resource];
  if (numberField) for (const entry of store.all()) if ((entry.record as Record<string, unknown>)[numberField] === idOrNumber) return entry.record;
  throw notFound();
}

function list(info: RequestInfo, book: XeroBook, resource: ListResource): Record<string, unknown> {
  const params = info.url.searchParams;
  const store = storeOf(book, resource);
  const since = header(info.req, "if-modified-since");
  const sinceMs = since ? parseUtc(since) : null;
  if (sinceMs !== null && Number.isNaN(sinceMs)) throw new HttpError(400, { Title: "Bad Request", Status: 400, Detail: "If-Modified-Since is not a date" });
  const tests: Array<(record: unknown) => boolean> = [];
  try {
    const where = params.get("where");
    if (where?.trim()) tests.push(xeroWhere(where));
  } catch (error) {
    if (error instanceof QueryError) throw new HttpError(400, { ErrorNumber: 16, Type: "QueryParseException", Message: error.message });
    throw error;
  }
  const listParam = (name: string) => params.get(name)?.split(",").map((value) => value.trim().toLowerCase()).filter(Boolean);
  const statuses = listParam("Statuses");
  if (statuses?.length) tests.push((record) => statuses.includes(String((record as { Status?: string }).Status).toLowerCase()));
  const ids = listParam("IDs");
  if (ids?.length) tests.push((record) => ids.includes(String((record as Record<string, unknown>)[ID_FIELD[resource]]).toLowerCase()));
  const numbers = listParam(resource === "Invoices" ? "InvoiceNumbers" : "Numbers");
  const numberField = NUMBER_FIELD[resource];
  if (numbers?.length && numberField) tests.push((record) => numbers.includes(String((record as Record<string, unknown>)[numberField]).toLowerCase()));
  const contactIds = listParam("ContactIDs");
  if (contactIds?.length) tests.push((record) => contactIds.includes(String((record as { Contact?: { ContactID?: string } }).Contact?.ContactID).toLowerCase()));
  const keep = tests.length ? (record: unknown) => tests.every((test) => test(record)) : undefined;
  let items: Iterable<unknown> = store.scan(sinceMs, keep);
  let comparator: ((a: unknown, b: unknown) => number) | null;
  try {
    comparator = orderBy(params.get("order"), "UpdatedDateUTC");
  } catch {
    comparator = null;
  }
  if (comparator) items = [...items].sort(comparator);
  const page = params.get("page");
  if (page !== null && PAGED.has(resource)) {
    const number = Math.max(1, Number.parseInt(page, 10) || 1);
    const result = pageOf(items, number, XERO_PAGE_SIZE, true);
    const itemCount = result.total ?? result.items.length;
    return envelope(resource, result.items, { pagination: { page: number, pageSize: XERO_PAGE_SIZE, pageCount: Math.ceil(itemCount / XERO_PAGE_SIZE), itemCount } });
  }
  return envelope(resource, [...items]);
}

// ------------------------------------------------------------------------------------------------------------ writing

/** "YYYY-MM-DD", "/Date(ms)/" or "YYYY-MM-DDT..." → "YYYY-MM-DD". */
function dayOf(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  if (value.startsWith("/Date(")) return new Date(parseXeroDate(value)).toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function nextNumber(book: XeroBook, prefix: string): string {
  let highest = 0;
  for (const entry of book.invoices.all()) {
    const match = new RegExp(`^${prefix}-(\\d+)$`).exec(entry.record.InvoiceNumber);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix}-${String(highest + 1).padStart(4, "0")}`;
}

function findContact(book: XeroBook, input: { ContactID?: string; Name?: string } | undefined): XeroContact | undefined {
  if (!input) return undefined;
  if (input.ContactID) return book.contacts.get(input.ContactID) ?? book.contacts.get(input.ContactID.toLowerCase());
  if (input.Name) {
    const name = input.Name.trim().toLowerCase();
    for (const entry of book.contacts.all()) if (entry.record.Name.toLowerCase() === name) return entry.record;
  }
  return undefined;
}

function saveContact(book: XeroBook, input: Record<string, unknown>): XeroContact {
  const now = Date.now();
  const existing = findContact(book, input as { ContactID?: string; Name?: string });
  const name = typeof input.Name === "string" ? input.Name.trim() : existing?.Name;
  if (!name) throw validationException([{ ...input, ValidationErrors: [{ Message: "The contact name must be specified." }] }]);
  const contact: XeroContact = {
    ...(existing ?? { ContactID: randomGuid(), ContactStatus: "ACTIVE", IsSupplier: false, IsCustomer: false }),
    ...(input as Partial<XeroContact>),
    ContactID: existing?.ContactID ?? randomGuid(),
    Name: name,
    UpdatedDateUTC: xeroDate(now),
  } as XeroContact;
  book.contacts.put(contact, now);
  return contact;
}

const EDITABLE: ReadonlySet<XeroInvoiceStatus> = new Set(["DRAFT", "SUBMITTED", "AUTHORISED"]);

/** Creates or updates invoices (PUT/POST /Invoices[/{id}]); all or nothing. */
function saveInvoices(book: XeroBook, inputs: Record<string, unknown>[], pathId?: string): XeroInvoice[] {
  const now = Date.now();
  const planned: XeroInvoice[] = [];
  const failures: unknown[] = [];
  for (const raw of inputs) {
    const input = { ...raw, ...(pathId ? { InvoiceID: pathId } : {}) } as Record<string, unknown> & { InvoiceID?: string; InvoiceNumber?: string; Type?: XeroInvoiceType; Status?: XeroInvoiceStatus };
    const errors: string[] = [];
    const existing = input.InvoiceID ? book.invoices.get(input.InvoiceID) ?? book.invoices.get(input.InvoiceID.toLowerCase()) : undefined;
    if (input.InvoiceID && !existing) {
      failures.push({ ...raw, ValidationErrors: [{ Message: "Invoice could not be found" }] });
      continue;
    }
    const invoice = buildInvoice(book, input, existing, now, errors);
    if (errors.length || !invoice) failures.push({ ...raw, ValidationErrors: errors.map((message) => ({ Message: message })) });
    else planned.push(invoice);
  }
  if (failures.length) throw validationException(failures);
  for (const invoice of planned) book.invoices.put(invoice, now);
  return planned;
}

function buildInvoice(book: XeroBook, input: Record<string, unknown> & { InvoiceID?: string; Type?: XeroInvoiceType; Status?: XeroInvoiceStatus }, existing: XeroInvoice | undefined, now: number, errors: string[]): XeroInvoice | null {
  const type = (input.Type ?? existing?.Type) as XeroInvoiceType | undefined;
  if (type !== "ACCPAY" && type !== "ACCREC") errors.push("Invoice Type must be ACCPAY or ACCREC");
  const status = (input.Status ?? existing?.Status ?? "DRAFT") as XeroInvoiceStatus;
  if (!["DRAFT", "SUBMITTED", "AUTHORISED", "PAID", "VOIDED", "DELETED"].includes(status)) errors.push(`Status ${String(status)} is not valid`);
  if (existing && !EDITABLE.has(existing.Status) && status !== existing.Status) errors.push("This document cannot be edited as it has a payment or credit note allocated to it.");
  if (existing && status === "VOIDED" && existing.AmountPaid > 0) errors.push("This document cannot be voided as it has payments allocated to it.");
  if (existing && status === "DELETED" && existing.Status !== "DRAFT" && existing.Status !== "SUBMITTED") errors.push("Only DRAFT and SUBMITTED invoices can be deleted.");
  if (!existing && (status === "PAID" || status === "VOIDED" || status === "DELETED")) errors.push(`An invoice cannot be created with status ${status}`);
  const contact = input.Contact ? findContact(book, input.Contact as { ContactID?: string; Name?: string }) ?? (((input.Contact as { Name?: string }).Name ?? "").trim() ? saveContact(book, { Name: (input.Contact as { Name: string }).Name, IsSupplier: type === "ACCPAY", IsCustomer: type === "ACCREC" }) : undefined) : existing ? book.contacts.get(existing.Contact.ContactID) : undefined;
  if (!contact) errors.push("A Contact must be specified for this type of transaction");
  const date = dayOf(input.Date) ?? (existing ? dayOf(existing.Date) : todayUtc(now));
  const due = dayOf(input.DueDate) ?? (existing ? dayOf(existing.DueDate) : null);
  if (!due && status === "AUTHORISED") errors.push("Due Date is required.");
  const amountTypes = (input.LineAmountTypes ?? existing?.LineAmountTypes ?? "Exclusive") as XeroInvoice["LineAmountTypes"];
  const rawLines = (input.LineItems as Array<Record<string, unknown>> | undefined) ?? existing?.LineItems;
  if ((!rawLines || !rawLines.length) && status !== "DRAFT") errors.push("At least one line item must be specified.");
  for (const line of rawLines ?? []) {
    const code = line.AccountCode as string | undefined;
    if (code && ![...book.accounts.all()].some((entry) => entry.record.Code === code)) errors.push(`Account code '${code}' is not a valid code for this document.`);
  }
  if (errors.length || !contact || !type) return null;
  const invoiceId = existing?.InvoiceID ?? randomGuid();
  const totals = xeroTotals(
    (rawLines ?? []).map((line) => ({ Description: String(line.Description ?? ""), Quantity: Number(line.Quantity ?? 1), UnitAmount: Number(line.UnitAmount ?? line.LineAmount ?? 0), AccountCode: line.AccountCode as string | undefined, TaxType: line.TaxType as string | undefined })),
    amountTypes,
    type,
    book.tenantId,
    invoiceId,
  );
  const paid = existing?.AmountPaid ?? 0;
  if (totals.Total < paid) errors.push("The total cannot be less than the amount already paid.");
  const number = (input.InvoiceNumber as string | undefined) ?? existing?.InvoiceNumber ?? (type === "ACCREC" ? nextNumber(book, "INV") : "");
  if (errors.length) return null;
  const voided = status === "VOIDED" || status === "DELETED";
  return {
    InvoiceID: invoiceId,
    Type: type,
    InvoiceNumber: number,
    ...((input.Reference ?? existing?.Reference) !== undefined ? { Reference: String(input.Reference ?? existing?.Reference) } : {}),
    Contact: { ContactID: contact.ContactID, Name: contact.Name },
    Date: xeroDate(dayMs(date as string)),
    DueDate: due ? xeroDate(dayMs(due)) : xeroDate(dayMs(date as string)),
    DateString: dayString(date as string),
    DueDateString: dayString(due ?? (date as string)),
    Status: status,
    LineAmountTypes: amountTypes,
    ...totals,
    AmountDue: voided ? 0 : money(totals.Total - paid - (existing?.AmountCredited ?? 0)),
    AmountPaid: paid,
    AmountCredited: existing?.AmountCredited ?? 0,
    CurrencyCode: (input.CurrencyCode as string | undefined) ?? existing?.CurrencyCode ?? "NZD",
    UpdatedDateUTC: xeroDate(now),
    HasAttachments: existing?.HasAttachments ?? false,
  };
}

const ACCOUNT_TYPES: ReadonlySet<string> = new Set(["BANK", "CURRENT", "CURRLIAB", "DEPRECIATN", "DIRECTCOSTS", "EQUITY", "EXPENSE", "FIXED", "INVENTORY", "LIABILITY", "NONCURRENT", "OTHERINCOME", "OVERHEADS", "PREPAYMENT", "REVENUE", "SALES", "TERMLIAB"]);

function createAccount(book: XeroBook, input: Record<string, unknown>): XeroAccount {
  const body = (input.Accounts && Array.isArray(input.Accounts) ? (input.Accounts as Record<string, unknown>[])[0] : input) ?? {};
  const code = String(body.Code ?? "").trim();
  const name = String(body.Name ?? "").trim();
  const type = String(body.Type ?? "");
  const errors: string[] = [];
  if (!code) errors.push("Please enter a Code.");
  else if (code.length > 10) errors.push("The Code must be 10 characters or less.");
  if (!name) errors.push("Please enter a Name.");
  if (!ACCOUNT_TYPES.has(type)) errors.push("Please select a valid account Type.");
  for (const entry of book.accounts.all()) {
    if (code && entry.record.Code.toLowerCase() === code.toLowerCase()) errors.push("Please enter a unique Code.");
    if (name && entry.record.Name.toLowerCase() === name.toLowerCase()) errors.push("Please enter a unique Name.");
  }
  if (errors.length) throw validationException([{ ...body, ValidationErrors: errors.map((message) => ({ Message: message })) }]);
  const now = Date.now();
  const account = xeroAccountRecord(book.tenantId, { Code: code, Name: name, Type: type as XeroAccountType, BankAccountNumber: body.BankAccountNumber as string | undefined, TaxType: body.TaxType as string | undefined, EnablePaymentsToAccount: body.EnablePaymentsToAccount as boolean | undefined }, now, randomGuid());
  book.accounts.put(account, now);
  return account;
}

/** PUT /Payments: validates them all, then applies them (the invoice's AmountDue falls; PAID at 0). */
function createPayments(book: XeroBook, inputs: Record<string, unknown>[]): XeroPayment[] {
  const now = Date.now();
  const failures: unknown[] = [];
  const planned: Array<{ payment: XeroPayment; invoice: XeroInvoice }> = [];
  const dueAfter = new Map<string, number>();
  for (const input of inputs) {
    const errors: string[] = [];
    const invoiceRef = input.Invoice as { InvoiceID?: string; InvoiceNumber?: string } | undefined;
    const invoice = invoiceRef?.InvoiceID ? book.invoices.get(invoiceRef.InvoiceID) ?? book.invoices.get(invoiceRef.InvoiceID.toLowerCase()) : invoiceRef?.InvoiceNumber ? (single(book, "Invoices", invoiceRef.InvoiceNumber) as XeroInvoice) : undefined;
    const accountRef = input.Account as { AccountID?: string; Code?: string } | undefined;
    const account = accountRef ? [...book.accounts.all()].map((entry) => entry.record).find((candidate) => (accountRef.AccountID && candidate.AccountID.toLowerCase() === accountRef.AccountID.toLowerCase()) || (accountRef.Code && candidate.Code === accountRef.Code)) : undefined;
    const amount = Number(input.Amount);
    if (!invoice) errors.push("Invoice could not be found");
    else if (invoice.Status !== "AUTHORISED") errors.push("Payment can only be made against Authorised documents");
    if (!account) errors.push(`Account code '${accountRef?.Code ?? accountRef?.AccountID ?? ""}' is not a valid code for this document.`);
    else if (account.Type !== "BANK" && !account.EnablePaymentsToAccount) errors.push("The account must be a bank account or have payments enabled.");
    if (!(amount > 0)) errors.push("Payment amount must be greater than zero.");
    const due = invoice ? (dueAfter.get(invoice.InvoiceID) ?? invoice.AmountDue) : 0;
    if (invoice && amount > due + 0.000_1) errors.push("Payment amount exceeds the amount outstanding on this document");
    const date = dayOf(input.Date) ?? todayUtc(now);
    if (errors.length || !invoice || !account) {
      failures.push({ ...input, ValidationErrors: errors.map((message) => ({ Message: message })) });
      continue;
    }
    dueAfter.set(invoice.InvoiceID, money(due - amount));
    planned.push({
      invoice,
      payment: {
        PaymentID: randomGuid(),
        Invoice: { InvoiceID: invoice.InvoiceID, InvoiceNumber: invoice.InvoiceNumber },
        Account: { AccountID: account.AccountID, Code: account.Code },
        Date: xeroDate(dayMs(date)),
        Amount: money(amount),
        ...(input.Reference ? { Reference: String(input.Reference) } : {}),
        Status: "AUTHORISED",
        PaymentType: invoice.Type === "ACCPAY" ? "ACCPAYPAYMENT" : "ACCRECPAYMENT",
        UpdatedDateUTC: xeroDate(now),
      },
    });
  }
  if (failures.length) throw validationException(failures);
  for (const { payment, invoice } of planned) {
    const current = book.invoices.get(invoice.InvoiceID) as XeroInvoice;
    const amountDue = money(current.AmountDue - payment.Amount);
    book.invoices.put({ ...current, AmountPaid: money(current.AmountPaid + payment.Amount), AmountDue: amountDue, Status: amountDue <= 0 ? "PAID" : current.Status, UpdatedDateUTC: xeroDate(now) }, now);
    book.payments.put(payment, now);
  }
  return planned.map((item) => item.payment);
}

// ------------------------------------------------------------------------------------------------------------ reports

const cell = (value: string | number, attributes?: Array<{ Value: string; Id: string }>) => ({ Value: typeof value === "number" ? value.toFixed(2) : value, ...(attributes ? { Attributes: attributes } : {}) });

function longDate(day: string): string {
  return new Date(dayMs(day)).toLocaleDateString("en-NZ", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * Reports/AgedPayablesByContact in Xero's report shape. With contactID (as Xero asks): a Header row (Date, Reference,
 * Due Date, "", Total, Paid, Credited, Due) and one Section of a Row per unpaid bill (cells carry the invoiceID and
 * contactID attributes) and a SummaryRow. Without contactID (an emulator convenience) the summary of every contact
 * owed money, as Xero's aged payables summary: Header (Contact, Current, < 1 Month, 1 Month, 2 Months, 3 Months, Older,
 * Total) and one Section of a Row per contact (its cells carry the contactID attribute) and a SummaryRow.
 */
function agedPayables(book: XeroBook, params: URLSearchParams): unknown {
  const date = dayOf(params.get("date") ?? "") ?? todayUtc();
  const dateMs = dayMs(date);
  const contactId = params.get("contactID") ?? params.get("contactId") ?? params.get("ContactID");
  const byContact = new Map<string, XeroInvoice[]>();
  for (const entry of book.invoices.all()) {
    const invoice = entry.record;
    if (invoice.Type !== "ACCPAY" || invoice.Status !== "AUTHORISED" || invoice.AmountDue <= 0 || parseXeroDate(invoice.Date) > dateMs) continue;
    if (contactId && invoice.Contact.ContactID.toLowerCase() !== contactId.toLowerCase()) continue;
    const list = byContact.get(invoice.Contact.ContactID) ?? [];
    list.push(invoice);
    byContact.set(invoice.Contact.ContactID, list);
  }
  const contact = contactId ? book.contacts.get(contactId) ?? book.contacts.get(contactId.toLowerCase()) : undefined;
  if (contactId && !contact) throw notFound();
  const sum = (invoices: XeroInvoice[], pick: (invoice: XeroInvoice) => number) => money(invoices.reduce((total, invoice) => total + pick(invoice), 0));
  let rows: unknown[];
  if (contactId) {
    const invoices = [...byContact.values()].flat();
    const attributes = (invoice: XeroInvoice) => [{ Value: invoice.InvoiceID, Id: "invoiceID" }, { Value: invoice.Contact.ContactID, Id: "contactID" }];
    rows = [
      { RowType: "Header", Cells: [cell("Date"), cell("Reference"), cell("Due Date"), cell(""), cell("Total"), cell("Paid"), cell("Credited"), cell("Due")] },
      {
        RowType: "Section",
        Title: "",
        Rows: [
          ...invoices.map((invoice) => ({
            RowType: "Row",
            Cells: [invoice.DateString ?? "", invoice.InvoiceNumber, invoice.DueDateString ?? "", "", invoice.Total, invoice.AmountPaid, invoice.AmountCredited, invoice.AmountDue].map((value) => cell(value, attributes(invoice))),
          })),
          { RowType: "SummaryRow", Cells: [cell("Total"), cell(""), cell(""), cell(""), cell(sum(invoices, (invoice) => invoice.Total)), cell(sum(invoices, (invoice) => invoice.AmountPaid)), cell(sum(invoices, (invoice) => invoice.AmountCredited)), cell(sum(invoices, (invoice) => invoice.AmountDue))] },
        ],
      },
    ];
  } else {
    // Days overdue at the report date → Current, < 1 Month, 1 Month, 2 Months, 3 Months, Older.
    const bucketOf = (invoice: XeroInvoice) => {
      const overdue = Math.floor((dateMs - parseXeroDate(invoice.DueDate)) / 86_400_000);
      return overdue <= 0 ? 0 : Math.min(5, Math.ceil(overdue / 30));
    };
    const totals = [0, 0, 0, 0, 0, 0, 0];
    const contactRows = [...byContact.entries()].map(([id, invoices]) => {
      const buckets = [0, 0, 0, 0, 0, 0];
      for (const invoice of invoices) buckets[bucketOf(invoice)] += invoice.AmountDue;
      const values = [...buckets.map(money), sum(invoices, (invoice) => invoice.AmountDue)];
      values.forEach((value, index) => (totals[index] += value));
      const attributes = [{ Value: id, Id: "contactID" }];
      return { RowType: "Row", Cells: [cell(invoices[0].Contact.Name, attributes), ...values.map((value) => cell(value, attributes))] };
    });
    rows = [
      { RowType: "Header", Cells: [cell("Contact"), cell("Current"), cell("< 1 Month"), cell("1 Month"), cell("2 Months"), cell("3 Months"), cell("Older"), cell("Total")] },
      { RowType: "Section", Title: "", Rows: [...contactRows, { RowType: "SummaryRow", Cells: [cell("Total"), ...totals.map((value) => cell(money(value)))] }] },
    ];
  }
  return {
    Id: randomGuid(),
    Status: "OK",
    ProviderName: "Earlybird",
    DateTimeUTC: xeroDate(Date.now()),
    Reports: [
      {
        ReportID: "AgedPayablesByContact",
        ReportName: "Aged Payables By Contact",
        ReportType: "AgedPayablesByContact",
        ReportTitles: ["Invoices", contact?.Name ?? "All contacts", `To ${longDate(date)}`, `Showing payments to ${longDate(date)}`],
        ReportDate: longDate(date),
        UpdatedDateUTC: xeroDate(Date.now()),
        Fields: [],
        Rows: rows,
      },
    ],
  };
}
