import { expect, test, type Page } from "@playwright/test";
import { loginAs, PURCHASER } from "./helpers";

/**
 * The Suppliers tab of /bills and the supplier bills page /suppliers/{supplierId} on the demo data (Harbour Foods,
 * the purchaser): statuses and totals per supplier, the payment period tabs, filter chips, the historical month
 * picker with Reset Period, and the Confirm Delete dialog. Nothing here changes the demo data.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "YYYY-MM" of today in Auckland (the purchaser's time zone), shifted by `delta` months. */
function nzMonth(delta = 0): { key: string; label: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m] = today.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { key: `${year}-${String(month).padStart(2, "0")}`, label: `${MONTHS[month - 1]} ${year}` };
}

const supplierRow = (page: Page, name: string) => page.getByRole("table", { name: "Suppliers" }).locator("tbody tr").filter({ hasText: name });
const money = /^\$[\d,]+\.\d{2}$/;

test("the Suppliers tab lists suppliers with statuses and totals, and opens a supplier's bills", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/bills");
  await expect(page.getByRole("navigation", { name: "Bills view" }).getByRole("link", { name: "Suppliers" })).toHaveAttribute("aria-current", "page");

  const kiwi = supplierRow(page, "Kiwi Supplies Ltd");
  await expect(kiwi).toHaveCount(1);
  // Kiwi Supplies asked for prompt payments on some bills (demo data): Cashback Available, with a saving.
  await expect(kiwi.getByRole("cell").nth(1)).toHaveText("Cashback Available");
  await expect(kiwi.getByRole("cell").nth(2)).toHaveText(money);
  await expect(kiwi.getByRole("cell").nth(2)).not.toHaveText("$0.00");
  await expect(kiwi.getByRole("cell").nth(3)).toHaveText(money);
  await expect(kiwi.getByRole("cell").nth(4)).not.toHaveText("$0.00");
  // Pacific Seafoods has offers disabled.
  await expect(supplierRow(page, "Pacific Seafoods").getByText("Offers disabled")).toBeVisible();
  // Southern Produce has an unallocated credit note of $300.00.
  await expect(supplierRow(page, "Southern Produce").getByRole("cell").nth(3)).toHaveText("$300.00");

  // Status filter and search are in the URL.
  await page.getByLabel("Status").selectOption("CASHBACK_AVAILABLE");
  await expect(page).toHaveURL(/status=CASHBACK_AVAILABLE/);
  const rows = page.getByRole("table", { name: "Suppliers" }).locator("tbody tr");
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText("Cashback Available");
  for (const row of await rows.all()) await expect(row.getByRole("cell").nth(1)).toHaveText("Cashback Available");
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Search by supplier name").fill("nobody at all");
  await expect(page).toHaveURL(/supplier=nobody/);
  await expect(page.getByText("No items to show")).toBeVisible();
  // "kiwi" alone also finds the demo's duplicate "Kiwi Supplies Limited" (issue 15 part 6).
  await page.getByLabel("Search by supplier name").fill("kiwi supplies ltd");
  await expect(page).toHaveURL(/supplier=kiwi/);
  await expect(rows).toHaveCount(1);

  await kiwi.getByRole("link", { name: /Kiwi Supplies Ltd/ }).click();
  await expect(page).toHaveURL(/\/suppliers\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: /Kiwi Supplies/ })).toBeVisible();
  await expect(page.getByText("Payment period", { exact: true })).toBeVisible();
  await expect(page.getByText("Pending invoices", { exact: true })).toBeVisible();
});

async function openKiwi(page: Page) {
  await loginAs(page, PURCHASER);
  await page.goto("/bills?supplier=kiwi");
  await supplierRow(page, "Kiwi Supplies Ltd")
    .getByRole("link", { name: /Kiwi Supplies Ltd/ })
    .click();
  await expect(page).toHaveURL(/\/suppliers\/\d+$/);
  return new URL(page.url()).pathname;
}

test("the supplier bills page shows one month at a time: the tabs and the month picker move the same month", async ({ page }) => {
  const supplierPath = await openKiwi(page);
  const table = page.getByRole("table", { name: "Supplier bills" });
  const periodTabs = page.getByRole("navigation", { name: "Payment period" });
  const current = nzMonth(0);
  const next = nzMonth(1);
  const previous = nzMonth(-1);

  // Current and next month tabs: one month state, in the URL's month.
  const monthField = page.getByRole("group", { name: "Month picker" }).getByLabel("Month", { exact: true });
  await expect(periodTabs.getByRole("link", { name: current.label })).toHaveAttribute("aria-current", "page");
  await expect(monthField).toHaveValue(current.key);
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await periodTabs.getByRole("link", { name: next.label }).click();
  await expect(page).toHaveURL(new RegExp(`month=${next.key}`));
  await expect(periodTabs.getByRole("link", { name: next.label })).toHaveAttribute("aria-current", "page");
  await expect(monthField).toHaveValue(next.key);
  await periodTabs.getByRole("link", { name: current.label }).click();
  await expect(page).not.toHaveURL(/month=/);
  await expect(periodTabs.getByRole("link", { name: current.label })).toHaveAttribute("aria-current", "page");
  await expect(monthField).toHaveValue(current.key);

  // The month picker: back to earlier months, forward to the next month (the next-month tab's), no further.
  const picker = page.getByRole("group", { name: "Month picker" });
  await expect(picker.getByRole("link", { name: "Next month" })).toBeVisible();
  await picker.getByRole("link", { name: "Previous month" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${previous.key}`));
  await expect(monthField).toHaveValue(previous.key);
  // An earlier month is on neither tab.
  await expect(periodTabs.locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole("link", { name: "Reset Period" }).click();
  await expect(page).not.toHaveURL(/month=/);
  await expect(monthField).toHaveValue(current.key);
  await expect(page.getByRole("link", { name: "Reset Period" })).toHaveCount(0);
  await picker.getByRole("link", { name: "Next month" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${next.key}`));
  await expect(monthField).toHaveValue(next.key);
  await expect(periodTabs.getByRole("link", { name: next.label })).toHaveAttribute("aria-current", "page");
  await expect(picker.getByRole("button", { name: "Next month" })).toBeDisabled();

  // A month after the next in the URL is refused: the current month is shown.
  await page.goto(`${supplierPath}?month=${nzMonth(2).key}`);
  await expect(page).toHaveURL(new RegExp(`${supplierPath}$`));
  await expect(monthField).toHaveValue(current.key);
});

