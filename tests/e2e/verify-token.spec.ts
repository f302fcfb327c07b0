/**
 * Issue 20 part 2 (decision 064): owners and directors verify through /verify?token= without an account. The primary
 * user e-mails an owner a link from the owner's step; the owner, logged out, checks their identity (a failure e-mails
 * them what to do next), uploads a document; an admin verifies it and the result is e-mailed; the close icon revokes
 * the link. An admin sends a link from the KYC screen, and a director verifies with plain forms (no JavaScript).
 * Mail goes over SMTP to the built-in mailbox, read on /mailbox.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { readMail } from "./account-support";
import { ADMIN, loginAs, shootWidths } from "./helpers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");
const SHOTS = process.env.SCREENSHOTS ? process.env.SHOTS_DIR ?? "/tmp/b2-shots" : null;
const unique = () => crypto.randomBytes(4).toString("hex");

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, "pg.url"), "utf8").trim() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A company of the register's Mudflat Logistics (NZ 8812345: Jamie Mudflat, director, and Harriet Anne Kingi, owner)
 * whose primary user is someone else, so both register people are owners to verify. Demo password.
 */
async function makeCompany(): Promise<{ companyId: number; companyName: string; email: string }> {
  const tag = unique();
  const companyName = `Tide Logistics ${tag}`;
  const email = `robin-${tag}@tide.test`;
  const [row] = await query<{ id: number }>(
    `WITH company AS (
       INSERT INTO companies (company_name, country, status, verification_status, registration_number)
       VALUES ($1, 'NZ', 'PENDING', 'NOT_VERIFIED', '8812345') RETURNING id)
     INSERT INTO users (company_id, username, password_hash, roles, first_name, last_name, onboarding_state, phone_number, phone_number_verified)
     SELECT company.id, $2, (SELECT password_hash FROM users WHERE username = 'pat@harbourfoods.test'), ARRAY['ROLE_USER'], 'Robin', 'Tide',
            'PHONE_NUMBER_VERIFIED', '+64215550178', true
       FROM company RETURNING company_id AS id`,
    [companyName, email]
  );
  return { companyId: row.id, companyName, email };
}

const linkIn = (text: string) => {
  const match = /(\/verify\?token=[A-Za-z0-9_%-]+)/.exec(text);
  expect(match, "a /verify?token= link in the e-mail").not.toBeNull();
  return match![1];
};

async function fillIdentity(page: Page, licence: string) {
  await page.getByLabel("Year").selectOption("1975");
  await page.getByLabel("Month").selectOption({ label: "March" });
  await page.getByLabel("Day").selectOption("9");
  await page.getByLabel("Driver licence number").fill(licence);
  await page.getByLabel("Licence version").fill("321");
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a4d90000000049454e44ae426082",
  "hex"
);

