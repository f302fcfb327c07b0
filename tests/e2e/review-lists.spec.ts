import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The review lists (issue 17 part 1; spec part 3 §2.1, §3, §4.1 'Batch review'; decision 050) for a buyer of the spec's
 * own: the statistics cards' figures, the tabs and a filter in the URL, a row locked by another user (Locked, with the
 * holder in its tooltip, no link), the rows' links carrying the list's query, and the batch Delete with its
 * confirmation, followed as a job to 'Document deleted' and 'Could not delete 1 out of 2 selected documents'.
 * Screenshots (SCREENSHOTS=1) go to /tmp/i17-lu-shots.
 */
const shotsDir = process.env.SCREENSHOTS ? "/tmp/i17-lu-shots" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function helper(input: Record<string, unknown>) {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e"), APP_ENV: "test" };
  delete env.DATABASE_URL;
  const { stdout } = await run(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "tests/e2e/support/make-review-list-documents.ts"), JSON.stringify(input)],
    { cwd: root, env, timeout: 120_000 }
  );
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

let world: World;
let docs: { ids: Record<string, number>; holder: string; holderId: number };
let supplierName: string;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({
    companies: { buyer: { name: "Review Lists Buyer" }, supplier: { name: "Review Lists Supplier" } },
    trades: [["buyer", "supplier"]],
    documentProcessing: [{ company: "buyer", queue: "MANUAL" }],
  });
  supplierName = world.companies.supplier.name;
  docs = await helper({ companyId: world.companies.buyer.id, supplier: supplierName });
});

const rowOf = (page: Page, invoice: string) => page.getByRole("table").getByRole("row").filter({ hasText: invoice });

async function login(page: Page) {
  await loginAs(page, world.companies.buyer.email, world.password);
}

test("Pending review: the statistics by reason, the tabs and a filter in the URL, a Locked row", async ({ page }) => {
  await login(page);
  await page.goto("/bills/pending-review");
  await expect(page.getByRole("heading", { name: "Pending review" }).first()).toBeVisible();

  // No PO Found: RV-1001 ($100), RV-1002 ($50) and the locked RV-1005 ($7).
  const noPoFound = page.getByRole("group", { name: "No PO Found" });
  await expect(noPoFound).toContainText("Bills3");
  await expect(noPoFound).toContainText("157.00");
  await expect(page.getByRole("group", { name: "No PO Match" })).toContainText("20.00");
  await expect(page.getByRole("group", { name: "No Status Match" })).toContainText("10.00");

  // Every document of the list, newest first; the locked one cannot be opened.
  for (const invoice of ["RV-1001", "RV-1002", "RV-1003", "RV-1004", "RV-1005"]) await expect(rowOf(page, invoice)).toHaveCount(1);
  const locked = rowOf(page, "RV-1005");
  await expect(locked.getByRole("link")).toHaveCount(0);
  const lockedButton = locked.getByRole("button", { name: "Locked" });
  await lockedButton.focus();
  await expect(page.getByRole("tooltip", { name: `This document is locked for editing by ${docs.holder}` })).toBeVisible();
  await expect(lockedButton).toHaveAccessibleDescription(`This document is locked for editing by ${docs.holder}`);
  await shootWidths(page, shotsDir, "pending-review");

  // A tab is in the URL.
  await page.getByRole("navigation", { name: "Pending review tabs" }).getByRole("link", { name: "No PO Match" }).click();
  await expect(page).toHaveURL(/tab=no-po-match/);
  await expect(rowOf(page, "RV-1003")).toHaveCount(1);
  await expect(rowOf(page, "RV-1001")).toHaveCount(0);

  // A filter is in the URL with the bills list's operators; the row's link carries the list's query.
  await page.getByRole("navigation", { name: "Pending review tabs" }).getByRole("link", { name: "All" }).click();
  // The All tab has loaded (its rows are back) before the filter opens, so the navigation does not close it again.
  await expect(page).not.toHaveURL(/tab=no-po-match/);
  await expect(rowOf(page, "RV-1001")).toHaveCount(1);
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Invoice number condition").selectOption("eq");
  await page.getByLabel("Invoice number", { exact: true }).fill("RV-1001");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/invoiceNumber=eq%3ARV-1001/);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  const link = rowOf(page, "RV-1001").getByRole("link", { name: `Review ${supplierName} RV-1001` });
  await expect(link).toHaveAttribute("href", new RegExp(`^/bills/pending-review/${docs.ids.ocr1}\\?.*invoiceNumber=eq%3ARV-1001`));

  // A supplier search of 2 characters is ignored; more than 2 narrows the list.
  await page.goto(`/bills/pending-review?supplier=${encodeURIComponent("zz")}`);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(6);
  await page.goto(`/bills/pending-review?supplier=${encodeURIComponent("no such supplier")}`);
  await expect(page.getByText("No bills match these filters").first()).toBeVisible();
});

test("Variances: Over, Under and the total with its POS amount", async ({ page }) => {
  await login(page);
  await page.goto("/bills/variances");
  await expect(page.getByRole("group", { name: "Over" })).toContainText("110.00");
  await expect(page.getByRole("group", { name: "Under" })).toContainText("90.00");
  const total = page.getByRole("group", { name: "Total" });
  await expect(total).toContainText("Bills2");
  await expect(total).toContainText("200.00");
  await expect(total).toContainText("POS amount");
  await page.getByRole("navigation", { name: "Bills with variance tabs" }).getByRole("link", { name: "Over" }).click();
  await expect(page).toHaveURL(/tab=over/);
  await expect(rowOf(page, "RV-2001")).toHaveCount(1);
  await expect(rowOf(page, "RV-2002")).toHaveCount(0);
  await shootWidths(page, shotsDir, "variances");
});

test("batch Delete: confirm, then the job's outcome ('Document deleted', then a partial failure)", async ({ page }) => {
  await login(page);
  await page.goto("/bills/pending-review");
  // One bill: the spec's question and message.
  await rowOf(page, "RV-1004").getByRole("checkbox").check();
  await page.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this bill?");
  await shootWidths(page, shotsDir, "pending-review-confirm");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Document deleted" })).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(page, "RV-1004")).toHaveCount(0);

  // Two bills, one of which another user locks before the confirmation: 'Could not delete 1 out of 2 selected documents'.
  await page.goto("/bills/pending-review");
  await rowOf(page, "RV-1002").getByRole("checkbox").check();
  await rowOf(page, "RV-1003").getByRole("checkbox").check();
  await helper({ companyId: world.companies.buyer.id, supplier: supplierName, lock: { documentId: docs.ids.gpos, holderId: docs.holderId } });
  await page.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByRole("dialog")).toContainText("Are you sure you want to delete these 2 bills?");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Could not delete 1 out of 2 selected documents" })).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(page, "RV-1002")).toHaveCount(0);
  await expect(rowOf(page, "RV-1003").getByRole("button", { name: "Locked" })).toBeVisible();
  await shootWidths(page, shotsDir, "pending-review-deleted");
});

test("without JavaScript Delete asks on the page and the list shows the outcome after the job", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page);
  await page.goto("/bills/pending-review");
  await rowOf(page, "RV-1001").getByRole("checkbox").check();
  await page.getByRole("button", { name: /^Delete/ }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("Are you sure you want to delete this bill?");
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted")).toBeVisible({ timeout: 15_000 });
  await context.close();
});
