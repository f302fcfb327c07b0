import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The period lock (p3 §4.10; issue 15 part 5) on companies of this spec's own: on the supplier bills page a purchaser
 * locks last month ('Locked {month} invoices', then 'Period Locked'); the next-month tab's button is disabled ('Active
 * period can not be locked'); the settings control locks the previous month after a confirmation and stays on.
 * Screenshots of the supplier page header with the button (SCREENSHOTS=1) go to /tmp/d-shots.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** Today's month in Auckland (the purchaser's zone), shifted by `delta` months: its name and YYYY-MM. */
function nzMonth(delta = 0): { key: string; name: string; label: string } {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m] = today.split("-").map(Number);
  const index = y * 12 + (m - 1) + delta;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { key: `${year}-${String(month).padStart(2, "0")}`, name: MONTHS[month - 1], label: `${MONTHS[month - 1]} ${year}` };
}

const shotsDir = process.env.SCREENSHOTS ? "/tmp/d-shots" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });

// Nine full-page screenshots take a while on a shared machine.
test.slow(Boolean(shotsDir), "screenshots");

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Lockwood Foods" }, supplier: { name: "Lockwood Supplies" }, settings: { name: "Lockwood Settings" } },
    trades: [["purchaser", "supplier"]],
    records: [{ supplier: "supplier", purchaser: "purchaser", type: "BILL", total: 45_600, daysToDue: 3 }],
  });
});

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
/** The lock button's form (hovering it shows the tooltip, also over a disabled button). */
const lockForm = (page: Page) => page.locator("form", { has: page.locator('[role="tooltip"]') });

test("a purchaser locks last month on the supplier page; the next-month tab's button is disabled", async ({ page }) => {
  const last = nzMonth(-1);
  const next = nzMonth(1);
  await loginAs(page, world.companies.purchaser.email, world.password);
  await page.goto(`/suppliers/${world.companies.supplier.id}`);
  await expect(page.getByRole("heading", { level: 2, name: /Lockwood Supplies/ })).toBeVisible();

  const button = page.getByRole("button", { name: `Lock ${last.name}` });
  await expect(button).toBeEnabled();
  await expect(button).toHaveAccessibleDescription("Period Unlocked");
  await button.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Period Unlocked");
  await expect(page.getByRole("tooltip")).toBeVisible();
  await shootWidths(page, shotsDir, "supplier-lock-unlocked");

  await button.click();
  await expect(notifications(page).getByText(`Locked ${last.name} invoices`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${world.companies.supplier.id}$`));
  const locked = page.getByRole("button", { name: `${last.name} locked` });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveAccessibleDescription("Period Locked");
  await lockForm(page).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Period Locked");
  await shootWidths(page, shotsDir, "supplier-lock-locked");

  await page.getByRole("navigation", { name: "Payment period" }).getByRole("link", { name: next.label }).click();
  await expect(page).toHaveURL(new RegExp(`month=${next.key}`));
  const active = page.getByRole("button", { name: `Lock ${nzMonth(0).name}` });
  await expect(active).toBeDisabled();
  await expect(active).toHaveAccessibleDescription("Active period can not be locked");
  await lockForm(page).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Active period can not be locked");
  await shootWidths(page, shotsDir, "supplier-lock-next-month");
});

test("the settings period-lock control locks the previous month after a confirmation and stays on", async ({ page }) => {
  const last = nzMonth(-1);
  await loginAs(page, world.companies.settings.email, world.password);
  // The control lives in the AP Automation tab of /settings (p3 §4.10 second bullet; issue 15 part 4).
  await page.goto("/settings?tab=ap-automation");
  const control = page.getByRole("switch", { name: `Lock ${last.label} invoices` });
  await expect(control).not.toBeChecked();
  await expect(page.getByText("Period Unlocked")).toBeVisible();
  await shootWidths(page, shotsDir, "settings-period-lock");

  await control.click();
  const dialog = page.getByRole("dialog", { name: `Lock ${last.label} invoices?` });
  await expect(dialog).toBeVisible();
  await shootWidths(page, shotsDir, "settings-period-lock-confirm");
  await dialog.getByRole("button", { name: "Lock" }).click();
  await expect(notifications(page).getByText(`Locked ${last.name} invoices`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=ap-automation$/);
  await expect(control).toBeChecked();
  await expect(control).toBeDisabled();
  await expect(page.getByText("Period Locked")).toBeVisible();

  // The automatic lock: edit, then save.
  const auto = page.getByRole("checkbox", { name: "Lock the previous month automatically on the first day of each month" });
  // The tab has other edit-then-save settings: the Save beside this checkbox.
  const save = page.locator("form").filter({ has: auto }).getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await auto.check();
  await save.click();
  await expect(notifications(page).getByText("Success updated")).toBeVisible();
  await expect(auto).toBeChecked();
  await expect(save).toBeDisabled();
});
