import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  CreateTopUpSchema,
  entryChoice,
  parseTopupAmount,
  parseTopUpListQuery,
  TOPUP_AMOUNT_DECIMALS,
  TOPUP_AMOUNT_TOO_LARGE,
  TOPUP_AMOUNT_NEGATIVE,
  TOPUP_AMOUNT_NOT_A_NUMBER,
  TOPUP_AMOUNT_ZERO,
} from "./top-ups.schema";
import {
  adminActions,
  depositReturnableFrom,
  fitsReferenceColumn,
  generatePaymentReference,
  isGeneratedReference,
  knapsack,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
  referenceCandidates,
  referenceCheckSymbol,
  settleDepositLine,
  suggestTopUpAmounts,
  type MatchCandidate,
} from "./top-ups.rules";

const items = (...amounts: number[]) => amounts.map((amount, i) => ({ id: i + 1, amount: amount as Cents }));

/** Every subset's total not above the capacity: the answer a knapsack must reach. */
function bruteForceBest(amounts: number[], capacity: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << amounts.length; mask++) {
    let total = 0;
    for (let i = 0; i < amounts.length; i++) if (mask & (1 << i)) total += amounts[i];
    if (total <= capacity && total > best) best = total;
  }
  return best;
}

describe("knapsack: the offers whose totals sum to the largest amount not above the funds", () => {
  it("finds the best subset where a greedy choice would not", () => {
    // Greedy (largest first) takes 60 and stops at 60; the best is 50 + 50 = 100.
    const choice = knapsack(items(60, 50, 50), 100 as Cents);
    expect(choice.total).toBe(100);
    expect(choice.chosen.map((item) => item.amount).sort()).toEqual([50, 50]);
    expect(choice.exact).toBe(true);
  });

  it("takes everything when everything fits, nothing when nothing does", () => {
    expect(knapsack(items(100, 200), 1_000 as Cents)).toMatchObject({ total: 300, exact: true });
    expect(knapsack(items(100, 200), 99 as Cents)).toEqual({ chosen: [], total: 0, exact: true });
    expect(knapsack([], 500 as Cents)).toEqual({ chosen: [], total: 0, exact: true });
    expect(knapsack(items(100), 0 as Cents).total).toBe(0);
  });

  it("works in exact cents on large amounts", () => {
    const choice = knapsack(items(1_234_567_89, 987_654_32, 111_111_11, 5), 1_345_679_05 as Cents);
    expect(choice.total).toBe(1_234_567_89 + 111_111_11 + 5);
  });

  it("equals the brute-force optimum, never exceeds the capacity and uses each item once (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 12 }), fc.integer({ min: 0, max: 200_000 }), (amounts, capacity) => {
        const choice = knapsack(items(...amounts), capacity as Cents);
        const ids = choice.chosen.map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(choice.chosen.reduce((sum, item) => sum + item.amount, 0)).toBe(choice.total);
        expect(choice.total).toBeLessThanOrEqual(capacity);
        expect(choice.total).toBe(bruteForceBest(amounts, capacity));
      }),
      { numRuns: 300, seed: 20261122 }
    );
  });

  it("falls back to meet in the middle, still exact, when the search budget runs out (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 12 }), fc.integer({ min: 0, max: 200_000 }), (amounts, capacity) => {
        const choice = knapsack(items(...amounts), capacity as Cents, 1);
        expect(choice.exact).toBe(true);
        expect(choice.chosen.reduce((sum, item) => sum + item.amount, 0)).toBe(choice.total);
        expect(choice.total).toBe(bruteForceBest(amounts, capacity));
      }),
      { numRuns: 300, seed: 11 }
    );
  });

  it("solves 40 offers exactly and fast", () => {
    const amounts = Array.from({ length: 40 }, (_, i) => 100_000 + ((i * 7_919_113) % 9_000_001));
    // A capacity some subset reaches exactly (every third offer), so the optimum is known.
    const capacity = amounts.filter((_, i) => i % 3 === 0).reduce((a, b) => a + b, 0);
    expect(knapsack(items(...amounts), capacity as Cents)).toMatchObject({ total: capacity, exact: true });
    // The same with the search budget spent at once: meet in the middle over 2 × 2^20 half sums.
    const started = Date.now();
    const choice = knapsack(items(...amounts), capacity as Cents, 10);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(choice).toMatchObject({ total: capacity, exact: true });
  });

  it("beyond 40 offers with the budget spent: the best found, flagged not exact", () => {
    const amounts = Array.from({ length: 60 }, (_, i) => 2 * (1_000 + i * 37));
    // An odd capacity no subset of even amounts reaches: the search cannot stop early.
    const choice = knapsack(items(...amounts), 20_001 as Cents, 1_000);
    expect(choice.exact).toBe(false);
    expect(choice.total).toBeLessThanOrEqual(20_001);
    expect(choice.total).toBeGreaterThan(19_000);
  });

  it("refuses non-integer or non-positive amounts", () => {
    expect(() => knapsack(items(10.5), 100 as Cents)).toThrow(RangeError);
    expect(() => knapsack(items(0), 100 as Cents)).toThrow(RangeError);
    expect(() => knapsack(items(10), 1.5 as Cents)).toThrow(RangeError);
  });
});

