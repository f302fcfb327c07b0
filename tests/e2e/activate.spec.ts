import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { logOut } from "./helpers";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The e2e server's data directory (scripts/e2e-server.sh): the helper script shares its database.
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");
const SHOTS = "/tmp/h-activate-shots";

/**
 * A new user as the sign-up leaves them (SIGNED_UP, no password) with the token of their activation e-mail, created in
 * the running server's database by a small helper script (tests/e2e/support/signed-up-user.ts).
 */
async function signedUpUser(country: "NZ" | "AU" = "NZ"): Promise<{ email: string; token: string; companyName: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "tests/e2e/support/signed-up-user.ts"), country], { cwd: root, env });
  return JSON.parse(stdout.trim().split("\n").pop()!) as { email: string; token: string; companyName: string };
}

const randomMobile = () => `21${crypto.randomInt(1_000_000, 9_999_999)}`;

/** The newest SMS code sent to `phone`, read on the public mailbox page in a browser with no login. */
async function readSmsCode(browser: Browser, phone: string, shot?: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/mailbox?channel=SMS&to=${encodeURIComponent(phone)}`);
  const newest = page.getByRole("table", { name: "Messages" }).getByRole("row").nth(1);
  await expect(newest).toContainText("Your Earlybird verification code is");
  const match = /verification code is (\d{6})/.exec((await newest.textContent()) ?? "");
  expect(match).not.toBeNull();
  if (shot) {
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
  return match![1];
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const codeBoxes = (page: Page) => page.getByRole("group", { name: "Verification code" }).getByRole("textbox");

async function typeCode(page: Page, code: string) {
  await codeBoxes(page).first().click();
  await page.keyboard.type(code);
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("a new user activates: name and password, phone number, the SMS code from the mailbox (3 failures, resend, paste)", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email, token, companyName } = await signedUpUser("NZ");

  // The link of the activation e-mail.
  await page.goto(`/activate?set_name=true&token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Activate your account" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  await expect(page.getByRole("main")).toContainText(companyName);
  await shoot(page, "1-set-name");

  const next = page.getByRole("button", { name: "Next" });
  await next.click();
  await expect(page.getByText("Please enter your full legal name", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter a password in valid format")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Full legal name").fill("Aroha");
  await page.getByLabel("Password", { exact: true }).fill("weakpass");
  // The criteria update as the user types.
  const criteria = page.getByRole("list", { name: "Password criteria" });
  await expect(criteria.getByRole("listitem").filter({ hasText: "A lowercase letter" })).toContainText("(met)");
  await expect(criteria.getByRole("listitem").filter({ hasText: "An uppercase letter" })).toContainText("(not met)");
  await next.click();
  await expect(page.getByText("Please enter your full legal name", { exact: true })).toBeVisible();
  await expect(page.getByText("Password should match the criteria as shown below")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Aroha");
  await shoot(page, "2-set-name-errors");

  await page.getByLabel("Full legal name").fill("Aroha Ngaio Te Whata");
  await page.getByLabel("Password", { exact: true }).fill("Sunny#Day2026");
  for (const item of await criteria.getByRole("listitem").all()) await expect(item).toContainText("(met)");
  await next.click();

  // Logged in now: the phone step.
  await expect(page).toHaveURL(/\/activate\?set_phone_number=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your phone number" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("+64");
  await next.click();
  await expect(page.getByText("Please enter your phone number")).toBeVisible();
  await page.getByLabel("Phone number").fill("021 234");
  await next.click();
  await expect(page.getByText("Please enter all the digits in your phone number")).toBeVisible();
  await shoot(page, "3-phone-errors");
  const mobile = randomMobile();
  await page.getByLabel("Phone number").fill(`0${mobile}`);
  const sentAt = Date.now();
  await next.click();

  await expect(page).toHaveURL(/\/activate\?verify_code=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Verify your phone number" })).toBeVisible();
  // Stored as E.164: the leading 0 dropped, +64 in front.
  await expect(page.getByRole("main")).toContainText(`+64 ${mobile.slice(0, 2)} ${mobile.slice(2, 5)} ${mobile.slice(5)}`);
  await shoot(page, "4-verify-code");
  const code = await readSmsCode(browser, `+64${mobile}`, "5-mailbox-sms");

  await next.click();
  await expect(page.getByText("Please enter the code recieved on your phone number")).toBeVisible();
  // Each failed try empties the boxes once the server has answered.
  const failOnce = async () => {
    await typeCode(page, wrong(code));
    await expect(codeBoxes(page).nth(5)).toHaveValue(wrong(code)[5]);
    await next.click();
    await expect(codeBoxes(page).nth(5)).toHaveValue("");
  };
  await failOnce();
  await expect(page.getByText("Invalid code. Please check the code you received.")).toBeVisible();
  await failOnce();
  await expect(page.getByText("Invalid code. Please check the code you received.")).toBeVisible();
  await failOnce();
  await expect(page.getByText("You have made 3 failed attempts. Please request for a new code.")).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(codeBoxes(page).first()).toBeDisabled();
  await shoot(page, "6-verify-locked");
  // Still locked after a reload: the server keeps the count.
  await page.reload();
  await expect(page.getByText("You have made 3 failed attempts. Please request for a new code.")).toBeVisible();
  await expect(next).toBeDisabled();

  // A new code at most every 30 seconds.
  const resend = page.getByRole("button", { name: "Resend code" });
  if (Date.now() - sentAt < 25_000) {
    await resend.click();
    await expect(page.getByText("Please wait 30 seconds before requesting another code.")).toBeVisible();
  }
  await page.waitForTimeout(Math.max(0, sentAt + 31_000 - Date.now()));
  await resend.click();
  await expect(page.getByText("We sent a new code to your phone.")).toBeVisible();
  await expect(next).toBeEnabled();
  const fresh = await readSmsCode(browser, `+64${mobile}`);

  // Paste fills all six boxes.
  await codeBoxes(page).nth(2).focus();
  await codeBoxes(page)
    .nth(2)
    .evaluate((box, value) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, `Code: ${fresh}`);
  for (let index = 0; index < 6; index++) await expect(codeBoxes(page).nth(index)).toHaveValue(fresh[index]);
  await shoot(page, "7-verify-pasted");
  await next.click();

  // PHONE_NUMBER_VERIFIED: onboarding continues with the user's details; verification can wait, so the app lets the
  // user in (issue 13 part 18).
  await expect(page).toHaveURL(/\/verify\?step=user_details$/);
  await page.goto("/invoices");
  await expect(page).toHaveURL(/\/invoices$/);
  // The used link, opened again by its logged-in user, continues onboarding too.
  await page.goto(`/activate?set_name=true&token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/verify\?step=user_details$/);
});

test("a broken, expired or used link says so, with a way back to login", async ({ page }) => {
  const response = await page.goto("/activate?set_name=true&token=not-a-real-token");
  expect(response?.status()).toBe(401);
  await expect(page.getByText("The link might be broken or expired")).toBeVisible();
  await shoot(page, "0-link-expired");
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Outside production the login page links the built-in mailbox, where the activation e-mail lands.
  await expect(page.getByRole("link", { name: "Mailbox" })).toHaveAttribute("href", "/mailbox");
  await shoot(page, "0-login");
});

test("activation works without JavaScript; logging in mid-way continues where the user stopped", async ({ browser }) => {
  const { email, token } = await signedUpUser("AU");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/activate?set_name=true&token=${encodeURIComponent(token)}`);
  await page.getByLabel("Full legal name").fill("Jack Murphy");
  await page.getByLabel("Password", { exact: true }).fill("Outback#2026");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/set_phone_number=true/);
  // An AU company: +61.
  await expect(page.getByRole("main")).toContainText("+61");

  // Logged out half-way: the login sends the user back to the phone step, whatever next says.
  await logOut(page);
  await page.goto("/login?next=/bills");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Outback#2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/activate\?set_phone_number=true$/);
  // And the app itself does too.
  await page.goto("/invoices");
  await expect(page).toHaveURL(/\/activate\?set_phone_number=true$/);

  const mobile = `4${crypto.randomInt(10_000_000, 99_999_999)}`;
  await page.getByLabel("Phone number").fill(`0${mobile}`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/verify_code=true/);
  await expect(page.getByRole("main")).toContainText(`+61 ${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`);
  const code = await readSmsCode(browser, `+61${mobile}`);
  // Six plain inputs, one digit each.
  for (let index = 0; index < 6; index++) await codeBoxes(page).nth(index).fill(code[index]);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/verify\?step=user_details$/);
  await context.close();
});
