import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  activationSuccessMessage,
  counterpartyText,
  csvMoneyCell,
  csvTextCell,
  displayClass,
  formatNzAccountNumber,
  ledgerEntryView,
  MAX_WORKING_CAPITAL_COMPANY_ID,
  passesNzModulus11,
  payIdFor,
  settledReadPlan,
  transactionCsvRow,
  transactionPageWindows,
  workingCapitalAccountNumber,
  type LedgerEntryFacts,
} from "./account.rules";
import { parseTransactionListQuery, serializeTransactionListQuery } from "./account.schema";

describe("transactionPageWindows: pending first, settled spilling over", () => {
  it("fills the first pages with pending rows, then continues with the settled ones", () => {
    // 30 pending rows, pages of 25.
    expect(transactionPageWindows(1, 25, 30)).toEqual({ pending: { offset: 0, limit: 25 }, settled: { offset: 0, limit: 0 } });
    expect(transactionPageWindows(2, 25, 30)).toEqual({ pending: { offset: 25, limit: 5 }, settled: { offset: 0, limit: 20 } });
    expect(transactionPageWindows(3, 25, 30)).toEqual({ pending: { offset: 30, limit: 0 }, settled: { offset: 20, limit: 25 } });
    // No pending rows: plain paging of the settled ones.
    expect(transactionPageWindows(4, 10, 0)).toEqual({ pending: { offset: 0, limit: 0 }, settled: { offset: 30, limit: 10 } });
    // Exactly one page of pending rows.
    expect(transactionPageWindows(2, 25, 25)).toEqual({ pending: { offset: 25, limit: 0 }, settled: { offset: 0, limit: 25 } });
  });

  it("shows every row exactly once, in order, across all pages (any counts and page size)", () => {
    fc.assert(
      fc.property(fc.nat(120), fc.nat(300), fc.constantFrom(10, 25, 50, 100), (pendingCount, settledCount, size) => {
        const shown: string[] = [];
        const pages = Math.max(1, Math.ceil((pendingCount + settledCount) / size));
        for (let page = 1; page <= pages; page++) {
          const { pending, settled } = transactionPageWindows(page, size, pendingCount);
          const pendingRows = Array.from({ length: Math.max(0, Math.min(pending.limit, pendingCount - pending.offset)) }, (_, i) => `p${pending.offset + i}`);
          const settledRows = Array.from({ length: Math.max(0, Math.min(settled.limit, settledCount - settled.offset)) }, (_, i) => `s${settled.offset + i}`);
          expect(pendingRows.length + settledRows.length).toBeLessThanOrEqual(size);
          // A page is full unless it is the last one.
          if (page < pages) expect(pendingRows.length + settledRows.length).toBe(size);
          shown.push(...pendingRows, ...settledRows);
        }
        const expected = [...Array.from({ length: pendingCount }, (_, i) => `p${i}`), ...Array.from({ length: settledCount }, (_, i) => `s${i}`)];
        expect(shown).toEqual(expected);
      })
    );
  });

  it("reads an older window from the oldest end, giving the same rows", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(600), fc.integer({ min: 0, max: 100 }), (count, offset, limit) => {
        const newestFirst = Array.from({ length: count }, (_, i) => count - i); // ids, newest first
        const expected = newestFirst.slice(offset, offset + limit);
        const plan = settledReadPlan({ offset, limit }, count);
        const source = plan.direction === "desc" ? newestFirst : [...newestFirst].reverse();
        const read = source.slice(plan.offset, plan.offset + plan.limit);
        expect(plan.direction === "asc" ? read.reverse() : read).toEqual(expected);
        // Never skips more than half the rows.
        expect(plan.offset).toBeLessThanOrEqual(Math.ceil(count / 2));
      })
    );
    expect(settledReadPlan({ offset: 90, limit: 25 }, 100)).toEqual({ direction: "asc", offset: 0, limit: 10 });
    expect(settledReadPlan({ offset: 0, limit: 25 }, 100)).toEqual({ direction: "desc", offset: 0, limit: 25 });
  });

  it("parses page and size from the URL, with defaults for anything else", () => {
    expect(parseTransactionListQuery(new URLSearchParams(""))).toEqual({ page: 1, size: 25 });
    expect(parseTransactionListQuery(new URLSearchParams("page=3&size=50"))).toEqual({ page: 3, size: 50 });
    expect(parseTransactionListQuery(new URLSearchParams("page=0&size=7"))).toEqual({ page: 1, size: 25 });
    expect(parseTransactionListQuery(new URLSearchParams("page=abc&size=1e9"))).toEqual({ page: 1, size: 25 });
    expect(serializeTransactionListQuery({ page: 1, size: 25 })).toBe("");
    expect(serializeTransactionListQuery({ page: 2, size: 10 })).toBe("page=2&size=10");
  });
});

