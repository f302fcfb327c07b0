import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { payNowAmounts, percentToBasisPoints, purchaserOfferAmounts, supplierOfferSavings } from "../../app/modules/offers/rules";
import { accountBalance, ADMIN, DEMO_PASSWORD, loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The combined two-user flow of issue 5 part 9: the purchaser (Rimu Grocers) and the supplier (Tui Trading) in two
 * browser contexts, plus the admin. Money moves, so the pair is the spec's own (tests/e2e/support/world.ts), made fresh
 * for each run: Rimu Grocers with $50,000.00 in its wallet and no offer, Tui Trading with four open invoices to it and
 * one to Rata Catering, a customer not on Earlybird.
 *   (a) Robin sets up a cash-reserve offer on /bills and includes two bills; Taylor sees Payment Available and gets paid
 *       with the progress bar; both balances move to the cent (D2: purchaser −(T − cb), supplier +(T − fee)).
 *   (b) Taylor requests prompt payment on a bill larger than Robin's Funds Available; Robin's Pay Now starts a top-up
 *       (Topup Pending); the admin confirms it on /; the bill is paid (purchaser −(T − s), supplier +(T − A)).
 *   (c) Taylor invites a customer not on Earlybird; the e-mail's link (read on /mailbox by the admin) opens the landing
 *       page with the spec's headline.
 * Amounts come from app/modules/offers/rules.ts (the D2 formulas), never recomputed here.
 */
/** Tui Trading's invoices to Rimu Grocers (due in 30, 45 and 60 days) and to Rata Catering (40 days). */
const OFFER_BILLS = [
  { number: "TUI-3001", total: 123_456 },
  { number: "TUI-3002", total: 234_567 },
];
const BIG_BILL = { number: "TUI-3004", total: 6_000_000 };
const RATA_INVOICE = "TUI-3005";
const CRR = "8.00";
const CASHPOOL = 1_000_000; // $10,000.00 of Robin's $50,000.00

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/wip-trade-flow-shots";
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
const money = (c: number) => `${c < 0 ? "-" : ""}$${Math.floor(Math.abs(c) / 100).toLocaleString("en-NZ")}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const todayNz = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
/** Calendar days from today (NZ) to a due date shown as "23 Dec 2026": D2's d. */
const daysUntil = (shown: string) => Math.round((Date.parse(`${shown.trim()} UTC`) - Date.parse(`${todayNz()}T00:00:00Z`)) / 86_400_000);
const eq = (number: string) => encodeURIComponent(`eq:${number}`);

let world: World;
let PURCHASER: string;
let SUPPLIER: string;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      rimu: { name: "Rimu Grocers Ltd", funds: 5_000_000 },
      tui: { name: "Tui Trading Ltd" },
      rata: { name: "Rata Catering Ltd", onEarlybird: false },
    },
    trades: [
      ["rimu", "tui", { supplierEmail: "accounts@tuitrading.test", customerEmail: "ap@rimugrocers.test" }],
      ["rata", "tui", { customerEmail: "accounts@ratacatering.test" }],
    ],
    records: [
      { supplier: "tui", purchaser: "rimu", number: OFFER_BILLS[0].number, total: OFFER_BILLS[0].total, daysToDue: 30, contactEmail: "ap@rimugrocers.test" },
      { supplier: "tui", purchaser: "rimu", number: OFFER_BILLS[1].number, total: OFFER_BILLS[1].total, daysToDue: 45, contactEmail: "ap@rimugrocers.test" },
      { supplier: "tui", purchaser: "rimu", number: "TUI-3003", total: 84_520, daysToDue: 25, contactEmail: "ap@rimugrocers.test" },
      { supplier: "tui", purchaser: "rimu", number: BIG_BILL.number, total: BIG_BILL.total, daysToDue: 60, contactEmail: "ap@rimugrocers.test" },
      { supplier: "tui", purchaser: "rata", number: RATA_INVOICE, total: 150_000, daysToDue: 40, contactEmail: "accounts@ratacatering.test" },
    ],
  });
  PURCHASER = world.companies.rimu.email;
  SUPPLIER = world.companies.tui.email;
});

async function transactionRow(page: Page, number: string) {
  await page.goto("/account");
  return page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ hasText: number }).first();
}

async function userPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email, email === ADMIN ? DEMO_PASSWORD : world.password);
  return { context, page };
}

/** Taylor asks for prompt payment of `amount` (dollars) on `number`, expiring today. */
async function requestPayment(page: Page, number: string, amount: string) {
  await page.goto(`/invoices?number=${eq(number)}`);
  const row = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: number });
  await row.getByRole("link", { name: `Request Payment ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: "Request Payment" });
  await dialog.getByLabel("Amount").fill(amount);
  await dialog.getByLabel("Expiry date").fill(todayNz());
  await dialog.getByRole("button", { name: "Request Payment" }).click();
  await expect(page.getByText(`Payment requested on ${number}`)).toBeVisible();
  await expect(row).toContainText("Payment Requested");
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("(a) a purchaser offer: the purchaser includes bills, the supplier gets paid with the progress bar, both accounts agree to the cent", async ({
  browser,
}) => {
  const robin = await userPage(browser, PURCHASER);
  const taylor = await userPage(browser, SUPPLIER);
  const purchaserBefore = await accountBalance(robin.page);
  const supplierBefore = await accountBalance(taylor.page);

  // The cash-reserve card: create the offer.
  const pat = robin.page;
  await pat.goto("/bills?tab=bills");
  await expect(pat.getByRole("heading", { name: "Cash-reserve offer" })).toBeVisible();
  const card = pat.getByRole("region", { name: "Summary" });
  await card.getByLabel("Cash reserve").fill(dollars(CASHPOOL));
  await card.getByLabel("Cashback rate (% p.a.)").fill(CRR);
  await card.getByRole("button", { name: "Create offer" }).click();
  await expect(pat.getByText("Offer created")).toBeVisible();
  await expect(pat.getByTestId("offer-status")).toHaveText("Active");
  await expect(card).toContainText(`Cash reserve${money(CASHPOOL)}`);
  await expect(card).toContainText(`Cashback rate${CRR}% p.a.`);

  // Include the two bills (row actions).
  for (const bill of OFFER_BILLS) {
    await pat.goto(`/bills?tab=bills&number=${eq(bill.number)}`);
    const row = pat.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: bill.number });
    await row.getByRole("button", { name: `Include ${bill.number}` }).click();
    await pat.getByRole("dialog", { name: "Include in your offer" }).getByRole("button", { name: "Include" }).click();
    await expect(pat.getByText("Included 1 bill(s) in your offer")).toBeVisible();
    await expect(row).toContainText("Payment Offered");
  }
  await pat.goto("/bills?tab=bills&supplier=Tui");
  await shoot(pat, "purchaser-bills-offer");

  // The supplier: Payment Available, Get Paid for both.
  const sam = taylor.page;
  await sam.goto("/invoices?status=PAYMENT_READY");
  const invoices = sam.getByRole("table", { name: "Invoices" });
  for (const bill of OFFER_BILLS) await expect(invoices.getByRole("row").filter({ hasText: bill.number })).toContainText("Payment Available");
  await shoot(sam, "supplier-payment-available");
  const [first, second] = OFFER_BILLS;
  await invoices
    .getByRole("row")
    .filter({ hasText: first.number })
    .getByRole("link", { name: `Get Paid for ${first.number}` })
    .click();
  const dialog = sam.getByRole("dialog", { name: "Get Paid" });
  await expect(dialog.getByText(world.companies.rimu.name)).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: `Get paid for ${first.number}` })).toBeChecked();
  await dialog.getByRole("checkbox", { name: `Get paid for ${second.number}` }).check();

  // D2 with the offer's rate and each bill's days early (due in 30 and 45 days): the dialog's figures are the rules' figures.
  const quoted = dialog.getByRole("table", { name: "Invoices to get paid" });
  const amounts = [];
  for (const bill of OFFER_BILLS) {
    const daysEarly = daysUntil((await quoted.getByRole("row").filter({ hasText: bill.number }).getByRole("cell").nth(2).textContent()) ?? "");
    expect(daysEarly).toBeGreaterThan(0);
    amounts.push(purchaserOfferAmounts({ crrBp: percentToBasisPoints(CRR), discountedTotal: bill.total, daysEarly }));
  }
  const due = OFFER_BILLS.reduce((sum, bill) => sum + bill.total, 0);
  const fees = amounts.reduce((sum, a) => sum + a.fee, 0);
  const cashback = amounts.reduce((sum, a) => sum + a.cashback, 0);
  const [shownDue, shownFee, shownReceive] = (await dialog.getByRole("definition").allTextContents()).map(cents);
  expect({ shownDue, shownFee, shownReceive }).toEqual({ shownDue: due, shownFee: fees, shownReceive: due - fees });
  await shoot(sam, "supplier-get-paid");

  await dialog.getByRole("button", { name: "Get Paid" }).click();
  await expect(sam).toHaveURL(/execution=\d+/);
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(`You have been paid ${money(due - fees)} for 2 invoices.`, { timeout: 30_000 });
  for (const bill of OFFER_BILLS) await expect(dialog.getByRole("list", { name: "Invoices paid" })).toContainText(bill.number);
  await shoot(sam, "supplier-get-paid-summary");

  // Both accounts to the cent, and one transaction per invoice on each side.
  expect(await accountBalance(sam)).toBe(supplierBefore + due - fees);
  expect(await accountBalance(pat)).toBe(purchaserBefore - (due - cashback));
  for (const [index, bill] of OFFER_BILLS.entries()) {
    await expect(await transactionRow(sam, bill.number)).toContainText(`+${money(amounts[index].supplierReceives)}`);
    await expect(await transactionRow(pat, bill.number)).toContainText(money(-amounts[index].purchaserPays));
  }
  await shoot(pat, "purchaser-account-after-offer");
  await pat.goto(`/bills?tab=bills&status=PAID&supplier=Tui`);
  for (const bill of OFFER_BILLS)
    await expect(pat.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: bill.number })).toContainText("Paid");
  await robin.context.close();
  await taylor.context.close();
});

