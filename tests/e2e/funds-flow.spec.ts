import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, loginAs, NEW_NZ_USER, readBankAccountCode } from "./helpers";

/**
 * The whole money path, as its users walk it in the browser (issue 4 part 8; spec p1 §2 Account screen, §4-§5, p3
 * §4.3-4.5): Casey of Kauri Timber (NZ, verified; the demo seed gives it no Earlybird account, no bank account and no
 * money, and no other spec touches it) activates the account, adds a bank account with the SMS code read from the
 * mailbox and a statement; an admin approves the account; Casey tops up, the admin confirms the top-up; Casey withdraws
 * part of it and finds both transactions, to the cent, on /account and in transactions.csv.
 *
 * With SHOTS_DIR set, the account screen at the end is captured at 1280 and 800 px wide.
 */
const CASEY_PHONE = "+64215550142";
const COMPANY = "Kauri Timber Co Ltd";
const ACCOUNT_NAME = "Kauri Timber Payouts";
const SHOTS = process.env.SHOTS_DIR;

// A real 1×1 PNG: the statement upload checks the content, not the name.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A figure card of the account summary (Cash Reserve, Funds Available): the card holding that heading. */
const figure = (summary: Locator, title: string) =>
  summary.locator(":scope > *").filter({ has: summary.page().getByRole("heading", { name: title, exact: true }) });

