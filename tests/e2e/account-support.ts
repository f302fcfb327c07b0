/** Set-up for the account-security browser tests: fresh users made with the real CLI, mail read in the Mailbox. */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { ADMIN, loginAs } from "./helpers";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The e2e server's data directory (scripts/e2e-server.sh): its database URL and mailbox are published there.
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/h-account-shots";

export const unique = () => crypto.randomBytes(4).toString("hex");

async function companyId(companyName: string): Promise<number> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, "pg.url"), "utf8").trim() });
  await client.connect();
  try {
    const result = await client.query<{ id: number }>("SELECT id FROM companies WHERE company_name = $1", [companyName]);
    expect(result.rows, companyName).toHaveLength(1);
    return result.rows[0].id;
  } finally {
    await client.end();
  }
}

/** A new user of a demo company, made with `earlybird users:create` next to the running server. */
export async function createCompanyUser(companyName: string, password: string): Promise<string> {
  const email = `account-${unique()}@earlybird-e2e.test`;
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const args = [
    "users:create",
    "--email",
    email,
    "--password",
    password,
    "--company",
    String(await companyId(companyName)),
    "--first-name",
    "Riley",
    "--last-name",
    "Test",
    "--json",
  ];
  await run(process.execPath, [path.join(root, "bin/earlybird.js"), ...args], { cwd: root, env });
  return email;
}

/** The newest e-mail to `to` with `subject`, as an admin reads it in the Mailbox: its text. */
export async function readMail(browser: Browser, to: string, subject: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await loginAs(admin, ADMIN);
    await admin.goto(`/mailbox?to=${encodeURIComponent(to)}`);
    await admin.getByRole("table", { name: "Messages" }).getByRole("link", { name: subject }).first().click();
    const text = (await admin.getByRole("main").locator("pre").first().textContent()) ?? "";
    expect(text).not.toBe("");
    return text;
  } finally {
    await context.close();
  }
}

/** Full-page screenshots at 1280 and 800 px wide. */
export async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page shot of a scrolled page repeats the sticky header halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
