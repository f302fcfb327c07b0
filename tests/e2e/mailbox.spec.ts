import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, logOut, PURCHASER } from "./helpers";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The e2e server's data directory (scripts/e2e-server.sh), where it publishes its database and its mailbox.
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

/**
 * Sends an e-mail with the real CLI, as an operator checking the mail settings next to a running server does: the
 * CLI shares the server's database and, with SMTP_URL unset, delivers over SMTP to the server's built-in mailbox,
 * whose address the server published in <data dir>/mailbox.json.
 */
async function sendWithCli(to: string, subject: string, text: string, html?: string) {
  expect(fs.existsSync(path.join(dataDir, "mailbox.json"))).toBe(true);
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const { stdout } = await run(process.execPath, [path.join(root, "bin/earlybird.js"), "mail:send", "--to", to, "--subject", subject, "--text", text, ...(html ? ["--html", html] : []), "--json"], { cwd: root, env });
  const sent = JSON.parse(stdout) as { via: string; accepted: string[] };
  expect(sent).toMatchObject({ via: "mailbox", accepted: [to] });
}

const unique = () => crypto.randomBytes(4).toString("hex");
const messages = (page: Page) => page.getByRole("table", { name: "Messages" });

test("a visitor without a login reads mail sent with the CLI in the mailbox, filters it by recipient and opens it", async ({ page }) => {
  const id = unique();
  const first = `first-${id}@mailbox.test`;
  const second = `second-${id}@mailbox.test`;
  await sendWithCli(first, `Mailbox check ${id}`, `Hello from the CLI ${id}.\nSecond line.`);
  await sendWithCli(second, `Other mail ${id}`, "Someone else's mail.");

  // Outside production the mailbox is public, linked from the login page (issue 6 part 2).
  await page.goto("/login");
  await page.getByRole("link", { name: "Mailbox" }).click();
  await expect(page).toHaveURL(/\/mailbox$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  await expect(page).toHaveTitle("Earlybird | Mailbox");
  const table = messages(page);
  // Newest first: the second mail sits above the first.
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText(second);
  await expect(rows.nth(2)).toContainText(first);
  await expect(rows.nth(2)).toContainText(`Mailbox check ${id}`);
  await expect(rows.nth(2)).toContainText("E-mail");

  await page.getByLabel("Recipient").fill(first);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]to=${encodeURIComponent(first)}`));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(first);
  await expect(table).not.toContainText(second);

  // Only SMS for this recipient: none.
  await page.getByLabel("Channel").selectOption("SMS");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/channel=SMS/);
  await expect(table).toContainText("No messages match these filters");
  await page.getByLabel("Channel").selectOption("EMAIL");
  await page.getByRole("button", { name: "Filter" }).click();

  await table.getByRole("link", { name: `Mailbox check ${id}` }).click();
  await expect(page).toHaveURL(/\/mailbox\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Message" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Mailbox check ${id}`);
  await expect(page.getByRole("main")).toContainText(first);
  await expect(page.getByRole("main")).toContainText("Earlybird <no-reply@earlybird.test>");
  await expect(page.getByRole("main").locator("pre")).toHaveText(`Hello from the CLI ${id}.\nSecond line.`);

  await page.getByRole("link", { name: "Back to mailbox" }).click();
  await expect(page).toHaveURL(/\/mailbox$/);
});

