import { expect, test } from "@playwright/test";
import { readMail, shoot, unique } from "./account-support";
import { loginAs } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Forgot password and reset (issue 6): the e-mail read in the Mailbox, the spec's messages, sessions logged out, the link
 * used once. Each test's user is of a company of its own (tests/e2e/support/world.ts), made before the tests, so the
 * process start that makes them is not spent from a test's budget; the mail is waited for by reading the Mailbox again
 * until it is there (readMail), not by one load.
 */
const OLD_PASSWORD = "Old#Password2026";
const NEW_PASSWORD = "New#Password2027";

let world: World;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  world = await makeWorld({
    companies: { journey: { name: "Reset Journey Co", password: OLD_PASSWORD }, plainForms: { name: "Reset Plain Forms Co", password: OLD_PASSWORD } },
  });
});

test("forgot password → e-mail → reset → success → the new password logs in, the old one and the used link do not", async ({ page, browser }) => {
  // Five logins (each a password hash) and a mail delivery: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const email = world.companies.journey.email;
  // A session on another device, to be logged out by the reset.
  const elsewhere = await browser.newContext();
  const otherDevice = await elsewhere.newPage();
  await test.step("a session on another device", () => loginAs(otherDevice, email, OLD_PASSWORD));

  await test.step("forgot password: the spec's messages, then the link is sent", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    const emailField = page.getByLabel("Email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("The email address is invalid")).toBeVisible();
    await emailField.fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("The email address is invalid")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await shoot(page, "forgot-password-invalid");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/forgot-password\?sent=true$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    const confirmation = await page.getByRole("main").textContent();
    await shoot(page, "forgot-password-sent");

    // An unknown address gets exactly the same page.
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(`nobody-${unique()}@earlybird-e2e.test`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    expect(await page.getByRole("main").textContent()).toBe(confirmation);
  });

  const mail = await test.step("the e-mail in the Mailbox", () => readMail(browser, email, "Reset your Earlybird password"));
  const link = /(http:\/\/\S+\/resetpassword\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, mail).toBeTruthy();
  expect(mail).toContain("expires in one hour");

  await test.step("reset: the spec's messages, then the new password", async () => {
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);
    await expect(page.getByRole("list", { name: "Password criteria" })).toContainText("At least 8 characters");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("New password is required")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("password");
    await page.getByLabel("Confirm new password").fill("password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Password should match the criteria as shown below")).toBeVisible();
    await shoot(page, "reset-password-criteria");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill("New#Password2028");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("The passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();

    await expect(page).toHaveURL(/\/resetpassword\/success$/);
    await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await shoot(page, "reset-password-success");
  });

  await test.step("sessions logged out; the old password refused, the new one taken", async () => {
    // Every session was logged out: the other device is sent to the login page.
    await otherDevice.goto("/invoices");
    await expect(otherDevice).toHaveURL(/\/login/);
    await expect(otherDevice.getByText("Your session has expired. Please login again.")).toBeVisible();
    await elsewhere.close();

    await page.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(OLD_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Error logging in. Check your credentials.")).toBeVisible();
    await page.getByLabel("Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    // A company with nothing yet lands on Get started (issue 20 part 3).
    await expect(page).toHaveURL(/\/get-started$/);
  });

  await test.step("the link worked once", async () => {
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(page.getByText("The link might be broken or expired")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reset password" })).toHaveCount(0);
    await shoot(page, "reset-password-link-used");
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reset works as plain forms, and a broken link says so", async ({ page, browser }) => {
    const email = world.companies.plainForms.email;
    await page.goto("/resetpassword?token=not-a-real-token");
    await expect(page.getByText("The link might be broken or expired")).toBeVisible();

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    const mail = await readMail(browser, email, "Reset your Earlybird password");
    const link = /(http:\/\/\S+\/resetpassword\?token=[A-Za-z0-9_-]+)/.exec(mail)![1];
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Password should match the criteria as shown below")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();
    await loginAs(page, email, NEW_PASSWORD);
  });
});
