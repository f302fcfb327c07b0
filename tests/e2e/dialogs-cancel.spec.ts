import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, loginAs, PURCHASER, readBankAccountCode, shootWidths, SUPPLIER } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Decision 068 "Cancel in every dialog": each dialog below is opened as a user opens it; its Cancel (Close on a view
 * that only shows information) is a link back to the page under the dialog, focus never starts on the acting button,
 * and cancelling changes nothing. Plus the supplier page's Include confirmation and the admin's Reject bank account.
 * The companies are the spec's own (tests/e2e/support/world.ts) where data is looked at or changed.
 */

let world: World;
const PAYEE_PHONE = "+64215550168";
const OPEN_DAYS_TO_DUE = 24;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      purchaser: { name: "Cancel Foods" },
      supplier: { name: "Cancel Dairy" },
      unverified: { name: "Cancel Startup", verified: false },
      payee: { name: "Cancel Payee", phone: PAYEE_PHONE },
    },
    trades: [["purchaser", "supplier"]],
    records: [
      { key: "offered", supplier: "supplier", purchaser: "purchaser", type: "BILL", total: 48_000, daysToDue: 21, notified: true },
      { key: "open", supplier: "supplier", purchaser: "purchaser", type: "BILL", total: 36_500, daysToDue: OPEN_DAYS_TO_DUE, contactEmail: "ap@cancel-dairy.test" },
    ],
    offers: [{ company: "purchaser", cashpool: 1_000_000, crr: "8", include: ["offered"] }],
    creditNotes: [{ key: "note", purchaser: "purchaser", supplier: "supplier", number: "CN-CANCEL-1", total: 5_000 }],
  });
});

const shots = process.env.SCREENSHOTS ? "test-results/dialogs-cancel" : null;
const loginWorld = (page: Page, key: string) => loginAs(page, world.companies[key].email, world.password);
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The dialog's Cancel (or Close) is a real link to `closeTo`; clicking it closes the dialog and lands there. */
async function cancelBackTo(page: Page, dialog: Locator, name: "Cancel" | "Close", closeTo: string) {
  // The footer's link (the corner X is a link to the same place, also named Close for screen readers).
  const cancel = dialog.getByRole("link", { name, exact: true }).and(dialog.locator("[data-dialog-cancel]"));
  await expect(cancel).toBeVisible();
  await expect(cancel).toHaveText(name);
  await expect(cancel).toHaveAttribute("href", closeTo);
  await cancel.click();
  await expect(dialog).toBeHidden();
  expect(pathOf(page)).toBe(closeTo);
}

/** Focus on open is never on the destructive or paying button: it is on a field, on Cancel/Close, or on the dialog. */
async function expectSafeFocus(dialog: Locator, unsafe: string[]) {
  await expect(dialog).toBeVisible();
  const focused = dialog.page().locator(":focus");
  await expect(focused).toHaveCount(1);
  const text = ((await focused.textContent()) ?? "").trim();
  for (const name of unsafe) expect(text).not.toBe(name);
}

test("Add bill: Cancel goes back to /bills and adds nothing", async ({ page }) => {
  await loginWorld(page, "purchaser");
  await page.goto("/bills?tab=bills");
  await page.goto("/bills/add?tab=bills");
  const dialog = page.getByRole("dialog", { name: "Add bill" });
  await expectSafeFocus(dialog, ["Confirm"]);
  await dialog.getByLabel("Bill number").fill("CANCELLED-BILL-1");
  await shootWidths(page, shots, "add-bill");
  await cancelBackTo(page, dialog, "Cancel", "/bills?tab=bills");
  await page.goto(`/bills?tab=bills&number=eq:CANCELLED-BILL-1`);
  await expect(page.getByText("CANCELLED-BILL-1")).toHaveCount(0);
});

