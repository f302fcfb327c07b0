/**
 * Counting the rows of a query without reading them all (docs/decisions/008, 029): exact up to EXACT_COUNT_CAP (a
 * count over LIMIT cap + 1: an index range of at most cap + 1 entries), beyond it the planner's estimate of the same
 * query. The invoices and bills lists' totals and the analytics' unpaid-invoice count use it, so no request counts a
 * company's whole side (500,000 rows at the benchmark's size).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";

/** Lists up to this long are counted exactly (an index range of at most this many entries); longer ones estimated. */
export const EXACT_COUNT_CAP = 10_000;

/** Above this estimate the capped count is not run (countOf). */
export const ESTIMATE_TRUSTED = 2 * EXACT_COUNT_CAP;

/**
 * The number of records: exact while it is at most EXACT_COUNT_CAP (a count over LIMIT cap + 1), else the planner's
 * estimate of the same query, never below the cap. An exact count of a million rows costs ~50 ms on every request, and
 * even the capped count reads cap + 1 index entries (3-15 ms), so it is skipped when the estimate, asked first (~1 ms,
 * planning only), is over `trusted` (ESTIMATE_TRUSTED, or the cap where counting is dear): a list that big is shown "of about N" whatever the count would say, unless
 * the planner over-estimated more than twofold (then the pager's fallbacks find the real end). `estimateFiltered` is
 * what the estimate is asked about, when it should leave conditions out (estimateOf).
 */
export async function countOf(
  filtered: string,
  replacements: Record<string, unknown>,
  trusted: number,
  estimateFiltered: string = filtered
): Promise<{ total: number; estimated: boolean }> {
  const estimate = await estimateOf(estimateFiltered, replacements);
  if (estimate > trusted) return { total: estimate, estimated: true };
  const [{ count }] = await sequelize.query<{ count: string }>(`SELECT count(*) AS count FROM (SELECT 1 ${filtered} LIMIT :countCap) capped`, {
    type: QueryTypes.SELECT,
    replacements: { ...replacements, countCap: EXACT_COUNT_CAP + 1 },
  });
  const exact = Number(count);
  if (exact <= EXACT_COUNT_CAP) return { total: exact, estimated: false };
  return { total: Math.max(estimate, EXACT_COUNT_CAP + 1), estimated: true };
}

/**
 * The planner's estimate of the list's rows (EXPLAIN, no execution). `filtered` is the query's FROM and WHERE as the
 * estimate should see them: the lists pass theirs with the residual conditions left out (where-builder.ts
 * estimateWhere: the offer tabs' exact D2 formula, which the planner cannot judge, while the index range bounds around
 * it are nearly exact and estimated from the column statistics).
 */
async function estimateOf(filtered: string, replacements: Record<string, unknown>): Promise<number> {
  const [explained] = await sequelize.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${filtered}`, {
    type: QueryTypes.SELECT,
    replacements,
  });
  const plan = typeof explained["QUERY PLAN"] === "string" ? JSON.parse(explained["QUERY PLAN"]) : explained["QUERY PLAN"];
  return Math.round(Number((plan as { Plan: { "Plan Rows": number } }[])[0]?.Plan?.["Plan Rows"] ?? 0));
}
