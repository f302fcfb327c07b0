import { describe, expect, it } from "vitest";
import { loginRedirectPath, postLoginPath } from "./auth.server";

describe("login redirects", () => {
  it("sends logged-out visitors to /login with the page as next", () => {
    expect(loginRedirectPath(new Request("http://x/bills"))).toBe("/login?next=%2Fbills");
    expect(loginRedirectPath(new Request("http://x/bills?tab=suppliers"))).toBe("/login?next=%2Fbills%3Ftab%3Dsuppliers");
    expect(loginRedirectPath(new Request("http://x/"))).toBe("/login");
  });

  it("after login goes to next with the other query parameters kept", () => {
    const user = { isAdmin: false };
    expect(postLoginPath(user, new URLSearchParams("next=/bills&tab=suppliers"))).toBe("/bills?tab=suppliers");
    expect(postLoginPath(user, new URLSearchParams("next=/bills?status=PAID&page=2"))).toBe("/bills?status=PAID&page=2");
  });

  it("otherwise lands admins on / and everyone else on /invoices", () => {
    expect(postLoginPath({ isAdmin: true }, new URLSearchParams())).toBe("/");
    expect(postLoginPath({ isAdmin: false }, new URLSearchParams())).toBe("/invoices");
  });

  it("never follows next off the site", () => {
    expect(postLoginPath({ isAdmin: false }, new URLSearchParams("next=//evil.test/x"))).toBe("/invoices");
    expect(postLoginPath({ isAdmin: false }, new URLSearchParams("next=https://evil.test"))).toBe("/invoices");
    expect(postLoginPath({ isAdmin: false }, new URLSearchParams("next=/\\evil.test"))).toBe("/invoices");
  });
});