test("the primary user e-mails an owner a link; the owner verifies without an account and is e-mailed each result", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { companyId, companyName, email: primaryEmail } = await makeCompany();
  const ownerEmail = `harriet-${unique()}@owners.test`;

  await loginAs(page, primaryEmail);
  await page.goto("/verify?step=beneficial_owners&list=true");
  await page.getByRole("link", { name: /Harriet Anne Kingi/ }).click();
  await expect(page.getByText("Verify identity of owner or director")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send Harriet Anne Kingi a verification link" })).toBeVisible();
  const sendLink = page.getByRole("main");
  await sendLink.getByRole("button", { name: "Send link" }).click();
  await expect(sendLink.getByText("Please enter an email address")).toBeVisible();
  await sendLink.getByLabel("Email address of Harriet Anne Kingi").fill("not-an-address");
  await sendLink.getByRole("button", { name: "Send link" }).click();
  await expect(sendLink.getByText("Please enter a valid email address")).toBeVisible();
  await sendLink.getByLabel("Email address of Harriet Anne Kingi").fill(ownerEmail);
  await sendLink.getByRole("button", { name: "Send link" }).click();
  await expect(sendLink.getByText("Verification link sent to Harriet Kingi")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main")).toContainText(`A link was sent to ${ownerEmail}. Sending another one replaces it.`);
  await shootWidths(page, SHOTS, "verify-send-link");

  const invitation = await readMail(browser, ownerEmail, `Verify your identity for ${companyName}`);
  expect(invitation).toContain("You do not need an Earlybird account");
  const link = linkIn(invitation);

  // The owner, with no session: the link's page, not /login.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(link);
  await expect(owner).toHaveURL(/\/verify\?token=/);
  await expect(owner.getByRole("heading", { level: 1, name: "Verify your account" })).toBeVisible();
  await expect(owner.getByText("Verify identity of owner or director")).toBeVisible();
  await expect(owner.getByLabel("Full legal name")).toHaveValue("Harriet Anne Kingi");
  await expect(owner.getByLabel("Full legal name")).toHaveAttribute("readonly", "");
  await shootWidths(owner, SHOTS, "verify-token-identity");
  await owner.getByRole("button", { name: "Verify" }).click();
  await expect(owner.getByText("Please select complete date of birth")).toBeVisible();
  // The sandbox fails a licence ending in 000: the upload step, and an e-mail saying what to do next.
  await fillIdentity(owner, "HK654000");
  await owner.getByRole("button", { name: "Verify" }).click();
  await expect(owner.getByText("Upload your identity document")).toBeVisible();
  const failed = await readMail(browser, ownerEmail, "Verification failed for Harriet Kingi");
  expect(failed).toContain("What to do next: upload a clear photo of your driver licence or passport");
  const toPrimary = await readMail(browser, primaryEmail, "Verification failed for Harriet Kingi");
  expect(toPrimary).toContain(`We could not verify the identity of Harriet Kingi for ${companyName}`);
  await owner.getByLabel("Identity document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG });
  await owner.getByRole("button", { name: "Upload" }).click();
  await expect(owner.getByText("Verification Pending")).toBeVisible();
  await expect(owner.getByText("we will send you an email once the verification is complete")).toBeVisible();
  await shootWidths(owner, SHOTS, "verify-token-pending");

  // An admin reviews the document and verifies: the owner is told by e-mail, and the link shows the result.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ADMIN);
  await admin.goto(`/companies/${companyId}/kyc`);
  const card = admin.getByRole("region", { name: "Harriet Anne Kingi", exact: true });
  await expect(card.getByRole("button", { name: "Fail" })).toBeVisible();
  await card.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByText("Verification is successful for Harriet Anne Kingi").first()).toBeVisible();
  const verified = await readMail(browser, ownerEmail, "Verification successful for Harriet Kingi");
  expect(verified).toContain(`Your identity has been verified for ${companyName} on Earlybird.`);
  await owner.reload();
  await expect(owner.getByText("Verification Successful")).toBeVisible();
  await shootWidths(owner, SHOTS, "verify-token-success");

  // The close icon revokes the link and goes to /login; the link then says it is not valid.
  await owner.getByRole("button", { name: "Close" }).click();
  await expect(owner).toHaveURL(/\/login/);
  const again = await owner.goto(link);
  expect(again?.status()).toBe(401);
  await expect(owner.getByText("This verification link has expired or is no longer valid.")).toBeVisible();
  const bogus = await owner.goto("/verify?token=not-a-real-token");
  expect(bogus?.status()).toBe(401);
  await ownerContext.close();
  await adminContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin sends a director a link from the KYC screen; the director verifies with plain forms", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { companyId, companyName, email } = await makeCompany();
    const directorEmail = `jamie-${unique()}@owners.test`;
    // The owners are made from the register on the first need: the primary user's owners list.
    const primaryContext = await browser.newContext({ javaScriptEnabled: false });
    const primary = await primaryContext.newPage();
    await loginAs(primary, email);
    await primary.goto("/verify?step=beneficial_owners&list=true");
    await expect(primary.getByRole("link", { name: /Jamie Mudflat/ })).toBeVisible();
    await primaryContext.close();

    await loginAs(page, ADMIN);
    await page.goto(`/companies/${companyId}/kyc`);
    const card = page.getByRole("region", { name: "Jamie Mudflat", exact: true });
    await card.getByLabel("Email address of Jamie Mudflat").fill("nope");
    await card.getByRole("button", { name: "Send link" }).click();
    await expect(page.getByRole("region", { name: "Jamie Mudflat", exact: true }).getByText("Please enter a valid email address")).toBeVisible();
    await page.getByRole("region", { name: "Jamie Mudflat", exact: true }).getByLabel("Email address of Jamie Mudflat").fill(directorEmail);
    await page.getByRole("region", { name: "Jamie Mudflat", exact: true }).getByRole("button", { name: "Send link" }).click();
    await expect(page.getByText("Verification link sent to Jamie Mudflat").first()).toBeVisible();
    await shootWidths(page, SHOTS, "kyc-send-link");

    const link = linkIn(await readMail(browser, directorEmail, `Verify your identity for ${companyName}`));
    const director = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await director.goto(link);
    await fillIdentity(director, "JM123456");
    await director.getByRole("button", { name: "Verify" }).click();
    await expect(director.getByText("Verification Successful")).toBeVisible();
    await expect(director.getByText("Jamie Mudflat", { exact: true })).toBeVisible();
    const verified = await readMail(browser, directorEmail, "Verification successful for Jamie Mudflat");
    expect(verified).toContain(`Your identity has been verified for ${companyName}`);
    const [{ verification_status }] = await query<{ verification_status: string }>(
      `SELECT verification_status FROM users WHERE company_id = $1 AND first_name = 'Jamie'`,
      [companyId]
    );
    expect(verification_status).toBe("VERIFIED");
  });
});
