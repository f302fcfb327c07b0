/**
 * A small typed client of the emulator's admin API (/admin/...), for tests and the bench:
 * `const admin = emulatorAdmin(emulator.url); await admin.upsertXeroInvoice(await admin.xeroTenantId("Rimu Grocers Ltd"), {...})`.
 */
import type { MyobAccount, MyobBill } from "../myob/types";
import type { XeroAccount, XeroContact, XeroInvoice, XeroInvoiceType, XeroPayment } from "../xero/types";
import type { EmulatorLimits } from "./limits";
import type { MyobPayment } from "./model";

export interface EmulatorOrganisation {
  name: string;
  xeroTenantId: string;
  xero: { contacts: number; invoices: number; accounts: number; payments: number; purchaseOrders: number };
  myobFiles: Array<{ id: string; name: string; product: "ESSENTIALS" | "ACCOUNT_RIGHT"; uri: string; bills: number; invoices: number }>;
}

export interface EmulatorToken {
  token: string;
  kind: "access" | "refresh";
  provider: "xero" | "myob";
  grantId: string;
  organisation: string | null;
  scope: string | null;
  issuedAt: string;
  expiresAt: string;
  expired: boolean;
  revoked: boolean;
}

/** A Xero invoice's fields to set; dates may be "YYYY-MM-DD"; Contact by ContactID or Name. */
export type XeroInvoicePatch = Partial<Omit<XeroInvoice, "Contact" | "LineItems">> & {
  Contact?: { ContactID?: string; Name?: string };
  LineItems?: Array<{ Description: string; Quantity: number; UnitAmount: number; AccountCode?: string; TaxType?: string }>;
};

export type MyobBillPatch = Partial<MyobBill>;

export interface EmulatorAdmin {
  /** Back to the two pre-made organisations: new tenants, grants, tokens, call counts and usage dropped; the limits the emulator started with. */
  reset(): Promise<void>;
  organisations(): Promise<EmulatorOrganisation[]>;
  /** The organisation's Xero tenant id (the organisation is created with its demo books if new). */
  xeroTenantId(organisation: string): Promise<string>;
  /** The organisation's MYOB company files: the Essentials business and the AccountRight Live and Training files. */
  myobFileIds(organisation: string): Promise<{ essentials: string; live: string; training: string }>;
  upsertXeroInvoice(tenantId: string, partial: XeroInvoicePatch): Promise<XeroInvoice>;
  voidXeroInvoice(tenantId: string, invoiceId: string): Promise<XeroInvoice>;
  xeroInvoice(tenantId: string, idOrNumber: string): Promise<XeroInvoice>;
  addXeroInvoices(tenantId: string, options: { count: number; type?: XeroInvoiceType }): Promise<{ added: number; total: number; firstNumber: string; lastNumber: string }>;
  xeroPayments(tenantId: string): Promise<XeroPayment[]>;
  xeroAccounts(tenantId: string): Promise<XeroAccount[]>;
  xeroContacts(tenantId: string): Promise<XeroContact[]>;
  upsertMyobBill(fileId: string, partial: MyobBillPatch): Promise<MyobBill>;
  deleteMyobBill(fileId: string, uid: string): Promise<void>;
  myobBill(fileId: string, uidOrNumber: string): Promise<MyobBill>;
  /** Supplier and customer payments of the file. */
  myobPayments(fileId: string): Promise<MyobPayment[]>;
  myobAccounts(fileId: string): Promise<MyobAccount[]>;
  /** Changes some limits (per tenant: perMinute, perDay, concurrent; appPerMinute; latencyMs); returns them all. */
  setLimits(limits: Partial<EmulatorLimits>): Promise<EmulatorLimits>;
  limits(): Promise<EmulatorLimits>;
  /** The next `count` API calls (Xero or MYOB) answer `status` (default 503). */
  failNext(options: { count: number; status?: number }): Promise<void>;
  /** How many API calls the tenant (Xero) or company file (MYOB) has been sent, refused ones included. */
  calls(tenantIdOrFileId: string): Promise<number>;
  tokens(): Promise<EmulatorToken[]>;
  /** Every access token expires now (the next API call answers 401): to test refreshing. */
  expireAccessTokens(): Promise<number>;
  /** Writes the state file now. */
  save(): Promise<void>;
}

export function emulatorAdmin(url: string): EmulatorAdmin {
  const base = `${url.replace(/\/+$/, "")}/admin`;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`Emulator admin ${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const id = encodeURIComponent;
  const organisation = (name: string) => `organisation=${encodeURIComponent(name)}`;
  return {
    reset: () => call("POST", "/reset"),
    organisations: () => call("GET", "/organisations"),
    xeroTenantId: async (name) => (await call<{ tenantId: string }>("GET", `/xero/tenant?${organisation(name)}`)).tenantId,
    myobFileIds: (name) => call("GET", `/myob/files?${organisation(name)}`),
    upsertXeroInvoice: (tenantId, partial) => call("POST", `/xero/tenants/${id(tenantId)}/invoices`, partial),
    voidXeroInvoice: (tenantId, invoiceId) => call("POST", `/xero/tenants/${id(tenantId)}/invoices/${id(invoiceId)}/void`, {}),
    xeroInvoice: (tenantId, idOrNumber) => call("GET", `/xero/tenants/${id(tenantId)}/invoices/${id(idOrNumber)}`),
    addXeroInvoices: (tenantId, options) => call("POST", `/xero/tenants/${id(tenantId)}/invoices/bulk`, options),
    xeroPayments: (tenantId) => call("GET", `/xero/tenants/${id(tenantId)}/payments`),
    xeroAccounts: (tenantId) => call("GET", `/xero/tenants/${id(tenantId)}/accounts`),
    xeroContacts: (tenantId) => call("GET", `/xero/tenants/${id(tenantId)}/contacts`),
    upsertMyobBill: (fileId, partial) => call("POST", `/myob/files/${id(fileId)}/bills`, partial),
    deleteMyobBill: async (fileId, uid) => {
      await call("DELETE", `/myob/files/${id(fileId)}/bills/${id(uid)}`);
    },
    myobBill: (fileId, uidOrNumber) => call("GET", `/myob/files/${id(fileId)}/bills/${id(uidOrNumber)}`),
    myobPayments: (fileId) => call("GET", `/myob/files/${id(fileId)}/payments`),
    myobAccounts: (fileId) => call("GET", `/myob/files/${id(fileId)}/accounts`),
    setLimits: (limits) => call("POST", "/limits", limits),
    limits: () => call("GET", "/limits"),
    failNext: async (options) => {
      await call("POST", "/fail-next", options);
    },
    calls: async (tenantIdOrFileId) => (await call<{ calls: number }>("GET", `/calls/${id(tenantIdOrFileId)}`)).calls,
    tokens: () => call("GET", "/tokens"),
    expireAccessTokens: async () => (await call<{ expired: number }>("POST", "/tokens/expire-access", {})).expired,
    save: async () => {
      await call("POST", "/save", {});
    },
  };
}
