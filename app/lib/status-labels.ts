/**
 * One label table per kind of status (issue 20 part 5, docs/decisions/067): every status a user sees is looked up
 * here, shown by `StatusBadge` (components/ui/status-badge.tsx). Labels are Title Case; a raw value (INACTIVE,
 * VERIFICATION_PENDING) is never shown: an unknown one is spelled out in Title Case ("Some Value"), and a missing one
 * reads "Not Set" so no status cell is blank. One word for one state: a top-up's COMPLETED is "Approved" (the admin
 * tab p3 §2.3 "Approved (COMPLETED)"), a bank account's VERIFIED is "Verified" (p1 §4 wrote 'VERIFIED'). Pure and
 * browser-safe.
 */

export type StatusTone = "success" | "warning" | "destructive" | "info" | "neutral";
export interface StatusEntry {
  label: string;
  tone: StatusTone;
}

const entry = (label: string, tone: StatusTone): StatusEntry => ({ label, tone });

/** The bills list (purchaser, p2 §4): the row's display state, from invoices/rules billRowStatus. */
export const BILL_ROW_STATUS = {
  PAID: entry("Paid", "success"),
  TOPUP_PENDING: entry("Topup Pending", "warning"),
  /** p2 §4 wrote "SAVE s" here: the saving is the row's Cashback cell; the status says what the bill is. */
  CASHBACK_AVAILABLE: entry("Cashback Available", "warning"),
  /** p2 §4 left these blank: not in the offer (action Include), or in it with no live offer (action Exclude). */
  NOT_INCLUDED: entry("Not Included", "neutral"),
  NO_OFFER: entry("No Offer", "neutral"),
  NOT_ELIGIBLE: entry("Not Eligible", "destructive"),
  OFFER_PENDING: entry("Offer Pending", "warning"),
  PAYMENT_OFFERED: entry("Payment Offered", "info"),
  INVITED: entry("Invited", "info"),
  NOTIFIED: entry("Notified", "info"),
} as const satisfies Record<string, StatusEntry>;

