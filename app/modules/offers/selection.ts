/**
 * Optimal selection of bills for a purchaser offer (issue 5 part 3; spec p2 §5 "Credit selection for offers", p1 §4
 * knapsack). Pure: no I/O, safe in the browser. Amounts are integer cents; no float touches an amount.
 *
 * Two suggestions over the bills that could be paid under the offer today:
 * - `largestTotalSelection` (the spec's knapsack): the bills whose discounted totals sum to the largest amount not
 *   above the funds (subset sum).
 * - `maxCashbackSelection`: the bills that earn the most cashback within the cash pool (0/1 knapsack by value), with
 *   the annualised return of the set.
 *
 * Exactness (docs/decisions/015): both run an exact dynamic programme over cents when its table is small enough
 * (items × capacity after dividing every amount by their greatest common divisor, at most DP_CELL_BUDGET cells: a few
 * hundred bills against a cash pool of tens of thousands of dollars, or any number of bills whose amounts share a
 * large divisor). The value knapsack also tries the smaller of the two dimensions (capacity or total cashback).
 * Beyond the budget: the subset sum uses branch and bound (then meet in the middle up to 40 bills, exact) from
 * ledger/top-ups.rules.ts, and the value knapsack a greedy by cashback per dollar plus the best single bill, which is
 * at least half the optimum (the classic bound); `exact` is then false and `upperBound` says how far off it can be.
 */
import type { Cents } from "../../lib/money";
import { KNAPSACK_EXACT_ITEMS, knapsack } from "../ledger/top-ups.rules";

export interface SelectionItem {
  id: number;
  /** T: the discounted total the offer pays (cents, > 0). */
  amount: Cents;
  /** The cashback the purchaser earns if the bill is paid today (cents, ≥ 0). */
  cashback: Cents;
  /** Calendar days from today to the due date (> 0 for a bill an offer can pay). */
  daysToDue: number;
}

export interface Selection {
  ids: number[];
  total: Cents;
  cashback: Cents;
  /**
   * The set's annualised return in basis points: cashback over the money paid early (T − cb), per year of being
   * early (days + 1, D2), money-weighted: Σcb / Σ((T − cb) × (d + 1) / 365). Null for an empty set.
   */
  annualisedReturnBp: number | null;
  /** The set is proven optimal. */
  exact: boolean;
  /** For an inexact set: the most any set could reach (total, or cashback for the value knapsack). */
  upperBound: Cents;
}

/** Largest DP table (items × capacity cells, one byte each) computed exactly: 20 MB at most, well under a second. */
export const DP_CELL_BUDGET = 20_000_000;

function check(items: readonly SelectionItem[], capacity: Cents): void {
  if (!Number.isSafeInteger(capacity)) throw new RangeError(`capacity must be integer cents: ${capacity}`);
  for (const item of items) {
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0) throw new RangeError(`Item ${item.id}: amount must be positive integer cents`);
    if (!Number.isSafeInteger(item.cashback) || item.cashback < 0) throw new RangeError(`Item ${item.id}: cashback must be non-negative integer cents`);
  }
}

const gcd = (a: number, b: number): number => {
  while (b) [a, b] = [b, a % b];
  return a;
};

/** Annualised return in basis points, rounded half-up (BigInt: Σcb × 365 × 10000 / Σ((T − cb)(d + 1))). */
export function annualisedReturnBp(items: readonly SelectionItem[]): number | null {
  let cashback = 0n;
  let weighted = 0n;
  for (const item of items) {
    cashback += BigInt(item.cashback);
    weighted += BigInt(item.amount - item.cashback) * BigInt(Math.max(0, item.daysToDue) + 1);
  }
  if (items.length === 0 || weighted <= 0n) return null;
  const numerator = cashback * 365n * 10_000n;
  return Number((2n * numerator + weighted) / (2n * weighted));
}

