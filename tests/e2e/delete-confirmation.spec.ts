import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Confirm Delete lists only what the user may delete (issue 13 part 17). On /bills the purchaser sees Kiwi Supplies'
 * invoices (loaded by the supplier: the purchaser cannot delete them) beside bills it loaded itself from Southern
 * Produce. Selecting one of each, the dialog lists and deletes only the purchaser's own bill and says the other one
 * stays. A bill is deleted, so the companies are the spec's own (tests/e2e/support/world.ts), not the demo personas.
 * Screenshots at 1280, 1024 and 390 px go to /tmp/h-delete-shots/ when SCREENSHOTS=1.
 */
const SHOTS = process.env.SCREENSHOTS ? "/tmp/h-delete-shots" : null;
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Delete Foods" }, kiwi: { name: "Kiwi Supplies" }, southern: { name: "Southern Produce" } },
    trades: [
      ["purchaser", "kiwi"],
      ["purchaser", "southern"],
    ],
    records: [
      { supplier: "kiwi", purchaser: "purchaser", number: "KS-1001", total: 120_000 },
      { supplier: "kiwi", purchaser: "purchaser", number: "KS-1002", total: 80_000 },
      { supplier: "southern", purchaser: "purchaser", type: "BILL", number: "SP-1001", total: 45_000 },
      { supplier: "southern", purchaser: "purchaser", type: "BILL", number: "SP-1002", total: 65_000 },
    ],
  });
});
const login = (page: Page) => loginAs(page, world.companies.purchaser.email, world.password);

/** The first bill row of a filtered list: its number and the id its selection box carries. */
async function firstBill(page: Page, search: string): Promise<{ id: string; number: string }> {
  await page.goto(`/bills?tab=bills&${search}`);
  const box = page.getByRole("table", { name: "Bills" }).locator("tbody tr").first().getByRole("checkbox");
  const label = (await box.getAttribute("aria-label")) ?? "";
  return { id: (await box.getAttribute("value")) ?? "", number: label.replace(/^Select /, "") };
}

test("Confirm Delete lists and deletes only the bills the purchaser loaded", async ({ page }) => {
  await login(page);
  const supplierLoaded = await firstBill(page, "entity=Kiwi");
  const own = await firstBill(page, "entity=Southern");
  expect(supplierLoaded.number).toMatch(/^KS-/);

  // The bulk bar's Delete opens this URL with the ticked ids.
  await page.goto(`/bills/delete?tab=bills&ids=${supplierLoaded.id}&ids=${own.id}`);
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(dialog.getByText("Are you sure you want to delete 1 bill? This cannot be undone.")).toBeVisible();
  // Focus never starts on the destructive button (GUIDE "Screens", issue 20 part 5): once hydrated, it is on Cancel.
  await expect(dialog.getByRole("link", { name: "Cancel" }).or(dialog.getByRole("button", { name: "Cancel" }))).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Confirm" })).not.toBeFocused();
  const listed = dialog.getByRole("list", { name: "Selected bill" });
  await expect(listed.getByText(own.number)).toBeVisible();
  await expect(dialog.getByText(supplierLoaded.number)).toHaveCount(0);
  await expect(dialog.getByText("1 selected bill cannot be deleted (loaded by your supplier, paid, or with a payment under way) and will be left as it is.")).toBeVisible();
  await shoot(page, "confirm-delete-mixed");

  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Deleted 1 bill")).toBeVisible();
  await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(own.number)}`);
  await expect(page.getByRole("cell", { name: own.number, exact: true })).toHaveCount(0);
  await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(supplierLoaded.number)}`);
  await expect(page.getByRole("cell", { name: supplierLoaded.number, exact: true })).toBeVisible();
});

test("with only the supplier's bills selected there is nothing to confirm", async ({ page }) => {
  await login(page);
  const supplierLoaded = await firstBill(page, "entity=Kiwi");
  await page.goto(`/bills/delete?tab=bills&ids=${supplierLoaded.id}`);
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(dialog.getByText("None of the selected bills can be deleted.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await expect(dialog.getByRole("list")).toHaveCount(0);
  await shoot(page, "confirm-delete-none");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});
