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
  // The first cell is the selection checkbox.
  await expect(rows.first().getByRole("cell").nth(4)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(rows.first().getByRole("cell").nth(3)).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

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
  for (let i = 0; i < count; i += 1) await expect(rows.nth(i).getByRole("cell").nth(2)).toContainText("Southern");
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

test("the Bills page opens on the Suppliers tab and switches to Bills", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills");
  await expect(page.getByRole("navigation", { name: "Bills view" }).getByRole("link", { name: "Suppliers" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("navigation", { name: "Bills view" }).getByRole("link", { name: "Bills" }).click();
  await expect(page).toHaveURL(/tab=bills/);
  await expect(bodyRows(page, "Bills").first()).toBeVisible();
});

test("a purchaser filters the Bills tab by amount and due date with the Filter dropdown, then resets", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills?tab=bills&sort=discountedTotal,asc");
  const rows = bodyRows(page, "Bills");
  await expect(rows).toHaveCount(25);
  const totalBefore = Number((await summary(page).textContent())?.split(" of ")[1]);
  const filter = page.locator("summary", { hasText: "Filter" });
  await expect(filter).toHaveText("Filter");

  // Amount greater than $5,000: every row is above it, the badge counts 1, search and sort are kept.
  await filter.click();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Amount condition").selectOption("gt");
  await filters.getByLabel("Amount", { exact: true }).fill("5000");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/amount=gt(%3A|:)5000\.00/);
  await expect(page).toHaveURL(/sort=discountedTotal/);
  await expect(page.getByLabel("1 active filter")).toHaveText("1");
  await expect(rows.first()).toBeVisible();
  const amounts = await rows.locator("td:nth-child(5)").allTextContents();
  expect(amounts.length).toBeGreaterThan(0);
  for (const text of amounts) expect(Number(text.replace(/[$,]/g, ""))).toBeGreaterThan(5000);
  const afterAmount = Number((await summary(page).textContent())?.split(" of ")[1] ?? amounts.length);
  expect(afterAmount).toBeLessThan(totalBefore);

  // Due in the next 30 days as well: two filters, fewer or equal rows, each due within 30 days.
  await filter.click();
  await filters.getByLabel("Due date condition").selectOption("in");
  await filters.getByLabel("In the next").fill("30");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/in=30(%3A|:)days/);
  await expect(page).toHaveURL(/amount=gt/);
  await expect(page.getByLabel("2 active filters")).toHaveText("2");
  const dates = await rows.locator("td:nth-child(4)").allTextContents();
  const horizon = Date.now() + 31 * 86_400_000;
  for (const text of dates) expect(new Date(text).getTime()).toBeLessThanOrEqual(horizon);
  expect(dates.length).toBeLessThanOrEqual(amounts.length);

  // A bad amount is refused as typed (the money input keeps the amount; the server's message is covered by
  // tests/integration filter-form) and nothing changes.
  await filter.click();
  await filters.getByLabel("Amount", { exact: true }).fill("abc");
  await expect(filters.getByLabel("Amount", { exact: true })).toHaveValue("5,000.00");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/amount=gt(%3A|:)5000\.00/);

  // Reset all clears both filters and keeps the sort (Apply closed the dropdown: open it again).
  await page.waitForLoadState("networkidle");
  if (!(await filters.getByRole("link", { name: "Reset all" }).isVisible())) await filter.click();
  await filters.getByRole("link", { name: "Reset all" }).click();
  await expect(page).not.toHaveURL(/amount=|in=/);
  await expect(page).toHaveURL(/sort=discountedTotal/);
  await expect(filter).toHaveText("Filter");
  await expect(summary(page)).toHaveText(`1-25 of ${totalBefore}`);
});
