import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  DEFAULT_OFFER_CONFIG,
  basisPointsToPercent,
  crrWithinLimit,
  discountWithinLimit,
  feeWithinLimit,
  maxDiscountBasisPoints,
  maxFeeForSupplier,
  maxPromptPaymentAmount,
  minPromptPaymentAmount,
  offerConfigFrom,
  payNowAmounts,
  discountSplit,
  percentLabel,
  percentToBasisPoints,
  purchaserOfferAmounts,
  purchaserOfferEligibility,
  supplierOfferSavings,
  validatePromptPaymentAmount,
  validatePromptPaymentExpiry,
  type OfferConfig,
} from "./rules";

/** xorshift32: a tiny deterministic generator, so the property tests are reproducible without fast-check. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    /** Uniform-ish integer in [min, max], from 64 random bits and integer arithmetic only. */
    int(min: number, max: number): number {
      const bits = (BigInt(next()) << 32n) | BigInt(next());
      return min + Number(bits % BigInt(max - min + 1));
    },
  };
}

/** c is numerator/denominator rounded half-up iff (2c − 1)·den ≤ 2·num < (2c + 1)·den (num, den ≥ 0). */
function isHalfUpRounding(c: number, numerator: bigint, denominator: bigint): boolean {
  const value = BigInt(c);
  return (2n * value - 1n) * denominator <= 2n * numerator && 2n * numerator < (2n * value + 1n) * denominator;
}

const config = (overrides: Partial<OfferConfig>): OfferConfig => ({ ...DEFAULT_OFFER_CONFIG, ...overrides });

describe("percentages as basis points", () => {
  it("parses decimal percentages exactly", () => {
    expect(percentToBasisPoints("8.00")).toBe(800);
    expect(percentToBasisPoints("10")).toBe(1000);
    expect(percentToBasisPoints("8.5")).toBe(850);
    expect(percentToBasisPoints("0.01")).toBe(1);
    expect(percentToBasisPoints(" 100.00 ")).toBe(10000);
  });

  it("refuses more than two decimals, signs and non-numbers", () => {
    for (const bad of ["8.005", "-1", "abc", "", "1e2", "1000"]) expect(() => percentToBasisPoints(bad)).toThrow(RangeError);
  });

  it("prints basis points with two decimals", () => {
    expect([800, 1000, 5, 825].map((bp) => basisPointsToPercent(bp))).toEqual(["8.00", "10.00", "0.05", "8.25"]);
  });
});

describe("offerConfigFrom", () => {
  it("gives the D2 defaults when nothing is configured", () => {
    expect(offerConfigFrom({})).toEqual({
      maxCashbackPercent: 1000,
      maxFeePercent: 1000,
      providerFeePercent: 2000,
      successFeePercent: 4000,
      fixedFee: 0,
      minPurchaserOfferFee: 0,
      minSupplierOfferFee: 0,
    });
    expect(DEFAULT_OFFER_CONFIG).toEqual(offerConfigFrom({}));
  });

  it("reads the RUNTIME_CONFIG names; empty values fall back to the default", () => {
    const parsed = offerConfigFrom({
      MAX_CASHBACK_PERCENT: "12.5",
      MAX_FEE_PERCENT: "9",
      PROVIDER_FEE_PERCENT: "25",
      SUCCESS_FEE_PERCENT: "",
      FIXED_FEE: "1.50",
      MIN_PURCHASER_OFFER_FEE: "2",
      MIN_SUPPLIER_OFFER_FEE: "10.00",
      UNRELATED: "x",
    });
    expect(parsed).toEqual({
      maxCashbackPercent: 1250,
      maxFeePercent: 900,
      providerFeePercent: 2500,
      successFeePercent: 4000,
      fixedFee: 150,
      minPurchaserOfferFee: 200,
      minSupplierOfferFee: 1000,
    });
  });

  it("fails loudly on a malformed or impossible value", () => {
    expect(() => offerConfigFrom({ MAX_FEE_PERCENT: "ten" })).toThrow(/MAX_FEE_PERCENT/);
    expect(() => offerConfigFrom({ PROVIDER_FEE_PERCENT: "100" })).toThrow(/PROVIDER_FEE_PERCENT/);
    expect(() => offerConfigFrom({ SUCCESS_FEE_PERCENT: "100.01" })).toThrow(/SUCCESS_FEE_PERCENT/);
    expect(() => offerConfigFrom({ FIXED_FEE: "-1" })).toThrow(/FIXED_FEE/);
    expect(() => offerConfigFrom({ FIXED_FEE: "0.005" })).toThrow(/FIXED_FEE/);
  });
});

