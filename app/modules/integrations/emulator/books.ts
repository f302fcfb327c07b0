/**
 * The demo organisations' books, generated deterministically from the organisation's name (the same name gives the same
 * ids, numbers, amounts and statuses on every machine; only the dates follow today): contacts that overlap Earlybird's
 * demo companies (names and NZBNs of db/seed) plus a few Earlybird does not know, 40 bills XB-0001… and 40 invoices
 * XI-0001… (MYOB: MB-…, MI-…), a chart of accounts around the suggested codes, and a few purchase orders.
 */
import type { MyobAccount, MyobBill, MyobContact, MyobInvoice, MyobLine } from "../myob/types";
import type { XeroAccount, XeroAccountType, XeroContact, XeroInvoice, XeroInvoiceStatus, XeroInvoiceType, XeroLineItem, XeroPayment, XeroPurchaseOrder } from "../xero/types";
import type { MyobFileBook, MyobPayment, MyobProduct, Organisation, XeroBook, XeroCreditNote } from "./model";
import { SortedStore } from "./store";
import { addDaysTo, between, dayMs, dayString, money, myobTime, nameGuid, seededRandom, todayUtc, xeroDate } from "./util";

/** The pre-made organisations and the e-mail domains that consent for them (db/seed/personas/rimu-tui-trade-pair.ts). */
export const DEMO_ORGANISATIONS = ["Rimu Grocers Ltd", "Tui Trading Ltd"] as const;
const KNOWN_DOMAINS: Record<string, string> = { "rimugrocers.test": "Rimu Grocers Ltd", "tuitrading.test": "Tui Trading Ltd" };

export const DEMO_BILLS = 40;
export const DEMO_INVOICES = 40;
export const DEMO_PURCHASE_ORDERS = 5;
/** The AccountRight company files' own user (x-myobapi-cftoken = base64 of "Administrator:earlybird"). */
export const MYOB_FILE_USER = { username: "Administrator", password: "earlybird" } as const;

/** Domains many unrelated people share: their users are not one organisation. */
const SHARED_DOMAINS = new Set(["example.test", "example.com", "example.org", "example.net", "gmail.com", "outlook.com", "hotmail.com", "yahoo.com", "icloud.com"]);

/**
 * The organisation a consent is for: a known demo e-mail's, else one named from the e-mail's domain (a user at a
 * shared domain such as example.test or gmail.com gets one of their own, named from the part before the @).
 */
