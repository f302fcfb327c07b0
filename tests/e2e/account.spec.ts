import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, PURCHASER } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * /account (p1 §2 Account screen, §4 Account activation): activation of a company's PayID, and the transactions of a
 * funded company with their export. Screenshots at 1280 and 800 px go to /tmp/h-account-shots/ for a person to look at.
 */
const SHOTS = process.env.ACCOUNT_SHOTS_DIR ?? "/tmp/h-account-shots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// The activation writes, so its AU company is the spec's own (tests/e2e/support/world.ts); the funded NZ company's
// account is only read, on the demo data (Harbour Foods).
let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({ companies: { outback: { name: "Outback Coffee Pty Ltd", country: "AU", verified: false, activated: false } } });
});
const loginAu = (page: Page) => loginAs(page, world.companies.outback.email, world.password);

test("an AU company without a SYSTEM account activates its PayID, once, with or without JavaScript", async ({ page, browser }) => {
  await loginAu(page);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Account summary" });
  await expect(summary.getByText("PayID", { exact: true })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Withdraw" })).toHaveCount(0);
  await expect(summary.getByRole("link", { name: "Topup" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Transactions" }).getByText("You have no transactions yet")).toBeVisible();
  await shoot(page, "account-inactive-1280");
  await page.setViewportSize({ width: 800, height: 800 });
  await shoot(page, "account-inactive-800");

  await summary.getByRole("link", { name: "Activate Account" }).click();
  await expect(page).toHaveURL(/\/account\/activate$/);
  const dialog = page.getByRole("dialog", { name: "Activate Account" });
  await expect(dialog.getByText(/We will issue an Earlybird PayID for your company/)).toBeVisible();
  await shoot(page, "activate-confirm-800");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "activate-confirm-1280");

  // Meanwhile a colleague (no JavaScript: plain forms) activates it first.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const plain = await other.newPage();
  await loginAu(plain);
  await plain.goto("/account/activate");
  await plain.getByRole("dialog", { name: "Activate Account" }).getByRole("button", { name: "Activate" }).click();
  await expect(plain.getByText("Your Earlybird PayID is now active!")).toBeVisible();
  const plainPayId = plain.getByRole("dialog").getByText(new RegExp(`^outback-coffee-pty-ltd-[0-9a-f]{6}\\.${world.companies.outback.id}@payid\\.earlybird\\.com\\.au$`));
  await expect(plainPayId).toBeVisible();
  const issued = (await plainPayId.textContent())!;
  await other.close();

  // The dialog still open here activates again: the same PayID, nothing new issued.
  await dialog.getByRole("button", { name: "Activate" }).click();
  await expect(dialog.getByText("Your Earlybird PayID is now active!")).toBeVisible();
  await expect(dialog.getByText(issued, { exact: true })).toBeVisible();
  await shoot(page, "activate-success-1280");
  await page.setViewportSize({ width: 800, height: 800 });
  await shoot(page, "activate-success-800");
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(summary.getByTestId("system-account")).toHaveText(issued);
  await expect(summary.getByRole("link", { name: "Activate Account" })).toHaveCount(0);
  await expect(summary.getByRole("link", { name: "Withdraw" })).toHaveAttribute("href", "/account/withdraw");
  await expect(summary.getByRole("link", { name: "Topup" })).toHaveAttribute("href", "/account/topup");
  await shoot(page, "account-active-au-1280");

  // The dialog's URL, visited again, shows the active account rather than offering to activate it.
  await page.goto("/account/activate");
  await expect(page.getByRole("dialog", { name: "Activate Account" }).getByText(issued)).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate" })).toHaveCount(0);
});

test("a funded NZ company sees its account and transactions, pending first, and exports them", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/account");
  const summary = page.getByRole("region", { name: "Account summary" });
  await expect(summary.getByText("Working capital account")).toBeVisible();
  await expect(summary.getByTestId("system-account")).toHaveText("02-0100-0456789-001");
  await expect(summary.getByText("$150,000.00")).toBeVisible();

  const table = page.getByRole("table", { name: "Transactions" });
  const rows = table.locator("tbody tr");
  // The demo seed: a pending top-up (EBHF0004), then the completed funding top-up (EBHF0001) and five early payments
  // (four through the offer, one by Pay Now).
  // Other specs may add rows to this shared server's data, so the checks are on order and content, not counts.
  await expect(rows.filter({ hasText: "EBHF0004" })).toContainText("Pending");
  await expect(rows.filter({ hasText: "EBHF0004" })).toContainText("+$20,000.00");
  const statuses = await rows.locator("td:nth-child(4)").allTextContents();
  const firstCompleted = statuses.indexOf("Completed");
  expect(firstCompleted).toBeGreaterThan(0);
  expect(statuses.slice(0, firstCompleted).every((status) => status === "Pending")).toBe(true);
  expect(statuses.slice(firstCompleted).every((status) => status === "Completed")).toBe(true);
  await expect(table.getByText("To Kiwi Supplies Ltd").first()).toBeVisible();
  // The newest settled row's balance is the wallet's balance; Funds Available is it less the Cash Reserve.
  const newestBalance = (await rows.nth(firstCompleted).locator("td").last().textContent())!.trim();
  await expect(summary.getByText(`Balance ${newestBalance} less Cash Reserve`)).toBeVisible();
  await shoot(page, "account-transactions-1280");
  await page.setViewportSize({ width: 800, height: 800 });
  await shoot(page, "account-transactions-800");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("transactions.csv");
  const lines = fs
    .readFileSync((await file.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Date,Type,Status,From,To,Particulars,Reference,Amount,Balance");
  const data = lines.slice(1);
  expect(data.find((line) => line.includes(",EBHF0004,"))).toMatch(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Topup,Pending,Bank transfer,Harbour Foods Ltd,Awaiting your bank transfer,EBHF0004,20000\.00,$/
  );
  // Oldest last: the funding top-up, with the balance it left.
  expect(data[data.length - 1]).toMatch(/,Topup,Completed,Bank transfer,Harbour Foods Ltd,Top-up EBHF0001,EBHF0001,250000\.00,250000\.00$/);
  // The demo's early payments: four through the offer (Get Paid) and one by Pay Now (a prompt payment).
  expect(data.filter((line) => /,Payment,Completed,Harbour Foods Ltd,Kiwi Supplies Ltd,(Early|Prompt) payment of /.test(line))).toHaveLength(5);
  const pendingLast = data.map((line) => line.split(",")[2]).lastIndexOf("Pending");
  expect(data.slice(0, pendingLast + 1).every((line) => line.split(",")[2] === "Pending")).toBe(true);
  // The table shows the same number of rows as the file up to a page; the pager only above 10 rows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(rows).toHaveCount(Math.min(data.length, 25));
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(data.length > 10 ? 1 : 0);
});
