import { describe, expect, it } from "vitest";
import { centsToDecimal, formatMoney, parseDecimalToCents, roundHalfUpDivide } from "./money";

describe("money", () => {
  it("parses decimals to integer cents without floating point", () => {
    expect(parseDecimalToCents("1234.56")).toBe(123456);
    expect(parseDecimalToCents("0.1")).toBe(10);
    expect(parseDecimalToCents("12")).toBe(1200);
    expect(parseDecimalToCents("-0.07")).toBe(-7);
    expect(parseDecimalToCents("1,234.5")).toBe(123450);
    expect(parseDecimalToCents("99999999999.99")).toBe(9999999999999);
  });

  it("refuses more than two decimals and non-numbers", () => {
    expect(() => parseDecimalToCents("1.234")).toThrow();
    expect(() => parseDecimalToCents("abc")).toThrow();
    expect(() => parseDecimalToCents("")).toThrow();
    expect(() => parseDecimalToCents("100000000000.00")).toThrow();
  });

  it("writes cents back as NUMERIC text", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-1250)).toBe("-12.50");
    expect(() => centsToDecimal(1.5)).toThrow();
  });

  it("formats as $1,234.56", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-500)).toBe("-$5.00");
    expect(formatMoney(100000000)).toBe("$1,000,000.00");
    expect(formatMoney(123456, "en-AU")).toBe("$1,234.56");
  });

  it("rounds half up", () => {
    expect(roundHalfUpDivide(5n, 2n)).toBe(3n);
    expect(roundHalfUpDivide(4n, 3n)).toBe(1n);
    expect(roundHalfUpDivide(-5n, 2n)).toBe(-3n);
    expect(roundHalfUpDivide(149n, 100n)).toBe(1n);
    expect(roundHalfUpDivide(150n, 100n)).toBe(2n);
  });
});