describe("suggested top-up amounts", () => {
  const offers = [
    { id: 1, label: "B-1", amount: 60_000 as Cents },
    { id: 2, label: "B-2", amount: 50_000 as Cents },
    { id: 3, label: "B-3", amount: 50_000 as Cents },
    { id: 4, label: "B-4", amount: 30_000 as Cents },
  ];

  it("suggests the offers the funds do not cover (one suggestion when that is also the least amount)", () => {
    // Funds 100,000: the knapsack covers 50,000 + 50,000 exactly (a greedy choice would take 60,000 + 30,000).
    const result = suggestTopUpAmounts(offers, 100_000 as Cents);
    expect(result.covered.map((offer) => offer.id)).toEqual([2, 3]);
    expect(result.uncovered.map((offer) => offer.id)).toEqual([1, 4]);
    expect(result.suggestions).toEqual([{ kind: "UNCOVERED_OFFERS", amount: 90_000, offerIds: [1, 4] }]);
  });

  it("adds the least amount when the knapsack leaves funds unspent", () => {
    // Funds 95,000: the knapsack covers 60,000 + 30,000 = 90,000, leaving 5,000 unspent.
    const result = suggestTopUpAmounts(offers, 95_000 as Cents);
    expect(result.suggestions).toEqual([
      { kind: "UNCOVERED_OFFERS", amount: 100_000, offerIds: [2, 3] },
      { kind: "ALL_OFFERS", amount: 190_000 - 95_000, offerIds: [1, 2, 3, 4] },
    ]);
  });

  it("suggests nothing without offers, or when the funds cover them all", () => {
    expect(suggestTopUpAmounts([], 0 as Cents).suggestions).toEqual([]);
    expect(suggestTopUpAmounts(offers, 190_000 as Cents).suggestions).toEqual([]);
  });

  it("with no funds suggests every offer's total", () => {
    expect(suggestTopUpAmounts(offers, 0 as Cents).suggestions).toEqual([{ kind: "UNCOVERED_OFFERS", amount: 190_000, offerIds: [1, 2, 3, 4] }]);
  });
});

describe("payment references", () => {
  it("are EB + 7 random symbols + a check symbol, and fit the top_ups CHECK", () => {
    let n = 0;
    const reference = generatePaymentReference((size) => n++ % size);
    expect(reference).toHaveLength(REFERENCE_LENGTH);
    expect(reference).toMatch(/^EB[2-9A-Z]{8}$/);
    expect(fitsReferenceColumn(reference)).toBe(true);
    expect(isGeneratedReference(reference)).toBe(true);
  });

  it("avoid symbols payers confuse", () => {
    for (const symbol of "01ILOUV") expect(REFERENCE_ALPHABET).not.toContain(symbol);
    expect(REFERENCE_ALPHABET).toHaveLength(29);
  });

  it("catch any single mistyped symbol and any swap of neighbours (fast-check)", () => {
    const symbol = fc.constantFrom(...REFERENCE_ALPHABET);
    fc.assert(
      fc.property(fc.array(symbol, { minLength: 7, maxLength: 7 }), fc.nat(6), symbol, (body, position, replacement) => {
        const reference = `EB${body.join("")}${referenceCheckSymbol(body.join(""))}`;
        expect(isGeneratedReference(reference)).toBe(true);
        if (replacement !== body[position]) {
          const typo = [...body];
          typo[position] = replacement;
          expect(isGeneratedReference(`EB${typo.join("")}${reference.at(-1)}`)).toBe(false);
        }
        if (position < 6 && body[position] !== body[position + 1]) {
          const swapped = [...body];
          [swapped[position], swapped[position + 1]] = [swapped[position + 1], swapped[position]];
          expect(isGeneratedReference(`EB${swapped.join("")}${reference.at(-1)}`)).toBe(false);
        }
      }),
      { numRuns: 500, seed: 7 }
    );
  });

  it("are random: no repeat in 10,000", () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => generatePaymentReference((size) => Math.floor(Math.random() * size))));
    expect(seen.size).toBe(10_000);
  });

  it("are found in a statement line however the payer wrote them", () => {
    expect(referenceCandidates(["eb 7kq-2m9x d", null, undefined])).toContain("EB7KQ2M9XD");
    expect(referenceCandidates(["Invoice EB7KQ2M9XD thanks"])).toEqual(expect.arrayContaining(["EB7KQ2M9XD", "INVOICE", "THANKS"]));
    expect(referenceCandidates(["", "ab", "a very long reference without any words that fit maybe"])).not.toContain("AB");
    expect(referenceCandidates(["EBHF0004"])).toEqual(["EBHF0004"]);
  });
});

