import { describe, expect, it } from "vitest";
import { formatMoney, type Cents } from "../../lib/money";
import { getDocumentProxy } from "unpdf";
import { pdfPages } from "../../../tests/support/pdf-text";
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
  it("prints any Unicode text with embedded fonts, right-aligns figures at x, and puts each page's text on its page", async () => {
    const pdf = await renderPdf(
      [
        { texts: [{ x: 40, y: 800, text: "Tāmaki Makaurau (Whangārei) \\ café … — ok", font: "bold" }], rules: [[40, 555, 790]] },
        { texts: [{ x: 555, y: 700, text: "$1,234.56", font: "mono", alignRight: true }] },
      ],
      { title: "Earlybird statement Tāmaki" }
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = pdf.toString("latin1");
    expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
    // The fonts travel with the file (TrueType subsets), so no reader substitutes a Latin-1 font.
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/DejaVuSans-Bold/);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Tāmaki Makaurau (Whangārei) \\ café … — ok");
    expect(pages[0]).not.toContain("?");
    expect(pages[1]).toContain("$1,234.56");
  });

  it("right-aligned text ends at x whatever its width", async () => {
    const positions = async (text: string) => {
      const pdf = await renderPdf([{ texts: [{ x: 500, y: 700, text, font: "mono", alignRight: true }] }], { title: "t" });
      const document = await getDocumentProxy(new Uint8Array(pdf));
      const page = await document.getPage(1);
      const content = await page.getTextContent();
      const item = content.items.find((each) => "str" in each && each.str === text) as { transform: number[]; width: number };
      return { start: item.transform[4], end: item.transform[4] + item.width };
    };
    const short = await positions("$5.00");
    const long = await positions("$1,234,567.89");
    expect(long.start).toBeLessThan(short.start);
    expect(short.end).toBeCloseTo(500, 0);
    expect(long.end).toBeCloseTo(500, 0);
  });
});
