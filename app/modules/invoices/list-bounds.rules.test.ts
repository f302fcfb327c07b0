/**
 * Property tests of the lists' bounds math (list-bounds.rules.ts) with fast-check, against the product's own D2
 * eligibility (offers/rules.ts purchaserOfferEligibility), and of the filters' inclusive bounds (filters.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { DEFAULT_OFFER_CONFIG, purchaserOfferEligibility, type OfferConfig } from "../offers/rules";
import { amountFilterBounds, dateFilterBounds, type AmountFilter, type DateFilter } from "./filters";
import { isSortKey, offerRangeBounds, pageAnchor, type AnchorStats } from "./list-bounds.rules";

const RUNS = { numRuns: 1_500 };
const TODAY = "2026-11-27";

/** A runtime configuration within the ranges offerConfigFrom accepts (100 % provider fee would divide by zero). */
const configArb: fc.Arbitrary<OfferConfig> = fc.record({
  maxCashbackPercent: fc.integer({ min: 1, max: 10_000 }),
  maxFeePercent: fc.integer({ min: 0, max: 10_000 }),
  providerFeePercent: fc.integer({ min: 0, max: 9_999 }),
  successFeePercent: fc.integer({ min: 0, max: 10_000 }),
  fixedFee: fc.integer({ min: 0, max: 2_000 }),
  minPurchaserOfferFee: fc.integer({ min: 0, max: 5_000 }),
  minSupplierOfferFee: fc.integer({ min: 0, max: 5_000 }),
});
/** Mostly the D2 defaults, where the tabs live, and any valid configuration. */
const anyConfig = fc.oneof(fc.constant(DEFAULT_OFFER_CONFIG as OfferConfig), configArb);
const crrArb = fc.integer({ min: 1, max: 10_000 });
/** A record: T in cents (up to $10m, with tiny amounts often, where rounding decides) and d days to due (≥ 1). */
const amountArb = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 1_000_000_000 }));
const daysArb = fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 20_000 }));

const eligible = (config: OfferConfig, crrBp: number, discountedTotal: number, daysToDue: number, cashpool: number) =>
  purchaserOfferEligibility({ crrBp, discountedTotal: discountedTotal as Cents, daysToDue, cashpool: cashpool as Cents, pendingCashpool: 0 as Cents }, config).eligible;

describe("offerRangeBounds: a superset of the D2-eligible records (the exact check stays the residual)", () => {
  it("every eligible record lies within maxDue, maxAmount, and percentDue or smallAmount", () => {
    fc.assert(
      fc.property(anyConfig, crrArb, amountArb, daysArb, fc.integer({ min: 0, max: 1_000_000_000 }), (config, crrBp, total, days, cashpool) => {
        fc.pre(eligible(config, crrBp, total, days, cashpool));
        const bounds = offerRangeBounds(crrBp, cashpool as Cents, TODAY, config);
        const due = addDays(TODAY, days);
        expect(total).toBeLessThanOrEqual(bounds.maxAmount);
        if (bounds.maxDue !== null) expect(due <= bounds.maxDue).toBe(true);
        if (bounds.percentDue !== null) expect(due <= bounds.percentDue || total <= bounds.smallAmount).toBe(true);
      }),
      RUNS
    );
  });

  it("with offers of several rates, holds for each rate from the smallest (the loosest bounds) up", () => {
    fc.assert(
      fc.property(anyConfig, crrArb, crrArb, amountArb, daysArb, (config, a, b, total, days) => {
        const [minCrr, maxCrr] = a <= b ? [a, b] : [b, a];
        for (const crr of [minCrr, maxCrr]) {
          if (!eligible(config, crr, total, days, 1_000_000_000)) continue;
          const bounds = offerRangeBounds(minCrr, 1_000_000_000 as Cents, TODAY, config, maxCrr);
          if (bounds.maxDue !== null) expect(addDays(TODAY, days) <= bounds.maxDue).toBe(true);
          if (bounds.percentDue !== null) expect(addDays(TODAY, days) <= bounds.percentDue || total <= bounds.smallAmount).toBe(true);
        }
      }),
      RUNS
    );
  });

  it("every record in the sure region (due tomorrow to safeDue, amount from safeAmount) is eligible apart from the cash pool", () => {
    fc.assert(
      fc.property(anyConfig, crrArb, crrArb, fc.integer({ min: 0, max: 1_000_000_000 }), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (config, a, b, extra, daySeed, pick) => {
        const [minCrr, maxCrr] = a <= b ? [a, b] : [b, a];
        const bounds = offerRangeBounds(minCrr, 0 as Cents, TODAY, config, maxCrr);
        fc.pre(bounds.safeDue !== null);
        const safeDays = daysBetween(TODAY, bounds.safeDue!);
        expect(safeDays).toBeGreaterThanOrEqual(1);
        const days = 1 + (daySeed % safeDays);
        const total = bounds.safeAmount + extra;
        fc.pre(total >= 1);
        // Any rate between the two, the ends included.
        const crr = Math.round(minCrr + pick * (maxCrr - minCrr));
        expect(eligible(config, crr, total, days, total)).toBe(true);
      }),
      RUNS
    );
  });

  it("D2 defaults at 8 %: the cap by the percentage alone ends on day 364, then only up to $22.81 by rounding", () => {
    const bounds = offerRangeBounds(800, 15_000_000 as Cents, TODAY, DEFAULT_OFFER_CONFIG);
    expect(daysBetween(TODAY, bounds.percentDue!)).toBe(364);
    expect(bounds.smallAmount).toBe(2_281);
    expect(bounds.maxAmount).toBe(15_000_000);
  });

  it("a zero rate has no date bound", () => {
    const bounds = offerRangeBounds(0, 100 as Cents, TODAY, DEFAULT_OFFER_CONFIG);
    expect(bounds).toMatchObject({ maxDue: null, percentDue: null, smallAmount: 100, maxAmount: 100, safeDue: null, safeAmount: 0 });
  });
});

