import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The Import file dialog (p2 §4 Import flow): choose format and file, confirm, progress, results, downloads. Imports
 * write invoices and customers, so the supplier and its customer are the spec's own (tests/e2e/support/world.ts), not
 * the demo personas.
 */

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Import Foods Ltd" }, supplier: { name: "Import Supplies Ltd" } },
    trades: [["purchaser", "supplier"]],
  });
});
const login = (page: Page, key: "purchaser" | "supplier") => loginAs(page, world.companies[key].email, world.password);

function dmy(offsetDays: number) {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
}

test("a supplier imports invoices with one bad row and downloads the failed rows", async ({ page }) => {
  const run = Date.now().toString(36).toUpperCase();
  const customer = world.companies.purchaser.name;
  await login(page, "supplier");
  await page.goto("/invoices?page=1");
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/invoices\/import\?page=1$/);
  const dialog = page.getByRole("dialog", { name: "Import invoices" });
  await expect(dialog).toBeVisible();

  // The template downloads with its header line.
  const templateDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download the Earlybird template" }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe("import_approved_invoices.csv");
  expect(fs.readFileSync((await template.path())!, "utf8").split("\n")[0]).toBe(
    "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email"
  );

  const csv = [
    "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email",
    `E2E-${run}-1,${customer},PO-1,${dmy(0)},${dmy(30)},"1,150.00",ap@importfoods.test`,
    `E2E-${run}-2,New Customer ${run} Ltd,,,${dmy(45)},99.95,`,
    `E2E-${run}-3,${customer},,${dmy(5)},${dmy(30)},10.00,`,
  ].join("\n");
  await expect(dialog.getByRole("radio", { name: "Earlybird template" })).toBeChecked();
  await dialog.getByLabel("File").setInputFiles({ name: "approved.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Next" }).click();

  // Confirm: the checkbox is required.
  await expect(dialog.getByText("approved.csv")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "I confirm these items are approved" }).check();
  await dialog.getByRole("button", { name: "Import invoices" }).click();

  // Progress, then the results two seconds after 100%.
  await expect(page).toHaveURL(/\/invoices\/import\?page=1&job=/);
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  const result = dialog.getByRole("definition");
  await expect(dialog.getByText("Imported 2 of 3 invoices from approved.csv.")).toBeVisible({ timeout: 15_000 });
  const counts = dialog.getByLabel("Import result");
  await expect(counts.getByText("Imported")).toBeVisible();
  expect(await result.allTextContents()).toEqual(["2", "3", "1", "1", "0"]);
  await expect(dialog.getByRole("region", { name: "Failed rows" })).toContainText(`Line 4 (E2E-${run}-3): Issue date cannot be in the future`);
  await expect(dialog.getByRole("region", { name: "Warnings" })).toContainText(`New customer "New Customer ${run} Ltd" was added`);

  const failedDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download failed rows" }).click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe("failed_invoices.csv");
  const lines = fs
    .readFileSync((await failed.path())!, "utf8")
    .trim()
    .split("\n");
  expect(lines).toEqual([
    "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email,Errors",
    `E2E-${run}-3,${customer},,${dmy(5)},${dmy(30)},10.00,,Issue date cannot be in the future`,
  ]);

  // Done goes back to the list with its query, which now shows the imported invoice.
  await dialog.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/invoices\?page=1$/);
  await page.goto(`/invoices?number=eq:E2E-${run}-1`);
  await expect(page.getByRole("cell", { name: `E2E-${run}-1`, exact: true })).toBeVisible();
});

test("a wrong template shows the spec's message", async ({ page }) => {
  await login(page, "purchaser");
  await page.goto("/bills/import?tab=bills");
  const dialog = page.getByRole("dialog", { name: "Import bills" });
  await dialog.getByLabel("File").setInputFiles({ name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("Number,Name\n1,Acme\n") });
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("checkbox", { name: "I confirm these items are approved" }).check();
  await dialog.getByRole("button", { name: "Import bills" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect template. Please check you are using the correct template to import bills.");
  await expect(dialog.getByRole("link", { name: "Try again" })).toBeVisible();
});
