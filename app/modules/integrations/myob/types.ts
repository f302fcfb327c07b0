/**
 * The shapes of the MYOB Business (AccountRight / Essentials) API that Earlybird reads and writes
 * (../shared/reference/accounting-apis.md), as the real API sends them: PascalCase keys, GUID UIDs, a RowVersion on each
 * entity, OData paging (`$top`, `$skip`) with Items / NextPageLink / Count. Amounts are decimal dollars; dates
 * "2026-11-01T00:00:00". The emulator answers with exactly these.
 */

/** POST /oauth2/v1/authorize */
export interface MyobTokenResponse {
  access_token: string;
  refresh_token: string;
  /** Seconds, sent as a string by MYOB ("1200"). */
  expires_in: string | number;
  token_type: "bearer" | "Bearer";
  scope: string;
  user?: { uid: string; username: string };
}

/** GET {api}/accountright/ */
export interface MyobCompanyFile {
  Id: string;
  Name: string;
  LibraryPath: string;
  ProductVersion: string;
  ProductLevel: { Code: number; Name: string };
  CheckedOutDate: string | null;
  CheckedOutBy: string | null;
  /** The file's base address: every entity lives under it. Never hard-code it. */
  Uri: string;
  Country: "NZ" | "AU" | string;
  SerialNumber: string;
}

export interface MyobPage<T> {
  Items: T[];
  NextPageLink: string | null;
  Count: number;
}

export interface MyobRef {
  UID: string;
  Name?: string;
  DisplayID?: string;
  URI?: string;
}

export interface MyobContact {
  UID: string;
  CompanyName: string;
  IsIndividual: boolean;
  DisplayID?: string;
  IsActive: boolean;
  /** ABN (AU) or NZBN (NZ) as MYOB keeps it. */
  ABN?: string;
  /** GST registration number. */
  GSTNumber?: string;
  Addresses?: Array<{ Location: number; Street?: string; City?: string; PostCode?: string; Country?: string; Email?: string }>;
  LastModified: string;
  RowVersion: string;
  URI?: string;
}

export interface MyobLine {
  RowID?: number;
  Type?: "Transaction";
  Description: string;
  Total: number;
  Account?: MyobRef;
  TaxCode?: MyobRef;
}

/** Purchase/Bill/Service */
export interface MyobBill {
  UID: string;
  Number: string;
  Date: string;
  SupplierInvoiceNumber?: string;
  Supplier: MyobRef;
  /** "Open" | "Closed" (paid) | "Debit"; a deleted bill disappears (sync marks it void). */
  Status: "Open" | "Closed" | "Debit";
  Terms?: { DueDate?: string; PaymentIsDue?: string; BalanceDueDate?: string };
  Lines: MyobLine[];
  Subtotal: number;
  TotalTax: number;
  TotalAmount: number;
  BalanceDueAmount: number;
  IsTaxInclusive: boolean;
  Comment?: string;
  PurchaseOrderNumber?: string;
  LastModified: string;
  RowVersion: string;
  URI?: string;
}

/** Sale/Invoice/Service */
export interface MyobInvoice {
  UID: string;
  Number: string;
  Date: string;
  CustomerPurchaseOrderNumber?: string;
  Customer: MyobRef;
  Status: "Open" | "Closed" | "Credit";
  Terms?: { DueDate?: string; BalanceDueDate?: string };
  Lines: MyobLine[];
  Subtotal: number;
  TotalTax: number;
  TotalAmount: number;
  BalanceDueAmount: number;
  IsTaxInclusive: boolean;
  LastModified: string;
  RowVersion: string;
  URI?: string;
}

/** GeneralLedger/Account */
export interface MyobAccount {
  UID: string;
  Name: string;
  /** "1-1245" style: Classification digit, dash, number. DisplayID is what users see. */
  DisplayID: string;
  Number: number;
  Classification: "Asset" | "Liability" | "Equity" | "Income" | "CostOfSales" | "Expense" | "OtherIncome" | "OtherExpense";
  Type: "Bank" | "AccountReceivable" | "OtherCurrentAsset" | "FixedAsset" | "OtherAsset" | "CreditCard" | "AccountsPayable" | "OtherCurrentLiability" | "LongTermLiability" | "OtherLiability" | "Equity" | "Income" | "CostOfSales" | "Expense" | "OtherIncome" | "OtherExpense";
  IsHeader: boolean;
  IsActive: boolean;
  LastModified: string;
  RowVersion: string;
  URI?: string;
}

/** Purchase/SupplierPayment and Sale/CustomerPayment (the parts Earlybird sends). */
export interface MyobPaymentInput {
  PayFrom?: "Account";
  Account: { UID: string };
  Supplier?: { UID: string };
  Customer?: { UID: string };
  Date: string;
  Memo?: string;
  Lines: Array<{ Type: "Bill" | "Invoice"; Purchase?: { UID: string }; Sale?: { UID: string }; AmountApplied: number }>;
}
