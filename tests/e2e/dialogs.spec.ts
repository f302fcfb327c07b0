import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Decision 068: Include, Exclude and Notify ask first (a route dialog, so also without JavaScript), focus never lands
 * on the acting button when a dialog opens, every dialog has Cancel, and the include/exclude toast's Undo reverts
 * exactly the bills that changed. The companies are the test's own (tests/e2e/support/world.ts): a purchaser with a
 * live offer that includes three bills of Canterbury (already told of them, so their rows offer Exclude), and bills
 * of Southern not yet included (their rows offer Include).
 */

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      purchaser: { name: "Dialog Foods" },
      canterbury: { name: "Dialog Dairy" },
      southern: { name: "Dialog Produce" },
    },
    trades: [
      ["purchaser", "canterbury"],
      ["purchaser", "southern"],
    ],
    records: [
      ...[56_000, 64_000, 72_000].map((total, index) => ({
        key: `offered${index}`,
        supplier: "canterbury",
        purchaser: "purchaser",
        type: "BILL" as const,
        total,
        daysToDue: 20 + index * 3,
        notified: true,
      })),
      ...[41_000, 52_000].map((total, index) => ({
        key: `open${index}`,
        supplier: "southern",
        purchaser: "purchaser",
        type: "BILL" as const,
        total,
        daysToDue: 25 + index,
        contactEmail: `ap${index}@dialog-produce.test`,
      })),
    ],
    offers: [{ company: "purchaser", cashpool: 1_000_000, crr: "8", include: ["offered0", "offered1", "offered2"] }],
  });
});

const login = (page: Page) => loginAs(page, world.companies.purchaser.email, world.password);
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const shots = process.env.SCREENSHOTS ? "test-results/dialogs" : null;

