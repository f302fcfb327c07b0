import { expect, test } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";
import { accountingShotsDir, allowAccess, card, mapAccountsCreatingNew, notifications } from "./accounting-screens-support";

/**
 * Settings → Connected apps with Xero (issue 18 parts 2-3), on a company of this spec's own (the emulator makes a new
 * organisation for its e-mail, with the demo records): Connect to Xero, Allow access on the emulator's consent page,
 * the mapping wizard (nothing chosen is refused; then "create new account" three times), the done screen, the card
 * connected, Sync now and the XB- bills on /bills, then Disconnect through its confirmation.
 */

// One company through the steps: a failed step skips the rest (a retry would make a new company).
test.describe.configure({ mode: "serial" });

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({ companies: { books: { name: "Xerograph Foods" } } });
});

test.slow(Boolean(accountingShotsDir), "screenshots");

test("a purchaser connects Xero, maps accounts, syncs the bills and disconnects", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, world.companies.books.email, world.password);

  // Connected apps is the default tab while a connect flag is on.
  await page.goto("/settings");
  await expect(page.getByRole("link", { name: "Connected Apps" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Connected apps are not built yet")).toHaveCount(0);
  await expect(card(page, "Xero").getByText("Not connected")).toBeVisible();
  await expect(card(page, "MYOB").getByRole("button", { name: "Connect to MYOB" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sync log" })).toBeVisible();
  await shootWidths(page, accountingShotsDir, "connected-apps-not-connected");

  await card(page, "Xero").getByRole("button", { name: "Connect to Xero" }).click();
  await allowAccess(page);

  // Back from Xero: the mapping wizard.
  await expect(page).toHaveURL(/\/settings\/connect-business-account\?config=map-accounts/);
  await expect(page.getByRole("heading", { name: "Map your accounts" })).toBeVisible();
  await shootWidths(page, accountingShotsDir, "mapping-wizard");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please select an existing account or choose the option to create new account.")).toBeVisible();
  await expect(page.getByLabel("Fees account", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await mapAccountsCreatingNew(page, [/4\d\d/, /2\d\d/, /0\d\d/]);

  await expect(page).toHaveURL(/config=final/);
  await expect(page.getByText("Your Xero accounts are mapped")).toBeVisible();
  await page.getByRole("link", { name: "Back to Settings" }).click();

  const xero = card(page, "Xero");
  await expect(xero.getByText("Connected", { exact: true })).toBeVisible();
  await expect(xero.getByText(/ Ltd$/)).toBeVisible();
  await expect(xero.getByText("Fees, cashback income and bank account mapped")).toBeVisible();
  await expect(xero.getByRole("link", { name: "Change mapping" })).toHaveAttribute("href", "/settings/connect-business-account?config=map-accounts");
  // A company connects one system at a time.
  await expect(card(page, "MYOB").getByRole("button", { name: "Connect to MYOB" })).toBeDisabled();
  // The first load starts as soon as Xero is connected (no Sync now needed): the card's last sync and the log show it.
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Xero").getByText("Not synced yet")).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Sync log" }).getByRole("row").nth(1)).toBeVisible();
  await shootWidths(page, accountingShotsDir, "connected-apps-connected");
});

test("Sync now follows the job and the XB- bills show on /bills", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, world.companies.books.email, world.password);
  await page.goto("/settings?tab=connected-apps");
  await card(page, "Xero").getByRole("button", { name: "Sync now" }).click();
  const dialog = page.getByRole("dialog", { name: "Sync now" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sync complete")).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole("table", { name: "Sync summary" }).getByRole("row", { name: /^Bills/ })).toBeVisible();
  await dialog.getByRole("link", { name: "Done" }).click();
  await expect(card(page, "Xero").getByText("Not synced yet")).toHaveCount(0);

  await page.goto("/bills?tab=bills");
  await expect(page.getByText(/^XB-/).first()).toBeVisible();

  // Add bill with Xero connected: the purchase order number is marked required while the bill is created in Xero
  // and a PO is not waived, before anything is submitted.
  await page.goto("/bills/add?tab=bills");
  const add = page.getByRole("dialog");
  const poNumber = add.getByLabel("Purchase order number");
  await expect(add.getByRole("group", { name: "Xero" })).toBeVisible();
  await expect(poNumber).not.toHaveAttribute("aria-required", "true");
  await add.getByLabel("Create bill in Xero").check();
  await expect(poNumber).toHaveAttribute("aria-required", "true");
  await add.getByLabel("PO not required").check();
  await expect(poNumber).not.toHaveAttribute("aria-required", "true");
});

test("Disconnect asks first, with the focus off the destructive button", async ({ page }) => {
  await loginAs(page, world.companies.books.email, world.password);
  await page.goto("/settings?tab=connected-apps");
  await card(page, "Xero").getByRole("link", { name: "Disconnect" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect Xero?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Disconnect" })).not.toBeFocused();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(page, "Xero").getByText("Connected", { exact: true })).toBeVisible();

  await card(page, "Xero").getByRole("link", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect Xero?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(notifications(page).getByText("Disconnected from Xero")).toBeVisible();
  await expect(card(page, "Xero").getByRole("button", { name: "Connect to Xero" })).toBeEnabled();
  await expect(card(page, "Xero").getByText("Not connected")).toBeVisible();
});
