import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import { earlyPaymentEntries, principalOf } from "./early-payment.rules";

const accounts = { purchaserWalletId: 1, supplierWalletId: 2, feeRevenueId: 3 };

describe("an early payment's entries (decision 027)", () => {
  it("post D2's net amounts, each with its split: purchaser −(T − C), supplier +(T − F), fee revenue +(F − C)", () => {
    expect(earlyPaymentEntries(accounts, { total: 500_00 as Cents, serviceFee: 12_50 as Cents, cashback: 10_00 as Cents })).toEqual([
      { accountId: 1, amount: -490_00, serviceFeeAmount: 0, cashbackAmount: 10_00 },
      { accountId: 2, amount: 487_50, serviceFeeAmount: -12_50, cashbackAmount: 0 },
      { accountId: 3, amount: 2_50, serviceFeeAmount: 12_50, cashbackAmount: -10_00 },
    ]);
  });

  it("keeps fee revenue's entry when F = C (it moves nothing but carries the parts), drops it when both are 0", () => {
    expect(earlyPaymentEntries(accounts, { total: 1_00 as Cents, serviceFee: 1 as Cents, cashback: 1 as Cents })[2]).toEqual({
      accountId: 3,
      amount: 0,
      serviceFeeAmount: 1,
      cashbackAmount: -1,
    });
    expect(earlyPaymentEntries(accounts, { total: 1_00 as Cents, serviceFee: 0 as Cents, cashback: 0 as Cents }).map((e) => e.accountId)).toEqual([1, 2]);
  });

  it("refuses what is not an early payment: negative, fractional, or a fee or cashback above the total", () => {
    expect(() => earlyPaymentEntries(accounts, { total: -1 as Cents, serviceFee: 0 as Cents, cashback: 0 as Cents })).toThrow(RangeError);
    expect(() => earlyPaymentEntries(accounts, { total: 100 as Cents, serviceFee: 1.5 as Cents, cashback: 0 as Cents })).toThrow(RangeError);
    expect(() => earlyPaymentEntries(accounts, { total: 100 as Cents, serviceFee: 101 as Cents, cashback: 0 as Cents })).toThrow(RangeError);
  });

  it("balances the amounts and each part, and the principals are ±T (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 10 ** 12 }), (total, a, b) => {
        const serviceFee = Math.min(total, a);
        const cashback = Math.min(total, b);
        const entries = earlyPaymentEntries(accounts, { total: total as Cents, serviceFee: serviceFee as Cents, cashback: cashback as Cents });
        const sum = (pick: (e: (typeof entries)[number]) => number) => entries.reduce((s, e) => s + pick(e), 0);
        expect([sum((e) => e.amount), sum((e) => e.serviceFeeAmount), sum((e) => e.cashbackAmount)]).toEqual([0, 0, 0]);
        expect(entries.every((e) => e.amount !== 0 || e.serviceFeeAmount !== 0 || e.cashbackAmount !== 0)).toBe(true);
        const byAccount = new Map(entries.map((e) => [e.accountId, e]));
        expect(principalOf(byAccount.get(1)!)).toBe(-total);
        expect(principalOf(byAccount.get(2)!)).toBe(total);
        expect(-byAccount.get(2)!.serviceFeeAmount).toBe(serviceFee);
        expect(byAccount.get(1)!.cashbackAmount).toBe(cashback);
      })
    );
  });
});
