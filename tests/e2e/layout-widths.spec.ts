import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AU_USER, loginAs, PURCHASER, SUPPLIER } from "./helpers";

/**
 * Tables at every width (issue 20 part 4, decision 066): every list page, for every kind of user, at 1280, 1024 and
 * 390 px: the page does not scroll sideways and nothing inside <main> is wider than its scroll container. At 390 px the
 * lists are cards whose amount, status and action stay visible. The phone menu opens without JavaScript.
 * SCREENSHOTS=1 saves each page at each width into tests/screenshots/widths/ (git-ignored) for a person to look at.
 */

const WIDTHS = [1280, 1024, 390] as const;
const SHOTS = process.env.SCREENSHOTS ? "tests/screenshots/widths" : null;

interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Every place something scrolls sideways: the document, and each element in <main> whose content is wider than its box. */
async function horizontalOverflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const name = el.getAttribute("aria-label") ?? el.id ?? "";
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).slice(0, 4).join(".") : "";
      return `${el.tagName.toLowerCase()}${name ? `[${name}]` : ""}${cls ? `.${cls}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    };
    const found: { what: string; scrollWidth: number; clientWidth: number }[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push({ what: "document", scrollWidth: root.scrollWidth, clientWidth: window.innerWidth });
    const main = document.querySelector("main");
    if (!main) return found;
    const viewportRight = root.clientWidth;
    for (const el of [main, ...Array.from(main.querySelectorAll("*"))]) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      // A scroll container whose content is wider than itself scrolls sideways; one that clips (truncate) does not.
      if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) {
        found.push({ what: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
        continue;
      }
      // An element sticking out past the right edge of the window (the document's scroll container).
      const box = el.getBoundingClientRect();
      const parentRight = el.parentElement ? el.parentElement.getBoundingClientRect().right : 0;
      // Only the outermost element that sticks out is reported, not each of its descendants.
      if (box.width > 0 && box.right > viewportRight + 1 && parentRight <= viewportRight + 1 && !el.closest(".sr-only")) {
        let clipped = false;
        for (let parent = el.parentElement; parent && parent !== root; parent = parent.parentElement) {
          const overflowX = getComputedStyle(parent).overflowX;
          if (overflowX !== "visible") {
            clipped = true;
            break;
          }
        }
        if (!clipped) found.push({ what: describe(el), scrollWidth: Math.round(box.right), clientWidth: viewportRight });
      }
    }
    return found;
  });
}

/** Visits `path` at each width and expects no sideways scroll; at 390 px each list row is a card. */
async function checkWidths(page: Page, user: string, path: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(path);
    expect(response?.status(), `${user} ${path}`).toBeLessThan(400);
    await expect(page.getByRole("main")).toBeVisible();
    expect.soft(await horizontalOverflows(page), `${user} ${path} at ${width} px`).toEqual([]);
    if (width === 390) await expectCards(page, `${user} ${path}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${user}${path.replace(/[/?=&]+/g, "_")}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Below 768 px: no table header row shows, and each row's labelled cells show their caption beside the value. */
async function expectCards(page: Page, where: string) {
  const tables = page.getByRole("main").locator("table.eb-table");
  const count = await tables.count();
  for (let index = 0; index < count; index++) {
    const table = tables.nth(index);
    if (!(await table.isVisible())) continue;
    const layout = await table.evaluate((el) => {
      const thead = el.querySelector("thead");
      const row = el.querySelector("tbody > tr");
      return {
        headHidden: !thead || getComputedStyle(thead).display === "none",
        rowDisplay: row ? getComputedStyle(row).display : "block",
        caption: (() => {
          const cell = el.querySelector("tbody td[data-label]:not(:empty)");
          return cell ? getComputedStyle(cell, "::before").content : null;
        })(),
      };
    });
    expect(layout.headHidden, `${where}: table ${index} header`).toBe(true);
    expect(layout.rowDisplay, `${where}: table ${index} row`).toBe("block");
    if (layout.caption !== null) expect(layout.caption, `${where}: table ${index} caption`).not.toBe("none");
  }
}

/** The first link in <main> whose href matches, as a path (ids come from the demo data, not from here). */
async function firstHref(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(path);
  const hrefs = await page
    .getByRole("main")
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy();
  return href!.replace(/[?#].*$/, "");
}

const CUSTOMER_LISTS = [
  "/account",
  "/account/statements",
  "/dashboard",
  "/invoices",
  "/bills",
  "/bills?tab=bills",
  "/bills/pending-review",
  "/bills/pending-approval",
  "/bills/variances",
  "/bills/processing",
  "/bills/blocked",
  "/bills/unmatched",
  "/settings",
  "/settings?tab=withdrawals",
  "/settings?tab=customers",
  "/settings?tab=suppliers",
  "/settings?tab=ap-automation",
  "/create-new-invoice",
];

for (const [user, email] of [
  ["purchaser", PURCHASER],
  ["supplier", SUPPLIER],
  ["au", AU_USER],
] as const) {
  test(`every list page of the ${user} fits at 1280, 1024 and 390 px`, async ({ page }) => {
    test.setTimeout(600_000);
    await loginAs(page, email);
    const supplierPage = await firstHref(page, "/bills", /^\/suppliers\/\d+$/).catch(() => null);
    for (const path of [...CUSTOMER_LISTS, ...(supplierPage ? [supplierPage] : [])]) await checkWidths(page, user, path);
  });
}

test("every list page of the admin fits at 1280, 1024 and 390 px", async ({ page }) => {
  test.setTimeout(600_000);
  await loginAs(page, ADMIN);
  const company = await firstHref(page, "/companies", /^\/companies\/\d+/);
  const companyId = /^\/companies\/(\d+)/.exec(company)![1];
  const lists = [
    "/",
    "/bank-accounts",
    "/companies",
    "/system",
    "/live-offers",
    "/mailbox",
    ...["summary", "directory", "kyc", "offers", "contacts", "transactions", "activity", "settings", "bank-accounts"].map(
      (tab) => `/companies/${companyId}/${tab}`
    ),
  ];
  for (const path of lists) await checkWidths(page, "admin", path);
});

test.describe("a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });

  test("opens the menu and follows a link", async ({ page }) => {
    await loginAs(page, PURCHASER);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.locator("summary", { hasText: "Open menu" }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Account" })).toBeVisible();
    await nav.getByRole("link", { name: "Bills", exact: true }).click();
    await expect(page).toHaveURL(/\/bills$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bills" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    expect(await horizontalOverflows(page)).toEqual([]);
  });
});

test.describe("a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("shows each bill as a card with its amount, status and action", async ({ page }) => {
    await loginAs(page, PURCHASER);
    await page.goto("/bills?tab=bills");
    const table = page.getByRole("table", { name: "Bills" });
    // A bill that has something to do (Pay Now, Invite, Notify...) in its Action cell.
    const card = table
      .locator("tbody tr")
      .filter({ has: page.locator('td[data-label="Action"] :is(button, a)') })
      .first();
    await expect(card).toBeVisible();
    await expect(table.locator("thead")).toBeHidden();
    for (const label of ["Amount due", "Status", "Action"]) {
      const cell = card.locator(`td[data-label="${label}"]`);
      await expect(cell, label).toBeVisible();
      const box = await cell.boundingBox();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(390);
    }
  });
});
