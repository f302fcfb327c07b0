/**
 * The lists' bounds math (invoices/list.server.ts), pure: no I/O. The offer tabs' index range implied by D2
 * eligibility (offerRangeBounds), where a deep page of an estimated list starts from the sort column's statistics
 * (pageAnchor), and which cursor values may reach SQL (isSortKey). list-bounds.rules.test.ts proves them with
 * fast-check against the offers module's own fee formula.
 */
import { addDays } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import type { OfferConfig } from "../offers/rules";

/** The SQL type of a keyset sort column's value. */
export type SortKeyType = "date" | "text" | "numeric";

/** A cursor value that would not cast to its column's type is ignored (a hand-edited URL must not become a 500). */
const KEY_FORMATS: Record<SortKeyType, (value: string) => boolean> = {
  date: (value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  },
  numeric: (value) => /^\d{1,12}(\.\d{1,2})?$/.test(value),
  text: (value) => !value.includes("\u0000"),
};

export const isSortKey = (keyType: SortKeyType, value: string): boolean => KEY_FORMATS[keyType](value);

export interface OfferRangeBounds {
  maxDue: string | null;
  percentDue: string | null;
  smallAmount: Cents;
  maxAmount: Cents;
  safeDue: string | null;
  safeAmount: Cents;
}

/**
 * Range bounds implied by D2 eligibility under offers of crr at least `crrBp` and cash pool at most `cashpool`, so an
 * index on (company, due_date) serves the offer tabs; the exact per-row formula stays as the residual check, so these
 * only have to be necessary conditions (a superset), never exact.
 *
 * The cashback cap, cb × 10^8 ≤ M × (10000 − p) × T with cb = round(crr × T × (d + 1) / 3650000) ≥ exact − 1/2,
 * implies T × A(d) ≤ 1.825 × 10^14 where A(d) = crr × (d + 1) × 10^8 − M × (10000 − p) × 3650000 (all integers).
 * So: every eligible record has d ≤ dAll (A(dAll) ≤ 1.825 × 10^14, T ≥ 1 cent); beyond d1 (the last day with
 * A ≤ 0, the cap "by the percentage alone") only amounts up to smallAmount (1.825 × 10^14 / A(d1 + 1) cents) can be
 * eligible, by rounding. With the D2 defaults and crr 8 %: d1 = 364 days, smallAmount $22.81.
 */
export function offerRangeBounds(
  crrBp: number,
  cashpool: Cents,
  today: string,
  config: OfferConfig,
  maxCrrBp: number = crrBp
): OfferRangeBounds {
  const HALF = 182_500_000_000_000n; // 3650000 × 10^8 / 2
  const crr = BigInt(crrBp);
  const cap = BigInt(config.maxFeePercent) * (10_000n - BigInt(config.providerFeePercent)) * 3_650_000n;
  const safe = safeRegion(BigInt(maxCrrBp), crr, cap, today, config);
  if (crr <= 0n) return { maxDue: null, percentDue: null, smallAmount: cashpool, maxAmount: cashpool, ...safe };
  const per = crr * 100_000_000n;
  const dAll = (HALF + cap) / per - 1n; // the largest d with per × (d + 1) ≤ HALF + cap
  const d1 = cap / per - 1n; // the largest d with A(d) ≤ 0
  const a = per * (d1 + 2n) - cap; // A(d1 + 1) > 0
  const smallAmount = Number(HALF / a) as Cents;
  // Far dates are no bound at all (and would not be valid dates): no upper bound then.
  const date = (d: bigint) => (d > 100_000n ? null : addDays(today, Number(d)));
  return { maxDue: date(dAll), percentDue: date(d1), smallAmount, maxAmount: cashpool, ...safe };
}

