/**
 * Paging the lists (list.server.ts): the count, the page's ids read from an index in the list order, then the joins for
 * those rows alone (docs/decisions/008-list-performance.md).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { OfferConfig } from "../offers/rules";
import { contactEmailColumn } from "./contact-email";
import { countOf, ESTIMATE_TRUSTED, EXACT_COUNT_CAP } from "./count.server";
import { makeCursor, MAX_CURSOR_SKIP, totalPages, type ListQuery, type PageCursor, type SortField } from "./filters";
import { isSortKey, pageAnchor, type AnchorStats, type SortKeyType } from "./list-bounds.rules";
import { offerContext } from "./list-offer-context.server";
import { buildWhere, type Side } from "./list-where";
import type { CompanyStatus, CompanyVerificationStatus, PurchaserOfferStatus, SupplierOfferStatus } from "./rules";

/** Allow-listed sort columns (filters.ts SORT_FIELDS); anything else never reaches SQL. */
const SORT_COLUMNS: Record<SortField, string> = {
  dueDate: "i.due_date",
  invoiceNumber: "i.invoice_number",
  issuedForCompanyName: "i.issued_for_company_name",
  issuedByCompanyName: "i.issued_by_company_name",
  total: "i.total",
  discountedTotal: "i.discounted_total",
  serviceFee: "i.service_fee",
  cashReward: "i.cash_reward",
};

/**
 * The SQL type of each sort column's value in a cursor; null = no keyset (the column is nullable, so a row
 * comparison cannot order it): such a sort reads pages by OFFSET.
 */
const SORT_KEY_TYPES: Record<SortField, SortKeyType | null> = {
  dueDate: "date",
  invoiceNumber: "text",
  issuedForCompanyName: "text",
  issuedByCompanyName: "text",
  total: "numeric",
  discountedTotal: "numeric",
  serviceFee: null,
  cashReward: null,
};

/** The side's joins: "us" is the actor's company, "them" the other party. */
function sideSql(side: Side) {
  const us = side === "INVOICE" ? "i.issued_by" : "i.issued_for";
  const them = side === "INVOICE" ? "i.issued_for" : "i.issued_by";
  // The counterparty setting that decides offers is always the purchaser's row for the supplier.
  return {
    us,
    them,
    joins: `
      JOIN companies c ON c.id = ${them}
      LEFT JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by
      LEFT JOIN purchaser_offers po ON po.created_by_company = i.issued_for AND po.offer_status <> 'CANCELLED'
      LEFT JOIN LATERAL (
        SELECT so.id, so.offer_status, so.cash_reward, so.expiration_date
        FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
        WHERE soi.invoice_id = i.id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING')
        ORDER BY so.id DESC LIMIT 1
      ) so ON true`,
  };
}

/** One row of a list page as the page query reads it. */
export interface RawRow {
  id: number;
  invoice_number: string;
  company_name: string;
  company_id: number;
  company_status: CompanyStatus;
  company_verification_status: CompanyVerificationStatus;
  due_date: string;
  amount_due_c: string;
  invoice_status: string | null;
  bill_status: string | null;
  include_in_purchaser_offer: boolean;
  sent_to_supplier: boolean;
  contact_email: string | null;
  cash_reward_c: string | null;
  ripe_bill_document_id: number | null;
  auto_processed: boolean | null;
  offers_enabled: boolean | null;
  invited_by_us: boolean;
  po_status: PurchaserOfferStatus | null;
  po_cashpool_c: string | null;
  po_pending_c: string | null;
  po_crr: string | null;
  so_status: SupplierOfferStatus | null;
  so_cash_reward_c: string | null;
  so_expiration_date: string | null;
}

interface PageRead {
  /** A keyset bound: rows strictly after (or before) this sort key in the list order. */
  bound?: { dir: "after" | "before"; id: number; value: string };
  /** Read in the reversed order (previous page, last page); the rows still come back in the list order. */
  reversed: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of a list: the count (capped, else estimated), the page's ids from the index in the list order (keyset from
 * a cursor, the statistics' anchor for a deep page of an estimated list, the reversed order nearer the end, else
 * OFFSET), then the joins for those rows alone; see the top of list.server.ts.
 */
