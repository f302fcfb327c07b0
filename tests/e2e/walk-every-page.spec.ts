import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AU_USER, loginAs, PURCHASER, SUPPLIER } from "./helpers";

/**
 * Issue 20 parts 6 and 7: every page, for every kind of user, as a new user walks it.
 * - The walk starts at the menu (every link of the "Main" navigation) and follows every link a page holds, one page per
 *   route shape (ids and page/sort parameters collapsed), so list pages, their tabs, detail pages and the route dialogs
 *   they open are all visited.
 * - On each page: no "not built yet" and no "Coming soon" anywhere, and axe finds no violation of any impact.
 * - The menu pages are checked again at 1024 and 390 px (the layout changes there: drawer, cards).
 * The walk is GET only: it never submits a form, so it changes nothing but document locks (a lease, p3 §4.2).
 */

const PLACEHOLDER = /not built yet|coming soon/i;
/** Links the walk does not follow: downloads, resource routes, leaving the app, the mailbox (a developer tool). */
const SKIP = /^\/(logout|resources\/|mailbox|icons\.svg)|\.(csv|pdf|zip)(\?|$)/;
/** The query parameters that choose a different screen (a tab, a step, a sub-view); others (page, sort, cursor) do not. */
const SCREEN_PARAMS = ["tab", "step", "config", "list", "type"];
/** The lists whose `status` parameter is a tab with rows (and so row actions) of its own. */
const STATUS_TAB_LISTS = /^\/(invoices|bills|suppliers\/N)?$/;
const PUBLIC_PAGES = ["/login", "/signup", "/forgot-password", "/resetpassword?token=unknown", "/connect-account-error?error=xero"];

/**
 * One key per screen: ids become N; only the parameters that change the screen count, and none on a page of one record
 * or a dialog over a list (the same screen whichever tab is behind it).
 */
function screenKey(path: string) {
  const url = new URL(path, "http://x");
  const pattern = url.pathname.replace(/\/\d+(?=\/|$)/g, "/N");
  const overList = pattern !== url.pathname || /^\/(invoices|bills)\/(add|import|offer|invite|notify|include|delete|get-verified)/.test(pattern);
  const params = STATUS_TAB_LISTS.test(pattern) ? [...SCREEN_PARAMS, "status"] : overList ? [] : SCREEN_PARAMS;
  const screen = params
    .map((name) => url.searchParams.get(name))
    .filter(Boolean)
    .join(",");
  return `${pattern}?${screen}`;
}

async function axeViolations(page: Page) {
  // Legacy mode runs axe in the page itself (no extra blank page per run): the same rules, a third of the time.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** The visible text, dialogs included (a route dialog is the screen a link opens). */
async function settle(page: Page) {
  // Wait out entry animations (dialogs fade and zoom in) so axe sees final colours.
  await page.waitForTimeout(200);
}

async function sameOriginLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  return hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//") && !SKIP.test(href));
}

interface Finding {
  path: string;
  problems: string[];
}

/** Walks from `start` (the menu links, or the given pages) and returns every page with a problem. */
async function walk(page: Page, start: string[], { follow, limit }: { follow: boolean; limit: number }) {
  const seen = new Set<string>();
  const queue = start.map((path) => ({ path, depth: 0 }));
  const findings: Finding[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < limit) {
    const { path, depth } = queue.shift()!;
    const key = screenKey(path);
    if (seen.has(key)) continue;
    seen.add(key);
    visited += 1;
    const response = await page.goto(path);
    await settle(page);
    const problems: string[] = [];
    if (response && response.status() >= 500) problems.push(`HTTP ${response.status()}`);
    const text = await page.locator("body").innerText();
    const placeholder = PLACEHOLDER.exec(text);
    if (placeholder) problems.push(`shows "${placeholder[0]}"`);
    // Hidden text counts too: a screen reader reads an sr-only "Coming soon".
    const hidden = PLACEHOLDER.exec((await page.locator("body").textContent()) ?? "");
    if (!placeholder && hidden) problems.push(`holds "${hidden[0]}" in hidden text`);
    problems.push(...(await axeViolations(page)));
    if (problems.length > 0) findings.push({ path, problems });
    if (follow && depth < 2) queue.push(...(await sameOriginLinks(page)).map((link) => ({ path: link, depth: depth + 1 })));
    if (process.env.WALK_LOG) console.log(`${visited} ${path} ${problems.length}`);
  }
  return { findings, visited, seen };
}

/** The menu's links (the sidebar's, or at phone widths the same menu in the drawer, read from the page either way). */
async function menuLinks(page: Page) {
  // The page after login has loaded its menu before it is read.
  await expect(page.locator('nav[aria-label="Main"] a[href]').nth(3)).toBeAttached();
  const hrefs = await page.locator('nav[aria-label="Main"] a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  const unique = [...new Set(hrefs)];
  expect(unique.length).toBeGreaterThan(3);
  return unique;
}

const USERS = [
  { kind: "purchaser", email: PURCHASER },
  { kind: "supplier", email: SUPPLIER },
  { kind: "Australian customer", email: AU_USER },
  { kind: "admin", email: ADMIN },
];

for (const user of USERS) {
  test(`every page a ${user.kind} reaches from the menu is finished and passes axe at 1280 px`, async ({ page }) => {
    test.setTimeout(600_000);
    await loginAs(page, user.email);
    const start = await menuLinks(page);
    const { findings, visited } = await walk(page, start, { follow: true, limit: 400 });
    expect(visited).toBeGreaterThan(start.length);
    expect(findings, findings.map((finding) => `${finding.path}\n  ${finding.problems.join("\n  ")}`).join("\n")).toEqual([]);
  });
}

for (const width of [1024, 390]) {
  for (const user of USERS) {
    test(`the ${user.kind}'s menu pages pass axe at ${width} px`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, user.email);
      const start = await menuLinks(page);
      const { findings } = await walk(page, start, { follow: false, limit: 60 });
      expect(findings, findings.map((finding) => `${finding.path}\n  ${finding.problems.join("\n  ")}`).join("\n")).toEqual([]);
    });
  }
}

for (const width of [1280, 1024, 390]) {
  test(`the logged-out pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { findings, visited } = await walk(page, PUBLIC_PAGES, { follow: false, limit: 20 });
    expect(visited).toBe(PUBLIC_PAGES.length);
    expect(findings, findings.map((finding) => `${finding.path}\n  ${finding.problems.join("\n  ")}`).join("\n")).toEqual([]);
  });
}

test("the walk would catch a placeholder and an axe violation", async ({ page }) => {
  // The checks themselves, on a page built to fail them: a walk that finds nothing must be because there is nothing.
  await page.setContent(`<html lang="en"><head><title>t</title></head><body><main><h1>T</h1><p>This screen is not built yet.</p><img src="x.png"></main></body></html>`);
  const text = await page.locator("body").innerText();
  expect(PLACEHOLDER.test(text)).toBe(true);
  const violations = await axeViolations(page);
  expect(violations.some((line) => line.startsWith("image-alt"))).toBe(true);
  expect(screenKey("/suppliers/6/bills/135?sort=amount,asc&tab=bills")).toBe("/suppliers/N/bills/N?");
  expect(screenKey("/bills?tab=bills&status=PAID&sort=amount,asc")).toBe("/bills?bills,PAID");
  expect(screenKey("/suppliers/6?status=PAID")).toBe("/suppliers/N?PAID");
});
