import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, shootWidths } from "./helpers";
import { makeDirectorySetup } from "./support/directory-world";
import { makeWorld, type World } from "./support/world";

/**
 * The admin counterparty directory (issue 15 part 1; p3 §2.4, §5, §7.3) on a world of its own: a purchaser with three
 * suppliers on Earlybird and one invited, a payment term and a GL code; another purchaser with no GL codes. The admin
 * sees the tabs, configures two rows in one dialog, narrows the list with the Filter dropdown, opens the detail panel,
 * and a stale row is refused with its name.
 */
const SHOTS = process.env.SHOTS_DIR ?? null;
let world: World;
let codes: { terms: Record<number, number>; glCodes: Record<string, number> };

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      owner: { name: "Directory Owner" },
      kiwi: { name: "Dir Kiwi" },
      harbour: { name: "Dir Harbour" },
      tui: { name: "Dir Tui" },
      invited: { name: "Dir Invited", onEarlybird: false, status: "INVITED" },
      empty: { name: "Dir Empty Owner" },
    },
    trades: [
      ["owner", "kiwi"],
      ["owner", "harbour"],
      ["owner", "tui"],
      ["owner", "invited"],
      ["empty", "kiwi"],
    ],
  });
  codes = await makeDirectorySetup({ companyId: world.companies.owner.id, terms: [20], glCodes: [{ code: "400", name: "Advertising" }] });
});

const directory = (key: string) => `/companies/${world.companies[key].id}/directory`;
const table = (page: Page) => page.getByRole("table");
const rowOf = (page: Page, key: string) => table(page).getByRole("row", { name: new RegExp(world.companies[key].name) });

test("tabs, configure two rows, filter by the new queue, detail panel", async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto(directory("owner"));
  await expect(page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "Directory" })).toHaveAttribute("aria-current", "page");
  await expect(table(page).getByRole("row")).toHaveCount(5);
  const tabs = page.getByRole("navigation", { name: "Counterparty membership" });
  await tabs.getByRole("link", { name: "Members", exact: true }).click();
  await expect(page).toHaveURL(/tab=members/);
  await expect(table(page).getByRole("row")).toHaveCount(4);
  await tabs.getByRole("link", { name: "Non-Members" }).click();
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(rowOf(page, "invited")).toContainText("Invited");
  await tabs.getByRole("link", { name: "All", exact: true }).click();
  await shootWidths(page, SHOTS, "directory");

  await expect(page.getByRole("button", { name: "Configure" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: `Select ${world.companies.kiwi.name}` }).check();
  await page.getByRole("checkbox", { name: `Select ${world.companies.harbour.name}` }).check();
  await page.getByRole("button", { name: "Configure" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Processing queue").selectOption("AUTOMATIC");
  await dialog.getByLabel("GL code").selectOption(String(codes.glCodes["400"]));
  await dialog.getByLabel("Payment term").selectOption({ label: "Monthly on day 20" });
  // A bad bank account: the spec's message on its field, nothing written.
  await dialog.getByLabel("External bank account").fill("12-3456-78");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Bank account is invalid length")).toBeVisible();
  await dialog.getByLabel("External bank account").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Success updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const key of ["kiwi", "harbour"]) await expect(rowOf(page, key)).toContainText("400 - Advertising");
  await expect(rowOf(page, "tui")).not.toContainText("400 - Advertising");

  // The Filter dropdown narrows the rows to the new queue.
  await page.locator("summary", { hasText: "Filter" }).click();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Processing queue").selectOption("AUTOMATIC");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/queue=AUTOMATIC/);
  await expect(table(page).getByRole("row")).toHaveCount(3);
  await expect(rowOf(page, "tui")).toHaveCount(0);

  // The detail panel, with Configure and Merge.
  await page.getByRole("link", { name: world.companies.kiwi.name }).click();
  const panel = page.getByRole("complementary", { name: world.companies.kiwi.name });
  await expect(panel).toContainText("Monthly on day 20");
  await expect(panel.getByRole("link", { name: "Merge" })).toHaveAttribute("href", /\/directory\/merge\/\d+$/);
  await expect(page.getByRole("link", { name: "Import" })).toHaveAttribute("href", `${directory("owner")}/import`);
});

test("a row changed by someone else since the dialog opened is refused with its name", async ({ page, context }) => {
  await loginAs(page, ADMIN);
  await page.goto(directory("owner"));
  await page.getByRole("checkbox", { name: `Select ${world.companies.tui.name}` }).check();
  await page.getByRole("button", { name: "Configure" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure" });
  await dialog.getByLabel("Purchaser offers").selectOption("false");

  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole("dialog", { name: "Configure" }).getByLabel("Processing queue").selectOption("AUTOMATIC");
  await other.getByRole("dialog", { name: "Configure" }).getByRole("button", { name: "Save" }).click();
  await expect(other.getByText("Success updated")).toBeVisible();
  await other.close();

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`${world.companies.tui.name} was changed by someone else. Reload and try again.`);
  await page.goto(directory("owner"));
  await expect(rowOf(page, "tui")).toContainText("Automatic");
});

test("with no GL codes the GL select is disabled and says so", async ({ page }) => {
  await loginAs(page, ADMIN);
  await page.goto(directory("empty"));
  await page.getByRole("checkbox", { name: `Select ${world.companies.kiwi.name}` }).check();
  await page.getByRole("button", { name: "Configure" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure" });
  await expect(dialog.getByText("No GL codes have been set for this company")).toBeVisible();
  await expect(dialog.getByLabel("GL code")).toBeDisabled();
  await shootWidths(page, SHOTS, "directory-configure");
});
