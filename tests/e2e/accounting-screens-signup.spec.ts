import { expect, test } from "@playwright/test";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";
import { allowAccess, mapAccountsCreatingNew } from "./accounting-screens-support";

/**
 * Sign-up's connect steps (p1 §2; issue 18 part 3) for a signed-up user of this spec's own: connect-account (Xero),
 * Allow access, map-accounts (the same wizard), final with `connection=xero`, then /invoices; and MYOB's product step.
 */

test.describe.configure({ mode: "serial" });

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({ companies: { books: { name: "Signet Provisions" } } });
});

test("connect-account offers MYOB's products, and Xero connects through the consent page into the wizard", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, world.companies.books.email, world.password);

  await page.goto("/signup?step=connect-account");
  await page.getByLabel(/^MYOB/).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/step=connect-account-myob/);
  await expect(page.getByLabel(/MYOB Essentials/)).toBeVisible();
  await expect(page.getByLabel(/MYOB AccountRight/)).toBeVisible();

  await page.goto("/signup?step=connect-account&error=xero");
  await expect(page.getByRole("alert").filter({ hasText: "Error in connecting to Xero account" })).toBeVisible();
  await page.getByLabel(/^Xero/).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await allowAccess(page);

  await expect(page).toHaveURL(/\/signup\?step=map-accounts/);
  await expect(page.getByRole("heading", { name: "Map your accounts" })).toBeVisible();
  await mapAccountsCreatingNew(page, [/4\d\d/, /2\d\d/, /0\d\d/]);

  await expect(page).toHaveURL(/\/signup\?step=final&connection=xero/);
  await expect(page.getByText("Connected to Xero")).toBeVisible();
  // Then the company's home (issue 20 part 3): Get started, or its list once the sync has brought records in.
  await expect(page).toHaveURL(/\/(get-started|bills|invoices)$/, { timeout: 15_000 });
});