describe("purchaserOfferAmounts (D2)", () => {
  it("worked example: r = 8 %, T = $10,000.00, d = 29", () => {
    // cb  = round(8 × 1,000,000 × 30 / 36500)            = round(6575.342…) = 6575   ($65.75)
    // fee = round(8 × 1,000,000 × 30 / (36500 × 80/100)) = round(8219.178…) = 8219   ($82.19), FIXED_FEE 0
    // Earlybird keeps 8219 − 6575 = 1644; supplier receives 1,000,000 − 8219 = 991,781;
    // purchaser pays 1,000,000 − 6575 = 993,425 = 991,781 + 1644.
    expect(purchaserOfferAmounts({ crrBp: 800, discountedTotal: 1_000_000, daysEarly: 29 })).toEqual({
      cashback: 6575,
      fee: 8219,
      earlybirdKeeps: 1644,
      supplierReceives: 991_781,
      purchaserPays: 993_425,
    });
  });

  it("worked example: r = 10 %, T = $1,234.56, paid on the due date's eve (d = 0)", () => {
    // cb  = round(10 × 123,456 × 1 / 36500)     = round(33.823…) = 34
    // fee = round(10 × 123,456 × 1 / 29200)     = round(42.279…) = 42
    expect(purchaserOfferAmounts({ crrBp: 1000, discountedTotal: 123_456, daysEarly: 0 })).toEqual({
      cashback: 34,
      fee: 42,
      earlybirdKeeps: 8,
      supplierReceives: 123_414,
      purchaserPays: 123_422,
    });
  });

  it("adds FIXED_FEE after rounding, to the fee only", () => {
    // Same as the first example with FIXED_FEE $2.50: fee 8219 + 250 = 8469; cb unchanged.
    const amounts = purchaserOfferAmounts({ crrBp: 800, discountedTotal: 1_000_000, daysEarly: 29 }, config({ fixedFee: 250 }));
    expect(amounts).toEqual({ cashback: 6575, fee: 8469, earlybirdKeeps: 1894, supplierReceives: 991_531, purchaserPays: 993_425 });
  });

  it("uses a fractional crr exactly: r = 8.25 %, T = $5,000.00, d = 59", () => {
    // cb  = round(8.25 × 500,000 × 60 / 36500) = round(247,500,000 / 36500) = round(6780.82…) = 6781
    // fee = round(247,500,000 / 29200)         = round(8476.02…)                              = 8476
    const amounts = purchaserOfferAmounts({ crrBp: percentToBasisPoints("8.25"), discountedTotal: 500_000, daysEarly: 59 });
    expect(amounts.cashback).toBe(6781);
    expect(amounts.fee).toBe(8476);
  });

  it("rounds the cashback half-up: exactly half a cent goes up, just below goes down", () => {
    // r = 1 %, d + 1 = 1: cb = T / 36500. T = 18250 gives exactly 0.5.
    expect(purchaserOfferAmounts({ crrBp: 100, discountedTotal: 18_250, daysEarly: 0 }).cashback).toBe(1);
    expect(purchaserOfferAmounts({ crrBp: 100, discountedTotal: 18_249, daysEarly: 0 }).cashback).toBe(0);
    // T = 54750 gives exactly 1.5 → 2.
    expect(purchaserOfferAmounts({ crrBp: 100, discountedTotal: 54_750, daysEarly: 0 }).cashback).toBe(2);
  });

  it("rounds the fee half-up: exactly half a cent goes up, just below goes down", () => {
    // r = 1 %, d + 1 = 1, provider 20 %: fee = T / 29200. T = 14600 gives exactly 0.5.
    expect(purchaserOfferAmounts({ crrBp: 100, discountedTotal: 14_600, daysEarly: 0 }).fee).toBe(1);
    expect(purchaserOfferAmounts({ crrBp: 100, discountedTotal: 14_599, daysEarly: 0 }).fee).toBe(0);
  });

  it("rounds once, on the exact quotient, not on a rounded cashback", () => {
    // x = 8.4 → cb 8; x / 0.8 = 10.5 → fee 11 (a fee from the rounded cb would be 8 / 0.8 = 10).
    // r = 1 %, d + 1 = 1, T = 306,600: x = 306,600 / 36500 = 8.4.
    const amounts = purchaserOfferAmounts({ crrBp: 100, discountedTotal: 306_600, daysEarly: 0 });
    expect(amounts.cashback).toBe(8);
    expect(amounts.fee).toBe(11);
  });

  it("gives zero on a zero total and stays exact on the largest NUMERIC(14,2) amount", () => {
    expect(purchaserOfferAmounts({ crrBp: 1000, discountedTotal: 0, daysEarly: 100 })).toEqual({
      cashback: 0,
      fee: 0,
      earlybirdKeeps: 0,
      supplierReceives: 0,
      purchaserPays: 0,
    });
    // T = 99,999,999,999.99, r = 10 %, d + 1 = 365: cb = T × 10 × 365 / 36500 = T / 10 = 999,999,999,999.9 → 1,000,000,000,000 cents.
    const big = purchaserOfferAmounts({ crrBp: 1000, discountedTotal: 9_999_999_999_999, daysEarly: 364 });
    expect(big.cashback).toBe(1_000_000_000_000);
    // fee = T / 8 = 1,249,999,999,999.875 → 1,250,000,000,000.
    expect(big.fee).toBe(1_250_000_000_000);
  });

  it("refuses non-integer or negative inputs", () => {
    expect(() => purchaserOfferAmounts({ crrBp: 8.5, discountedTotal: 100, daysEarly: 1 })).toThrow(RangeError);
    expect(() => purchaserOfferAmounts({ crrBp: 800, discountedTotal: 100.5, daysEarly: 1 })).toThrow(RangeError);
    expect(() => purchaserOfferAmounts({ crrBp: 800, discountedTotal: -1, daysEarly: 1 })).toThrow(RangeError);
    expect(() => purchaserOfferAmounts({ crrBp: 800, discountedTotal: 100, daysEarly: -1 })).toThrow(RangeError);
    expect(() => purchaserOfferAmounts({ crrBp: 800, discountedTotal: 100, daysEarly: 1 }, config({ providerFeePercent: 10_000 }))).toThrow(RangeError);
  });

  it("property: integer cents, half-up once, and the D2 identities, over 5000 seeded inputs", () => {
    const random = seeded(20_260_301);
    for (let i = 0; i < 5000; i++) {
      const crrBp = random.int(0, 10_000);
      const discountedTotal = random.int(0, i % 10 === 0 ? 9_999_999_999_999 : 10_000_000);
      const daysEarly = random.int(0, 730);
      const providerFeePercent = random.int(0, 9_999);
      const fixedFee = random.int(0, 2_000);
      const cfg = config({ providerFeePercent, fixedFee });
      const a = purchaserOfferAmounts({ crrBp, discountedTotal, daysEarly }, cfg);
      for (const value of Object.values(a)) expect(Number.isSafeInteger(value)).toBe(true);

      const product = BigInt(crrBp) * BigInt(discountedTotal) * BigInt(daysEarly + 1);
      expect(isHalfUpRounding(a.cashback, product, 3_650_000n)).toBe(true);
      expect(isHalfUpRounding(a.fee - fixedFee, product * 10_000n, 3_650_000n * BigInt(10_000 - providerFeePercent))).toBe(true);

      // (T − fee) + (fee − cb) = T − cb
      expect(a.supplierReceives + a.earlybirdKeeps).toBe(a.purchaserPays);
      expect(a.supplierReceives).toBe(discountedTotal - a.fee);
      expect(a.purchaserPays).toBe(discountedTotal - a.cashback);
      // Earlybird never pays out of its pocket: fee ≥ cb because rounding is monotonic and x / (1 − p) ≥ x.
      expect(a.earlybirdKeeps).toBeGreaterThanOrEqual(0);
      // One more day early never lowers the cashback.
      expect(purchaserOfferAmounts({ crrBp, discountedTotal, daysEarly: daysEarly + 1 }, cfg).cashback).toBeGreaterThanOrEqual(a.cashback);
    }
  });
});

