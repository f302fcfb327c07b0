import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, loginAs, PURCHASER, SUPPLIER } from "./helpers";

/**
 * Invites and notifications with their landing offer page (p2 §2 Landing offer page, §5 Invite, §7, §8): a supplier
 * invites a customer by e-mail, an admin reads the e-mail on the built-in mailbox, and the link opens the public
 * landing page; a purchaser notifies a supplier, whose Log In uses the link once.
 */
const unique = () => crypto.randomBytes(4).toString("hex");
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const shots = process.env.SHOTS_DIR ?? "/tmp/h-invite-shots";

/** The landing link of the newest e-mail to `to`, as an admin reads it on /mailbox. */
async function landingLinkFor(browser: Browser, to: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAs(admin, ADMIN);
  await admin.goto(`/mailbox?to=${encodeURIComponent(to)}`);
  const table = admin.getByRole("table", { name: "Messages" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await table.getByRole("row").nth(1).getByRole("link").first().click();
  const body = (await admin.getByRole("main").locator("pre").textContent()) ?? "";
  await context.close();
  const match = /https?:\/\/\S+\/invoices\?token=[A-Za-z0-9_-]+&invoiceType=(?:INVOICE|BILL)&type=(?:invite|notify)/.exec(body);
  expect(match, body).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

test("a supplier invites a customer by e-mail; the e-mail's link opens the landing offer page", async ({ page, browser }) => {
  await loginAs(page, SUPPLIER);
  await page.goto("/invoices?status=CASHBACK_OFFERED");
  const table = page.getByRole("table", { name: "Invoices" });
  const row = table.getByRole("row").filter({ hasText: "Auckland Cafe Group Ltd" }).first();
  await expect(row).toBeVisible();
  const number = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await row.getByRole("checkbox").check();
  await page.getByRole("form", { name: "Bulk actions" }).getByRole("button", { name: "Invite" }).click();

  const dialog = page.getByRole("dialog", { name: "Invite customer" });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel("Email");
  await expect(email).toHaveValue("accounts@aucklandcafe.test");
  // Bad addresses first: the spec's messages, nothing sent.
  await email.fill("");
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(dialog.getByText("Email is required")).toBeVisible();
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(dialog.getByText("Email is not in valid format")).toBeVisible();

  await page.screenshot({ path: `${shots}/invite-dialog-errors-1280.png` });
  const to = `cafe-${unique()}@invite.test`;
  await dialog.getByLabel("Email").fill(to);
  await dialog.getByLabel("Note (optional)").fill("Pay early and save.");
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(notifications(page)).toContainText(`Invite sent to ${to}`);
  await expect(dialog).toBeHidden();

  const link = await landingLinkFor(browser, to);
  expect(link).toMatch(/invoiceType=BILL&type=invite$/);

  // The landing page is public: a visitor with no session.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  const headline = visitor.getByRole("heading", { level: 1 });
  await expect(headline).toHaveText(/^Save \$[\d,]+\.\d{2} on this invoice$/);
  const saving = /(\$[\d,]+\.\d{2})/.exec((await headline.textContent())!)![1];
  const summary = visitor.getByRole("region", { name: "Invoice summary" });
  await expect(summary).toContainText(number);
  await expect(summary).toContainText("Amount due (inc. GST)");
  await expect(summary).toContainText(`Cashback reward${saving}`);
  const button = visitor.getByRole("link", { name: `Pay Now & Save ${saving}` });
  await expect(button).toHaveAttribute("href", /^\/signup\?token=[A-Za-z0-9_-]+&userId=\d+$/);

  for (const width of [1280, 800]) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.screenshot({ path: `${shots}/landing-invite-${width}.png`, fullPage: true });
  }
  await visitor.context().close();
});

test("a purchaser notifies a supplier: Notification sent, and the link's Log In uses it once", async ({ page, browser }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills?tab=bills&supplier=Kiwi");
  const table = page.getByRole("table", { name: "Bills" });
  const notify = table.getByRole("button", { name: /^Notify / }).first();
  await expect(notify).toBeVisible();
  const label = (await notify.getAttribute("aria-label"))!;
  await notify.click();
  await page.getByRole("dialog", { name: "Notify supplier" }).getByRole("button", { name: "Notify" }).click();
  await expect(notifications(page)).toContainText("Notification sent");
  await expect(table.getByRole("button", { name: label })).toHaveCount(0);

  const link = await landingLinkFor(browser, SUPPLIER);
  expect(link).toMatch(/invoiceType=INVOICE&type=notify$/);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1, name: "Get Paid Today" })).toBeVisible();
  await expect(visitor.getByText("Service fee", { exact: true })).toBeVisible();
  for (const width of [1280, 800]) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.screenshot({ path: `${shots}/landing-notify-${width}.png`, fullPage: true });
  }
  await visitor.getByRole("link", { name: "Log In" }).click();
  await expect(visitor).toHaveURL(/\/login\?token=/);
  await visitor.getByLabel("Email").fill(SUPPLIER);
  await visitor.getByLabel("Password").fill("Earlybird#2026");
  await visitor.getByRole("button", { name: "Log in" }).click();
  await expect(visitor).toHaveURL(/\/invoices$/);

  // Used: the link now says the offer has expired (notify).
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1, name: "Sorry, your early payment offer has expired." })).toBeVisible();
  await visitor.screenshot({ path: `${shots}/landing-used-1280.png`, fullPage: true });
  await context.close();
});

test("a purchaser batch-invites the suppliers of the selected bills: one invite per supplier, a list on the landing page", async ({ page, browser }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills?tab=bills&status=PAYMENT_OFFERED&size=100");
  const table = page.getByRole("table", { name: "Bills" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("form", { name: "Bulk actions" }).getByRole("button", { name: "Invite" }).click();

  const dialog = page.getByRole("dialog", { name: "Invite suppliers" });
  await expect(dialog).toBeVisible();
  const suppliers = dialog.getByRole("list", { name: "Suppliers to invite" });
  // Southern Produce is INACTIVE with Payment Offered bills; Kiwi Supplies is on Earlybird and Tasman was invited by Harbour.
  await expect(suppliers).toContainText("Southern Produce Ltd");
  await expect(suppliers).toContainText("accounts@southernproduce.test");
  await expect(suppliers).not.toContainText("Kiwi Supplies Ltd");
  await expect(suppliers).not.toContainText("Tasman Packaging Ltd");
  await page.screenshot({ path: `${shots}/batch-invite-dialog-1280.png` });
  await dialog.getByRole("button", { name: /^Send (\d+ invites|invite)$/ }).click();
  await expect(notifications(page)).toContainText(/Invites? sent to/);

  const link = await landingLinkFor(browser, "accounts@southernproduce.test");
  expect(link).toMatch(/invoiceType=INVOICE&type=invite$/);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1, name: "Get Paid Today" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Get Paid Today" })).toHaveAttribute("href", /^\/signup\?token=[A-Za-z0-9_-]+&userId=\d+$/);
  for (const width of [1280, 800]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.screenshot({ path: `${shots}/landing-batch-${width}.png`, fullPage: true });
  }
  await context.close();
});

test("a missing or unknown token, or an invalid type, is the not-found page", async ({ page }) => {
  for (const url of [
    "/invoices?token=not-a-real-token&invoiceType=INVOICE&type=invite",
    "/invoices?invoiceType=BILL&type=notify",
    "/invoices?token=abc&invoiceType=INVOICE&type=visit",
    "/invoices?token=abc&invoiceType=CREDIT&type=invite",
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
  await page.screenshot({ path: `${shots}/landing-not-found-1280.png` });
});
