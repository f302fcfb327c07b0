import { describe, expect, it } from "vitest";
import { isCrossSite } from "./http-security.server";

describe("cross-site form post protection", () => {
  const host = "localhost:3000";
  it("lets same-origin posts and all reads through", () => {
    expect(isCrossSite({ method: "POST", host, origin: "http://localhost:3000" })).toBe(false);
    expect(isCrossSite({ method: "GET", host, origin: "http://evil.test" })).toBe(false);
    expect(isCrossSite({ method: "POST", host, secFetchSite: "same-origin", origin: "http://localhost:3000" })).toBe(false);
  });

  it("refuses posts from another origin, an opaque origin, or a cross-site fetch", () => {
    expect(isCrossSite({ method: "POST", host, origin: "http://evil.test" })).toBe(true);
    expect(isCrossSite({ method: "DELETE", host, referer: "http://evil.test/form" })).toBe(true);
    expect(isCrossSite({ method: "POST", host, origin: "null" })).toBe(true);
    expect(isCrossSite({ method: "POST", host, secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSite({ method: "PATCH", host, secFetchSite: "same-site", origin: "http://sub.localhost:3000" })).toBe(true);
  });
});