describe("the working-capital account number and the PayID", () => {
  it("checks NZ numbers with the banks' modulus 11 (algorithm A)", () => {
    // The published example of algorithm A.
    expect(passesNzModulus11("0109020068389000")).toBe(true);
    expect(passesNzModulus11("0109020068388000")).toBe(false);
    expect(passesNzModulus11("010902006838900")).toBe(false);
  });

  it("issues a valid, unique 02-0100 number per company", () => {
    expect(workingCapitalAccountNumber(1)).toMatch(/^020100\d{7}001$/);
    expect(formatNzAccountNumber(workingCapitalAccountNumber(1234))).toMatch(/^02-0100-00234\d\d-002$/);
    const seen = new Set<string>();
    for (const id of [1, 2, 3, 99, 999, 1000, 1001, 54_321, 123_456, MAX_WORKING_CAPITAL_COMPANY_ID]) {
      const number = workingCapitalAccountNumber(id);
      expect(number).toHaveLength(16);
      expect(passesNzModulus11(number)).toBe(true);
      seen.add(number);
    }
    expect(seen.size).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_WORKING_CAPITAL_COMPANY_ID }), fc.integer({ min: 1, max: MAX_WORKING_CAPITAL_COMPANY_ID }), (a, b) => {
        const [na, nb] = [workingCapitalAccountNumber(a), workingCapitalAccountNumber(b)];
        expect(passesNzModulus11(na)).toBe(true);
        expect(na === nb).toBe(a === b);
      })
    );
    expect(() => workingCapitalAccountNumber(0)).toThrow(RangeError);
    expect(() => workingCapitalAccountNumber(MAX_WORKING_CAPITAL_COMPANY_ID + 1)).toThrow(RangeError);
  });

  it("issues an e-mail-style PayID from the company's name and id", () => {
    expect(payIdFor(3, "Outback Coffee Pty Ltd")).toBe("outback-coffee-pty-ltd.3@payid.earlybird.com.au");
    expect(payIdFor(12, "  Café Ōtautahi & Co.  ")).toBe("cafe-otautahi-co.12@payid.earlybird.com.au");
    expect(payIdFor(7, "!!!")).toBe("company.7@payid.earlybird.com.au");
    expect(payIdFor(8, "A".repeat(80)).split("@")[0]).toBe(`${"a".repeat(40)}.8`);
  });

  it("says the spec's success text for the country", () => {
    expect(activationSuccessMessage("AU")).toBe("Your Earlybird PayID is now active!");
    expect(activationSuccessMessage("NZ")).toBe("Your Earlybird working capital account is now active!");
  });
});

const facts = (overrides: Partial<LedgerEntryFacts>): LedgerEntryFacts => ({
  entryId: "1",
  createdAt: new Date("2026-11-05T01:03:00Z"),
  amount: 1000 as Cents,
  balanceAfter: 1000 as Cents,
  ledgerClass: "TOPUP",
  reversedClass: null,
  description: null,
  sourceCompanyId: null,
  destinationCompanyId: null,
  sourceCompanyName: null,
  destinationCompanyName: null,
  sourceParticulars: null,
  destinationParticulars: null,
  sourceReference: null,
  destinationReference: null,
  topUpReference: null,
  withdrawalStatus: null,
  withdrawalAccountName: null,
  ...overrides,
});

