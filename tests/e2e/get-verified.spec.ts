import { expect, test, type Page } from "@playwright/test";
import { shoot } from "./account-support";
import { AU_USER, loginAs } from "./helpers";

// Outback Coffee Pty Ltd (demo data) is PARTIALLY_VERIFIED: its sensitive actions are refused with 403 "company not verified".
const getVerified = (page: Page) => page.getByRole("dialog", { name: "Let's get verified" });

test("an unverified company creating an offer gets the get-verified dialog, whose Next goes to the verify page", async ({ page }) => {
  await loginAs(page, AU_USER);
  await page.goto("/bills?tab=bills");
  const summary = page.getByRole("region", { name: "Summary" });
  await summary.getByLabel("Cash reserve").fill("500");
  await summary.getByLabel("Cashback rate (% p.a.)").fill("8");
  await summary.getByRole("button", { name: "Create offer" }).click();

  // The server refused (403 "company not verified"): the offer modal closes and the get-verified dialog opens over /bills.
  await expect(page).toHaveURL(/\/bills\/get-verified\?tab=bills$/);
  await expect(getVerified(page)).toBeVisible();
  await expect(getVerified(page)).toContainText("Your company needs to be verified");
  await expect(getVerified(page).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/verify?step=beneficial_owners&list=true");
  await shoot(page, "get-verified-dialog");

  // Closing returns to the list as it was; nothing was created.
  await getVerified(page).getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/bills\?tab=bills$/);
  await expect(getVerified(page)).toHaveCount(0);
  await expect(summary.getByRole("button", { name: "Create offer" })).toBeVisible();

  await page.goto("/bills/get-verified?tab=bills");
  await getVerified(page).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/verify\?step=beneficial_owners&list=true$/);
});

test("the withdraw dialog of an unverified company is the same get-verified prompt", async ({ page }) => {
  await loginAs(page, AU_USER);
  await page.goto("/account/withdraw");
  await expect(getVerified(page)).toBeVisible();
  await expect(getVerified(page).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/verify?step=beneficial_owners&list=true");
  await expect(page.getByLabel("Withdrawal amount")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the refused offer opens the dialog as a plain page", async ({ page }) => {
    await loginAs(page, AU_USER);
    await page.goto("/bills?tab=bills");
    const summary = page.getByRole("region", { name: "Summary" });
    await summary.getByLabel("Cash reserve").fill("250");
    await summary.getByLabel("Cashback rate (% p.a.)").fill("6");
    await summary.getByRole("button", { name: "Create offer" }).click();
    await expect(getVerified(page)).toBeVisible();
    await getVerified(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/verify\?step=beneficial_owners&list=true$/);
  });
});
