import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysBetween, formatDate, parseInputDate, todayIn } from "./dates";

describe("dates", () => {
  it("takes today in the company's time zone", () => {
    // 2026-11-22 11:30 UTC is already 23 Nov in Auckland (UTC+13 in summer) and 22 Nov 22:30 in Sydney (UTC+11).
    const at = new Date("2026-11-22T11:30:00Z");
    expect(todayIn("NZ", at)).toBe("2026-11-23");
    expect(todayIn("AU", at)).toBe("2026-11-22");
  });

  it("formats DD MMM YYYY", () => {
    expect(formatDate("2026-03-05")).toBe("05 Mar 2026");
    expect(formatDate(null)).toBe("");
  });

  it("parses YYYY-M-D and D/M/YYYY and rejects impossible dates", () => {
    expect(parseInputDate("2026-2-3")).toBe("2026-02-03");
    expect(parseInputDate("3/2/2026")).toBe("2026-02-03");
    expect(parseInputDate("31/2/2026")).toBe("");
    expect(parseInputDate("hello")).toBe("");
  });

  it("does calendar arithmetic", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-11-22", "2026-12-22")).toBe(30);
  });
});
