import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { loginAs, PURCHASER, shootWidths } from "./helpers";

/**
 * The dashboard (issue 17 part 6; spec part 3 §2.2): the Auto Processed tiles and the chart 'Invoices Auto Processed per
 * Month', drawn on the server (there without JavaScript), with this month's automatic bills of Harbour Foods' demo
 * (its AUTOMATIC queue authorised the clean sample bills when the demo was seeded) and the one variance Pat authorised. Screenshots (SCREENSHOTS=1) go to
 * /tmp/i17-shots.
 */
const shotsDir = process.env.SCREENSHOTS ? "/tmp/i17-shots" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });

const thisMonth = new Intl.DateTimeFormat("en-NZ", { timeZone: "Pacific/Auckland", month: "short", year: "numeric" }).format(new Date());

test("without JavaScript the chart is drawn by the server, with this month's automatic bills", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, PURCHASER);
  await page.goto("/dashboard");
  await expect(page.getByText("Invoices Auto Processed per Month").first()).toBeVisible();
  const chart = page.getByTestId("auto-processed-chart");
  // Six months of stacked bars are drawn: at least this month's automatic bar has a height.
  await expect(chart.locator(".recharts-wrapper > svg")).toBeVisible();
  expect(await chart.locator(".recharts-bar-rectangle path").count()).toBeGreaterThan(0);
  // The same figures for screen readers: this month's row has automatic bills.
  const row = page.getByRole("table", { name: "Invoices Auto Processed per Month" }).getByRole("row", { name: new RegExp(thisMonth.replace(" ", ".")) });
  await expect(row.getByRole("cell").first()).not.toHaveText("0");
  // and the variance Pat authorised when the demo was seeded: this month's Manual bar.
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expect(page.getByRole("region", { name: "Auto Processed" })).toContainText("This month");
  await expect(page.getByRole("region", { name: "Auto Processed" })).toContainText("Last 12 months");
  await shootWidths(page, shotsDir, "dashboard-no-js");
  await context.close();
});

test("with JavaScript the bar's tooltip gives the count, the total and the percent", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/dashboard");
  const chart = page.getByTestId("auto-processed-chart");
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await chart.locator(".recharts-bar-rectangle path").last().hover();
  await expect(page.getByText(/^Automatic: \d+ of \d+ \(\d+%\)$/)).toBeVisible();
  await shootWidths(page, shotsDir, "dashboard");
});