export async function pageOf(side: Side, companyId: number, query: ListQuery, today: string, config: OfferConfig, cursorQuery: ListQuery) {
  const { joins, them } = sideSql(side);
  const offer = await offerContext(side, companyId, query.status, today, config);
  const { where, estimateWhere, replacements } = buildWhere(side, companyId, query, today, config, offer);
  // No joins: the ids come from `invoices` alone.
  const filtered = `FROM invoices i\nWHERE ${where}`;

  const size = query.size;
  const column = SORT_COLUMNS[query.sort.field];
  const keyType = SORT_KEY_TYPES[query.sort.field];
  const ascending = query.sort.direction !== "desc";
  const keySql = keyType === "date" ? `to_char(${column}, 'YYYY-MM-DD')` : `${column}::text`;

  const read = async ({ bound, reversed, limit, offset }: PageRead): Promise<(RawRow & { sort_key: string })[]> => {
    const forward = (flip: boolean) => {
      const dir = ascending !== flip ? "ASC" : "DESC";
      // The id follows the column's direction, so a descending list is exactly the ascending one reversed.
      return `${column} ${dir}, i.id ${dir}`;
    };
    let keyset = "";
    if (bound && keyType) {
      // after in an ascending list, or before in a descending one: greater; otherwise smaller.
      const greater = (bound.dir === "after") === ascending;
      keyset = `AND (${column}, i.id) ${greater ? ">" : "<"} (CAST(:keyValue AS ${keyType}), :keyId)`;
    }
    const ids = `SELECT i.id ${filtered} ${keyset} ORDER BY ${forward(reversed)} LIMIT :limit OFFSET :offset`;
    return sequelize.query<RawRow & { sort_key: string }>(
      `SELECT i.id, i.invoice_number, ${side === "INVOICE" ? "i.issued_for_company_name" : "i.issued_by_company_name"} AS company_name,
         ${them} AS company_id, c.status AS company_status, c.verification_status AS company_verification_status,
         to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (i.discounted_total * 100)::bigint AS amount_due_c,
         i.invoice_status, i.bill_status, i.include_in_purchaser_offer, i.sent_to_supplier, ${contactEmailColumn(side)} AS contact_email,
         (i.cash_reward * 100)::bigint AS cash_reward_c, i.ripe_bill_document_id,
         (SELECT bd.auto_processed FROM bill_documents bd WHERE bd.id = i.ripe_bill_document_id) AS auto_processed,
         cp.is_purchaser_offers_enabled AS offers_enabled, (cp.invited_at IS NOT NULL) AS invited_by_us,
         po.offer_status AS po_status, (po.cashpool * 100)::bigint AS po_cashpool_c,
         (po.pending_cashpool * 100)::bigint AS po_pending_c, po.crr::text AS po_crr,
         so.offer_status AS so_status, (so.cash_reward * 100)::bigint AS so_cash_reward_c,
         to_char(so.expiration_date, 'YYYY-MM-DD') AS so_expiration_date,
         ${keySql} AS sort_key
       FROM (${ids}) page
       JOIN invoices i ON i.id = page.id
       ${joins}
       ORDER BY ${forward(false)}`,
      {
        type: QueryTypes.SELECT,
        replacements: { ...replacements, limit, offset, keyValue: bound?.value ?? null, keyId: bound?.id ?? null },
      }
    );
  };

  const validCursor = (page: number): PageCursor | null =>
    query.cursor &&
    keyType &&
    query.cursor.page === page &&
    Number.isInteger(query.cursor.skip) &&
    query.cursor.skip >= 0 &&
    query.cursor.skip <= MAX_CURSOR_SKIP &&
    isSortKey(keyType, query.cursor.value)
      ? query.cursor
      : null;
  // Page 1 and a cursor's page do not depend on the count: read them while it runs (used if the page stands).
  const early = validCursor(query.page);
  const speculative: Promise<(RawRow & { sort_key: string })[]> | null = early
    ? read({ bound: early, reversed: early.dir === "before", limit: size, offset: early.skip * size })
    : query.page === 1
    ? read({ reversed: false, limit: size, offset: 0 })
    : null;
  // A typed page past ANCHOR_MIN_OFFSET is placed from the column statistics if the total turns out an estimate: ask now.
  const anchorEarly = !early && keyType && (query.page - 1) * size > ANCHOR_MIN_OFFSET ? anchorStats(filtered, replacements, column, keyType) : null;
  // Not left unhandled if the count fails first.
  speculative?.catch(() => {});
  anchorEarly?.catch(() => {});

  // Payment Available's rows are sparse in its index (the payable customers' among all customers'): a capped count
  // reads several index entries per row counted, so any estimate past the cap is trusted there.
  const trusted = side === "INVOICE" && query.status === "PAYMENT_READY" ? EXACT_COUNT_CAP : ESTIMATE_TRUSTED;
  let { total, estimated } = await countOf(filtered, replacements, trusted, `FROM invoices i\nWHERE ${estimateWhere}`);
  let pages = totalPages(total, size);
  let page = Math.min(query.page, Math.max(1, pages));

  let rows: (RawRow & { sort_key: string })[] = [];
  if (total > 0) {
    const cursor = validCursor(page);
    let done = false;
    if (cursor) {
      // Keyset from the boundary row of the page the link was made on, then past the whole pages in between.
      rows = await (cursor === early && speculative
        ? speculative
        : read({ bound: cursor, reversed: cursor.dir === "before", limit: size, offset: cursor.skip * size }));
      // A cursor whose neighbourhood changed (rows deleted, a page that is now short) falls back to the page number.
      done = cursor.dir === "after" ? rows.length > 0 : rows.length === size;
      if (done && estimated && rows.length < size) {
        total = (page - 1) * size + rows.length;
        estimated = false;
      }
    }
    if (!done && page > 1 && page === pages && estimated) {
      // The last page by the estimate: the first rows of the reversed order.
      rows = await read({ reversed: true, limit: size, offset: 0 });
      done = true;
    }
    if (!done && page > 1 && estimated && keyType && (page - 1) * size > ANCHOR_MIN_OFFSET) {
      // A typed deep page under an estimated total: its place is an estimate too, found from the column statistics
      // (pageAnchor) instead of an OFFSET past hundreds of thousands of index entries.
      const stats = await (page === query.page && anchorEarly ? anchorEarly : anchorStats(filtered, replacements, column, keyType));
      const anchor = pageAnchor(stats, keyType, ascending, ((page - 1) * size) / total, size / total, total);
      if (anchor) {
        rows = await read({ bound: anchor.bound, reversed: anchor.reversed, limit: size, offset: anchor.offset });
        // Past the real end (the statistics were off): the real last rows.
        if (rows.length < size) rows = await read({ reversed: true, limit: size, offset: 0 });
        done = true;
      }
    }
    if (!done && page > 1 && !estimated && (page - 1) * size > total - page * size) {
      // Nearer the end than the start (the last page included): the reversed order skips fewer index entries.
      const end = Math.min(page * size, total);
      rows = await read({ reversed: true, limit: end - (page - 1) * size, offset: total - end });
      done = true;
    }
    if (!done) {
      rows = await (page === 1 && query.page === 1 && speculative ? speculative : read({ reversed: false, limit: size, offset: (page - 1) * size }));
      if (estimated && rows.length < size) {
        if (rows.length === 0) {
          // The estimate ran past the real end: show the real last rows.
          rows = await read({ reversed: true, limit: size, offset: 0 });
        } else {
          total = (page - 1) * size + rows.length;
          estimated = false;
        }
      }
    }
    pages = totalPages(total, size);
    page = Math.min(page, Math.max(1, pages));
  }

  const key = (row: RawRow & { sort_key: string }) => ({ id: row.id, value: row.sort_key });
  const pageCursors = {
    previous: keyType && rows.length && page > 2 ? makeCursor(cursorQuery, page - 1, "before", key(rows[0])) : null,
    next: keyType && rows.length && page < pages ? makeCursor(cursorQuery, page + 1, "after", key(rows[rows.length - 1])) : null,
  };

  let hasAnyRecords = total > 0;
  if (!hasAnyRecords) {
    const column = side === "INVOICE" ? "issued_by" : "issued_for";
    // Ordered like the (side, due_date, id) index of live records, so the planner reads one index entry instead of
    // scanning invoices for the first live row of a company whose rows are many (list-query-plans.test.ts).
    const any = await sequelize.query(`SELECT 1 FROM invoices WHERE ${column} = :companyId AND deleted_at IS NULL ORDER BY due_date, id LIMIT 1`, {
      type: QueryTypes.SELECT,
      replacements: { companyId },
    });
    hasAnyRecords = any.length > 0;
  }
  return { rows, total, totalIsEstimate: estimated, pageCursors, page, hasAnyRecords };
}