/**
 * A region where D2 eligibility (apart from the cash pool, checked exactly) holds for sure, for every crr between
 * `minCrr` and `maxCrr`: due from tomorrow to safeDue and amount at least safeAmount. The exact integer formula
 * (numeric arithmetic, ~10 µs a row) then only runs for the rows outside it: the last days before the cap and tiny
 * amounts, where rounding decides. With round(x) ≤ x + 1/2: the cashback cap holds when T × (−A(d)) ≥ HALF and the
 * fee cap when T × (−A(d)) ≥ (1 + 2 FIXED_FEE) × 1825000 × 10^4 × (10000 − p) ≤ (1 + 2 FIXED_FEE) × HALF; −A falls
 * as d grows and as crr grows. The minimum fee holds when fee ≥ x_fee(d = 1) − 1/2 + FIXED_FEE ≥ MIN.
 */
function safeRegion(maxCrr: bigint, minCrr: bigint, cap: bigint, today: string, config: OfferConfig): { safeDue: string | null; safeAmount: Cents } {
  const none = { safeDue: null, safeAmount: 0 as Cents };
  if (maxCrr <= 0n || minCrr <= 0n) return none;
  const per = maxCrr * 100_000_000n;
  const dSafe = cap / per - 2n; // one day before the last day within the cap
  if (dSafe < 1n) return none;
  const margin = cap - per * (dSafe + 1n); // −A(dSafe) > 0
  const fixed = BigInt(config.fixedFee);
  const need = (1n + 2n * fixed) * 182_500_000_000_000n;
  let safeAmount = (need + margin - 1n) / margin; // ceil
  const minFee = BigInt(config.minPurchaserOfferFee);
  if (minFee > fixed) {
    // crr × T × 2 × 10^4 / (3650000 × (10000 − p)) ≥ MIN − FIXED + 1/2
    const den = minCrr * 40_000n;
    const forMin = ((2n * (minFee - fixed) + 1n) * 3_650_000n * (10_000n - BigInt(config.providerFeePercent)) + den - 1n) / den;
    if (forMin > safeAmount) safeAmount = forMin;
  }
  if (dSafe > 100_000n || safeAmount > 100_000_000_000n) return none;
  return { safeDue: addDays(today, Number(dSafe)), safeAmount: Number(safeAmount) as Cents };
}

/** The sort column's statistics between the filtered rows' first and last key (list-paging.server.ts anchorStats). */
export interface AnchorStats {
  lo: string | null;
  hi: string | null;
  f_lo: number | null;
  f_hi: number | null;
  points: { v: string; below: number }[] | null;
}

/**
 * Where a typed page of a list with an estimated total starts, from the planner's statistics of the sort column (its
 * most common values and histogram in pg_stats): the CDF between the filtered rows' first and last key (two index
 * reads) gives the key at the page's fraction of the list, and the rows from that key onwards are read with a small
 * OFFSET (within one histogram bucket, ~1% of the table). The place is an estimate, like the total beside it ("of
 * about N"); the pager's links from that page are exact keyset steps again. null (no statistics, a range narrower than
 * one bucket): the caller reads by OFFSET.
 *
 * `start` is the fraction of the list before the page's first row and `span` the page's share, in the list's order.
 */
export function pageAnchor(
  row: AnchorStats | undefined,
  keyType: SortKeyType,
  ascending: boolean,
  start: number,
  span: number,
  total: number
): { bound: { dir: "after" | "before"; id: number; value: string }; reversed: boolean; offset: number } | null {
  if (!row || row.lo === null || row.f_hi === null) return null;
  const low = Number(row.f_lo ?? 0);
  const width = Number(row.f_hi) - low;
  if (!(width > 0)) return null;
  // The fraction of the list, in ascending key order, before the first row to read (ascending).
  const ascStart = Math.min(1, Math.max(0, ascending ? start : 1 - start - span));
  const target = low + ascStart * width;
  let anchor = { v: row.lo, below: low };
  for (const point of row.points ?? []) {
    if (Number(point.below) <= target) anchor = { v: point.v, below: Number(point.below) };
    else break;
  }
  if (!isSortKey(keyType, anchor.v)) return null;
  const offset = Math.max(0, Math.round(((target - anchor.below) / width) * total));
  // (key, id) > (v, 0): every row from key v on, in ascending order, which is the reversed order of a descending list.
  return { bound: { dir: ascending ? "after" : "before", id: 0, value: anchor.v }, reversed: !ascending, offset };
}
