/**
 * Issue 13's security findings, as a browser (or an attacker's HTTP client) meets them: the login redirect stays on the
 * site (part 5), e-mailed links ignore a forged Host (part 6), pages and data are never cached (part 13), the mailbox
 * is for this machine only (part 15), an empty login says both messages (part 16), and /verify can be left (part 18).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createCompanyUser, readMail } from "./account-support";
import { DEMO_PASSWORD, loginAs, PURCHASER } from "./helpers";

const JAMIE = "jamie@mudflat.test";
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/h-security-shots";

/** Screenshots for a person to look at: 1280, 1024 and 390 px wide. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page shot of a scrolled page repeats the sticky header halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("the login redirect stays on this site (part 5)", () => {
  const PAYLOADS = ["/x/..//evil.com", "/.//evil.com", "/./\\evil.com", "/..//evil.com", "/%2e%2e//evil.com", "/invoices/..//evil.com"];

  for (const next of PAYLOADS) {
    // The purchaser's home: Bills (issue 20 part 3).
    test(`next=${next} lands on the purchaser's home`, async ({ playwright }) => {
      const api = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}` });
      const posted = await api.post(`/login?next=${encodeURIComponent(next)}`, { form: { email: PURCHASER, password: DEMO_PASSWORD }, maxRedirects: 0 });
      expect(posted.status()).toBe(302);
      expect(posted.headers()["location"]).toBe("/bills");
      // Logged in already, the login page sends the user on the same way.
      const again = await api.get(`/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
      expect(again.status()).toBe(302);
      expect(again.headers()["location"]).toBe("/bills");
      await api.dispose();
    });
  }

  test("a path of this site is still followed", async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}` });
    const posted = await api.post(`/login?next=${encodeURIComponent("/bills?tab=suppliers")}`, { form: { email: PURCHASER, password: DEMO_PASSWORD }, maxRedirects: 0 });
    expect(posted.headers()["location"]).toBe("/bills?tab=suppliers");
    await api.dispose();
  });
});

test("a reset link e-mailed after a request with a forged Host points at this site (part 6)", async ({ playwright, browser }) => {
  const email = await createCompanyUser("Forged#Host2026");
  const api = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}` });
  const response = await api.post("/forgot-password", {
    form: { email },
    headers: { Host: "attacker.example", "X-Forwarded-Host": "attacker.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  await api.dispose();
  const mail = await readMail(browser, email, "Reset your Earlybird password");
  expect(mail).toContain(`http://localhost:${PORT}/resetpassword?token=`);
  expect(mail).not.toContain("attacker.example");
});

test("logged-in pages and their data requests are private and never stored (part 13)", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, PURCHASER);
  for (const url of ["/invoices", "/bills", "/account", "/settings?tab=password", "/bills?tab=suppliers"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    expect(response?.headers()["cache-control"], url).toBe("private, no-store");
  }
  for (const url of ["/invoices?_data=routes/_app.invoices", "/account?_data=routes/_app.account", "/bills?_data=root", "/settings?tab=password&_data=routes/_app.settings"]) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toContain("application/json");
    expect(response.headers()["cache-control"], url).toBe("private, no-store");
  }
});

test("screens: the Log out page and the two-factor card's password (parts 8 and 13)", async ({ page }) => {
  test.setTimeout(90_000);
  const password = "Screens#Shot2026";
  const email = await createCompanyUser(password);
  await loginAs(page, email, password);
  await page.goto("/settings?tab=password");
  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor.getByText("Current password is required")).toBeVisible();
  await shoot(page, "settings-mfa-password");
  await page.goto("/logout");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await shoot(page, "logout-page");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the mailbox refuses a visitor from another machine (part 15)", async ({ playwright }) => {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
  test.skip(!address, "this machine has no non-loopback address to come from");
  const api = await playwright.request.newContext({ baseURL: `http://${address}:${PORT}` });
  const response = await api.get("/mailbox");
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("To show it to other machines, start the server with MAILBOX_PUBLIC=true.");
  // The login page seen from there does not link it; from this machine it does.
  const login = await api.get("/login");
  expect(await login.text()).not.toContain('href="/mailbox"');
  await api.dispose();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an empty login (part 16), JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("shows both messages, each on its field", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("button", { name: "Log in" }).click();
      const email = page.getByLabel("Email");
      const password = page.getByLabel("Password");
      await expect(page.getByText("Please enter your email address")).toBeVisible();
      await expect(page.getByText("Please enter your password")).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription("Please enter your email address");
      await expect(password).toHaveAccessibleDescription("Please enter your password");
      if (javaScriptEnabled) await shoot(page, "login-empty");
    });
  });
}

test.describe("/verify can be left (part 18)", () => {
  test("jamie leaves with the close icon, comes back, says later, and logs out from the user menu", async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, JAMIE);
    await expect(page).toHaveURL(/\/verify\?step=user_details$/);
    await expect(page.getByRole("heading", { name: "Verify your account" })).toBeVisible();
    await shoot(page, "verify-header");

    // The close icon leads into the app, and the app lets Jamie stay (no loop back to /verify).
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await page.goto("/bills");
    await expect(page).toHaveURL(/\/bills$/);

    // Back to verification from the user menu; "I'll do this later" opens the get-verified prompt over the invoices.
    await page.getByRole("button", { name: /Jamie Mudflat/ }).click();
    await page.getByRole("menuitem", { name: "Get verified" }).click();
    await expect(page).toHaveURL(/\/verify\?step=beneficial_owners&list=true$/);
    await page.getByRole("link", { name: "I'll do this later" }).click();
    await expect(page).toHaveURL(/\/invoices\/get-verified$/);
    const prompt = page.getByRole("dialog", { name: "Let's get verified" });
    await expect(prompt).toBeVisible();
    await shoot(page, "verify-later-prompt");
    await prompt.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/invoices$/);

    // The user menu on /verify logs out.
    await page.goto("/verify");
    await expect(page).toHaveURL(/\/verify\?step=user_details$/);
    await page.getByRole("button", { name: /Jamie Mudflat/ }).click();
    await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
    await shoot(page, "verify-user-menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/verify");
    await expect(page).toHaveURL(/\/login\?next=%2Fverify$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the header's Logout posts a form", async ({ page }) => {
      await loginAs(page, JAMIE);
      await expect(page).toHaveURL(/\/verify\?step=user_details$/);
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
});
