import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Earlybird#2026";
export const ADMIN = "admin@earlybird.test";
export const PURCHASER = "pat@harbourfoods.test";
export const SUPPLIER = "sam@kiwisupplies.test";
export const AU_USER = "alex@outbackcoffee.test";
/** Kauri Timber Co Ltd (NZ, verified): starts with no Earlybird account, no bank account and no money. */
export const NEW_NZ_USER = "casey@kauritimber.test";

/**
 * Logs in through the real form, the way a user does. A supplier with Payment Available invoices lands on /invoices
 * with the payments-available dialog (decision 063); it is dismissed, as a user would, so the page is free to use
 * (tests/e2e/supplier-actions.spec.ts tests the dialog itself).
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.waitForLoadState("domcontentloaded");
  const paymentsAvailable = page.getByRole("dialog", { name: "Payments available" });
  if (await paymentsAvailable.isVisible()) {
    await paymentsAvailable.getByRole("button", { name: "Dismiss" }).click();
    await expect(paymentsAvailable).toHaveCount(0);
  }
}

/** Logs out the way a user without the menu does: /logout shows a Log out button, which posts (issue 13 part 13). */
export async function logOut(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The newest six-digit bank-account code sent by SMS to `phone`, as an admin reads it on the built-in mailbox page. */
export async function readBankAccountCode(admin: Page, phone: string): Promise<string> {
  await admin.goto(`/mailbox?channel=SMS&to=${encodeURIComponent(phone)}`);
  const newest = admin.getByRole("table", { name: "Messages" }).getByRole("row").nth(1);
  await expect(newest).toContainText("code to add a bank account");
  const match = /bank account is (\d{6})/.exec((await newest.textContent()) ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

/** Full-page screenshots at 1280, 1024 and 390 px wide into `dir` (when given: SCREENSHOTS=1), then back to 1280. */
export async function shootWidths(page: Page, dir: string | null, name: string) {
  if (!dir) return;
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The account's Balance in cents, as /account shows it ("Balance $1,234.56 less Cash Reserve"). */
export async function accountBalance(page: Page): Promise<number> {
  await page.goto("/account");
  const text = await page
    .getByRole("region", { name: "Account summary" })
    .getByText(/^Balance \$[\d,.]+ less Cash Reserve$/)
    .textContent();
  const amount = /Balance \$([\d,.]+)/.exec(text ?? "")![1];
  return Math.round(Number(amount.replace(/,/g, "")) * 100);
}
