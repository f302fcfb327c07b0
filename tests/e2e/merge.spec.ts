import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, loginAs, shootWidths } from "./helpers";
import { makeMergeWorld } from "./support/merge-world";

/**
 * The admin's Merge company dialog (issue 15 part 6; p2 §2, §4, §8): Select Company (search by name, no JavaScript
 * needed), Confirm Merge (the plan), Merge in progress (polled every second), then "Successfully merged".
 * Screenshots of the three steps at 1280, 1024 and 390 px when SHOTS_DIR is set.
 */
const SHOTS = process.env.SHOTS_DIR ?? null;
// Each test first makes its companies through tsx (several seconds on a loaded machine).
test.describe.configure({ timeout: 120_000 });
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

test("an admin merges a duplicate counterparty: select, see the plan, merge with progress, Successfully merged", async ({ page }) => {
  const world = await makeMergeWorld();
  await loginAs(page, ADMIN);
  await page.goto(`/companies/${world.rootId}/directory/merge/${world.fromId}`);

  const dialog = page.getByRole("dialog", { name: "Select Company" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Merge ${world.fromName} into another company.`)).toBeVisible();
  await dialog.getByLabel("Company name").fill("Merge Supplies Ltd");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Merge\+Supplies\+Ltd/);
  await dialog.getByRole("radio", { name: world.toName }).check();
  await shootWidths(page, SHOTS, "merge-select");
  await dialog.getByRole("button", { name: "Next" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm Merge" });
  await expect(confirm).toBeVisible();
  const plan = confirm.getByRole("table", { name: "Merge plan" });
  await expect(plan.getByRole("row", { name: "Bills 2 1" })).toBeVisible();
  await expect(plan.getByRole("row", { name: "Invoices 0 0" })).toBeVisible();
  await expect(plan.getByRole("row", { name: "Credit notes 1 0" })).toBeVisible();
  const invalid = confirm.getByRole("region", { name: `Invalid items (1): these stay with ${world.fromName}` });
  await expect(invalid.getByRole("listitem")).toHaveText(`Bill ${world.takenNumber}: The other company already has a document with this number`);
  await shootWidths(page, SHOTS, "merge-confirm");
  await confirm.getByRole("button", { name: "Merge" }).click();

  const progress = page.getByRole("dialog", { name: "Merge in progress" });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole("progressbar", { name: "Merging…" })).toBeVisible();
  await shootWidths(page, SHOTS, "merge-progress");
  await expect(page.getByText("Successfully merged")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/companies/${world.rootId}/directory$`));
  await expect(progress).toBeHidden();

  // Merged: only the bill that had to stay is left on the duplicate.
  await page.goto(`/companies/${world.rootId}/directory/merge/${world.fromId}?into=${world.toId}`);
  const after = page.getByRole("dialog", { name: "Confirm Merge" }).getByRole("table", { name: "Merge plan" });
  await expect(after.getByRole("row", { name: "Bills 0 1" })).toBeVisible();
  await expect(after.getByRole("row", { name: "Credit notes 0 0" })).toBeVisible();
});

test("the select step works without JavaScript", async ({ browser }) => {
  const world = await makeMergeWorld();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, ADMIN);
  await page.goto(`/companies/${world.rootId}/directory/merge/${world.fromId}?q=${encodeURIComponent("Merge Supplies Ltd")}`);
  await page.getByRole("radio", { name: world.toName }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("table", { name: "Merge plan" }).getByRole("row", { name: "Bills 2 1" })).toBeVisible();
  await context.close();
});
