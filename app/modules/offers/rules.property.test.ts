/**
 * Property tests of the fee module (issue 5 part 1; decisions D2) with fast-check: over random bills, rates, days and
 * runtime configurations within their allowed ranges, the amounts are never negative, the money balances, each
 * amount is the exact rational rounded half-up once, and an eligible bill never pays a fee above MAX_FEE_PERCENT.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  DEFAULT_OFFER_CONFIG,
  discountWithinLimit,
  feeWithinLimit,
  offerConfigFrom,
  payNowAmounts,
  purchaserOfferAmounts,
  purchaserOfferEligibility,
  supplierOfferSavings,
  type OfferConfig,
} from "./rules";

const RUNS = { numRuns: 2_000 };

/** Exact half-up rounding of a non-negative rational p/q, written independently of lib/money's roundHalfUpDivide. */
function exactHalfUp(p: bigint, q: bigint): bigint {
  const whole = p / q;
  const remainder = p - whole * q;
  // remainder/q ≥ 1/2 ⇔ 2·remainder ≥ q
  return 2n * remainder >= q ? whole + 1n : whole;
}

/** "12.34" from basis points, as runtime_config stores a percentage. */
const percentText = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
const moneyText = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A runtime configuration within the ranges offerConfigFrom accepts, built from text the way an admin sets it. */
const configArb: fc.Arbitrary<OfferConfig> = fc
  .record({
    maxCashbackPercent: fc.integer({ min: 1, max: 10_000 }),
    maxFeePercent: fc.integer({ min: 0, max: 10_000 }),
    providerFeePercent: fc.integer({ min: 0, max: 9_999 }),
    successFeePercent: fc.integer({ min: 0, max: 10_000 }),
    fixedFee: fc.integer({ min: 0, max: 10_000 }),
    minPurchaserOfferFee: fc.integer({ min: 0, max: 10_000 }),
    minSupplierOfferFee: fc.integer({ min: 0, max: 10_000 }),
  })
  .map((c) =>
    offerConfigFrom({
      MAX_CASHBACK_PERCENT: percentText(c.maxCashbackPercent),
      MAX_FEE_PERCENT: percentText(c.maxFeePercent),
      PROVIDER_FEE_PERCENT: percentText(c.providerFeePercent),
      SUCCESS_FEE_PERCENT: percentText(c.successFeePercent),
      FIXED_FEE: moneyText(c.fixedFee),
      MIN_PURCHASER_OFFER_FEE: moneyText(c.minPurchaserOfferFee),
      MIN_SUPPLIER_OFFER_FEE: moneyText(c.minSupplierOfferFee),
    })
  );

/** Both the D2 defaults and random configurations. */
const anyConfigArb = fc.oneof({ weight: 1, arbitrary: fc.constant(DEFAULT_OFFER_CONFIG as OfferConfig) }, { weight: 3, arbitrary: configArb });

/** A bill amount: mostly realistic, sometimes up to NUMERIC(14,2)'s range handled by lib/money. */
const totalArb = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999_999_99 }));
/** crr 0.01 %..100 % (the column's CHECK), in basis points. */
const crrArb = fc.integer({ min: 1, max: 10_000 });
const daysArb = fc.integer({ min: 0, max: 3_650 });

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** The exact fee before rounding fits a JavaScript number (always, for any bill an offer can pay: fee ≤ T). */
function representable(crrBp: number, total: number, daysEarly: number, config: OfferConfig): boolean {
  const numerator = BigInt(crrBp) * BigInt(total) * BigInt(daysEarly + 1) * 10_000n;
  return numerator / (3_650_000n * (10_000n - BigInt(config.providerFeePercent))) + BigInt(config.fixedFee) + 1n < SAFE;
}

