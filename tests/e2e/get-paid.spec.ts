import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { accountBalance, loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The supplier's Get Paid (p2 §4 "Get Paid dialog (supplier)", §8, §9): the supplier's invoices to its customer are in
 * the customer's ACTIVE offer, so they show Payment Available. Money moves, so both are the spec's own
 * (tests/e2e/support/world.ts), not the demo personas.
 */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/h-exec-shots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

// Two logins, a payment through the job queue and two account visits: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Get Paid Foods" }, supplier: { name: "Get Paid Supplies" } },
    trades: [["purchaser", "supplier"]],
    records: [123_450, 98_760, 154_320, 76_540].map((total, index) => ({ key: `offered${index}`, supplier: "supplier", purchaser: "purchaser", total, daysToDue: 30 + index * 10 })),
    offers: [{ company: "purchaser", cashpool: 2_000_000, crr: "8", include: ["offered0", "offered1", "offered2", "offered3"] }],
  });
});
const login = (page: Page) => loginAs(page, world.companies.supplier.email, world.password);

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
const money = (value: number) => `$${(value / 100).toLocaleString("en-NZ", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("a supplier gets paid for a Payment Available invoice with the progress bar, and its account shows the credit to the cent", async ({ page }) => {
  await login(page);
  const before = await accountBalance(page);

  await page.goto("/invoices?status=PAYMENT_READY");
  const rows = page.getByRole("table", { name: "Invoices" }).locator("tbody tr");
  const row = rows.filter({ has: page.getByRole("link", { name: /^Get Paid for / }) }).first();
  await expect(row).toContainText("Payment Available");
  const number = (await row.locator("td").nth(1).textContent())!.trim();
  await row.getByRole("link", { name: `Get Paid for ${number}` }).click();
  await expect(page).toHaveURL(/\/invoices\/get-paid\/\d+\?status=PAYMENT_READY/);
  const invoiceId = /get-paid\/(\d+)/.exec(page.url())![1];

  const dialog = page.getByRole("dialog", { name: "Get Paid" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(world.companies.purchaser.name)).toBeVisible();
  // Only the chosen invoice is ticked; the figures are for it.
  await expect(dialog.getByRole("checkbox", { name: `Get paid for ${number}` })).toBeChecked();
  const boxes = dialog.getByRole("checkbox");
  for (let i = 1; i < (await boxes.count()); i += 1) await expect(boxes.nth(i)).not.toBeChecked();
  const selected = dialog.getByRole("definition");
  const [due, fee, receive] = (await selected.allTextContents()).map(cents);
  expect(receive).toBe(due - fee);
  expect(fee).toBeGreaterThan(0);
  await shoot(page, "get-paid-choose-1280");
  await page.setViewportSize({ width: 800, height: 800 });
  await shoot(page, "get-paid-choose-800");
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole("button", { name: "Get Paid" }).click();
  await expect(page).toHaveURL(/execution=\d+/);
  // In progress: the bar, then (two seconds after 100%) the summary.
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await shoot(page, "get-paid-progress-1280");
  const summary = dialog.getByRole("status");
  await expect(summary).toHaveText(`You have been paid ${money(receive)} for 1 invoice.`, { timeout: 20_000 });
  await expect(dialog.getByRole("list", { name: "Invoices paid" })).toContainText(number);
  // The list behind is reloaded once the payment is done: the offer is ACTIVE again, the paid invoice gone. (The
  // dialog hides the page from the accessibility tree, so the table is found by its label attribute.)
  const list = page.locator('table[aria-label="Invoices"]');
  await expect(list.getByText("Payment Available").first()).toBeVisible();
  await expect(list.locator("tbody tr", { hasText: number })).toHaveCount(0);
  await shoot(page, "get-paid-summary-1280");
  await page.setViewportSize({ width: 800, height: 800 });
  await shoot(page, "get-paid-summary-800");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(dialog.getByRole("link", { name: "Withdraw" })).toHaveAttribute("href", "/account/withdraw");
  await dialog.getByRole("link", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();

  // Paid: gone from Payment Available, shown under Payment Received.
  await expect(page.getByRole("link", { name: `Get Paid for ${number}` })).toHaveCount(0);
  await page.goto("/invoices?status=PAYMENT_RECEIVED");
  await expect(page.getByRole("table", { name: "Invoices" }).locator("tbody tr", { hasText: number })).toContainText("Paid");

  // The account shows the credit to the cent.
  expect(await accountBalance(page)).toBe(before + receive);
  const credit = page.getByRole("table", { name: "Transactions" }).locator("tbody tr", { hasText: number });
  await expect(credit).toContainText(`+${money(receive)}`);
  await expect(credit).toContainText(world.companies.purchaser.name);

  // Again: the invoice is paid, so the dialog says so and nothing is paid twice.
  await page.goto(`/invoices/get-paid/${invoiceId}`);
  await expect(page.getByRole("dialog", { name: "Get Paid" }).getByRole("alert")).toHaveText("Invoice has already been paid");
});

test("without JavaScript the dialog posts and the progress page refreshes itself to the summary", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page);
  await page.goto("/invoices?status=PAYMENT_READY");
  const link = page.getByRole("link", { name: /^Get Paid for / }).first();
  const name = (await link.getAttribute("aria-label"))!;
  await link.click();
  const dialog = page.getByRole("dialog", { name: "Get Paid" });
  await dialog.getByRole("button", { name: "Get Paid" }).click();
  await expect(page).toHaveURL(/execution=\d+/);
  await expect(dialog.getByRole("status")).toContainText("You have been paid", { timeout: 20_000 });
  await expect(dialog.getByRole("list", { name: "Invoices paid" })).toContainText(name.replace("Get Paid for ", ""));
  await context.close();
});
