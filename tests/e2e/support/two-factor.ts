/**
 * Two-factor authentication steps shared by the company user's (mfa-settings) and the admin's (admin-mfa) browser
 * tests: the Settings region, reading the setup key as a user types it into an app, a code the app would not show,
 * and a login that reaches the code step and has a wrong code refused.
 */
import { expect, type Page } from "@playwright/test";
import { totpCode } from "../../../app/modules/auth/totp.server";

export const twoFactor = (page: Page) => page.getByRole("region", { name: "Two-factor authentication" });

/** A six-digit code that is not valid now, nor one step either side. */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((drift) => totpCode(secret, Date.now() + drift * 30_000)));
  return ["000000", "111111", "222222"].find((code) => !valid.has(code))!;
}

/** The setup key shown beside the QR code, without its spaces (base32, 32 characters). */
export async function readSetupKey(page: Page): Promise<string> {
  const key = ((await twoFactor(page).getByLabel("Setup key").textContent()) ?? "").replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  return key;
}

/** From the login page: the password step, then the code step, where a wrong code says "Invalid code". */
export async function logInToCodeStep(page: Page, email: string, password: string, secret: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByLabel("Authenticator code")).toBeVisible();
  await page.getByLabel("Authenticator code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid code", { exact: true })).toBeVisible();
}
