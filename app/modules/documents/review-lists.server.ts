/**
 * The six review lists' data (issue 17 part 1; spec part 3 §2.1, §3 "Document statistics", §7.1, §9;
 * docs/decisions/048-review-lists.md): the URL query (parseReviewListQuery), one page of a list read by keyset from a
 * cursor (else an OFFSET) on the (company, status, sort, id) indexes, a capped or estimated count (countOf), the
 * rows as the table shows them with the lock of someone else, and the statistics of the lists' reasons.
 *
 * Every query is scoped by the acting company. Filter operators and their URL encoding are the bills list's
 * (invoices/filters.ts): amount eq|gt|lt|range (dollars), issueDate eq|gt|gte|lt|lte|range|in (YYYY-MM-DD, N:days),
 * orderNumber / invoiceNumber in|eq|like.
 */
import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { z } from "zod";
import { sequelize } from "../../../db/index";
import type { BillDocumentMatchStatus, BillDocumentProcessingStatus } from "../../../db/models/bill-document-values";
import type { Actor } from "../../lib/actor";
import type { Cents } from "../../lib/money";
import { requireCompanyId } from "../companies/rules";
import { countOf, ESTIMATE_TRUSTED } from "../invoices/count.server";
import {
  amountFilterBounds,
  dateFilterBounds,
  parseAmountFilter,
  parseDateFilter,
  parseNumberFilter,
  totalPages,
  type AmountFilter,
  type DateFilter,
  type NumberFilter,
} from "../invoices/filters";
import { escapeLike } from "../invoices/list-where";
import { liveLockSql } from "../review/locking.server";
import { reasonLabel, REVIEW_LIST_STATUSES, type ReviewList } from "./rules";

// ---- Tabs ------------------------------------------------------------------------------------------------------------

/** A tab of a list: its URL value, its label, and the documents it keeps (none = the whole list). */
export interface ReviewTab {
  value: string;
  label: string;
  matchStatuses?: readonly BillDocumentMatchStatus[];
  processingStatuses?: readonly BillDocumentProcessingStatus[];
}

/** The tabs of each list (decision 048); the first is the default ("all"). */
export const REVIEW_LIST_TABS: Record<ReviewList, readonly ReviewTab[]> = {
  "pending-review": [
    { value: "all", label: "All" },
    { value: "no-po-found", label: "No PO Found", matchStatuses: ["ORDER_NOT_FOUND_OCR"] },
    { value: "no-po-match", label: "No PO Match", matchStatuses: ["ORDER_NOT_FOUND_GPOS"] },
    { value: "no-status-match", label: "No Status Match", matchStatuses: ["STATUS_MISMATCH"] },
  ],
  "pending-approval": [{ value: "all", label: "All" }],
  processing: [
    { value: "all", label: "All" },
    { value: "in-progress", label: "In progress", processingStatuses: ["QUEUED", "PROCESSING"] },
    { value: "retry", label: "Retry", processingStatuses: ["RETRY"] },
    { value: "failed", label: "Failed", processingStatuses: ["FAILED"] },
  ],
  variances: [
    { value: "all", label: "All" },
    { value: "over", label: "Over", matchStatuses: ["AMOUNT_OVER"] },
    { value: "under", label: "Under", matchStatuses: ["AMOUNT_UNDER"] },
  ],
  blocked: [
    { value: "all", label: "All" },
    { value: "missing-data", label: "Missing Data", matchStatuses: ["INVOICE_DETAILS_MISSING"] },
    { value: "duplicate", label: "Duplicate Bill", matchStatuses: ["POTENTIAL_DUPLICATE"] },
    { value: "closed", label: "Closed Bill", matchStatuses: ["ALREADY_CLOSED"] },
    { value: "period-locked", label: "Period Locked", matchStatuses: ["EXPIRED"] },
    { value: "contact-not-found", label: "Contact Not Found", matchStatuses: ["CONTACT_NOT_FOUND"] },
  ],
  unmatched: [{ value: "all", label: "All" }],
};

// ---- The query -------------------------------------------------------------------------------------------------------

export const REVIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export type ReviewPageSize = (typeof REVIEW_PAGE_SIZES)[number];
export const REVIEW_SORT_FIELDS = ["createdAt", "dateIssue", "invoiceAmount"] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];
/** The supplier search needs more than this many characters (p3 §9); a shorter one is ignored. */
export const SUPPLIER_SEARCH_MIN_EXCLUSIVE = 2;

