import { describe, expect, it } from "vitest";
import { addMonthsTo, automaticPercent, dueWeeks, lastMonths, monthBars, monthDays, monthLabel, summaryRangeError } from "./rules";

describe("dashboard rules", () => {
  it("counts months across year ends", () => {
    expect(addMonthsTo("2026-11", -11)).toBe("2025-12");
    expect(addMonthsTo("2026-01", -1)).toBe("2025-12");
    expect(addMonthsTo("2026-12", 1)).toBe("2027-01");
    expect(lastMonths("2026-02-28", 6)).toEqual(["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(lastMonths("2026-11-01", 12)).toHaveLength(12);
    expect(lastMonths("2026-11-01", 12)[0]).toBe("2025-12");
    expect(monthDays("2026-12")).toEqual({ from: "2026-12-01", toExclusive: "2027-01-01" });
  });

  it("labels months like 'Nov 2026'", () => {
    expect(monthLabel("2026-11")).toBe("Nov 2026");
    expect(monthLabel("2027-01")).toBe("Jan 2027");
  });

  it("rounds the automatic percent half up, 0 without bills", () => {
    expect(automaticPercent(0, 0)).toBe(0);
    expect(automaticPercent(2, 3)).toBe(67);
    expect(automaticPercent(1, 3)).toBe(33);
    expect(automaticPercent(1, 8)).toBe(13);
    expect(automaticPercent(1, 200)).toBe(1);
    expect(automaticPercent(5, 5)).toBe(100);
  });

  it("fills months without bills with zeros", () => {
    const bars = monthBars(["2026-10", "2026-11"], new Map([["2026-11", { automatic: 3, manual: 1 }]]));
    expect(bars).toEqual([
      { month: "2026-10", label: "Oct 2026", automatic: 0, manual: 0, total: 0, automaticPercent: 0 },
      { month: "2026-11", label: "Nov 2026", automatic: 3, manual: 1, total: 4, automaticPercent: 75 },
    ]);
  });

  it("rolls due weeks from today", () => {
    const weeks = dueWeeks("2026-11-27", 8);
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ weekStart: "2026-11-27", weekEnd: "2026-12-03" });
    expect(weeks[7]).toEqual({ weekStart: "2027-01-15", weekEnd: "2027-01-21" });
  });

  it("checks the summary's range", () => {
    expect(summaryRangeError("2026-11-01", "2026-11-30")).toBeNull();
    expect(summaryRangeError("2026-11-01", "2026-11-01")).toBeNull();
    expect(summaryRangeError("2026-02-31", "2026-03-01")).toBe("fromDate must be a date (YYYY-MM-DD)");
    expect(summaryRangeError("2026-11-01", "soon")).toBe("toDate must be a date (YYYY-MM-DD)");
    expect(summaryRangeError("2026-11-02", "2026-11-01")).toBe("fromDate must not be after toDate");
  });
});
