import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, loginAs } from "./helpers";

/**
 * Issue 6 part 10: a new company's whole way in, as its people would do it, in three browsers (the admin, the new
 * user, and a visitor reading the built-in mailbox):
 * invite code → sign-up → activation e-mail → name and password → phone → SMS code → identity (passes) → business
 * details → an owner whose check fails → her document → /invoices; the admin then sees the company
 * VERIFICATION_PENDING, views the document, verifies her, and the company is VERIFIED.
 *
 * The company is Manuka Wines Limited of the register fixtures (fixtures/register/README.md): Jordan Lee, director
 * with 73 %, signs up; Nadia Patel owns 27 % and is the owner to verify. No other test signs it up.
 */
const COMPANY = "Manuka Wines Limited";
const PASSWORD = "Harvest#2026";
/** A real 240 x 150 PNG "licence" card, so the admin's viewer can show it. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAACWCAIAAABvmpKCAAAByElEQVR42u3cMRGAMBBFwchBCSJQQo0cahwgh5KhxwIFYfjJ3jwFZKvkhjKMs9RMxScQ0BLQEtAS0AJaAloCWgJaAlpAS0BLQEtAS0ALaAloCWgJaAloAS0BLQEtAS0BLaAloCWgJaAloAW0BLQEtPQK6Os8pLiAFtAS0BLQEtACGmgBLQEtAS0BLaCBVs+g122Py5EDDbSABlpAAy2ga4GezA8GaKCBBhpooIE2QANtgAYaaKCBBhpooIH2sCIPK0ALaKAFNNBAAy2ggRbQQAtooAU00EADLaCBFtBAC+j6oBfzeIAGGmiggQYaaKCBBhpooIEGGmjXdgIaaAENNNBAC2igBTTQAhpoAQ000EALaKAFNNACGmgBbTmp1dUloIEGGmgDNNBAAw000EADDTTQcm0HtIAGWkADLaCBBhpoAQ20gAZaQAMtoIEGGmgBDbSAtpzU509vgQYaaKCBBhpooIEGGmiggQYaaNd2AhpooIEW0EALaKAFNNACGmiggRbQQAtooAU00ALaqQMNtIAGWmmgJaAloCWgBTTQAloCWgJaAlpAAy2gJaAloCWgBbQEtAS0BLQEtICW8kFL6QEtoCWgpQ+6AfSmHUwYLQX6AAAAAElFTkSuQmCC",
  "base64"
);

/** The newest message of `channel` to `to` on the public mailbox page, opened in a fresh browser with no login. */
async function mailboxText(browser: Browser, channel: "EMAIL" | "SMS", to: string, expected: string | RegExp): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.getByRole("link", { name: "Mailbox" }).click();
    await expect(page).toHaveURL(/\/mailbox/);
    await page.goto(`/mailbox?channel=${channel}&to=${encodeURIComponent(to)}`);
    const newest = page.getByRole("table", { name: "Messages" }).getByRole("row").nth(1);
    await expect(newest).toContainText(expected);
    if (channel === "SMS") return (await newest.textContent()) ?? "";
    await newest.getByRole("link").first().click();
    const link = page.getByRole("link", { name: /\/activate\?set_name=true&token=/ });
    return (await link.first().getAttribute("href")) ?? "";
  } finally {
    await context.close();
  }
}

async function chooseDateOfBirth(page: Page, year: string, month: string, day: string) {
  await page.getByLabel("Year").selectOption(year);
  await page.getByLabel("Month").selectOption({ label: month });
  await page.getByLabel("Day").selectOption(day);
}

