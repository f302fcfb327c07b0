import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, PURCHASER } from "./helpers";
import { pdfText } from "../support/pdf-text";

/**
 * Statements (issue 5 part 8): from /account to the statements list, the month to date with its lines, and the CSV
 * and PDF downloads. Screenshots at 1280 and 800 px go to /tmp/h-stmt-shots/ for a person to look at.
 */
const SHOTS = process.env.STATEMENTS_SHOTS_DIR ?? "/tmp/h-stmt-shots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("a purchaser opens its statements, the month to date, and downloads it as CSV and PDF", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/account");
  // The balance the account screen shows is the statement's closing balance.
  const balanceText = await page.getByText(/^Balance \$[\d,]+\.\d{2} less Cash Reserve$/).innerText();
  const balance = /\$([\d,]+\.\d{2})/.exec(balanceText)![1];

  await page.getByRole("link", { name: "Statements" }).click();
  await expect(page).toHaveURL(/\/account\/statements$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statements" })).toBeVisible();
  const monthName = new Intl.DateTimeFormat("en-NZ", { month: "long", year: "numeric", timeZone: "Pacific/Auckland" }).format(new Date());
  await expect(page.getByText(`${monthName} to date`, { exact: true })).toBeVisible();
  // The demo ledger starts this month: no month has ended yet.
  await expect(page.getByRole("table", { name: "Statements" }).getByText("You have no statements yet", { exact: false })).toBeVisible();
  await shoot(page, "statements-1280");
  await page.setViewportSize({ width: 800, height: 900 });
  await shoot(page, "statements-800");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("link", { name: "View this month to date" }).click();
  await expect(page).toHaveURL(/\/account\/statements\/current$/);
  await expect(page.getByRole("heading", { level: 2, name: `${monthName} to date` })).toBeVisible();
  await expect(page.getByText("This month is not over yet: these are the figures so far.", { exact: false })).toBeVisible();
  const closing = page.getByRole("definition").filter({ hasText: /^\$/ }).last();
  await expect(closing).toHaveText(`$${balance}`);
  const lines = page.getByRole("table", { name: "Statement lines" });
  await expect(lines.getByRole("row").nth(1)).toContainText("Topup");
  await shoot(page, "statement-current-1280");
  await page.setViewportSize({ width: 800, height: 900 });
  await shoot(page, "statement-current-800");

  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await csvDownload.path())!, "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe("Line,Date,Type,Reference,Description,Counterparty,Amount,Fee,Cashback,Balance,Earlybird fee,Split");
  expect(csv.at(-1)).toBe(`,,Closing balance,,,,,,,${balance.replaceAll(",", "")},,`);

  const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
  const pdfBytes = fs.readFileSync((await pdfDownload.path())!);
  expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(await pdfText(pdfBytes)).toContain(`$${balance}`);
});

test("a statement id of another company, or a made-up one, is not found", async ({ page }) => {
  await loginAs(page, PURCHASER);
  for (const path of ["/account/statements/999999", "/account/statements/abc", "/resources/statements/999999.csv"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
