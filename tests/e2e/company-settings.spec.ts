import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, PURCHASER, shootWidths } from "./helpers";

/**
 * Company configuration (issue 15 parts 3-4; p3 §2.4, §4.11, §5, §8): the admin's company settings for the seeded
 * Harbour Foods (payment terms, GL codes, the pending-approval queue) and the company's own AP Automation tab.
 * Screenshots at 1280/1024/390 go to SHOTS_DIR when it is set.
 */
const SHOTS = process.env.SHOTS_DIR ?? null;

test.describe.configure({ mode: "serial" });

async function openHarbourSettings(page: Page) {
  await page.goto("/companies?companyName=harbour");
  await page.getByRole("link", { name: "Harbour Foods Ltd" }).first().click();
  await page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/settings$/);
  await expect(page.getByRole("navigation", { name: "Company settings sections" }).getByRole("link", { name: "Buyer Settings" })).toHaveAttribute(
    "aria-current",
    "page"
  );
}

test("payment terms: a duplicate is refused on the dialog; a term is added, then deleted after the confirmation", async ({ page }) => {
  // Full-page screenshots at three widths take a while on a loaded machine.
  test.setTimeout(SHOTS ? 120_000 : 30_000);
  await loginAs(page, ADMIN);
  await openHarbourSettings(page);
  const terms = page.getByRole("table", { name: "Payment terms" });
  await expect(terms.getByRole("row", { name: /Monthly 20th Default/ })).toBeVisible();
  // The default term has no delete.
  await expect(terms.getByRole("link", { name: "Delete Monthly 20th" })).toHaveCount(0);
  await shootWidths(page, SHOTS, "company-settings");

  await page.getByRole("link", { name: "Add payment term" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Payment Term" });
  await dialog.getByLabel("Frequency").selectOption("MONTHLY");
  await dialog.getByLabel("Payment date").selectOption("20");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByText("Duplicate payment terms are not allowed")).toBeVisible();
  await shootWidths(page, SHOTS, "company-settings-duplicate-term");

  await dialog.getByLabel("Frequency").selectOption("WEEKLY");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByText("Payment day is required")).toBeVisible();
  await dialog.getByLabel("Payment day").selectOption("WEDNESDAY");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status").getByText("Payment term added")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(terms.getByRole("row", { name: /Weekly Wednesday/ })).toBeVisible();

  await terms.getByRole("link", { name: "Delete Weekly Wednesday" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Payment Term" });
  await expect(confirm.getByText("Are you sure you want to delete this payment term?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("Payment term deleted")).toBeVisible();
  await expect(terms.getByRole("row", { name: /Weekly Wednesday/ })).toHaveCount(0);
});

test("GL codes: a code is required; a code is added, set as default, and deleted", async ({ page }) => {
  // A long flow of dialogs and reloads: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  await loginAs(page, ADMIN);
  await openHarbourSettings(page);
  const codes = page.getByRole("table", { name: "GL codes" });
  await page.getByRole("link", { name: "Add GL code" }).click();
  const dialog = page.getByRole("dialog", { name: "Add GL Code" });
  await dialog.getByLabel("Name").fill("Freight inwards");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(dialog.getByText("GL Code is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue("Freight inwards");
  await dialog.getByLabel("GL Code", { exact: true }).fill("491");
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status").getByText("GL code added")).toBeVisible();
  const row = codes.getByRole("row", { name: /Freight inwards 491/ });
  await expect(row).toBeVisible();

  await row.getByRole("link", { name: "Edit GL code 491" }).click();
  const edit = page.getByRole("dialog", { name: "Edit GL Code" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("Nothing to update")).toBeVisible();
  await edit.getByLabel("Default GL code").check();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("GL code set as default")).toBeVisible();
  await expect(codes.getByRole("row", { name: /Freight inwards 491 Default/ })).toBeVisible();

  await codes.getByRole("link", { name: "Delete GL code 491" }).click();
  await page.getByRole("dialog", { name: "Delete GL Code" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("GL code deleted")).toBeVisible();
  await expect(codes.getByRole("row", { name: /Freight inwards/ })).toHaveCount(0);
});

test("the pending-approval queue is edited then saved, and a refused save reverts", async ({ page, browser }) => {
  // Two sessions, two logins and four saves: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  await loginAs(page, ADMIN);
  await openHarbourSettings(page);
  const queue = page.getByRole("switch", { name: "Pending-approval queue" });
  const save = page.getByRole("button", { name: "Save Pending-approval queue" });
  await expect(queue).not.toBeChecked();
  await expect(save).toBeDisabled();
  await queue.check();
  await expect(save).toBeEnabled();
  await queue.uncheck();
  await expect(save).toBeDisabled();
  await queue.check();
  await save.click();
  await expect(page.getByRole("status").getByText("Success updated")).toBeVisible();
  await page.reload();
  await expect(queue).toBeChecked();

  // Someone else turns it off meanwhile: this page's modificationTime is stale, so its save is refused and reverts.
  const other = await browser.newPage();
  await loginAs(other, ADMIN);
  await other.goto(page.url());
  await other.getByRole("switch", { name: "Pending-approval queue" }).uncheck();
  await other.getByRole("button", { name: "Save Pending-approval queue" }).click();
  await expect(other.getByRole("status").getByText("Success updated")).toBeVisible();
  await other.close();

  await page.getByRole("combobox", { name: "Default processing queue" }).selectOption("MANUAL");
  await queue.uncheck();
  await save.click();
  await expect(page.getByRole("alert").getByText(/changed by someone else/)).toBeVisible();
  await expect(queue).not.toBeChecked();
  await expect(save).toBeDisabled();
});

test("AP Automation: the company saves its own preferences", async ({ page }) => {
  test.setTimeout(SHOTS ? 90_000 : 30_000);
  await loginAs(page, PURCHASER);
  await page.goto("/settings?tab=ap-automation");
  const share = page.getByRole("switch", { name: "Share approved invoices with suppliers" });
  const save = page.getByRole("button", { name: "Save Share approved invoices with suppliers" });
  await expect(share).not.toBeChecked();
  await expect(save).toBeDisabled();
  await share.check();
  await save.click();
  await expect(page.getByRole("status").getByText("Success updated")).toBeVisible();
  await page.reload();
  await expect(share).toBeChecked();
  const queue = page.getByRole("combobox", { name: "Default processing queue" });
  await expect(queue).toHaveValue("AUTOMATIC");
  await queue.selectOption("MANUAL");
  await page.getByRole("button", { name: "Save Default processing queue" }).click();
  await expect(page.getByRole("status").getByText("Success updated")).toBeVisible();
  await page.reload();
  await expect(queue).toHaveValue("MANUAL");
  await shootWidths(page, SHOTS, "settings-ap-automation");
});
