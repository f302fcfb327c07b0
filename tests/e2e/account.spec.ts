import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { AU_USER, loginAs, PURCHASER } from "./helpers";

/**
 * /account (p1 §2 Account screen, §4 Account activation): activation of a company's PayID, and the transactions of a
 * funded company with their export. Screenshots at 1280 and 800 px go to /tmp/h-account-shots/ for a person to look at.
 */
const SHOTS = process.env.ACCOUNT_SHOTS_DIR ?? "/tmp/h-account-shots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("an AU company without a SYSTEM account activates its PayID", async ({ page }) => {
  await loginAs(page, AU_USER);
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

  await dialog.getByRole("button", { name: "Activate" }).click();
  await expect(dialog.getByText("Your Earlybird PayID is now active!")).toBeVisible();
  const payId = dialog.getByText(/^outback-coffee-pty-ltd\.\d+@payid\.earlybird\.com\.au$/);
  await expect(payId).toBeVisible();
  const issued = (await payId.textContent())!;
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

  // Activating again (a second tab, a resubmitted form) issues nothing new: the same PayID.
  await page.goto("/account/activate");
  await expect(page.getByRole("dialog", { name: "Activate Account" }).getByText(issued)).toBeVisible();
  await page.reload();
  await page.goto("/account");
  await expect(summary.getByTestId("system-account")).toHaveText(issued);
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
  // The demo seed: one pending top-up (EBHF0004), then the completed funding top-up and five early payments.
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText("Pending");
  await expect(rows.first()).toContainText("EBHF0004");
  await expect(rows.first()).toContainText("+$20,000.00");
  for (let i = 1; i < 7; i++) await expect(rows.nth(i)).toContainText("Completed");
  await expect(rows.last()).toContainText("EBHF0001");
  await expect(rows.last()).toContainText("+$250,000.00");
  await expect(table.getByText("To Kiwi Supplies Ltd").first()).toBeVisible();
  // The newest settled row's balance is the wallet's balance; Funds Available is it less the Cash Reserve.
  const newestBalance = (await rows.nth(1).locator("td").last().textContent())!.trim();
  await expect(summary.getByText(`Balance ${newestBalance} less Cash Reserve`)).toBeVisible();
  // 7 rows: no pagination bar (only above 10).
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
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
  expect(lines).toHaveLength(8);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Topup,Pending,Bank transfer,Harbour Foods Ltd,Awaiting your bank transfer,EBHF0004,20000\.00,$/);
  expect(lines[7]).toMatch(/,Topup,Completed,.*,EBHF0001,250000\.00,250000\.00$/);
  expect(lines.slice(2, 7).every((line) => /,Payment,Completed,Harbour Foods Ltd,Kiwi Supplies Ltd,/.test(line))).toBe(true);
});
