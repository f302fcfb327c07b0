import { test } from "@playwright/test";
import { loginAs } from "./helpers";
const user = process.env.PROBE_USER!; const paths = process.env.PROBE_PATHS!.split(",");
test("probe", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, user);
  for (const w of [1024, 1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    for (const p of paths) {
      await page.goto(p);
      const cols = await page.evaluate(() => Array.from(document.querySelectorAll("main table.eb-table")).map((t) => ({
        wrap: (t.parentElement as HTMLElement).clientWidth, table: (t as HTMLElement).scrollWidth,
        cols: Array.from(t.querySelectorAll("thead th")).map((th) => `${(th.textContent||"").trim().slice(0,14)}:${Math.round(th.getBoundingClientRect().width)}`).join(" | ") })));
      console.log(w, p, JSON.stringify(cols, null, 0));
    }
  }
});
