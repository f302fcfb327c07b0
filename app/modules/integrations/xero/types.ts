/**
 * The shapes of Xero's Accounting API that Earlybird reads and writes (../shared/reference/accounting-apis.md), as the
 * real API sends them: PascalCase keys, dates as "/Date(1700000000000+0000)/" in JSON, amounts as decimal numbers of
 * the currency unit (dollars, not cents). The emulator answers with exactly these; the client converts at its edge.
 */

export type XeroInvoiceType = "ACCPAY" | "ACCREC";
export type XeroInvoiceStatus = "DRAFT" | "SUBMITTED" | "AUTHORISED" | "PAID" | "VOIDED" | "DELETED";

/** GET https://api.xero.com/connections */
export interface XeroTenantConnection {
  id: string;
  authEventId?: string;
  tenantId: string;
  tenantType: "ORGANISATION";
  tenantName: string;
  createdDateUtc: string;
  updatedDateUtc: string;
}

/** POST /connect/token (both grants). */
export interface XeroTokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: "Bearer";
  scope: string;
  id_token?: string;
}

export interface XeroAddress {
  AddressType: "POBOX" | "STREET";
  AddressLine1?: string;
  City?: string;
  PostalCode?: string;
  Country?: string;
}

export interface XeroContact {
  ContactID: string;
  ContactNumber?: string;
  ContactStatus: "ACTIVE" | "ARCHIVED" | "GDPRREQUEST";
  Name: string;
  EmailAddress?: string;
  /** The NZBN (NZ) or ABN (AU) as Xero keeps it. */
  CompanyNumber?: string;
  /** GST number (NZ) / ABN for tax (AU). */
  TaxNumber?: string;
  IsSupplier: boolean;
  IsCustomer: boolean;
  Addresses?: XeroAddress[];
  UpdatedDateUTC: string;
}

export interface XeroLineItem {
  LineItemID?: string;
  Description: string;
  Quantity: number;
  UnitAmount: number;
  AccountCode?: string;
  TaxType?: string;
  TaxAmount?: number;
  LineAmount: number;
}

export interface XeroInvoice {
  InvoiceID: string;
  Type: XeroInvoiceType;
  InvoiceNumber: string;
  Reference?: string;
  Contact: Pick<XeroContact, "ContactID" | "Name"> & Partial<XeroContact>;
  /** "/Date(ms+0000)/" */
  Date: string;
  DueDate: string;
  /** "2026-11-01T00:00:00" */
  DateString?: string;
  DueDateString?: string;
  Status: XeroInvoiceStatus;
  LineAmountTypes: "Exclusive" | "Inclusive" | "NoTax";
  LineItems: XeroLineItem[];
  SubTotal: number;
  TotalTax: number;
  Total: number;
  AmountDue: number;
  AmountPaid: number;
  AmountCredited: number;
  CurrencyCode: "NZD" | "AUD" | string;
  UpdatedDateUTC: string;
  HasAttachments?: boolean;
}

/** PUT/POST /Invoices body entry (create or update). */
export interface XeroInvoiceInput {
  InvoiceID?: string;
  Type: XeroInvoiceType;
  InvoiceNumber?: string;
  Reference?: string;
  Contact: { ContactID?: string; Name?: string };
  /** "YYYY-MM-DD" */
  Date: string;
  DueDate: string;
  Status?: XeroInvoiceStatus;
  LineAmountTypes?: "Exclusive" | "Inclusive" | "NoTax";
  LineItems: Array<Omit<XeroLineItem, "LineItemID" | "LineAmount"> & { LineAmount?: number }>;
}

export type XeroAccountType =
  | "BANK" | "CURRENT" | "CURRLIAB" | "DEPRECIATN" | "DIRECTCOSTS" | "EQUITY" | "EXPENSE" | "FIXED" | "INVENTORY" | "LIABILITY"
  | "NONCURRENT" | "OTHERINCOME" | "OVERHEADS" | "PREPAYMENT" | "REVENUE" | "SALES" | "TERMLIAB";

export interface XeroAccount {
  AccountID: string;
  Code: string;
  Name: string;
  Type: XeroAccountType;
  Status: "ACTIVE" | "ARCHIVED";
  Class: "ASSET" | "EQUITY" | "EXPENSE" | "LIABILITY" | "REVENUE";
  TaxType?: string;
  BankAccountNumber?: string;
  EnablePaymentsToAccount?: boolean;
  UpdatedDateUTC: string;
}

/** PUT /Accounts body. */
export interface XeroAccountInput {
  Code: string;
  Name: string;
  Type: XeroAccountType;
  BankAccountNumber?: string;
  TaxType?: string;
  EnablePaymentsToAccount?: boolean;
}

export interface XeroPayment {
  PaymentID: string;
  Invoice: { InvoiceID: string; InvoiceNumber?: string };
  Account: { AccountID?: string; Code?: string };
  Date: string;
  Amount: number;
  Reference?: string;
  Status: "AUTHORISED" | "DELETED";
  PaymentType?: "ACCPAYPAYMENT" | "ACCRECPAYMENT";
  UpdatedDateUTC: string;
}

/** PUT /Payments body entry. */
export interface XeroPaymentInput {
  Invoice: { InvoiceID: string };
  Account: { AccountID?: string; Code?: string };
  /** "YYYY-MM-DD" */
  Date: string;
  Amount: number;
  Reference?: string;
}

export interface XeroPurchaseOrder {
  PurchaseOrderID: string;
  PurchaseOrderNumber: string;
  Reference?: string;
  Contact: Pick<XeroContact, "ContactID" | "Name">;
  Date: string;
  DeliveryDate?: string;
  Status: "DRAFT" | "SUBMITTED" | "AUTHORISED" | "BILLED" | "DELETED";
  LineItems: XeroLineItem[];
  SubTotal: number;
  TotalTax: number;
  Total: number;
  CurrencyCode: string;
  UpdatedDateUTC: string;
}

/** One row of Reports/AgedPayablesByContact as Earlybird reads it (the report's Rows flattened by the client). */
export interface XeroAgedPayablesRow {
  contactId: string;
  contactName: string;
  /** Dollars still owed to the contact at the report date. */
  amountDue: number;
}

/** The list endpoints' envelope: { Id, Status, ProviderName, DateTimeUTC, <Resource>: [...] } */
export type XeroListResource = "Contacts" | "Invoices" | "Accounts" | "Payments" | "PurchaseOrders" | "CreditNotes";