function selectionOf(items: readonly SelectionItem[], exact: boolean, upperBound: number): Selection {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  const total = sorted.reduce((sum, item) => sum + item.amount, 0);
  const cashback = sorted.reduce((sum, item) => sum + item.cashback, 0);
  return { ids: sorted.map((item) => item.id), total, cashback, annualisedReturnBp: annualisedReturnBp(sorted), exact, upperBound };
}

/**
 * (a) The spec's knapsack: the bills whose amounts sum to the largest total not above `capacity`. Ties go to the set
 * the DP reaches first (items in the given order), so the result is deterministic.
 */
export function largestTotalSelection(items: readonly SelectionItem[], capacity: Cents): Selection {
  check(items, capacity);
  const fitting = items.filter((item) => item.amount <= capacity);
  const sumAll = fitting.reduce((sum, item) => sum + item.amount, 0);
  if (sumAll <= capacity) return selectionOf(fitting, true, sumAll);
  const g = fitting.reduce((acc, item) => gcd(acc, item.amount), 0);
  const cap = Math.floor(capacity / g);
  if (fitting.length > KNAPSACK_EXACT_ITEMS && cap <= SUBSET_SUM_MAX_CAPACITY && fitting.length * ((cap >>> 5) + 1) <= BITSET_WORD_BUDGET) {
    const chosen = subsetSumBitset(fitting, g, cap);
    const total = chosen.reduce((sum, item) => sum + item.amount, 0);
    return selectionOf(chosen, true, total);
  }
  // Up to 40 bills the branch and bound / meet in the middle of the top-up entry is exact at any capacity.
  const found = knapsack(
    fitting.map((item) => ({ ...item })),
    capacity
  );
  return selectionOf(found.chosen, found.exact, found.exact ? found.total : capacity);
}

/** Largest capacity (in units of the amounts' gcd) of the bitset subset sum: 16M sums, a 64 MB parent table at most. */
export const SUBSET_SUM_MAX_CAPACITY = 16_000_000;
/** Word operations of the bitset subset sum (items × capacity / 32): about a quarter of a second. */
export const BITSET_WORD_BUDGET = 60_000_000;

/**
 * Subset sum over a bitset of reachable sums (32 per word), one shift-or per item: O(items × capacity / 32). The first
 * item that reaches a sum is its parent; a sum's parent is reached before it, from lower items only, so following
 * parents from the best sum rebuilds a set. Stops as soon as the capacity itself is reached.
 */
function subsetSumBitset(items: readonly SelectionItem[], g: number, cap: number): SelectionItem[] {
  const words = (cap >>> 5) + 1;
  const reach = new Uint32Array(words);
  const parent = new Int32Array(cap + 1);
  reach[0] = 1;
  const lastBits = (cap & 31) + 1;
  const lastMask = lastBits === 32 ? 0xffffffff : (1 << lastBits) - 1;
  let best = 0;
  for (let i = 0; i < items.length && best < cap; i++) {
    const a = items[i].amount / g;
    const q = a >>> 5;
    const r = a & 31;
    for (let j = words - 1; j >= q; j--) {
      const low = j - q - 1 >= 0 ? reach[j - q - 1] : 0;
      let shifted = r === 0 ? reach[j - q] : ((reach[j - q] << r) | (low >>> (32 - r))) >>> 0;
      if (j === words - 1) shifted &= lastMask;
      let added = (shifted & ~reach[j]) >>> 0;
      if (added === 0) continue;
      reach[j] = (reach[j] | added) >>> 0;
      while (added !== 0) {
        const bit = 31 - Math.clz32(added & -added);
        const sum = j * 32 + bit;
        parent[sum] = i + 1;
        if (sum > best) best = sum;
        added = (added & (added - 1)) >>> 0;
      }
    }
  }
  const chosen: SelectionItem[] = [];
  for (let sum = best; sum > 0; ) {
    const item = items[parent[sum] - 1];
    chosen.push(item);
    sum -= item.amount / g;
  }
  return chosen;
}

