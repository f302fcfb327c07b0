import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { loginAs, PURCHASER, SUPPLIER } from "./helpers";

/**
 * One source for every figure (issue 13 parts 1-2), in the browser with the demo data: the purchaser's Bills cashback
 * card and its statement's "Cashback earned" show the same amount, the supplier's Invoices card and its statement's
 * "Service fees" too, each early payment line says who got what, and the Pay Now and Request Payment dialogs split the
 * discount (supplier's discount = purchaser's saving + Earlybird's fee, D2). Screenshots at 1280, 1024 and 390 px go to
 * /tmp/h-figures-shots/.
 */
const SHOTS = process.env.FIGURES_SHOTS_DIR ?? "/tmp/h-figures-shots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, "")) * 100);
const money = (c: number) => `$${Math.floor(c / 100).toLocaleString("en-NZ")}.${String(c % 100).padStart(2, "0")}`;

/** The value of a figure (a dt/dd pair) inside `scope`. */
function figure(scope: Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);
}

/** The card whose title is `title`: the nearest element around it that holds its figures. */
function card(page: Page, title: string): Locator {
  return page.locator(`xpath=//*[normalize-space(text())="${title}"]/ancestor::div[.//dt][1]`);
}

async function statementLines(page: Page) {
  await page.goto("/account/statements/current?startAt=0&endAt=100");
  const table = page.getByRole("table", { name: "Statement lines" });
  await expect(table).toBeVisible();
  return table;
}

test("the purchaser's cashback card and its statement's Cashback earned agree, and each bill paid early says who got what", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, PURCHASER);
  await page.goto("/bills");
  const cashbackCard = card(page, "Cashback received this month");
  const cashback = cents(await figure(cashbackCard, "Cashback").innerText());
  const billsPaidEarly = Number(await figure(cashbackCard, "Bills paid early").innerText());
  // The demo's early payments: four bills through the offer (Get Paid) and one by Pay Now, all this month.
  expect(billsPaidEarly).toBeGreaterThanOrEqual(5);
  expect(cashback).toBeGreaterThan(0);

  const lines = await statementLines(page);
  await expect(figure(page.locator("dl").first(), "Cashback earned")).toHaveText(money(cashback));
  const billRows = lines.getByRole("row").filter({ hasText: "Bill paid early" });
  await expect(billRows).toHaveCount(billsPaidEarly);
  // The lines' cashback adds up to the card.
  let sum = 0;
  for (const row of await billRows.all()) sum += cents(/Cashback (\$[\d,]+\.\d{2})/.exec(await row.innerText())![1]);
  expect(sum).toBe(cashback);
  // Who got what: the supplier's fee or discount = your cashback or saving + Earlybird's fee, adding up to the cent.
  for (const row of await billRows.all()) {
    const text = await row.innerText();
    const match = /Kiwi Supplies Ltd's (service fee|discount) (\$[\d,]+\.\d{2}) = your (cashback|saving) (\$[\d,]+\.\d{2}) \+ Earlybird's fee (\$[\d,]+\.\d{2})/.exec(text);
    expect(match, text).not.toBeNull();
    expect(cents(match![2])).toBe(cents(match![4]) + cents(match![5]));
  }
  await expect(billRows.filter({ hasText: "Kiwi Supplies Ltd's discount" })).not.toHaveCount(0);
  await shoot(page, "statement-purchaser");
});

test("the supplier's Invoices card and its statement's Service fees agree, and each invoice paid early says who got what", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, SUPPLIER);
  await page.goto("/invoices");
  const received = card(page, "Prompt payments received this month");
  const fees = cents(await figure(received, "Service fees").innerText());
  const paidPromptly = cents(await figure(received, "Amount paid promptly").innerText());
  expect(fees).toBeGreaterThan(0);

  const lines = await statementLines(page);
  await expect(figure(page.locator("dl").first(), "Service fees")).toHaveText(money(fees));
  const invoiceRows = lines.getByRole("row").filter({ hasText: "Invoice paid early" });
  let feeSum = 0;
  let principal = 0;
  for (const row of await invoiceRows.all()) {
    const text = await row.innerText();
    const fee = cents(/Fee (\$[\d,]+\.\d{2})/.exec(text)![1]);
    feeSum += fee;
    principal += cents(/\+(\$[\d,]+\.\d{2})/.exec(text)![1]) + fee;
    const match = /Your (service fee|discount) (\$[\d,]+\.\d{2}) = Harbour Foods Ltd's (cashback|saving) (\$[\d,]+\.\d{2}) \+ Earlybird's fee (\$[\d,]+\.\d{2})/.exec(text);
    expect(match, text).not.toBeNull();
    expect(cents(match![2])).toBe(fee);
    expect(cents(match![2])).toBe(cents(match![4]) + cents(match![5]));
  }
  expect(feeSum).toBe(fees);
  // "Amount paid promptly" is what the payments settled: each line's amount received plus its fee.
  expect(principal).toBe(paidPromptly);
  await shoot(page, "statement-supplier");
});

test("the Pay Now and Request Payment dialogs say who gets what of the discount", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, PURCHASER);
  // A Kiwi Supplies bill with an open prompt payment request (demo data): SAVE s.
  await page.goto("/bills?tab=bills&status=CASHBACK_AVAILABLE");
  const row = page.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: "Kiwi Supplies Ltd" }).filter({ hasText: "SAVE" }).first();
  const payLink = row.getByRole("link", { name: /^Pay Now / });
  const number = (await payLink.getAttribute("aria-label"))?.replace(/^Pay Now /, "") ?? (await payLink.innerText()).replace(/^Pay Now /, "");
  expect(number).not.toBe("");
  await payLink.click();
  const dialog = page.getByRole("dialog", { name: "Pay Now" });
  const figures = dialog.locator("dl").first();
  const discount = cents(await figure(figures, "Kiwi Supplies Ltd's discount").innerText());
  const saving = cents(await figure(figures, "You save (60%)").innerText());
  const fee = cents(await figure(figures, "Earlybird's fee (40%)").innerText());
  expect(saving + fee).toBe(discount);
  expect(saving).toBe(Math.round((discount * 60) / 100));
  await expect(dialog).toContainText(`Who gets what: Kiwi Supplies Ltd's discount ${money(discount)} = you save ${money(saving)} + Earlybird's fee ${money(fee)}.`);
  await shoot(page, "pay-now-split");
  await dialog.getByRole("link", { name: "Close" }).first().click();

  // The supplier's side of the same request.
  const supplierContext = await browser.newContext();
  const sam = await supplierContext.newPage();
  await loginAs(sam, SUPPLIER);
  await sam.goto(`/invoices?number=${encodeURIComponent(`eq:${number}`)}`);
  await sam.getByRole("link", { name: `Edit ${number}` }).click();
  const edit = sam.getByRole("dialog", { name: "Edit Payment Request" });
  await expect(edit).toContainText("Of the amount off, your customer saves 60% and 40% is Earlybird's fee.");
  await expect(edit).toContainText(
    `Your customer sees SAVE ${money(saving)} on this bill. Who gets what: your discount ${money(discount)} = your customer saves ${money(saving)} + Earlybird's fee ${money(fee)}.`
  );
  await shoot(sam, "request-payment-split");
  await supplierContext.close();
});
