/**
 * The counterparty directory and its configuration (part 3 §2.4, §3, §5, §7.3): the URL's query, the seven PATCH
 * paths and their rules. Pure: no I/O, so the routes, the dialog and the tests read the same rules.
 */
import { parseInputDate, type Country } from "../../lib/dates";

// ---- The directory's query (p3 §2.4: tab, page, size, q, queue, glcode, pids, sp) -----------------------------------

export const DIRECTORY_TABS = ["all", "members", "non-members"] as const;
export type DirectoryTab = (typeof DIRECTORY_TABS)[number];
export const DIRECTORY_TAB_LABELS: Record<DirectoryTab, string> = { all: "All", members: "Members", "non-members": "Non-Members" };
/** The counterparty company's statuses each tab shows (Members: ACTIVE; Non-Members: INACTIVE, INVITED). */
export const DIRECTORY_TAB_STATUSES: Record<DirectoryTab, readonly string[] | null> = {
  all: null,
  members: ["ACTIVE"],
  "non-members": ["INACTIVE", "INVITED"],
};

export const PROCESSING_QUEUES = ["AUTOMATIC", "MANUAL"] as const;
export type ProcessingQueue = (typeof PROCESSING_QUEUES)[number];
export const PROCESSING_QUEUE_LABELS: Record<ProcessingQueue, string> = { AUTOMATIC: "Automatic", MANUAL: "Manual" };

/** Page sizes of the directory (p3 §9: options 10, 25, 50, 100; directory default 10). */
export const DIRECTORY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DIRECTORY_DEFAULT_PAGE_SIZE = 10;
/** A page number beyond this is read as this (no one pages a million rows by hand; OFFSET stays bounded). */
const MAX_PAGE = 100_000;
/** At most this many GL codes or payment terms in one filter. */
const MAX_FILTER_IDS = 100;

export interface DirectoryQuery {
  tab: DirectoryTab;
  /** 1-based, as the URL shows it (the spec's admin call is zero-based; the server keeps that to itself). */
  page: number;
  size: number;
  q: string;
  queue: ProcessingQueue | null;
  glcode: number[];
  pids: number[];
  sp: boolean | null;
}

export const DEFAULT_DIRECTORY_QUERY: DirectoryQuery = {
  tab: "all",
  page: 1,
  size: DIRECTORY_DEFAULT_PAGE_SIZE,
  q: "",
  queue: null,
  glcode: [],
  pids: [],
  sp: null,
};

const positiveInt = (value: string | null | undefined): number | null => {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= 2_147_483_647 ? n : null;
};

/** Ids from repeated params and comma lists ("glcode=3&glcode=5" or "glcode=3,5"), deduplicated, bad ones dropped. */
function idList(values: string[]): number[] {
  const ids = new Set<number>();
  for (const value of values) for (const part of value.split(",")) {
    const id = positiveInt(part);
    if (id !== null) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b).slice(0, MAX_FILTER_IDS);
}

/** The directory's query from the URL: a bad or unknown value falls back to its default (a shared link never fails). */
export function parseDirectoryQuery(search: URLSearchParams): DirectoryQuery {
  const tab = search.get("tab") ?? "";
  const size = Number(search.get("size"));
  const queue = (search.get("queue") ?? "").toUpperCase();
  const sp = search.get("sp");
  return {
    tab: (DIRECTORY_TABS as readonly string[]).includes(tab) ? (tab as DirectoryTab) : "all",
    page: Math.min(positiveInt(search.get("page")) ?? 1, MAX_PAGE),
    size: (DIRECTORY_PAGE_SIZES as readonly number[]).includes(size) ? size : DIRECTORY_DEFAULT_PAGE_SIZE,
    q: normalizeName(search.get("q") ?? "").slice(0, 100),
    queue: (PROCESSING_QUEUES as readonly string[]).includes(queue) ? (queue as ProcessingQueue) : null,
    glcode: idList(search.getAll("glcode")),
    pids: idList(search.getAll("pids")),
    sp: sp === "true" ? true : sp === "false" ? false : null,
  };
}

/** The canonical URL query of a directory state (defaults left out, so a link is as short as it can be). */
export function serializeDirectoryQuery(query: DirectoryQuery, extra: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab !== "all") params.set("tab", query.tab);
  if (query.q) params.set("q", query.q);
  if (query.queue) params.set("queue", query.queue);
  if (query.glcode.length > 0) params.set("glcode", query.glcode.join(","));
  if (query.pids.length > 0) params.set("pids", query.pids.join(","));
  if (query.sp !== null) params.set("sp", String(query.sp));
  if (query.size !== DIRECTORY_DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
  if (query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) if (value !== null && value !== "") params.set(key, value);
  return params;
}

