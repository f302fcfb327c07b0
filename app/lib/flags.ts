/**
 * Feature flags and runtime configuration: names and defaults from the spec (p1 §6, §9; p2 §3; p3 §6)
 * and decisions D2. Shared by server and client; values are resolved on the server
 * (flags.server.ts / config.server.ts) and handed to the client through the root loader.
 */
export const FEATURE_FLAGS = {
  XERO_CONNECT: { default: true, description: "Connect Xero (connected apps, sign-up)" },
  MYOB_CONNECT: { default: true, description: "Connect MYOB (connected apps, sign-up)" },
  MYOB_ESSENTIALS: { default: true, description: "MYOB Essentials choice" },
  MYOB_ACCOUNT_RIGHT: { default: true, description: "MYOB AccountRight choice" },
  addCreditNote: { default: true, description: "Add credit note" },
  addressForVerification: { default: true, description: "Residential address in identity verification" },
  australiaSignUp: { default: true, description: "Business location choice (Australia) at sign-up" },
  createInvoice: { default: true, description: "Create Invoice / Create Bill screens (/create-new-invoice)" },
  exportTransactions: { default: true, description: "Export button on the account transactions" },
  verifyWithPassport: { default: false, description: "Passport as identity document" },
  redirectToMarketingSite: { default: false, description: "/ redirects logged-out visitors to the marketing site instead of /login" },
  dashboardEnabled: { default: true, description: "Dashboard menu entry and page" },
  documentProcessingEnabled: { default: true, description: "Bill document processing (review lists, dashboard)" },
  pendingApprovalEnabled: { default: true, description: "Bills pending approval list" },
  apAutomationEnabled: { default: true, description: "Settings AP Automation tab" },
  customerSupplierSettings: { default: true, description: "Settings Customers and Suppliers tabs" },
  sendToPendingApprovalEnabled: { default: true, description: "'Send to Pending Approval' on reviewed bills (with lite mode)" },
  flexibleAllocation: { default: true, description: "Flexible amount allocation (credit notes, authorised amount)" },
  shouldGetZippedRipeImage: { default: false, description: "Bill page images as zipped files rather than base64 PNG" },
  highlightInvoice: { default: true, description: "Highlight an invoice opened from a link" },
  historicalInvoices: { default: true, description: "Historical month picker on supplier bills" },
  importAddBill: { default: true, description: "Import and add bill buttons" },
  batchInvite: { default: true, description: "Bulk invite of customers and suppliers" },
  payNow: { default: true, description: "Pay Now on supplier offers" },
  agedPayablesFilter: { default: true, description: "Balance payable (aged payables) filter" },
  counterpartyPeriodLock: { default: true, description: "Period lock per counterparty" },
  paymentsAvailableDialog: { default: true, description: "Payments-available dialog after login" },
} as const satisfies Record<string, { default: boolean; description: string }>;

export type FeatureFlagName = keyof typeof FEATURE_FLAGS;
export type FeatureFlags = Record<FeatureFlagName, boolean>;
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlagName[];

export const RUNTIME_CONFIG = {
  MAX_CASHBACK_PERCENT: { default: "10", description: "Highest crr a purchaser may set (% per year)" },
  MAX_FEE_PERCENT: { default: "10", description: "Highest service fee as % of the amount" },
  PROVIDER_FEE_PERCENT: { default: "20", description: "Earlybird's share of the fee (%)" },
  SUCCESS_FEE_PERCENT: { default: "40", description: "Earlybird's share of a prompt payment amount (%)" },
  FIXED_FEE: { default: "0.00", description: "Fixed fee per paid invoice, supplier side ($)" },
  MIN_PURCHASER_OFFER_FEE: { default: "0", description: "Minimum purchaser offer fee ($)" },
  MIN_SUPPLIER_OFFER_FEE: { default: "0", description: "Minimum supplier offer fee ($)" },
  AUTHORISATION_TOLERANCE: { default: "5", description: "Default authorisation and PO amount tolerance ($)" },
  CAPTCHA_KEY: { default: "", description: "Captcha site key (empty: captcha off)" },
  MARKETING_SITE_URL: { default: "https://earlybird.example", description: "Where / redirects when redirectToMarketingSite is on" },
  TOPUP_BANK_NAME: { default: "Earlybird Trust Bank", description: "Bank shown in NZ top-up instructions" },
  TOPUP_BANK_ACCOUNT_NUMBER: { default: "02-0100-0123456-000", description: "Account shown in NZ top-up instructions" },
  BANK_FILE_PAYER_NAME: { default: "Earlybird", description: "Payer name in bank payment files (NZ files pay from TOPUP_BANK_ACCOUNT_NUMBER)" },
  ABA_FINANCIAL_INSTITUTION: { default: "WBC", description: "ABA file: the bank's three-letter abbreviation" },
  ABA_APCA_USER_ID: { default: "000000", description: "ABA file: the six-digit APCA user id" },
  ABA_TRACE_BSB: { default: "032-000", description: "ABA file: BSB of the trace (return) account" },
  ABA_TRACE_ACCOUNT_NUMBER: { default: "000123456", description: "ABA file: the trace (return) account number" },
} as const satisfies Record<string, { default: string; description: string }>;

export type RuntimeConfigName = keyof typeof RUNTIME_CONFIG;
export type RuntimeConfig = Record<RuntimeConfigName, string>;
export const RUNTIME_CONFIG_NAMES = Object.keys(RUNTIME_CONFIG) as RuntimeConfigName[];
