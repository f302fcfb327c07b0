import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Settings → AP Automation → Import purchase orders (issue 16 part 1): a user of the buying company downloads the
 * template, uploads a file with a bad row, watches the progress and reads the summary, the bad row's reasons and the
 * failed rows CSV; the supplier is matched to the company's counterparty. Also without JavaScript.
 */
const SHOTS = process.env.SHOTS_DIR ?? null;
const HEADER = "Order Number,Supplier Name,Order Date,Amount (inc. GST),Status";

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { buyer: { name: "PO Import Foods Ltd" }, supplier: { name: "PO Import Supplies Ltd" } },
    trades: [["buyer", "supplier"]],
  });
});

const login = (page: Page) => loginAs(page, world.companies.buyer.email, world.password);
const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Import purchase orders" });

test("a company user imports purchase orders with a bad row and reads the summary and the row's reasons", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  await page.goto("/settings?tab=ap-automation");
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  const card = page.getByText("Bills are matched against your purchase orders by order number.");
  await expect(card).toBeVisible();
  await shootWidths(page, SHOTS, "ap-automation-purchase-orders");

  await page.getByRole("link", { name: "Import purchase orders" }).click();
  await expect(page).toHaveURL(/\/settings\/purchase-orders\/import\?tab=ap-automation$/);
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await shootWidths(page, SHOTS, "purchase-order-import-upload");

  const templateDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download the template" }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe("import_purchase_orders.csv");
  expect(fs.readFileSync((await template.path())!, "utf8").split("\n")[0]).toBe(HEADER);

  const run = Date.now().toString(36).toUpperCase();
  const csv = [HEADER, `PO-${run}-1,${world.companies.supplier.name.toUpperCase()},5/11/2026,"1,150.00",OPEN`, `PO-${run}-2,Someone Ltd,31/11/2026,12.345,PAID`].join("\n");
  await dialog.getByLabel("File").setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Import" }).click();

  await expect(page).toHaveURL(/\/settings\/purchase-orders\/import\?tab=ap-automation&job=/);
  await expect(dialog.getByText("1 of 2 purchase orders imported from orders.csv.")).toBeVisible({ timeout: 45_000 });
  expect(await dialog.getByLabel("Import result").getByRole("definition").allTextContents()).toEqual(["1", "1", "1", "0"]);
  await expect(dialog.getByRole("region", { name: "Failed rows" })).toContainText(
    `Line 3 (PO-${run}-2): Order date must be a date in day/month/year format; Amount must be a number with at most 2 decimals; Status must be OPEN, RECEIPTED or CLOSED`
  );
  await shootWidths(page, SHOTS, "purchase-order-import-result");

  const failedDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download failed rows" }).click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe("failed_purchase_orders.csv");
  const lines = fs.readFileSync((await failed.path())!, "utf8").trim().split("\n");
  expect(lines[0]).toBe(`${HEADER},Reasons`);
  expect(lines[1]).toContain(`PO-${run}-2,Someone Ltd,31/11/2026,12.345,PAID,`);

  await dialog.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=ap-automation$/);
  await expect(dialog).toBeHidden();
});

test("a file that is not the template shows the message", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  await page.goto("/settings/purchase-orders/import?tab=ap-automation");
  const dialog = dialogOf(page);
  await dialog.getByLabel("File").setInputFiles({ name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Id\nAcme,1\n") });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect template. Please check you are using the correct template to import purchase orders.", { timeout: 45_000 });
  await expect(dialog.getByRole("link", { name: "Try again" })).toBeVisible();
});

test("without JavaScript the form posts and the progress page refreshes itself to the summary", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page);
  await page.goto("/settings?tab=ap-automation");
  await page.getByRole("link", { name: "Import purchase orders" }).click();
  const dialog = dialogOf(page);
  const run = Date.now().toString(36).toUpperCase();
  await dialog.getByLabel("File").setInputFiles({ name: "nojs.csv", mimeType: "text/csv", buffer: Buffer.from(`${HEADER}\nPO-${run}-NJ,Nojs Ltd,,10,OPEN\n`) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("1 of 1 purchase order imported from nojs.csv.")).toBeVisible({ timeout: 45_000 });
  await context.close();
});
