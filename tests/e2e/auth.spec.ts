import { expect, test } from "@playwright/test";
import { ADMIN, AU_USER, DEMO_PASSWORD, loginAs, logOut, PURCHASER, SUPPLIER } from "./helpers";

test.describe("login", () => {
  test("shows the demo logins outside production", async ({ page }) => {
    await page.goto("/login");
    const demo = page.getByRole("list", { name: "Demo logins" });
    for (const email of [ADMIN, PURCHASER, SUPPLIER, AU_USER]) await expect(demo).toContainText(email);
    await expect(page.getByRole("link", { name: "Got an invite code?" })).toHaveAttribute("href", "/signup");
  });

  for (const [email, landing] of [
    [ADMIN, "/"],
    // Purchasers (companies with bills to pay) land on Bills, suppliers on Invoices (issue 20 part 3).
    [PURCHASER, "/bills"],
    [SUPPLIER, "/invoices"],
    [AU_USER, "/bills"],
  ] as const) {
    test(`${email} lands on ${landing}`, async ({ page }) => {
      await loginAs(page, email);
      await expect(page).toHaveURL(new RegExp(`^http://[^/]+${landing === "/" ? "/$" : landing}`));
    });
  }

  test("a wrong password shows the spec's message and stays on /login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(PURCHASER);
    await page.getByLabel("Password").fill("Not#TheRight1");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error logging in. Check your credentials.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an empty email and a malformed email show their messages on the field", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    const email = page.getByLabel("Email");
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("pat-at-harbourfoods");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please enter your email address")).toHaveCount(0);
  });

  test("an empty password shows its message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(PURCHASER);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please enter your password")).toBeVisible();
  });

  test("a logged-out visit to /bills goes to /login?next=%2Fbills and back after login", async ({ page }) => {
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/login\?next=%2Fbills$/);
    await page.getByLabel("Email").fill(PURCHASER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/bills$/);
  });

  test("keeps the other query parameters of next", async ({ page }) => {
    await page.goto("/bills?tab=suppliers");
    await expect(page).toHaveURL(/\/login\?next=%2Fbills%3Ftab%3Dsuppliers$/);
    await page.getByLabel("Email").fill(PURCHASER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/bills\?tab=suppliers$/);
  });

  test("a logged-in user visiting /login goes to their landing page", async ({ page }) => {
    await loginAs(page, SUPPLIER);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/invoices$/);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill("");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await page.getByLabel("Email").fill(PURCHASER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    // A purchaser lands on Bills (issue 20 part 3).
    await expect(page).toHaveURL(/\/bills$/);
    await context.close();
  });
});

test.describe("logout", () => {
  test("/logout ends the session only by POST: a GET shows a Log out button (issue 13 part 13)", async ({ page }) => {
    await loginAs(page, PURCHASER);
    // A GET (a link, an image or a prefetch on another site) ends nothing.
    await page.goto("/logout");
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log out" })).toBeVisible();
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/bills/);
    await logOut(page);
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/login\?next=%2Fbills$/);
  });

  test("a cookie of a revoked session is told the session expired", async ({ page, context }) => {
    await loginAs(page, PURCHASER);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "eb_session");
    expect(session).toBeTruthy();
    await logOut(page);
    // Replay the old cookie, as a second tab would after the session ended.
    await context.addCookies([{ ...session! }]);
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/login\?next=%2Fbills$/);
    await expect(page.getByText("Your session has expired. Please login again.")).toBeVisible();
  });
});

test.describe("session cookie and cross-site posts", () => {
  test("the session cookie is httpOnly and SameSite=Lax", async ({ page, context }) => {
    await loginAs(page, PURCHASER);
    const session = (await context.cookies()).find((c) => c.name === "eb_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("a form post from another site is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "http://evil.example" },
      form: { email: PURCHASER, password: DEMO_PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});
