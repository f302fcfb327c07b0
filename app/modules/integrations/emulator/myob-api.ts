/**
 * MYOB's API (/accountright/...): the company files a grant may open (Essentials `la.global`: one business, no file
 * credentials; AccountRight `CompanyFile`: two files that need x-myobapi-cftoken = base64("Administrator:earlybird")),
 * the x-myobapi-key / -version headers, and the entities under a file's Uri with OData paging ($top, $skip, $filter,
 * $orderby → Items / NextPageLink / Count), RowVersion checks (a stale one → 409), POST → 201 with a Location header
 * (the entity in the body only with returnBody=true, as MYOB), and payments that close bills (Idempotency-Key honoured).
 */
import crypto from "node:crypto";
import type { MyobAccount, MyobBill, MyobCompanyFile, MyobContact, MyobInvoice, MyobLine } from "../myob/types";
import { MYOB_SCOPES } from "../config.server";
import { MYOB_FILE_USER, myobAccountRecord, myobTotals, nextRowVersion } from "./books";
import type { EmulatorContext, RequestInfo } from "./context";
import { type AnyMyobRecord, MYOB_ENTITY_PATHS, MYOB_ENTITY_URI_PATH, type MyobEntityKey, type MyobFileBook, type MyobPayment, type Organisation, type StoredAnswer } from "./model";
import { bearerGrant, myobErrors } from "./oauth";
import { odataFilter, orderBy, QueryError } from "./query";
import type { SortedStore } from "./store";
import { dayString, header, HttpError, money, myobTime, randomGuid, sendJson, todayUtc } from "./util";
import type { Grant } from "./state";

const DEFAULT_TOP = 400;
const MAX_TOP = 1000;
const CLASS_DIGIT: Record<MyobAccount["Classification"], number> = { Asset: 1, Liability: 2, Equity: 3, Income: 4, CostOfSales: 5, Expense: 6, OtherIncome: 8, OtherExpense: 9 };

const validation = (message: string, details: string | null = null) => new HttpError(400, myobErrors("ValidationError", message, details, 4000));
const notFound = () => new HttpError(404, myobErrors("ResourceNotFound", "The requested resource was not found", null, 3001));

function fileUri(context: EmulatorContext, file: MyobFileBook): string {
  return `${context.baseUrl()}/myob/api/accountright/${file.info.Id}`;
}

function companyFileOf(context: EmulatorContext, file: MyobFileBook): MyobCompanyFile {
  return { ...file.info, Uri: fileUri(context, file) };
}

/** The files a grant may open: its organisation's Essentials business, or its two AccountRight files. */
function filesOf(context: EmulatorContext, grant: Grant): { organisation: Organisation; files: MyobFileBook[] } {
  const organisation = context.state.organisation(grant.organisation);
  const scopes = grant.scope.split(/\s+/);
  const files = organisation.myob.filter((file) => (file.product === "ESSENTIALS" ? scopes.includes(MYOB_SCOPES.MYOB_ESSENTIALS) : scopes.includes(MYOB_SCOPES.MYOB_ACCOUNT_RIGHT)));
  return { organisation, files };
}

const CFTOKEN = Buffer.from(`${MYOB_FILE_USER.username}:${MYOB_FILE_USER.password}`).toString("base64");

