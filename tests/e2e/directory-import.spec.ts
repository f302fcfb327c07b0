import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The Import counterparties dialog of the admin directory (p3 §2.4, §4.6, §5 "Counterparty import file rows", §8): the
 * admin uploads a file with a bad row, watches the progress and reads the success count and the bad row's reason one
 * second after 100%; the template and the failed rows download. The company is the spec's own (a world company).
 */
const SHOTS = process.env.SHOTS_DIR ?? null;
const HEADER = "Company Name,External Account ID,Bank Account Number,GST Number,GL Code,Payment Term Frequency,Payment Term Day";

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({ companies: { buyer: { name: "Directory Import Foods Ltd" } } });
});

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Import counterparties" });

test("an admin imports counterparties with a bad row and reads the success count and the row's reason", async ({ page }) => {
  // The queue worker starts a job within seconds, more on a busy machine.
  test.setTimeout(90_000);
  const company = world.companies.buyer;
  await loginAs(page, ADMIN);
  await page.goto(`/companies/${company.id}/directory/import?tab=all`);
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  await shootWidths(page, SHOTS, "directory-import-upload");

  // The template downloads with the spec's columns.
  const templateDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download the template" }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe("import_counterparties.csv");
  expect(fs.readFileSync((await template.path())!, "utf8").split("\n")[0]).toBe(HEADER);

  const run = Date.now().toString(36).toUpperCase();
  const csv = [HEADER, `Kauri   Timber ${run},E2E-${run}-1,,123-456-789,,Monthly,20`, `Rimu Roofing ${run},E2E-${run}-2,,12A,,Weekly,Someday`].join("\n");
  await dialog.getByLabel("File").setInputFiles({ name: "counterparties.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Import" }).click();

  await expect(page).toHaveURL(/\/directory\/import\?tab=all&job=/);
  await expect(dialog.getByText("1 of 2 counterparties imported from counterparties.csv.")).toBeVisible({ timeout: 45_000 });
  expect(await dialog.getByLabel("Import result").getByRole("definition").allTextContents()).toEqual(["1", "1", "1", "0"]);
  const failedRows = dialog.getByRole("region", { name: "Failed rows" });
  await expect(failedRows).toContainText(
    `Line 3 (Rimu Roofing ${run}): GST Number must only contain numbers e.g. 123-456-789 or 123456789; Weekly payment term frequency must have day of week e.g. Monday`
  );
  await shootWidths(page, SHOTS, "directory-import-result");

  const failedDownload = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download failed rows" }).click();
  const failed = await failedDownload;
  expect(failed.suggestedFilename()).toBe("failed_counterparties.csv");
  const lines = fs.readFileSync((await failed.path())!, "utf8").trim().split("\n");
  expect(lines[0]).toBe(`${HEADER},Reasons`);
  expect(lines[1]).toContain(`Rimu Roofing ${run},E2E-${run}-2,,12A,,Weekly,Someday,`);

  // Done closes the dialog to the directory, its query kept.
  await expect(dialog.getByRole("link", { name: "Done" })).toHaveAttribute("href", `/companies/${company.id}/directory?tab=all`);
});

test("a file that is not the template shows the message", async ({ page }) => {
  test.setTimeout(90_000);
  const company = world.companies.buyer;
  await loginAs(page, ADMIN);
  await page.goto(`/companies/${company.id}/directory/import`);
  const dialog = dialogOf(page);
  await dialog.getByLabel("File").setInputFiles({ name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Id\nAcme,1\n") });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect template. Please check you are using the correct template to import counterparties.", {
    timeout: 45_000,
  });
  await expect(dialog.getByRole("link", { name: "Try again" })).toBeVisible();
});

test("a company user cannot open the dialog", async ({ page }) => {
  const company = world.companies.buyer;
  await loginAs(page, company.email, world.password);
  const response = await page.goto(`/companies/${company.id}/directory/import`);
  expect(response?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload posts, the progress page refreshes itself and the result shows", async ({ page }) => {
    test.setTimeout(90_000);
    const company = world.companies.buyer;
    await loginAs(page, ADMIN);
    await page.goto(`/companies/${company.id}/directory/import`);
    const run = Date.now().toString(36).toUpperCase();
    const csv = [HEADER, `Nojs Supplier ${run},NOJS-${run},,,,,`].join("\n");
    await dialogOf(page).getByLabel("File").setInputFiles({ name: "nojs.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialogOf(page).getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveURL(/\/directory\/import\?job=/);
    await expect(dialogOf(page).getByText("1 of 1 counterparty imported from nojs.csv.")).toBeVisible({ timeout: 60_000 });
  });
});
