import { describe, expect, it } from "vitest";
import { formatMoney, type Cents } from "../../lib/money";
import { renderPdf } from "./pdf";
import {
  addMonthsTo,
  lastEndedMonth,
  linesWindow,
  monthLabel,
  monthPeriod,
  monthRefusal,
  monthsBetween,
  splitExplanation,
  statementLines,
  statementTotals,
  STATEMENT_MESSAGES,
  type MovementFacts,
} from "./rules";

describe("months", () => {
  it("steps across years both ways", () => {
    expect(addMonthsTo("2026-12", 1)).toBe("2027-01");
    expect(addMonthsTo("2026-01", -1)).toBe("2025-12");
    expect(addMonthsTo("2026-03", -15)).toBe("2024-12");
    expect(monthsBetween("2026-10", "2027-01")).toEqual(["2027-01", "2026-12", "2026-11", "2026-10"]);
    expect(monthsBetween("2026-11", "2026-10")).toEqual([]);
    expect(monthLabel("2026-10")).toBe("October 2026");
  });

  it("a month is local midnight to local midnight, across daylight saving changes (D1)", () => {
    // Pacific/Auckland: NZDT (+13) from the last Sunday of September to the first Sunday of April.
    const october = monthPeriod("2026-10", "Pacific/Auckland");
    expect(october.month).toBe("2026-10-01");
    expect(october.startAt.toISOString()).toBe("2026-09-30T11:00:00.000Z");
    expect(october.endAt.toISOString()).toBe("2026-10-31T11:00:00.000Z");
    // April 2026 starts in NZDT (+13) and ends in NZST (+12): the month is one hour longer than 30 days.
    const april = monthPeriod("2026-04", "Pacific/Auckland");
    expect(april.startAt.toISOString()).toBe("2026-03-31T11:00:00.000Z");
    expect(april.endAt.toISOString()).toBe("2026-04-30T12:00:00.000Z");
    // Australia/Sydney in winter: +10.
    expect(monthPeriod("2026-07", "Australia/Sydney").startAt.toISOString()).toBe("2026-06-30T14:00:00.000Z");
    expect(() => monthPeriod("2026-13", "Pacific/Auckland")).toThrow();
  });

  it("only ended months from the company's first one can be generated", () => {
    expect(lastEndedMonth("2026-11-22")).toBe("2026-10");
    expect(monthRefusal("2026-10", "2026-11-22", "2026-01")).toBeNull();
    expect(monthRefusal("2026-11", "2026-11-22", "2026-01")).toBe(STATEMENT_MESSAGES.monthNotEnded);
    expect(monthRefusal("2025-12", "2026-11-22", "2026-01")).toBe(STATEMENT_MESSAGES.monthTooEarly);
    expect(monthRefusal("2026-1", "2026-11-22", "2026-01")).toBe(STATEMENT_MESSAGES.monthInvalid);
  });

  it("the details window defaults to 25 lines and is capped", () => {
    expect(linesWindow(undefined, undefined)).toEqual({ startAt: 0, endAt: 25 });
    expect(linesWindow(25, 50)).toEqual({ startAt: 25, endAt: 50 });
    expect(linesWindow(-3, 10)).toEqual({ startAt: 0, endAt: 10 });
    expect(linesWindow(10, 5)).toEqual({ startAt: 10, endAt: 35 });
    expect(linesWindow(0, 10_000)).toEqual({ startAt: 0, endAt: 100 });
  });
});