export async function myobApi(context: EmulatorContext, info: RequestInfo, rest: string): Promise<void> {
  const grant = bearerGrant(context, info, "myob");
  if (header(info.req, "x-myobapi-key") !== grant.clientId) throw new HttpError(403, myobErrors("Forbidden", "The x-myobapi-key header is missing or is not the key of the token's app", "Header 'x-myobapi-key'", 31002));
  if ((header(info.req, "x-myobapi-version") ?? "").toLowerCase() !== "v2") throw new HttpError(400, myobErrors("InvalidApiVersion", "The x-myobapi-version header must be v2", "Header 'x-myobapi-version'", 31003));
  const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
  const { files } = filesOf(context, grant);
  if (!segments.length) {
    if (info.method !== "GET") throw new HttpError(405, myobErrors("MethodNotAllowed", "Method not allowed", null, 405));
    return sendJson(info.res, 200, files.map((file) => companyFileOf(context, file)));
  }
  const file = files.find((candidate) => candidate.info.Id.toLowerCase() === segments[0].toLowerCase());
  if (!file) {
    if (context.state.companyFile(segments[0])) throw new HttpError(403, myobErrors("AccessDenied", "This grant does not give access to the company file", null, 31004));
    throw notFound();
  }
  context.calls.count(file.info.Id);
  if (file.product === "ACCOUNT_RIGHT" && header(info.req, "x-myobapi-cftoken") !== CFTOKEN) {
    throw new HttpError(401, myobErrors("InvalidCredentials", "The supplied company file credentials (x-myobapi-cftoken) are not valid", "Header 'x-myobapi-cftoken'", 31000), { "WWW-Authenticate": 'Basic realm="company file"' });
  }
  if (context.limiter.limits.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, context.limiter.limits.latencyMs));
  const failure = context.calls.takeFailure();
  if (failure) throw new HttpError(failure, myobErrors("ServiceUnavailable", "The emulator was told to fail this call (failNext)", null, failure));
  if (segments.length === 1) {
    if (info.method !== "GET") throw new HttpError(405, myobErrors("MethodNotAllowed", "Method not allowed", null, 405));
    return sendJson(info.res, 200, companyFileOf(context, file));
  }
  const lower = segments.slice(1).map((segment) => segment.toLowerCase());
  let key: MyobEntityKey | undefined;
  let uid: string | undefined;
  for (const length of [3, 2]) {
    const candidate = MYOB_ENTITY_PATHS[lower.slice(0, length).join("/")];
    if (candidate && lower.length - length <= 1) {
      key = candidate;
      uid = segments[1 + length];
      break;
    }
  }
  if (!key) throw notFound();
  const answer = entity(context, info, file, key, uid);
  if (info.method === "GET" && answer.status === 200) {
    // ETag / If-None-Match: 304 for an unchanged list or entity.
    const etag = `W/"${crypto.createHash("sha1").update(JSON.stringify(answer.body)).digest("base64url")}"`;
    if (header(info.req, "if-none-match") === etag) {
      info.res.writeHead(304, { ETag: etag });
      info.res.end();
      return;
    }
    return sendJson(info.res, 200, answer.body, { ...answer.headers, ETag: etag });
  }
  sendJson(info.res, answer.status, answer.body, answer.headers);
}

function storeOf(file: MyobFileBook, key: MyobEntityKey): SortedStore<AnyMyobRecord> {
  return file[key] as unknown as SortedStore<AnyMyobRecord>;
}

function withUri(context: EmulatorContext, file: MyobFileBook, key: MyobEntityKey, record: AnyMyobRecord): AnyMyobRecord {
  return { ...record, URI: `${fileUri(context, file)}/${MYOB_ENTITY_URI_PATH[key]}/${record.UID}` };
}