describe("caps", () => {
  it("fee within MAX_FEE_PERCENT, inclusive", () => {
    expect(feeWithinLimit(100, 1000)).toBe(true); // exactly 10 %
    expect(feeWithinLimit(101, 1000)).toBe(false);
    expect(feeWithinLimit(0, 0)).toBe(true);
    expect(feeWithinLimit(1, 0)).toBe(false);
  });

  it("discount within MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100 = 8 %, inclusive", () => {
    expect(maxDiscountBasisPoints()).toBe(800);
    expect(discountWithinLimit(80, 1000)).toBe(true);
    expect(discountWithinLimit(81, 1000)).toBe(false);
    // 8.8 % bound on T = 110: 9 cents is 8.18 %.
    expect(discountWithinLimit(8, 110)).toBe(true);
    expect(discountWithinLimit(9, 110)).toBe(false);
    expect(maxDiscountBasisPoints(config({ maxFeePercent: 1200, providerFeePercent: 2500 }))).toBe(900);
  });

  it("crr above 0 and at most MAX_CASHBACK_PERCENT", () => {
    expect([0, 1, 1000, 1001].map((bp) => crrWithinLimit(bp))).toEqual([false, true, true, false]);
    expect(crrWithinLimit(8.5)).toBe(false);
  });
});

