import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AU_USER, loginAs, PURCHASER } from "./helpers";

/** The logged-in layout: menus by role, the user dropdown, the drawer below 960 px, 404s, logout. */

const CUSTOMER_MENU = ["Account", "Dashboard", "Invoices", "Bills", "Pending review", "Pending approval", "Variances", "Processing", "Blocked", "Unmatched"];
const ADMIN_MENU = ["Topups", "Bank Accounts", "Companies", "System", "Live Offers"];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function openUserMenu(page: Page, name: RegExp) {
  await page.getByRole("button", { name }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

function pathAndQuery(page: Page) {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

test("a purchaser sees the customer menu and no admin items", async ({ page }) => {
  await loginAs(page, PURCHASER);
  // A purchaser lands on Bills (issue 20 part 3).
  await expect(page).toHaveURL(/\/bills$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();
  await expect(page).toHaveTitle("Earlybird | Bills");

  const nav = mainNav(page);
  await expect(nav.getByRole("link")).toHaveText(CUSTOMER_MENU);
  await expect(nav.getByRole("link", { name: "Bills", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Invoices" })).not.toHaveAttribute("aria-current", "page");
  for (const item of ADMIN_MENU) await expect(page.getByRole("link", { name: item, exact: true })).toHaveCount(0);
  // The fixed sidebar replaces the drawer at 1280 px.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("link", { name: "Pay suppliers early and earn cashback" })).toHaveAttribute("href", "/bills");

  await nav.getByRole("link", { name: "Pending review" }).click();
  await expect(page).toHaveURL(/\/bills\/pending-review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pending review" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText(["Home", "Bills"]);
  await expect(nav.getByRole("link", { name: "Pending review" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("button", { name: "Upload bills" })).toBeVisible();
});

test("an admin lands on Topups with the admin menu, labelled Admin, without Get verified", async ({ page }) => {
  await loginAs(page, ADMIN);
  await expect.poll(() => pathAndQuery(page)).toBe("/");
  await expect(page.getByRole("heading", { level: 1, name: "Topups" })).toBeVisible();

  const nav = mainNav(page);
  // The spec's admin items, then the built-in mailbox that exists outside production.
  await expect(nav.getByRole("link")).toHaveText([...ADMIN_MENU, "Mailbox"]);
  await expect(nav.getByRole("link", { name: "Topups" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Invoices", exact: true })).toHaveCount(0);

  const menu = await openUserMenu(page, /Ada Admin/);
  await expect(menu.getByText("Admin", { exact: true })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Get verified" })).toHaveCount(0);
  await expect(menu.getByText("Verified", { exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Company pages send an admin back to the admin area.
  await page.goto("/invoices");
  await expect.poll(() => pathAndQuery(page)).toBe("/");
  await nav.getByRole("link", { name: "Companies" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
});

test("a user of a VERIFIED company sees the Verified badge and no Get verified", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const menu = await openUserMenu(page, /Pat Harbour/);
  await expect(menu).toContainText("Harbour Foods Ltd");
  await expect(menu.getByText("Verified", { exact: true })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Get verified" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(menu.getByText("Admin", { exact: true })).toHaveCount(0);
});

test("a PARTIALLY_VERIFIED company's user is offered Get verified", async ({ page }) => {
  await loginAs(page, AU_USER);
  const menu = await openUserMenu(page, /Alex Outback/);
  await expect(menu.getByText("Verified", { exact: true })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "Get verified" }).click();
  await expect.poll(() => pathAndQuery(page)).toBe("/verify?step=beneficial_owners&list=true");
  await expect(page.getByRole("heading", { level: 1, name: "Verify your account" })).toBeVisible();
});

test.describe("at 800 px wide", () => {
  test.use({ viewport: { width: 800, height: 800 } });

  test("the sidebar gives way to a drawer that closes on navigation and on Escape", async ({ page }) => {
    await loginAs(page, PURCHASER);
    // The purchaser lands on Bills (issue 20 part 3); the drawer is tried from Invoices, so Bills is a real navigation.
    await page.goto("/invoices");
    await expect(mainNav(page)).toBeHidden();
    const openMenu = page.getByRole("button", { name: "Open menu" });
    await expect(openMenu).toBeVisible();

    await openMenu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(CUSTOMER_MENU);
    await drawer.getByRole("link", { name: "Bills", exact: true }).click();
    await expect(page).toHaveURL(/\/bills$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();

    await openMenu.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Bills", exact: true })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(openMenu).toBeFocused();

    // Nothing spills sideways at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test("a non-admin asking for an admin page gets the 404 page", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const response = await page.goto("/companies");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go home" })).toHaveAttribute("href", "/");
  await expect(page.getByText("Companies are not built yet.")).toHaveCount(0);
});

test("an unknown path shows the not-found page with a link home", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go home" }).click();
  // Home for a logged-out visitor is the login page.
  await expect(page).toHaveURL(/\/login$/);
});

test("Logout in the dropdown ends the session", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const menu = await openUserMenu(page, /Pat Harbour/);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/bills");
  await expect.poll(() => pathAndQuery(page)).toBe("/login?next=%2Fbills");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("pages check their own parameters: company menus and settings tabs", async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto("/companies/1");
  await expect.poll(() => pathAndQuery(page)).toBe("/companies/1/summary");
  await expect(page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  const response = await page.goto("/companies/1/not-a-menu");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  await page.context().clearCookies();
  await loginAs(page, PURCHASER);
  await page.goto("/settings?tab=not-a-tab");
  await expect.poll(() => pathAndQuery(page)).toBe("/settings?tab=connected-apps");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Withdrawals" }).click();
  await expect.poll(() => pathAndQuery(page)).toBe("/settings?tab=withdrawals");
  await expect(page.getByRole("main").getByRole("heading", { name: "Withdrawal account" })).toBeVisible();
});

test("the pages link a favicon the server serves: no 404 in the browser (issue 13 part 23)", async ({ page }) => {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failed.push(`console: ${message.text()}`);
  });
  await page.goto("/login");
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", "/favicon.ico");
  const response = await page.request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  // An .ico file: reserved 0, type 1 (icon), then at least one image.
  const bytes = await response.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  await loginAs(page, PURCHASER);
  // The purchaser lands on Bills (issue 20 part 3).
  await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();
  // Chromium asks for the icon on its own; give it the time to.
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
});