function entity(context: EmulatorContext, info: RequestInfo, file: MyobFileBook, key: MyobEntityKey, uid: string | undefined): StoredAnswer {
  const store = storeOf(file, key);
  if (info.method === "GET") {
    if (uid) {
      const record = store.get(uid) ?? store.get(uid.toLowerCase());
      if (!record) throw notFound();
      return { status: 200, body: withUri(context, file, key, record) };
    }
    return { status: 200, body: list(context, info, file, key) };
  }
  if (info.method === "DELETE" && uid) {
    if (!store.delete(uid)) throw notFound();
    context.state.changed();
    return { status: 200, body: undefined };
  }
  if (info.method === "POST" && !uid) {
    const idempotencyKey = header(info.req, "idempotency-key");
    const scope = idempotencyKey ? `POST ${key}:${idempotencyKey}` : null;
    const replay = scope ? file.idempotency.get(scope) : undefined;
    if (replay) return replay;
    const record = create(file, key, parseBody(info.body));
    const location = `${fileUri(context, file)}/${MYOB_ENTITY_URI_PATH[key]}/${record.UID}`;
    const answer: StoredAnswer = { status: 201, body: returnBody(info) ? withUri(context, file, key, record) : undefined, headers: { Location: location } };
    if (scope) file.idempotency.set(scope, answer);
    context.state.changed();
    return answer;
  }
  if (info.method === "PUT" && uid) {
    const existing = store.get(uid) ?? store.get(uid.toLowerCase());
    if (!existing) throw notFound();
    const input = parseBody(info.body);
    if (typeof input.RowVersion !== "string" || !input.RowVersion) throw validation("RowVersion is required to update an entity", "RowVersion");
    if (input.RowVersion !== existing.RowVersion) {
      throw new HttpError(409, myobErrors("OptimisticConcurrencyCheckFailed", "The entity has been changed since it was read: read it again and send its current RowVersion", `RowVersion ${existing.RowVersion}`, 2001));
    }
    const record = update(file, key, existing, input);
    context.state.changed();
    return { status: 200, body: returnBody(info) ? withUri(context, file, key, record) : undefined };
  }
  throw new HttpError(405, myobErrors("MethodNotAllowed", "Method not allowed", null, 405));
}

function returnBody(info: RequestInfo): boolean {
  return info.url.searchParams.get("returnBody")?.toLowerCase() === "true";
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || "{}") as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, unknown>;
  } catch {
    throw validation("The request body is not a JSON object");
  }
}

function list(context: EmulatorContext, info: RequestInfo, file: MyobFileBook, key: MyobEntityKey): { Items: AnyMyobRecord[]; NextPageLink: string | null; Count: number } {
  const params = info.url.searchParams;
  const top = Math.min(MAX_TOP, Math.max(1, Number.parseInt(params.get("$top") ?? "", 10) || DEFAULT_TOP));
  const skip = Math.max(0, Number.parseInt(params.get("$skip") ?? "", 10) || 0);
  let filter: ReturnType<typeof odataFilter> | null = null;
  let comparator: ((a: unknown, b: unknown) => number) | null = null;
  try {
    const text = params.get("$filter");
    if (text?.trim()) filter = odataFilter(text);
    comparator = orderBy(params.get("$orderby"), "LastModified");
  } catch (error) {
    if (error instanceof QueryError) throw validation(error.message, "$filter");
    throw error;
  }
  const store = storeOf(file, key);
  const scan = store.scan(filter?.modifiedAfter ?? null, filter ? (record) => filter.test(record) : undefined);
  const items: AnyMyobRecord[] = [];
  let count = 0;
  if (comparator) {
    const all = [...scan].sort(comparator);
    count = all.length;
    items.push(...all.slice(skip, skip + top));
  } else {
    for (const record of scan) {
      if (count >= skip && items.length < top) items.push(record);
      count += 1;
    }
  }
  let next: string | null = null;
  if (skip + items.length < count) {
    const link = new URL(`${fileUri(context, file)}/${MYOB_ENTITY_URI_PATH[key]}`);
    for (const [name, value] of params) if (name !== "$skip" && name !== "$top") link.searchParams.set(name, value);
    link.searchParams.set("$top", String(top));
    link.searchParams.set("$skip", String(skip + top));
    next = link.toString();
  }
  return { Items: items.map((record) => withUri(context, file, key, record)), NextPageLink: next, Count: count };
}

// ------------------------------------------------------------------------------------------------------------ writing

function refOf(record: MyobContact): { UID: string; Name: string; DisplayID?: string } {
  return { UID: record.UID, Name: record.CompanyName, ...(record.DisplayID ? { DisplayID: record.DisplayID } : {}) };
}

function uidOf(value: unknown): string | undefined {
  return value && typeof value === "object" && typeof (value as { UID?: unknown }).UID === "string" ? (value as { UID: string }).UID : undefined;
}

