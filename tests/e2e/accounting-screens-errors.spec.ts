import { expect, test } from "@playwright/test";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The connect failures' texts (p1 §2, §8; p3 §2.2; issue 18 part 2): `?error=xero|myob|other` on Connected apps, the
 * connect-account error page for a logged-out visitor, and a failed MYOB callback.
 */

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({ companies: { books: { name: "Errata Holdings" } } });
});

test("the error query shows its alert on Connected apps", async ({ page }) => {
  await loginAs(page, world.companies.books.email, world.password);
  const cases = [
    ["xero", "Error in connecting to Xero account"],
    ["myob", "Error in connecting to MYOB account"],
    ["something", "Error!"],
  ] as const;
  for (const [error, text] of cases) {
    await page.goto(`/settings?tab=connected-apps&error=${error}`);
    await expect(page.getByRole("alert").filter({ hasText: text })).toHaveText(text);
  }
  await page.goto("/settings?tab=connected-apps");
  await expect(page.getByRole("alert").filter({ hasText: /Error/ })).toHaveCount(0);
});

test("a failed MYOB callback says so, with Login and Signup", async ({ page }) => {
  await loginAs(page, world.companies.books.email, world.password);
  await page.goto("/myob/callback?code=not-a-code&state=not-a-state");
  await expect(page.getByText("Error in connecting to your MYOB account.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Signup" })).toHaveAttribute("href", "/signup");
});

test("a cancelled Xero consent comes back as ?error=xero", async ({ page }) => {
  await loginAs(page, world.companies.books.email, world.password);
  await page.goto("/xero/callback?error=access_denied&state=not-a-state");
  await expect(page).toHaveURL(/\/settings\?tab=connected-apps&error=xero/);
  await expect(page.getByRole("alert").filter({ hasText: "Error in connecting to Xero account" })).toBeVisible();
});

test("logged out, a page with an error query is the connect-account error page", async ({ page }) => {
  await page.goto("/settings?tab=connected-apps&error=xero");
  await expect(page).toHaveURL(/\/connect-account-error\?error=xero/);
  await expect(page.getByText("There was an error connecting to Xero.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/myob/callback?error=access_denied");
  await expect(page.getByText("There was an error connecting to MYOB.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to account" })).toHaveAttribute("href", "/");
});
