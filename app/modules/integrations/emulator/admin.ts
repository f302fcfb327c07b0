/**
 * The emulator's admin API (/admin/..., JSON), for tests and the bench: reset, look up tenants and company files, add or
 * change records as if someone worked in Xero or MYOB, set the rate limits, inject failures, count calls, see tokens.
 * It has no authentication: the emulator listens on loopback only and never runs in production.
 */
import type { MyobBill, MyobLine } from "../myob/types";
import type { XeroInvoice, XeroInvoiceType } from "../xero/types";
import { myobTotals, nextRowVersion, xeroTotals } from "./books";
import type { EmulatorContext, RequestInfo } from "./context";
import type { MyobFileBook, Organisation, XeroBook } from "./model";
import { addDaysTo, between, dayMs, dayString, HttpError, money, myobTime, parseXeroDate, randomGuid, seededRandom, sendJson, todayUtc, xeroDate } from "./util";

const notFound = (what: string) => new HttpError(404, { error: "not_found", message: `${what} not found` });

function json(body: string): Record<string, unknown> {
  if (!body) return {};
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, { error: "invalid_json" });
  }
}

function organisationSummary(context: EmulatorContext, organisation: Organisation) {
  return {
    name: organisation.name,
    xeroTenantId: organisation.xero.tenantId,
    xero: { contacts: organisation.xero.contacts.size, invoices: organisation.xero.invoices.size, accounts: organisation.xero.accounts.size, payments: organisation.xero.payments.size, purchaseOrders: organisation.xero.purchaseOrders.size },
    myobFiles: organisation.myob.map((file) => ({ id: file.info.Id, name: file.info.Name, product: file.product, uri: `${context.baseUrl()}/myob/api/accountright/${file.info.Id}`, bills: file.bills.size, invoices: file.invoices.size })),
  };
}

function tenantBook(context: EmulatorContext, tenantId: string): XeroBook {
  const organisation = context.state.tenant(tenantId);
  if (!organisation) throw notFound(`Xero tenant ${tenantId}`);
  return organisation.xero;
}

function fileBook(context: EmulatorContext, fileId: string): MyobFileBook {
  const found = context.state.companyFile(fileId);
  if (!found) throw notFound(`MYOB company file ${fileId}`);
  return found.file;
}

function dateValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.startsWith("/Date(") ? value : /^\d{4}-\d{2}-\d{2}/.test(value) ? xeroDate(dayMs(value.slice(0, 10))) : undefined;
}

