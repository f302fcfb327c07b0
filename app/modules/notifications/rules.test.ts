import { describe, expect, it } from "vitest";
import { addressList, escapeLikePattern, formatMailboxTime, isLoopbackAddress, parseRelatedUserId, previewText, redactUrl } from "./rules";

describe("isLoopbackAddress", () => {
  it("accepts 127.0.0.0/8 and ::1, also IPv4-mapped", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1"]) expect(isLoopbackAddress(ip)).toBe(true);
  });
  it("refuses everything else", () => {
    for (const ip of ["10.0.0.1", "192.168.1.10", "::ffff:10.0.0.1", "fe80::1", "128.0.0.1", "", undefined, null, "127.0.0.1.evil"]) expect(isLoopbackAddress(ip)).toBe(false);
  });
});

describe("escapeLikePattern", () => {
  it("escapes the ILIKE wildcards and the escape character", () => {
    expect(escapeLikePattern("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
    expect(escapeLikePattern("pat@harbourfoods.test")).toBe("pat@harbourfoods.test");
  });
});

describe("redactUrl", () => {
  it("drops the user name and password", () => {
    expect(redactUrl("smtp://user:s3cret@mail.example.com:587")).toBe("smtp://mail.example.com:587");
    expect(redactUrl("smtps://apikey:x@smtp.example.com/?pool=true")).toBe("smtps://smtp.example.com");
    expect(redactUrl("not a url")).toBe("(invalid URL)");
  });
});

describe("previewText", () => {
  it("collapses whitespace and cuts long text", () => {
    expect(previewText("Hello,\n\n  world")).toBe("Hello, world");
    expect(previewText(null)).toBe("");
    expect(previewText("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("parseRelatedUserId", () => {
  it("reads a positive integer id and ignores anything else", () => {
    expect(parseRelatedUserId("42")).toBe(42);
    expect(parseRelatedUserId([" 7 "])).toBe(7);
    for (const value of ["0", "-1", "1.5", "abc", "99999999999", "", undefined, 3]) expect(parseRelatedUserId(value)).toBeNull();
  });
});

describe("addressList", () => {
  it("writes names without quotes, and bare addresses", () => {
    const value = [
      { value: [{ name: "Earlybird", address: "no-reply@earlybird.test" }], html: "", text: "" },
      { value: [{ name: "", address: "pat@harbourfoods.test" }], html: "", text: "" },
    ];
    expect(addressList(value)).toBe("Earlybird <no-reply@earlybird.test>, pat@harbourfoods.test");
    expect(addressList(undefined)).toBe("");
  });
});

describe("formatMailboxTime", () => {
  it("is DD MMM YYYY HH:MM:SS in New Zealand time", () => {
    // 22 Nov 2026 is daylight time in New Zealand (UTC+13).
    expect(formatMailboxTime(new Date("2026-11-22T02:04:05Z"))).toBe("22 Nov 2026 15:04:05");
    expect(formatMailboxTime(new Date("2026-06-30T23:00:00Z"))).toBe("01 Jul 2026 11:00:00");
  });
});