/** How many of the Filter dropdown's filters are set (the button's badge). */
export const activeDirectoryFilters = (query: DirectoryQuery) =>
  (query.queue ? 1 : 0) + (query.glcode.length > 0 ? 1 : 0) + (query.pids.length > 0 ? 1 : 0) + (query.sp !== null ? 1 : 0);

/** Repeated spaces collapse (p3 §5, as the import does), ends trimmed. */
export function normalizeName(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/**
 * Where a page's rows are read from: pages in the second half are read from the end in reverse order (an OFFSET from
 * the nearer end), so the last page costs what the first does. `offset` counts from the chosen end.
 */
export function pageWindow(page: number, size: number, total: number): { offset: number; limit: number; fromEnd: boolean } {
  const start = (page - 1) * size;
  if (start >= total) return { offset: start, limit: size, fromEnd: false };
  const limit = Math.min(size, total - start);
  const fromEndOffset = total - start - limit;
  return fromEndOffset < start ? { offset: fromEndOffset, limit, fromEnd: true } : { offset: start, limit, fromEnd: false };
}

// ---- Configure counterparties (p3 §7.3 PATCH; §5 rules) -------------------------------------------------------------

export const CONFIGURE_PATHS = [
  "/paymentTermId",
  "/externalBankAccountNumber",
  "/isPurchaserOffersEnabled",
  "/isScheduledPaymentsEnabled",
  "/processingQueue",
  "/glAccount",
  "/periodLockDate",
] as const;
export type ConfigurePath = (typeof CONFIGURE_PATHS)[number];

/** The paths a company may change on its own suppliers (settings Suppliers tab, p3 §2.2): the rest are an admin's. */
export const OWN_SUPPLIER_PATHS: readonly ConfigurePath[] = ["/isPurchaserOffersEnabled", "/processingQueue", "/paymentTermId", "/glAccount"];

/** The field each path is shown on (and its errors are keyed by). */
export const PATH_FIELDS: Record<ConfigurePath, string> = {
  "/paymentTermId": "paymentTermId",
  "/externalBankAccountNumber": "externalBankAccountNumber",
  "/isPurchaserOffersEnabled": "isPurchaserOffersEnabled",
  "/isScheduledPaymentsEnabled": "isScheduledPaymentsEnabled",
  "/processingQueue": "processingQueue",
  "/glAccount": "glAccount",
  "/periodLockDate": "periodLockDate",
};

/** The spec's messages (p3 §5), and ours in its voice where it gives none. */
export const CONFIGURE_MESSAGES = {
  bankAccountLength: "Bank account is invalid length",
  /** Ours: the length is right but the digits do not make an account number of the country's format. */
  bankAccountFormat: "Bank account is invalid format",
  invalidGlCode: "Invalid GL Code, please try again",
  noGlCodes: "No GL codes have been set for this company",
  scheduledPayments: "Scheduled payments can only be enabled when an external bank account and a payment term exist",
  invalidPaymentTerm: "Invalid payment term, please try again",
  periodLockMonthEnd: "Period lock date must be the last day of a month",
  processingQueue: "Processing queue must be Automatic or Manual",
  invalidValue: "Invalid value",
  nothingToUpdate: "Nothing to update",
  requiredParameters: "Required parameters missing",
  notFound: "Counterparty not found",
  success: "Success updated",
  stale: (name: string) => `${name} was changed by someone else. Reload and try again.`,
} as const;

/** The minimum length of an external bank account (p3 §5, §9: at least 16 characters). */
export const EXTERNAL_BANK_ACCOUNT_MIN_LENGTH = 16;

/**
 * An external bank account as stored and shown: ##-####-#######-## for AU, ##-####-#######-### otherwise (p3 §5).
 * Fewer than 16 characters typed is 'Bank account is invalid length'. The digits must make the country's format: AU 15
 * digits; NZ 16, or 15 with the 2-digit suffix padded to 3 by a '0' after position 13 (as the bank account form does,
 * p3 §5). Stored with its dashes (18 or 19 characters), so the table's CHECK (length >= 16) holds.
 */
export function normalizeExternalBankAccount(input: string, country: Country): { value: string } | { error: string } {
  const typed = input.trim();
  if (typed.length < EXTERNAL_BANK_ACCOUNT_MIN_LENGTH) return { error: CONFIGURE_MESSAGES.bankAccountLength };
  if (!/^[0-9\s-]+$/.test(typed)) return { error: CONFIGURE_MESSAGES.bankAccountFormat };
  let digits = typed.replace(/\D/g, "");
  if (country === "AU") {
    if (digits.length !== 15) return { error: CONFIGURE_MESSAGES.bankAccountLength };
    return { value: `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 13)}-${digits.slice(13)}` };
  }
  if (digits.length === 15) digits = `${digits.slice(0, 13)}0${digits.slice(13)}`;
  if (digits.length !== 16) return { error: CONFIGURE_MESSAGES.bankAccountLength };
  return { value: `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 13)}-${digits.slice(13)}` };
}

/** A calendar date YYYY-MM-DD that is the last day of its month (locks are set to month end, p3 §4.10). */
export function isMonthEnd(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day === lastDay;
}

/** Scheduled payments only with an external bank account and a payment term (p3 §5). */
export function scheduledPaymentsAllowed(state: { isScheduledPaymentsEnabled: boolean; externalBankAccountNumber: string | null; paymentTermId: number | null }) {
  return !state.isScheduledPaymentsEnabled || (state.externalBankAccountNumber !== null && state.paymentTermId !== null);
}

export interface ConfigureOperation {
  /** The counterparty (relationship) id. */
  id: number;
  /** The row's modificationTime as the client read it: a stale one refuses the change. */
  modificationTime: string;
  path: ConfigurePath;
  value: unknown;
}

/** What a path's value becomes on the row (before the checks that need the database: term, GL account). */
export type ParsedChange =
  | { path: "/paymentTermId"; value: number | null }
  | { path: "/externalBankAccountNumber"; value: string | null }
  | { path: "/isPurchaserOffersEnabled"; value: boolean }
  | { path: "/isScheduledPaymentsEnabled"; value: boolean }
  | { path: "/processingQueue"; value: ProcessingQueue | null }
  | { path: "/glAccount"; value: number | null }
  | { path: "/periodLockDate"; value: string | null };

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

function booleanOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "on") return true;
  if (value === "false" || value === "off") return false;
  return null;
}

