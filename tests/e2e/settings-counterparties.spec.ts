import { expect, test } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The settings' Suppliers and Customers tabs (issue 15 part 4; p3 §2.2, §4.11) on a world of its own: a purchaser turns
 * purchaser offers off for one supplier (edit, then Save), and sees its customers with their status.
 */
const SHOTS = process.env.SHOTS_DIR ?? null;
let world: World;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      buyer: { name: "Settings Buyer" },
      kiwi: { name: "Settings Kiwi" },
      tui: { name: "Settings Tui" },
      shop: { name: "Settings Shop", onEarlybird: false, status: "INVITED" },
    },
    trades: [
      ["buyer", "kiwi"],
      ["buyer", "tui"],
      ["shop", "buyer"],
    ],
  });
});

test("a purchaser turns purchaser offers off for one supplier", async ({ page }) => {
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/settings?tab=suppliers");
  const kiwi = page.getByRole("switch", { name: `Purchaser offers for ${world.companies.kiwi.name}` });
  const tui = page.getByRole("switch", { name: `Purchaser offers for ${world.companies.tui.name}` });
  await expect(kiwi).toBeChecked();
  const save = page.getByRole("button", { name: `Save ${world.companies.kiwi.name}` });
  await expect(save).toBeDisabled();
  await kiwi.uncheck();
  await expect(save).toBeEnabled();
  await shootWidths(page, SHOTS, "settings-suppliers");
  await save.click();
  await expect(page.getByText("Success updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: `Purchaser offers for ${world.companies.kiwi.name}` })).not.toBeChecked();
  await expect(tui).toBeChecked();
});

test("the Customers tab lists the company's customers with their status", async ({ page }) => {
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/settings?tab=customers");
  const row = page.getByRole("table", { name: "Customers" }).getByRole("row", { name: new RegExp(world.companies.shop.name) });
  await expect(row).toContainText("Invited");
  await shootWidths(page, SHOTS, "settings-customers");
});