test("bill details and the supplier page's bill and credit note close back to their page, nothing changed", async ({ page }) => {
  await loginWorld(page, "purchaser");
  const supplierId = world.companies.supplier.id;
  const bill = world.records.open;

  await page.goto(`/bills/details/${bill.id}?tab=bills`);
  let dialog = page.getByRole("dialog", { name: "Bill Details" });
  await expectSafeFocus(dialog, []);
  await cancelBackTo(page, dialog, "Close", "/bills?tab=bills");

  await page.goto(`/suppliers/${supplierId}/bills/${bill.id}`);
  dialog = page.getByRole("dialog", { name: "Bill Details" });
  await expect(dialog).toContainText(bill.number);
  await cancelBackTo(page, dialog, "Close", `/suppliers/${supplierId}`);

  const note = world.creditNotes.note;
  await page.goto(`/suppliers/${supplierId}/credit-notes/${note.id}`);
  dialog = page.getByRole("dialog", { name: `Credit Note ${note.number}` });
  // The view's Delete and Allocate are never where focus starts.
  await expectSafeFocus(dialog, ["Delete", "Allocate"]);
  await shootWidths(page, shots, "credit-note");
  await cancelBackTo(page, dialog, "Cancel", `/suppliers/${supplierId}`);
  // Still there, still unallocated.
  await page.goto(`/suppliers/${supplierId}/credit-notes/${note.id}`);
  await expect(page.getByRole("dialog", { name: `Credit Note ${note.number}` })).toBeVisible();
});

test("the supplier page's row Include asks first over the supplier page; Cancel changes nothing", async ({ page }) => {
  await loginWorld(page, "purchaser");
  const supplierId = world.companies.supplier.id;
  const number = world.records.open.number;
  // The page shows one payment period: the month the bill is due in (NZ dates).
  const due = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date(Date.now() + OPEN_DAYS_TO_DUE * 86_400_000));
  await page.goto(`/suppliers/${supplierId}?month=${due.slice(0, 7)}`);
  const pageUrl = pathOf(page);
  await page.getByRole("button", { name: `Include ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: "Include in your offer" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${supplierId}/include`));
  await expect(dialog.getByText(number)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await shootWidths(page, shots, "supplier-include");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(pathOf(page)).toBe(pageUrl);
  await expect(page.getByRole("region", { name: "Notifications" }).getByText(/Included/)).toHaveCount(0);
  // Nothing changed: the row still offers Include, the offered bill still Exclude.
  await page.reload();
  await expect(page.getByRole("button", { name: `Include ${number}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Exclude ${world.records.offered.number}` })).toBeVisible();
});

test("Get verified: Cancel (not Later) goes back to the list", async ({ page }) => {
  await loginWorld(page, "unverified");
  await page.goto("/invoices/get-verified");
  const dialog = page.getByRole("dialog").filter({ has: page.getByRole("link", { name: "Next" }) });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await cancelBackTo(page, dialog, "Cancel", "/invoices");
});

