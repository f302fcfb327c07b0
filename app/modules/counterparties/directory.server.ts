/**
 * The admin counterparty directory (p3 §2.4, §7.3 "GET /admin/entities/{id}/counter-parties") and the detail panel,
 * and the same list scoped to the acting company for its settings' Suppliers and Customers tabs (p3 §2.2).
 *
 * One page is read in two bounded steps (docs/decisions/035): the count, then the page, newest first (the relationship's
 * id, index counterparties (company_id, id)) with LIMIT/OFFSET from the nearer end, so the first and the last page cost
 * the same. The count is always exact but for the name search: without a filter, or with only the tab, the queue and
 * the role, it sums the company's kept counts (counterparty_counts, migration 2026.11.26T19.10.00: a few rows, whatever
 * the company's size); with a GL code, payment term or scheduled-payments filter it counts an index range of the
 * company's rows; the name search needs the other company, so it is exact up to EXACT_COUNT_CAP and estimated beyond
 * (decision 008), and late pages are read from the start.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { EntityPreferences } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { getCompany, requireAdmin, requireCompanyId } from "../companies/service.server";
import { countOf, ESTIMATE_TRUSTED } from "../invoices/count.server";
import { listGlOptions, listTermOptions, type GlOption, type TermOption } from "./options.server";
import {
  CONFIGURE_MESSAGES,
  DIRECTORY_TAB_STATUSES,
  pageWindow,
  paymentTermLabel,
  type DirectoryQuery,
  type ProcessingQueue,
} from "./rules";

/** One counterparty as the directory shows it (p3 §3 Counterparty). */
export interface DirectoryRow {
  /** The relationship's id: what Configure, the detail panel and a merge name. */
  id: number;
  /** updated_at to the microsecond: sent back with a change, compared under the row lock. */
  modificationTime: string;
  creationTime: string;
  /** The other company. */
  counterpartyCompanyId: number;
  companyName: string;
  status: string;
  externalAccountId: string | null;
  nzbn: string | null;
  gstNumber: string | null;
  isSupplier: boolean;
  isCustomer: boolean;
  isPurchaserOffersEnabled: boolean;
  isScheduledPaymentsEnabled: boolean;
  /** The row's own queue; null: the company's default applies. */
  defaultProcessingQueue: ProcessingQueue | null;
  /** The queue that applies (the row's, else the company's default). */
  processingQueue: ProcessingQueue;
  paymentTermId: number | null;
  paymentTerm: string | null;
  externalBankAccountNumber: string | null;
  glAccount: { id: number; accountCode: string; accountName: string; isDefault: boolean } | null;
  periodLockDate: string | null;
}

export interface DirectoryPage {
  query: DirectoryQuery;
  totalElements: number;
  /** The total is the planner's estimate ("of about N", decision 008). */
  totalIsEstimate: boolean;
  rows: DirectoryRow[];
  /** The company's own default processing queue (entity preferences), for the labels. */
  companyDefaultQueue: ProcessingQueue;
}

interface RawRow {
  id: number;
  modification_time: string;
  creation_time: string;
  counterparty_company_id: number;
  company_name: string;
  status: string;
  external_account_id: string | null;
  nzbn: string | null;
  gst_number: string | null;
  is_supplier: boolean;
  is_customer: boolean;
  is_purchaser_offers_enabled: boolean;
  is_scheduled_payments_enabled: boolean;
  default_processing_queue: ProcessingQueue | null;
  payment_term_id: number | null;
  term_frequency: string | null;
  term_date: number | null;
  term_day_of_week: string | null;
  external_bank_account_number: string | null;
  gl_account_id: number | null;
  gl_account_code: string | null;
  gl_account_name: string | null;
  gl_is_default: boolean | null;
  period_lock_date: string | null;
}

