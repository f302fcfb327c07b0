import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import { annualisedReturnBp, DP_CELL_BUDGET, largestTotalSelection, maxCashbackSelection, type SelectionItem } from "./selection";

/** Every subset of a small list: the reference both suggestions are checked against. */
function bruteForce(items: readonly SelectionItem[], capacity: number) {
  let bestTotal = 0;
  let bestCashback = 0;
  for (let mask = 0; mask < 1 << items.length; mask++) {
    let total = 0;
    let cashback = 0;
    for (let i = 0; i < items.length; i++) {
      if (mask & (1 << i)) {
        total += items[i].amount;
        cashback += items[i].cashback;
      }
    }
    if (total > capacity) continue;
    bestTotal = Math.max(bestTotal, total);
    bestCashback = Math.max(bestCashback, cashback);
  }
  return { bestTotal, bestCashback };
}

const itemsArb = (maxAmount: number) =>
  fc
    .array(
      fc.record({
        amount: fc.integer({ min: 1, max: maxAmount }),
        cashbackPermille: fc.integer({ min: 0, max: 80 }),
        daysToDue: fc.integer({ min: 1, max: 120 }),
      }),
      { maxLength: 12 }
    )
    .map((rows) =>
      rows.map(
        (row, index): SelectionItem => ({
          id: index + 1,
          amount: row.amount as Cents,
          cashback: Math.floor((row.amount * row.cashbackPermille) / 1000) as Cents,
          daysToDue: row.daysToDue,
        })
      )
    );

function checkSelection(items: readonly SelectionItem[], capacity: number, selection: ReturnType<typeof largestTotalSelection>) {
  const byId = new Map(items.map((item) => [item.id, item]));
  expect(new Set(selection.ids).size).toBe(selection.ids.length);
  const chosen = selection.ids.map((id) => byId.get(id)!);
  expect(chosen.every(Boolean)).toBe(true);
  expect(selection.total).toBe(chosen.reduce((sum, item) => sum + item.amount, 0));
  expect(selection.cashback).toBe(chosen.reduce((sum, item) => sum + item.cashback, 0));
  expect(selection.total).toBeLessThanOrEqual(capacity);
}

describe("optimal selection against brute force (small random cases)", () => {
  for (const maxAmount of [50, 5_000, 5_000_000]) {
    it(`largest total not above the funds equals the brute force's (amounts up to ${maxAmount} cents)`, () => {
      fc.assert(
        fc.property(itemsArb(maxAmount), fc.integer({ min: 0, max: maxAmount * 6 }), (items, capacity) => {
          const selection = largestTotalSelection(items, capacity as Cents);
          checkSelection(items, capacity, selection);
          expect(selection.exact).toBe(true);
          expect(selection.total).toBe(bruteForce(items, capacity).bestTotal);
        }),
        { numRuns: 400 }
      );
    });

    it(`most cashback within the cash pool equals the brute force's (amounts up to ${maxAmount} cents)`, () => {
      fc.assert(
        fc.property(itemsArb(maxAmount), fc.integer({ min: 0, max: maxAmount * 6 }), (items, capacity) => {
          const selection = maxCashbackSelection(items, capacity as Cents);
          checkSelection(items, capacity, selection);
          expect(selection.exact).toBe(true);
          expect(selection.cashback).toBe(bruteForce(items, capacity).bestCashback);
        }),
        { numRuns: 400 }
      );
    });
  }

  it("beyond the DP budget stays valid, never below half the optimum, and under its upper bound", () => {
    // Amounts coprime-ish and a capacity so large that items × capacity exceeds the budget: the greedy path.
    fc.assert(
      fc.property(itemsArb(2_000_000_000), (items) => {
        const capacity = Math.ceil(DP_CELL_BUDGET / Math.max(1, items.length)) * 40 + 7;
        const value = maxCashbackSelection(items, capacity as Cents);
        checkSelection(items, capacity, value);
        const { bestCashback, bestTotal } = bruteForce(items, capacity);
        expect(value.cashback * 2).toBeGreaterThanOrEqual(bestCashback);
        expect(value.upperBound).toBeGreaterThanOrEqual(bestCashback);
        const total = largestTotalSelection(items, capacity as Cents);
        checkSelection(items, capacity, total);
        if (total.exact) expect(total.total).toBe(bestTotal);
      }),
      { numRuns: 200 }
    );
  });
});