function day(value: unknown, fallback: string): string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? dayString(value.slice(0, 10)) : fallback;
}

function linesOf(file: MyobFileBook, input: unknown): MyobLine[] {
  if (!Array.isArray(input) || !input.length) throw validation("At least one line is required", "Lines");
  return input.map((raw, index) => {
    const line = raw as Record<string, unknown>;
    const total = Number(line.Total);
    if (!Number.isFinite(total)) throw validation("Each line needs a Total", `Lines[${index}].Total`);
    const accountUid = uidOf(line.Account);
    const account = accountUid ? file.accounts.get(accountUid) : undefined;
    if (accountUid && !account) throw validation("The account of a line was not found", `Lines[${index}].Account.UID`);
    return {
      RowID: index + 1,
      Type: "Transaction",
      Description: String(line.Description ?? ""),
      Total: money(total),
      ...(account ? { Account: { UID: account.UID, DisplayID: account.DisplayID, Name: account.Name } } : {}),
      ...(uidOf(line.TaxCode) ? { TaxCode: { UID: uidOf(line.TaxCode) as string } } : {}),
    };
  });
}

function nextNumber(store: SortedStore<MyobBill> | SortedStore<MyobInvoice>, prefix: string): string {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  for (const entry of store.all()) highest = Math.max(highest, Number(pattern.exec(entry.record.Number)?.[1] ?? 0));
  return `${prefix}-${String(highest + 1).padStart(4, "0")}`;
}

function create(file: MyobFileBook, key: MyobEntityKey, input: Record<string, unknown>): AnyMyobRecord {
  const now = Date.now();
  const stamp = () => ({ LastModified: myobTime(now), RowVersion: nextRowVersion(file) });
  switch (key) {
    case "suppliers":
    case "customers": {
      const name = String(input.CompanyName ?? "").trim();
      if (!name) throw validation("CompanyName is required", "CompanyName");
      const record: MyobContact = { IsIndividual: false, IsActive: true, ...(input as Partial<MyobContact>), UID: randomGuid(), CompanyName: name, ...stamp() };
      file[key].put(record, now);
      return record;
    }
    case "bills":
    case "invoices": {
      const contactKey = key === "bills" ? "Supplier" : "Customer";
      const contactUid = uidOf(input[contactKey]);
      const contact = contactUid ? (key === "bills" ? file.suppliers : file.customers).get(contactUid) : undefined;
      if (!contact) throw validation(`${contactKey} not found`, `${contactKey}.UID`);
      const lines = linesOf(file, input.Lines);
      const taxInclusive = input.IsTaxInclusive === true;
      const totals = myobTotals(lines, taxInclusive);
      const date = day(input.Date, dayString(todayUtc(now)));
      const terms = (input.Terms as MyobBill["Terms"]) ?? {};
      const common = {
        UID: randomGuid(),
        Number: typeof input.Number === "string" && input.Number ? input.Number : nextNumber(key === "bills" ? file.bills : file.invoices, key === "bills" ? "MB" : "MI"),
        Date: date,
        Terms: { ...terms, ...(terms.DueDate ? { DueDate: day(terms.DueDate, date), BalanceDueDate: day(terms.DueDate, date) } : {}) },
        Lines: lines,
        ...totals,
        BalanceDueAmount: totals.TotalAmount,
        IsTaxInclusive: taxInclusive,
        ...stamp(),
      };
      if (key === "bills") {
        const bill: MyobBill = { ...common, Supplier: refOf(contact), Status: "Open", ...(input.SupplierInvoiceNumber ? { SupplierInvoiceNumber: String(input.SupplierInvoiceNumber) } : {}), ...(input.Comment ? { Comment: String(input.Comment) } : {}), ...(input.PurchaseOrderNumber ? { PurchaseOrderNumber: String(input.PurchaseOrderNumber) } : {}) };
        file.bills.put(bill, now);
        return bill;
      }
      const invoice: MyobInvoice = { ...common, Customer: refOf(contact), Status: "Open", ...(input.CustomerPurchaseOrderNumber ? { CustomerPurchaseOrderNumber: String(input.CustomerPurchaseOrderNumber) } : {}) };
      file.invoices.put(invoice, now);
      return invoice;
    }
    case "accounts":
      return createAccount(file, input, now);
    case "supplierPayments":
    case "customerPayments":
      return createPayment(file, key, input, now);
  }
}

