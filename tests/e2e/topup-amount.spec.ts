import { expect, test, type Page } from "@playwright/test";
import { loginAs, PURCHASER, shootWidths } from "./helpers";

/**
 * The Topup amount (issue 13 part 19; p1 §5 "numbers only, two decimals on blur"): "-5", "10.555" and "abc" used to
 * clear the field and all say "Topup amount cannot be 0". In the browser a key that would make the field anything but
 * an amount is refused and what was typed stays; without JavaScript (or a pasted value the browser sends as it is) the
 * server says what is wrong with each value, and the field still shows what was typed. Screenshots go to
 * /tmp/h-topup-amount-shots/ when SCREENSHOTS=1.
 */
const SHOTS = process.env.SCREENSHOTS ? "/tmp/h-topup-amount-shots" : null;
const shoot = (page: Page, name: string) => shootWidths(page, SHOTS, name);

async function openEntry(page: Page) {
  await page.goto("/account/topup");
  const entry = page.getByRole("dialog", { name: "Topup Entry" });
  await expect(entry).toBeVisible();
  return { entry, field: entry.locator("#topup-custom-amount") };
}

test("typing keeps what was typed: a minus, a third decimal and letters are refused, two decimals on blur", async ({ page }) => {
  await loginAs(page, PURCHASER);
  const { entry, field } = await openEntry(page);
  await field.fill("");
  await field.pressSequentially("-5");
  await expect(field).toHaveValue("5");
  await field.fill("");
  await field.pressSequentially("10.555");
  await expect(field).toHaveValue("10.55");
  await field.pressSequentially("abc");
  await expect(field).toHaveValue("10.55");
  await field.blur();
  await expect(field).toHaveValue("10.55");
  await field.fill("");
  await field.pressSequentially("12");
  await field.blur();
  await expect(field).toHaveValue("12.00");
  await expect(entry.getByText("Topup amount cannot be 0. Please enter a higher amount.")).toHaveCount(0);
  await entry.getByRole("button", { name: "Next" }).click();
  const details = page.getByRole("dialog", { name: "Topup Details" });
  await expect(details).toBeVisible();
  await expect(details.getByText("$12.00")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server gives the right message for each bad value and keeps it in the field", async ({ page }) => {
    test.slow();
    await loginAs(page, PURCHASER);
    const cases: [string, string][] = [
      ["-5", "Topup amount cannot be negative. Please enter a higher amount."],
      ["10.555", "Please enter an amount with at most 2 decimals"],
      ["abc", "Please enter the topup amount in numbers only"],
      ["0", "Topup amount cannot be 0. Please enter a higher amount."],
    ];
    for (const [value, message] of cases) {
      const { entry, field } = await openEntry(page);
      const custom = entry.getByRole("radio", { name: "Custom amount" });
      if (await custom.count()) await custom.check();
      await field.fill(value);
      await entry.getByRole("button", { name: "Next" }).click();
      const again = page.getByRole("dialog", { name: "Topup Entry" });
      await expect(again.getByText(message)).toBeVisible();
      await expect(again.locator("#topup-custom-amount")).toHaveValue(value);
      if (value === "-5") await shoot(page, "topup-negative");
    }
  });
});