describe("purchaser offer amounts (D2), properties", () => {
  it("refuse (RangeError) rather than round an amount a number cannot hold exactly", () => {
    // Huge bills under a provider share near 100 %: where the exact fee passes 2^53 cents.
    const hugeConfigArb = fc.integer({ min: 9_900, max: 9_999 }).map((bp) => offerConfigFrom({ PROVIDER_FEE_PERCENT: percentText(bp) }));
    fc.assert(
      fc.property(
        fc.integer({ min: 5_000, max: 10_000 }),
        fc.integer({ min: 1_000_000_000_000, max: 99_999_999_999_99 }),
        fc.integer({ min: 1_000, max: 3_650 }),
        hugeConfigArb,
        (crrBp, total, daysEarly, config) => {
          fc.pre(!representable(crrBp, total, daysEarly, config));
          expect(() => purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly }, config)).toThrow(RangeError);
        }
      ),
      { numRuns: 200 }
    );
  });

  it("are never negative where the fee cannot exceed the bill (eligible bills), and cashback never exceeds the fee", () => {
    fc.assert(
      fc.property(crrArb, totalArb, daysArb, anyConfigArb, (crrBp, total, daysEarly, config) => {
        fc.pre(representable(crrBp, total, daysEarly, config));
        const a = purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly }, config);
        expect(a.cashback).toBeGreaterThanOrEqual(0);
        expect(a.fee).toBeGreaterThanOrEqual(0);
        // fee ≥ cb: the fee's divisor is smaller by (100 − PROVIDER_FEE_PERCENT) % and FIXED_FEE ≥ 0; rounding is monotone.
        expect(a.earlybirdKeeps).toBeGreaterThanOrEqual(0);
        if (feeWithinLimit(a.fee, total as Cents, config) && config.maxFeePercent <= 10_000) {
          expect(a.supplierReceives).toBeGreaterThanOrEqual(0);
          expect(a.purchaserPays).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS
    );
  });

  it("balance: purchaser pays + Earlybird keeps = supplier receives + fees accounted, i.e. (T − cb) = (T − fee) + (fee − cb)", () => {
    fc.assert(
      fc.property(crrArb, totalArb, daysArb, anyConfigArb, (crrBp, total, daysEarly, config) => {
        fc.pre(representable(crrBp, total, daysEarly, config));
        const a = purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly }, config);
        expect(a.purchaserPays).toBe(total - a.cashback);
        expect(a.supplierReceives).toBe(total - a.fee);
        expect(a.earlybirdKeeps).toBe(a.fee - a.cashback);
        // What leaves the purchaser's wallet is exactly what the supplier and Earlybird get (the ledger sums to zero).
        expect(a.purchaserPays).toBe(a.supplierReceives + a.earlybirdKeeps);
        for (const value of Object.values(a)) expect(Number.isSafeInteger(value)).toBe(true);
      }),
      RUNS
    );
  });

  it("round half-up exactly once: cb and fee equal the exact rational rounded half-up (BigInt reference)", () => {
    fc.assert(
      fc.property(crrArb, totalArb, daysArb, anyConfigArb, (crrBp, total, daysEarly, config) => {
        fc.pre(representable(crrBp, total, daysEarly, config));
        const a = purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly }, config);
        // cb = r% × T × (d+1) / 36500 with r = crrBp/100: = crrBp × T × (d+1) / 3,650,000
        const numerator = BigInt(crrBp) * BigInt(total) * BigInt(daysEarly + 1);
        expect(BigInt(a.cashback)).toBe(exactHalfUp(numerator, 3_650_000n));
        // fee = r% × T × (d+1) / (36500 × (100 − p%) / 100) + FIXED_FEE, p% = providerBp/100:
        //     = crrBp × T × (d+1) × 10000 / (3,650,000 × (10000 − providerBp)) + FIXED_FEE
        const feeExact = exactHalfUp(numerator * 10_000n, 3_650_000n * (10_000n - BigInt(config.providerFeePercent)));
        expect(BigInt(a.fee)).toBe(feeExact + BigInt(config.fixedFee));
        // Once: rounding the cashback first and deriving the fee from it would differ for some inputs; we don't.
      }),
      RUNS
    );
  });

  it("is monotone in the days and the rate (paying earlier or at a higher crr never lowers the cashback)", () => {
    fc.assert(
      fc.property(crrArb, totalArb, fc.integer({ min: 0, max: 3_649 }), anyConfigArb, (crrBp, total, days, config) => {
        fc.pre(representable(crrBp, total, days + 1, config));
        const now = purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly: days }, config);
        const earlier = purchaserOfferAmounts({ crrBp, discountedTotal: total as Cents, daysEarly: days + 1 }, config);
        expect(earlier.cashback).toBeGreaterThanOrEqual(now.cashback);
        expect(earlier.fee).toBeGreaterThanOrEqual(now.fee);
      }),
      RUNS
    );
  });
});