describe("the top-up amount's messages (p1 §5)", () => {
  it('"Topup amount cannot be 0. Please enter a higher amount." for 0 and for no amount', () => {
    for (const value of ["0", "0.00", "-0", "", "   ", ".", "-", null, undefined, 0]) {
      expect(parseTopupAmount(value)).toEqual({ ok: false, message: TOPUP_AMOUNT_ZERO });
    }
    expect(TOPUP_AMOUNT_ZERO).toBe("Topup amount cannot be 0. Please enter a higher amount.");
  });

  it("the right message for each other bad value (issue 13 part 19)", () => {
    for (const value of ["-5", "-0.5", "-$5", "-10.555"]) expect(parseTopupAmount(value)).toEqual({ ok: false, message: TOPUP_AMOUNT_NEGATIVE });
    for (const value of ["10.555", "0.001"]) expect(parseTopupAmount(value)).toEqual({ ok: false, message: TOPUP_AMOUNT_DECIMALS });
    for (const value of ["abc", "12a", "1.2.3", "1e3", "- 5", "five"]) expect(parseTopupAmount(value)).toEqual({ ok: false, message: TOPUP_AMOUNT_NOT_A_NUMBER });
    expect(CreateTopUpSchema.safeParse({ amount: -500, trigger: "CUSTOM" }).error?.issues[0].message).toBe(TOPUP_AMOUNT_NEGATIVE);
  });

  it("reads amounts as cents, without floating point", () => {
    expect(parseTopupAmount("1234.5")).toEqual({ ok: true, amount: 123_450 });
    expect(parseTopupAmount("$1,234.56")).toEqual({ ok: true, amount: 123_456 });
    expect(parseTopupAmount(".5")).toEqual({ ok: true, amount: 50 });
    expect(parseTopupAmount("0.01")).toEqual({ ok: true, amount: 1 });
    expect(parseTopupAmount("10.")).toEqual({ ok: true, amount: 1_000 });
    expect(parseTopupAmount("0.1")).toEqual({ ok: true, amount: 10 });
  });

  it("refuses more than 2 decimals and more than NUMERIC(14,2) holds", () => {
    expect(parseTopupAmount("1.234")).toEqual({ ok: false, message: TOPUP_AMOUNT_DECIMALS });
    expect(parseTopupAmount("100000000000")).toEqual({ ok: false, message: TOPUP_AMOUNT_TOO_LARGE });
    expect(parseTopupAmount("99999999999.99")).toEqual({ ok: true, amount: 99_999_999_999_99 });
  });

  it("CreateTopUpSchema takes cents or a decimal string and a known trigger", () => {
    expect(CreateTopUpSchema.parse({ amount: 5_000, trigger: "NO_OFFER" })).toMatchObject({ amount: 5_000 });
    expect(CreateTopUpSchema.parse({ amount: "50", trigger: "CUSTOM" })).toMatchObject({ amount: 5_000 });
    expect(CreateTopUpSchema.safeParse({ amount: 0, trigger: "CUSTOM" }).error?.issues[0].message).toBe(TOPUP_AMOUNT_ZERO);
    expect(CreateTopUpSchema.safeParse({ amount: "10", trigger: "SOMETHING" }).success).toBe(false);
    for (const trigger of ["SUPPLIER_OFFER", "PURCHASER_OFFER", "PURCHASER_OFFER_EDIT", "NO_OFFER", "CUSTOM"]) {
      expect(CreateTopUpSchema.safeParse({ amount: 1, trigger }).success).toBe(true);
    }
  });

  it("a suggested amount is a NO_OFFER top-up, a typed one CUSTOM", () => {
    expect(entryChoice({ choice: "900.00", customAmount: "" })).toEqual({ trigger: "NO_OFFER", raw: "900.00" });
    expect(entryChoice({ choice: "custom", customAmount: "12" })).toEqual({ trigger: "CUSTOM", raw: "12" });
    expect(entryChoice({})).toEqual({ trigger: "CUSTOM", raw: "" });
  });
});

