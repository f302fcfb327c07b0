import { expect, test, type Page } from "@playwright/test";
import { loginAs, PURCHASER, SUPPLIER } from "./helpers";

/** The bills and invoices lists on the demo data: sort, paging, page size, search and status tabs, all in the URL. */

const bodyRows = (page: Page, name: string) => page.getByRole("table", { name }).locator("tbody tr");
const summary = (page: Page) => page.getByRole("navigation", { name: "Pagination" }).getByText(/^\d+-\d+ of \d+$/);

test("a purchaser sorts, pages, resizes and searches the Bills tab", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills?tab=bills");
  await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Bills view" }).getByRole("link", { name: "Bills" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Cash-reserve offer")).toBeVisible();
  await expect(page.getByText("Cashback received this month")).toBeVisible();

  const rows = bodyRows(page, "Bills");
  await expect(rows).toHaveCount(25);
  await expect(summary(page)).toHaveText(/^1-25 of \d+$/);
  const total = Number((await summary(page).textContent())?.split(" of ")[1]);
  expect(total).toBeGreaterThan(50);
  await expect(rows.first().getByRole("cell").nth(3)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(rows.first().getByRole("cell").nth(2)).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

  // Sort by amount due: ascending, then descending; the first row changes.
  const firstBefore = await rows.first().textContent();
  const amountHeader = page.getByRole("columnheader", { name: /Amount due/ });
  await amountHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=discountedTotal(%2C|,)asc/);
  await expect(amountHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first()).not.toHaveText(firstBefore ?? "");
  const smallest = await rows.first().textContent();
  await amountHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=discountedTotal(%2C|,)desc/);
  await expect(amountHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).not.toHaveText(smallest ?? "");

  // Page 2.
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary(page)).toHaveText(`26-50 of ${total}`);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // Page size 10: back to the first page.
  await page.getByLabel("Rows per page").selectOption("10");
  await expect(page).toHaveURL(/size=10/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(summary(page)).toHaveText(`1-10 of ${total}`);
  await expect(rows).toHaveCount(10);

  // Search a supplier by name (debounced navigation).
  await page.getByLabel("Search by supplier name").fill("Southern");
  await expect(page).toHaveURL(/entity=Southern/);
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await expect(rows.nth(i).getByRole("cell").nth(1)).toContainText("Southern");
});

test("a supplier opens the Payment Received tab of its invoices", async ({ page }) => {
  await loginAs(page, SUPPLIER);
  await page.goto("/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  await expect(page.getByText("Active prompt payment requests")).toBeVisible();
  await expect(page.getByText("Prompt payments received this month")).toBeVisible();
  await expect(bodyRows(page, "Invoices").first()).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Invoice status" });
  await tabs.getByRole("link", { name: "Payment Received" }).click();
  await expect(page).toHaveURL(/status=PAYMENT_RECEIVED/);
  await expect(tabs.getByRole("link", { name: "Payment Received" })).toHaveAttribute("aria-current", "page");
  const rows = bodyRows(page, "Invoices");
  await expect(rows.first().getByRole("cell").nth(4)).toHaveText("Paid");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await expect(rows.nth(i).getByRole("cell").nth(4)).toHaveText("Paid");
});

test("the Suppliers tab says it is not built yet", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills");
  await expect(page.getByText("Supplier summaries are not built yet")).toBeVisible();
  await page.getByRole("navigation", { name: "Bills view" }).getByRole("link", { name: "Bills" }).click();
  await expect(page).toHaveURL(/tab=bills/);
  await expect(bodyRows(page, "Bills").first()).toBeVisible();
});
