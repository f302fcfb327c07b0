/**
 * The invoices and bills list state in the URL (spec p2 §2, §5 Filters, §9), pure: no I/O.
 *
 * Query names are the spec's: amount, date, in, number, status, entity, page, size, sort, supplier,
 * isMatchedPayablesValue, tab. Defaults are left out of the URL, so `/bills` and `/bills?page=1&size=25` are the
 * same list. The URL encoding of a filter is `operator:value`:
 *
 *   amount   eq:100.00 | gt:100.00 | lt:100.00           dollars with up to 2 decimals, never negative
 *            range:100.00..250.00 (bills)                 both ends inclusive, from <= to; `-` is accepted
 *            between:100.00..250.00 (invoices)            as the separator on input (no negative amounts)
 *   date     eq:2026-03-31 | gt: | gte: | lt: | lte:      YYYY-MM-DD (bills)
 *            eq: | gt: | ge: | lt: | le:                  (invoices)
 *            range:2026-03-01..2026-03-31 (bills), between:2026-03-01..2026-03-31 (invoices)
 *   in       30:days | 3:months                           bills only: due in the next N days or months, N >= 1.
 *                                                         It is the date filter's "in" operator; it has a query
 *                                                         name of its own (the spec's `in`), so a URL carries
 *                                                         either `date` or `in`, never both (`date=in:30:days`
 *                                                         is read too, and written back as `in=30:days`).
 *   number   in:INV-1,INV-2 (any of) | eq:INV-1 (exact) | like:INV (contains); a number containing a comma
 *            cannot be listed with `in` (use eq)
 *   isMatchedPayablesValue  true | false
 *   sort     dueDate,asc | total,desc | ...               field from the kind's allow-list, asc or desc
 *   page     1-based; size 10 | 25 | 50 | 100
 *   status   invoices: ALL_ELIGIBLE (default) | CASHBACK_OFFERED | PAYMENT_READY | PAYMENT_RECEIVED;
 *            bills: a bill status (tab=bills) or a payables-summary status (tab=suppliers); none = all
 *   tab      bills only: suppliers (default, the first tab) | bills
 *   entity   company-name search text; supplier: supplier search text
 *   cursor   a{page}[_{skip}].{fingerprint}.{id}.{sort value} | b{page}...: a boundary row of the page the link was
 *            made on, so a later (a: after its last row) or earlier (b: before its first row) page is read by keyset
 *            plus an OFFSET of `skip` whole pages (0-2; none = 0) instead of an OFFSET from the start
 *            (docs/decisions/008-list-performance.md). It is kept only when its page is the URL's page, its skip is
 *            at most MAX_CURSOR_SKIP and its fingerprint is the rest of the query's, so a stale or edited link just
 *            reads the page by number.
 *
 * Each value is percent-encoded by URLSearchParams as usual; the separators above are literal characters.
 */
import { centsToDecimal, parseDecimalToCents, type Cents } from "../../lib/money";
import { addDays, addMonths, parseInputDate } from "../../lib/dates";

export type ListKind = "INVOICE" | "BILL";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** The pagination bar is hidden at this many rows or fewer (p2 §9). */
const PAGINATION_HIDDEN_AT_OR_BELOW = 10;
const PAGE_LINKS = 4;

/** Invoice tabs (p2 §2): ALL (ALL_ELIGIBLE), Payment Requested, Payment Available, Payment Received. */
export const INVOICE_TAB_STATUSES = ["ALL_ELIGIBLE", "CASHBACK_OFFERED", "PAYMENT_READY", "PAYMENT_RECEIVED"] as const;
export type InvoiceTabStatus = (typeof INVOICE_TAB_STATUSES)[number];
const DEFAULT_INVOICE_STATUS: InvoiceTabStatus = "ALL_ELIGIBLE";
/** Bill statuses of p2 §4 (the Bills tab's status filter). */
export const BILL_LIST_STATUSES = ["CASHBACK_AVAILABLE", "PAYMENT_OFFERED", "CASHBACK_OFFERED", "NOT_ELIGIBLE_EXPIRED", "PAID"] as const;
export type BillListStatus = (typeof BILL_LIST_STATUSES)[number];
/** Payables-summary statuses of p2 §4 (the Suppliers tab's status filter). */
export const SUMMARY_STATUSES = ["PAYMENT_OFFERED", "CASHBACK_AVAILABLE", "NO_OFFER", "NOT_ELIGIBLE_NEGATIVE_BALANCE", "PAID", "UNALLOCATED_CREDIT"] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
export type ListStatus = InvoiceTabStatus | BillListStatus | SummaryStatus;

