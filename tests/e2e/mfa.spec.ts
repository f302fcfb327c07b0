import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { totpCode } from "../../app/modules/auth/totp.server";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PASSWORD = "Auth#Code2026";

/**
 * Creates an admin with MFA through the real CLI. The CLI is pointed at the e2e server's data directory only:
 * it finds that cluster running and shares it through the URL the server published, as an operator's
 * `npx earlybird` does next to `npm start`.
 */
async function createMfaAdmin(): Promise<{ email: string; secret: string }> {
  const dataDir = path.join(root, ".data/e2e");
  expect(fs.existsSync(path.join(dataDir, "pg.url"))).toBe(true);
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const email = `mfa-${crypto.randomBytes(4).toString("hex")}@earlybird.test`;
  const { stdout } = await run(process.execPath, [path.join(root, "bin/earlybird.js"), "users:create", "--admin", "--mfa", "--email", email, "--password", PASSWORD, "--json"], {
    cwd: root,
    env,
  });
  const created = JSON.parse(stdout) as { mfaSecret: string };
  return { email, secret: created.mfaSecret };
}

test("a user with MFA on is asked for the authenticator code, and only the right one lets them in", async ({ page }) => {
  const { email, secret } = await createMfaAdmin();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();

  const code = page.getByLabel("Authenticator code");
  await expect(code).toBeVisible();
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Please enter the code shown on your authenticator app")).toBeVisible();

  const right = totpCode(secret);
  await code.fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid code", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Authenticator code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Topups", level: 1 })).toBeVisible();
});