function createAccount(file: MyobFileBook, input: Record<string, unknown>, now: number): MyobAccount {
  const name = String(input.Name ?? "").trim();
  if (!name) throw validation("Name is required", "Name");
  const classification = (input.Classification as MyobAccount["Classification"] | undefined) ?? undefined;
  let classDigit: number | undefined;
  let number: number | undefined;
  const displayMatch = typeof input.DisplayID === "string" ? /^(\d)-(\d{4})$/.exec(input.DisplayID.trim()) : null;
  if (displayMatch) {
    classDigit = Number(displayMatch[1]);
    number = Number(displayMatch[2]);
  } else if (input.Number !== undefined && classification && CLASS_DIGIT[classification]) {
    classDigit = CLASS_DIGIT[classification];
    number = Number(input.Number);
  }
  if (classDigit === undefined || number === undefined || !Number.isInteger(number) || number < 1000 || number > 9999) throw validation("DisplayID must be like 1-1245 (or send Number and Classification)", "DisplayID");
  const byDigit = Object.entries(CLASS_DIGIT).find(([, digit]) => digit === classDigit)?.[0] as MyobAccount["Classification"] | undefined;
  if (!byDigit) throw validation("The account's classification digit is not known", "DisplayID");
  const displayId = `${classDigit}-${String(number).padStart(4, "0")}`;
  for (const entry of file.accounts.all()) if (entry.record.DisplayID === displayId) throw validation("The account number is already in use", "DisplayID");
  for (const entry of file.accounts.all()) if (entry.record.Name.toLowerCase() === name.toLowerCase()) throw validation("The account name is already in use", "Name");
  const type = (input.Type as MyobAccount["Type"] | undefined) ?? (byDigit === "Asset" ? "OtherCurrentAsset" : byDigit === "Liability" ? "OtherCurrentLiability" : (byDigit as MyobAccount["Type"]));
  const account = myobAccountRecord(file, { classDigit, number, name, classification: classification ?? byDigit, type, header: input.IsHeader === true }, now, randomGuid());
  file.accounts.put(account, now);
  return account;
}