const BILL_TABS = ["suppliers", "bills"] as const;
export type BillTab = (typeof BILL_TABS)[number];
const DEFAULT_BILL_TAB: BillTab = "suppliers";

export const AMOUNT_OPERATORS = { BILL: ["eq", "range", "gt", "lt"], INVOICE: ["eq", "between", "gt", "lt"] } as const;
export const DATE_OPERATORS = {
  BILL: ["in", "eq", "range", "gt", "gte", "lt", "lte"],
  INVOICE: ["eq", "between", "gt", "ge", "lt", "le"],
} as const;
export const NUMBER_OPERATORS = ["in", "eq", "like"] as const;
export const DATE_UNITS = ["days", "months"] as const;
export type DateUnit = (typeof DATE_UNITS)[number];

export type AmountFilter = { op: "eq" | "gt" | "lt"; value: Cents } | { op: "range" | "between"; from: Cents; to: Cents };
export type DateFilter =
  | { op: "in"; count: number; unit: DateUnit }
  | { op: "eq" | "gt" | "gte" | "ge" | "lt" | "lte" | "le"; value: string }
  | { op: "range" | "between"; from: string; to: string };
export type NumberFilter = { op: "in"; values: string[] } | { op: "eq" | "like"; value: string };

/**
 * Sortable fields per kind. The bills table's "Payment date" column sorts by dueDate (a bill is paid on its due
 * date; the record has no other payment date before it is paid); "Amount due" sorts by discountedTotal.
 */
export const SORT_FIELDS = {
  INVOICE: ["dueDate", "invoiceNumber", "issuedForCompanyName", "total", "discountedTotal", "serviceFee"],
  BILL: ["dueDate", "invoiceNumber", "issuedByCompanyName", "total", "discountedTotal", "cashReward"],
} as const;
export type SortField = (typeof SORT_FIELDS)[ListKind][number];
export type SortDirection = "asc" | "desc";
export interface Sort {
  field: SortField;
  direction: SortDirection;
}
const DEFAULT_SORT: Sort = { field: "dueDate", direction: "asc" };

/**
 * A boundary row of the page the cursor was made on, `skip` whole pages away from `page`: "after" = the last row of
 * page `page - skip - 1`, "before" = the first row of page `page + skip + 1`. `value` is the sort column's value as
 * text, `id` the tie-break. The page is then the `size` rows after (before) that row, past `skip × size` of them.
 */
export interface PageCursor {
  page: number;
  dir: "after" | "before";
  /** Whole pages between the boundary row's page and `page` (0 for the neighbouring page). */
  skip: number;
  fingerprint: string;
  id: number;
  value: string;
}

/** The largest `skip` a cursor may carry: every page link the pager shows is at most 3 pages away. */
export const MAX_CURSOR_SKIP = 2;

export interface ListQuery {
  type: ListKind;
  /** Bills only; null on invoices (their tab is the status). */
  tab: BillTab | null;
  /** Invoices: never null (ALL_ELIGIBLE by default). Bills: null means every status. */
  status: ListStatus | null;
  amount: AmountFilter | null;
  date: DateFilter | null;
  number: NumberFilter | null;
  entity: string | null;
  supplier: string | null;
  isMatchedPayablesValue: boolean | null;
  /** 1-based, as in the URL (the API's page is 0-based: page - 1). */
  page: number;
  size: PageSize;
  sort: Sort;
  /** Keyset hint for `page`; absent (or null) means "read the page by its number". */
  cursor?: PageCursor | null;
}

/** A query value that was not understood and fell back to its default. */
export interface QueryIssue {
  param: string;
  value: string;
  message: string;
}

export interface ParsedListQuery {
  query: ListQuery;
  issues: QueryIssue[];
}

export function defaultListQuery(type: ListKind): ListQuery {
  return {
    type,
    tab: type === "BILL" ? DEFAULT_BILL_TAB : null,
    status: type === "INVOICE" ? DEFAULT_INVOICE_STATUS : null,
    amount: null,
    date: null,
    number: null,
    entity: null,
    supplier: null,
    isMatchedPayablesValue: null,
    page: 1,
    size: DEFAULT_PAGE_SIZE,
    sort: { ...DEFAULT_SORT },
  };
}

