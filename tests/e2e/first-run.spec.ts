import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths, SUPPLIER } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * First run (issue 20 part 3, docs/decisions/065-first-run.md): a company with nothing yet lands on Get started, whose
 * checklist is ticked from its real data; Create Bill and Add invoice make a new counterparty on the spot (name,
 * e-mail, GST with the spec's GST rules) instead of "No companies found"; a purchaser then lands on Bills.
 * The companies are this spec's own (tests/e2e/support/world.ts). SHOTS=1 saves screenshots at 1280, 1024 and 390 px.
 */
const SHOTS = process.env.SHOTS ? "/tmp/c-first-run-shots" : null;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

let world: World;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  world = await makeWorld({ companies: { fresh: { name: "First Run Timber" }, seller: { name: "First Run Seller" } } });
});

const run = () => crypto.randomBytes(3).toString("hex");
const checklist = (page: Page) => page.getByRole("region", { name: "What to do next" });
const step = (page: Page, title: string) => checklist(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

test("a new company lands on Get started, adds a supplier on the spot, creates a bill, and then lands on Bills", async ({ page }) => {
  test.setTimeout(90_000);
  const company = world.companies.fresh;
  await loginAs(page, company.email, world.password);

  // ---- Landing: the checklist, nothing done, not an empty Invoices list. ------------------------------------------
  await expect(page).toHaveURL(/\/get-started$/);
  await expect(page.getByRole("heading", { level: 1, name: "Get started" })).toBeVisible();
  await expect(page).toHaveTitle("Earlybird | Get started");
  await expect(checklist(page).getByText("0 of 3 done")).toBeVisible();
  await expect(checklist(page).getByRole("heading", { level: 3 })).toHaveText([
    "Step 1: Connect your accounting software or import your invoices and bills (to do)",
    "Step 2: Add a bank account (to do)",
    "Step 3: Top up your account or request payment (to do)",
  ]);
  await expect(step(page, "Add a bank account").getByRole("link", { name: "Add bank account" })).toHaveAttribute("href", "/settings/bank-accounts/add");
  await expect(step(page, "Connect your accounting software").getByRole("link", { name: "Import bills" })).toHaveAttribute("href", "/bills/import");
  await shootWidths(page, SHOTS, "get-started-new");

  // ---- A top-up started from the checklist: pending until the money arrives. ----------------------------------------
  await step(page, "Top up your account or request payment").getByRole("link", { name: "Top up" }).click();
  const entry = page.getByRole("dialog", { name: "Topup Entry" });
  await expect(entry).toBeVisible();
  await entry.getByRole("textbox").fill("250");
  await entry.getByRole("button", { name: "Next" }).click();
  await page.getByRole("dialog", { name: "Topup Details" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("dialog", { name: "Bank Transfer" })).toBeVisible();
  await page.goto("/get-started");
  // A company that tops up is a purchaser: its third step is the top-up, waiting for the money.
  await expect(checklist(page).getByRole("heading", { level: 3 }).nth(2)).toHaveText("Step 3: Top up your account (to do)");
  await expect(step(page, "Top up your account")).toContainText("Waiting for your bank transfer");
  await expect(checklist(page).getByText("0 of 3 done")).toBeVisible();

  // ---- Create Bill: the supplier does not exist yet. ------------------------------------------------------------------
  const supplier = `Matai Mills ${run()}`;
  const number = `FR-${run()}`;
  await page.goto("/create-new-invoice?type=bill");
  await expect(page.getByRole("heading", { level: 1, name: "Create Bill" })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Supplier" });
  await picker.fill(supplier);
  const addOption = page.getByRole("option", { name: `Add "${supplier}" as a new supplier` });
  await expect(addOption).toBeVisible();
  await expect(page.getByText("No companies found")).toHaveCount(0);
  await addOption.click();
  const name = page.getByLabel("Company name");
  await expect(name).toHaveValue(supplier);
  await expect(name).toBeFocused();
  // The spec's GST rules (p3 §5), on the field; nothing is added.
  await page.getByLabel("GST number (optional)").fill("12A");
  await page.getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByText("GST Number must only contain numbers e.g. 123-456-789 or 123456789")).toBeVisible();
  await page.getByLabel("GST number (optional)").fill("1234");
  await page.getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByText("Invalid GST Number length (min: 8, max: 9).")).toBeVisible();
  await page.getByLabel("Email (optional)").fill("accounts-at-matai");
  await page.getByLabel("GST number (optional)").fill("12-345-678");
  await page.getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByText("Email is not in valid format")).toBeVisible();
  await page.getByLabel("Email (optional)").fill("accounts@matai.test");
  await page.getByLabel("Bill number").fill(number);
  await page.getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${supplier} added as a new supplier` })).toBeVisible();
  await expect(picker).toHaveValue(supplier);
  // What was typed for the bill is still there.
  await expect(page.getByLabel("Bill number")).toHaveValue(number);
  await shootWidths(page, SHOTS, "create-bill-new-supplier");

  const today = new Date().toLocaleDateString("en-NZ", { timeZone: "Pacific/Auckland", day: "2-digit", month: "2-digit", year: "numeric" });
  await page.getByLabel("Issue date").fill(today);
  await page.getByLabel("Units, item 1").fill("2");
  await page.getByLabel("Unit price, item 1").fill("100");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/bills\?tab=bills$/);
  await expect(page.getByText(`Bill ${number} created`)).toBeVisible();

  // ---- The checklist now: records in, the top-up still pending; a purchaser's third step is the top-up. -------------
  await page.goto("/get-started");
  await expect(checklist(page).getByText("1 of 3 done")).toBeVisible();
  await expect(step(page, "Connect your accounting software")).toContainText("Your invoices and bills are in");
  await expect(checklist(page).getByRole("heading", { level: 3 }).nth(0)).toHaveText(/\(done\)$/);
  await expect(checklist(page).getByRole("heading", { level: 3 }).nth(2)).toHaveText("Step 3: Top up your account (to do)");
  await shootWidths(page, SHOTS, "get-started-progress");

  // ---- With a bill to pay, the company is a purchaser: it lands on Bills. --------------------------------------------
  await page.goto("/");
  await expect(page).toHaveURL(/\/bills$/);
  await page.context().clearCookies();
  await loginAs(page, company.email, world.password);
  await expect(page).toHaveURL(/\/bills$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();
});

test("Add invoice makes a new customer without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, world.companies.seller.email, world.password);
  await expect(page).toHaveURL(/\/get-started$/);
  const customer = `Rata Retail ${run()}`;
  await page.goto("/invoices/add");
  const dialog = page.getByRole("dialog", { name: "Add invoice" });
  await dialog.getByText("Not in the list? Add a new customer").click();
  await dialog.getByLabel("Company name").fill("   ");
  await dialog.getByRole("button", { name: "Add customer" }).click();
  await expect(dialog.getByText("Please type company name")).toBeVisible();
  await dialog.getByLabel("Company name").fill(customer);
  await dialog.getByLabel("GST number (optional)").fill("98765432");
  await dialog.getByRole("button", { name: "Add customer" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`${customer} added as a new customer`);
  // The new customer is chosen in the no-JavaScript select.
  await expect(dialog.getByLabel("Customer")).toHaveValue(/^\d+$/);
  await expect(dialog.getByLabel("Customer").locator("option:checked")).toHaveText(customer);
  await context.close();
});

test("a supplier lands on Invoices", async ({ page }) => {
  await loginAs(page, SUPPLIER);
  await expect(page).toHaveURL(/\/invoices$/);
});