describe("a wallet entry as a transaction", () => {
  const company = { id: 1, name: "Harbour Foods Ltd" };

  it("shows the spec's three classes", () => {
    expect(displayClass("PAYMENT", -5 as Cents, null)).toBe("PAYMENT");
    expect(displayClass("FEE", -5 as Cents, null)).toBe("PAYMENT");
    expect(displayClass("REVERSAL", 500 as Cents, "WITHDRAWAL")).toBe("WITHDRAWAL");
    expect(displayClass("REVERSAL", -500 as Cents, "TOPUP")).toBe("TOPUP");
    expect(displayClass("ADJUSTMENT", 5 as Cents, null)).toBe("TOPUP");
    expect(displayClass("ADJUSTMENT", -5 as Cents, null)).toBe("WITHDRAWAL");
  });

  it("takes the company's side of a payment", () => {
    const paid = ledgerEntryView(
      facts({
        ledgerClass: "PAYMENT",
        amount: -9000 as Cents,
        balanceAfter: 1000 as Cents,
        sourceCompanyId: 1,
        destinationCompanyId: 2,
        sourceCompanyName: "Harbour Foods Ltd",
        destinationCompanyName: "Kiwi Supplies Ltd",
        sourceReference: "INV-1",
        destinationReference: "KS-1",
        description: "Early payment of INV-1",
      }),
      company
    );
    expect(paid).toMatchObject({
      transactionClass: "PAYMENT",
      status: "COMPLETED",
      amount: -9000,
      balanceAfter: 1000,
      reference: "INV-1",
      particulars: "Early payment of INV-1",
    });
    expect(counterpartyText(paid)).toBe("To Kiwi Supplies Ltd");
    const received = ledgerEntryView(
      facts({
        ledgerClass: "PAYMENT",
        amount: 8800 as Cents,
        sourceCompanyId: 2,
        destinationCompanyId: 1,
        sourceCompanyName: "Kiwi Supplies Ltd",
        destinationReference: "REF-9",
      }),
      company
    );
    expect(received.reference).toBe("REF-9");
    expect(counterpartyText(received)).toBe("From Kiwi Supplies Ltd");
  });

  it("marks the debit of a pending withdrawal PENDING, names the bank account and uses the top-up's reference", () => {
    const withdrawal = ledgerEntryView(
      facts({ ledgerClass: "WITHDRAWAL", amount: -500 as Cents, withdrawalStatus: "PENDING", withdrawalAccountName: "Operating" }),
      company
    );
    expect(withdrawal).toMatchObject({ status: "PENDING", from: "Harbour Foods Ltd", to: "Operating" });
    const topUp = ledgerEntryView(facts({ ledgerClass: "TOPUP", destinationCompanyId: 1, topUpReference: "EBHF0001" }), company);
    expect(topUp).toMatchObject({ status: "COMPLETED", reference: "EBHF0001", from: "Bank transfer", to: "Harbour Foods Ltd" });
    expect(counterpartyText(topUp)).toBe("Bank transfer");
  });
});

describe("transactions.csv cells", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    const dangerous = ["=1+1", "+61 2 1234", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "\n=1", '  =HYPERLINK("x")', "＝1+1", "＋1", "－1", "＠A1"];
    for (const value of dangerous) expect(csvTextCell(value)).toBe(`'${value}`);
    for (const value of ["Kiwi Supplies Ltd", "INV-1", "a=b", "", "  plain", "1+1"]) expect(csvTextCell(value)).toBe(value);
    expect(csvTextCell(null)).toBe("");
    expect(csvTextCell("-0")).toBe("-0");
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvTextCell(value);
        // A plain number ("-0", "-50.00") holds no formula and stays a number (lib/csv.ts).
        if (/^-?\d+(?:\.\d+)?$/.test(value)) expect(cell).toBe(value);
        else expect(/^\s*[=+\-@＝＋－＠]/.test(cell) && !cell.startsWith("'")).toBe(false);
      })
    );
  });

  it("writes amounts as plain signed decimals", () => {
    expect(csvMoneyCell(-5000 as Cents)).toBe("-50.00");
    expect(csvMoneyCell(123_456 as Cents)).toBe("1234.56");
    expect(csvMoneyCell(null)).toBe("");
  });

  it("builds a row with every text field escaped", () => {
    const row = ledgerEntryView(
      facts({
        ledgerClass: "PAYMENT",
        amount: -100 as Cents,
        balanceAfter: 0 as Cents,
        sourceCompanyId: 1,
        destinationCompanyName: "=cmd|' /C calc'!A0",
        sourceReference: "+REF",
        sourceParticulars: "@x",
      }),
      { id: 1, name: "-Minus Ltd" }
    );
    expect(transactionCsvRow(row, "Pacific/Auckland")).toEqual([
      "2026-11-05 14:03",
      "Payment",
      "Completed",
      "'-Minus Ltd",
      "'=cmd|' /C calc'!A0",
      "'@x",
      "'+REF",
      "-1.00",
      "0.00",
    ]);
  });
});