export interface ReviewListQuery {
  tab: string;
  page: number;
  size: ReviewPageSize;
  supplier: string | null;
  sort: { field: ReviewSortField; direction: "asc" | "desc" };
  amount: AmountFilter | null;
  orderNumber: NumberFilter | null;
  invoiceNumber: NumberFilter | null;
  issueDate: DateFilter | null;
  /** Keyset hint for `page` (the `cursor` URL value), kept only if it was made on this query. */
  cursor: string | null;
}

const DEFAULT_SORT = { field: "createdAt", direction: "desc" } as const;

const optionalText = z
  .string()
  .nullish()
  .transform((text) => (text == null || text.trim() === "" ? null : text.trim()));
const parsed = <T>(parse: (text: string) => { ok: true; value: T } | { ok: false; message: string }) =>
  optionalText.transform((text) => {
    if (text === null) return null;
    const result = parse(text);
    return result.ok ? result.value : null;
  });

/** The URL query of a list; every value that is not understood falls back to its default (never throws). */
function schemaFor(list: ReviewList) {
  const tabs = REVIEW_LIST_TABS[list].map((tab) => tab.value);
  return z.object({
    tab: z
      .string()
      .nullish()
      .transform((tab) => (tab && tabs.includes(tab) ? tab : tabs[0]))
      .catch(tabs[0]),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    size: z.coerce
      .number()
      .refine((size): size is ReviewPageSize => (REVIEW_PAGE_SIZES as readonly number[]).includes(size))
      .catch(25) as z.ZodType<ReviewPageSize>,
    supplier: optionalText.transform((text) => (text && text.length > SUPPLIER_SEARCH_MIN_EXCLUSIVE ? text.slice(0, 200) : null)).catch(null),
    sort: optionalText
      .transform((text) => {
        const match = /^([A-Za-z]+),(asc|desc)$/i.exec(text ?? "");
        if (!match || !(REVIEW_SORT_FIELDS as readonly string[]).includes(match[1])) return { ...DEFAULT_SORT };
        return { field: match[1] as ReviewSortField, direction: match[2].toLowerCase() as "asc" | "desc" };
      })
      .catch({ ...DEFAULT_SORT }),
    amount: parsed((text) => parseAmountFilter(text, "BILL")).catch(null),
    orderNumber: parsed(parseNumberFilter).catch(null),
    invoiceNumber: parsed(parseNumberFilter).catch(null),
    issueDate: parsed((text) => parseDateFilter(text, "BILL")).catch(null),
    cursor: optionalText.transform((text) => (text ? text.slice(0, 200) : null)).catch(null),
  });
}

/** URL query → ReviewListQuery (parameters missing or wrong are their defaults). */
export function parseReviewListQuery(list: ReviewList, searchParams: URLSearchParams): ReviewListQuery {
  const raw = Object.fromEntries(
    ["tab", "page", "size", "supplier", "sort", "amount", "orderNumber", "invoiceNumber", "issueDate", "cursor"].map((name) => [name, searchParams.get(name)])
  );
  if (raw.page === null) delete raw.page;
  if (raw.size === null) delete raw.size;
  return schemaFor(list).parse(raw) as ReviewListQuery;
}

// ---- The page --------------------------------------------------------------------------------------------------------

/** What a row of a list shows. Amounts in cents. */
export interface ReviewRow {
  id: number;
  /** The read supplier name, else the counterparty's company name, else the file name. */
  supplier: string;
  invoiceNumber: string | null;
  orderNumber: string | null;
  amount: Cents | null;
  posAmount: Cents | null;
  issueDate: string | null;
  dueDate: string | null;
  reason: string;
  matchStatus: BillDocumentMatchStatus | null;
  processingStatus: BillDocumentProcessingStatus;
  createdAt: string;
  /** A live lock held by someone other than the viewer: the Locked button. */
  locked: boolean;
  /** The holder's name for the Locked button's tooltip; null when not locked. */
  lockedBy: string | null;
}

export interface ReviewListPage {
  list: ReviewList;
  query: ReviewListQuery;
  tabs: readonly { value: string; label: string }[];
  rows: ReviewRow[];
  /** The page's ids in order (the detail page's previous/next within the page). */
  ids: number[];
  page: number;
  size: ReviewPageSize;
  pages: number;
  /** Exact up to EXACT_COUNT_CAP, else the planner's estimate (totalIsEstimate). */
  total: number;
  totalIsEstimate: boolean;
  /** The `cursor` URL values of the neighbouring pages (null: none, or read by number). */
  pageCursors: { previous: string | null; next: string | null };
}

