/**
 * URL state of the Suppliers tab of /bills and of the supplier bills page /suppliers/{supplierId} (p2 §2, §7
 * GET /payables-summaries and /details; p3 §2.2, §9), pure: no I/O. Parsing never throws: a value that is not
 * understood falls back to its default and is reported in `issues`; defaults are left out of the URL.
 *
 * Suppliers tab (/bills?tab=suppliers):
 *   status    a payables-summary status (p2 §4), none = all
 *   supplier  supplier-name search (contains, case-insensitive), used from SUPPLIER_SEARCH_MIN_LENGTH characters
 *   sort      supplierName | totalAmountPayable | unallocatedCreditNoteBalance | totalCashReward, asc | desc
 *   page      1-based; size 10 | 25 | 50 | 100
 *   isMatchedPayablesValue  true | false
 *
 * Supplier bills page (/suppliers/{supplierId}): one month state (issue 13 part 20, docs/decisions/029)
 *   month     YYYY-MM, the month shown: the current month (none, the default), the next month (the next-month tab), or
 *             an earlier one (the historical month picker); never later than the next month
 *   period    the old way to ask for the next-month tab: `period=next` is read as the month after `month` (or after
 *             the current month) and redirected to its `month`, so a link keeps working and one month is shown
 *   status    a filter chip: PAYMENT_OFFERED | CASHBACK_AVAILABLE | PAID | UNALLOCATED_CREDIT; none = ALL
 *   page, size as above (page size 25, p3 §9)
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SUMMARY_STATUSES, type PageSize, type SummaryStatus } from "../invoices/filters";

export interface QueryIssue {
  param: string;
  value: string;
  message: string;
}

/** p2 §5: "Company search triggers at or above a minimum length (value not shown)". */
export const SUPPLIER_SEARCH_MIN_LENGTH = 2;

