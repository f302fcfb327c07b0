import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Creating invoices, bills and credit notes by hand: the Create screens and the Add dialog (p2 §2, §5; p3 §5). Rows are
 * written, so the purchaser and its supplier are the spec's own (tests/e2e/support/world.ts), not the demo personas.
 */

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Create Foods" }, supplier: { name: "Create Supplies" } },
    trades: [["purchaser", "supplier"]],
  });
});
const login = (page: Page, key: "purchaser" | "supplier") => loginAs(page, world.companies[key].email, world.password);
const name = (key: "purchaser" | "supplier") => world.companies[key].name;

const uniqueNumber = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

/** Picks a counterparty in the combobox once the page has hydrated (before that it is a plain select). */
async function pick(page: Page, label: string, typed: string, option: RegExp) {
  const box = page.getByRole("combobox", { name: label });
  await expect(box).toHaveAttribute("aria-autocomplete", "list");
  await box.fill(typed);
  await page.getByRole("option", { name: option }).click();
  await expect(box).toHaveValue(option);
}

async function expectListed(page: Page, path: string, number: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}number=eq:${encodeURIComponent(number)}`);
  await expect(page.getByRole("row").filter({ hasText: number })).toHaveCount(1);
}

test("a purchaser creates a bill with items; totals update live", async ({ page }) => {
  await login(page, "purchaser");
  await page.goto("/bills?tab=bills");
  await page.getByRole("link", { name: "Create Bill" }).click();
  await expect(page).toHaveURL(/\/create-new-invoice\?type=bill/);
  await expect(page.getByRole("heading", { name: "Create Bill" })).toBeVisible();
  // 5 empty items to start.
  await expect(page.getByRole("textbox", { name: /^Description, item/ })).toHaveCount(5);

  const confirm = page.getByRole("button", { name: "Confirm" });
  await expect(confirm).toBeDisabled();
  await pick(page, "Supplier", name("supplier"), new RegExp(name("supplier")));
  const number = uniqueNumber("CB");
  await page.getByLabel("Bill number").fill(number);
  await expect(page.getByLabel("Due date")).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(confirm).toBeEnabled();

  // A past date disables Confirm with the screen's message.
  await page.getByLabel("Due date").fill("01/01/2020");
  await expect(page.getByText("Cannot add invoice with past date.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Due date").fill("15/06/2099");
  await expect(confirm).toBeEnabled();

  await page.getByLabel("Description, item 1").fill("Apples");
  await page.getByLabel("Units, item 1").fill("2");
  await page.getByLabel("Unit price, item 1").fill("10.50");
  await page.getByLabel("Description, item 2").fill("Pears");
  await page.getByLabel("Unit type, item 2").selectOption("QUANTITY");
  await page.getByLabel("Units, item 2").fill("3");
  await page.getByLabel("Unit price, item 2").fill("1.25");
  await expect(page.getByLabel("Amount, item 1")).toHaveText("$21.00");
  await expect(page.getByLabel("Amount, item 2")).toHaveText("$3.75");
  await expect(page.getByTestId("sub-total")).toHaveText("$24.75");
  await expect(page.getByTestId("gst")).toHaveText("$3.71");
  await expect(page.getByTestId("total")).toHaveText("$28.46");

  // Add and delete rows.
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByRole("textbox", { name: /^Description, item/ })).toHaveCount(6);
  await page.getByRole("button", { name: "Delete item 6" }).click();
  await expect(page.getByRole("textbox", { name: /^Description, item/ })).toHaveCount(5);

  await confirm.click();
  await expect(page).toHaveURL(/\/bills\?tab=bills$/);
  await expect(page.getByRole("status")).toContainText(`Bill ${number} created`);
  await expectListed(page, "/bills?tab=bills", number);
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("$28.46");
});

test("the Add Bill dialog checks the due date, confirms, then submits", async ({ page }) => {
  await login(page, "purchaser");
  await page.goto("/bills?tab=bills&size=10");
  await page.getByRole("link", { name: "Add Bill" }).click();
  await expect(page).toHaveURL(/\/bills\/add\?tab=bills&size=10/);
  const dialog = page.getByRole("dialog", { name: "Add bill" });
  await expect(dialog).toBeVisible();

  await pick(page, "Supplier", name("supplier"), new RegExp(name("supplier")));
  const number = uniqueNumber("AB");
  await dialog.getByLabel("Bill number").fill(number);
  await dialog.getByLabel("Issue date").fill("01/02/2025");
  await dialog.getByLabel("Due date").fill("01/01/2020");
  await dialog.getByLabel("Amount (inc. GST)").fill("1,234.50");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Cannot add invoice with past due date")).toBeVisible();
  await expect(dialog.getByLabel("Due date")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Due date").fill("20/03/2099");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Check the details, then submit.")).toBeVisible();
  await expect(dialog.getByText(name("supplier"))).toBeVisible();
  await expect(dialog.getByText("$1,234.50")).toBeVisible();
  await expect(dialog.getByText("20 Mar 2099")).toBeVisible();

  // Back keeps the values.
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByLabel("Bill number")).toHaveValue(number);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await dialog.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/bills\?tab=bills&size=10$/);
  await expect(page.getByRole("status")).toContainText(`Bill ${number} added`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectListed(page, "/bills?tab=bills", number);
});

test("a supplier adds an invoice", async ({ page }) => {
  await login(page, "supplier");
  await page.goto("/invoices");
  await page.getByRole("link", { name: "Add", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add invoice" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Please select company")).toBeVisible();
  await expect(dialog.getByText("This field is required *")).toHaveCount(2);
  await expect(dialog.getByLabel("Invoice number")).toHaveAttribute("aria-invalid", "true");

  await pick(page, "Customer", name("purchaser"), new RegExp(name("purchaser")));
  const number = uniqueNumber("AI");
  await dialog.getByLabel("Invoice number").fill(number);
  await dialog.getByLabel("Amount (inc. GST)").fill("0.50");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Amount cannot be less than $1")).toBeVisible();
  await dialog.getByLabel("Amount (inc. GST)").fill("500");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("$500.00")).toBeVisible();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText(`Invoice ${number} added`);
  await expectListed(page, "/invoices", number);
});

test("a purchaser adds a credit note through the dialog", async ({ page }) => {
  await login(page, "purchaser");
  await page.goto("/bills/add?tab=bills");
  // Once hydrated (the combobox takes typing): a click while React hydrates the page can be lost.
  await expect(page.getByRole("combobox", { name: "Supplier" })).toHaveAttribute("aria-autocomplete", "list");
  await page.getByRole("navigation", { name: "What to add" }).getByRole("link", { name: "Credit note" }).click();
  const dialog = page.getByRole("dialog", { name: "Add credit note" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Cannot create credit note without company and/or without amount")).toBeVisible();

  await pick(page, "Supplier", name("supplier"), new RegExp(name("supplier")));
  const number = uniqueNumber("CN");
  await dialog.getByLabel("Credit note number").fill(number);
  await dialog.getByLabel("Amount").fill("75");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("$75.00")).toBeVisible();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/bills\?tab=bills$/);
  await expect(page.getByRole("status")).toContainText(`Credit note ${number} added`);
});

test("the create screen works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page, "supplier");
  await page.goto("/create-new-invoice?type=INVOICE");
  await page.getByLabel("Customer").selectOption({ label: name("purchaser") });
  const number = uniqueNumber("NJ");
  await page.getByLabel("Invoice number").fill(number);
  await page.getByLabel("Due date").fill("01/01/2020");
  await page.getByLabel("Units, item 1").fill("4");
  await page.getByLabel("Unit price, item 1").fill("25");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Cannot add invoice with past date.")).toBeVisible();
  await page.getByLabel("Due date").fill("01/01/2099");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expectListed(page, "/invoices", number);
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("$115.00");
  await context.close();
});
