import { expect, test } from "@playwright/test";
import { shoot } from "./account-support";
import { AU_USER, loginAs, PURCHASER } from "./helpers";

test("/welcome asks how we can help, with its three cards (p1 §2)", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/welcome");
  await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
  await expect(page).toHaveTitle("Earlybird | How can we help?");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const choices: [string, RegExp][] = [
    ["Get Paid this Week", /\/invoices$/],
    ["Pay Suppliers Early to Earn Cashback", /\/bills$/],
    ["Automate your cash flow", /\/bills\/pending-review$/],
  ];
  // A verified company is not asked to get verified.
  await expect(page.getByRole("region", { name: "Let's get verified" })).toHaveCount(0);
  for (const [index, [title]] of choices.entries()) await expect(cards.nth(index).getByRole("heading", { level: 2 })).toHaveText(title);
  await shoot(page, "welcome");
  for (const [title, url] of choices) {
    await page.goto("/welcome");
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(url);
  }
});

test("/welcome prompts a company that is not verified yet to get verified", async ({ page }) => {
  await loginAs(page, AU_USER);
  await page.goto("/welcome");
  const prompt = page.getByRole("region", { name: "Let's get verified" });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(3);
  await shoot(page, "welcome-get-verified");
  await prompt.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/verify\?step=beneficial_owners&list=true$/);
});

test("/welcome needs a login", async ({ page }) => {
  await page.goto("/welcome");
  await expect(page).toHaveURL(/\/login\?next=%2Fwelcome$/);
});
