import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs, SUPPLIER } from "./helpers";

/**
 * The bank account wizard as a user goes through it (p1 §4 "Bank account add wizard", §5, p3 §4.4-4.5): Sam of Kiwi
 * Supplies (NZ) replaces the withdrawal account: deletes the old one, adds a new one, confirms it with the SMS code
 * read from the admin's mailbox page, uploads a statement; then an admin approves it and Sam's card shows VERIFIED.
 */
const SAM_PHONE = "+64219876543";
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The newest SMS code to Sam, as an admin reads it on the mailbox page. */
async function readCode(admin: Page): Promise<string> {
  await admin.goto(`/mailbox?channel=SMS&to=${encodeURIComponent(SAM_PHONE)}`);
  const newest = admin.getByRole("table", { name: "Messages" }).getByRole("row").nth(1);
  await expect(newest).toContainText("code to add a bank account");
  const match = /bank account is (\d{6})/.exec((await newest.textContent()) ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("add an NZ bank account with the SMS code and a statement, then an admin approves it", async ({ page, browser }) => {
  // Two sessions (the supplier, then an admin in a second context), an SMS code, an upload and an approval: ~19 s on a
  // busy machine, so more than the default 30 s is allowed.
  test.setTimeout(90_000);
  const card = page.getByRole("main");
  await loginAs(page, SUPPLIER);
  await page.goto("/settings?tab=withdrawals");
  await expect(card.getByRole("heading", { name: "Withdrawal account" })).toBeVisible();
  await shot(page, "card-verified");

  // The demo account is verified: Delete is its only action. Delete it (a retry may find it gone already).
  const remove = card.getByRole("link", { name: "Delete" });
  if (await remove.isVisible()) {
    await remove.click();
    const confirm = page.getByRole("dialog", { name: "Delete Bank Account" });
    await expect(confirm).toContainText("Are you sure you want to delete this bank account?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(/Bank account .* deleted/)).toBeVisible();
  }
  await expect(card).toContainText("Add a default bank account to withdraw funds from Earlybird");
  await shot(page, "card-no-accounts");

  // DETAILS_ENTRY: the spec's messages.
  await card.getByRole("link", { name: "Add Bank Account" }).click();
  const wizard = page.getByRole("dialog", { name: "Add Bank Account" });
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: "Review" }).click();
  await expect(wizard.getByText("Account name is required")).toBeVisible();
  await expect(wizard.getByText("Account number is required")).toBeVisible();
  await wizard.getByLabel("Account name").fill("Kiwi Supplies Payouts");
  await wizard.getByLabel("Account number").fill("0212340987654");
  await expect(wizard.getByLabel("Account number")).toHaveValue("02-1234-0987654");
  await wizard.getByRole("button", { name: "Review" }).click();
  await expect(wizard.getByText("Enter valid account number")).toBeVisible();
  await shot(page, "wizard-details-error");

  // A 15-digit number gets its 0: 02-1234-0987654-12 → 02-1234-0987654-012. Edit goes back with the values.
  await wizard.getByLabel("Account number").fill("02-1234-0987654-12");
  await wizard.getByRole("button", { name: "Review" }).click();
  await expect(wizard).toContainText("Review your bank account details.");
  await expect(wizard).toContainText("02-1234-0987654-012");
  await shot(page, "wizard-review");
  await wizard.getByRole("button", { name: "Edit" }).click();
  await expect(wizard.getByLabel("Account name")).toHaveValue("Kiwi Supplies Payouts");
  await wizard.getByRole("button", { name: "Review" }).click();
  await wizard.getByRole("button", { name: "Next" }).click();

  // CODE_ENTRY: the code arrives in the mailbox (the default SMS provider); a wrong code is refused.
  await expect(wizard.getByLabel("Verification code")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/bank-accounts\/\d+\/code/);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ADMIN);
  const code = await readCode(admin);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await wizard.getByLabel("Verification code").fill(wrong);
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Invalid code. Please check the code you received.")).toBeVisible();
  await shot(page, "wizard-code-invalid");
  await wizard.getByLabel("Verification code").fill(code);
  await wizard.getByRole("button", { name: "Next" }).click();

  // BANK_STATEMENT: a text file called .pdf is refused by its content; a real PNG is taken.
  const verify = page.getByRole("dialog", { name: "Verify Bank Account" });
  await expect(verify).toContainText("Kiwi Supplies Payouts");
  await verify.getByLabel("Bank statement").setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: Buffer.from("not really a PDF") });
  await verify.getByRole("button", { name: "Upload" }).click();
  await expect(verify.getByText("Unsupported file format. Please select a JPG, PNG or PDF file.")).toBeVisible();
  await shot(page, "wizard-statement-error");
  await verify.getByLabel("Bank statement").setInputFiles({ name: "statement-march.png", mimeType: "image/png", buffer: PNG });
  await verify.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Bank statement uploaded. We will verify your account soon.")).toBeVisible();
  await expect(verify).toBeHidden();
  await expect(card.getByTestId("default-bank-account")).toContainText("Kiwi Supplies Payouts");
  await expect(card.getByText("Verification Pending", { exact: true })).toBeVisible();
  await shot(page, "card-pending");

  // The admin finds it on the Pending tab, opens the statement viewer and approves it.
  await admin.goto("/bank-accounts?tab=pending");
  const row = admin.getByRole("table", { name: "Bank accounts" }).getByRole("row", { name: /Kiwi Supplies Payouts/ });
  await expect(row).toContainText("Kiwi Supplies Ltd");
  await expect(row).toContainText("02-1234-0987654-012");
  await shot(admin, "admin-pending");
  await row.getByRole("link", { name: /View/ }).click();
  await expect(admin).toHaveURL(/\/companies\/\d+\/bank-accounts$/);
  await expect(admin.getByRole("img", { name: "Bank statement statement-march.png" })).toBeVisible();
  await shot(admin, "admin-viewer");
  await admin.getByRole("button", { name: "Approve Kiwi Supplies Payouts" }).click();
  await expect(admin.getByText("Kiwi Supplies Payouts approved: the account is verified")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Approve Kiwi Supplies Payouts" })).toHaveCount(0);
  await admin.goto("/bank-accounts?tab=approved");
  await expect(admin.getByRole("table", { name: "Bank accounts" })).toContainText("Kiwi Supplies Payouts");
  await adminContext.close();

  // Sam's card now shows the VERIFIED badge and only Delete.
  await page.reload();
  await expect(card.getByTestId("default-bank-account")).toContainText("Kiwi Supplies Payouts");
  await expect(card.getByText("Verified", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Delete" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Verify" })).toHaveCount(0);
  await shot(page, "card-approved");
});

test("the admin bank account screens are the admins' only: a company user gets 404, also when posting", async ({ page }) => {
  await loginAs(page, SUPPLIER);
  expect((await page.goto("/bank-accounts"))?.status()).toBe(404);
  expect((await page.goto("/companies/1/bank-accounts"))?.status()).toBe(404);
  const post = await page.request.post("/companies/1/bank-accounts", { form: { bankAccountId: "1", decision: "APPROVE" }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
});
