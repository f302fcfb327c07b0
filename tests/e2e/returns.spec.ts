/**
 * Money that comes back (issue 13 part 3, docs/decisions/030), as an admin does it in the browser:
 * - a company withdraws, the bank file job pays it, an admin marks the line returned from /system (confirm dialog,
 *   toast), and the company's /account and statement show the reversal with the money back;
 * - a second withdrawal comes back through the bank's returns file (imported twice: returned once);
 * - an unknown deposit unclaimed for 30 days is returned to its sender from the Topups page and paid by the next file.
 * Money moves, so the withdrawing companies are the spec's own (tests/e2e/support/world.ts), one per test, not the demo
 * personas. Screenshots at 1280, 1024 and 390 px when SHOTS_DIR is set.
 */
import crypto from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eQuery, runWithdrawalsJob } from "./bank-jobs-support";
import { accountBalance, ADMIN, loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Each test runs the bank file job with the CLI (a process start and a database connection): seconds, not milliseconds.
test.describe.configure({ timeout: 180_000 });

const dialog = (page: Page) => page.getByRole("dialog");

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: {
      marked: { name: "Returned Foods", funds: 100_000, bankAccount: { name: "Returned Operating", number: "1202330123456333" } },
      imported: { name: "Imported Foods", funds: 100_000, bankAccount: { name: "Imported Operating", number: "1202330123456444" } },
    },
  });
});
const login = (page: Page, key: string) => loginAs(page, world.companies[key].email, world.password);

/** The company withdraws `amount` in the three steps, and the bank file job pays it: its id and file. */
async function paidWithdrawal(page: Page, amount: string): Promise<{ id: number; fileName: string }> {
  await runWithdrawalsJob(); // nothing pending from another test blocks this one
  await page.goto("/account/withdraw");
  await dialog(page).getByLabel("Withdrawal amount").fill(amount);
  await dialog(page).getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(dialog(page).getByRole("heading", { name: "Withdrawal Successful" })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get("placed"));
  const job = await runWithdrawalsJob();
  const file = job.result.files.find((candidate) => candidate.withdrawalIds.includes(id));
  expect(file).toBeDefined();
  return { id, fileName: file!.fileName };
}

test("a withdrawal the bank returns: marked on /system, the money back on the company's account and statement", async ({ page, browser }) => {
  const company = world.companies.marked.name;
  await login(page, "marked");
  const before = await accountBalance(page);
  const withdrawal = await paidWithdrawal(page, "321.09");
  expect(await accountBalance(page)).toBe(before - 32_109);

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto("/system");
  const row = admin.getByRole("table", { name: "Bank payment files" }).getByRole("row").filter({ hasText: withdrawal.fileName });
  await row.getByRole("link", { name: `Lines of ${withdrawal.fileName}` }).click();
  const lines = dialog(admin);
  await expect(lines.getByRole("heading", { name: "Bank file lines" })).toBeVisible();
  const line = lines.getByRole("row").filter({ hasText: `WD${withdrawal.id}` });
  await expect(line).toContainText("Returned Operating");
  await expect(line).toContainText("$321.09");
  await expect(line).toContainText("Paid");
  await shoot(admin, "returns-1-file-lines");
  await line.getByRole("link", { name: `Mark WD${withdrawal.id} returned` }).click();

  const confirm = dialog(admin);
  await expect(confirm.getByRole("heading", { name: "Mark withdrawal returned" })).toBeVisible();
  await expect(confirm).toContainText(company);
  // Focus starts on the reason, never on the confirming button.
  await expect(confirm.getByLabel("Reason (optional)")).toBeFocused();
  await confirm.getByLabel("Reason (optional)").fill("Account closed");
  await shoot(admin, "returns-2-confirm");
  await confirm.getByRole("button", { name: "Mark returned" }).click();
  await expect(admin.getByText(`Withdrawal WD${withdrawal.id} returned: $321.09 is back in ${company}'s Funds Available`)).toBeVisible();
  const after = dialog(admin)
    .getByRole("row")
    .filter({ hasText: `WD${withdrawal.id}` });
  await expect(after).toContainText("Returned");
  await expect(after).toContainText("Account closed");
  await expect(after.getByRole("link", { name: `Mark WD${withdrawal.id} returned` })).toHaveCount(0);

  expect(await accountBalance(page)).toBe(before);

  // The company: the reversal on /account and on the month's statement.
  await page.goto("/account");
  const transactions = page.getByRole("table").filter({ hasText: "Withdrawal returned: Account closed" });
  await expect(transactions.getByRole("row").filter({ hasText: "Withdrawal returned: Account closed" }).first()).toContainText("$321.09");
  await shoot(page, "returns-3-account");
  await page.goto("/account/statements/current?startAt=0&endAt=100");
  const reversal = page
    .getByRole("row")
    .filter({ hasText: "Reversal" })
    .filter({ hasText: `WD${withdrawal.id}` });
  await expect(reversal).toContainText("$321.09");
  await expect(reversal).toContainText("Withdrawal returned: Account closed");
});

