import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Credit notes over the supplier page (p2 §2, §4, §5, §8): the Credit Note view, Allocate Credit Note (inline errors,
 * Manual and Automatic modes, the Allocate button's state), View allocations and Bill Details with its Credit Applied
 * view. The test allocates the note, so the purchaser, its supplier, three open bills and the credit note CN-1001
 * ($450.00, UNALLOCATED) are the spec's own (tests/e2e/support/world.ts), not the demo personas.
 */

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-NZ", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let world: World;
let ids: { creditNoteId: number; supplierId: number };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { purchaser: { name: "Credit Foods" }, supplier: { name: "Credit Supplies" } },
    trades: [["purchaser", "supplier"]],
    records: [20_000, 25_000, 30_000].map((total, index) => ({
      supplier: "supplier",
      purchaser: "purchaser",
      type: "BILL" as const,
      total,
      daysToDue: 20 + index * 10,
    })),
    creditNotes: [{ key: "note", purchaser: "purchaser", supplier: "supplier", number: "CN-1001", total: 45_000, supplierReference: "KS-RET-17" }],
  });
  ids = { creditNoteId: world.creditNotes.note.id, supplierId: world.companies.supplier.id };
});
const login = (page: Page) => loginAs(page, world.companies.purchaser.email, world.password);

function dialog(page: Page, name: string) {
  return page.getByRole("dialog", { name });
}

