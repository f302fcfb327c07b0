import fs from "node:fs";
import { expect, type Page } from "@playwright/test";

/** Screenshots of the accounting screens (SCREENSHOTS=1) go here. */
export const accountingShotsDir = process.env.SCREENSHOTS ? "/tmp/b2-shots" : null;
if (accountingShotsDir) fs.mkdirSync(accountingShotsDir, { recursive: true });

export const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
export const card = (page: Page, name: "Xero" | "MYOB") => page.getByRole("region", { name, exact: true });

/** On the emulator's consent page (Xero or MYOB): the organisation is shown, and Allow access returns to Earlybird. */
export async function allowAccess(page: Page) {
  await expect(page.getByRole("button", { name: "Allow access" })).toBeVisible();
  await page.getByRole("button", { name: "Allow access" }).click();
}

/** The three steps of the mapping wizard, "create new account" each time (the suggested code shown); ends on the done screen. */
export async function mapAccountsCreatingNew(page: Page, firstCodes: [RegExp, RegExp, RegExp]) {
  const steps = [
    ["Fees account", "Earlybird Fees", "Next"],
    ["Cashback income account", "Earlybird Cashback Income", "Next"],
    ["Bank account", "Earlybird Bank Account", "Finish"],
  ] as const;
  for (const [index, [label, name, button]] of steps.entries()) {
    const select = page.getByLabel(label, { exact: true });
    await expect(select).toBeVisible();
    const option = select.locator('option[value="__create__"]');
    await expect(option).toHaveText(new RegExp(`^Create new account: ${firstCodes[index].source} ${name}$`));
    await select.selectOption("__create__");
    await page.getByRole("button", { name: button }).click();
  }
}