/** updated_at as exact text (microseconds, UTC): a JS Date would drop the microseconds and miss a change. */
export const MODIFICATION_TIME_SQL = `to_char(cp.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ROW_COLUMNS = `
  cp.id, ${MODIFICATION_TIME_SQL} AS modification_time,
  to_char(cp.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS creation_time,
  cp.counterparty_company_id, c.company_name, c.status, cp.external_account_id, cp.nzbn, cp.gst_number,
  cp.is_supplier, cp.is_customer, cp.is_purchaser_offers_enabled, cp.is_scheduled_payments_enabled,
  cp.default_processing_queue, cp.payment_term_id, pt.frequency AS term_frequency, pt.date AS term_date,
  pt.day_of_week AS term_day_of_week, cp.external_bank_account_number, cp.gl_account_id,
  gl.account_code AS gl_account_code, gl.account_name AS gl_account_name, gl.is_default AS gl_is_default,
  to_char(cp.period_lock_date, 'YYYY-MM-DD') AS period_lock_date`;

const ROW_JOINS = `
  LEFT JOIN payment_terms pt ON pt.company_id = cp.company_id AND pt.id = cp.payment_term_id
  LEFT JOIN gl_accounts gl ON gl.company_id = cp.company_id AND gl.id = cp.gl_account_id`;

function toRow(raw: RawRow, companyDefaultQueue: ProcessingQueue): DirectoryRow {
  return {
    id: raw.id,
    modificationTime: raw.modification_time,
    creationTime: raw.creation_time,
    counterpartyCompanyId: raw.counterparty_company_id,
    companyName: raw.company_name,
    status: raw.status,
    externalAccountId: raw.external_account_id,
    nzbn: raw.nzbn,
    gstNumber: raw.gst_number,
    isSupplier: raw.is_supplier,
    isCustomer: raw.is_customer,
    isPurchaserOffersEnabled: raw.is_purchaser_offers_enabled,
    isScheduledPaymentsEnabled: raw.is_scheduled_payments_enabled,
    defaultProcessingQueue: raw.default_processing_queue,
    processingQueue: raw.default_processing_queue ?? companyDefaultQueue,
    paymentTermId: raw.payment_term_id,
    paymentTerm: raw.term_frequency ? paymentTermLabel({ frequency: raw.term_frequency, date: raw.term_date, dayOfWeek: raw.term_day_of_week }) : null,
    externalBankAccountNumber: raw.external_bank_account_number,
    glAccount:
      raw.gl_account_id !== null && raw.gl_account_code !== null
        ? { id: raw.gl_account_id, accountCode: raw.gl_account_code, accountName: raw.gl_account_name ?? "", isDefault: Boolean(raw.gl_is_default) }
        : null,
    periodLockDate: raw.period_lock_date,
  };
}

/** The owner's default processing queue (entity preferences; MANUAL when it has none, as the table's default). */
export async function companyDefaultQueue(companyId: number, options: { transaction?: Transaction } = {}): Promise<ProcessingQueue> {
  const preferences = await EntityPreferences.findOne({ where: { companyId }, attributes: ["id", "defaultProcessingQueue"], transaction: options.transaction });
  return preferences?.defaultProcessingQueue ?? "MANUAL";
}

/** Escapes LIKE wildcards so a typed "%" or "_" matches itself. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type DirectoryRole = "SUPPLIER" | "CUSTOMER";

/**
 * The WHERE of a directory query over `cp`, and what it needs: the other company (the name search), or columns only the
 * row holds (GL code, payment term, scheduled payments). Without either it reads only columns counterparty_counts
 * keeps as well (company, status, roles, queue), and the same WHERE counts over that table.
 */
function whereOf(companyId: number, query: DirectoryQuery, defaultQueue: ProcessingQueue, role: DirectoryRole | undefined) {
  const conditions = ["cp.company_id = :companyId"];
  const replacements: Record<string, unknown> = { companyId };
  let needsCompany = false;
  let needsRows = false;
  const statuses = DIRECTORY_TAB_STATUSES[query.tab];
  if (statuses) {
    // The company's status as copied on the row (migration 2026.11.26T18.11.00): an index range, no join.
    conditions.push("cp.counterparty_status IN (:statuses)");
    replacements.statuses = statuses;
  }
  if (query.q) {
    conditions.push("lower(c.company_name) LIKE :q");
    replacements.q = likeContains(query.q);
    needsCompany = true;
  }
  if (query.queue) {
    // The effective queue: the row's own, else the company's default (a NULL row follows the default).
    conditions.push(query.queue === defaultQueue ? "(cp.default_processing_queue = :queue OR cp.default_processing_queue IS NULL)" : "cp.default_processing_queue = :queue");
    replacements.queue = query.queue;
  }
  if (query.glcode.length > 0) {
    conditions.push("cp.gl_account_id IN (:glcode)");
    replacements.glcode = query.glcode;
    needsRows = true;
  }
  if (query.pids.length > 0) {
    conditions.push("cp.payment_term_id IN (:pids)");
    replacements.pids = query.pids;
    needsRows = true;
  }
  if (query.sp !== null) {
    conditions.push(query.sp ? "cp.is_scheduled_payments_enabled" : "NOT cp.is_scheduled_payments_enabled");
    needsRows = true;
  }
  if (role === "SUPPLIER") conditions.push("cp.is_supplier");
  if (role === "CUSTOMER") conditions.push("cp.is_customer");
  return { where: conditions.join(" AND "), replacements, needsCompany, needsRows };
}

/** The exact count of a query the kept counts answer (see whereOf): a sum over at most a few dozen rows. */
const keptCountSql = (where: string) => `SELECT COALESCE(sum(cp.total), 0) AS count FROM counterparty_counts cp WHERE ${where}`;

/** One page of a company's counterparties, newest first, with its total. */
async function readDirectory(companyId: number, query: DirectoryQuery, role?: DirectoryRole): Promise<DirectoryPage> {
  const defaultQueue = await companyDefaultQueue(companyId);
  const { where, replacements, needsCompany, needsRows } = whereOf(companyId, query, defaultQueue, role);
  const readPage = (window: { offset: number; limit: number; fromEnd: boolean }) =>
    sequelize.query<RawRow>(
      `SELECT ${ROW_COLUMNS}
         FROM counterparties cp
         JOIN companies c ON c.id = cp.counterparty_company_id
         ${ROW_JOINS}
        WHERE ${where}
        ORDER BY cp.id ${window.fromEnd ? "ASC" : "DESC"}
        LIMIT :limit OFFSET :offset`,
      { type: QueryTypes.SELECT, replacements: { ...replacements, limit: window.limit, offset: window.offset } }
    );
  // Page 1 is read from the start whatever the total: it is read while the total is counted (one wait, not two).
  const firstWindow = { offset: 0, limit: query.size, fromEnd: false };
  const firstPage = query.page === 1 ? readPage(firstWindow) : null;
  // Handled here too, so a failing count (thrown first) does not leave the page's rejection unhandled.
  firstPage?.catch(() => {});
  let totalElements: number;
  let estimated = false;
  if (needsCompany) {
    const counted = await countOf(`FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id WHERE ${where}`, replacements, ESTIMATE_TRUSTED);
    totalElements = counted.total;
    estimated = counted.estimated;
  } else {
    const sql = needsRows ? `SELECT count(*) AS count FROM counterparties cp WHERE ${where}` : keptCountSql(where);
    const [{ count }] = await sequelize.query<{ count: string }>(sql, { type: QueryTypes.SELECT, replacements });
    totalElements = Number(count);
  }
  const exactWindow = pageWindow(query.page, query.size, totalElements);
  // An estimated total cannot say where the end is: its late pages are read from the start.
  const window = firstPage ? firstWindow : estimated ? { offset: (query.page - 1) * query.size, limit: query.size, fromEnd: false } : exactWindow;
  if (totalElements === 0 || (!estimated && window.offset >= totalElements)) {
    await firstPage;
    return { query, totalElements, totalIsEstimate: estimated, rows: [], companyDefaultQueue: defaultQueue };
  }
  // Newest first; read from the end, the order flips and the rows are turned back.
  const raw = await (firstPage ?? readPage(window));
  const rows = raw.map((row) => toRow(row, defaultQueue));
  if (window.fromEnd) rows.reverse();
  return { query, totalElements, totalIsEstimate: estimated, rows, companyDefaultQueue: defaultQueue };
}

export interface DirectoryScreen extends DirectoryPage {
  company: { id: number; companyName: string; country: string };
  termOptions: TermOption[];
  glOptions: GlOption[];
}

/** The admin directory of company `companyId` (404 for a non-admin, or no such company), with its select options. */
export async function listDirectory(actor: Actor, companyId: number, query: DirectoryQuery): Promise<DirectoryScreen> {
  requireAdmin(actor);
  // One round trip's wait for all four (a company that does not exist still answers 404: its reads find nothing).
  const [company, page, termOptions, glOptions] = await Promise.all([
    getCompany(companyId, { attributes: ["id", "companyName", "country"] }),
    readDirectory(companyId, query),
    listTermOptions(companyId),
    listGlOptions(companyId),
  ]);
  return { ...page, company: { id: company.id, companyName: company.companyName, country: company.country }, termOptions, glOptions };
}

/** The acting company's own suppliers or customers (settings tabs), with the select options. */
export async function listOwnCounterparties(actor: Actor, role: DirectoryRole, query: DirectoryQuery) {
  const companyId = requireCompanyId(actor);
  const [page, termOptions, glOptions] = await Promise.all([readDirectory(companyId, query, role), listTermOptions(companyId), listGlOptions(companyId)]);
  return { ...page, termOptions, glOptions };
}

/** Rows of `companyId` by relationship id (the Configure dialog's selection): 404 when one is not the company's. */
export async function getDirectoryRows(actor: Actor, companyId: number, ids: readonly number[]): Promise<DirectoryScreen> {
  requireAdmin(actor);
  const company = await getCompany(companyId, { attributes: ["id", "companyName", "country"] });
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647).slice(0, 100);
  if (unique.length === 0) throw new AppError(400, CONFIGURE_MESSAGES.requiredParameters, { code: "BAD_REQUEST" });
  const defaultQueue = await companyDefaultQueue(companyId);
  const raw = await sequelize.query<RawRow>(
    `SELECT ${ROW_COLUMNS} FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id ${ROW_JOINS}
      WHERE cp.company_id = :companyId AND cp.id IN (:ids) ORDER BY cp.id DESC`,
    { type: QueryTypes.SELECT, replacements: { companyId, ids: unique } }
  );
  if (raw.length !== unique.length) throw new AppError(404, CONFIGURE_MESSAGES.notFound, { code: "NOT_FOUND" });
  const [termOptions, glOptions] = await Promise.all([listTermOptions(companyId), listGlOptions(companyId)]);
  return {
    query: { tab: "all", page: 1, size: unique.length, q: "", queue: null, glcode: [], pids: [], sp: null },
    totalElements: raw.length,
    totalIsEstimate: false,
    rows: raw.map((row) => toRow(row, defaultQueue)),
    companyDefaultQueue: defaultQueue,
    company: { id: company.id, companyName: company.companyName, country: company.country },
    termOptions,
    glOptions,
  };
}

/** Counts shown in the detail panel: capped, so a counterparty with a million bills costs what one with 10 001 does. */
export const DETAIL_COUNT_CAP = 10_000;

export interface CounterpartyDetail extends DirectoryRow {
  counts: { bills: number; invoices: number; creditNotes: number; capped: number };
}

/**
 * One counterparty of company `companyId` for the detail panel (p3 §2.4): its fields and how many bills (the company
 * buys from it), invoices (the company sells to it) and credit notes (either way) there are between the two. 404 when
 * it is not the company's.
 */
export async function getCounterpartyDetail(actor: Actor, companyId: number, counterpartyId: number): Promise<CounterpartyDetail> {
  requireAdmin(actor);
  const defaultQueue = await companyDefaultQueue(companyId);
  const [raw] = Number.isSafeInteger(counterpartyId)
    ? await sequelize.query<RawRow>(
        `SELECT ${ROW_COLUMNS} FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id ${ROW_JOINS}
          WHERE cp.company_id = :companyId AND cp.id = :counterpartyId`,
        { type: QueryTypes.SELECT, replacements: { companyId, counterpartyId } }
      )
    : [];
  if (!raw) throw new AppError(404, CONFIGURE_MESSAGES.notFound, { code: "NOT_FOUND" });
  const replacements = { owner: companyId, other: raw.counterparty_company_id, cap: DETAIL_COUNT_CAP + 1 };
  const capped = (from: string) => `(SELECT count(*) FROM (SELECT 1 ${from} LIMIT :cap) x)`;
  const [counts] = await sequelize.query<{ bills: string; invoices: string; credit_notes: string }>(
    `SELECT ${capped("FROM invoices WHERE issued_for = :owner AND issued_by = :other AND deleted_at IS NULL")} AS bills,
            ${capped("FROM invoices WHERE issued_by = :owner AND issued_for = :other AND deleted_at IS NULL")} AS invoices,
            ${capped(
              "FROM credit_notes WHERE ((issued_for = :owner AND issued_by = :other) OR (issued_by = :owner AND issued_for = :other)) AND deleted_at IS NULL"
            )} AS credit_notes`,
    { type: QueryTypes.SELECT, replacements }
  );
  return {
    ...toRow(raw, defaultQueue),
    counts: { bills: Number(counts.bills), invoices: Number(counts.invoices), creditNotes: Number(counts.credit_notes), capped: DETAIL_COUNT_CAP },
  };
}