describe("purchaserOfferEligibility", () => {
  const base = { crrBp: 800, discountedTotal: 1_000_000 as Cents, daysToDue: 29, cashpool: 5_000_000 as Cents, pendingCashpool: 0 as Cents };

  it("is eligible with the amounts when every check passes", () => {
    const result = purchaserOfferEligibility(base);
    expect(result.eligible).toBe(true);
    if (result.eligible) expect(result.amounts.fee).toBe(8219);
  });

  it("due today: 'Due date is today'", () => {
    expect(purchaserOfferEligibility({ ...base, daysToDue: 0 })).toMatchObject({
      eligible: false,
      code: "DUE_TODAY",
      message: "Due date is today",
      amounts: null,
    });
  });

  it("due passed: 'Due date has passed'", () => {
    expect(purchaserOfferEligibility({ ...base, daysToDue: -1 })).toMatchObject({ eligible: false, code: "DUE_PASSED", message: "Due date has passed" });
  });

  it("tie-break: due today beats above the cash pool", () => {
    expect(purchaserOfferEligibility({ ...base, daysToDue: 0, cashpool: 1 })).toMatchObject({ code: "DUE_TODAY" });
  });

  it("tie-break: due passed beats above the cash pool and above the caps", () => {
    expect(purchaserOfferEligibility({ ...base, daysToDue: -400, cashpool: 1, crrBp: 10_000 })).toMatchObject({ code: "DUE_PASSED" });
  });

  it("above the cash pool: 'Invoice amount is higher than available cash pool'; T equal to the pool fits", () => {
    expect(purchaserOfferEligibility({ ...base, cashpool: 999_999 })).toMatchObject({
      eligible: false,
      code: "ABOVE_CASH_POOL",
      message: "Invoice amount is higher than available cash pool",
      offerPending: false,
    });
    expect(purchaserOfferEligibility({ ...base, cashpool: 1_000_000 }).eligible).toBe(true);
  });

  it("above the cash pool but within pool + pending top-up: offerPending", () => {
    expect(purchaserOfferEligibility({ ...base, cashpool: 400_000, pendingCashpool: 600_000 })).toMatchObject({ code: "ABOVE_CASH_POOL", offerPending: true });
    expect(purchaserOfferEligibility({ ...base, cashpool: 400_000, pendingCashpool: 599_999 })).toMatchObject({ code: "ABOVE_CASH_POOL", offerPending: false });
    expect(purchaserOfferEligibility({ ...base, cashpool: 0, pendingCashpool: 1_000_000 })).toMatchObject({ offerPending: true });
  });

  it("tie-break: above the cash pool beats above the caps (bills list rule 6 before 7)", () => {
    expect(purchaserOfferEligibility({ ...base, crrBp: 1000, daysToDue: 400, cashpool: 1 })).toMatchObject({ code: "ABOVE_CASH_POOL" });
  });

  it("discount cap boundary: r = 10 %, d + 1 = 292 is exactly 8 % (eligible); d + 1 = 293 is not", () => {
    // cb = 1000 × 1,000,000 × 292 / 3,650,000 = 80,000 = 8 % of T; fee = 100,000 = 10 % of T.
    const atCap = purchaserOfferEligibility({ ...base, crrBp: 1000, daysToDue: 291 });
    expect(atCap.eligible).toBe(true);
    if (atCap.eligible) expect([atCap.amounts.cashback, atCap.amounts.fee]).toEqual([80_000, 100_000]);
    // d + 1 = 293: cb = 80,274 (8.03 %), fee = 100,342 (10.03 %): the fee check fails first.
    expect(purchaserOfferEligibility({ ...base, crrBp: 1000, daysToDue: 292 })).toMatchObject({
      code: "FEE_ABOVE_MAX",
      message: "Discount is higher than maximum permitted",
    });
  });

  it("fee above MAX_FEE_PERCENT while the discount is within 8 % (a fixed fee)", () => {
    // At the 8 % / 10 % boundary above, FIXED_FEE 1 cent makes the fee 100,001 > 10 %.
    expect(purchaserOfferEligibility({ ...base, crrBp: 1000, daysToDue: 291 }, config({ fixedFee: 1 }))).toMatchObject({ code: "FEE_ABOVE_MAX" });
  });

  it("discount above the maximum while the fee is within the cap: 'Discount is higher than maximum permitted'", () => {
    // T = 110, r = 10 %, d + 1 = 283: x = 110 × 10 × 283 / 36500 = 8.528…, cb = 9 (8.18 % > 8 %);
    // fee = round(10.66…) = 11 = exactly 10 % of 110, within the cap.
    const result = purchaserOfferEligibility({ ...base, crrBp: 1000, discountedTotal: 110, daysToDue: 282 });
    expect(result).toMatchObject({ code: "DISCOUNT_ABOVE_MAX", message: "Discount is higher than maximum permitted" });
    expect(result.amounts).toMatchObject({ cashback: 9, fee: 11 });
  });

  it("fee below MIN_PURCHASER_OFFER_FEE", () => {
    expect(purchaserOfferEligibility(base, config({ minPurchaserOfferFee: 8220 }))).toMatchObject({ code: "FEE_BELOW_MIN" });
    expect(purchaserOfferEligibility(base, config({ minPurchaserOfferFee: 8219 })).eligible).toBe(true);
  });

  it("property: an eligible result satisfies every D2 condition, over 3000 seeded inputs", () => {
    const random = seeded(7);
    for (let i = 0; i < 3000; i++) {
      const input = {
        crrBp: random.int(1, 1000),
        discountedTotal: random.int(0, 5_000_000),
        daysToDue: random.int(-30, 400),
        cashpool: random.int(0, 5_000_000),
        pendingCashpool: random.int(0, 3) === 0 ? random.int(0, 2_000_000) : 0,
      };
      const result = purchaserOfferEligibility(input);
      const d2Eligible =
        input.daysToDue > 0 &&
        input.discountedTotal <= input.cashpool &&
        (() => {
          const a = purchaserOfferAmounts({ ...input, daysEarly: input.daysToDue });
          return a.fee * 100 <= 10 * input.discountedTotal && a.cashback * 100 <= 8 * input.discountedTotal;
        })();
      expect(result.eligible).toBe(d2Eligible);
      if (!result.eligible && result.code === "ABOVE_CASH_POOL") {
        expect(result.offerPending).toBe(input.pendingCashpool > 0 && input.discountedTotal <= input.cashpool + input.pendingCashpool);
      }
    }
  });
});

