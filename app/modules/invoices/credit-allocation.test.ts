import { describe, expect, it } from "vitest";
import {
  ALLOCATION_EXCEEDS_INVOICE,
  AMOUNT_EXCEEDS_CREDIT,
  canAllocate,
  distributeEqually,
  equalAllocationForDialog,
  formatAllocationInput,
  INVALID_CREDIT_INPUT,
  parseAllocationAmount,
  INVALID_BILL_SELECTION,
  NO_BILL_SELECTED,
  readAllocationForm,
  validateAllocation,
  type AllocationRow,
  type BillToCredit,
} from "./credit-allocation";

/** mulberry32: a tiny seeded generator, so every "random" case is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int };
}

const bills = (...amounts: number[]): BillToCredit[] => amounts.map((amountDue, index) => ({ invoiceId: index + 1, amountDue }));
const shares = (credit: number, amounts: number[]) => distributeEqually(credit, bills(...amounts)).map((a) => a.allocated);

describe("distributeEqually", () => {
  it("splits evenly when the credit divides", () => {
    expect(shares(30000, [50000, 50000, 50000])).toEqual([10000, 10000, 10000]);
  });

  it("caps a bill at its amount due and shares the remainder among the others", () => {
    // $300 over $50, $200, $200: $100 each, the first capped at $50, its $50 shared: $125 each.
    expect(shares(30000, [5000, 20000, 20000])).toEqual([5000, 12500, 12500]);
    // Repeating: $10 over 1c, 2c, 1000c, 1000c.
    expect(shares(1000, [1, 2, 1000, 1000])).toEqual([1, 2, 499, 498]);
  });

  it("gives the leftover cents one each to the first bills in the given order", () => {
    expect(shares(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(shares(101, [1000, 1000, 1000])).toEqual([34, 34, 33]);
    expect(shares(2, [1000, 1000, 1000])).toEqual([1, 1, 0]);
    expect(shares(1, [1000, 1000])).toEqual([1, 0]);
    // The order given decides, not the id.
    const reversed = distributeEqually(100, [
      { invoiceId: 9, amountDue: 1000 },
      { invoiceId: 3, amountDue: 1000 },
      { invoiceId: 5, amountDue: 1000 },
    ]);
    expect(reversed).toEqual([
      { invoiceId: 9, allocated: 34 },
      { invoiceId: 3, allocated: 33 },
      { invoiceId: 5, allocated: 33 },
    ]);
  });

  it("the extra cent skips bills that are already full", () => {
    // 5c over 1c, 100c, 100c: shares 1,1,1 (first full), then 2 over two bills: 1 each.
    expect(shares(5, [1, 100, 100])).toEqual([1, 2, 2]);
    // 6c: 2,2,2 capped first at 1; remaining 1 goes to the second bill (the first open one).
    expect(shares(6, [1, 100, 100])).toEqual([1, 3, 2]);
  });

  it("allocates everything owed when the credit covers all bills", () => {
    expect(shares(1_000_000, [100, 250, 12345])).toEqual([100, 250, 12345]);
    expect(shares(12695, [100, 250, 12345])).toEqual([100, 250, 12345]);
  });

  it("gives nothing to bills that owe nothing, and nothing from no credit", () => {
    expect(shares(1000, [0, 500, -20])).toEqual([0, 500, 0]);
    expect(shares(0, [100, 100])).toEqual([0, 0]);
    expect(shares(-500, [100, 100])).toEqual([0, 0]);
    expect(distributeEqually(1000, [])).toEqual([]);
  });

  it("rejects fractions of a cent and repeated bills", () => {
    expect(() => distributeEqually(10.5, bills(100))).toThrow(RangeError);
    expect(() => distributeEqually(100, bills(10.5))).toThrow(RangeError);
    expect(() => distributeEqually(Number.NaN, bills(100))).toThrow(RangeError);
    expect(() =>
      distributeEqually(100, [
        { invoiceId: 1, amountDue: 5 },
        { invoiceId: 1, amountDue: 5 },
      ])
    ).toThrow("Bill 1 is listed twice");
  });

  it("holds its guarantees over 5,000 seeded random cases", () => {
    const random = seeded(20260307);
    for (let run = 0; run < 5000; run++) {
      const count = random.int(0, 12);
      const scale = [10, 1000, 100_000, 10_000_000][random.int(0, 3)];
      const amounts = Array.from({ length: count }, () => (random.next() < 0.1 ? random.int(-100, 0) : random.int(1, scale)));
      const credit = random.next() < 0.05 ? random.int(-1000, 0) : random.int(0, scale * Math.max(1, count));
      const result = distributeEqually(credit, bills(...amounts));
      const allocated = result.map((a) => a.allocated);
      const owed = amounts.map((a) => Math.max(0, a));
      const sum = allocated.reduce((a, b) => a + b, 0);

      expect(result.map((a) => a.invoiceId)).toEqual(amounts.map((_, i) => i + 1));
      for (const [i, share] of allocated.entries()) {
        expect(Number.isSafeInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(owed[i]);
      }
      expect(sum).toBeLessThanOrEqual(Math.max(0, credit));
      expect(sum).toBe(
        Math.min(
          Math.max(0, credit),
          owed.reduce((a, b) => a + b, 0)
        )
      );
      // Among bills not filled to their amount due, shares differ by at most one cent ...
      const uncapped = allocated.filter((share, i) => owed[i] > 0 && share < owed[i]);
      if (uncapped.length > 0) expect(Math.max(...uncapped) - Math.min(...uncapped)).toBeLessThanOrEqual(1);
      // ... and no bill got more than one cent above the lowest uncapped share (the split is equal, then capped).
      if (uncapped.length > 0) for (const share of allocated) expect(share).toBeLessThanOrEqual(Math.min(...uncapped) + 1);
      // The extra cents go to the first uncapped bills in order.
      const uncappedInOrder = allocated.filter((share, i) => owed[i] > 0 && share < owed[i]);
      for (let i = 1; i < uncappedInOrder.length; i++) expect(uncappedInOrder[i]).toBeLessThanOrEqual(uncappedInOrder[i - 1]);
      // Deterministic.
      expect(distributeEqually(credit, bills(...amounts))).toEqual(result);
    }
  });
});

const row = (invoiceId: number, amountDue: number, allocated: number, alreadyAllocated?: number): AllocationRow => ({
  invoiceId,
  amountDue,
  allocated,
  alreadyAllocated,
});

describe("validateAllocation", () => {
  it("accepts an allocation within the credit and the amounts due", () => {
    const check = validateAllocation({ creditRemaining: 10000, allocations: [row(1, 6000, 6000), row(2, 8000, 4000)] });
    expect(check).toEqual({ errors: [], totalAllocated: 10000, alreadyAllocated: 0, remainingAfter: 0 });
  });

  it('reports an amount below 0 as "Invalid credit input"', () => {
    const check = validateAllocation({ creditRemaining: 10000, allocations: [row(1, 6000, -1), row(2, 100, 100)] });
    expect(check.errors).toEqual([{ invoiceId: 1, message: "Invalid credit input" }]);
    expect(INVALID_CREDIT_INPUT).toBe("Invalid credit input");
    expect(validateAllocation({ creditRemaining: 100, allocations: [row(1, 100, 0.5)] }).errors).toEqual([{ invoiceId: 1, message: "Invalid credit input" }]);
    expect(validateAllocation({ creditRemaining: 100, allocations: [row(1, 100, Number.NaN)] }).errors).toEqual([
      { invoiceId: 1, message: "Invalid credit input" },
    ]);
    expect(validateAllocation({ creditRemaining: 100, allocations: [row(1, 100, 0)] }).errors).toEqual([]);
  });

  it('reports an amount above what the bill owes as "Allocated amount exceeds invoice amount"', () => {
    const check = validateAllocation({ creditRemaining: 100000, allocations: [row(1, 6000, 6001), row(2, 6000, 6000)] });
    expect(check.errors).toEqual([{ invoiceId: 1, message: "Allocated amount exceeds invoice amount" }]);
    expect(ALLOCATION_EXCEEDS_INVOICE).toBe("Allocated amount exceeds invoice amount");
  });

  it("lets a bill take back the credit this note already gave it", () => {
    // The bill owes 40.00 after this note's 20.00: up to 60.00 of this note may sit on it.
    expect(validateAllocation({ creditRemaining: 0, allocations: [row(1, 4000, 6000, 2000)] }).errors).toEqual([
      { invoiceId: null, message: AMOUNT_EXCEEDS_CREDIT },
    ]);
    expect(validateAllocation({ creditRemaining: 4000, allocations: [row(1, 4000, 6000, 2000)] })).toEqual({
      errors: [],
      totalAllocated: 6000,
      alreadyAllocated: 2000,
      remainingAfter: 0,
    });
    expect(validateAllocation({ creditRemaining: 9999, allocations: [row(1, 4000, 6001, 2000)] }).errors).toEqual([
      { invoiceId: 1, message: ALLOCATION_EXCEEDS_INVOICE },
    ]);
  });

  it('reports more credit than remains as "Amount exceeds available credit"', () => {
    const check = validateAllocation({ creditRemaining: 10000, allocations: [row(1, 6000, 6000), row(2, 8000, 4001)] });
    expect(check.errors).toEqual([{ invoiceId: null, message: "Amount exceeds available credit" }]);
    expect(check.remainingAfter).toBe(-1);
    expect(AMOUNT_EXCEEDS_CREDIT).toBe("Amount exceeds available credit");
  });

  it("reports all three at once", () => {
    const check = validateAllocation({ creditRemaining: 500, allocations: [row(1, 100, -5), row(2, 100, 200), row(3, 1000, 1000)] });
    expect(check.errors).toEqual([
      { invoiceId: 1, message: INVALID_CREDIT_INPUT },
      { invoiceId: 2, message: ALLOCATION_EXCEEDS_INVOICE },
      { invoiceId: null, message: AMOUNT_EXCEEDS_CREDIT },
    ]);
  });

  it("freeing credit from one bill funds another", () => {
    const check = validateAllocation({ creditRemaining: 0, allocations: [row(1, 0, 0, 5000), row(2, 5000, 5000, 0)] });
    expect(check).toEqual({ errors: [], totalAllocated: 5000, alreadyAllocated: 5000, remainingAfter: 0 });
  });
});

describe("canAllocate", () => {
  it("is enabled for a valid new allocation", () => {
    expect(canAllocate({ creditRemaining: 10000, allocations: [row(1, 6000, 6000)] })).toBe(true);
  });

  it("is disabled when nothing is allocated", () => {
    expect(canAllocate({ creditRemaining: 10000, allocations: [] })).toBe(false);
    expect(canAllocate({ creditRemaining: 10000, allocations: [row(1, 6000, 0), row(2, 10, 0)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 10000, allocations: [row(1, 6000, 0, 3000)] })).toBe(false);
  });

  it("is disabled when the allocation equals the already-used amount", () => {
    expect(canAllocate({ creditRemaining: 100, allocations: [row(1, 6000, 3000, 3000)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 100, allocations: [row(1, 6000, 1000, 3000), row(2, 6000, 2000, 0)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 100, allocations: [row(1, 6000, 3001, 3000)] })).toBe(true);
    expect(canAllocate({ creditRemaining: 100, allocations: [row(1, 6000, 2999, 3000)] })).toBe(true);
  });

  it("is disabled when any error exists", () => {
    expect(canAllocate({ creditRemaining: 10000, allocations: [row(1, 6000, 100), row(2, 100, -1)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 10000, allocations: [row(1, 6000, 6001)] })).toBe(false);
  });

  it("is disabled when the remaining credit is negative", () => {
    expect(canAllocate({ creditRemaining: 99, allocations: [row(1, 6000, 100)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 0, allocations: [row(1, 6000, 3001, 3000)] })).toBe(false);
    expect(canAllocate({ creditRemaining: 0, allocations: [row(1, 6000, 2999, 3000)] })).toBe(true);
    expect(canAllocate({ creditRemaining: 100, allocations: [row(1, 6000, 100)] })).toBe(true);
  });

  it("accepts every equal distribution of the remaining credit (seeded)", () => {
    const random = seeded(7);
    for (let run = 0; run < 2000; run++) {
      const amounts = Array.from({ length: random.int(1, 8) }, () => random.int(1, 500_000));
      const credit = random.int(1, 1_000_000);
      const allocations = distributeEqually(credit, bills(...amounts)).map((a, i) => row(a.invoiceId, amounts[i], a.allocated));
      const check = validateAllocation({ creditRemaining: credit, allocations });
      expect(check.errors).toEqual([]);
      expect(check.remainingAfter).toBeGreaterThanOrEqual(0);
      expect(canAllocate({ creditRemaining: credit, allocations })).toBe(true);
    }
  });
});

describe("the allocation dialog's inputs", () => {
  it("reads amounts as cents: $ prefix, separators, 0-2 decimals; empty is 0; anything else is NaN", () => {
    expect(parseAllocationAmount("")).toBe(0);
    expect(parseAllocationAmount("  ")).toBe(0);
    expect(parseAllocationAmount("12")).toBe(1200);
    expect(parseAllocationAmount("$1,234.5")).toBe(123450);
    expect(parseAllocationAmount(".07")).toBe(7);
    expect(parseAllocationAmount("3.")).toBe(300);
    expect(parseAllocationAmount("-5")).toBe(-500);
    for (const bad of ["abc", "1.234", "1e3", ".", "--1", "1 2"]) expect(parseAllocationAmount(bad)).toBeNaN();
  });

  it("formats to 2 decimals on blur and parses back to the same cents", () => {
    expect(formatAllocationInput(0)).toBe("0.00");
    expect(formatAllocationInput(123450)).toBe("1234.50");
    expect(formatAllocationInput(-7)).toBe("-0.07");
    expect(formatAllocationInput(Number.NaN)).toBe("");
    for (const cents of [0, 1, 99, 100, 123456789]) expect(parseAllocationAmount(formatAllocationInput(cents))).toBe(cents);
  });

  it("reads the form: one id per bill, repeats kept once, a bad amount becomes an invalid input", () => {
    const form = readAllocationForm([
      ["bill", "7"],
      ["bill", "3"],
      ["bill", "7"],
      ["amount-7", "10.50"],
      ["amount-3", "oops"],
      ["amount-9", "1.00"],
    ]);
    if (!form.ok) throw new Error(form.message);
    expect(form.invoiceIds).toEqual([7, 3]);
    expect(form.amounts.get(7)).toBe(1050);
    expect(form.amounts.get(3)).toBeNaN();
    expect(form.amounts.has(9)).toBe(false);
    const check = validateAllocation({
      creditRemaining: 5000,
      allocations: form.invoiceIds.map((invoiceId) => ({ invoiceId, amountDue: 10_000, allocated: form.amounts.get(invoiceId)! })),
    });
    expect(check.errors).toEqual([{ invoiceId: 3, message: INVALID_CREDIT_INPUT }]);
  });

  it.each(["x", "0", "", " ", "-1", "1.5", "99999999999", "2147483648"])("refuses the whole form when a bill id is %j (issue 13 part 14)", (bad) => {
    expect(readAllocationForm([["bill", "7"], ["bill", bad], ["amount-7", "1.00"]])).toEqual({ ok: false, message: INVALID_BILL_SELECTION });
  });

  it("refuses a form without bills, which would remove every allocation", () => {
    expect(readAllocationForm([["intent", "allocate"]])).toEqual({ ok: false, message: NO_BILL_SELECTED });
  });
});

describe("equalAllocationForDialog", () => {
  it("shares the unallocated credit plus what the note holds on unpaid bills, and leaves a paid bill's credit alone", () => {
    const result = equalAllocationForDialog(10_000, [
      { invoiceId: 1, amountDue: 2_000, alreadyAllocated: 1_000, paid: false },
      { invoiceId: 2, amountDue: 50_000, alreadyAllocated: 0, paid: false },
      { invoiceId: 3, amountDue: 0, alreadyAllocated: 500, paid: true },
    ]);
    // 11,000 to share: bill 1 can take 3,000 (capped), bill 2 the remaining 8,000.
    expect(result).toEqual([
      { invoiceId: 1, allocated: 3_000 },
      { invoiceId: 2, allocated: 8_000 },
      { invoiceId: 3, allocated: 500 },
    ]);
    const rows = result.map((r, i) => ({
      invoiceId: r.invoiceId,
      allocated: r.allocated,
      amountDue: [2_000, 50_000, 0][i],
      alreadyAllocated: [1_000, 0, 500][i],
    }));
    expect(validateAllocation({ creditRemaining: 10_000, allocations: rows }).errors).toEqual([]);
    expect(canAllocate({ creditRemaining: 10_000, allocations: rows })).toBe(true);
  });
});