/** pageAnchor's one query (it does not depend on the count, so it can run beside it). */
async function anchorStats(
  filtered: string,
  replacements: Record<string, unknown>,
  column: string,
  keyType: SortKeyType
): Promise<AnchorStats | undefined> {
  const attname = column.replace(/^i\./, "");
  const [row] = await sequelize.query<AnchorStats>(
    `WITH st AS (
       SELECT null_frac, most_common_vals::text::${keyType}[] AS mcv, most_common_freqs AS mf, histogram_bounds::text::${keyType}[] AS hb
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'invoices' AND attname = :anchorColumn
     ), pts AS (
       SELECT u.v, 0::float8 AS b, u.f::float8 AS a FROM st, unnest(st.mcv, st.mf) AS u(v, f)
       UNION ALL
       SELECT h.v, CASE WHEN h.k = 1 THEN 0 ELSE (1 - st.null_frac - COALESCE((SELECT sum(x) FROM unnest(st.mf) x), 0)) / (cardinality(st.hb) - 1) END, 0
       FROM st, unnest(st.hb) WITH ORDINALITY AS h(v, k)
     ), cum AS (
       SELECT v, sum(b + a) OVER w - a AS below, sum(b + a) OVER w AS upto FROM pts WINDOW w AS (ORDER BY v, a ROWS UNBOUNDED PRECEDING)
     ), ends AS (
       SELECT (SELECT ${column} ${filtered} ORDER BY ${column} ASC, i.id ASC LIMIT 1) AS lo,
              (SELECT ${column} ${filtered} ORDER BY ${column} DESC, i.id DESC LIMIT 1) AS hi
     )
     SELECT ${keyType === "date" ? "to_char(ends.lo, 'YYYY-MM-DD')" : "ends.lo::text"} AS lo, ends.hi::text AS hi,
       (SELECT max(below) FROM cum WHERE v <= ends.lo) AS f_lo,
       COALESCE((SELECT min(below) FROM cum WHERE v > ends.hi), (SELECT max(upto) FROM cum)) AS f_hi,
       (SELECT json_agg(json_build_object('v', ${keyType === "date" ? "to_char(v, 'YYYY-MM-DD')" : "v::text"}, 'below', below) ORDER BY v, below)
        FROM cum WHERE v > ends.lo AND v <= ends.hi) AS points
     FROM ends`,
    { type: QueryTypes.SELECT, replacements: { ...replacements, anchorColumn: attname } }
  );
  return row;
}

/**
 * A typed page under an estimated total that starts further in than this is placed by pageAnchor; nearer, an OFFSET
 * (a few ms on a dense index, but up to ~25 ms on Payment Available's sparse one at the cap).
 */
const ANCHOR_MIN_OFFSET = 2_500;