describe("a few hundred bills", () => {
  it("300 bills against a $50,000 pool: exact, within the pool, in well under a second each", () => {
    const random = fc.sample(fc.record({ amount: fc.integer({ min: 10_000, max: 2_000_000 }), days: fc.integer({ min: 1, max: 90 }) }), {
      numRuns: 300,
      seed: 42,
    });
    const items = random.map(
      (row, index): SelectionItem => ({
        id: index + 1,
        amount: row.amount as Cents,
        cashback: Math.round((800 * row.amount * (row.days + 1)) / 3_650_000) as Cents,
        daysToDue: row.days,
      })
    );
    const capacity = 5_000_000 as Cents;
    const started = Date.now();
    const total = largestTotalSelection(items, capacity);
    const value = maxCashbackSelection(items, capacity);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(total.exact).toBe(true);
    expect(total.total).toBeLessThanOrEqual(capacity);
    expect(total.total).toBeGreaterThan(capacity - 10_000);
    // The value knapsack at this size is a branch and bound: exact when it finishes, else within its LP bound.
    expect(value.cashback).toBeLessThanOrEqual(value.upperBound);
    expect(value.cashback * 1000).toBeGreaterThanOrEqual(value.upperBound * 999);
    expect(value.total).toBeLessThanOrEqual(capacity);
    expect(value.cashback).toBeGreaterThanOrEqual(total.cashback);
  });
});

describe("more than 40 bills (the bitset subset sum)", () => {
  it("reaches the same largest total as a plain boolean DP", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 41, maxLength: 80 }), fc.integer({ min: 0, max: 6_000 }), (amounts, capacity) => {
        const items = amounts.map((amount, index): SelectionItem => ({ id: index + 1, amount: (amount * 3) as Cents, cashback: 0 as Cents, daysToDue: 1 }));
        const reachable = new Uint8Array(capacity + 1);
        reachable[0] = 1;
        for (const item of items) for (let s = capacity; s >= item.amount; s--) if (reachable[s - item.amount]) reachable[s] = 1;
        let best = capacity;
        while (!reachable[best]) best--;
        const selection = largestTotalSelection(items, capacity as Cents);
        checkSelection(items, capacity, selection);
        expect(selection.exact).toBe(true);
        expect(selection.total).toBe(best);
      }),
      { numRuns: 300 }
    );
  });
});

describe("annualised return", () => {
  it("is the crr (within rounding) for a bill whose cashback is D2's at that crr", () => {
    // 8 % p.a. on $10,000 paid 29 days early (d + 1 = 30): cb = 800 × 1,000,000 × 30 / 3,650,000 = 6575.34 → 6575
    const bp = annualisedReturnBp([{ id: 1, amount: 1_000_000, cashback: 6_575, daysToDue: 29 }]);
    // 6575 × 365 × 10000 / ((1,000,000 − 6575) × 30) = 805.3 bp: a little above the crr, as paying T − cb is cheaper.
    expect(bp).toBe(805);
    expect(annualisedReturnBp([])).toBeNull();
  });
});

describe("2,000 bills (the most the offer card considers)", () => {
  it("answers both suggestions within a couple of seconds, valid and within the pool", () => {
    const random = fc.sample(fc.record({ amount: fc.integer({ min: 1_000, max: 5_000_000 }), days: fc.integer({ min: 1, max: 120 }) }), {
      numRuns: 2_000,
      seed: 7,
    });
    const items = random.map(
      (row, index): SelectionItem => ({
        id: index + 1,
        amount: row.amount as Cents,
        cashback: Math.round((800 * row.amount * (row.days + 1)) / 3_650_000) as Cents,
        daysToDue: row.days,
      })
    );
    for (const capacity of [10_000_00, 250_000_00, 3_000_000_00] as Cents[]) {
      const started = Date.now();
      const total = largestTotalSelection(items, capacity);
      const value = maxCashbackSelection(items, capacity);
      expect(Date.now() - started).toBeLessThan(5_000);
      checkSelection(items, capacity, total);
      checkSelection(items, capacity, value);
      expect(value.cashback).toBeLessThanOrEqual(value.upperBound);
    }
  });
});