const SORT_SQL: Record<ReviewSortField, { column: string; cast: string }> = {
  createdAt: { column: "bd.created_at", cast: "timestamptz" },
  dateIssue: { column: "COALESCE(bd.date_issue, '-infinity'::date)", cast: "date" },
  invoiceAmount: { column: "COALESCE(bd.invoice_amount, -1::numeric)", cast: "numeric" },
};

interface Cursor {
  page: number;
  dir: "after" | "before";
  fingerprint: string;
  id: number;
  value: string;
}

/** The query a cursor belongs to: everything but the page and the cursor. */
function fingerprintOf(list: ReviewList, query: ReviewListQuery): string {
  const { page: _page, cursor: _cursor, ...rest } = query;
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([list, rest]))
    .digest("base64url")
    .slice(0, 10);
}

/** `a{page}.{fingerprint}.{id}.{value}` (after the row) or `b...` (before it). */
const serializeCursor = (cursor: Cursor) => `${cursor.dir === "after" ? "a" : "b"}${cursor.page}.${cursor.fingerprint}.${cursor.id}.${cursor.value}`;

function parseCursorText(text: string): Cursor | null {
  const match = /^([ab])(\d{1,7})\.([A-Za-z0-9_-]{10})\.(\d{1,10})\.(.{1,60})$/.exec(text);
  if (!match) return null;
  const id = Number(match[4]);
  if (id < 1 || id > 2_147_483_647) return null;
  return { dir: match[1] === "a" ? "after" : "before", page: Number(match[2]), fingerprint: match[3], id, value: match[5] };
}

const validValue = (field: ReviewSortField, value: string) =>
  field === "createdAt"
    ? !Number.isNaN(Date.parse(value))
    : field === "dateIssue"
    ? value === "-infinity" || /^\d{4}-\d{2}-\d{2}$/.test(value)
    : /^-?\d{1,12}(\.\d{1,2})?$/.test(value);

/** The WHERE clause over `bill_documents bd` of a list, its tab and the query's filters (also the statistics' search). */
function filtersOf(companyId: number, list: ReviewList, query: ReviewListQuery, today: string, supplierCounterpartyIds: readonly number[] = []) {
  const tab = REVIEW_LIST_TABS[list].find((candidate) => candidate.value === query.tab) ?? REVIEW_LIST_TABS[list][0];
  const statuses = tab.processingStatuses ?? REVIEW_LIST_STATUSES[list];
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = {};
  const add = (condition: string, values: Record<string, unknown> = {}) => {
    conditions.push(condition);
    Object.assign(replacements, values);
  };
  add("bd.company_id = :companyId", { companyId });
  if (statuses.length === 1) add("bd.processing_status = :status", { status: statuses[0] });
  else add("bd.processing_status IN (:statuses)", { statuses: [...statuses] });
  if (tab.matchStatuses) add("bd.match_status IN (:matchStatuses)", { matchStatuses: [...tab.matchStatuses] });
  if (query.supplier)
    add(supplierSearchSql(supplierCounterpartyIds), { supplierLike: `%${escapeLike(query.supplier)}%`, supplierCounterpartyIds: [...supplierCounterpartyIds] });
  if (query.amount) {
    const { from, to } = amountFilterBounds(query.amount);
    // Numeric dollars compared with the column (cents / 100 exactly).
    if (from !== null) add("bd.invoice_amount >= CAST(:amountFrom AS numeric) / 100", { amountFrom: from });
    if (to !== null) add("bd.invoice_amount <= CAST(:amountTo AS numeric) / 100", { amountTo: to });
  }
  if (query.issueDate) {
    const { from, to } = dateFilterBounds(query.issueDate, today);
    if (from !== null) add("bd.date_issue >= CAST(:dateFrom AS date)", { dateFrom: from });
    if (to !== null) add("bd.date_issue <= CAST(:dateTo AS date)", { dateTo: to });
  }
  for (const [name, column, filter] of [
    ["orderNumber", "bd.order_number", query.orderNumber],
    ["invoiceNumber", "bd.invoice_number", query.invoiceNumber],
  ] as const) {
    if (!filter) continue;
    if (filter.op === "in") add(`${column} IN (:${name}s)`, { [`${name}s`]: filter.values });
    else if (filter.op === "eq") add(`${column} = :${name}`, { [name]: filter.value });
    else add(`${column} ILIKE :${name}Like`, { [`${name}Like`]: `%${escapeLike(filter.value)}%` });
  }
  return { where: conditions.join(" AND "), replacements };
}

