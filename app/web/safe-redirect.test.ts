import { describe, expect, it } from "vitest";
import { postLoginPath } from "./auth.server";
import { resolveSameOriginPath, safeRedirectPath } from "../lib/safe-redirect";

/** The payloads of issue 13 part 5, and their cousins: each resolves (as a browser would) to another host. */
const OFF_SITE = [
  "/x/..//evil.com",
  "/.//evil.com",
  "/./\\evil.com",
  "/..//evil.com",
  "/%2e%2e//evil.com",
  "/%2E%2E//evil.com",
  "/.%2e//evil.com",
  "/invoices/..//evil.com",
  "/invoices/../..//evil.com",
  "/invoices/%2e%2e//evil.com",
  "/%2e%2e/%2fevil.com",
  "/%2f%2fevil.com",
  "/%5c%5cevil.com",
  "//evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "https://evil.com/invoices",
  "javascript:alert(1)",
  "evil.com",
  "",
];

describe("resolveSameOriginPath", () => {
  it.each(OFF_SITE)("refuses %j", (value) => {
    expect(resolveSameOriginPath(value)).toBeNull();
  });

  it("keeps paths of this site, resolved", () => {
    expect(resolveSameOriginPath("/bills?tab=suppliers&page=2")).toBe("/bills?tab=suppliers&page=2");
    expect(resolveSameOriginPath("/invoices/../bills")).toBe("/bills");
    expect(resolveSameOriginPath("/invoices/./add")).toBe("/invoices/add");
    expect(resolveSameOriginPath("/%2e%2e/bills")).toBe("/bills");
    expect(resolveSameOriginPath("/settings#two-factor")).toBe("/settings");
    expect(resolveSameOriginPath("/")).toBe("/");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, {}, ["/bills"]]) expect(resolveSameOriginPath(value)).toBeNull();
    expect(safeRedirectPath(null, "/invoices")).toBe("/invoices");
    expect(resolveSameOriginPath(`/${"a".repeat(2000)}`)).toBeNull();
  });
});

describe("postLoginPath with next", () => {
  const user = { isAdmin: false, onboardingState: "ONBOARDED", verificationStatus: "VERIFIED", phoneNumber: "+64211234567" } as const;

  it.each(OFF_SITE)("goes home for next=%j", (next) => {
    expect(postLoginPath(user, new URLSearchParams({ next }))).toBe("/invoices");
    expect(postLoginPath({ ...user, isAdmin: true }, new URLSearchParams({ next }))).toBe("/");
  });

  it("follows a path of this site, with the other query parameters", () => {
    expect(postLoginPath(user, new URLSearchParams({ next: "/bills?tab=suppliers", invoiceId: "7" }))).toBe("/bills?tab=suppliers&invoiceId=7");
    expect(postLoginPath(user, new URLSearchParams({ next: "/invoices/../account" }))).toBe("/account");
  });
});