describe("pageAnchor: a deep page's place from the sort column's statistics", () => {
  /** Exact statistics of a list of `counts[i]` rows with the key i (keys ascending from 1): what pg_stats would be at best. */
  function exactStats(counts: number[]): { stats: AnchorStats; total: number; firstIndex: Map<string, number> } {
    const total = counts.reduce((sum, n) => sum + n, 0);
    const firstIndex = new Map<string, number>();
    const points: { v: string; below: number }[] = [];
    let before = 0;
    counts.forEach((n, index) => {
      const v = String(index + 1);
      firstIndex.set(v, before);
      if (index > 0) points.push({ v, below: before / total });
      before += n;
    });
    return { stats: { lo: "1", hi: String(counts.length), f_lo: 0, f_hi: 1, points }, total, firstIndex };
  }

  it("with exact statistics, the anchor key plus the offset is the page's first row, in either direction", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (counts, at, ascending) => {
        const { stats, total, firstIndex } = exactStats(counts);
        const size = 25;
        const start = Math.floor(at * total) / total;
        const span = Math.min(size, total) / total;
        const anchor = pageAnchor(stats, "numeric", ascending, start, span, total);
        expect(anchor).not.toBeNull();
        expect(anchor!.reversed).toBe(!ascending);
        expect(anchor!.bound.dir).toBe(ascending ? "after" : "before");
        expect(anchor!.offset).toBeGreaterThanOrEqual(0);
        // The first row read in ascending order: every row from the anchor key on, past `offset` of them.
        const ascendingStart = ascending ? start : Math.min(1, Math.max(0, 1 - start - span));
        const position = firstIndex.get(anchor!.bound.value)! + anchor!.offset;
        expect(Math.abs(position - ascendingStart * total)).toBeLessThanOrEqual(1);
      }),
      RUNS
    );
  });

  it("no statistics, or a range narrower than them, means no anchor (the caller reads by OFFSET)", () => {
    expect(pageAnchor(undefined, "date", true, 0.5, 0.01, 1000)).toBeNull();
    expect(pageAnchor({ lo: null, hi: null, f_lo: null, f_hi: null, points: null }, "date", true, 0.5, 0.01, 1000)).toBeNull();
    expect(pageAnchor({ lo: "2026-01-01", hi: "2026-01-01", f_lo: 0.3, f_hi: 0.3, points: [] }, "date", true, 0.5, 0.01, 1000)).toBeNull();
  });

  it("a statistics value that would not cast to the column's type is never an anchor", () => {
    expect(pageAnchor({ lo: "not a date", hi: "2026-12-31", f_lo: 0, f_hi: 1, points: [] }, "date", true, 0.5, 0.01, 1000)).toBeNull();
  });
});