describe("lines", () => {
  const movement = (over: Partial<MovementFacts>): MovementFacts => ({
    ledgerTransactionId: 1,
    occurredAt: "2026-10-05T01:00:00.000Z",
    transactionClass: "TOPUP",
    amount: 100_00 as Cents,
    balanceAfter: 100_00 as Cents,
    from: "Bank transfer",
    to: "Harbour Foods Ltd",
    particulars: "Top-up",
    reference: "EB-1",
    split: null,
    ...over,
  });

  it("numbers the movements and marks early payments received (fee) and paid (cashback) from their entries' split", () => {
    const lines = statementLines(
      [
        movement({}),
        // Received: principal +100.00, service fee −2.50 (the entry's own part; the result's figures are not read).
        movement({
          ledgerTransactionId: 2,
          transactionClass: "PAYMENT",
          amount: 97_50 as Cents,
          balanceAfter: 197_50 as Cents,
          from: "Harbour Foods Ltd",
          to: "Kiwi Supplies Ltd",
          split: { serviceFeeAmount: -2_50 as Cents, cashbackAmount: 0 as Cents },
        }),
        // Paid by Pay Now: principal −50.00, saving +2.00.
        movement({
          ledgerTransactionId: 3,
          transactionClass: "PAYMENT",
          amount: -48_00 as Cents,
          balanceAfter: 149_50 as Cents,
          from: "Kiwi Supplies Ltd",
          to: "Tui Traders",
          split: { serviceFeeAmount: 0 as Cents, cashbackAmount: 2_00 as Cents },
        }),
        // A payment with no split is a plain payment, whatever else names it.
        movement({ ledgerTransactionId: 5, transactionClass: "PAYMENT", amount: -10_00 as Cents, balanceAfter: 139_50 as Cents, particulars: "Payment" }),
        movement({
          ledgerTransactionId: 4,
          transactionClass: "WITHDRAWAL",
          amount: -40_00 as Cents,
          balanceAfter: 99_50 as Cents,
          from: "Kiwi Supplies Ltd",
          to: "Payouts",
          particulars: "Withdrawal",
        }),
      ],
      new Map([
        [2, { invoiceId: 11, invoiceNumber: "INV-11", offerKind: "PURCHASER" as const, serviceFee: 2_50 as Cents, cashback: 2_00 as Cents }],
        [3, { invoiceId: 12, invoiceNumber: "B-12", offerKind: "SUPPLIER" as const, serviceFee: 5_00 as Cents, cashback: 2_00 as Cents }],
        [5, { invoiceId: 13, invoiceNumber: "B-13", offerKind: "PURCHASER" as const, serviceFee: 1_00 as Cents, cashback: 1_00 as Cents }],
      ])
    );
    expect(lines.map((line) => [line.lineNumber, line.recordType, line.description, line.fee, line.cashback, line.earlybirdFee, line.counterpartyName])).toEqual([
      [1, "TOPUP", "Top-up", null, null, null, "Bank transfer"],
      [2, "INVOICE", "Invoice INV-11 paid early by Harbour Foods Ltd", 2_50, null, 50, "Harbour Foods Ltd"],
      [3, "BILL", "Bill B-12 paid early to Tui Traders", null, 2_00, 3_00, "Tui Traders"],
      [4, "PAYMENT", "Payment", null, null, null, "Harbour Foods Ltd"],
      [5, "WITHDRAWAL", "Withdrawal", null, null, null, "Payouts"],
    ]);
    expect(statementTotals(lines)).toEqual({ moneyIn: 197_50, moneyOut: 98_00, fees: 2_50, cashback: 2_00 });
    const money = (cents: Cents) => formatMoney(cents, "en-NZ");
    expect(lines.map((line) => splitExplanation(line, money))).toEqual([
      null,
      "Your service fee $2.50 = Harbour Foods Ltd's cashback $2.00 + Earlybird's fee $0.50",
      "Tui Traders' discount $5.00 = your saving $2.00 + Earlybird's fee $3.00",
      null,
      null,
    ]);
  });

  it("explains a prompt payment to the supplier and an offer's payment to the purchaser, with the D2 numbers", () => {
    const money = (cents: Cents) => formatMoney(cents, "en-NZ");
    // A = $10.00 with SUCCESS_FEE_PERCENT 40: the purchaser saves s = $6.00 and Earlybird keeps $4.00.
    const invoice = { recordType: "INVOICE" as const, fee: 10_00 as Cents, cashback: null, earlybirdFee: 4_00 as Cents, counterpartyName: "Harbour Foods Ltd" };
    expect(splitExplanation({ ...invoice, offerKind: "SUPPLIER" }, money)).toBe("Your discount $10.00 = Harbour Foods Ltd's saving $6.00 + Earlybird's fee $4.00");
    const bill = { recordType: "BILL" as const, fee: null, cashback: 9_60 as Cents, earlybirdFee: 2_40 as Cents, counterpartyName: null };
    expect(splitExplanation({ ...bill, offerKind: "PURCHASER" }, money)).toBe("The supplier's service fee $12.00 = your cashback $9.60 + Earlybird's fee $2.40");
    expect(splitExplanation({ ...bill, recordType: "PAYMENT", offerKind: null }, money)).toBeNull();
  });
});

describe("the PDF writer", () => {
  it("writes a well-formed PDF whose cross-reference offsets point at its objects", () => {
    const pdf = renderPdf(
      [
        { texts: [{ x: 40, y: 800, text: "Statement (October) \\ 100% café … — ok", font: "bold" }], rules: [[40, 555, 790]] },
        { texts: [{ x: 555, y: 700, text: "$1,234.56", font: "mono", alignRight: true }] },
      ],
      { title: "Earlybird statement" }
    );
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(text).toContain("/Count 2");
    // Parentheses and backslashes escaped; é as its WinAnsi octal; the ellipsis and em dash as WinAnsi bytes.
    expect(text).toContain("(Statement \\(October\\) \\\\ 100% caf\\351 \\205 \\227 ok) Tj");
    // Right-aligned mono text starts at x − width (9 characters × 9 pt × 0.6).
    expect(text).toContain(`${(555 - 9 * 9 * 0.6).toFixed(2)} 700.00 Td ($1,234.56) Tj`);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets.length).toBeGreaterThan(5);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
    // Each content stream's /Length is its byte length.
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index! + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe("\nendstream");
    }
  });
});