test("a new company activates its account, verifies a bank account, tops up, withdraws and exports its transactions", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ADMIN);

  // ---- 1. Activate Account: the working-capital account number is issued and shown on /account. --------------------
  await loginAs(page, NEW_NZ_USER);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Account summary" });
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(summary.getByText("Working capital account", { exact: true })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Topup" })).toHaveCount(0);
  await expect(table.getByText("You have no transactions yet")).toBeVisible();
  await summary.getByRole("link", { name: "Activate Account" }).click();
  const activate = page.getByRole("dialog", { name: "Activate Account" });
  await expect(activate).toContainText("We will issue an Earlybird working capital account for your company.");
  await activate.getByRole("button", { name: "Activate" }).click();
  await expect(activate.getByText("Your Earlybird working capital account is now active!")).toBeVisible();
  const issued = activate.getByText(/^02-0100-\d{7}-\d{3}$/);
  await expect(issued).toBeVisible();
  const accountNumber = (await issued.textContent())!;
  await activate.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(summary.getByTestId("system-account")).toHaveText(accountNumber);
  await expect(summary.getByText(`${COMPANY} - Earlybird working capital`)).toBeVisible();
  await expect(summary.getByRole("link", { name: "Activate Account" })).toHaveCount(0);
  await expect(figure(summary, "Funds Available").getByText("$0.00", { exact: true })).toBeVisible();

  // Withdraw before there is a bank account: the dialog sends Casey to add one.
  await summary.getByRole("link", { name: "Withdraw" }).click();
  const withdraw = page.getByRole("dialog");
  await expect(withdraw).toContainText("Add a default bank account to withdraw funds from Earlybird");
  await expect(withdraw.getByLabel("Withdrawal amount")).toHaveCount(0);
  await withdraw.getByRole("link", { name: "Add Bank Account" }).click();

  // ---- 2. Settings → Withdrawals: details → review → SMS code from the mailbox → statement upload. --------------------
  await expect(page).toHaveURL(/\/settings\?tab=withdrawals$/);
  const card = page.getByRole("main");
  await expect(card.getByRole("heading", { name: "Withdrawal account" })).toBeVisible();
  await expect(card).toContainText("Add a default bank account to withdraw funds from Earlybird");
  await card.getByRole("link", { name: "Add Bank Account" }).click();
  const wizard = page.getByRole("dialog", { name: "Add Bank Account" });
  await wizard.getByLabel("Account name").fill(ACCOUNT_NAME);
  await wizard.getByLabel("Account number").fill("0301040765432001");
  await expect(wizard.getByLabel("Account number")).toHaveValue("03-0104-0765432-001");
  await wizard.getByRole("button", { name: "Review" }).click();
  await expect(wizard).toContainText("Review your bank account details.");
  await expect(wizard).toContainText(ACCOUNT_NAME);
  await expect(wizard).toContainText("03-0104-0765432-001");
  await wizard.getByRole("button", { name: "Next" }).click();

  await expect(wizard.getByLabel("Verification code")).toBeVisible();
  const code = await readBankAccountCode(admin, CASEY_PHONE);
  await wizard.getByLabel("Verification code").fill(code);
  await wizard.getByRole("button", { name: "Next" }).click();

  const verify = page.getByRole("dialog", { name: "Verify Bank Account" });
  await expect(verify).toContainText(ACCOUNT_NAME);
  await verify.getByLabel("Bank statement").setInputFiles({ name: "kauri-statement.png", mimeType: "image/png", buffer: PNG });
  await verify.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Bank statement uploaded. We will verify your account soon.")).toBeVisible();
  await expect(card.getByTestId("default-bank-account")).toContainText(ACCOUNT_NAME);
  await expect(card.getByText("Verification Pending", { exact: true })).toBeVisible();

  // ---- 3. The admin approves it: /bank-accounts → the company's statement viewer → Approve → VERIFIED. ---------------
  await admin.goto("/bank-accounts?tab=pending");
  const pendingRow = admin.getByRole("table", { name: "Bank accounts" }).getByRole("row", { name: new RegExp(ACCOUNT_NAME) });
  await expect(pendingRow).toContainText(COMPANY);
  await expect(pendingRow).toContainText("03-0104-0765432-001");
  await pendingRow.getByRole("link", { name: `View ${COMPANY} bank accounts` }).click();
  await expect(admin).toHaveURL(/\/companies\/\d+\/bank-accounts$/);
  await expect(admin.getByRole("img", { name: "Bank statement kauri-statement.png" })).toBeVisible();
  await admin.getByRole("button", { name: `Approve ${ACCOUNT_NAME}` }).click();
  await expect(admin.getByText(`${ACCOUNT_NAME} approved: the account is verified`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Approve ${ACCOUNT_NAME}` })).toHaveCount(0);
  await expect(admin.getByRole("main").getByText("Verified", { exact: true })).toBeVisible();

  await page.reload();
  await expect(card.getByTestId("default-bank-account")).toContainText(ACCOUNT_NAME);
  await expect(card.getByText("Verified", { exact: true })).toBeVisible();

  // ---- 4. Topup: Topup Entry → Topup Details → Bank Transfer with the payment reference. -----------------------------
  await page.goto("/account");
  await summary.getByRole("link", { name: "Topup" }).click();
  const entry = page.getByRole("dialog", { name: "Topup Entry" });
  await expect(entry).toContainText("Funds Available");
  await entry.getByLabel("Topup amount").fill("2500.75");
  await entry.getByRole("button", { name: "Next" }).click();
  const details = page.getByRole("dialog", { name: "Topup Details" });
  await expect(details).toContainText(COMPANY);
  await expect(details.getByText("$2,500.75", { exact: true })).toBeVisible();
  await details.getByRole("button", { name: "Confirm" }).click();
  const transfer = page.getByRole("dialog", { name: "Bank Transfer" });
  await expect(transfer).toContainText("Transfer $2,500.75 from your bank, quoting this payment reference.");
  await expect(transfer.getByText("Earlybird Trust Bank")).toBeVisible();
  await expect(transfer.getByText("Bank transfer may take up to 2 hours.")).toBeVisible();
  const reference = (await transfer.getByTestId("payment-reference").textContent())!.trim();
  expect(reference).toMatch(/^EB[2-9A-Z]{8}$/);
  await transfer.getByRole("link", { name: "Done" }).click();
  // Nothing has moved yet: a pending row without a balance, and the funds unchanged.
  await expect(table.getByRole("row").filter({ hasText: reference })).toContainText("Pending");
  await expect(figure(summary, "Funds Available").getByText("$0.00", { exact: true })).toBeVisible();

  // ---- 5. The admin confirms the top-up on the Topups screen at /: COMPLETED (shown as Approved). --------------------
  await admin.goto("/");
  await expect(admin.getByRole("heading", { level: 1, name: "Topups" })).toBeVisible();
  await admin.getByRole("navigation", { name: "Topup status" }).getByRole("link", { name: "Pending" }).click();
  const topUpRow = admin.getByRole("row").filter({ hasText: reference });
  await expect(topUpRow).toContainText(COMPANY);
  await expect(topUpRow).toContainText("$2,500.75");
  await topUpRow.getByRole("link", { name: `Confirm topup ${reference}` }).click();
  const confirm = admin.getByRole("dialog", { name: "Confirm topup" });
  await expect(confirm).toContainText(COMPANY);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByText("Topup confirmed")).toBeVisible();
  await admin.getByRole("navigation", { name: "Topup status" }).getByRole("link", { name: "Approved" }).click();
  await expect(admin.getByRole("row").filter({ hasText: reference })).toContainText("Approved");
  await adminContext.close();

  await page.reload();
  await expect(figure(summary, "Funds Available").getByText("$2,500.75", { exact: true })).toBeVisible();
  await expect(summary.getByText("Balance $2,500.75 less Cash Reserve")).toBeVisible();

  // ---- 6. Withdraw part of it: Submit → Confirm → OK; Funds Available drops by exactly that amount. ------------------
  await summary.getByRole("link", { name: "Withdraw" }).click();
  await expect(withdraw.getByRole("heading", { name: "Withdraw Funds" })).toBeVisible();
  await expect(withdraw).toContainText("$2,500.75");
  await expect(withdraw).toContainText(ACCOUNT_NAME);
  await expect(withdraw.getByText("Verified", { exact: true })).toBeVisible();
  await withdraw.getByLabel("Withdrawal amount").fill("1,234.56");
  await withdraw.getByRole("button", { name: "Submit" }).click();
  await expect(withdraw.getByRole("heading", { name: "Confirm Withdrawal" })).toBeVisible();
  await expect(withdraw).toContainText("$1,234.56");
  await expect(withdraw).toContainText("03-0104-0765432-001");
  await withdraw.getByRole("button", { name: "Confirm" }).click();
  await expect(withdraw.getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
  await expect(withdraw).toContainText("$1,234.56");
  await withdraw.getByRole("link", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(figure(summary, "Funds Available").getByText("$1,266.19", { exact: true })).toBeVisible();
  await expect(summary.getByText("Balance $1,266.19 less Cash Reserve")).toBeVisible();

  // ---- 7. The transactions, newest first with the balance after each, and the same rows in transactions.csv. --------
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // The withdrawal stays Pending until the bank-file job pays it (every 15 minutes, so it may have run meanwhile).
  await expect(rows.nth(0).getByRole("cell")).toHaveText([
    /\d/,
    "Withdrawal",
    new RegExp(`^To ${ACCOUNT_NAME}`),
    /^(Pending|Completed)$/,
    "-$1,234.56",
    "$1,266.19",
  ]);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    /\d/,
    "Topup",
    new RegExp(`^Bank transfer.*Ref ${reference}`),
    "Completed",
    "+$2,500.75",
    "$2,500.75",
  ]);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await shoot(page, "account-after-flow");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("transactions.csv");
  const lines = fs
    .readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Date,Type,Status,From,To,Particulars,Reference,Amount,Balance");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Withdrawal,(Pending|Completed),${COMPANY},${ACCOUNT_NAME},[^,]*,[^,]*,-1234\\.56,1266\\.19$`)
  );
  expect(lines[2]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Topup,Completed,Bank transfer,${COMPANY},Top-up,${reference},2500\\.75,2500\\.75$`));
});