function idOf(value: unknown): number | null | undefined {
  if (isBlank(value)) return null;
  const id = typeof value === "number" ? value : positiveInt(String(value));
  return id !== null && Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * One operation's value, read and checked by the rules that need nothing but the value (and the owner's country): an
 * error message for the path's field, or the value to store. A blank value clears a nullable setting.
 */
export function parseChange(path: ConfigurePath, value: unknown, country: Country): { change: ParsedChange } | { error: string } {
  switch (path) {
    case "/paymentTermId": {
      const id = idOf(value);
      return id === undefined ? { error: CONFIGURE_MESSAGES.invalidPaymentTerm } : { change: { path, value: id } };
    }
    case "/glAccount": {
      // The GL account by its id, or an object carrying it ({ id } as the PATCH body may send the account).
      const raw = value && typeof value === "object" ? (value as { id?: unknown }).id : value;
      const id = idOf(raw);
      return id === undefined ? { error: CONFIGURE_MESSAGES.invalidGlCode } : { change: { path, value: id } };
    }
    case "/externalBankAccountNumber": {
      if (isBlank(value)) return { change: { path, value: null } };
      if (typeof value !== "string") return { error: CONFIGURE_MESSAGES.bankAccountLength };
      const result = normalizeExternalBankAccount(value, country);
      return "error" in result ? result : { change: { path, value: result.value } };
    }
    case "/isPurchaserOffersEnabled":
    case "/isScheduledPaymentsEnabled": {
      const flag = booleanOf(value);
      return flag === null ? { error: CONFIGURE_MESSAGES.invalidValue } : { change: { path, value: flag } };
    }
    case "/processingQueue": {
      if (isBlank(value)) return { change: { path, value: null } };
      const queue = String(value).toUpperCase();
      return (PROCESSING_QUEUES as readonly string[]).includes(queue)
        ? { change: { path, value: queue as ProcessingQueue } }
        : { error: CONFIGURE_MESSAGES.processingQueue };
    }
    case "/periodLockDate": {
      if (isBlank(value)) return { change: { path, value: null } };
      // DD/MM/YYYY from the date input (docs/decisions/067); ISO still accepted.
      const date = parseInputDate(String(value)) || String(value).trim();
      return isMonthEnd(date) ? { change: { path, value: date } } : { error: CONFIGURE_MESSAGES.periodLockMonthEnd };
    }
  }
}

/** A payment term as the selects and the table show it: "Monthly on day 20", "Weekly on Friday". */
export function paymentTermLabel(term: { frequency: string; date: number | null; dayOfWeek: string | null }): string {
  if (term.frequency === "MONTHLY") return `Monthly on day ${term.date ?? "?"}`;
  const day = term.dayOfWeek ?? "";
  return `Weekly on ${day.charAt(0)}${day.slice(1).toLowerCase()}`;
}

/** A GL account as the selects show it: "400 - Advertising". */
export const glAccountLabel = (account: { accountCode: string; accountName: string }) => `${account.accountCode} - ${account.accountName}`;