describe("eligibility (D2), properties", () => {
  const cashpoolArb = fc.integer({ min: 0, max: 100_000_000 });

  it("an eligible bill's fee percent is never above MAX_FEE_PERCENT and its discount never above the maximum discount", () => {
    fc.assert(
      fc.property(
        crrArb,
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: -30, max: 3_650 }),
        cashpoolArb,
        cashpoolArb,
        anyConfigArb,
        (crrBp, total, daysToDue, cashpool, pendingCashpool, config) => {
          const result = purchaserOfferEligibility(
            { crrBp, discountedTotal: total as Cents, daysToDue, cashpool: cashpool as Cents, pendingCashpool: pendingCashpool as Cents },
            config
          );
          if (!result.eligible) return;
          const { fee, cashback, supplierReceives, purchaserPays } = result.amounts;
          // fee / T × 100 ≤ MAX_FEE_PERCENT, exactly in rationals: fee × 10000 ≤ maxFeeBp × T.
          expect(BigInt(fee) * 10_000n <= BigInt(config.maxFeePercent) * BigInt(total)).toBe(true);
          // cb / T × 100 ≤ MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100.
          expect(BigInt(cashback) * 100_000_000n <= BigInt(config.maxFeePercent) * (10_000n - BigInt(config.providerFeePercent)) * BigInt(total)).toBe(true);
          // And the rest of D2: due after today, T within the cash pool, fee at least the minimum.
          expect(daysToDue).toBeGreaterThan(0);
          expect(total).toBeLessThanOrEqual(cashpool);
          expect(fee).toBeGreaterThanOrEqual(config.minPurchaserOfferFee);
          // An eligible bill never pays the supplier or charges the purchaser a negative amount.
          expect(supplierReceives).toBeGreaterThanOrEqual(0);
          expect(purchaserPays).toBeGreaterThanOrEqual(0);
          // The exported checks agree with the eligibility.
          expect(feeWithinLimit(fee, total as Cents, config)).toBe(true);
          expect(discountWithinLimit(cashback, total as Cents, config)).toBe(true);
        }
      ),
      RUNS
    );
  });

  it("a bill due today or earlier is never eligible, and one above cash pool plus pending never shows Offer Pending", () => {
    fc.assert(
      fc.property(
        crrArb,
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: -3_650, max: 3_650 }),
        cashpoolArb,
        cashpoolArb,
        anyConfigArb,
        (crrBp, total, daysToDue, cashpool, pendingCashpool, config) => {
          const result = purchaserOfferEligibility(
            { crrBp, discountedTotal: total as Cents, daysToDue, cashpool: cashpool as Cents, pendingCashpool: pendingCashpool as Cents },
            config
          );
          if (daysToDue <= 0) expect(result.eligible).toBe(false);
          if (!result.eligible && result.offerPending) {
            expect(result.code).toBe("ABOVE_CASH_POOL");
            expect(pendingCashpool).toBeGreaterThan(0);
            expect(total).toBeLessThanOrEqual(cashpool + pendingCashpool);
          }
        }
      ),
      RUNS
    );
  });
});

describe("supplier offer / Pay Now amounts (D2), properties", () => {
  it("balance: (T − s) = (T − A) + (A − s); amounts never negative for A ≤ T; s rounded half-up once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), anyConfigArb, (total, rewardPermille, config) => {
        // A valid request never exceeds the amount due (A ≤ MAX_FEE_PERCENT % ≤ 100 % of T).
        const cashReward = Math.floor((total * rewardPermille) / 10_000);
        const a = payNowAmounts({ discountedTotal: total as Cents, cashReward: cashReward as Cents }, config);
        expect(a.purchaserPays).toBe(a.supplierReceives + a.earlybirdKeeps);
        expect(a.purchaserPays).toBe(total - a.savings);
        expect(a.supplierReceives).toBe(total - cashReward);
        expect(a.earlybirdKeeps).toBe(cashReward - a.savings);
        for (const value of [a.savings, a.purchaserPays, a.supplierReceives, a.earlybirdKeeps]) expect(value).toBeGreaterThanOrEqual(0);
        expect(BigInt(supplierOfferSavings(cashReward as Cents, config))).toBe(
          exactHalfUp(BigInt(cashReward) * (10_000n - BigInt(config.successFeePercent)), 10_000n)
        );
      }),
      RUNS
    );
  });
});