/** The invoices list (supplier, p2 §4): from invoices/rules invoiceRowStatus. */
export const INVOICE_ROW_STATUS = {
  PAID: entry("Paid", "success"),
  PAYMENT_REQUESTED: entry("Payment Requested", "warning"),
  EXPIRED: entry("Expired", "neutral"),
  PAYMENT_AVAILABLE: entry("Payment Available", "info"),
  INVITED: entry("Invited", "info"),
  NOTIFIED: entry("Notified", "info"),
  /** p2 §4 left it blank: nothing offered or requested yet (action Request Payment). */
  OPEN: entry("Open", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** The supplier bills page (p3 §4.9): from invoices/rules supplierBillsRow. 'SAVE {amount}' is the Cashback cell. */
export const SUPPLIER_BILLS_STATUS = {
  PAID: entry("Paid", "success"),
  TOPUP_PENDING: entry("Topup Pending", "warning"),
  CASHBACK_AVAILABLE: entry("Cashback Available", "warning"),
  PAYMENT_OFFERED: entry("Payment Offered", "info"),
  INVITED: entry("Invited", "info"),
  NOTIFIED: entry("Notified", "info"),
  NOT_ELIGIBLE: entry("Not Eligible", "destructive"),
  EXPIRED: entry("Expired", "neutral"),
  OFFER_PENDING: entry("Offer Pending", "warning"),
  /** p3 §4.9 wrote 'UNALLOCATED' for PARTIALLY_ALLOCATED and UNALLOCATED. */
  UNALLOCATED: entry("Unallocated", "info"),
  ALLOCATED: entry("Allocated", "success"),
  /** p3 §4.9 left NO_CASHBACK blank when purchaser offers are on. */
  NO_CASHBACK: entry("No Cashback", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** The Suppliers tab of /bills (p2 §4): from invoices/rules payablesSummaryStatus. */
export const PAYABLES_SUMMARY_STATUS = {
  PAID: entry("Paid", "success"),
  UNALLOCATED_CREDIT: entry("Unallocated Credit", "info"),
  NOT_ELIGIBLE_NEGATIVE_BALANCE: entry("Not Eligible", "destructive"),
  CASHBACK_AVAILABLE: entry("Cashback Available", "warning"),
  PAYMENT_OFFERED: entry("Payment Offered", "info"),
  INVITED: entry("Invited", "info"),
  NO_OFFER: entry("No Offer", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** A bill's stored status (p2 §4), where one bill is shown on its own (credit note allocation, detail). */
export const BILL_STATUS = {
  OPEN: entry("Open", "neutral"),
  CASHBACK_AVAILABLE: entry("Cashback Available", "warning"),
  PAYMENT_OFFERED: entry("Payment Offered", "info"),
  CASHBACK_OFFERED: entry("Cashback Offered", "info"),
  NOT_ELIGIBLE: entry("Not Eligible", "destructive"),
  NOT_ELIGIBLE_EXPIRED: entry("Expired", "neutral"),
  NOT_ELIGIBLE_OFFER_PENDING: entry("Offer Pending", "warning"),
  NO_CASHBACK: entry("Not Eligible", "neutral"),
  PAID: entry("Paid", "success"),
} as const satisfies Record<string, StatusEntry>;

/** An invoice's stored status (p2 §2 tabs), where one is shown on its own (the admin's company Offers tab). */
export const INVOICE_STATUS = {
  ALL_ELIGIBLE: entry("Open", "neutral"),
  PAYMENT_READY: entry("Payment Available", "info"),
  PAYMENT_RECEIVED: entry("Payment Received", "success"),
  PAID: entry("Paid", "success"),
  CASHBACK_OFFERED: entry("Cashback Offered", "info"),
  EXPIRED: entry("Expired", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Credit notes (p2 §3). */
export const CREDIT_NOTE_STATUS = {
  UNALLOCATED: entry("Unallocated", "info"),
  PARTIALLY_ALLOCATED: entry("Partially Allocated", "warning"),
  ALLOCATED: entry("Allocated", "success"),
} as const satisfies Record<string, StatusEntry>;

/** Top-ups (p3 §2.3 tabs: Pending, Unknown, Approved (COMPLETED), Cancelled; D5 EXPIRED; returned deposits). */
export const TOP_UP_STATUS = {
  PENDING: entry("Pending", "warning"),
  UNKNOWN: entry("Unknown", "info"),
  COMPLETED: entry("Approved", "success"),
  CANCELLED: entry("Cancelled", "neutral"),
  EXPIRED: entry("Expired", "neutral"),
  RETURNED: entry("Returned", "destructive"),
} as const satisfies Record<string, StatusEntry>;

/** Withdrawals (D5); a withdrawal the bank returned (FAILED) is "Returned" (docs/decisions/030). */
export const WITHDRAWAL_STATUS = {
  PENDING: entry("Pending", "warning"),
  COMPLETED: entry("Completed", "success"),
  CANCELLED: entry("Cancelled", "neutral"),
  FAILED: entry("Returned", "destructive"),
  RETURNED: entry("Returned", "destructive"),
  PAID: entry("Paid", "success"),
} as const satisfies Record<string, StatusEntry>;

/** Account transactions (D4: PENDING, COMPLETED). */
export const TRANSACTION_STATUS = {
  PENDING: entry("Pending", "warning"),
  COMPLETED: entry("Completed", "success"),
} as const satisfies Record<string, StatusEntry>;

/** A company's user, as the admin's Contacts tab lists them (p3 §2.4): invited, active (has a password), disabled. */
export const CONTACT_STATUS = {
  INVITED: entry("Invited", "warning"),
  ACTIVE: entry("Active", "success"),
  DISABLED: entry("Disabled", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Bank accounts (p1 §4, p3 §3). */
export const BANK_ACCOUNT_STATUS = {
  UNVERIFIED: entry("Unverified", "neutral"),
  VERIFICATION_PENDING: entry("Verification Pending", "warning"),
  VERIFIED: entry("Verified", "success"),
  VERIFICATION_FAILED: entry("Verification Failed", "destructive"),
  DELETED: entry("Deleted", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** A person's identity verification (p1 §3 labels). */
export const PERSON_VERIFICATION_STATUS = {
  NOT_VERIFIED: entry("Unverified", "neutral"),
  VERIFICATION_PENDING: entry("Pending", "warning"),
  VERIFIED: entry("Verified", "success"),
  VERIFICATION_FAILED: entry("Incomplete", "destructive"),
} as const satisfies Record<string, StatusEntry>;

/** A company's verification (the /companies tabs, p3 §2.3). */
export const COMPANY_VERIFICATION_STATUS = {
  NOT_VERIFIED: entry("Not Verified", "neutral"),
  PARTIALLY_VERIFIED: entry("Partially Verified", "info"),
  VERIFICATION_PENDING: entry("Verification Pending", "warning"),
  VERIFIED: entry("Verified", "success"),
} as const satisfies Record<string, StatusEntry>;

/** A company's account (companies.status): shown on the admin /companies list. */
export const COMPANY_STATUS = {
  ACTIVE: entry("Active", "success"),
  INACTIVE: entry("Inactive", "neutral"),
  INVITED: entry("Invited", "info"),
  PENDING: entry("Pending", "warning"),
} as const satisfies Record<string, StatusEntry>;

/** Counterparty membership (p3 §2.5 Directory: Members ACTIVE, Non-Members INACTIVE and INVITED). */
export const COUNTERPARTY_STATUS = {
  ACTIVE: entry("Member", "success"),
  INACTIVE: entry("Non-Member", "neutral"),
  INVITED: entry("Invited", "info"),
  PENDING: entry("Pending", "warning"),
} as const satisfies Record<string, StatusEntry>;

/** Purchaser and supplier offers (D3). */
export const OFFER_STATUS = {
  ACTIVE: entry("Active", "success"),
  TOPUP_PENDING: entry("Topup Pending", "warning"),
  VIRTUAL: entry("Virtual", "info"),
  CLEARING: entry("Clearing", "info"),
  EXECUTED: entry("Executed", "success"),
  EXPIRED: entry("Expired", "neutral"),
  CANCELLED: entry("Cancelled", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Bill documents under review (p3 §1 processing statuses). The match reason is its own column. */
export const DOCUMENT_STATUS = {
  PENDING_REVIEW: entry("Pending Review", "warning"),
  BLOCKED: entry("Blocked", "destructive"),
  VARIANCE: entry("Variance", "warning"),
  PENDING_APPROVAL: entry("Pending Approval", "warning"),
  PROCESSING: entry("Processing", "info"),
  UNMATCHED: entry("Unmatched", "warning"),
  AUTHORISED: entry("Authorised", "success"),
  RETRY: entry("Retry", "warning"),
  FAILED: entry("Failed", "destructive"),
} as const satisfies Record<string, StatusEntry>;

/** Background jobs (GUIDE rule 8). */
export const JOB_STATUS = {
  QUEUED: entry("Queued", "neutral"),
  RUNNING: entry("Running", "info"),
  SUCCEEDED: entry("Completed", "success"),
  COMPLETED: entry("Completed", "success"),
  FAILED: entry("Failed", "destructive"),
  CANCELLED: entry("Cancelled", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Monthly statements. */
export const STATEMENT_STATUS = {
  GENERATED: entry("Ready", "success"),
  PENDING: entry("Generating", "warning"),
  FAILED: entry("Failed", "destructive"),
  NOT_GENERATED: entry("Not Generated", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Sign-up invite codes. */
export const INVITE_CODE_STATUS = {
  UNUSED: entry("Unused", "info"),
  USED: entry("Used", "neutral"),
  EXPIRED: entry("Expired", "neutral"),
} as const satisfies Record<string, StatusEntry>;

/** Withdrawal file processing (p3 §6: RUNNING, SUSPENDED). */
export const FILE_PROCESSING_STATUS = {
  RUNNING: entry("Running", "success"),
  SUSPENDED: entry("Suspended", "warning"),
} as const satisfies Record<string, StatusEntry>;

/** Accounting connections. */
export const CONNECTION_STATUS = {
  CONNECTED: entry("Connected", "success"),
  ERROR: entry("Needs Attention", "destructive"),
  DISCONNECTED: entry("Not Connected", "neutral"),
} as const satisfies Record<string, StatusEntry>;

export const STATUS_TABLES = {
  billRow: BILL_ROW_STATUS,
  invoiceRow: INVOICE_ROW_STATUS,
  supplierBills: SUPPLIER_BILLS_STATUS,
  payablesSummary: PAYABLES_SUMMARY_STATUS,
  bill: BILL_STATUS,
  invoice: INVOICE_STATUS,
  creditNote: CREDIT_NOTE_STATUS,
  topUp: TOP_UP_STATUS,
  withdrawal: WITHDRAWAL_STATUS,
  transaction: TRANSACTION_STATUS,
  contact: CONTACT_STATUS,
  bankAccount: BANK_ACCOUNT_STATUS,
  personVerification: PERSON_VERIFICATION_STATUS,
  companyVerification: COMPANY_VERIFICATION_STATUS,
  company: COMPANY_STATUS,
  counterparty: COUNTERPARTY_STATUS,
  offer: OFFER_STATUS,
  document: DOCUMENT_STATUS,
  job: JOB_STATUS,
  statement: STATEMENT_STATUS,
  inviteCode: INVITE_CODE_STATUS,
  fileProcessing: FILE_PROCESSING_STATUS,
  connection: CONNECTION_STATUS,
} as const;

export type StatusKind = keyof typeof STATUS_TABLES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_TABLES)[K] & string;

/** The label shown for a missing status: never a blank cell. */
export const MISSING_STATUS_LABEL = "Not Set";

/** "VERIFICATION_PENDING" → "Verification Pending": the fallback for a value no table knows yet. */
export function titleCaseStatus(value: string): string {
  return value
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

/** The label and tone of a status of a kind: from its table, else its value in Title Case; "Not Set" when missing. */
export function statusEntry(kind: StatusKind, value: string | null | undefined): StatusEntry {
  if (value === null || value === undefined || value.trim() === "") return { label: MISSING_STATUS_LABEL, tone: "neutral" };
  const table: Record<string, StatusEntry> = STATUS_TABLES[kind];
  return Object.prototype.hasOwnProperty.call(table, value) ? table[value] : { label: titleCaseStatus(value), tone: "neutral" };
}

export function statusLabel(kind: StatusKind, value: string | null | undefined): string {
  return statusEntry(kind, value).label;
}

/** A table's labels by value, for tabs and filters ({ PENDING: "Pending", ... }). */
export function labelsOf<K extends StatusKind>(kind: K): Record<StatusOf<K>, string> {
  return Object.fromEntries(Object.entries(STATUS_TABLES[kind]).map(([value, shown]) => [value, (shown as StatusEntry).label])) as Record<StatusOf<K>, string>;
}
