/** Set-up for the account-security browser tests: fresh users of companies of their own, mail read in the Mailbox. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { makeWorld } from "./support/world";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/h-account-shots";

export const unique = () => crypto.randomBytes(4).toString("hex");

/**
 * A new user with `password`, of a company of its own (tests/e2e/support/world.ts): a test that changes a user's
 * password or MFA never touches a demo persona's company. Seconds (a process start): make it in a beforeAll where it
 * can be, outside the test's own budget.
 */
export async function createCompanyUser(password: string): Promise<string> {
  const world = await makeWorld({ companies: { own: { name: "Account Security Co", password, person: { firstName: "Riley", lastName: "Test" } } } });
  return world.companies.own.email;
}

/**
 * The newest e-mail to `to` with `subject`, as it shows in the Mailbox (this machine's, so no login): its text. The mail
 * leaves after the request's commit, on its own (mail.server.ts), so the page may be loaded before it is there: the
 * Mailbox is read again until it is, for up to `timeout` ms.
 */
export async function readMail(browser: Browser, to: string, subject: string, timeout = 20_000): Promise<string> {
  const context = await browser.newContext();
  const reader = await context.newPage();
  try {
    const message = reader.getByRole("table", { name: "Messages" }).getByRole("link", { name: subject }).first();
    await expect(async () => {
      await reader.goto(`/mailbox?to=${encodeURIComponent(to)}`);
      await expect(message).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout, intervals: [250, 500, 1_000] });
    await message.click();
    const text = (await reader.getByRole("main").locator("pre").first().textContent()) ?? "";
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
