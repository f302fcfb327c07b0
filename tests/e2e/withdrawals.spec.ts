import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { runWithdrawalsJob } from "./bank-jobs-support";
import { ADMIN, loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Withdrawals end to end (issue 4): the three steps, the bank file job and the admin's download; the admin's switch and
 * withdrawal on behalf of a company; the not-verified and non-admin refusals; the steps without JavaScript. Money moves,
 * so the companies are the spec's own (tests/e2e/support/world.ts), not the demo personas: each test that withdraws
 * has a company of its own, so none waits on another's pending withdrawal.
 */

const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      withdrawer: { name: "Withdraw Foods", funds: 500_000, bankAccount: { name: "Withdraw Operating", number: "1202330123456000" } },
      onBehalf: { name: "Behalf Supplies", funds: 100_000, bankAccount: { name: "Behalf Payouts", number: "1202330123456111" } },
      plainForms: { name: "Plain Forms Co", funds: 100_000, bankAccount: { name: "Plain Operating", number: "1202330123456222" } },
      unverified: { name: "Unverified Coffee", country: "AU", verified: false },
    },
  });
});
const login = (page: Page, key: string) => loginAs(page, world.companies[key].email, world.password);

const dialog = (page: Page) => page.getByRole("dialog");

test("a company with funds withdraws in three steps; after the job runs an admin downloads the bank file", async ({ page, browser }) => {
  // Two logins, the bank file job run with the CLI (a process start) and a download: more than 30 s on a busy machine.
  test.setTimeout(90_000);
  await login(page, "withdrawer");
  await page.goto("/account");
  await page.getByRole("link", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/account\/withdraw$/);
  await expect(dialog(page).getByRole("heading", { name: "Withdraw Funds" })).toBeVisible();
  await expect(dialog(page)).toContainText("Funds Available");
  await expect(dialog(page)).toContainText("Withdraw Operating");
  await expect(dialog(page)).toContainText("Verified");
  await shoot(page, "withdraw-1-enter");

  const amount = dialog(page).getByLabel("Withdrawal amount");
  await amount.fill("0.50");
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page).getByText("Withdrawal amount must be equal to or higher than $1")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await amount.fill("99999999");
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page).getByText("The amount entered exceeds the available balance. Please enter a lower amount.")).toBeVisible();
  await shoot(page, "withdraw-1-error");

  await amount.fill("1,234.56");
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Confirm Withdrawal" })).toBeVisible();
  await expect(dialog(page)).toContainText("$1,234.56");
  await expect(dialog(page)).toContainText("12-0233-0123456-000");
  await expect(dialog(page)).toContainText("Bank transfer may take up to 2 hours.");
  await shoot(page, "withdraw-2-confirm");
  // Back keeps the amount.
  await dialog(page).getByRole("button", { name: "Back" }).click();
  await expect(dialog(page).getByLabel("Withdrawal amount")).toHaveValue("1,234.56");
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();

  await expect(dialog(page).getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/withdraw\?placed=\d+$/);
  const withdrawalId = Number(new URL(page.url()).searchParams.get("placed"));
  await expect(dialog(page)).toContainText("$1,234.56");
  await shoot(page, "withdraw-3-placed");
  // A reload shows the same withdrawal, and does not withdraw again.
  await page.reload();
  await expect(dialog(page).getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
  await dialog(page).getByRole("link", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A pending withdrawal blocks the next one.
  await page.goto("/account/withdraw");
  await expect(dialog(page)).toContainText("You have a withdrawal pending.");
  await expect(dialog(page)).toContainText("$1,234.56");
  await expect(dialog(page).getByLabel("Withdrawal amount")).toHaveCount(0);
  await shoot(page, "withdraw-blocked-pending");

  const job = await runWithdrawalsJob();
  expect(job.status).toBe("SUCCEEDED");
  const file = job.result.files.find((candidate) => candidate.withdrawalIds.includes(withdrawalId));
  expect(file?.fileName).toMatch(/^earlybird-withdrawals-NZ-\d{4}-\d{2}-\d{2}-WD\d+\.csv$/);

  // The bank file is admins' only.
  const refused = await page.request.get("/resources/bank-payment-files/1");
  expect(refused.status()).toBe(404);

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto("/system");
  await expect(admin.getByRole("heading", { name: "Bank file processing" })).toBeVisible();
  await expect(admin.getByRole("switch", { name: "File processing" })).toHaveAttribute("aria-checked", "true");
  const row = admin.getByRole("table", { name: "Bank payment files" }).getByRole("row").filter({ hasText: file!.fileName });
  await expect(row).toContainText("NZ bulk payment CSV");
  await shoot(admin, "system");
  const downloading = admin.waitForEvent("download");
  await row.getByRole("link", { name: file!.fileName, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(file!.fileName);
  const content = fs.readFileSync((await download.path())!, "utf8");
  expect(content).toMatch(/^1,,,,0201000123456000,7,\d{6},\d{6},\r\n/);
  expect(content).toContain(`2,1202330123456000,50,123456,Withdraw Operating,WD${withdrawalId},Withdrawal,`);
  expect(content).toMatch(/\r\n3,\d+,\d+,\d{11}\r\n$/);

  // The admin's company summary lists it as completed.
  await admin.goto(`/companies/${world.companies.withdrawer.id}/summary`);
  await expect(admin.getByRole("table", { name: "Withdrawals" }).getByRole("row").filter({ hasText: "$1,234.56" })).toContainText("Completed");

  // The withdrawal is completed: a new one may be made.
  await page.goto("/account/withdraw");
  await expect(dialog(page).getByLabel("Withdrawal amount")).toBeVisible();
});

test("an admin suspends and resumes file processing, and withdraws on behalf of a company", async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto("/system");
  const toggle = page.getByRole("switch", { name: "File processing" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(page.getByText("Success updated")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Suspended", { exact: true })).toBeVisible();
  await shoot(page, "system-suspended");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Running", { exact: true })).toBeVisible();

  const company = world.companies.onBehalf;
  await page.goto(`/companies/${company.id}/summary`);
  await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Withdrawals" })).toBeVisible();
  await shoot(page, "company-summary");
  await page.getByRole("link", { name: "Withdraw", exact: true }).click();
  await expect(dialog(page).getByRole("heading", { name: "Withdraw Funds" })).toBeVisible();
  await expect(dialog(page)).toContainText(`On behalf of ${company.name}`);
  await expect(dialog(page).getByText(`${company.name} - Earlybird working capital`)).toBeVisible();
  await expect(dialog(page).getByLabel("To")).toContainText("Behalf Payouts");
  await shoot(page, "admin-withdraw-enter");
  await dialog(page).getByLabel("Withdrawal amount").fill("10");
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page)).toContainText(`${company.name} - Earlybird working capital`);
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
  await dialog(page).getByRole("link", { name: "OK" }).click();
  const table = page.getByRole("table", { name: "Withdrawals" });
  await expect(table.getByRole("row").nth(1)).toContainText("$10.00");
  await expect(table.getByRole("row").nth(1)).toContainText("Pending");
  await expect(table.getByRole("row").nth(1)).toContainText("admin@earlybird.test (admin)");
});

test("a company that is not verified is asked to get verified first", async ({ page }) => {
  await login(page, "unverified");
  await page.goto("/account/withdraw");
  await expect(dialog(page)).toContainText("Let's get verified");
  await expect(dialog(page)).toContainText("Your company is not verified yet. Please get verified to withdraw funds.");
  await expect(dialog(page).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/verify?step=beneficial_owners&list=true");
  await expect(dialog(page).getByLabel("Withdrawal amount")).toHaveCount(0);
  await shoot(page, "withdraw-blocked-not-verified");
});

test("a company user cannot reach the admin screens", async ({ page }) => {
  await login(page, "withdrawer");
  for (const url of ["/system", "/companies/1/summary", "/companies/1/summary/withdraw"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the three steps work as plain forms", async ({ page }) => {
    await login(page, "plainForms");
    await page.goto("/account/withdraw");
    await expect(dialog(page).getByRole("heading", { name: "Withdraw Funds" })).toBeVisible();
    await dialog(page).getByLabel("Withdrawal amount").fill("5");
    await dialog(page).getByRole("button", { name: "Submit" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Confirm Withdrawal" })).toBeVisible();
    await expect(dialog(page)).toContainText("$5.00");
    await dialog(page).getByRole("button", { name: "Confirm" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
    await dialog(page).getByRole("link", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
});