/**
 * (b) The bills that earn the most cashback with their amounts summing to at most `capacity` (the cash pool). Among
 * sets with the same cashback, the smaller total wins (it leaves more of the pool).
 */
export function maxCashbackSelection(items: readonly SelectionItem[], capacity: Cents): Selection {
  check(items, capacity);
  const fitting = items.filter((item) => item.amount <= capacity && item.cashback > 0);
  const sumAll = fitting.reduce((sum, item) => sum + item.amount, 0);
  if (sumAll <= capacity)
    return selectionOf(
      fitting,
      true,
      fitting.reduce((sum, item) => sum + item.cashback, 0)
    );
  const n = fitting.length;
  const g = fitting.reduce((acc, item) => gcd(acc, item.amount), 0);
  const cap = Math.floor(capacity / g);
  const totalValue = fitting.reduce((sum, item) => sum + item.cashback, 0);
  const exactly = (chosen: SelectionItem[]) => {
    const selection = selectionOf(chosen, true, 0);
    return { ...selection, upperBound: selection.cashback };
  };
  if (n * (cap + 1) <= DP_CELL_BUDGET && cap <= totalValue) return exactly(byWeightDp(fitting, g, cap));
  if (n * (totalValue + 1) <= DP_CELL_BUDGET) return exactly(byValueDp(fitting, capacity, totalValue));
  if (n * (cap + 1) <= DP_CELL_BUDGET) return exactly(byWeightDp(fitting, g, cap));
  return branchAndBoundByValue(fitting, capacity);
}

/** Work (nodes × bills, each node's bound walks the bills) the value branch and bound may do before settling for the best found. */
export const VALUE_WORK_BUDGET = 40_000_000;

/**
 * Beyond the DP tables: depth-first branch and bound over the bills by cashback per dollar, pruned by the fractional
 * (LP) bound, started from the greedy set. Exact when it finishes within VALUE_WORK_BUDGET; otherwise the best
 * found (never below the greedy, so at least half the optimum) with the LP bound as `upperBound`.
 */
function branchAndBoundByValue(items: readonly SelectionItem[], capacity: number): Selection {
  const greedy = greedyByRatio(items, capacity);
  const sorted = sortByRatio(items);
  const n = sorted.length;
  const amounts = sorted.map((item) => item.amount);
  const values = sorted.map((item) => item.cashback);
  let bestValue = greedy.cashback;
  let bestPicks: number[] | null = null;
  const picks: number[] = [];
  let nodes = 0;
  const nodeBudget = Math.max(1_000, Math.floor(VALUE_WORK_BUDGET / Math.max(1, n)));
  let exhausted = false;
  // The LP bound of items i.. with `room` left: whole items by ratio, then a fraction of the next (rounded up).
  const bound = (i: number, room: number): number => {
    let total = 0;
    for (let k = i; k < n; k++) {
      if (amounts[k] <= room) {
        room -= amounts[k];
        total += values[k];
      } else {
        return total + Math.ceil((values[k] * room) / amounts[k]);
      }
    }
    return total;
  };
  const visit = (i: number, room: number, value: number): void => {
    if (exhausted) return;
    if (++nodes > nodeBudget) {
      exhausted = true;
      return;
    }
    if (value > bestValue) {
      bestValue = value;
      bestPicks = [...picks];
    }
    if (i === n || value + bound(i, room) <= bestValue) return;
    if (amounts[i] <= room) {
      picks.push(i);
      visit(i + 1, room - amounts[i], value + values[i]);
      picks.pop();
    }
    visit(i + 1, room, value);
  };
  visit(0, capacity, 0);
  const found: Selection = bestPicks
    ? selectionOf(
        (bestPicks as number[]).map((i) => sorted[i]),
        !exhausted,
        0
      )
    : { ...greedy, exact: !exhausted };
  return { ...found, upperBound: exhausted ? Math.max(greedy.upperBound, found.cashback) : found.cashback };
}