/**
 * The supplier search: the read supplier name, or (none read) the counterparty's company name; case-insensitive. The
 * counterparties whose name matches are looked up first (supplierCounterpartiesOf, a company's few), so the condition
 * on bill_documents is a plain ILIKE the trigram index can answer (decision 053), with their ids only when there are any.
 */
const supplierSearchSql = (counterpartyIds: readonly number[]) =>
  counterpartyIds.length === 0
    ? "bd.supplier_name ILIKE :supplierLike"
    : "(bd.supplier_name ILIKE :supplierLike OR (bd.supplier_name IS NULL AND bd.counterparty_id IN (:supplierCounterpartyIds)))";

/** The actor's counterparties whose company name contains the search (at most 1,000: a search that wide narrows nothing). */
async function supplierCounterpartiesOf(companyId: number, supplier: string | null): Promise<number[]> {
  if (!supplier) return [];
  const rows = await sequelize.query<{ id: number }>(
    `SELECT scp.id FROM counterparties scp JOIN companies sc ON sc.id = scp.counterparty_company_id
      WHERE scp.company_id = :companyId AND sc.company_name ILIKE :supplierLike ORDER BY scp.id LIMIT 1000`,
    { type: QueryTypes.SELECT, replacements: { companyId, supplierLike: `%${escapeLike(supplier)}%` } }
  );
  return rows.map((row) => row.id);
}

interface RawReviewRow {
  id: number;
  supplier: string;
  invoice_number: string | null;
  order_number: string | null;
  amount_c: string | null;
  pos_amount_c: string | null;
  issue_date: string | null;
  due_date: string | null;
  match_status: BillDocumentMatchStatus | null;
  processing_status: BillDocumentProcessingStatus;
  created_at: string;
  confirmed: boolean;
  locked_by: string | null;
  sort_key: string;
}

/**
 * One page of a review list for the actor's company. `today` (YYYY-MM-DD) resolves the issue date's `in` operator.
 * Read from the (company, status, sort, id) index: a cursor page by keyset, else by OFFSET (from the nearer end when the
 * total is exact); the count is capped (countOf).
 */