/** Records a supplier (customer) payment: each line reduces its bill's (invoice's) BalanceDueAmount; 0 closes it. */
function createPayment(file: MyobFileBook, key: "supplierPayments" | "customerPayments", input: Record<string, unknown>, now: number): MyobPayment {
  const supplierSide = key === "supplierPayments";
  const contactKey = supplierSide ? "Supplier" : "Customer";
  const documents = supplierSide ? file.bills : file.invoices;
  const contactUid = uidOf(input[contactKey]);
  const contact = contactUid ? (supplierSide ? file.suppliers : file.customers).get(contactUid) : undefined;
  if (!contact) throw validation(`${contactKey} not found`, `${contactKey}.UID`);
  const accountUid = uidOf(input.Account);
  const account = accountUid ? file.accounts.get(accountUid) : undefined;
  if (!account) throw validation("Account not found", "Account.UID");
  if (!Array.isArray(input.Lines) || !input.Lines.length) throw validation("At least one line is required", "Lines");
  const planned: Array<{ document: MyobBill | MyobInvoice; amount: number }> = [];
  for (const [index, raw] of (input.Lines as Array<Record<string, unknown>>).entries()) {
    const documentUid = uidOf(supplierSide ? raw.Purchase : raw.Sale);
    const document = documentUid ? documents.get(documentUid) : undefined;
    if (!document) throw validation(`The ${supplierSide ? "bill" : "invoice"} of line ${index + 1} was not found`, `Lines[${index}]`);
    const party = supplierSide ? (document as MyobBill).Supplier : (document as MyobInvoice).Customer;
    if (party.UID !== contact.UID) throw validation(`The ${supplierSide ? "bill" : "invoice"} of line ${index + 1} is not of this ${contactKey.toLowerCase()}`, `Lines[${index}]`);
    const amount = money(Number(raw.AmountApplied));
    if (!(amount > 0)) throw validation("AmountApplied must be greater than zero", `Lines[${index}].AmountApplied`);
    const alreadyPlanned = planned.filter((item) => item.document.UID === document.UID).reduce((total, item) => total + item.amount, 0);
    if (amount + alreadyPlanned > document.BalanceDueAmount + 0.000_1) throw validation("AmountApplied is more than the balance due", `Lines[${index}].AmountApplied`);
    planned.push({ document, amount });
  }
  for (const { document, amount } of planned) {
    const current = documents.get(document.UID) as MyobBill & MyobInvoice;
    const balance = money(current.BalanceDueAmount - amount);
    const changed = { ...current, BalanceDueAmount: balance, Status: balance <= 0 ? "Closed" : current.Status, LastModified: myobTime(now), RowVersion: nextRowVersion(file) };
    (documents as SortedStore<MyobBill | MyobInvoice>).put(changed, now);
  }
  const payment: MyobPayment = {
    UID: randomGuid(),
    Number: `PAY-${String(file[key].size + 1).padStart(5, "0")}`,
    Date: day(input.Date, dayString(todayUtc(now))),
    ...(input.Memo ? { Memo: String(input.Memo) } : {}),
    PayFrom: String(input.PayFrom ?? "Account"),
    Account: { UID: account.UID, DisplayID: account.DisplayID, Name: account.Name },
    ...(supplierSide ? { Supplier: refOf(contact) } : { Customer: refOf(contact) }),
    Lines: planned.map(({ document, amount }) => ({ Type: supplierSide ? "Bill" : "Invoice", ...(supplierSide ? { Purchase: { UID: document.UID, DisplayID: document.Number } } : { Sale: { UID: document.UID, DisplayID: document.Number } }), AmountApplied: amount })),
    AmountPaid: money(planned.reduce((total, item) => total + item.amount, 0)),
    LastModified: myobTime(now),
    RowVersion: nextRowVersion(file),
  };
  file[key].put(payment, now);
  return payment;
}

function update(file: MyobFileBook, key: MyobEntityKey, existing: AnyMyobRecord, input: Record<string, unknown>): AnyMyobRecord {
  const now = Date.now();
  const store = storeOf(file, key);
  const fixed = { UID: existing.UID, LastModified: myobTime(now), RowVersion: nextRowVersion(file) };
  let record: AnyMyobRecord;
  if (key === "bills" || key === "invoices") {
    const current = existing as MyobBill;
    const paid = money(current.TotalAmount - current.BalanceDueAmount);
    const lines = input.Lines !== undefined ? linesOf(file, input.Lines) : current.Lines;
    const totals = myobTotals(lines, (input.IsTaxInclusive as boolean | undefined) ?? current.IsTaxInclusive);
    if (totals.TotalAmount < paid) throw validation("The total cannot be less than the amount already paid", "Lines");
    const { URI: _uri, ...rest } = input as Partial<MyobBill>;
    record = { ...current, ...rest, Lines: lines, ...totals, BalanceDueAmount: money(totals.TotalAmount - paid), ...fixed } as MyobBill;
  } else if (key === "supplierPayments" || key === "customerPayments") {
    throw new HttpError(405, myobErrors("MethodNotAllowed", "Payments cannot be changed: delete and record again", null, 405));
  } else {
    const { URI: _uri, ...rest } = input as Partial<AnyMyobRecord>;
    record = { ...existing, ...rest, ...fixed } as AnyMyobRecord;
  }
  store.put(record, now);
  return record;
}