test("the bank account wizard has Cancel at every step; an admin's Reject asks first and Cancel keeps the account pending", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const accountName = `Cancel Payee Payouts ${world.companies.payee.id}`;
  await loginWorld(page, "payee");
  await page.goto("/settings?tab=withdrawals");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Add Bank Account" }).click();
  const wizard = page.getByRole("dialog", { name: "Add Bank Account" });
  await expect(wizard.getByLabel("Account name")).toBeFocused();
  await cancelBackTo(page, wizard, "Cancel", "/settings?tab=withdrawals");

  await main.getByRole("link", { name: "Add Bank Account" }).click();
  await wizard.getByLabel("Account name").fill(accountName);
  await wizard.getByLabel("Account number").fill("02-1234-0987654-012");
  await wizard.getByRole("button", { name: "Review" }).click();
  await expect(wizard).toContainText("Review your bank account details.");
  // The review step: Cancel next to Edit and Next (which sends the code).
  await expect(wizard.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/settings?tab=withdrawals");
  await shootWidths(page, shots, "wizard-review");
  await wizard.getByRole("button", { name: "Next" }).click();

  await expect(wizard.getByLabel("Verification code")).toBeVisible();
  await expect(wizard.getByLabel("Verification code")).toBeFocused();
  await expect(wizard.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/settings?tab=withdrawals");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ADMIN);
  const code = await readBankAccountCode(admin, PAYEE_PHONE);
  await wizard.getByLabel("Verification code").fill(code);
  await wizard.getByRole("button", { name: "Next" }).click();

  const verify = page.getByRole("dialog", { name: "Verify Bank Account" });
  await expect(verify).toContainText(accountName);
  await expect(verify.getByRole("link", { name: "Later" })).toHaveCount(0);
  await expect(verify.getByRole("link", { name: "Cancel" })).toBeVisible();
  await verify.getByLabel("Bank statement").setInputFiles({ name: "statement.png", mimeType: "image/png", buffer: PNG });
  await verify.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Bank statement uploaded. We will verify your account soon.")).toBeVisible();

  // The admin: Reject opens its confirmation with Cancel focused; Cancel leaves the account to review.
  const companyPage = `/companies/${world.companies.payee.id}/bank-accounts`;
  await admin.goto(companyPage);
  await admin.getByRole("button", { name: `Reject ${accountName}` }).click();
  const reject = admin.getByRole("dialog", { name: "Reject bank account" });
  await expect(reject).toBeVisible();
  await expect(reject).toContainText(accountName);
  await expect(reject.getByRole("link", { name: "Cancel" })).toBeFocused();
  await shootWidths(admin, shots, "admin-reject");
  await reject.getByRole("link", { name: "Cancel" }).click();
  await expect(reject).toBeHidden();
  await expect(admin).toHaveURL(new RegExp(`${companyPage}$`));
  await admin.reload();
  await expect(admin.getByRole("button", { name: `Approve ${accountName}` })).toBeVisible();
  await expect(admin.getByRole("button", { name: `Reject ${accountName}` })).toBeVisible();
  await adminContext.close();
});

test("purchase order import: Cancel goes back to the settings tab", async ({ page }) => {
  await loginAs(page, PURCHASER);
  await page.goto("/settings/purchase-orders/import?tab=ap-automation");
  const dialog = page.getByRole("dialog", { name: "Import purchase orders" });
  await expectSafeFocus(dialog, ["Import"]);
  await cancelBackTo(page, dialog, "Cancel", "/settings?tab=ap-automation");
});

test("admin dialogs: import counterparties, KYC upload and document, bank file lines", async ({ page }) => {
  await loginAs(page, ADMIN);
  const harbour = await companyIdOf(page, "Harbour Foods");

  await page.goto(`/companies/${harbour}/directory/import`);
  let dialog = page.getByRole("dialog", { name: "Import counterparties" });
  await expectSafeFocus(dialog, ["Import"]);
  await cancelBackTo(page, dialog, "Cancel", `/companies/${harbour}/directory`);

  await page.goto(`/companies/${harbour}/kyc`);
  await page.getByRole("link", { name: "Upload document" }).first().click();
  dialog = page.getByRole("dialog", { name: "Upload document" });
  await expectSafeFocus(dialog, ["Upload document"]);
  await shootWidths(page, shots, "kyc-upload");
  await cancelBackTo(page, dialog, "Cancel", `/companies/${harbour}/kyc`);

  const view = page.getByRole("link", { name: "View document" }).first();
  if ((await view.count()) > 0) {
    await view.click();
    dialog = page.getByRole("dialog").filter({ hasText: "Identity document" });
    await cancelBackTo(page, dialog, "Close", `/companies/${harbour}/kyc`);
  }

  await page.goto("/system");
  await page.getByRole("table", { name: "Bank payment files" }).getByRole("link", { name: /^Lines of / }).first().click();
  dialog = page.getByRole("dialog", { name: "Bank file lines" });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("link", { name: "Close", exact: true }).and(dialog.locator("[data-dialog-cancel]"));
  await expect(close).toHaveText("Close");
  await close.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/system/);
});

test("payments available: focus on the dialog, not on View; Dismiss is its Cancel and changes nothing", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(SUPPLIER);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Payments available" });
  await expect(dialog).toBeVisible();
  await expectSafeFocus(dialog, ["View Payment Available"]);
  await dialog.getByRole("button", { name: "Dismiss" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/invoices/);
});

async function companyIdOf(page: Page, name: string): Promise<number> {
  await page.goto(`/companies?companyName=${encodeURIComponent(name)}`);
  const href = await page.getByRole("table").getByRole("link", { name: new RegExp(`^${name}`) }).first().getAttribute("href");
  const match = /\/companies\/(\d+)/.exec(href ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