export async function listReviewDocuments(
  actor: Actor,
  list: ReviewList,
  searchParams: URLSearchParams,
  today = new Date().toISOString().slice(0, 10)
): Promise<ReviewListPage> {
  const companyId = requireCompanyId(actor);
  const query = parseReviewListQuery(list, searchParams);
  const { where, replacements } = filtersOf(companyId, list, query, today, await supplierCounterpartiesOf(companyId, query.supplier));
  const filtered = `FROM bill_documents bd WHERE ${where}`;
  const size = query.size;
  const { column, cast } = SORT_SQL[query.sort.field];
  const ascending = query.sort.direction === "asc";
  const keySql = query.sort.field === "createdAt" ? "bd.created_at::text" : `${column}::text`;
  const fingerprint = fingerprintOf(list, query);

  const read = async (options: { bound?: { dir: "after" | "before"; id: number; value: string }; reversed: boolean; limit: number; offset: number }) => {
    const order = (flip: boolean) => {
      const dir = ascending !== flip ? "ASC" : "DESC";
      return `${column} ${dir}, bd.id ${dir}`;
    };
    let keyset = "";
    if (options.bound) {
      const greater = (options.bound.dir === "after") === ascending;
      keyset = `AND (${column}, bd.id) ${greater ? ">" : "<"} (CAST(:keyValue AS ${cast}), :keyId)`;
    }
    const ids = `SELECT bd.id ${filtered} ${keyset} ORDER BY ${order(options.reversed)} LIMIT :limit OFFSET :offset`;
    return sequelize.query<RawReviewRow>(
      `SELECT bd.id,
         COALESCE(NULLIF(trim(bd.supplier_name), ''), sc.company_name, bd.original_file_name) AS supplier,
         bd.invoice_number, bd.order_number,
         (bd.invoice_amount * 100)::bigint AS amount_c, (bd.pos_amount * 100)::bigint AS pos_amount_c,
         to_char(bd.date_issue, 'YYYY-MM-DD') AS issue_date, to_char(bd.due_date, 'YYYY-MM-DD') AS due_date,
         bd.match_status, bd.processing_status, bd.created_at, bd.confirmed_at IS NOT NULL AS confirmed,
         CASE WHEN lu.id IS NOT NULL THEN COALESCE(NULLIF(concat_ws(' ', lu.first_name, lu.middle_name, lu.last_name), ''), lu.username) END AS locked_by,
         ${keySql} AS sort_key
       FROM (${ids}) page
       JOIN bill_documents bd ON bd.id = page.id
       LEFT JOIN counterparties scp ON scp.id = bd.counterparty_id AND scp.company_id = bd.company_id
       LEFT JOIN companies sc ON sc.id = scp.counterparty_company_id
       LEFT JOIN users lu ON lu.id = bd.locked_by_user_id AND ${liveLockSql("bd")} AND bd.locked_by_user_id <> :viewerId
       ORDER BY ${order(false)}`,
      {
        type: QueryTypes.SELECT,
        replacements: {
          ...replacements,
          viewerId: actor.userId ?? 0,
          limit: options.limit,
          offset: options.offset,
          keyValue: options.bound?.value ?? null,
          keyId: options.bound?.id ?? null,
        },
      }
    );
  };

  let { total, estimated } = await countOf(filtered, replacements, ESTIMATE_TRUSTED);
  let pages = totalPages(total, size);
  let page = Math.min(query.page, Math.max(1, pages));
  const parsedCursor = query.cursor ? parseCursorText(query.cursor) : null;
  const cursor =
    parsedCursor && parsedCursor.page === page && parsedCursor.fingerprint === fingerprint && validValue(query.sort.field, parsedCursor.value)
      ? parsedCursor
      : null;

  let rows: RawReviewRow[] = [];
  if (total > 0) {
    let done = false;
    if (cursor) {
      rows = await read({ bound: cursor, reversed: cursor.dir === "before", limit: size, offset: 0 });
      // A cursor whose neighbourhood changed (rows gone) falls back to the page number.
      done = cursor.dir === "after" ? rows.length > 0 : rows.length === size;
    }
    if (!done && page > 1 && !estimated && (page - 1) * size > total - page * size) {
      // Nearer the end than the start: the reversed order skips fewer index entries.
      const end = Math.min(page * size, total);
      rows = await read({ reversed: true, limit: end - (page - 1) * size, offset: total - end });
      done = true;
    }
    if (!done) {
      rows = await read({ reversed: false, limit: size, offset: (page - 1) * size });
      if (estimated && rows.length === 0) rows = await read({ reversed: true, limit: size, offset: 0 });
      else if (estimated && rows.length < size) {
        total = (page - 1) * size + rows.length;
        estimated = false;
      }
    }
    pages = totalPages(total, size);
    page = Math.min(page, Math.max(1, pages));
  }

  const cursorOf = (target: number, dir: Cursor["dir"], row: RawReviewRow) =>
    serializeCursor({ page: target, dir, fingerprint, id: row.id, value: row.sort_key });
  return {
    list,
    query,
    tabs: REVIEW_LIST_TABS[list].map(({ value, label }) => ({ value, label })),
    rows: rows.map(toRow),
    ids: rows.map((row) => row.id),
    page,
    size,
    pages,
    total,
    totalIsEstimate: estimated,
    pageCursors: {
      previous: rows.length && page > 1 ? cursorOf(page - 1, "before", rows[0]) : null,
      next: rows.length && page < pages ? cursorOf(page + 1, "after", rows[rows.length - 1]) : null,
    },
  };
}

const centsOf = (value: string | null): Cents | null => (value === null ? null : (Number(value) as Cents));

function toRow(row: RawReviewRow): ReviewRow {
  return {
    id: row.id,
    supplier: row.supplier,
    invoiceNumber: row.invoice_number,
    orderNumber: row.order_number,
    amount: centsOf(row.amount_c),
    posAmount: centsOf(row.pos_amount_c),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    reason: reasonLabel({ processingStatus: row.processing_status, matchStatus: row.match_status, confirmed: row.confirmed }),
    matchStatus: row.match_status,
    processingStatus: row.processing_status,
    createdAt: new Date(row.created_at).toISOString(),
    locked: row.locked_by !== null,
    lockedBy: row.locked_by,
  };
}

// ---- Statistics (p3 §3) ----------------------------------------------------------------------------------------------

export interface DocumentStatistic {
  /** The documents' invoice amounts, in cents. */
  totalAmountDue: Cents;
  totalCount: number;
}

export interface DocumentStatistics {
  retry: DocumentStatistic;
  orderNotFoundOcr: DocumentStatistic;
  orderNotFoundGpos: DocumentStatistic;
  statusMismatch: DocumentStatistic;
  amountOver: DocumentStatistic;
  amountUnder: DocumentStatistic;
  variance: DocumentStatistic & { totalPosAmount: Cents };
}