describe("admin actions and tabs (p3 §4.3)", () => {
  it("confirm or cancel a PENDING top-up, assign an UNKNOWN deposit (or return it after 30 days), nothing on a final one", () => {
    expect(adminActions("PENDING")).toEqual(["confirm", "cancel"]);
    expect(adminActions("UNKNOWN")).toEqual(["assign"]);
    expect(adminActions("UNKNOWN", { returnable: true })).toEqual(["assign", "return"]);
    for (const status of ["COMPLETED", "CANCELLED", "EXPIRED", "RETURNED"] as const) expect(adminActions(status, { returnable: true })).toEqual([]);
  });

  it("an unknown deposit may be returned 30 days (of 24 hours) after it was held", () => {
    const held = new Date("2026-10-01T03:00:00Z");
    expect(depositReturnableFrom(held).toISOString()).toBe("2026-10-31T03:00:00.000Z");
  });

  it("reads the tab and page from the URL, falling back to All and page 1", () => {
    expect(parseTopUpListQuery(new URLSearchParams("tab=approved&page=3"))).toEqual({ tab: "approved", page: 3, size: 25 });
    expect(parseTopUpListQuery(new URLSearchParams("tab=nope&page=-1&size=7"))).toEqual({ tab: "all", page: 1, size: 25 });
  });
});

describe("how a deposit line settles", () => {
  const pending: MatchCandidate = { id: 7, status: "PENDING", currency: "NZD", amount: 10_000 as Cents, expired: false, hasStatementLine: false };
  const line = { amount: 10_000 as Cents, currency: "NZD" };

  it("completes the one PENDING top-up it names, for the same amount and currency", () => {
    expect(settleDepositLine(line, [pending])).toEqual({ kind: "COMPLETE", topUpId: 7 });
  });

  it("goes to suspense when the amount, the currency or the status differs, or nothing or several match", () => {
    expect(settleDepositLine({ ...line, amount: 9_999 as Cents }, [pending])).toEqual({ kind: "UNKNOWN", reason: "AMOUNT_DIFFERS" });
    expect(settleDepositLine({ ...line, currency: "AUD" }, [pending])).toEqual({ kind: "UNKNOWN", reason: "CURRENCY_DIFFERS" });
    expect(settleDepositLine(line, [{ ...pending, expired: true }])).toEqual({ kind: "UNKNOWN", reason: "NOT_PENDING" });
    expect(settleDepositLine(line, [{ ...pending, status: "CANCELLED" }])).toEqual({ kind: "UNKNOWN", reason: "NOT_PENDING" });
    expect(settleDepositLine(line, [{ ...pending, status: "EXPIRED" }])).toEqual({ kind: "UNKNOWN", reason: "NOT_PENDING" });
    expect(settleDepositLine(line, [])).toEqual({ kind: "UNKNOWN", reason: "NO_MATCH" });
    expect(settleDepositLine(line, [pending, { ...pending, id: 8 }])).toEqual({ kind: "UNKNOWN", reason: "AMBIGUOUS" });
  });

  it("reconciles a top-up an admin already confirmed, once; a second deposit for it goes to suspense", () => {
    expect(settleDepositLine(line, [{ ...pending, status: "COMPLETED" }])).toEqual({ kind: "RECONCILE", topUpId: 7 });
    expect(settleDepositLine(line, [{ ...pending, status: "COMPLETED", hasStatementLine: true }])).toEqual({ kind: "UNKNOWN", reason: "ALREADY_PAID" });
  });
});
