/**
 * The suggestions on the Topup Entry step of an offer's top-up (issue 5 part 3): a purchaser with an ACTIVE offer
 * raises the cash reserve $100 above what Funds Available covers; the Topup Entry shows the largest-total set and the
 * most-cashback set for the new cash pool with the figures selection.ts gives on its bills (read from the database),
 * and "Include these bills" works without JavaScript and comes back to the step. Include flags change, so the
 * purchaser, its supplier, bills and offer are the spec's own (tests/e2e/support/world.ts), not the demo personas.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { daysBetween, todayIn } from "../../app/lib/dates";
import { formatMoney, type Cents } from "../../app/lib/money";
import { offerConfigFrom, percentToBasisPoints, purchaserOfferEligibility } from "../../app/modules/offers/rules";
import { largestTotalSelection, maxCashbackSelection, type Selection, type SelectionItem } from "../../app/modules/offers/selection";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/wip-topup-suggestions-shots";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(root, ".data/e2e/pg.url"), "utf8").trim() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const percent = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}%`;
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Bills worth more than the raised cash pool, due at different distances: the two sets differ.
  const bills = [
    [31_250, 12],
    [48_900, 20],
    [52_300, 27],
    [67_450, 35],
    [74_100, 44],
    [85_600, 52],
    [93_700, 61],
    [118_800, 75],
  ];
  world = await makeWorld({
    companies: { purchaser: { name: "Suggest Foods" }, supplier: { name: "Suggest Supplies" } },
    trades: [["purchaser", "supplier"]],
    records: bills.map(([total, daysToDue]) => ({ supplier: "supplier", purchaser: "purchaser", type: "BILL" as const, total, daysToDue })),
    offers: [{ company: "purchaser", cashpool: 200_000, crr: "8" }],
  });
});
const login = (page: Page) => loginAs(page, world.companies.purchaser.email, world.password);

/** The oracle: the purchaser's candidate bills (the suggestions' conditions) run through rules.ts and selection.ts. */
async function expectedSets(companyId: number, crr: string, capacity: Cents): Promise<{ largestTotal: Selection; maxCashback: Selection }> {
  return withDatabase(async (client) => {
    const today = todayIn("NZ");
    const { rows } = await client.query(
      `SELECT i.id, to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (i.discounted_total * 100)::bigint AS amount_c
       FROM invoices i
       JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled
       WHERE i.issued_for = $1 AND i.type = 'BILL' AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
         AND i.due_date > CAST($2 AS date) AND i.discounted_total > 0
         AND NOT EXISTS (SELECT 1 FROM supplier_offer_invoices soi WHERE soi.invoice_id = i.id AND soi.offer_status IN ('CLEARING','TOPUP_PENDING'))
         AND NOT EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status <> 'FAILED')`,
      [companyId, today]
    );
    const stored = await client.query(`SELECT name, value FROM runtime_config`);
    const config = offerConfigFrom(Object.fromEntries(stored.rows.map((row) => [row.name, row.value])));
    const crrBp = percentToBasisPoints(crr);
    const items: SelectionItem[] = [];
    for (const row of rows) {
      const amount = Number(row.amount_c) as Cents;
      const daysToDue = daysBetween(today, row.due_date);
      const eligibility = purchaserOfferEligibility({ crrBp, discountedTotal: amount, daysToDue, cashpool: capacity, pendingCashpool: 0 }, config);
      if (eligibility.eligible) items.push({ id: Number(row.id), amount, cashback: eligibility.amounts.cashback, daysToDue });
    }
    expect(items.length).toBeGreaterThan(1);
    return { largestTotal: largestTotalSelection(items, capacity), maxCashback: maxCashbackSelection(items, capacity) };
  });
}

const setText = (set: Selection) =>
  `${set.ids.length === 1 ? "1 bill" : `${set.ids.length} bills`}, ${formatMoney(set.total)} · cashback ${formatMoney(set.cashback)}` +
  (set.annualisedReturnBp !== null ? ` · annualised return ${percent(set.annualisedReturnBp)}` : "");

async function summaryValue(dialog: Locator, label: string): Promise<number> {
  return centsOf(
    (await dialog
      .locator("dl > div")
      .filter({ has: dialog.page().getByText(label, { exact: true }) })
      .locator("dd")
      .textContent()) ?? ""
  );
}

/** The Topup Entry of a raise to $100 above what the current cash reserve and Funds Available cover. */
async function openRaise(page: Page): Promise<{ href: string; cashpool: number; crr: string; entry: Locator }> {
  await page.goto("/bills/offer/topup?tab=bills&cashpool=99999999&crr=8");
  const probe = page.getByRole("dialog", { name: "Topup Entry" });
  await expect(probe).toBeVisible();
  const current = await summaryValue(probe, "Current cash reserve");
  const funds = await summaryValue(probe, "Funds Available");
  const cashpool = current + Math.max(0, funds) + 100_00;
  const crr = "8";
  const href = `/bills/offer/topup?tab=bills&cashpool=${dollars(cashpool)}&crr=${crr}`;
  await page.goto(href);
  const entry = page.getByRole("dialog", { name: "Topup Entry" });
  await expect(entry).toContainText("Topup amount$100.00");
  return { href, cashpool, crr, entry };
}

test("the Topup Entry of a raise suggests the largest-total and the most-cashback sets, with selection.ts's figures", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  const { cashpool, crr, entry } = await openRaise(page);
  const expected = await expectedSets(world.companies.purchaser.id, crr, cashpool as Cents);
  await expect(entry.getByRole("heading", { name: `Suggested bills for ${formatMoney(cashpool as Cents)}` })).toBeVisible();
  const largest = entry.getByRole("region", { name: "Largest total" });
  const most = entry.getByRole("region", { name: "Most cashback" });
  await expect(largest).toContainText(setText(expected.largestTotal));
  await expect(most).toContainText(setText(expected.maxCashback));
  await expect(most).toContainText("annualised return");
  expect(expected.largestTotal.total).toBeLessThanOrEqual(cashpool);
  await entry.getByRole("region", { name: "Most cashback" }).getByText("Show bills").click();
  await expect(most.getByRole("listitem")).toHaveCount(expected.maxCashback.ids.length);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/topup-entry-suggestions-1280.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${SHOTS}/topup-entry-suggestions-800.png` });
  // Next still leads on to the details step.
  await entry.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "Topup Details" })).toContainText("Topup amount$100.00");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Include these bills on the Topup Entry includes the set and comes back to the step", async ({ page }) => {
    test.setTimeout(90_000);
    const companyId = world.companies.purchaser.id;
    await login(page);
    const { href, cashpool, crr, entry } = await openRaise(page);
    const expected = await expectedSets(companyId, crr, cashpool as Cents);
    const most = entry.getByRole("region", { name: "Most cashback" });
    await most.getByRole("button", { name: "Include these bills" }).click();
    await expect(page).toHaveURL(href);
    const back = page.getByRole("dialog", { name: "Topup Entry" });
    await expect(back.getByRole("region", { name: "Most cashback" })).toContainText("These are the bills in your offer.");
    await expect(back.getByRole("region", { name: "Most cashback" }).getByRole("button", { name: "Include these bills" })).toHaveCount(0);
    const included = await withDatabase(async (client) =>
      (
        await client.query(
          `SELECT id FROM invoices WHERE issued_for = $1 AND include_in_purchaser_offer AND bill_status IS DISTINCT FROM 'PAID' ORDER BY id`,
          [companyId]
        )
      ).rows.map((row) => Number(row.id))
    );
    for (const id of expected.maxCashback.ids) expect(included).toContain(id);
  });
});