type Result<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(text: string): string | null {
  // DD/MM/YYYY from the date inputs (docs/decisions/067) reads as its ISO day.
  if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim())) return parseInputDate(text) || null;
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return text;
}

function parseFilterAmount(text: string): Cents | null {
  // Dollars with at most 2 decimals, no sign, no thousands separators: a URL value is not a form input.
  if (!/^\d+(?:\.\d{1,2})?$/.test(text)) return null;
  try {
    return parseDecimalToCents(text);
  } catch {
    return null;
  }
}

function splitOperator(text: string): [string, string] | null {
  const colon = text.indexOf(":");
  if (colon <= 0) return null;
  return [text.slice(0, colon), text.slice(colon + 1)];
}

function splitRange(text: string, allowDash: boolean): [string, string] | null {
  let parts = text.split("..");
  if (parts.length !== 2 && allowDash) parts = text.split("-");
  return parts.length === 2 ? [parts[0], parts[1]] : null;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function parseAmountFilter(text: string, type: ListKind): Result<AmountFilter> {
  const split = splitOperator(text);
  if (!split) return fail("Expected operator:value");
  const [op, rest] = split;
  if (!isOneOf(AMOUNT_OPERATORS[type], op)) return fail(`Unknown amount operator "${op}"`);
  if (op === "range" || op === "between") {
    const ends = splitRange(rest, true);
    const from = ends && parseFilterAmount(ends[0]);
    const to = ends && parseFilterAmount(ends[1]);
    if (from == null || to == null) return fail("Expected two amounts, from..to");
    if (from > to) return fail("The first amount is above the second");
    return { ok: true, value: { op, from, to } };
  }
  const value = parseFilterAmount(rest);
  if (value == null) return fail("Expected an amount such as 100.00");
  return { ok: true, value: { op, value } };
}

export function parseDateFilter(text: string, type: ListKind): Result<DateFilter> {
  const split = splitOperator(text);
  if (!split) return fail("Expected operator:value");
  const [op, rest] = split;
  if (!isOneOf(DATE_OPERATORS[type], op)) return fail(`Unknown date operator "${op}"`);
  if (op === "in") return parseInFilter(rest);
  if (op === "range" || op === "between") {
    const ends = splitRange(rest, false);
    const from = ends && parseIsoDate(ends[0]);
    const to = ends && parseIsoDate(ends[1]);
    if (!from || !to) return fail("Expected two dates, YYYY-MM-DD..YYYY-MM-DD");
    if (from > to) return fail("The first date is after the second");
    return { ok: true, value: { op, from, to } };
  }
  const value = parseIsoDate(rest);
  if (!value) return fail("Expected a date YYYY-MM-DD");
  return { ok: true, value: { op, value } };
}

/** The `in` query value: "30:days" or "3:months". */
function parseInFilter(text: string): Result<DateFilter> {
  const match = /^(\d{1,4}):(days|months)$/.exec(text);
  if (!match) return fail("Expected N:days or N:months");
  const count = Number(match[1]);
  if (count < 1) return fail("N must be at least 1");
  return { ok: true, value: { op: "in", count, unit: match[2] as DateUnit } };
}

export function parseNumberFilter(text: string): Result<NumberFilter> {
  const split = splitOperator(text);
  if (!split) return fail("Expected operator:value");
  const [op, rest] = split;
  if (!isOneOf(NUMBER_OPERATORS, op)) return fail(`Unknown number operator "${op}"`);
  if (op === "in") {
    const values = [
      ...new Set(
        rest
          .split(",")
          .map((value) => value.trim())
          .filter(Boolean)
      ),
    ];
    if (values.length === 0) return fail("Expected at least one invoice number");
    return { ok: true, value: { op, values } };
  }
  const value = rest.trim();
  if (!value) return fail("Expected an invoice number");
  return { ok: true, value: { op, value } };
}

function parseSort(text: string, type: ListKind): Result<Sort> {
  const match = /^([A-Za-z]+),(asc|desc)$/i.exec(text.trim());
  if (!match) return fail("Expected field,asc or field,desc");
  if (!isOneOf(SORT_FIELDS[type], match[1])) return fail(`Cannot sort by "${match[1]}"`);
  return { ok: true, value: { field: match[1], direction: match[2].toLowerCase() as SortDirection } };
}

function statusesFor(type: ListKind, tab: BillTab | null): readonly ListStatus[] {
  if (type === "INVOICE") return INVOICE_TAB_STATUSES;
  return tab === "suppliers" ? SUMMARY_STATUSES : BILL_LIST_STATUSES;
}

/**
 * URL -> ListQuery. Never throws: a value that is not understood falls back to its default and is reported in
 * `issues` (so a route may show it, log it, or redirect to the canonical URL).
 */
export function parseListQuery(searchParams: URLSearchParams, { type }: { type: ListKind }): ParsedListQuery {
  const query = defaultListQuery(type);
  const issues: QueryIssue[] = [];
  const read = (param: string): string | null => {
    const value = searchParams.get(param);
    return value === null || value.trim() === "" ? null : value;
  };
  const take = <T>(param: string, value: string, result: Result<T>, apply: (v: T) => void) => {
    if (result.ok) apply(result.value);
    else issues.push({ param, value, message: result.message });
  };

  const tab = read("tab");
  if (tab !== null) {
    if (type === "INVOICE") issues.push({ param: "tab", value: tab, message: "Invoices have no tab; the status chooses it" });
    else if (isOneOf(BILL_TABS, tab)) query.tab = tab;
    else issues.push({ param: "tab", value: tab, message: `Unknown tab "${tab}"` });
  }

  const status = read("status");
  if (status !== null) {
    if (isOneOf(statusesFor(type, query.tab), status)) query.status = status;
    else issues.push({ param: "status", value: status, message: `Unknown status "${status}"` });
  }

  const amount = read("amount");
  if (amount !== null) take("amount", amount, parseAmountFilter(amount, type), (v) => (query.amount = v));

  const date = read("date");
  const inValue = read("in");
  if (date !== null) take("date", date, parseDateFilter(date, type), (v) => (query.date = v));
  if (inValue !== null) {
    if (type === "INVOICE") issues.push({ param: "in", value: inValue, message: "The in-next-N filter is for bills" });
    else if (query.date !== null) issues.push({ param: "in", value: inValue, message: "Only one date filter applies; date was kept" });
    else take("in", inValue, parseInFilter(inValue), (v) => (query.date = v));
  }

  const number = read("number");
  if (number !== null) take("number", number, parseNumberFilter(number), (v) => (query.number = v));

  const entity = read("entity");
  if (entity !== null) query.entity = entity.trim();
  const supplier = read("supplier");
  if (supplier !== null) query.supplier = supplier.trim();

  const matched = read("isMatchedPayablesValue");
  if (matched !== null) {
    if (matched === "true" || matched === "false") query.isMatchedPayablesValue = matched === "true";
    else issues.push({ param: "isMatchedPayablesValue", value: matched, message: "Expected true or false" });
  }

  const page = read("page");
  if (page !== null) {
    const n = /^\d{1,9}$/.test(page.trim()) ? Number(page.trim()) : 0;
    if (n >= 1) query.page = n;
    else issues.push({ param: "page", value: page, message: "Expected a page number from 1" });
  }

  const size = read("size");
  if (size !== null) {
    const n = Number(size.trim());
    if (isOneOf(PAGE_SIZES.map(String), size.trim())) query.size = n as PageSize;
    else issues.push({ param: "size", value: size, message: `Page size must be one of ${PAGE_SIZES.join(", ")}` });
  }

  const sort = read("sort");
  if (sort !== null) take("sort", sort, parseSort(sort, type), (v) => (query.sort = v));

  // A cursor that does not belong to this exact query and page is ignored quietly: the page is then read by number.
  const cursorText = read("cursor");
  const cursor = cursorText === null ? null : parseCursor(cursorText);
  if (cursor && cursorFits(query, cursor)) query.cursor = cursor;

  return { query, issues };
}

/** The URL value of a cursor: a{page}[_{skip}].{fingerprint}.{id}.{value} ("b" for before; no "_" when skip is 0). */
export function serializeCursor(cursor: PageCursor): string {
  const skip = cursor.skip > 0 ? `_${cursor.skip}` : "";
  return `${cursor.dir === "after" ? "a" : "b"}${cursor.page}${skip}.${cursor.fingerprint}.${cursor.id}.${cursor.value}`;
}

export function parseCursor(text: string): PageCursor | null {
  const match = /^([ab])(\d{1,9})(?:_(\d))?\.([0-9a-z]{1,13})\.(\d{1,15})\.([\s\S]{0,300})$/.exec(text);
  if (!match) return null;
  const page = Number(match[2]);
  const skip = Number(match[3] ?? 0);
  const id = Number(match[5]);
  if (page < 1 || skip > MAX_CURSOR_SKIP || !Number.isSafeInteger(id) || id < 1) return null;
  return { dir: match[1] === "a" ? "after" : "before", page, skip, fingerprint: match[4], id, value: match[6] };
}

/**
 * A short hash (FNV-1a, base 36) of everything that decides which rows a list holds and in which order: kind,
 * filters, status, tab, size and sort; not the page. A cursor made for another query does not fit this one.
 */
export function queryFingerprint(query: ListQuery): string {
  const text = `${query.type}?${serializeListQuery({ ...query, page: 1, cursor: null }).toString()}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function cursorFits(query: ListQuery, cursor: PageCursor): boolean {
  return (
    cursor.page === query.page &&
    cursor.page > 1 &&
    Number.isInteger(cursor.skip) &&
    cursor.skip >= 0 &&
    cursor.skip <= MAX_CURSOR_SKIP &&
    cursor.fingerprint === queryFingerprint(query)
  );
}

/** The cursor to `page` from a boundary row of the page next to it (list-paging.server.ts makes them). */
export function makeCursor(query: ListQuery, page: number, dir: PageCursor["dir"], key: { id: number; value: string }): PageCursor {
  return { page, dir, skip: 0, fingerprint: queryFingerprint(query), id: key.id, value: key.value };
}

/**
 * The cursor for a link to `target` from the neighbouring pages' cursors (list.server.ts pageCursors): a later page
 * from `next` (the shown page's last row), an earlier one from `previous` (its first row), moved by whole pages, as
 * long as that stays within MAX_CURSOR_SKIP. Null (read by number) otherwise, and for page 1, which needs none.
 */
export function cursorForPage(cursors: { previous: PageCursor | null; next: PageCursor | null } | null | undefined, target: number): PageCursor | null {
  if (!cursors || target <= 1) return null;
  const shifted = (cursor: PageCursor | null, skip: number) => (cursor && skip >= 0 && skip <= MAX_CURSOR_SKIP ? { ...cursor, page: target, skip } : null);
  const { previous, next } = cursors;
  if (next && target >= next.page) return shifted(next, next.skip + target - next.page);
  if (previous && target <= previous.page) return shifted(previous, previous.skip + previous.page - target);
  return null;
}

function serializeAmountFilter(filter: AmountFilter): string {
  if ("from" in filter) return `${filter.op}:${centsToDecimal(filter.from)}..${centsToDecimal(filter.to)}`;
  return `${filter.op}:${centsToDecimal(filter.value)}`;
}

/** The `date` value of a non-"in" filter, or the `in` value ("30:days") of an "in" filter. */
function serializeDateFilter(filter: DateFilter): string {
  if (filter.op === "in") return `${filter.count}:${filter.unit}`;
  if ("from" in filter) return `${filter.op}:${filter.from}..${filter.to}`;
  return `${filter.op}:${filter.value}`;
}

function serializeNumberFilter(filter: NumberFilter): string {
  return filter.op === "in" ? `in:${filter.values.join(",")}` : `${filter.op}:${filter.value}`;
}

/** ListQuery -> URLSearchParams in a fixed order, defaults left out. parseListQuery(serializeListQuery(q)) equals q. */
export function serializeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = defaultListQuery(query.type);
  if (query.type === "BILL" && query.tab !== null && query.tab !== defaults.tab) params.set("tab", query.tab);
  if (query.status !== null && query.status !== defaults.status) params.set("status", query.status);
  if (query.amount) params.set("amount", serializeAmountFilter(query.amount));
  if (query.date) params.set(query.date.op === "in" ? "in" : "date", serializeDateFilter(query.date));
  if (query.number) params.set("number", serializeNumberFilter(query.number));
  if (query.entity) params.set("entity", query.entity);
  if (query.supplier) params.set("supplier", query.supplier);
  if (query.isMatchedPayablesValue !== null) params.set("isMatchedPayablesValue", String(query.isMatchedPayablesValue));
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
  if (query.sort.field !== DEFAULT_SORT.field || query.sort.direction !== DEFAULT_SORT.direction) {
    params.set("sort", `${query.sort.field},${query.sort.direction}`);
  }
  // Spreading a query into another page or filter ({ ...query, page: 1 }) drops its cursor: it no longer fits.
  if (query.cursor && cursorFits(query, query.cursor)) params.set("cursor", serializeCursor(query.cursor));
  return params;
}

/** Clicking a column header: the same column toggles asc/desc; a new column starts asc (p2 §5). */
export function toggleSort(current: Sort, column: SortField): Sort {
  if (current.field === column) return { field: column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { field: column, direction: "asc" };
}

/** A new sort shows its first page. */
export function withSort(query: ListQuery, column: SortField): ListQuery {
  return { ...query, sort: toggleSort(query.sort, column), page: 1 };
}

/** The filters of the Filter dropdown (its badge): amount, date (or in), number, Balance Payable. */
export function activeFilterCount(query: ListQuery): number {
  return [query.amount, query.date, query.number, query.isMatchedPayablesValue].filter((value) => value !== null).length;
}

/**
 * Reset all (Filter dropdown): clears the dropdown's filters and goes to page 1. Keeps the tab, status, page size,
 * sort and the toolbar's search text (entity, supplier), which are not part of the dropdown.
 */
export function resetFilters(query: ListQuery): ListQuery {
  return { ...query, amount: null, date: null, number: null, isMatchedPayablesValue: null, page: 1 };
}

/** Choosing a tab (invoices: a status) shows its first page (p2 §2 "with page=1"). */
export function withStatus(query: ListQuery, status: ListStatus | null): ListQuery {
  return { ...query, status, page: 1 };
}

export function totalPages(total: number, size: number): number {
  if (total <= 0) return 0;
  return Math.ceil(total / size);
}

/** The 4 page links: the page before the current one, the current one and the next two, kept inside 1..totalPages. */
export function pageWindow(page: number, pages: number): number[] {
  if (pages <= 0) return [];
  const current = Math.min(Math.max(1, Math.trunc(page)), pages);
  const start = Math.max(1, Math.min(current - 1, pages - PAGE_LINKS + 1));
  const end = Math.min(pages, start + PAGE_LINKS - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/**
 * "x-y of total" for the pagination bar; a page past the end shows the last page's rows. An estimated total (a list
 * longer than the exact-count cap, docs/decisions/008) reads "x-y of about 450,000", rounded to 2 significant digits.
 */
export function pageSummary(page: number, size: number, total: number, estimated = false): string {
  if (total <= 0) return "0-0 of 0";
  const current = Math.min(Math.max(1, Math.trunc(page)), totalPages(total, size));
  const first = (current - 1) * size + 1;
  const last = Math.min(current * size, total);
  if (estimated) return `${groupDigits(first)}-${groupDigits(last)} of about ${groupDigits(Math.max(last, roundToSignificant(total, 2)))}`;
  return `${first}-${last} of ${total}`;
}

function roundToSignificant(value: number, digits: number): number {
  if (value <= 0) return 0;
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(value)) - digits + 1);
  return Math.round(value / scale) * scale;
}

/** 1234567 -> "1,234,567" (en-NZ and en-AU group the same way), the same on the server and in the browser. */
function groupDigits(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The pagination bar appears only when the total is above 10 (p2 §2, §9). */
export function showPagination(total: number): boolean {
  return total > PAGINATION_HIDDEN_AT_OR_BELOW;
}

/** The API's page (0-based) of a URL page (1-based). */
export function apiPage(query: ListQuery): number {
  return query.page - 1;
}

/**
 * A date filter as inclusive bounds for the due-date query, relative to `today` (company time zone): "in the next
 * N days/months" runs from today to today + N; gt/lt are exclusive and so become the neighbouring day.
 */
export function dateFilterBounds(filter: DateFilter, today: string): { from: string | null; to: string | null } {
  switch (filter.op) {
    case "in":
      return { from: today, to: filter.unit === "days" ? addDays(today, filter.count) : addMonths(today, filter.count) };
    case "eq":
      return { from: filter.value, to: filter.value };
    case "range":
    case "between":
      return { from: filter.from, to: filter.to };
    case "gt":
      return { from: addDays(filter.value, 1), to: null };
    case "gte":
    case "ge":
      return { from: filter.value, to: null };
    case "lt":
      return { from: null, to: addDays(filter.value, -1) };
    case "lte":
    case "le":
      return { from: null, to: filter.value };
  }
}

/** An amount filter as inclusive cent bounds (gt/lt exclusive, so one cent in). */
export function amountFilterBounds(filter: AmountFilter): { from: Cents | null; to: Cents | null } {
  switch (filter.op) {
    case "eq":
      return { from: filter.value, to: filter.value };
    case "range":
    case "between":
      return { from: filter.from, to: filter.to };
    case "gt":
      return { from: filter.value + 1, to: null };
    case "lt":
      return { from: null, to: filter.value - 1 };
  }
}