test("an e-mail's HTML is shown only in a sandboxed frame, where its scripts do not run", async ({ page }) => {
  const id = unique();
  const to = `html-${id}@mailbox.test`;
  const html = `<p>Rich <b>${id}</b></p><script>document.body.textContent = "script ran"; parent.document.title = "pwned";</script>`;
  await sendWithCli(to, `HTML ${id}`, `Text ${id}`, html);
  await page.goto(`/mailbox?to=${to}`);
  await messages(page).getByRole("link", { name: `HTML ${id}` }).click();
  await expect(page.getByRole("main").locator("pre")).toHaveText(`Text ${id}`);
  await page.getByText("HTML version").click();
  const frame = page.locator('iframe[title="HTML version of the message"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('iframe[title="HTML version of the message"]').locator("body")).toHaveText(`Rich ${id}`);
  await expect(page).toHaveTitle("Earlybird | Message");
  // The markup stays in the frame: the page itself has no such element.
  await expect(page.locator("main b", { hasText: id })).toHaveCount(0);
});

test("the filters work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const id = unique();
  const to = `nojs-${id}@mailbox.test`;
  await sendWithCli(to, `No script ${id}`, "Plain HTML forms.");
  await page.goto("/mailbox");
  await page.getByLabel("Recipient").fill(`nojs-${id}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`to=nojs-${id}`));
  await expect(messages(page).getByRole("row")).toHaveCount(2);
  await expect(messages(page)).toContainText(`No script ${id}`);
  await context.close();
});

test("an unknown message is the 404 page", async ({ page }) => {
  for (const id of ["999999999", "not-a-number"]) {
    const response = await page.goto(`/mailbox/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
});

test("links in a message's text are clickable", async ({ page }) => {
  const id = unique();
  const to = `link-${id}@mailbox.test`;
  await sendWithCli(to, `Link ${id}`, `Open http://localhost/login?from=${id}. Thanks.`);
  await page.goto(`/mailbox?to=${to}`);
  await messages(page).getByRole("link", { name: `Link ${id}` }).click();
  const link = page.getByRole("main").locator("pre").getByRole("link");
  await expect(link).toHaveAttribute("href", `http://localhost/login?from=${id}`);
  await expect(page.getByRole("main").locator("pre")).toHaveText(`Open http://localhost/login?from=${id}. Thanks.`);
});

test("logged-in users (a purchaser, an admin) read the same public mailbox", async ({ page }) => {
  for (const who of [PURCHASER, ADMIN]) {
    await loginAs(page, who);
    const response = await page.goto("/mailbox");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Messages" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Earlybird" }).click();
    await expect(page).not.toHaveURL(/mailbox/);
    await logOut(page);
  }
});

test.describe("screenshots", () => {
  // For a person to look at (tests/screenshots/, git-ignored), like screenshots.spec.ts: SCREENSHOTS=1 to take them.
  test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 to take mailbox screenshots");

  for (const width of [1280, 800] as const) {
    test(`mailbox and a message at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // On a fresh e2e server (the first of these tests alone), this is the empty mailbox.
      await page.goto("/mailbox");
      await page.screenshot({ path: `tests/screenshots/mailbox-start-${width}.png`, fullPage: true });
      const id = unique();
      await sendWithCli(`pat-${id}@harbourfoods.test`, "Your invoice INV-1042 was paid early", "Hi Pat,\n\nHarbour Foods Ltd paid invoice INV-1042 ($1,234.56) early.\n\nThe Earlybird team");
      await sendWithCli(
        `accounts.payable.team-${id}@a-company-with-a-very-long-domain-name.co.nz`,
        "Harbour Foods Ltd has made an early payment offer on 14 of your invoices, worth $48,210.00 in total",
        "Long subject and address.",
        "<h1 style='color:#0f766e'>Offer</h1><p>Harbour Foods Ltd offers early payment.</p>",
      );
      await page.goto("/mailbox");
      await page.screenshot({ path: `tests/screenshots/mailbox-${width}.png`, fullPage: true });
      await page.goto(`/mailbox?to=${encodeURIComponent("no-one-at-all")}`);
      await page.screenshot({ path: `tests/screenshots/mailbox-empty-${width}.png`, fullPage: true });
      await page.goto(`/mailbox?to=pat-${id}`);
      await messages(page).getByRole("link", { name: "Your invoice INV-1042 was paid early" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Message" })).toBeVisible();
      await page.screenshot({ path: `tests/screenshots/mailbox-message-${width}.png`, fullPage: true });
      await page.goto(`/mailbox?to=accounts.payable.team-${id}`);
      await messages(page).getByRole("link").first().click();
      await page.getByText("HTML version").click();
      await page.screenshot({ path: `tests/screenshots/mailbox-message-html-${width}.png`, fullPage: true });
    });
  }
});