test("a new company signs up with an invite code, activates, verifies its people, and an admin verifies it", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const email = `jordan-${crypto.randomBytes(4).toString("hex")}@manukawines.test`;
  const mobile = `21${crypto.randomInt(1_000_000, 9_999_999)}`;

  // The admin issues an invite code and reads it off the screen.
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, ADMIN);
  await admin.goto("/companies");
  await admin.getByRole("link", { name: "Create invite code" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create invite code" });
  await dialog.getByRole("button", { name: "Create code" }).click();
  const shown = admin.getByRole("status", { name: "Invite code" });
  await expect(shown).toHaveText(/^\d{6}$/);
  const code = (await shown.textContent())!.trim();

  // Sign-up: the code, the business from the register, the work email.
  await page.goto("/login");
  await page.getByRole("link", { name: "Got an invite code?" }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByLabel("Invite code").fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByRole("combobox", { name: "Business name" }).fill("Manuka Wi");
  await page.getByRole("option", { name: COMPANY, exact: true }).click();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/signup\?step=signup-confirmation&email=/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The activation e-mail, read in the Mailbox linked from the login page.
  const activationLink = await mailboxText(browser, "EMAIL", email, "Activate your Earlybird account");
  expect(activationLink).toMatch(/\/activate\?set_name=true&token=/);
  await page.goto(activationLink);

  // Activation: full legal name and password, phone, the SMS code.
  await expect(page.getByRole("heading", { level: 1, name: "Activate your account" })).toBeVisible();
  await page.getByLabel("Full legal name").fill("Jordan Lee");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/set_phone_number=true/);
  await page.getByLabel("Phone number").fill(`0${mobile}`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/verify_code=true/);
  const sms = await mailboxText(browser, "SMS", `+64${mobile}`, "Your Earlybird verification code is");
  const smsCode = /verification code is (\d{6})/.exec(sms)![1];
  const boxes = page.getByRole("group", { name: "Verification code" }).getByRole("textbox");
  await boxes.first().click();
  await page.keyboard.type(smsCode);
  await page.getByRole("button", { name: "Next" }).click();

  // Identity: Jordan's own check passes.
  await expect(page).toHaveURL(/\/verify\?step=user_details$/);
  await expect(page.getByRole("heading", { name: "Verify your account" })).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Jordan Lee");
  await chooseDateOfBirth(page, "1979", "March", "14");
  await page.getByLabel("Driver licence number").fill("JL123456");
  await page.getByLabel("Licence version").fill("101");
  await page.getByRole("button", { name: "Verify" }).click();

  // Business details from the register, with the warranty.
  await expect(page).toHaveURL(/step=business_details/);
  await expect(page.getByText("Confirm business details")).toBeVisible();
  await expect(page.getByLabel("Registered business name")).toHaveValue(COMPANY);
  await expect(page.getByText("I warrant that I am an authorised representative")).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();

  // The owners: Nadia Patel (27 %) fails her check and goes to the document upload.
  await expect(page).toHaveURL(/step=beneficial_owners&list=true/);
  const people = page.getByRole("list", { name: "Owners and directors" });
  await expect(people.getByRole("listitem").filter({ hasText: "Nadia Patel" })).toContainText("Owner");
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByText("Verify identity of owner or director")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Nadia Patel");
  await chooseDateOfBirth(page, "1988", "July", "2");
  await page.getByLabel("Driver licence number").fill("NP654000");
  await page.getByLabel("Licence version").fill("002");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/upload=true/);
  await page.getByLabel("Identity document").setInputFiles({ name: "nadia-licence.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Verification Pending").first()).toBeVisible();

  // Back on the list she is pending; Finish goes into the app.
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(people.getByRole("listitem").filter({ hasText: "Nadia Patel" })).toContainText("Pending");
  await page.getByRole("link", { name: "Finish" }).click();
  await expect(page).toHaveURL(/\/invoices/);

  // The admin sees the company waiting, views Nadia's document, and verifies her.
  await admin.goto("/companies");
  await admin.getByRole("navigation", { name: "Verification status" }).getByRole("link", { name: "Verification Pending" }).click();
  const companies = admin.getByRole("table", { name: "Companies" });
  const row = companies
    .getByRole("row")
    .filter({ hasText: email.split("@")[0] })
    .or(companies.getByRole("row", { name: new RegExp(COMPANY) }));
  await expect(row.first()).toContainText("Verification Pending");
  await row.first().getByRole("link", { name: COMPANY }).click();
  await admin.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "KYC" }).click();
  const nadia = admin.getByRole("region", { name: "Nadia Patel" });
  await expect(nadia.getByText("Pending", { exact: true })).toBeVisible();
  await expect(nadia.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText("Document uploaded");
  await nadia.getByRole("link", { name: "View document" }).click();
  const viewer = admin.getByRole("dialog", { name: "Identity document of Nadia Patel" });
  await expect(viewer.getByRole("img", { name: "Identity document of Nadia Patel" })).toBeVisible();
  await viewer.getByRole("link", { name: "Close" }).first().click();
  await nadia.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText("Verification is successful for Nadia Patel")).toBeVisible();
  await expect(admin.getByText("Company status").locator("..")).toContainText("Verified");
  // Other specs verify companies too (more than a page of them): the company by name within the tab.
  await admin.goto(`/companies?verificationStatus=VERIFIED&companyName=${encodeURIComponent(COMPANY)}`);
  await expect(admin.getByRole("table", { name: "Companies" }).getByRole("link", { name: COMPANY }).first()).toBeVisible();

  // Jordan's company is verified: the menu shows the badge and no "Get verified".
  await page.reload();
  await page.getByRole("button", { name: /Jordan/ }).click();
  await expect(page.getByRole("menu").getByText("Verified")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Get verified" })).toHaveCount(0);
});