function sortByRatio(items: readonly SelectionItem[]): SelectionItem[] {
  // a.cb / a.T > b.cb / b.T ⇔ a.cb × b.T > b.cb × a.T (exact in BigInt).
  return [...items].sort((a, b) => {
    const left = BigInt(a.cashback) * BigInt(b.amount);
    const right = BigInt(b.cashback) * BigInt(a.amount);
    return left > right ? -1 : left < right ? 1 : a.id - b.id;
  });
}

/** best[w] = the most cashback with weight ≤ w; keep bits say whether item i was taken at w. */
function byWeightDp(items: readonly SelectionItem[], g: number, cap: number): SelectionItem[] {
  const n = items.length;
  const best = new Float64Array(cap + 1); // sums of cents, exact below 2^53
  const keep = new Uint8Array(n * (cap + 1));
  for (let i = 0; i < n; i++) {
    const w = items[i].amount / g;
    const v = items[i].cashback;
    const row = i * (cap + 1);
    for (let s = cap; s >= w; s--) {
      const candidate = best[s - w] + v;
      if (candidate > best[s]) {
        best[s] = candidate;
        keep[row + s] = 1;
      }
    }
  }
  // The least weight reaching the best value (ties: keep more of the pool).
  let s = cap;
  while (s > 0 && best[s - 1] === best[cap]) s--;
  const chosen: SelectionItem[] = [];
  for (let i = n - 1; i >= 0; i--) {
    if (keep[i * (cap + 1) + s]) {
      chosen.push(items[i]);
      s -= items[i].amount / g;
    }
  }
  return chosen;
}

/** least[v] = the least weight earning exactly v cashback; the answer is the largest v with least[v] ≤ capacity. */
function byValueDp(items: readonly SelectionItem[], capacity: number, totalValue: number): SelectionItem[] {
  const n = items.length;
  const least = new Float64Array(totalValue + 1).fill(Infinity);
  least[0] = 0;
  const keep = new Uint8Array(n * (totalValue + 1));
  let reach = 0;
  for (let i = 0; i < n; i++) {
    const { amount, cashback } = items[i];
    const row = i * (totalValue + 1);
    reach += cashback;
    for (let v = reach; v >= cashback; v--) {
      const candidate = least[v - cashback] + amount;
      if (candidate < least[v]) {
        least[v] = candidate;
        keep[row + v] = 1;
      }
    }
  }
  let v = totalValue;
  while (v > 0 && !(least[v] <= capacity)) v--;
  const chosen: SelectionItem[] = [];
  for (let i = n - 1; i >= 0 && v > 0; i--) {
    if (keep[i * (totalValue + 1) + v]) {
      chosen.push(items[i]);
      v -= items[i].cashback;
    }
  }
  return chosen;
}

/**
 * Beyond the DP budget: bills by cashback per dollar (the highest rate first), each taken when it still fits, compared
 * with the best single bill; at least half the optimum. The upper bound is the fractional (LP) relaxation.
 */
function greedyByRatio(items: readonly SelectionItem[], capacity: number): Selection {
  const sorted = sortByRatio(items);
  const chosen: SelectionItem[] = [];
  let room = capacity;
  let value = 0;
  let bound = 0;
  let boundRoom = capacity;
  for (const item of sorted) {
    if (item.amount <= room) {
      chosen.push(item);
      room -= item.amount;
      value += item.cashback;
    }
    if (boundRoom > 0) {
      if (item.amount <= boundRoom) {
        bound += item.cashback;
        boundRoom -= item.amount;
      } else {
        bound += Math.ceil((item.cashback * boundRoom) / item.amount);
        boundRoom = 0;
      }
    }
  }
  const single = sorted.reduce<SelectionItem | null>((top, item) => (!top || item.cashback > top.cashback ? item : top), null);
  const result = single && single.cashback > value ? [single] : chosen;
  return selectionOf(result, false, bound);
}
