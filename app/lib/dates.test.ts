import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  csvDateTime,
  dateAndTimeIn,
  daysBetween,
  formatDate,
  HOME_TIME_ZONE,
  parseInputDate,
  startOfDayIn,
  TIME_ZONES,
  timeZoneOfLocale,
  todayIn,
  zoneOffsetMinutes,
} from "./dates";

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

describe("instants in a time zone", () => {
  it("has one table of zones, with Earlybird's own and the zone of a locale", () => {
    expect(TIME_ZONES).toEqual({ NZ: "Pacific/Auckland", AU: "Australia/Sydney" });
    expect(HOME_TIME_ZONE).toBe("Pacific/Auckland");
    expect(timeZoneOfLocale("en-NZ")).toBe("Pacific/Auckland");
    expect(timeZoneOfLocale("en-AU")).toBe("Australia/Sydney");
  });

  it("knows a zone's offset, daylight saving included", () => {
    expect(zoneOffsetMinutes(Date.parse("2026-01-15T00:00:00Z"), "Pacific/Auckland")).toBe(780);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T00:00:00Z"), "Pacific/Auckland")).toBe(720);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T00:00:00Z"), "Australia/Sydney")).toBe(600);
    expect(zoneOffsetMinutes(Date.parse("2026-07-15T00:00:00Z"), "UTC")).toBe(0);
  });

  it("finds the instant a local day starts, on either side of a clock change", () => {
    expect(startOfDayIn("2026-10-01", "Pacific/Auckland").toISOString()).toBe("2026-09-30T11:00:00.000Z");
    // NZ moves its clocks forward at 2 am on 27 Sep 2026: that day starts at +12, the next at +13.
    expect(startOfDayIn("2026-09-27", "Pacific/Auckland").toISOString()).toBe("2026-09-26T12:00:00.000Z");
    expect(startOfDayIn("2026-09-28", "Pacific/Auckland").toISOString()).toBe("2026-09-27T11:00:00.000Z");
    expect(startOfDayIn("2026-07-01", "Australia/Sydney").toISOString()).toBe("2026-06-30T14:00:00.000Z");
  });

  it("writes CSV date-times and DD MMM YYYY dates in the zone", () => {
    expect(csvDateTime("2026-11-05T01:03:00Z", "Pacific/Auckland")).toBe("2026-11-05 14:03");
    expect(csvDateTime("2026-11-05T13:30:00Z", "Australia/Sydney")).toBe("2026-11-06 00:30");
    expect(dateAndTimeIn("2026-11-22T02:04:05Z", "Pacific/Auckland")).toEqual({ date: "22 Nov 2026", time: "15:04", seconds: "05" });
    expect(dateAndTimeIn(new Date("2026-11-21T13:00:00Z"), "Australia/Sydney")).toEqual({ date: "22 Nov 2026", time: "00:00", seconds: "00" });
  });
});
