import { expect, test } from "@playwright/test";
import { createCompanyUser, readMail, shoot, unique } from "./account-support";
import { loginAs } from "./helpers";

const OLD_PASSWORD = "Old#Password2026";
const NEW_PASSWORD = "New#Password2027";

test("forgot password → e-mail → reset → success → the new password logs in, the old one and the used link do not", async ({ page, browser }) => {
  const email = await createCompanyUser("Harbour Foods Ltd", OLD_PASSWORD);
  // A session on another device, to be logged out by the reset.
  const elsewhere = await browser.newContext();
  const otherDevice = await elsewhere.newPage();
  await loginAs(otherDevice, email, OLD_PASSWORD);

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

  const mail = await readMail(browser, email, "Reset your Earlybird password");
  const link = /(http:\/\/\S+\/resetpassword\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, mail).toBeTruthy();
  expect(mail).toContain("expires in one hour");

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
  await expect(page).toHaveURL(/\/invoices/);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByText("The link might be broken or expired")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset password" })).toHaveCount(0);
  await shoot(page, "reset-password-link-used");
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reset works as plain forms, and a broken link says so", async ({ page, browser }) => {
    const email = await createCompanyUser("Harbour Foods Ltd", OLD_PASSWORD);
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