describe("maxFeeForSupplier", () => {
  const invoice = { discountedTotal: 1_000_000 as Cents, daysToDue: 29 };
  const offer = (crrBp: number, offerStatus = "ACTIVE", cashpool = 5_000_000) => ({ offerStatus, crrBp, cashpool, pendingCashpool: 0 });

  it("is the fee at the best (lowest-fee) eligible ACTIVE or VIRTUAL offer", () => {
    // r = 8 % → 8219; r = 6 % → round(6 × 1,000,000 × 30 / 29200) = round(6164.38…) = 6164.
    expect(maxFeeForSupplier({ ...invoice, offers: [offer(800), offer(600, "VIRTUAL")] })).toBe(6164);
  });

  it("skips offers that are not ACTIVE or VIRTUAL, or under which the invoice is not eligible", () => {
    expect(maxFeeForSupplier({ ...invoice, offers: [offer(600, "TOPUP_PENDING"), offer(500, "CLEARING"), offer(400, "CANCELLED"), offer(800)] })).toBe(8219);
    expect(maxFeeForSupplier({ ...invoice, offers: [offer(600, "ACTIVE", 10), offer(800)] })).toBe(8219);
  });

  it("is null when no offer applies", () => {
    expect(maxFeeForSupplier({ ...invoice, offers: [] })).toBeNull();
    expect(maxFeeForSupplier({ ...invoice, daysToDue: 0, offers: [offer(800)] })).toBeNull();
  });
});

