/**
 * What the accounting screens show (issue 18): the view shapes the routes hand the components, and one label table
 * per kind of value (GUIDE Screens). Plain data, no server code: the routes map the services' answers to these.
 */
export type ProviderKey = "XERO" | "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT";
export type SyncDirection = "IN" | "OUT" | "CONNECTION";
export type SyncKind =
  | "CONNECTION"
  | "SYNC"
  | "CONTACT"
  | "BILL"
  | "INVOICE"
  | "CREDIT_NOTE"
  | "ACCOUNT"
  | "PURCHASE_ORDER"
  | "AGED_PAYABLES"
  | "BILL_CREATE"
  | "PAYMENT"
  | "FEE"
  | "CASHBACK"
  | "TOKEN";
export type SyncOutcome = "STARTED" | "COMPLETED" | "CREATED" | "UPDATED" | "SKIPPED" | "FAILED" | "RETRYING" | "CONNECTED" | "DISCONNECTED";

export const PROVIDER_LABELS: Record<ProviderKey, string> = {
  XERO: "Xero",
  MYOB_ESSENTIALS: "MYOB Essentials",
  MYOB_ACCOUNT_RIGHT: "MYOB AccountRight",
};

/** The provider in a URL (/settings/connected-apps/xero/disconnect). */
export const PROVIDER_SLUGS: Record<ProviderKey, string> = { XERO: "xero", MYOB_ESSENTIALS: "myob-essentials", MYOB_ACCOUNT_RIGHT: "myob-accountright" };

export const SYNC_DIRECTION_LABELS: Record<SyncDirection, string> = { IN: "Into Earlybird", OUT: "To your books", CONNECTION: "Connection" };

export const SYNC_KIND_LABELS: Record<SyncKind, string> = {
  CONNECTION: "Connection",
  SYNC: "Sync",
  CONTACT: "Contact",
  BILL: "Bill",
  INVOICE: "Invoice",
  CREDIT_NOTE: "Credit note",
  ACCOUNT: "Account",
  PURCHASE_ORDER: "Purchase order",
  AGED_PAYABLES: "Aged payables",
  BILL_CREATE: "Bill created",
  PAYMENT: "Payment",
  FEE: "Fee",
  CASHBACK: "Cashback",
  TOKEN: "Access token",
};

export const SYNC_OUTCOME_LABELS: Record<SyncOutcome, string> = {
  STARTED: "Started",
  COMPLETED: "Completed",
  CREATED: "Created",
  UPDATED: "Updated",
  SKIPPED: "Skipped",
  FAILED: "Failed",
  RETRYING: "Retrying",
  CONNECTED: "Connected",
  DISCONNECTED: "Disconnected",
};

export interface ConnectionView {
  provider: ProviderKey;
  slug: string;
  status: "CONNECTED" | "ERROR";
  tenantName: string | null;
  companyFileName: string | null;
  /** 'DD MMM YYYY' */
  connectedAt: string;
  /** 'DD MMM YYYY HH:mm', or null before the first sync. */
  lastSyncAt: string | null;
  lastError: string | null;
  accountsConfigured: boolean;
  mappedAccounts: { label: string; value: string }[];
}

/** One card: Xero, or MYOB with the products the flags offer. */
export interface ProviderCard {
  key: "xero" | "myob";
  title: string;
  description: string;
  pitch: string;
  products: { value: ProviderKey; label: string }[];
  connection: ConnectionView | null;
}

export interface SyncEventRow {
  id: string;
  provider: ProviderKey;
  direction: SyncDirection;
  kind: SyncKind;
  outcome: SyncOutcome;
  externalId: string | null;
  message: string | null;
  /** 'DD MMM YYYY HH:mm' in the company's zone. */
  at: string;
}

export interface ConnectedAppsView {
  /** The alert of `?error=` (p1 §8 Connecting apps). */
  error: string | null;
  cards: ProviderCard[];
  /** The live connection's provider: a company connects one accounting system at a time. */
  liveProvider: ProviderKey | null;
  log: { events: SyncEventRow[]; page: number; hasMore: boolean };
}

/**
 * The spec's texts (p1 §2, §8; p3 §2.2). The same words as modules/integrations/schema.ts, which the browser bundle
 * cannot import (it reads the provider list from db/models).
 */
export const CONNECT_ERROR_XERO = "Error in connecting to Xero account";
export const CONNECT_ERROR_MYOB = "Error in connecting to MYOB account";
export const CONNECT_ERROR_OTHER = "Error!";
export function connectErrorMessage(error: string | null): string | null {
  if (error === null) return null;
  if (error === "xero") return CONNECT_ERROR_XERO;
  if (error === "myob") return CONNECT_ERROR_MYOB;
  return CONNECT_ERROR_OTHER;
}
export const MYOB_CALLBACK_FAILED = "Error in connecting to your MYOB account.";
export const FETCHING_DETAILS = "Fetching your details";