export function organisationForEmail(email: string | null | undefined): string {
  const [local = "", domain] = (email ?? "").trim().toLowerCase().split("@");
  if (!domain) return DEMO_ORGANISATIONS[0];
  const known = KNOWN_DOMAINS[domain];
  if (known) return known;
  const label = (SHARED_DOMAINS.has(domain) ? local : domain.split(".")[0]).replace(/[^a-z0-9]+/g, " ").trim();
  if (!label) return DEMO_ORGANISATIONS[0];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} Ltd`;
}

interface DemoContact {
  name: string;
  nzbn?: string;
  gst?: string;
  city: string;
  /** Also on Earlybird (the demo seed): matched by NZBN or name. */
  known: boolean;
}

/** Earlybird's demo companies (db/seed/personas) and four businesses Earlybird does not know. */
const DEMO_CONTACTS: DemoContact[] = [
  { name: "Tui Trading Ltd", nzbn: "9429045556789", city: "Nelson", known: true },
  { name: "Rimu Grocers Ltd", nzbn: "9429045551234", city: "Palmerston North", known: true },
  { name: "Kiwi Supplies Ltd", nzbn: "9429047654321", city: "Auckland", known: true },
  { name: "Harbour Foods Ltd", nzbn: "9429041234567", city: "Wellington", known: true },
  { name: "Kauri Timber Co Ltd", nzbn: "9429043456789", city: "Whangarei", known: true },
  { name: "Mudflat Logistics Limited", nzbn: "9429048812344", city: "Tauranga", known: true },
  { name: "Pukeko Plumbing Limited", nzbn: "9429048881234", city: "Hamilton", known: true },
  { name: "Rata Catering Ltd", city: "Nelson", known: true },
  { name: "Kea Cleaning Services Ltd", nzbn: "9429049990011", gst: "131-455-802", city: "Christchurch", known: false },
  { name: "Weta Print House Ltd", nzbn: "9429049990028", gst: "118-220-517", city: "Dunedin", known: false },
  { name: "Moa Office Supplies Ltd", city: "Napier", known: false },
  { name: "Kaka Couriers Ltd", gst: "124-990-310", city: "Rotorua", known: false },
];

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

function contactsFor(organisation: string): DemoContact[] {
  const own = squash(organisation);
  return DEMO_CONTACTS.filter((contact) => squash(contact.name) !== own);
}

/** Bill/invoice number `index` (1-based): statuses mostly AUTHORISED, some DRAFT, PAID, VOIDED, two part paid. */
export function demoStatus(index: number): { status: XeroInvoiceStatus; paidShare: number } {
  if (index % 20 === 0) return { status: "VOIDED", paidShare: 0 };
  if (index % 10 === 3) return { status: "DRAFT", paidShare: 0 };
  if (index % 10 === 7) return { status: "PAID", paidShare: 1 };
  if (index % 20 === 5) return { status: "AUTHORISED", paidShare: 0.5 };
  return { status: "AUTHORISED", paidShare: 0 };
}

export function emptyXeroBook(tenantId: string): XeroBook {
  return {
    tenantId,
    contacts: new SortedStore((record) => record.ContactID),
    invoices: new SortedStore((record) => record.InvoiceID),
    accounts: new SortedStore((record) => record.AccountID),
    payments: new SortedStore((record) => record.PaymentID),
    purchaseOrders: new SortedStore((record) => record.PurchaseOrderID),
    creditNotes: new SortedStore<XeroCreditNote>((record) => record.CreditNoteID),
    idempotency: new Map(),
  };
}

export function emptyMyobFile(info: MyobFileBook["info"], product: MyobProduct): MyobFileBook {
  return {
    info,
    product,
    suppliers: new SortedStore<MyobContact>((record) => record.UID),
    customers: new SortedStore<MyobContact>((record) => record.UID),
    bills: new SortedStore<MyobBill>((record) => record.UID),
    invoices: new SortedStore<MyobInvoice>((record) => record.UID),
    accounts: new SortedStore<MyobAccount>((record) => record.UID),
    supplierPayments: new SortedStore<MyobPayment>((record) => record.UID),
    customerPayments: new SortedStore<MyobPayment>((record) => record.UID),
    idempotency: new Map(),
    rowVersion: 0,
  };
}

export function xeroTenantIdOf(organisation: string): string {
  return nameGuid("xero-tenant", organisation);
}

export function myobFileInfos(organisation: string): Array<{ info: MyobFileBook["info"]; product: MyobProduct }> {
  const country = /\bpty\b/i.test(organisation) ? "AU" : "NZ";
  const serial = (kind: string) => String(parseInt(nameGuid("serial", organisation, kind).replace(/-/g, "").slice(0, 10), 16)).padStart(12, "0").slice(0, 12);
  const file = (kind: string, name: string, product: MyobProduct) => ({
    product,
    info: {
      Id: nameGuid("myob-file", organisation, kind),
      Name: name,
      LibraryPath: product === "ESSENTIALS" ? name : `${name}.myox`,
      ProductVersion: "2026.4",
      ProductLevel: product === "ESSENTIALS" ? { Code: 10, Name: "Essentials" } : { Code: 20, Name: "Standard" },
      CheckedOutDate: null,
      CheckedOutBy: null,
      Country: country,
      SerialNumber: serial(kind),
    },
  });
  return [
    file("essentials", organisation, "ESSENTIALS"),
    file("live", `${organisation} (Live)`, "ACCOUNT_RIGHT"),
    file("training", `${organisation} (Training)`, "ACCOUNT_RIGHT"),
  ];
}

/** A new organisation with its demo books (created at `now`; records' change times just before it). */
export function newOrganisation(name: string, now = Date.now()): Organisation {
  const xero = emptyXeroBook(xeroTenantIdOf(name));
  fillXeroBook(name, xero, now);
  const myob = myobFileInfos(name).map(({ info, product }) => {
    const book = emptyMyobFile(info, product);
    fillMyobFile(name, book, now);
    return book;
  });
  return { name, createdMs: now, xero, myob };
}

// ----------------------------------------------------------------------------------------------------------------- Xero

const XERO_ACCOUNTS: Array<[code: string, name: string, type: XeroAccountType]> = [
  ["090", "Business Bank Account", "BANK"],
  ["091", "Business Savings Account", "BANK"],
  ["200", "Sales", "REVENUE"],
  ["260", "Other Revenue", "REVENUE"],
  ["270", "Interest Income", "REVENUE"],
  // Earlybird suggests 280 for cashback income: taken here, so the suggestion moves on to 281.
  ["280", "Supplier Rebates", "OTHERINCOME"],
  ["300", "Purchases", "DIRECTCOSTS"],
  ["310", "Cost of Goods Sold", "DIRECTCOSTS"],
  ["400", "Advertising", "OVERHEADS"],
  ["404", "Bank Fees", "OVERHEADS"],
  ["429", "General Expenses", "OVERHEADS"],
  ["477", "Wages and Salaries", "OVERHEADS"],
  ["481", "Legal Expenses", "OVERHEADS"],
  ["485", "Subscriptions", "OVERHEADS"],
  ["489", "Telephone & Internet", "OVERHEADS"],
  ["610", "Accounts Receivable", "CURRENT"],
  ["800", "Accounts Payable", "CURRLIAB"],
  ["820", "GST", "CURRLIAB"],
];

const CLASS_OF: Record<XeroAccountType, XeroAccount["Class"]> = {
  BANK: "ASSET", CURRENT: "ASSET", FIXED: "ASSET", INVENTORY: "ASSET", NONCURRENT: "ASSET", PREPAYMENT: "ASSET",
  CURRLIAB: "LIABILITY", LIABILITY: "LIABILITY", TERMLIAB: "LIABILITY",
  EQUITY: "EQUITY",
  DEPRECIATN: "EXPENSE", DIRECTCOSTS: "EXPENSE", EXPENSE: "EXPENSE", OVERHEADS: "EXPENSE",
  OTHERINCOME: "REVENUE", REVENUE: "REVENUE", SALES: "REVENUE",
};

export function xeroAccountRecord(tenantId: string, input: { Code: string; Name: string; Type: XeroAccountType; BankAccountNumber?: string; TaxType?: string; EnablePaymentsToAccount?: boolean }, ms: number, accountId = nameGuid("xero-account", tenantId, input.Code)): XeroAccount {
  const bank = input.Type === "BANK";
  return {
    AccountID: accountId,
    Code: input.Code,
    Name: input.Name,
    Type: input.Type,
    Status: "ACTIVE",
    Class: CLASS_OF[input.Type] ?? "EXPENSE",
    TaxType: input.TaxType ?? (bank ? "NONE" : CLASS_OF[input.Type] === "REVENUE" ? "OUTPUT2" : "INPUT2"),
    ...(bank ? { BankAccountNumber: input.BankAccountNumber ?? `12-3100-${input.Code.padStart(7, "0")}-00` } : {}),
    EnablePaymentsToAccount: input.EnablePaymentsToAccount ?? bank,
    UpdatedDateUTC: xeroDate(ms),
  };
}

/** Line amounts, GST at 15 % on exclusive lines, and the invoice's totals. */
export function xeroTotals(lines: Array<{ Description: string; Quantity: number; UnitAmount: number; AccountCode?: string; TaxType?: string; LineAmount?: number }>, amountTypes: XeroInvoice["LineAmountTypes"], type: XeroInvoiceType, tenantId: string, invoiceId: string): { LineItems: XeroLineItem[]; SubTotal: number; TotalTax: number; Total: number } {
  let subTotal = 0;
  let totalTax = 0;
  const items = lines.map((line, index) => {
    const lineAmount = money(line.LineAmount ?? line.Quantity * line.UnitAmount);
    const tax = amountTypes === "NoTax" ? 0 : amountTypes === "Inclusive" ? money(lineAmount - lineAmount / 1.15) : money(lineAmount * 0.15);
    subTotal += amountTypes === "Inclusive" ? lineAmount - tax : lineAmount;
    totalTax += tax;
    return {
      LineItemID: nameGuid("xero-line", tenantId, invoiceId, index),
      Description: line.Description,
      Quantity: line.Quantity,
      UnitAmount: line.UnitAmount,
      AccountCode: line.AccountCode ?? (type === "ACCPAY" ? "300" : "200"),
      TaxType: line.TaxType ?? (amountTypes === "NoTax" ? "NONE" : type === "ACCPAY" ? "INPUT2" : "OUTPUT2"),
      TaxAmount: tax,
      LineAmount: lineAmount,
    };
  });
  subTotal = money(subTotal);
  totalTax = money(totalTax);
  return { LineItems: items, SubTotal: subTotal, TotalTax: totalTax, Total: money(subTotal + totalTax) };
}

function xeroContactRecord(tenantId: string, contact: DemoContact, index: number, ms: number): XeroContact {
  const email = `accounts@${squash(contact.name.replace(/\b(ltd|limited|co)\b/gi, ""))}.test`;
  return {
    ContactID: nameGuid("xero-contact", tenantId, contact.name),
    ContactNumber: `C-${String(index + 1).padStart(3, "0")}`,
    ContactStatus: "ACTIVE",
    Name: contact.name,
    EmailAddress: email,
    ...(contact.nzbn ? { CompanyNumber: contact.nzbn } : {}),
    ...(contact.gst ? { TaxNumber: contact.gst } : {}),
    IsSupplier: true,
    IsCustomer: true,
    Addresses: [{ AddressType: "STREET", AddressLine1: `${10 + index} Main Street`, City: contact.city, Country: "New Zealand" }],
    UpdatedDateUTC: xeroDate(ms),
  };
}

/** The generated lines of demo document `index` (1-based) of a kind. */
function demoLines(random: () => number, kind: "bill" | "invoice"): Array<{ Description: string; Quantity: number; UnitAmount: number; AccountCode: string }> {
  const count = between(random, 1, 2);
  const lines = [];
  for (let line = 0; line < count; line += 1) {
    const quantity = between(random, 1, 12);
    const unit = money(between(random, 1_500, 180_000) / 100);
    const what = kind === "bill" ? ["Stock", "Freight", "Cleaning", "Packaging", "Maintenance"] : ["Goods sold", "Delivery", "Catering", "Consulting", "Supplies"];
    lines.push({ Description: `${what[between(random, 0, what.length - 1)]} (${quantity} × ${unit.toFixed(2)})`, Quantity: quantity, UnitAmount: unit, AccountCode: kind === "bill" ? (line ? "429" : "300") : "200" });
  }
  return lines;
}

function fillXeroBook(organisation: string, book: XeroBook, now: number): void {
  const tenantId = book.tenantId;
  const random = seededRandom(`xero:${organisation}`);
  const today = todayUtc(now);
  let ms = now - 3_600_000;
  const tick = () => (ms += 1000);
  for (const [code, name, type] of XERO_ACCOUNTS) book.accounts.put(xeroAccountRecord(tenantId, { Code: code, Name: name, Type: type }, tick()), ms);
  const contacts = contactsFor(organisation).map((contact, index) => xeroContactRecord(tenantId, contact, index, tick()));
  for (const contact of contacts) book.contacts.put(contact, parseInt(contact.UpdatedDateUTC.slice(6), 10));
  const bank = book.accounts.all().find((entry) => entry.record.Code === "090")?.record as XeroAccount;
  for (const [type, prefix, total] of [["ACCPAY", "XB", DEMO_BILLS], ["ACCREC", "XI", DEMO_INVOICES]] as const) {
    for (let index = 1; index <= total; index += 1) {
      const contact = contacts[(index - 1) % contacts.length];
      const issued = addDaysTo(today, -between(random, 3, 50));
      const due = addDaysTo(issued, between(random, 14, 45));
      const lines = demoLines(random, type === "ACCPAY" ? "bill" : "invoice");
      const { status, paidShare } = demoStatus(index);
      const invoiceId = nameGuid("xero-invoice", tenantId, type, index);
      const totals = xeroTotals(lines, "Exclusive", type, tenantId, invoiceId);
      const paid = money(totals.Total * paidShare);
      const changed = tick();
      const invoice: XeroInvoice = {
        InvoiceID: invoiceId,
        Type: type,
        InvoiceNumber: `${prefix}-${String(index).padStart(4, "0")}`,
        Reference: type === "ACCPAY" ? `PO-${String(index).padStart(4, "0")}` : `Order ${1000 + index}`,
        Contact: { ContactID: contact.ContactID, Name: contact.Name },
        Date: xeroDate(dayMs(issued)),
        DueDate: xeroDate(dayMs(due)),
        DateString: dayString(issued),
        DueDateString: dayString(due),
        Status: status,
        LineAmountTypes: "Exclusive",
        ...totals,
        AmountDue: status === "VOIDED" ? 0 : money(totals.Total - paid),
        AmountPaid: paid,
        AmountCredited: 0,
        CurrencyCode: "NZD",
        UpdatedDateUTC: xeroDate(changed),
        HasAttachments: false,
      };
      book.invoices.put(invoice, changed);
      if (paid > 0) {
        const payment: XeroPayment = {
          PaymentID: nameGuid("xero-payment", tenantId, invoiceId),
          Invoice: { InvoiceID: invoiceId, InvoiceNumber: invoice.InvoiceNumber },
          Account: { AccountID: bank.AccountID, Code: bank.Code },
          Date: xeroDate(dayMs(addDaysTo(issued, 2))),
          Amount: paid,
          Reference: `Payment ${invoice.InvoiceNumber}`,
          Status: "AUTHORISED",
          PaymentType: type === "ACCPAY" ? "ACCPAYPAYMENT" : "ACCRECPAYMENT",
          UpdatedDateUTC: xeroDate(changed),
        };
        book.payments.put(payment, changed);
      }
    }
  }
  const poStatuses: XeroPurchaseOrder["Status"][] = ["AUTHORISED", "AUTHORISED", "BILLED", "DRAFT", "SUBMITTED"];
  for (let index = 1; index <= DEMO_PURCHASE_ORDERS; index += 1) {
    const contact = contacts[(index - 1) % contacts.length];
    const issued = addDaysTo(today, -between(random, 5, 40));
    const id = nameGuid("xero-po", tenantId, index);
    const totals = xeroTotals(demoLines(random, "bill"), "Exclusive", "ACCPAY", tenantId, id);
    const changed = tick();
    book.purchaseOrders.put(
      {
        PurchaseOrderID: id,
        PurchaseOrderNumber: `PO-${String(index).padStart(4, "0")}`,
        Reference: `Order for ${contact.Name}`,
        Contact: { ContactID: contact.ContactID, Name: contact.Name },
        Date: xeroDate(dayMs(issued)),
        DeliveryDate: xeroDate(dayMs(addDaysTo(issued, 14))),
        Status: poStatuses[index - 1],
        ...totals,
        CurrencyCode: "NZD",
        UpdatedDateUTC: xeroDate(changed),
      },
      changed,
    );
  }
}

// ----------------------------------------------------------------------------------------------------------------- MYOB

const MYOB_ACCOUNTS: Array<[classDigit: number, number: number, name: string, classification: MyobAccount["Classification"], type: MyobAccount["Type"], header?: boolean]> = [
  [1, 1000, "Current Assets", "Asset", "OtherCurrentAsset", true],
  [1, 1110, "Cheque Account", "Asset", "Bank"],
  [1, 1180, "Electronic Clearing Account", "Asset", "Bank"],
  [1, 1200, "Trade Debtors", "Asset", "AccountReceivable"],
  [1, 1240, "Undeposited Funds", "Asset", "Bank"],
  [1, 1250, "Petty Cash", "Asset", "Bank"],
  // Earlybird suggests 1500 for cashback income: taken here, so the suggestion moves on.
  [1, 1500, "Prepayments", "Asset", "OtherCurrentAsset"],
  [2, 1200, "Trade Creditors", "Liability", "AccountsPayable"],
  [2, 1310, "GST Collected", "Liability", "OtherCurrentLiability"],
  [2, 1330, "GST Paid", "Liability", "OtherCurrentLiability"],
  [4, 1000, "Sales", "Income", "Income"],
  [5, 1000, "Purchases", "CostOfSales", "CostOfSales"],
  [6, 1100, "Bank Charges", "Expense", "Expense"],
  [6, 1800, "General Expenses", "Expense", "Expense"],
  [6, 1910, "Subscriptions", "Expense", "Expense"],
  [8, 1000, "Interest Income", "OtherIncome", "OtherIncome"],
];

export function nextRowVersion(file: MyobFileBook): string {
  file.rowVersion += 1;
  return String(file.rowVersion);
}

export function myobAccountRecord(file: MyobFileBook, input: { classDigit: number; number: number; name: string; classification: MyobAccount["Classification"]; type: MyobAccount["Type"]; header?: boolean }, ms: number, uid = nameGuid("myob-account", file.info.Id, input.classDigit, input.number)): MyobAccount {
  return {
    UID: uid,
    Name: input.name,
    DisplayID: `${input.classDigit}-${String(input.number).padStart(4, "0")}`,
    Number: input.number,
    Classification: input.classification,
    Type: input.type,
    IsHeader: input.header ?? false,
    IsActive: true,
    LastModified: myobTime(ms),
    RowVersion: nextRowVersion(file),
  };
}

/** MYOB lines: totals tax exclusive with GST at 15 %. */
export function myobTotals(lines: MyobLine[], taxInclusive: boolean): { Subtotal: number; TotalTax: number; TotalAmount: number } {
  const sum = money(lines.reduce((total, line) => total + line.Total, 0));
  if (taxInclusive) {
    const tax = money(sum - sum / 1.15);
    return { Subtotal: money(sum - tax), TotalTax: tax, TotalAmount: sum };
  }
  const tax = money(sum * 0.15);
  return { Subtotal: sum, TotalTax: tax, TotalAmount: money(sum + tax) };
}

function fillMyobFile(organisation: string, file: MyobFileBook, now: number): void {
  const fileId = file.info.Id;
  // The same books in every file of the organisation (as a training copy of the live file would be), own ids each.
  const random = seededRandom(`myob:${organisation}`);
  const today = todayUtc(now);
  let ms = now - 3_600_000;
  const tick = () => (ms += 1000);
  for (const [classDigit, number, name, classification, type, header] of MYOB_ACCOUNTS) {
    const at = tick();
    file.accounts.put(myobAccountRecord(file, { classDigit, number, name, classification, type, header }, at), at);
  }
  const account = (displayId: string) => file.accounts.all().find((entry) => entry.record.DisplayID === displayId)?.record as MyobAccount;
  const purchases = account("5-1000");
  const sales = account("4-1000");
  const contactOf = (kind: "supplier" | "customer", contact: DemoContact, index: number): MyobContact => {
    const at = tick();
    return {
      UID: nameGuid("myob-contact", fileId, kind, contact.name),
      CompanyName: contact.name,
      IsIndividual: false,
      DisplayID: `${kind === "supplier" ? "SUP" : "CUS"}${String(index + 1).padStart(3, "0")}`,
      IsActive: true,
      ...(contact.nzbn ? { ABN: contact.nzbn } : {}),
      ...(contact.gst ? { GSTNumber: contact.gst } : {}),
      Addresses: [{ Location: 1, Street: `${10 + index} Main Street`, City: contact.city, Country: "New Zealand", Email: `accounts@${squash(contact.name.replace(/\b(ltd|limited|co)\b/gi, ""))}.test` }],
      LastModified: myobTime(at),
      RowVersion: nextRowVersion(file),
    };
  };
  const demo = contactsFor(organisation);
  const suppliers = demo.map((contact, index) => contactOf("supplier", contact, index));
  const customers = demo.map((contact, index) => contactOf("customer", contact, index));
  for (const record of suppliers) file.suppliers.put(record, Date.parse(`${record.LastModified}Z`));
  for (const record of customers) file.customers.put(record, Date.parse(`${record.LastModified}Z`));
  for (const kind of ["bill", "invoice"] as const) {
    const total = kind === "bill" ? DEMO_BILLS : DEMO_INVOICES;
    for (let index = 1; index <= total; index += 1) {
      const issued = addDaysTo(today, -between(random, 3, 50));
      const due = addDaysTo(issued, between(random, 14, 45));
      const lines: MyobLine[] = demoLines(random, kind).map((line, row) => ({
        RowID: row + 1,
        Type: "Transaction",
        Description: line.Description,
        Total: money(line.Quantity * line.UnitAmount),
        Account: { UID: (kind === "bill" ? purchases : sales).UID, DisplayID: (kind === "bill" ? purchases : sales).DisplayID, Name: (kind === "bill" ? purchases : sales).Name },
        TaxCode: { UID: nameGuid("myob-taxcode", fileId, "GST"), DisplayID: "GST" },
      }));
      const totals = myobTotals(lines, false);
      const { status } = demoStatus(index);
      // MYOB has no draft or voided bills in this list: those numbers are open ones here; paid ones are Closed.
      const closed = status === "PAID";
      const at = tick();
      const common = {
        UID: nameGuid(`myob-${kind}`, fileId, index),
        Number: `${kind === "bill" ? "MB" : "MI"}-${String(index).padStart(4, "0")}`,
        Date: dayString(issued),
        Terms: { DueDate: dayString(due), BalanceDueDate: dayString(due) },
        Lines: lines,
        ...totals,
        BalanceDueAmount: closed ? 0 : totals.TotalAmount,
        IsTaxInclusive: false,
        LastModified: myobTime(at),
        RowVersion: nextRowVersion(file),
      };
      if (kind === "bill") {
        const supplier = suppliers[(index - 1) % suppliers.length];
        const bill: MyobBill = { ...common, SupplierInvoiceNumber: `INV-${String(7000 + index)}`, Supplier: { UID: supplier.UID, Name: supplier.CompanyName, DisplayID: supplier.DisplayID }, Status: closed ? "Closed" : "Open" };
        file.bills.put(bill, at);
      } else {
        const customer = customers[(index - 1) % customers.length];
        const invoice: MyobInvoice = { ...common, CustomerPurchaseOrderNumber: `PO-${String(index).padStart(4, "0")}`, Customer: { UID: customer.UID, Name: customer.CompanyName, DisplayID: customer.DisplayID }, Status: closed ? "Closed" : "Open" };
        file.invoices.put(invoice, at);
      }
    }
  }
}