describe("supplier offer (prompt payment request)", () => {
  it("SAVE s = round(A × (100 − SUCCESS_FEE_PERCENT) / 100)", () => {
    // A = $200.00, success fee 40 %: s = 20,000 × 60 / 100 = 12,000.
    expect(supplierOfferSavings(20_000)).toBe(12_000);
    // A = $5.01: 501 × 0.6 = 300.6 → 301.
    expect(supplierOfferSavings(501)).toBe(301);
    // A = 1 cent: 0.6 → 1; A = 0 → 0.
    expect(supplierOfferSavings(1)).toBe(1);
    expect(supplierOfferSavings(0)).toBe(0);
  });

  it("rounds s half-up at exactly half a cent", () => {
    // success fee 50 %: A = 1 → 0.5 → 1; A = 3 → 1.5 → 2.
    const half = config({ successFeePercent: 5000 });
    expect(supplierOfferSavings(1, half)).toBe(1);
    expect(supplierOfferSavings(3, half)).toBe(2);
    // success fee 40.05 %: A = 10,000 → 10,000 × 59.95 / 100 = 5995 exactly; A = 10 → 5.995 → 6.
    const odd = config({ successFeePercent: 4005 });
    expect(supplierOfferSavings(10_000, odd)).toBe(5995);
    expect(supplierOfferSavings(10, odd)).toBe(6);
  });

  it("worked Pay Now: T = $10,000.00, A = $200.00", () => {
    // s = 12,000; purchaser pays 1,000,000 − 12,000 = 988,000; supplier receives 1,000,000 − 20,000 = 980,000;
    // Earlybird keeps 20,000 − 12,000 = 8,000; 980,000 + 8,000 = 988,000.
    expect(payNowAmounts({ discountedTotal: 1_000_000, cashReward: 20_000 })).toEqual({
      savings: 12_000,
      purchaserPays: 988_000,
      supplierReceives: 980_000,
      earlybirdKeeps: 8_000,
    });
  });

  it("who gets what of a discount (issue 13 part 2): A = the purchaser's saving + Earlybird's fee, with SUCCESS_FEE_PERCENT's shares", () => {
    expect(discountSplit(1_000 as Cents)).toEqual({ discount: 1_000, saving: 600, earlybirdFee: 400, savingShare: "60%", earlybirdShare: "40%" });
    expect(discountSplit(1_001 as Cents, config({ successFeePercent: 3750 }))).toEqual({
      discount: 1_001,
      saving: 626,
      earlybirdFee: 375,
      savingShare: "62.5%",
      earlybirdShare: "37.5%",
    });
    expect(percentLabel(4005)).toBe("40.05%");
    const random = seeded(28);
    for (let i = 0; i < 1000; i++) {
      const discount = random.int(0, 100_000_000) as Cents;
      const rates = config({ successFeePercent: random.int(0, 10_000) });
      const split = discountSplit(discount, rates);
      expect(split.saving + split.earlybirdFee).toBe(discount);
      expect([split.saving, split.earlybirdFee]).toEqual([
        payNowAmounts({ discountedTotal: 10 ** 12, cashReward: discount }, rates).savings,
        payNowAmounts({ discountedTotal: 10 ** 12, cashReward: discount }, rates).earlybirdKeeps,
      ]);
    }
  });

  it("property: Pay Now amounts are integer cents and balance, over 5000 seeded inputs", () => {
    const random = seeded(424_242);
    for (let i = 0; i < 5000; i++) {
      const discountedTotal = random.int(0, 9_999_999_999_999);
      const cashReward = random.int(0, Math.min(discountedTotal, 100_000_000));
      const successFeePercent = random.int(0, 10_000);
      const a = payNowAmounts({ discountedTotal, cashReward }, config({ successFeePercent }));
      for (const value of Object.values(a)) expect(Number.isSafeInteger(value)).toBe(true);
      expect(isHalfUpRounding(a.savings, BigInt(cashReward) * BigInt(10_000 - successFeePercent), 10_000n)).toBe(true);
      expect(a.supplierReceives + a.earlybirdKeeps).toBe(a.purchaserPays);
      expect(a.savings).toBeLessThanOrEqual(cashReward);
      expect(a.earlybirdKeeps).toBeGreaterThanOrEqual(0);
    }
  });

  describe("validatePromptPaymentAmount", () => {
    it("requires an amount", () => {
      expect(validatePromptPaymentAmount(null, 100_000)).toBe("Please enter an amount");
      expect(validatePromptPaymentAmount(undefined, 100_000)).toBe("Please enter an amount");
    });

    it("at least $5", () => {
      expect(validatePromptPaymentAmount(499, 100_000)).toBe("Amount cannot be less than $5");
      expect(validatePromptPaymentAmount(0, 100_000)).toBe("Amount cannot be less than $5");
      expect(validatePromptPaymentAmount(500, 100_000)).toBeNull();
    });

    it("the minimum is $5 or MIN_SUPPLIER_OFFER_FEE, whichever is more (minPromptPaymentAmount)", () => {
      expect(minPromptPaymentAmount()).toBe(500);
      expect(minPromptPaymentAmount(config({ minSupplierOfferFee: 499 }))).toBe(500);
      expect(minPromptPaymentAmount(config({ minSupplierOfferFee: 1050 }))).toBe(1050);
    });

    it("at least MIN_SUPPLIER_OFFER_FEE when that is above $5", () => {
      const cfg = config({ minSupplierOfferFee: 1050 });
      expect(validatePromptPaymentAmount(1049, 100_000, cfg)).toBe("Amount cannot be less than $10.50");
      expect(validatePromptPaymentAmount(1050, 100_000, cfg)).toBeNull();
    });

    it("at most MAX_FEE_PERCENT % of the amount due, inclusive", () => {
      // Due $1,000.00: the bound is $100.00.
      expect(validatePromptPaymentAmount(10_000, 100_000)).toBeNull();
      expect(validatePromptPaymentAmount(10_001, 100_000)).toBe("Amount cannot be more than $100");
      // Due $1,234.57: 10 % = 12,345.7 cents; 12,345 is allowed, 12,346 is not; the message shows $123.45.
      expect(validatePromptPaymentAmount(12_345, 123_457)).toBeNull();
      expect(validatePromptPaymentAmount(12_346, 123_457)).toBe("Amount cannot be more than $123.45");
      expect(maxPromptPaymentAmount(123_457)).toBe(12_345);
    });

    it("tie-break: the minimum is checked before the maximum", () => {
      // Due $10.00: the maximum is $1, below the $5 minimum.
      expect(validatePromptPaymentAmount(400, 1000)).toBe("Amount cannot be less than $5");
      expect(validatePromptPaymentAmount(500, 1000)).toBe("Amount cannot be more than $1");
    });
  });

  describe("validatePromptPaymentExpiry: today ≤ E < due", () => {
    const dates = { today: "2026-03-02", dueDate: "2026-03-31" };

    it("requires a date", () => {
      expect(validatePromptPaymentExpiry(null, dates)).toBe("Please select an expiry date");
      expect(validatePromptPaymentExpiry("", dates)).toBe("Please select an expiry date");
    });

    it("today and the day before the due date are the bounds", () => {
      expect(validatePromptPaymentExpiry("2026-03-02", dates)).toBeNull();
      expect(validatePromptPaymentExpiry("2026-03-30", dates)).toBeNull();
    });

    it("refuses a past day", () => {
      expect(validatePromptPaymentExpiry("2026-03-01", dates)).toBe("Expiry date cannot be in the past");
    });

    it("refuses the due date and later", () => {
      expect(validatePromptPaymentExpiry("2026-03-31", dates)).toBe("Expiry date must be before the due date");
      expect(validatePromptPaymentExpiry("2026-04-01", dates)).toBe("Expiry date must be before the due date");
    });

    it("tie-break: a bill due today has no valid expiry; a past date reports the past first", () => {
      expect(validatePromptPaymentExpiry("2026-03-02", { today: "2026-03-02", dueDate: "2026-03-02" })).toBe("Expiry date must be before the due date");
      expect(validatePromptPaymentExpiry("2026-03-01", { today: "2026-03-02", dueDate: "2026-03-02" })).toBe("Expiry date cannot be in the past");
    });

    it("throws on a malformed date (the schema parses user input first)", () => {
      expect(() => validatePromptPaymentExpiry("2/3/2026", dates)).toThrow(RangeError);
    });
  });
});
