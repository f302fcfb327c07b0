/**
 * The emulator's books: one organisation holds a Xero tenant and its MYOB company files (one Essentials business, two
 * AccountRight files), each with its records in SortedStores. Wire shapes are Earlybird's types of the real APIs.
 */
import type { MyobAccount, MyobBill, MyobCompanyFile, MyobContact, MyobInvoice, MyobRef } from "../myob/types";
import type { XeroAccount, XeroContact, XeroInvoice, XeroPayment, XeroPurchaseOrder } from "../xero/types";
import type { SortedStore } from "./store";

/** The first answer to a request with an Idempotency-Key, replayed for the same key. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface XeroCreditNote {
  CreditNoteID: string;
  CreditNoteNumber: string;
  Type: "ACCPAYCREDIT" | "ACCRECCREDIT";
  Contact: { ContactID: string; Name: string };
  Date: string;
  Status: "DRAFT" | "AUTHORISED" | "PAID" | "VOIDED";
  SubTotal: number;
  TotalTax: number;
  Total: number;
  RemainingCredit: number;
  CurrencyCode: string;
  UpdatedDateUTC: string;
}

export interface XeroBook {
  tenantId: string;
  contacts: SortedStore<XeroContact>;
  invoices: SortedStore<XeroInvoice>;
  accounts: SortedStore<XeroAccount>;
  payments: SortedStore<XeroPayment>;
  purchaseOrders: SortedStore<XeroPurchaseOrder>;
  creditNotes: SortedStore<XeroCreditNote>;
  idempotency: Map<string, StoredAnswer>;
}

export type MyobProduct = "ESSENTIALS" | "ACCOUNT_RIGHT";

/** A supplier or customer payment as the emulator keeps it (MYOB's SupplierPayment / CustomerPayment). */
export interface MyobPayment {
  UID: string;
  Number?: string;
  Date: string;
  Memo?: string;
  PayFrom?: string;
  Account: MyobRef;
  Supplier?: MyobRef;
  Customer?: MyobRef;
  Lines: Array<{ Type: string; Purchase?: MyobRef; Sale?: MyobRef; AmountApplied: number }>;
  AmountPaid: number;
  LastModified: string;
  RowVersion: string;
  URI?: string;
}

export interface MyobFileBook {
  /** The company file as GET /accountright/ lists it, without its Uri (which depends on the emulator's address). */
  info: Omit<MyobCompanyFile, "Uri">;
  product: MyobProduct;
  suppliers: SortedStore<MyobContact>;
  customers: SortedStore<MyobContact>;
  bills: SortedStore<MyobBill>;
  invoices: SortedStore<MyobInvoice>;
  accounts: SortedStore<MyobAccount>;
  supplierPayments: SortedStore<MyobPayment>;
  customerPayments: SortedStore<MyobPayment>;
  idempotency: Map<string, StoredAnswer>;
  /** The last RowVersion given out in this file. */
  rowVersion: number;
}

export interface Organisation {
  name: string;
  createdMs: number;
  xero: XeroBook;
  myob: MyobFileBook[];
}

export type MyobEntityKey = "suppliers" | "customers" | "bills" | "invoices" | "accounts" | "supplierPayments" | "customerPayments";

/** The file's entity paths (under its Uri) and where each lives. */
export const MYOB_ENTITY_PATHS: Record<string, MyobEntityKey> = {
  "contact/supplier": "suppliers",
  "contact/customer": "customers",
  "purchase/bill/service": "bills",
  "sale/invoice/service": "invoices",
  "generalledger/account": "accounts",
  "purchase/supplierpayment": "supplierPayments",
  "sale/customerpayment": "customerPayments",
};

export const MYOB_ENTITY_URI_PATH: Record<MyobEntityKey, string> = {
  suppliers: "Contact/Supplier",
  customers: "Contact/Customer",
  bills: "Purchase/Bill/Service",
  invoices: "Sale/Invoice/Service",
  accounts: "GeneralLedger/Account",
  supplierPayments: "Purchase/SupplierPayment",
  customerPayments: "Sale/CustomerPayment",
};

export type AnyMyobRecord = MyobContact | MyobBill | MyobInvoice | MyobAccount | MyobPayment;