test("Exclude asks first: Cancel changes nothing, Exclude does, and Undo puts the bill back", async ({ page }) => {
  await login(page);
  const number = world.records.offered0.number;
  await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(number)}`);
  await page.getByRole("button", { name: `Exclude ${number}` }).click();

  const dialog = page.getByRole("dialog", { name: "Exclude from your offer" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Exclude 1 bill(s) from your offer?")).toBeVisible();
  await expect(dialog.getByText(number)).toBeVisible();
  // Focus starts on Cancel, never on the acting button.
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await shootWidths(page, shots, "confirm-exclude");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/bills\\?tab=bills&number=eq`));
  await expect(notifications(page).getByText(/Excluded/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Exclude ${number}` })).toBeVisible();

  await page.getByRole("button", { name: `Exclude ${number}` }).click();
  await dialog.getByRole("button", { name: "Exclude" }).click();
  const toast = notifications(page).getByRole("status").filter({ hasText: "Excluded 1 bill(s) from your offer" });
  await expect(toast).toBeVisible();
  await expect(page.getByRole("button", { name: `Include ${number}` })).toBeVisible();
  await shootWidths(page, shots, "toast-undo");

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(notifications(page).getByText("Included 1 bill(s) in your offer")).toBeVisible();
  await expect(page.getByRole("button", { name: `Exclude ${number}` })).toBeVisible();
  // The undo's own toast offers no Undo.
  await expect(notifications(page).getByRole("button", { name: "Undo" })).toHaveCount(0);
});

test("bulk Include asks first and Undo reverts exactly the bills it changed", async ({ page }) => {
  await login(page);
  const [a, b] = [world.records.open0.number, world.records.open1.number];
  const included = world.records.offered1.number;
  await page.goto(`/bills?tab=bills&entity=${encodeURIComponent(world.companies.southern.name.split(" ").pop()!)}`);
  for (const number of [a, b, included]) await page.getByRole("checkbox", { name: `Select ${number}` }).check();
  const bar = page.getByRole("form", { name: "Bulk actions" });
  await expect(bar.getByText("3 selected")).toBeVisible();
  await bar.getByRole("button", { name: "Include" }).click();

  const dialog = page.getByRole("dialog", { name: "Include in your offer" });
  await expect(dialog.getByText("Include 3 bill(s) in your offer?")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Include" }).click();
  // The bill already included was not changed by this request.
  const toast = notifications(page).getByRole("status").filter({ hasText: "Included 2 bill(s) in your offer" });
  await expect(toast).toBeVisible();
  // Southern's bills are in the offer now (their rows offer Notify, Southern not yet told).
  for (const number of [a, b]) await expect(page.getByRole("button", { name: `Notify ${number}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Exclude ${included}` })).toBeVisible();

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(notifications(page).getByText("Excluded 2 bill(s) from your offer")).toBeVisible();
  for (const number of [a, b]) await expect(page.getByRole("button", { name: `Include ${number}` })).toBeVisible();
  // Undo left alone the bill it had not changed.
  await expect(page.getByRole("button", { name: `Exclude ${included}` })).toBeVisible();
});

test("Notify asks first, naming who is told; a POST that skips the confirmation lands on it", async ({ page }) => {
  await login(page);
  const number = world.records.open0.number;
  await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(number)}`);
  // Include it so that its row offers Notify (Southern has not been told yet).
  await page.getByRole("button", { name: `Include ${number}` }).click();
  await page.getByRole("dialog", { name: "Include in your offer" }).getByRole("button", { name: "Include" }).click();
  await expect(notifications(page).getByText("Included 1 bill(s) in your offer")).toBeVisible();
  const notify = page.getByRole("button", { name: `Notify ${number}` });
  await expect(notify).toBeVisible();
  await notify.click();
  const dialog = page.getByRole("dialog", { name: "Notify supplier" });
  await expect(dialog.getByText(`Send ${world.companies.southern.name} (ap0@dialog-produce.test) an e-mail about this bill?`)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Notify ${number}` })).toBeVisible();

  // A form posting straight to /bills/notify (no confirmed=1) is shown the confirmation, and nothing is sent.
  const id = world.records.open0.id;
  await page.evaluate((billId) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/bills/notify?tab=bills";
    const input = Object.assign(document.createElement("input"), { type: "hidden", name: "ids", value: String(billId) });
    form.append(input);
    document.body.append(form);
    form.submit();
  }, id);
  await expect(page).toHaveURL(new RegExp(`/bills/notify\\?tab=bills&ids=${id}`));
  await expect(page.getByRole("dialog", { name: "Notify supplier" })).toBeVisible();
  await page.getByRole("dialog", { name: "Notify supplier" }).getByRole("button", { name: "Notify" }).click();
  await expect(notifications(page).getByText("Notification sent")).toBeVisible();
  await expect(page.getByRole("button", { name: `Notify ${number}` })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Exclude is confirmed on the dialog page, and the toast's Undo is a form that reverts it", async ({ page }) => {
    await login(page);
    const number = world.records.offered2.number;
    await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(number)}`);
    await page.getByRole("button", { name: `Exclude ${number}` }).click();
    await expect(page).toHaveURL(/\/bills\/include\?/);
    const dialog = page.getByRole("dialog", { name: "Exclude from your offer" });
    await expect(dialog.getByText("Exclude 1 bill(s) from your offer?")).toBeVisible();
    await dialog.getByRole("button", { name: "Exclude" }).click();
    await expect(notifications(page).getByText("Excluded 1 bill(s) from your offer")).toBeVisible();
    await expect(page.getByRole("button", { name: `Include ${number}` })).toBeVisible();
    await notifications(page).getByRole("button", { name: "Undo" }).click();
    await expect(notifications(page).getByText("Included 1 bill(s) in your offer")).toBeVisible();
    await expect(page.getByRole("button", { name: `Exclude ${number}` })).toBeVisible();
  });
});

test("Confirm Delete opens with focus on Cancel, not on the destructive Confirm", async ({ page }) => {
  await login(page);
  const number = world.records.open1.number;
  await page.goto(`/bills?tab=bills&number=eq:${encodeURIComponent(number)}`);
  await page.getByRole("checkbox", { name: `Select ${number}` }).check();
  await page.getByRole("form", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Confirm" })).not.toBeFocused();
});

test("an admin cancelling a top-up confirms first, with Cancel focused", async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto("/?tab=PENDING");
  const cancel = page.getByRole("link", { name: /^Cancel topup / }).first();
  await expect(cancel).toBeVisible();
  await cancel.click();
  const dialog = page.getByRole("dialog", { name: "Cancel topup" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel", exact: true })).toBeFocused();
  await shootWidths(page, shots, "admin-cancel-topup");
  await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
});
