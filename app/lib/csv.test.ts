import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeCsvFormula } from "./csv";
import { stringifyCsv } from "./csv-writer.server";
import { parse } from "csv-parse/sync";

/** What a spreadsheet would take for a formula: after blanks or line breaks, one of = + - @ in any of their widths. */
const looksLikeFormula = (cell: string) => /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63]/.test(cell) && !/^-?\d+(?:\.\d+)?$/.test(cell);

describe("escapeCsvFormula (issue 13 part 12)", () => {
  it.each([
    "=1+1",
    " =1+1",
    "\n=1+1",
    "\r\n=HYPERLINK(\"http://evil\")",
    "\t=1",
    "＝1+1",
    " ＝1",
    "＋1",
    "－1",
    "＠A1",
    "﹦1",
    "+61 2 1234",
    "-2+3",
    "-cmd|' /C calc'!A0",
    "@SUM(A1)",
    "\u00a0=1",
  ])("escapes %j", (value) => expect(escapeCsvFormula(value)).toBe(`'${value}`));

  it.each(["Kiwi Supplies Ltd", "INV-1", "a=b", "", "  plain", "1+1", "-50.00", "1234.56", "0", "-5", "2026-11-05 14:03"])("leaves %j alone", (value) =>
    expect(escapeCsvFormula(value)).toBe(value)
  );

  it("never leaves a cell a spreadsheet would run, and is idempotent", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "＝", "＋", "－", "＠", " ", "\n", "\t", "\r", "1", ".", "a") })),
        (value) => {
          const cell = escapeCsvFormula(value);
          expect(looksLikeFormula(cell)).toBe(false);
          expect(escapeCsvFormula(cell)).toBe(cell);
          expect(cell === value || cell === `'${value}`).toBe(true);
        }
      ),
      { numRuns: 2_000 }
    );
  });
});

describe("the one CSV writer", () => {
  it("escapes every text cell it writes and keeps numbers as numbers", () => {
    const text = stringifyCsv([
      ["Reference", "Amount"],
      [" =1+1", "-50.00"],
      ["\n=1", "12.00"],
      ["＝SUM(A1)", "0"],
    ]);
    expect(parse(text)).toEqual([
      ["Reference", "Amount"],
      ["' =1+1", "-50.00"],
      ["'\n=1", "12.00"],
      ["'＝SUM(A1)", "0"],
    ]);
  });
});