test("(b) prompt payment: Pay Now beyond Funds Available tops up, the admin confirms, the bill is paid and both accounts agree to the cent", async ({
  browser,
}) => {
  const robin = await userPage(browser, PURCHASER);
  const taylor = await userPage(browser, SUPPLIER);
  const purchaserBefore = await accountBalance(robin.page);
  const supplierBefore = await accountBalance(taylor.page);

  // A = $500.00 on a $60,000.00 bill: s = $300.00 (SUCCESS_FEE_PERCENT 40).
  const reward = 50_000;
  await requestPayment(taylor.page, BIG_BILL.number, dollars(reward));
  const pay = payNowAmounts({ discountedTotal: BIG_BILL.total, cashReward: reward });
  expect(pay.savings).toBe(supplierOfferSavings(reward));

  const pat = robin.page;
  const billsUrl = `/bills?tab=bills&number=${eq(BIG_BILL.number)}`;
  await pat.goto(billsUrl);
  const bill = pat.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: BIG_BILL.number });
  await expect(bill).toContainText(`SAVE ${money(pay.savings)}`);
  await bill.getByRole("link", { name: `Pay Now ${BIG_BILL.number}` }).click();
  const payDialog = pat.getByRole("dialog", { name: "Pay Now" });
  await expect(payDialog).toContainText(money(pay.purchaserPays));
  await expect(payDialog).toContainText("do not cover this payment");
  await shoot(pat, "purchaser-pay-now-needs-topup");
  const topUpButton = payDialog.getByRole("button", { name: /^Top up .* & Pay Now$/ });
  const topUp = cents(/Top up (\$[\d,.]+)/.exec((await topUpButton.textContent()) ?? "")![1]);
  // The top-up is the shortfall: what Robin pays less his Funds Available (balance less the offer's cash reserve).
  const funds = cents(/Your Funds Available \((\$[\d,.]+)\)/.exec((await payDialog.textContent()) ?? "")![1]);
  expect(funds).toBeGreaterThan(0);
  expect(topUp).toBe(pay.purchaserPays - funds);
  await topUpButton.click();
  const pending = pat.getByRole("dialog", { name: "Topup Pending" });
  const reference = (await pending.getByTestId("payment-reference").textContent())!.trim();
  expect(reference).toMatch(/^EB[2-9A-Z]{8}$/);
  await shoot(pat, "purchaser-topup-pending");
  await pat.goto(billsUrl);
  await expect(bill).toContainText("Topup Pending");

  // The admin confirms the top-up on /.
  const admin = await userPage(browser, ADMIN);
  await admin.page.goto("/?tab=pending");
  const row = admin.page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(money(topUp));
  await expect(row).toContainText(world.companies.rimu.name);
  await row.getByRole("link", { name: `Confirm topup ${reference}` }).click();
  await admin.page.getByRole("dialog", { name: "Confirm topup" }).getByRole("button", { name: "Confirm" }).click();
  await expect(admin.page.getByText("Topup confirmed")).toBeVisible();
  await admin.context.close();

  // Paid: the bill, and both accounts to the cent (the purchaser's balance also took the top-up).
  await pat.goto(`/bills?tab=bills&status=PAID&number=${eq(BIG_BILL.number)}`);
  await expect(pat.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: BIG_BILL.number })).toContainText("Paid");
  expect(await accountBalance(pat)).toBe(purchaserBefore + topUp - pay.purchaserPays);
  await expect(await transactionRow(pat, BIG_BILL.number)).toContainText(money(-pay.purchaserPays));
  await shoot(pat, "purchaser-account-after-pay-now");
  expect(await accountBalance(taylor.page)).toBe(supplierBefore + pay.supplierReceives);
  await expect(await transactionRow(taylor.page, BIG_BILL.number)).toContainText(`+${money(pay.supplierReceives)}`);
  await shoot(taylor.page, "supplier-account-after-pay-now");
  await robin.context.close();
  await taylor.context.close();
});