test("the supplier bills page filters by chip and confirms a delete", async ({ page }) => {
  await openKiwi(page);
  const table = page.getByRole("table", { name: "Supplier bills" });

  // The Unallocated Credit chip: Kiwi Supplies' credit notes with credit left, each to allocate.
  const chips = page.getByRole("navigation", { name: "Filter" });
  await chips.getByRole("link", { name: "Unallocated Credit" }).click();
  await expect(page).toHaveURL(/status=UNALLOCATED_CREDIT/);
  await expect(chips.getByRole("link", { name: "Unallocated Credit" })).toHaveAttribute("aria-current", "page");
  const creditRows = table.locator("tbody tr");
  await expect(creditRows.filter({ hasText: "CN-1001" })).toHaveCount(1);
  for (const row of await creditRows.all()) {
    await expect(row.getByRole("cell").nth(1)).toHaveText("Credit note");
    await expect(row.getByRole("cell").nth(6)).toHaveText("Unallocated");
    await expect(row.getByRole("link", { name: /^Allocate / })).toHaveAttribute("href", /\/credit-notes\/\d+\/allocate\?status=UNALLOCATED_CREDIT$/);
  }

  // Confirm Delete opens over the page with the selection, and Cancel leaves everything as it was.
  await creditRows.filter({ hasText: "CN-1001" }).getByRole("checkbox", { name: "Select CN-1001" }).check();
  await expect(page.getByText("1 selected")).toBeVisible();
  await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Credit note CN-1001")).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/status=UNALLOCATED_CREDIT/);
  await expect(creditRows.filter({ hasText: "CN-1001" })).toHaveCount(1);

  // The ALL chip, then the Paid chip: only paid bills.
  await chips.getByRole("link", { name: "Paid", exact: true }).click();
  await expect(page).toHaveURL(/status=PAID/);
  for (const row of await table.locator("tbody tr").all()) {
    const text = (await row.textContent()) ?? "";
    if (!text.includes("No items to show")) await expect(row.getByRole("cell").nth(6)).toHaveText("Paid");
  }
  await chips.getByRole("link", { name: "ALL", exact: true }).click();
  await expect(page).not.toHaveURL(/status=/);
});

test("?period=next shows one month, the next, everywhere on the supplier page, with its bills (issue 13 part 20)", async ({ page }) => {
  const supplierPath = await openKiwi(page);
  const next = nzMonth(1);
  const [year, month] = next.key.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const abbreviation = MONTHS[month - 1].slice(0, 3);

  await page.goto(`${supplierPath}?period=next`);
  // The old tab parameter becomes the month itself.
  await expect(page).toHaveURL(new RegExp(`${supplierPath}\\?month=${next.key}$`));
  await expect(page.getByRole("group", { name: "Month picker" }).getByLabel("Month", { exact: true })).toHaveValue(next.key);
  const periodTabs = page.getByRole("navigation", { name: "Payment period" });
  await expect(periodTabs.getByRole("link", { name: next.label })).toHaveAttribute("aria-current", "page");
  await expect(periodTabs.getByRole("link", { name: nzMonth(0).label })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByText(`01 ${abbreviation} ${year} – ${lastDay} ${abbreviation} ${year}`)).toBeVisible();

  // The table is the next month's: Kiwi Supplies has unpaid bills due then, and every unpaid bill shown is due then.
  const rows = page.getByRole("table", { name: "Supplier bills" }).locator("tbody tr");
  const unpaidBills = rows.filter({ has: page.getByRole("cell", { name: "Bill", exact: true }) }).filter({ hasNot: page.getByText("Paid", { exact: true }) });
  await expect(unpaidBills.first()).toBeVisible();
  for (const row of await unpaidBills.all()) await expect(row.getByRole("cell").nth(4)).toHaveText(new RegExp(`^\\d{2} ${abbreviation} ${year}$`));
});

test("another company's or an unknown supplier is not found", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const response = await page.goto("/suppliers/999999");
  expect(response?.status()).toBe(404);
});
