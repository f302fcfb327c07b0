import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";
import { todayIn } from "./dates";

describe("Intl formatters made once (issue 19)", () => {
  it("hands out the same formatter for the same locale and options, another for other options", () => {
    const a = dateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit" });
    expect(dateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit" })).toBe(a);
    expect(dateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit", day: "2-digit" })).not.toBe(a);
    expect(numberFormat("en-NZ", { maximumFractionDigits: 1 })).toBe(numberFormat("en-NZ", { maximumFractionDigits: 1 }));
    expect(numberFormat("en-NZ", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1,234.6");
  });

  it("todayIn builds no formatter of its own per call", () => {
    const built: unknown[] = [];
    const Original = Intl.DateTimeFormat;
    todayIn("NZ"); // the first call may build it
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Original>) {
      built.push(args);
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    try {
      expect(todayIn("NZ", new Date("2026-11-26T12:00:00Z"))).toBe("2026-11-27");
      expect(todayIn("AU", new Date("2026-11-26T12:00:00Z"))).toBe("2026-11-26");
      todayIn("AU");
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(built.length).toBeLessThanOrEqual(1); // AU's, the first time
  });
});