test("(c) the supplier invites a customer not on Earlybird; the e-mail's link opens the landing page with the spec's headline", async ({ browser }) => {
  const taylor = await userPage(browser, SUPPLIER);
  const page = taylor.page;
  const reward = 2_000; // A = $20.00: the customer saves s = $12.00.
  await page.goto(`/invoices?number=${eq(RATA_INVOICE)}`);
  await requestPayment(page, RATA_INVOICE, dollars(reward));
  await page.goto(`/invoices?number=${eq(RATA_INVOICE)}`);
  const row = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: RATA_INVOICE });
  await row.getByRole("checkbox").check();
  await page.getByRole("form", { name: "Bulk actions" }).getByRole("button", { name: "Invite" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite customer" });
  await expect(dialog.getByLabel("Email")).toHaveValue("accounts@ratacatering.test");
  const to = `rata-${crypto.randomBytes(4).toString("hex")}@invite.test`;
  await dialog.getByLabel("Email").fill(to);
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Invite sent to ${to}`);
  await taylor.context.close();

  // The admin reads the e-mail on /mailbox.
  const admin = await userPage(browser, ADMIN);
  await admin.page.goto(`/mailbox?to=${encodeURIComponent(to)}`);
  const messages = admin.page.getByRole("table", { name: "Messages" });
  await expect(messages.getByRole("row")).toHaveCount(2);
  await messages.getByRole("row").nth(1).getByRole("link").first().click();
  const body = (await admin.page.getByRole("main").locator("pre").textContent()) ?? "";
  await admin.context.close();
  const match = /https?:\/\/\S+\/invoices\?token=[A-Za-z0-9_-]+&invoiceType=BILL&type=invite/.exec(body);
  expect(match, body).not.toBeNull();

  // A visitor with no session opens it: the landing page's headline and figures.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const link = new URL(match![0]);
  await visitor.goto(`${link.pathname}${link.search}`);
  const saving = money(supplierOfferSavings(reward));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Save ${saving} on this invoice`);
  const summary = visitor.getByRole("region", { name: "Invoice summary" });
  await expect(summary).toContainText(RATA_INVOICE);
  await expect(summary).toContainText(`Cashback reward${saving}`);
  await expect(visitor.getByRole("link", { name: `Pay Now & Save ${saving}` })).toHaveAttribute("href", /^\/signup\?token=[A-Za-z0-9_-]+&userId=\d+$/);
  await shoot(visitor, "landing-invite");
  await visitorContext.close();
});
