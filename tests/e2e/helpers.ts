import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Earlybird#2026";
export const ADMIN = "admin@earlybird.test";
export const PURCHASER = "pat@harbourfoods.test";
export const SUPPLIER = "sam@kiwisupplies.test";
export const AU_USER = "alex@outbackcoffee.test";

/** Logs in through the real form, the way a user does. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