/** The statistics' one grouped query, on the (company, status, ...) index (exported for the plan test). */
export const DOCUMENT_STATISTICS_SQL = (withSupplier: boolean, supplierCounterpartyIds: readonly number[] = []) => `
  SELECT bd.processing_status, bd.match_status, count(*)::integer AS count,
         COALESCE(sum(bd.invoice_amount), 0) * 100 AS amount_c, COALESCE(sum(bd.pos_amount), 0) * 100 AS pos_c
  FROM bill_documents bd
  WHERE bd.company_id = :companyId AND bd.processing_status IN ('RETRY', 'PENDING_REVIEW', 'VARIANCE')
    ${withSupplier ? `AND ${supplierSearchSql(supplierCounterpartyIds)}` : ""}
  GROUP BY bd.processing_status, bd.match_status`;

/** The statistics from the running totals (bill_document_reason_totals, kept by triggers): a few rows by primary key. */
export const DOCUMENT_REASON_TOTALS_SQL = `
  SELECT t.processing_status, NULLIF(t.match_status, '') AS match_status, t.document_count::integer AS count,
         t.invoice_amount * 100 AS amount_c, t.pos_amount * 100 AS pos_c
  FROM bill_document_reason_totals t
  WHERE t.company_id = :companyId AND t.processing_status IN ('RETRY', 'PENDING_REVIEW', 'VARIANCE') AND t.document_count > 0`;

/**
 * The lists' reasons counted and summed (p3 §3): retry = documents waiting to be processed again (RETRY);
 * orderNotFoundOcr, orderNotFoundGpos, statusMismatch = Pending review by reason; amountOver, amountUnder = Variance by
 * reason; variance = the whole Variance list, with its POS amounts. `supplier` (more than 2 characters, else ignored)
 * narrows them like the lists' search.
 */
export async function documentStatistics(companyId: number, options: { supplier?: string | null } = {}): Promise<DocumentStatistics> {
  const supplier = options.supplier?.trim() ?? "";
  const withSupplier = supplier.length > SUPPLIER_SEARCH_MIN_EXCLUSIVE;
  type Row = { processing_status: BillDocumentProcessingStatus; match_status: BillDocumentMatchStatus | null; count: number; amount_c: string; pos_c: string };
  // Without a search, the running totals the database keeps (decision 053); a search narrows the documents themselves.
  const term = supplier.slice(0, 200);
  const counterpartyIds = withSupplier ? await supplierCounterpartiesOf(companyId, term) : [];
  const rows = await sequelize.query<Row>(withSupplier ? DOCUMENT_STATISTICS_SQL(true, counterpartyIds) : DOCUMENT_REASON_TOTALS_SQL, {
    type: QueryTypes.SELECT,
    replacements: { companyId, ...(withSupplier ? { supplierLike: `%${escapeLike(term)}%`, supplierCounterpartyIds: counterpartyIds } : {}) },
  });
  const sum = (keep: (row: (typeof rows)[number]) => boolean) => {
    const kept = rows.filter(keep);
    return {
      totalAmountDue: kept.reduce((total, row) => total + Math.round(Number(row.amount_c)), 0) as Cents,
      totalCount: kept.reduce((total, row) => total + row.count, 0),
      totalPosAmount: kept.reduce((total, row) => total + Math.round(Number(row.pos_c)), 0) as Cents,
    };
  };
  const plain = (keep: (row: (typeof rows)[number]) => boolean): DocumentStatistic => {
    const { totalAmountDue, totalCount } = sum(keep);
    return { totalAmountDue, totalCount };
  };
  const review = (match: BillDocumentMatchStatus) => plain((row) => row.processing_status === "PENDING_REVIEW" && row.match_status === match);
  const variance = (match: BillDocumentMatchStatus) => plain((row) => row.processing_status === "VARIANCE" && row.match_status === match);
  return {
    retry: plain((row) => row.processing_status === "RETRY"),
    orderNotFoundOcr: review("ORDER_NOT_FOUND_OCR"),
    orderNotFoundGpos: review("ORDER_NOT_FOUND_GPOS"),
    statusMismatch: review("STATUS_MISMATCH"),
    amountOver: variance("AMOUNT_OVER"),
    amountUnder: variance("AMOUNT_UNDER"),
    variance: sum((row) => row.processing_status === "VARIANCE"),
  };
}