test("a purchaser edits, allocates and reviews a credit note, and sees the credit on the bill", async ({ page }) => {
  await login(page);
  const noteUrl = `/suppliers/${ids.supplierId}/credit-notes/${ids.creditNoteId}`;
  await page.goto(noteUrl);

  // Credit Note view: the note's details, editable while UNALLOCATED.
  const view = dialog(page, "Credit Note CN-1001");
  await expect(view).toBeVisible();
  await expect(view.getByText(new RegExp(`^${world.companies.supplier.name}`))).toBeVisible();
  await expect(view.getByText("Unallocated", { exact: true }).first()).toBeVisible();
  await expect(view.getByText("$450.00").first()).toBeVisible();
  await expect(view.getByRole("link", { name: "View allocations" })).toHaveCount(0);

  // A bad supplier reference: the spec's message (typo kept) under the field, nothing saved.
  const reference = view.getByRole("textbox", { name: "Supplier reference" });
  await expect(reference).toHaveValue("KS-RET-17");
  await reference.fill("KS RET/17");
  await view.getByRole("button", { name: "Save supplier reference" }).click();
  await expect(view.getByText('Allowed special charaters are "-" and "_"')).toBeVisible();
  await expect(view.getByRole("textbox", { name: "Supplier reference" })).toHaveAttribute("aria-invalid", "true");
  // A total of 0 is refused too.
  await view.getByRole("textbox", { name: "Total" }).fill("0");
  await view.getByRole("button", { name: "Save total" }).click();
  await expect(view.getByText("Amount should be greater than 0")).toBeVisible();

  // Allocate Credit Note: the supplier's 3 bills, equal distribution on for a fresh note.
  await view.getByRole("link", { name: "Allocate" }).click();
  const allocate = dialog(page, "Allocate Credit Note");
  await expect(allocate).toBeVisible();
  const rows = allocate.getByRole("table", { name: "Bills to allocate credit to" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const allocateButton = allocate.getByRole("button", { name: "Allocate" });

  // Manual: more than the first bill's amount due.
  await allocate.getByRole("button", { name: "Manual" }).click();
  await expect(allocate.getByRole("button", { name: "Manual" })).toHaveAttribute("aria-pressed", "true");
  const firstDue = money(await rows.first().getByRole("cell").nth(2).textContent());
  expect(firstDue).toBeGreaterThan(0);
  const firstInput = rows.first().getByRole("textbox");
  await firstInput.fill(((firstDue + 100) / 100).toFixed(2));
  await expect(allocate.getByText("Allocated amount exceeds invoice amount")).toBeVisible();
  await expect(firstInput).toHaveAttribute("aria-invalid", "true");
  await expect(allocateButton).toBeDisabled();
  // A negative amount, then more than the credit.
  // (the money input refuses the minus: the field keeps the amount typed before, still refused)
  await firstInput.fill("-1");
  await expect(firstInput).not.toHaveValue("-1");
  await expect(allocateButton).toBeDisabled();
  // Every bill's full amount due: more than the $450.00 of credit.
  let dues = 0;
  for (let i = 0; i < 3; i += 1) {
    const due = money(await rows.nth(i).getByRole("cell").nth(2).textContent());
    dues += due;
    await rows
      .nth(i)
      .getByRole("textbox")
      .fill((due / 100).toFixed(2));
  }
  expect(dues).toBeGreaterThan(45_000);
  await expect(allocate.getByText("Amount exceeds available credit")).toBeVisible();
  await expect(allocateButton).toBeDisabled();
  for (let i = 1; i < 3; i += 1) await rows.nth(i).getByRole("textbox").fill("");
  // Formatted to 2 decimals on blur.
  await firstInput.fill("12.5");
  await firstInput.blur();
  await expect(firstInput).toHaveValue("12.50");
  await expect(allocate.getByText("Remaining credit: $437.50")).toBeVisible();
  await expect(allocateButton).toBeEnabled();

  // Automatic: equal distribution of the $450.00 over the three bills, read-only.
  await allocate.getByRole("button", { name: "Automatic" }).click();
  await expect(allocate.getByRole("button", { name: "Equal distribution" })).toHaveAttribute("aria-pressed", "true");
  const amounts: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const input = rows.nth(i).getByRole("textbox");
    await expect(input).toHaveAttribute("readonly", "");
    amounts.push(money(await input.inputValue()));
  }
  expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBeLessThanOrEqual(45_000);
  expect(amounts.every((cents) => cents > 0)).toBe(true);
  expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
  // Reset clears it; the toggle brings it back.
  await allocate.getByRole("button", { name: "Reset" }).click();
  await expect(rows.first().getByRole("textbox")).toHaveValue("");
  await expect(allocateButton).toBeDisabled();
  await allocate.getByRole("button", { name: "Equal distribution" }).click();
  await expect(rows.first().getByRole("textbox")).toHaveValue((amounts[0] / 100).toFixed(2));
  const billNumbers = await rows.locator("td:first-child").allTextContents();

  await allocateButton.click();
  await expect(page.getByText("Credit allocation successful")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/suppliers/${ids.supplierId}$`));

  // View allocations: the bills and the amounts just allocated.
  await page.goto(noteUrl);
  await expect(view.getByRole("textbox", { name: "Supplier reference" })).toHaveCount(0);
  await view.getByRole("link", { name: "View allocations" }).click();
  const allocations = dialog(page, "View allocations");
  await expect(allocations).toBeVisible();
  const allocationRows = allocations.getByRole("table", { name: "Allocations" }).locator("tbody tr");
  await expect(allocationRows).toHaveCount(3);
  for (const [index, number] of billNumbers.entries()) {
    const row = allocationRows.filter({ hasText: number });
    await expect(row.getByRole("cell").nth(1)).toHaveText(dollars(amounts[index]));
  }
  await expect(allocations.getByText(dollars(amounts.reduce((a, b) => a + b, 0))).first()).toBeVisible();

  // Bill Details of the first bill: the credit applied and, in the Credit Applied view, the credit note.
  await allocations.getByRole("link", { name: billNumbers[0] }).click();
  const details = dialog(page, "Bill Details");
  await expect(details).toBeVisible();
  await expect(details.getByText("Credit applied", { exact: true }).locator("..")).toContainText(dollars(amounts[0]));
  await details.getByRole("link", { name: /Credit Applied/ }).click();
  const applied = details.getByRole("table", { name: "Credit Applied" });
  await expect(applied.getByRole("link", { name: "CN-1001" })).toBeVisible();
  await expect(applied.getByText(dollars(amounts[0]))).toBeVisible();
  const billUrl = new URL(page.url());
  const billId = billUrl.pathname.split("/").pop();

  // The same dialog over the /bills list.
  await page.goto(`/bills/details/${billId}?tab=bills`);
  const overList = dialog(page, "Bill Details");
  await expect(overList.getByText(billNumbers[0]).first()).toBeVisible();
  await expect(overList.getByText("Credit applied", { exact: true }).locator("..")).toContainText(dollars(amounts[0]));
  await overList.getByRole("link", { name: /Credit Applied/ }).click();
  await overList.getByRole("link", { name: "CN-1001" }).click();
  await expect(dialog(page, "Credit Note CN-1001")).toBeVisible();
});

test("another supplier's page does not show the credit note", async ({ page }) => {
  await login(page);
  const response = await page.goto(`/suppliers/${ids.supplierId + 100000}/credit-notes/${ids.creditNoteId}`);
  expect(response?.status()).toBe(404);
});