describe("isSortKey: only values that cast to the column's type reach SQL", () => {
  it("accepts every real date and refuses impossible ones", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        expect(isSortKey("date", date.toISOString().slice(0, 10))).toBe(true);
      })
    );
    for (const bad of ["2026-02-30", "2026-13-01", "2026-1-01", "20260101", "", "2026-01-01T00:00:00Z"]) expect(isSortKey("date", bad)).toBe(false);
  });

  it("numeric: up to 12 digits and 2 decimals, no sign", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        expect(isSortKey("numeric", String(whole))).toBe(true);
        expect(isSortKey("numeric", `${whole}.${String(cents).padStart(2, "0")}`)).toBe(true);
      })
    );
    for (const bad of ["-1", "1.234", "1e5", "", "1234567890123", "NaN"]) expect(isSortKey("numeric", bad)).toBe(false);
  });

  it("text: anything without a NUL byte", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(isSortKey("text", text)).toBe(!text.includes("\u0000"));
      })
    );
  });
});

describe("filter bounds: a value meets the filter exactly when it lies within the inclusive bounds", () => {
  const dateArb = fc.integer({ min: -2_000, max: 2_000 }).map((days) => addDays(TODAY, days));
  const within = (value: string | number, bounds: { from: string | number | null; to: string | number | null }) =>
    (bounds.from === null || value >= bounds.from) && (bounds.to === null || value <= bounds.to);

  it("dates (the in operator from today)", () => {
    const filterArb: fc.Arbitrary<DateFilter> = fc.oneof(
      fc.record({ op: fc.constantFrom("eq", "gt", "gte", "ge", "lt", "lte", "le" as const), value: dateArb }) as fc.Arbitrary<DateFilter>,
      fc.tuple(dateArb, dateArb).map(([a, b]) => ({ op: "range" as const, from: a < b ? a : b, to: a < b ? b : a })),
      fc.record({ op: fc.constant("in" as const), count: fc.integer({ min: 1, max: 60 }), unit: fc.constant("days" as const) })
    );
    const meets = (filter: DateFilter, date: string): boolean => {
      switch (filter.op) {
        case "in":
          return date >= TODAY && daysBetween(TODAY, date) <= filter.count;
        case "eq":
          return date === filter.value;
        case "gt":
          return date > filter.value;
        case "gte":
        case "ge":
          return date >= filter.value;
        case "lt":
          return date < filter.value;
        case "lte":
        case "le":
          return date <= filter.value;
        case "range":
        case "between":
          return date >= filter.from && date <= filter.to;
      }
    };
    fc.assert(
      fc.property(filterArb, dateArb, (filter, date) => {
        expect(within(date, dateFilterBounds(filter, TODAY))).toBe(meets(filter, date));
      }),
      RUNS
    );
  });

  it("amounts in cents", () => {
    const centsArb = fc.integer({ min: 0, max: 10_000_000 });
    const filterArb: fc.Arbitrary<AmountFilter> = fc.oneof(
      fc.record({ op: fc.constantFrom("eq", "gt", "lt" as const), value: centsArb }) as fc.Arbitrary<AmountFilter>,
      fc.tuple(centsArb, centsArb).map(([a, b]) => ({ op: "between" as const, from: Math.min(a, b), to: Math.max(a, b) }))
    );
    const meets = (filter: AmountFilter, amount: number): boolean =>
      "from" in filter ? amount >= filter.from && amount <= filter.to : filter.op === "eq" ? amount === filter.value : filter.op === "gt" ? amount > filter.value : amount < filter.value;
    fc.assert(
      fc.property(filterArb, centsArb, (filter, amount) => {
        expect(within(amount, amountFilterBounds(filter))).toBe(meets(filter, amount));
      }),
      RUNS
    );
  });
});