function nextXeroNumber(book: XeroBook, prefix: string): number {
  let highest = 0;
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  for (const entry of book.invoices.all()) {
    const match = pattern.exec(entry.record.InvoiceNumber);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

/** Creates or changes a Xero invoice as someone working in Xero would; its UpdatedDateUTC becomes now. */
function upsertXeroInvoice(book: XeroBook, partial: Record<string, unknown>): XeroInvoice {
  const now = Date.now();
  const existing = typeof partial.InvoiceID === "string" ? book.invoices.get(partial.InvoiceID) : undefined;
  const base: XeroInvoice = existing ?? (() => {
    const type = (partial.Type as XeroInvoiceType | undefined) ?? "ACCPAY";
    const contact = book.contacts.all()[0]?.record;
    const today = todayUtc(now);
    const id = typeof partial.InvoiceID === "string" ? partial.InvoiceID : randomGuid();
    const totals = xeroTotals([{ Description: "Emulator bill", Quantity: 1, UnitAmount: 100 }], "Exclusive", type, book.tenantId, id);
    const prefix = type === "ACCPAY" ? "XB" : "XI";
    return {
      InvoiceID: id,
      Type: type,
      InvoiceNumber: `${prefix}-${String(nextXeroNumber(book, prefix)).padStart(4, "0")}`,
      Contact: { ContactID: contact?.ContactID ?? randomGuid(), Name: contact?.Name ?? "Emulator contact" },
      Date: xeroDate(dayMs(today)),
      DueDate: xeroDate(dayMs(addDaysTo(today, 30))),
      Status: "AUTHORISED",
      LineAmountTypes: "Exclusive",
      ...totals,
      AmountDue: totals.Total,
      AmountPaid: 0,
      AmountCredited: 0,
      CurrencyCode: "NZD",
      UpdatedDateUTC: xeroDate(now),
    };
  })();
  const merged: XeroInvoice = { ...base, ...(partial as Partial<XeroInvoice>), InvoiceID: base.InvoiceID };
  const date = dateValue(partial.Date);
  const due = dateValue(partial.DueDate);
  if (date) merged.Date = date;
  if (due) merged.DueDate = due;
  if (typeof partial.Contact === "object" && partial.Contact) {
    const wanted = partial.Contact as { ContactID?: string; Name?: string };
    const contact = wanted.ContactID ? book.contacts.get(wanted.ContactID) : book.contacts.all().find((entry) => entry.record.Name === wanted.Name)?.record;
    merged.Contact = contact ? { ContactID: contact.ContactID, Name: contact.Name } : { ContactID: wanted.ContactID ?? randomGuid(), Name: wanted.Name ?? "Emulator contact" };
  }
  if (Array.isArray(partial.LineItems)) {
    const totals = xeroTotals(partial.LineItems as Array<{ Description: string; Quantity: number; UnitAmount: number }>, merged.LineAmountTypes, merged.Type, book.tenantId, merged.InvoiceID);
    Object.assign(merged, totals);
    if (partial.AmountDue === undefined) merged.AmountDue = money(totals.Total - merged.AmountPaid - merged.AmountCredited);
  }
  if (partial.Status === "PAID" && partial.AmountDue === undefined) {
    merged.AmountPaid = money(merged.Total - merged.AmountCredited);
    merged.AmountDue = 0;
  }
  if ((partial.Status === "VOIDED" || partial.Status === "DELETED") && partial.AmountDue === undefined) merged.AmountDue = 0;
  merged.DateString = dayString(new Date(parseXeroDate(merged.Date)).toISOString().slice(0, 10));
  merged.DueDateString = dayString(new Date(parseXeroDate(merged.DueDate)).toISOString().slice(0, 10));
  merged.UpdatedDateUTC = xeroDate(now);
  book.invoices.put(merged, now);
  return merged;
}

/** Adds `count` AUTHORISED invoices at once (the bench's 100,000): numbered on from the highest, one line each. */
function addXeroInvoices(book: XeroBook, count: number, type: XeroInvoiceType): { added: number; total: number; firstNumber: string; lastNumber: string } {
  // One change time for the lot, on a whole second: a client that sends If-Modified-Since to the second (as most do)
  // then gets none of them back on its next incremental sync.
  const now = Math.max(Math.floor(Date.now() / 1000) * 1000, book.invoices.lastMs);
  const prefix = type === "ACCPAY" ? "XB" : "XI";
  const start = nextXeroNumber(book, prefix);
  const contacts = book.contacts.all().map((entry) => entry.record);
  const random = seededRandom(`bulk:${book.tenantId}:${start}:${count}`);
  const today = todayUtc(now);
  const dateOf = new Map<number, string>();
  const dayFor = (offset: number) => {
    let value = dateOf.get(offset);
    if (!value) dateOf.set(offset, (value = xeroDate(dayMs(addDaysTo(today, offset)))));
    return value;
  };
  const width = 4;
  for (let index = 0; index < count; index += 1) {
    const contact = contacts[index % contacts.length];
    const unit = money(between(random, 1_000, 500_000) / 100);
    const tax = money(unit * 0.15);
    const issued = -between(random, 1, 60);
    const number = `${prefix}-${String(start + index).padStart(width, "0")}`;
    const invoice: XeroInvoice = {
      InvoiceID: randomGuid(),
      Type: type,
      InvoiceNumber: number,
      Contact: { ContactID: contact.ContactID, Name: contact.Name },
      Date: dayFor(issued),
      DueDate: dayFor(issued + 30),
      Status: "AUTHORISED",
      LineAmountTypes: "Exclusive",
      LineItems: [{ LineItemID: randomGuid(), Description: "Goods", Quantity: 1, UnitAmount: unit, AccountCode: type === "ACCPAY" ? "300" : "200", TaxType: type === "ACCPAY" ? "INPUT2" : "OUTPUT2", TaxAmount: tax, LineAmount: unit }],
      SubTotal: unit,
      TotalTax: tax,
      Total: money(unit + tax),
      AmountDue: money(unit + tax),
      AmountPaid: 0,
      AmountCredited: 0,
      CurrencyCode: "NZD",
      UpdatedDateUTC: xeroDate(now),
    };
    book.invoices.put(invoice, now);
  }
  return { added: count, total: book.invoices.size, firstNumber: `${prefix}-${String(start).padStart(width, "0")}`, lastNumber: `${prefix}-${String(start + count - 1).padStart(width, "0")}` };
}

/** Creates or changes a MYOB bill; LastModified becomes now and RowVersion moves on. */
function upsertMyobBill(file: MyobFileBook, partial: Record<string, unknown>): MyobBill {
  const now = Date.now();
  const existing = typeof partial.UID === "string" ? file.bills.get(partial.UID) : undefined;
  const base: MyobBill = existing ?? (() => {
    const supplier = file.suppliers.all()[0]?.record;
    const account = file.accounts.all().find((entry) => entry.record.DisplayID === "5-1000")?.record;
    const lines: MyobLine[] = [{ RowID: 1, Type: "Transaction", Description: "Emulator bill", Total: 100, ...(account ? { Account: { UID: account.UID, DisplayID: account.DisplayID } } : {}) }];
    const totals = myobTotals(lines, false);
    let highest = 0;
    for (const entry of file.bills.all()) highest = Math.max(highest, Number(/^MB-(\d+)$/.exec(entry.record.Number)?.[1] ?? 0));
    const today = todayUtc(now);
    return {
      UID: typeof partial.UID === "string" ? partial.UID : randomGuid(),
      Number: `MB-${String(highest + 1).padStart(4, "0")}`,
      Date: dayString(today),
      Supplier: { UID: supplier?.UID ?? randomGuid(), Name: supplier?.CompanyName ?? "Emulator supplier" },
      Status: "Open",
      Terms: { DueDate: dayString(addDaysTo(today, 30)), BalanceDueDate: dayString(addDaysTo(today, 30)) },
      Lines: lines,
      ...totals,
      BalanceDueAmount: totals.TotalAmount,
      IsTaxInclusive: false,
      LastModified: myobTime(now),
      RowVersion: "0",
    };
  })();
  const merged: MyobBill = { ...base, ...(partial as Partial<MyobBill>), UID: base.UID };
  if (Array.isArray(partial.Lines)) {
    const totals = myobTotals(merged.Lines, merged.IsTaxInclusive);
    Object.assign(merged, totals);
    if (partial.BalanceDueAmount === undefined) merged.BalanceDueAmount = totals.TotalAmount;
  }
  if (partial.Status === "Closed" && partial.BalanceDueAmount === undefined) merged.BalanceDueAmount = 0;
  merged.LastModified = myobTime(now);
  merged.RowVersion = nextRowVersion(file);
  file.bills.put(merged, now);
  return merged;
}

export async function adminApi(context: EmulatorContext, info: RequestInfo, rest: string): Promise<void> {
  const { state } = context;
  const body = json(info.body);
  const params = info.url.searchParams;
  const method = info.method;
  const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
  const send = (value: unknown, status = 200) => sendJson(info.res, status, value);
  const changed = (value: unknown) => {
    state.changed();
    send(value);
  };
  const [first, second, third, fourth, fifth] = segments;
  const organisationName = () => {
    const name = params.get("organisation") ?? (body.organisation as string | undefined);
    if (!name) throw new HttpError(400, { error: "organisation is required" });
    return name;
  };
  if (method === "POST" && first === "reset" && !second) {
    state.reset();
    context.calls.clear();
    context.limiter.reset();
    return send({ ok: true });
  }
  if (method === "POST" && first === "save") {
    await state.save();
    return send({ ok: true });
  }
  if (method === "GET" && first === "organisations") return send([...state.organisations.values()].map((organisation) => organisationSummary(context, organisation)));
  if (method === "GET" && first === "xero" && second === "tenant") return send({ tenantId: state.organisation(organisationName()).xero.tenantId });
  if (method === "GET" && first === "myob" && second === "files" && !third) {
    const files = state.organisation(organisationName()).myob;
    const of = (product: string, index: number) => files.filter((file) => file.product === product)[index]?.info.Id;
    return send({ essentials: of("ESSENTIALS", 0), live: of("ACCOUNT_RIGHT", 0), training: of("ACCOUNT_RIGHT", 1) });
  }
  if (first === "xero" && second === "tenants" && third) {
    const book = tenantBook(context, third);
    if (fourth === "invoices") {
      if (method === "POST" && fifth === "bulk") {
        const count = Math.min(1_000_000, Math.max(0, Math.floor(Number(body.count ?? 0))));
        return changed(addXeroInvoices(book, count, body.type === "ACCREC" ? "ACCREC" : "ACCPAY"));
      }
      if (method === "POST" && !fifth) return changed(upsertXeroInvoice(book, body));
      if (method === "POST" && fifth && segments[5] === "void") {
        if (!book.invoices.get(fifth)) throw notFound(`Invoice ${fifth}`);
        return changed(upsertXeroInvoice(book, { InvoiceID: fifth, Status: "VOIDED" }));
      }
      if (method === "GET" && fifth) {
        const invoice = book.invoices.get(fifth) ?? book.invoices.all().find((entry) => entry.record.InvoiceNumber === fifth)?.record;
        if (!invoice) throw notFound(`Invoice ${fifth}`);
        return send(invoice);
      }
    }
    if (method === "GET" && fourth === "payments") return send(book.payments.all().map((entry) => entry.record));
    if (method === "GET" && fourth === "accounts") return send(book.accounts.all().map((entry) => entry.record));
    if (method === "GET" && fourth === "contacts") return send(book.contacts.all().map((entry) => entry.record));
  }
  if (first === "myob" && second === "files" && third) {
    const file = fileBook(context, third);
    if (fourth === "bills") {
      if (method === "POST" && !fifth) return changed(upsertMyobBill(file, body));
      if (method === "DELETE" && fifth) {
        if (!file.bills.delete(fifth)) throw notFound(`Bill ${fifth}`);
        return changed({ deleted: fifth });
      }
      if (method === "GET" && fifth) {
        const bill = file.bills.get(fifth) ?? file.bills.all().find((entry) => entry.record.Number === fifth)?.record;
        if (!bill) throw notFound(`Bill ${fifth}`);
        return send(bill);
      }
    }
    if (method === "GET" && fourth === "payments") return send([...file.supplierPayments.all(), ...file.customerPayments.all()].map((entry) => entry.record));
    if (method === "GET" && fourth === "accounts") return send(file.accounts.all().map((entry) => entry.record));
  }
  if (first === "limits") {
    if (method === "POST") context.limiter.set(body as Record<string, number>);
    return send(context.limiter.limits);
  }
  if (method === "POST" && first === "fail-next") {
    context.calls.failNext(Number(body.count ?? 1), Number(body.status ?? 503));
    return send({ ok: true });
  }
  if (method === "GET" && first === "calls" && second) return send({ calls: context.calls.calls(second) });
  if (first === "tokens") {
    if (method === "POST" && second === "expire-access") {
      let expired = 0;
      const past = Date.now() - 1000;
      for (const record of state.tokens.values()) {
        if (record.kind === "access" && record.expiresMs > past) {
          record.expiresMs = past;
          expired += 1;
        }
      }
      return changed({ expired });
    }
    if (method === "GET" && !second) {
      return send(
        [...state.tokens.values()].map((record) => {
          const grant = state.grants.get(record.grantId);
          return { token: record.token, kind: record.kind, provider: record.provider, grantId: record.grantId, organisation: grant?.organisation ?? null, scope: grant?.scope ?? null, issuedAt: new Date(record.issuedMs).toISOString(), expiresAt: new Date(record.expiresMs).toISOString(), expired: record.expiresMs <= Date.now(), revoked: record.revoked || Boolean(grant?.revoked) };
        }),
      );
    }
  }
  throw new HttpError(404, { error: "not_found", message: `No admin route for ${method} /admin${rest}` });
}