test("the bank's returns file: imported on /system, each withdrawal returned once", async ({ page, browser }) => {
  await login(page, "imported");
  const before = await accountBalance(page);
  const withdrawal = await paidWithdrawal(page, "45.67");

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto("/system");
  const file = {
    name: "returns.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Date,Reference,Amount,Reason\n24/11/2026,Earlybird WD${withdrawal.id},45.67,Invalid account number\n`),
  };
  for (const expected of ["Imported returns.csv: 1 withdrawal returned", "Imported returns.csv: 0 withdrawals returned, 1 already returned"]) {
    await admin.getByRole("link", { name: "Import bank returns" }).click();
    await expect(dialog(admin).getByRole("heading", { name: "Import bank returns" })).toBeVisible();
    await dialog(admin).getByLabel("Bank returns (CSV)").setInputFiles(file);
    if (expected.startsWith("Imported returns.csv: 1")) await shoot(admin, "returns-4-import");
    await dialog(admin).getByRole("button", { name: "Import" }).click();
    await expect(admin.getByText(expected)).toBeVisible();
  }
  // A file that names no payment of ours is refused in the dialog, whole.
  await admin.getByRole("link", { name: "Import bank returns" }).click();
  await dialog(admin)
    .getByLabel("Bank returns (CSV)")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("Date,Reference,Amount\n24/11/2026,NOT OURS,1.00\n") });
  await dialog(admin).getByRole("button", { name: "Import" }).click();
  await expect(dialog(admin).getByText("Line 2: the reference names no payment of ours (WD<id> or RT<id>)")).toBeVisible();
  expect(await accountBalance(page)).toBe(before);
});

test("an unknown deposit unclaimed for 30 days goes back to its sender through the next bank file", async ({ page }) => {
  await loginAs(page, ADMIN);
  const reference = `RENT${crypto.randomInt(1e6)}`;
  await page.goto("/?import=statement");
  await dialog(page)
    .getByLabel("Bank statement (CSV)")
    .setInputFiles({
      name: `statement-${reference}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from(`Date,Amount,Other Party,Reference,Transaction ID\n20/10/2026,845.00,J SMITH,${reference},E2E-${reference}\n`),
    });
  await dialog(page).getByRole("button", { name: "Import" }).click();
  await expect(page.getByText(/1 unknown deposit held in suspense/)).toBeVisible();
  const [deposit] = await e2eQuery<{ id: number }>(
    "SELECT t.id FROM top_ups t JOIN bank_statement_lines l ON l.id = t.bank_statement_line_id WHERE l.reference = $1",
    [reference]
  );
  const row = () => page.getByRole("table", { name: "Topups" }).getByRole("row").filter({ hasText: reference });
  await page.goto("/?tab=unknown");
  await expect(row()).toContainText("Returnable from");
  await expect(row().getByRole("link", { name: `Return deposit ${deposit.id} to its sender` })).toHaveCount(0);

  // Nobody claims it for 30 days (the test moves its arrival back rather than waiting).
  await e2eQuery("UPDATE top_ups SET created_at = now() - interval '31 days' WHERE id = $1", [deposit.id]);
  await page.goto("/?tab=unknown");
  await row()
    .getByRole("link", { name: `Return deposit ${deposit.id} to its sender` })
    .click();
  const form = dialog(page);
  await expect(form.getByRole("heading", { name: "Return deposit" })).toBeVisible();
  await expect(form.getByLabel("Account name")).toHaveValue("J SMITH");
  await expect(form.getByLabel("Account name")).toBeFocused();
  await form.getByLabel("Account number").fill("123");
  await form.getByRole("button", { name: "Return to sender" }).click();
  await expect(form.getByText("Enter valid account number")).toBeVisible();
  await expect(form.getByLabel("Account number")).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "returns-5-deposit-dialog");
  await form.getByLabel("Account number").fill("12-3456-1234567-00");
  await form.getByRole("button", { name: "Return to sender" }).click();
  await expect(page.getByText("$845.00 will be returned to J SMITH in the next bank payment file")).toBeVisible();

  await page.goto("/");
  await expect(row()).toContainText("Returned");
  await expect(row()).toContainText(/Returned to J SMITH \(RT\d+, waiting for the next bank payment file\)/);
  await shoot(page, "returns-6-topups");

  const job = await runWithdrawalsJob();
  const file = job.result.files.find((candidate) => candidate.depositReturnIds.length > 0);
  expect(file).toBeDefined();
  await page.goto("/");
  await expect(row()).toContainText(`paid by ${file!.fileName}`);
  await page.goto("/system");
  await page.getByRole("link", { name: `Lines of ${file!.fileName}` }).click();
  await expect(dialog(page).getByRole("row").filter({ hasText: "J SMITH" })).toContainText("Unknown deposit returned to its sender");
  await expect(dialog(page).getByRole("row").filter({ hasText: "J SMITH" })).toContainText("$845.00");
});
