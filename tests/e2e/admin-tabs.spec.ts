import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, shootWidths } from "./helpers";

/**
 * The admin company tabs and Live Offers (issue 20 part 1; p3 §2.3, §2.4, §5 New contact, §7.3, §8; decision 062), on
 * the seeded Harbour Foods (a purchaser with a live offer and a funded wallet): the company's name in the breadcrumb;
 * Offers; Contacts with the spec's messages, a new contact invited by e-mail (read on the built-in mailbox) and
 * 'Contact added'; Transactions with export and Create topup (the top-up shows pending); Activity records the contact;
 * Live Offers links the offer to its company. Screenshots at 1280, 1024 and 390 px with SCREENSHOTS_DIR set.
 */
const SHOTS = process.env.SCREENSHOTS_DIR ?? null;
const COMPANY = "Harbour Foods Ltd";
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

async function openCompanyTab(page: Page, tab: string) {
  await page.goto("/companies?companyName=harbour");
  await page.getByRole("table", { name: "Companies" }).getByRole("link", { name: COMPANY }).click();
  await page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: tab, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/\\d+/${tab.toLowerCase()}`));
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Companies" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: COMPANY })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Company", exact: true })).toHaveCount(0);
}

test("Offers shows the company's live purchaser offer and its bills; Live Offers links it", async ({ page }) => {
  await loginAs(page, ADMIN);
  await openCompanyTab(page, "Offers");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Purchaser offer" })).toBeVisible();
  await expect(main.getByText("Cash pool")).toBeVisible();
  await expect(main.getByText(/% p\.a\./)).toBeVisible();
  await expect(main.getByRole("table", { name: "Supplier offers" })).toBeVisible();
  const invoices = main.getByRole("table", { name: "Invoices" });
  await expect(invoices.getByRole("row").nth(1)).toContainText("Bill");
  // Statuses come from the one label table (StatusBadge): a label, never the stored value.
  const status = invoices.getByRole("row").nth(1).getByRole("cell").nth(4);
  await expect(status.locator('[data-status-kind="bill"]')).toBeVisible();
  await expect(status).not.toContainText("_");
  await expect(status).not.toContainText("Not Set");
  await expect(main.locator('[data-status-kind="offer"]').first()).toHaveText("Active");
  await expect(main.getByText(/not built yet|coming soon/i)).toHaveCount(0);
  await shootWidths(page, SHOTS, "admin-offers");

  await page.goto("/live-offers");
  await expect(page.getByRole("heading", { level: 1, name: "Live Offers" })).toBeVisible();
  const live = page.getByRole("table", { name: "Live offers" });
  const row = live.getByRole("row").filter({ hasText: COMPANY });
  await expect(row).toContainText("$");
  await expect(row).toContainText("%");
  await shootWidths(page, SHOTS, "live-offers");
  await row.getByRole("link", { name: COMPANY }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/offers$/);
  await expect(page.getByRole("heading", { level: 1, name: COMPANY })).toBeVisible();
});

test("Contacts: the spec's messages, then a new contact is added, invited by e-mail and shown in Activity", async ({ page }) => {
  await loginAs(page, ADMIN);
  await openCompanyTab(page, "Contacts");
  const main = page.getByRole("main");
  await expect(main.getByRole("table", { name: "Contacts" })).toBeVisible();
  const form = main.getByRole("form", { name: "New contact" });
  await expect(form.getByText("+64")).toBeVisible();
  await form.getByRole("button", { name: "Add contact" }).click();
  await expect(form.getByText("First name is required")).toBeVisible();
  await expect(form.getByText("Email is required")).toBeVisible();
  await form.getByLabel(/First name/).fill("Riley");
  await form.getByLabel(/Email/).fill("riley-at-example");
  await form.getByRole("button", { name: "Add contact" }).click();
  await expect(form.getByText("Email is not in valid format")).toBeVisible();
  await expect(form.getByLabel(/First name/)).toHaveValue("Riley");

  const email = `riley-${run}@harbourfoods.test`;
  await form.getByLabel(/Last name/).fill("Tane");
  await form.getByLabel(/Email/).fill(email);
  await form.getByLabel(/Phone/).fill("021 555 0101");
  await form.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText("Contact added")).toBeVisible();
  const row = main.getByRole("table", { name: "Contacts" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Riley Tane");
  await expect(row).toContainText("+64215550101");
  await expect(row).toContainText("Invited");
  await shootWidths(page, SHOTS, "admin-contacts");

  await page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "Activity" }).click();
  const activity = page.getByRole("table", { name: "Activity" });
  await expect(activity.getByRole("row").nth(1)).toContainText("Contact added");
  await expect(activity.getByRole("row").nth(1)).toContainText(ADMIN);
  await shootWidths(page, SHOTS, "admin-activity");

  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  const messages = page.getByRole("table", { name: "Messages" });
  await expect(messages.getByRole("row").nth(1)).toContainText(`You have been added to ${COMPANY} on Earlybird`);
});

test("Transactions: the company's list with Export, and Create topup adds a pending top-up", async ({ page }) => {
  await loginAs(page, ADMIN);
  await openCompanyTab(page, "Transactions");
  const main = page.getByRole("main");
  await expect(main.getByText("Funds Available")).toBeVisible();
  const table = main.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const exportLink = main.getByRole("link", { name: "Export" });
  if (await exportLink.count()) {
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toBe("transactions.csv");
  }
  await shootWidths(page, SHOTS, "admin-transactions");

  await main.getByRole("link", { name: "Create topup" }).click();
  const dialog = page.getByRole("dialog", { name: "Create topup" });
  await expect(dialog.getByText(/Funds Available: \$/)).toBeVisible();
  await expect(dialog.getByLabel(/Topup amount/)).toBeFocused();
  await dialog.getByRole("button", { name: "Create topup" }).click();
  await expect(dialog.getByText("Topup amount cannot be 0. Please enter a higher amount.")).toBeVisible();
  await dialog.getByLabel(/Topup amount/).fill("432.10");
  await dialog.getByRole("button", { name: "Create topup" }).click();
  await expect(page.getByText(/Topup created: \$432\.10, payment reference EB/)).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "$432.10" }).first()).toContainText("Pending");
});