export const SUPPLIER_SORT_FIELDS = ["supplierName", "totalAmountPayable", "unallocatedCreditNoteBalance", "totalCashReward"] as const;
export type SupplierSortField = (typeof SUPPLIER_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface SuppliersTabQuery {
  status: SummaryStatus | null;
  supplier: string | null;
  sort: { field: SupplierSortField; direction: SortDirection };
  page: number;
  size: PageSize;
  isMatchedPayablesValue: boolean | null;
}

export const DEFAULT_SUPPLIERS_SORT = { field: "supplierName", direction: "asc" } as const satisfies SuppliersTabQuery["sort"];

export const SUPPLIER_BILLS_CHIPS = ["PAYMENT_OFFERED", "CASHBACK_AVAILABLE", "PAID", "UNALLOCATED_CREDIT"] as const;
export type SupplierBillsChip = (typeof SUPPLIER_BILLS_CHIPS)[number];

/** The chips in the spec's order and words (p2 §2, p3 §2.2). */
export const SUPPLIER_BILLS_CHIP_LABELS: { value: SupplierBillsChip | null; label: string }[] = [
  { value: null, label: "ALL" },
  { value: "PAYMENT_OFFERED", label: "Payment Offered" },
  { value: "CASHBACK_AVAILABLE", label: "Cashback Available" },
  { value: "PAID", label: "Paid" },
  { value: "UNALLOCATED_CREDIT", label: "Unallocated Credit" },
];

export interface SupplierBillsQuery {
  /** YYYY-MM: the month shown, everywhere on the page (tabs, month picker, payment period card, table). */
  month: string;
  status: SupplierBillsChip | null;
  page: number;
  size: PageSize;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function reader(params: URLSearchParams) {
  return (name: string): string | null => {
    const value = params.get(name);
    return value === null || value.trim() === "" ? null : value.trim();
  };
}

function readPaging(read: (name: string) => string | null, issues: QueryIssue[]): { page: number; size: PageSize } {
  let page = 1;
  let size: PageSize = DEFAULT_PAGE_SIZE;
  const rawPage = read("page");
  if (rawPage !== null) {
    const n = /^\d{1,9}$/.test(rawPage) ? Number(rawPage) : 0;
    if (n >= 1) page = n;
    else issues.push({ param: "page", value: rawPage, message: "Expected a page number from 1" });
  }
  const rawSize = read("size");
  if (rawSize !== null) {
    if (isOneOf(PAGE_SIZES.map(String), rawSize)) size = Number(rawSize) as PageSize;
    else issues.push({ param: "size", value: rawSize, message: `Page size must be one of ${PAGE_SIZES.join(", ")}` });
  }
  return { page, size };
}

export function parseSuppliersTabQuery(params: URLSearchParams): { query: SuppliersTabQuery; issues: QueryIssue[] } {
  const read = reader(params);
  const issues: QueryIssue[] = [];
  const query: SuppliersTabQuery = {
    status: null,
    supplier: null,
    sort: { ...DEFAULT_SUPPLIERS_SORT },
    page: 1,
    size: DEFAULT_PAGE_SIZE,
    isMatchedPayablesValue: null,
  };

  const status = read("status");
  if (status !== null) {
    if (isOneOf(SUMMARY_STATUSES, status)) query.status = status;
    else issues.push({ param: "status", value: status, message: `Unknown status "${status}"` });
  }
  const supplier = read("supplier");
  if (supplier !== null) {
    if (supplier.length >= SUPPLIER_SEARCH_MIN_LENGTH) query.supplier = supplier;
    else issues.push({ param: "supplier", value: supplier, message: `Type at least ${SUPPLIER_SEARCH_MIN_LENGTH} characters` });
  }
  const sort = read("sort");
  if (sort !== null) {
    const match = /^([A-Za-z]+),(asc|desc)$/i.exec(sort);
    if (match && isOneOf(SUPPLIER_SORT_FIELDS, match[1])) query.sort = { field: match[1], direction: match[2].toLowerCase() as SortDirection };
    else issues.push({ param: "sort", value: sort, message: "Expected field,asc or field,desc" });
  }
  const matched = read("isMatchedPayablesValue");
  if (matched !== null) {
    if (matched === "true" || matched === "false") query.isMatchedPayablesValue = matched === "true";
    else issues.push({ param: "isMatchedPayablesValue", value: matched, message: "Expected true or false" });
  }
  Object.assign(query, readPaging(read, issues));
  return { query, issues };
}

/** The Suppliers tab state as URL parameters (tab=suppliers is the default tab of /bills, so it is left out). */
export function serializeSuppliersTabQuery(query: SuppliersTabQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.supplier) params.set("supplier", query.supplier);
  if (query.isMatchedPayablesValue !== null) params.set("isMatchedPayablesValue", String(query.isMatchedPayablesValue));
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
  if (query.sort.field !== DEFAULT_SUPPLIERS_SORT.field || query.sort.direction !== DEFAULT_SUPPLIERS_SORT.direction) {
    params.set("sort", `${query.sort.field},${query.sort.direction}`);
  }
  return params;
}

/** Clicking a column header: the same column toggles asc/desc, a new column starts asc, on page 1 (p2 §5). */
export function withSupplierSort(query: SuppliersTabQuery, field: SupplierSortField): SuppliersTabQuery {
  const direction: SortDirection = query.sort.field === field && query.sort.direction === "asc" ? "desc" : "asc";
  return { ...query, sort: { field, direction }, page: 1 };
}

// ---------------------------------------------------------------------------------------------------------------
// Months

const MONTH = /^(\d{4})-(\d{2})$/;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-22" -> "2026-11". */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

export function isMonth(text: string): boolean {
  const match = MONTH.exec(text);
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 12 && Number(match[1]) >= 1900;
}

export function addMonthsToMonth(month: string, count: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** How far back the month picker's list reaches; its Previous month arrow goes further. */
const MONTH_CHOICES = 60;

/** The month picker's months, newest first: `latest` (the next month) back five years, and `month` if it is older. */
export function monthChoices(month: string, latest: string): string[] {
  const choices = Array.from({ length: MONTH_CHOICES }, (_, index) => addMonthsToMonth(latest, -index));
  if (month < choices[choices.length - 1]) choices.push(month);
  return choices;
}

/** The month's first and last calendar day (YYYY-MM-DD). Due dates are calendar days, so the last day is in. */
export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = month.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(lastDay).padStart(2, "0")}` };
}

/** "2026-11" -> "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/**
 * The supplier bills page state. `currentMonth` is today's month in the company's time zone; the latest month shown is
 * the next one (the next-month tab); a later month is refused and the current month shown (the month picker cannot
 * pick future months beyond the tab's, p3 §2.2). Without the historicalInvoices flag only the current and the next
 * month can be shown.
 */
export function parseSupplierBillsQuery(
  params: URLSearchParams,
  currentMonth: string,
  options: { historical: boolean } = { historical: true }
): { query: SupplierBillsQuery; issues: QueryIssue[] } {
  const read = reader(params);
  const issues: QueryIssue[] = [];
  const nextMonth = addMonthsToMonth(currentMonth, 1);
  const query: SupplierBillsQuery = { month: currentMonth, status: null, page: 1, size: DEFAULT_PAGE_SIZE };

  let month = read("month");
  if (month !== null && !isMonth(month)) {
    issues.push({ param: "month", value: month, message: "Expected a month YYYY-MM" });
    month = null;
  }
  const period = read("period");
  if (period !== null) {
    // Always redirected: the canonical URL carries the month alone.
    if (period === "next") month = addMonthsToMonth(month ?? currentMonth, 1);
    issues.push({ param: "period", value: period, message: period === "next" || period === "current" ? "Shown by month" : `Unknown period "${period}"` });
  }
  if (month !== null) {
    if (month > nextMonth) issues.push({ param: "month", value: month, message: "Future months cannot be picked" });
    else if (!options.historical && month < currentMonth) issues.push({ param: "month", value: month, message: "Earlier months are not available" });
    else query.month = month;
  }
  const status = read("status");
  if (status !== null) {
    if (isOneOf(SUPPLIER_BILLS_CHIPS, status)) query.status = status;
    else issues.push({ param: "status", value: status, message: `Unknown status "${status}"` });
  }
  Object.assign(query, readPaging(read, issues));
  return { query, issues };
}

export function serializeSupplierBillsQuery(query: SupplierBillsQuery, currentMonth: string): URLSearchParams {
  const params = new URLSearchParams();
  if (query.month !== currentMonth) params.set("month", query.month);
  if (query.status) params.set("status", query.status);
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
  return params;
}

/** `?search` or "" for a path. */
export function withSearch(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

// ---------------------------------------------------------------------------------------------------------------
// Toasts of the bulk actions (p2 §8)

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** What a selection of bills and credit notes is called in a toast. */
function recordsNoun(bills: number, creditNotes: number, count: number): string {
  if (creditNotes === 0) return plural(count, "bill", "bills");
  if (bills === 0) return plural(count, "credit note", "credit notes");
  return "bills and credit notes";
}

/**
 * p2 §8: "Deleted N bills" or "Deleted X out of N"; nothing deleted: "Could not perform deletion" with the first
 * reason. The selection may mix bills and credit notes (the supplier bills page), so the noun follows it.
 */
export function deleteToast(input: { bills: number; creditNotes: number; deleted: number; firstError: string | null }): {
  type: "success" | "info" | "warning";
  message: string;
} {
  const requested = input.bills + input.creditNotes;
  const noun = recordsNoun(input.bills, input.creditNotes, requested);
  const reason = input.firstError ? `. ${input.firstError}` : "";
  if (input.deleted === requested) return { type: "success", message: `Deleted ${requested} ${noun}` };
  // p3 §8: a warning when nothing went, else info.
  if (input.deleted === 0) return { type: "warning", message: `Could not perform deletion${reason}` };
  return { type: "info", message: `Deleted ${input.deleted} out of ${requested} ${noun}${reason}` };
}

/** p2 §8 include/exclude toasts, in the spec's words. */
export function includeToast(
  include: boolean,
  outcome: { applicable: number; updated: number; error: string | null }
): { type: "success" | "error" | "info" | "warning"; message: string } {
  if (outcome.applicable === 0) return { type: "info", message: "No bills to include/exclude" };
  if (outcome.error !== null || outcome.updated < outcome.applicable) {
    const failed = outcome.applicable - outcome.updated;
    const what = include ? `Could not include ${failed} bill(s) in your offer.` : `Could not exclude ${failed} bill(s) from your offer.`;
    return { type: "error", message: outcome.error ? `${what} ${outcome.error}` : what };
  }
  return {
    type: "success",
    message: include ? `Included ${outcome.updated} bill(s) in your offer` : `Excluded ${outcome.updated} bill(s) from your offer`,
  };
}
