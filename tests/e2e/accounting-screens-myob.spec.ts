import { expect, test } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";
import { accountingShotsDir, allowAccess, card, mapAccountsCreatingNew, notifications } from "./accounting-screens-support";

/**
 * MYOB AccountRight from Settings → Connected apps (issue 18 parts 2-3), on a company of this spec's own: Connect to
 * MYOB with AccountRight chosen, Allow access, /myob/callback ("Fetching your details", then the company file step),
 * 'Please select a company file', the company file's own sign-in (a wrong password: 'Invalid credentials. ...'), the
 * mapping wizard with MYOB's suggested codes, and Disconnect.
 */

// One company through the steps: a failed step skips the rest (a retry would make a new company).
test.describe.configure({ mode: "serial" });

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({ companies: { books: { name: "Myobia Traders" } } });
});

test.slow(Boolean(accountingShotsDir), "screenshots");

test("a purchaser connects MYOB AccountRight with a company file and its credentials", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, world.companies.books.email, world.password);
  await page.goto("/settings?tab=connected-apps");
  const myob = card(page, "MYOB");
  await myob.getByLabel("MYOB AccountRight").check();
  await myob.getByRole("button", { name: "Connect to MYOB" }).click();
  await allowAccess(page);

  // /myob/callback posts the code on, then the company file step.
  await expect(page).toHaveURL(/\/settings\/connect-business-account\?config=myob-company-file/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Choose your company file" })).toBeVisible();
  const files = page.getByRole("group", { name: "Company file" }).getByRole("radio");
  await expect(files).toHaveCount(2);
  // Two files: none is chosen for the user.
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please select a company file")).toBeVisible();
  await files.nth(0).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // The file has its own user: its sign-in is asked for; a wrong password is refused.
  await expect(page.getByLabel("Username")).toBeVisible();
  await shootWidths(page, accountingShotsDir, "company-file");
  await page.getByLabel("Username").fill("Administrator");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Invalid credentials. Please check the username and password you entered.")).toBeVisible();
  await page.getByLabel("Username").fill("Administrator");
  await page.getByLabel("Password").fill("earlybird");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/config=map-accounts/);
  await mapAccountsCreatingNew(page, [/1\d\d\d/, /1\d\d\d/, /1\d\d\d/]);
  await expect(page.getByText("Your MYOB AccountRight accounts are mapped")).toBeVisible();

  await page.goto("/settings?tab=connected-apps");
  await expect(myob.getByText("Connected", { exact: true })).toBeVisible();
  await expect(myob.getByText("MYOB AccountRight", { exact: true })).toBeVisible();
  await expect(myob.getByText("Company file", { exact: true })).toBeVisible();

  await myob.getByRole("link", { name: "Disconnect" }).click();
  await page.getByRole("dialog", { name: "Disconnect MYOB AccountRight?" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(notifications(page).getByText("Disconnected from MYOB AccountRight")).toBeVisible();
  await expect(myob.getByRole("button", { name: "Connect to MYOB" })).toBeEnabled();
});
