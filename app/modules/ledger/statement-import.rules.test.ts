import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBankStatementCsv, parseStatementAmount, STATEMENT_MESSAGES } from "./statement-import.rules";

describe("parseStatementAmount", () => {
  it("reads deposits and debits in cents", () => {
    expect(parseStatementAmount("1234.56")).toBe(123_456);
    expect(parseStatementAmount("$1,234.5")).toBe(123_450);
    expect(parseStatementAmount("+20")).toBe(2_000);
    expect(parseStatementAmount("-12.50")).toBe(-1_250);
    expect(parseStatementAmount("(12.50)")).toBe(-1_250);
    expect(parseStatementAmount("0")).toBe(0);
  });

  it("refuses anything else", () => {
    for (const text of ["", "abc", "1.234", "12,3.4.5", "--1"]) expect(parseStatementAmount(text)).toBeNull();
  });
});

describe("parseBankStatementCsv", () => {
  it("reads the sample in fixtures/", () => {
    const content = fs.readFileSync(path.resolve("fixtures/bank-statement-sample.csv"), "utf8");
    const parsed = parseBankStatementCsv(content);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lines.length).toBeGreaterThanOrEqual(4);
    expect(parsed.lines[0]).toMatchObject({ lineIndex: 0, fileLine: 2, transactionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(parsed.lines.some((line) => line.amount < 0)).toBe(true);
  });

  it("accepts header names in any case and order, optional columns, DD/MM/YYYY dates and blank lines", () => {
    const parsed = parseBankStatementCsv(
      "\uFEFFreference,AMOUNT,other party,date,Particulars,Code,Transaction ID,Balance\nEB23456789,100.00,Harbour Foods,5/11/2026,Topup,HF,T-1,900\n\n,-5.00,Bank fee,2026-11-06,,,T-2,895\n"
    );
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          lineIndex: 0,
          fileLine: 2,
          transactionDate: "2026-11-05",
          amount: 10_000,
          reference: "EB23456789",
          particulars: "Topup",
          code: "HF",
          otherParty: "Harbour Foods",
          bankTransactionId: "T-1",
        },
        {
          lineIndex: 1,
          fileLine: 3,
          transactionDate: "2026-11-06",
          amount: -500,
          reference: null,
          particulars: null,
          code: null,
          otherParty: "Bank fee",
          bankTransactionId: "T-2",
        },
      ],
    });
  });

  it("refuses a file without the needed columns, without transactions, or with bad lines (all listed)", () => {
    expect(parseBankStatementCsv("Date,Reference\n2026-11-05,X\n")).toEqual({ ok: false, errors: [STATEMENT_MESSAGES.header] });
    expect(parseBankStatementCsv("Date,Amount,Reference\n")).toEqual({ ok: false, errors: [STATEMENT_MESSAGES.empty] });
    expect(parseBankStatementCsv("")).toEqual({ ok: false, errors: [STATEMENT_MESSAGES.empty] });
    expect(parseBankStatementCsv('Date,Amount,Reference\n"2026-11-05,1\n')).toEqual({ ok: false, errors: [STATEMENT_MESSAGES.unreadable] });
    expect(parseBankStatementCsv("Date,Amount,Reference\n31/02/2026,10,X\n2026-11-05,ten,Y\n2026-11-05,0,Z\n")).toEqual({
      ok: false,
      errors: [STATEMENT_MESSAGES.lineDate(2), STATEMENT_MESSAGES.lineAmount(3), STATEMENT_MESSAGES.lineZero(4)],
    });
  });

  it("lists at most 10 problems", () => {
    const rows = Array.from({ length: 15 }, () => "bad,1,X").join("\n");
    const parsed = parseBankStatementCsv(`Date,Amount,Reference\n${rows}\n`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(11);
    expect(parsed.errors.at(-1)).toBe("and 5 more");
  });
});
