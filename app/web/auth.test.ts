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

describe("requireUser", () => {
  async function redirectOf(url: string, cookie?: string) {
    const { requireUser } = await import("./auth.server");
    const request = new Request(url, cookie ? { headers: { Cookie: cookie } } : undefined);
    const thrown = await requireUser(request).then(
      () => null,
      (response: unknown) => response as Response,
    );
    return thrown?.headers.get("Location") ?? null;
  }

  it("sends a logged-out visit to /login?next=<page>", async () => {
    expect(await redirectOf("http://x/bills?status=PAID")).toBe("/login?next=%2Fbills%3Fstatus%3DPAID");
  });

  it("does not round-trip landing links that carry invoiceId, invoiceType or token", async () => {
    expect(await redirectOf("http://x/invoices?token=abc&invoiceType=BILL&type=notify")).toBe("/login");
    expect(await redirectOf("http://x/invoices?invoiceId=12")).toBe("/login");
  });

  it("shows the connect-account error page instead of the login for a query with an error (p1 §2)", async () => {
    expect(await redirectOf("http://x/settings?tab=connected-apps&error=xero")).toBe("/connect-account-error?error=xero");
    expect(await redirectOf("http://x/invoices?error=other")).toBe("/connect-account-error?error=other");
  });

  it("treats an unknown session token like no session", async () => {
    expect(await redirectOf("http://x/bills", 'eb_session="bm9wZQ=="')).toBe("/login?next=%2Fbills");
  });
});
