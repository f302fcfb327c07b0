/**
 * Admins turn their own two-factor authentication on and off in their settings screen (issue 20 part 2, decision 064),
 * not only through the operator's CLI: the menu's Settings item, the QR code and setup key, a wrong code refused, the
 * login then asking for the code, and turning it off with the password.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { totpCode } from "../../app/modules/auth/totp.server";
import { logInToCodeStep, readSetupKey, twoFactor, wrongCode } from "./support/two-factor";
import { loginAs, logOut, PURCHASER, shootWidths } from "./helpers";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD = "Admin#Mfa2026x";
const SHOTS = process.env.SCREENSHOTS ? process.env.SHOTS_DIR ?? "/tmp/b2-shots" : null;

/** A new admin without MFA, made by the real CLI against the e2e server's database (as tests/e2e/mfa.spec.ts does). */
async function createAdmin(): Promise<string> {
  const dataDir = path.join(root, ".data/e2e");
  expect(fs.existsSync(path.join(dataDir, "pg.url"))).toBe(true);
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const email = `admin-mfa-${crypto.randomBytes(4).toString("hex")}@earlybird.test`;
  await run(process.execPath, [path.join(root, "bin/earlybird.js"), "users:create", "--admin", "--email", email, "--password", PASSWORD, "--json"], { cwd: root, env });
  return email;
}

test("an admin turns on two-factor authentication in Settings, login then asks for the code, and they turn it off", async ({ page }) => {
  test.setTimeout(120_000);
  const email = await createAdmin();
  await loginAs(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // The admin's menu has Settings (their own screen, not the company's /settings).
  await page.getByRole("button", { name: /account menu|user menu|admin/i }).first().click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin-settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(twoFactor(page)).toContainText("Off");
  await shootWidths(page, SHOTS, "admin-settings-off");

  await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor(page).getByText("Current password is required")).toBeVisible();
  await twoFactor(page).getByLabel("Password to turn it on").fill(PASSWORD);
  await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor(page).getByRole("img", { name: "QR code" })).toBeVisible();
  const key = await readSetupKey(page);
  await shootWidths(page, SHOTS, "admin-settings-enrol");
  await twoFactor(page).getByLabel("Authenticator code").fill(wrongCode(key));
  await twoFactor(page).getByRole("button", { name: "Confirm" }).click();
  await expect(twoFactor(page).getByText("Invalid code", { exact: true })).toBeVisible();
  await expect(twoFactor(page)).toContainText("Off");
  const confirming = totpCode(key);
  await twoFactor(page).getByLabel("Authenticator code").fill(confirming);
  await twoFactor(page).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Two-factor authentication is on").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-settings/);
  await expect(twoFactor(page)).toContainText("On");

  // The next login asks for the code; only a fresh right one lets the admin in.
  await logOut(page);
  await logInToCodeStep(page, email, PASSWORD, key);
  await page.getByLabel("Authenticator code").fill(totpCode(key, Date.now() + 30_000));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Off again with the password (a wrong one refused).
  await page.goto("/admin-settings");
  await twoFactor(page).getByLabel("Password to turn it off").fill("Wrong#Password1");
  await twoFactor(page).getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(twoFactor(page).getByText("Your current password is incorrect")).toBeVisible();
  await twoFactor(page).getByLabel("Password to turn it off").fill(PASSWORD);
  await twoFactor(page).getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is off").first()).toBeVisible();
  await logOut(page);
  await loginAs(page, email, PASSWORD);
  await expect(page.getByLabel("Authenticator code")).toHaveCount(0);
});

test("the admin settings screen is for admins only", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const response = await page.goto("/admin-settings");
  expect(response?.status()).toBe(404);
  const posted = await page.request.post("/admin-settings", { form: { intent: "mfa-start", currentPassword: "x" } });
  expect(posted.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin turns two-factor authentication on with plain forms", async ({ page }) => {
    test.setTimeout(90_000);
    const email = await createAdmin();
    await loginAs(page, email, PASSWORD);
    await page.goto("/admin-settings");
    await twoFactor(page).getByLabel("Password to turn it on").fill(PASSWORD);
    await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
    const key = ((await twoFactor(page).getByLabel("Setup key").textContent()) ?? "").replace(/\s+/g, "");
    await twoFactor(page).getByLabel("Authenticator code").fill(totpCode(key));
    await twoFactor(page).getByRole("button", { name: "Confirm" }).click();
    await expect(twoFactor(page).getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();
  });
});
