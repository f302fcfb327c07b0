import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { loginAs } from "./helpers";

/**
 * /verify (issue 6 part 5) for Jamie Mudflat (jamie@mudflat.test, seeded at PHONE_NUMBER_VERIFIED) of Mudflat
 * Logistics Limited, a company of the local register with two people to verify: Jamie (director, 60 %) and Harriet
 * Anne Kingi (30 %). The identity sandbox fails a licence number ending in 000.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");
const SHOTS = process.env.SHOTS_DIR;
const JAMIE = "jamie@mudflat.test";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function companyVerificationStatus(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, "pg.url"), "utf8").trim() });
  await client.connect();
  try {
    const { rows } = await client.query<{ verification_status: string }>("SELECT verification_status FROM companies WHERE company_name = $1", [name]);
    return rows[0].verification_status;
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, "pg.url"), "utf8").trim() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const userId = async (username: string) => (await query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]))[0].id;

/** A company and its primary user at PHONE_NUMBER_VERIFIED (the demo password), made here for this spec. */
async function makeCompanyUser(values: {
  companyName: string;
  country: "NZ" | "AU";
  registrationNumber: string | null;
  email: string;
  firstName: string;
  lastName: string;
}) {
  await query(
    `WITH company AS (
       INSERT INTO companies (company_name, country, status, verification_status, registration_number)
       VALUES ($1, $2, 'PENDING', 'NOT_VERIFIED', $3) RETURNING id)
     INSERT INTO users (company_id, username, password_hash, roles, first_name, last_name, onboarding_state, phone_number, phone_number_verified)
     SELECT company.id, $4, (SELECT password_hash FROM users WHERE username = 'pat@harbourfoods.test'), ARRAY['ROLE_USER'], $5, $6,
            'PHONE_NUMBER_VERIFIED', '+64215550177', true
       FROM company`,
    [values.companyName, values.country, values.registrationNumber, values.email, values.firstName, values.lastName]
  );
}

const PNG = Buffer.concat([
  Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a4d90000000049454e44ae426082",
    "hex"
  ),
]);

async function fillDateOfBirth(page: Page, day: string, month: string, year: string) {
  await page.getByLabel("Year").selectOption(year);
  await page.getByLabel("Month").selectOption({ label: month });
  await page.getByLabel("Day").selectOption(day);
}

test("a new user verifies themselves, their business and an owner whose check fails, then lands on /invoices", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, JAMIE);
  await page.goto("/verify");
  await expect(page).toHaveURL(/\/verify\?step=user_details$/);
  await expect(page.getByRole("heading", { name: "Verify your account" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Verification steps" }).getByRole("listitem").first()).toHaveAttribute("aria-current", "step");
  await expect(page.getByText("Verify your identity")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Jamie Mudflat");
  await shoot(page, "verify-user-details");

  // The name edit: submitting while it is open, then Done with a single name.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Full legal name").fill("Jamie");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Please confirm your changes by clicking Done button")).toBeVisible();
  // The edit stays open.
  await expect(page.getByLabel("Full legal name")).toHaveValue("Jamie");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Plases enter your full legal name")).toBeVisible();
  await page.getByLabel("Full legal name").fill("Jamie Mudflat");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Plases enter your full legal name")).toBeHidden();

  // Nothing else filled: every field's message.
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Please select complete date of birth")).toBeVisible();
  await expect(page.getByText("Please enter driver's licence number")).toBeVisible();
  await expect(page.getByText("Please enter driver's licence version")).toBeVisible();
  await shoot(page, "verify-user-details-errors");

  // The day options follow the month: no 31 April.
  await page.getByLabel("Month").selectOption({ label: "April" });
  await expect(page.getByLabel("Day").locator("option")).toHaveCount(31); // "Day" + 30 days
  await fillDateOfBirth(page, "12", "April", "1980");
  await page.getByLabel("Driver licence number").fill("AB12345");
  await page.getByLabel("Licence version").fill("123");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Please enter a valid driver's licence number")).toBeVisible();
  await expect(page.getByText("Please select complete date of birth")).toBeHidden();
  await page.getByLabel("Driver licence number").fill("AB123456");
  await page.getByRole("button", { name: "Verify" }).click();

  // Business details: the register's company, read-only numbers, the website rule, the Done-button edit.
  await expect(page).toHaveURL(/step=business_details/);
  await expect(page.getByText("Confirm business details")).toBeVisible();
  await expect(page.getByLabel("Registered business name")).toHaveValue("Mudflat Logistics Limited");
  await expect(page.getByLabel("Company number")).toHaveValue("8812345");
  await expect(page.getByLabel("NZBN")).toHaveValue("9429048812344");
  await expect(page.getByText("I warrant that I am an authorised representative")).toBeVisible();
  await shoot(page, "verify-business-details");
  await expect(page.getByLabel("Website (optional)")).toHaveValue("mudflatlogistics.co.nz");
  await page.getByLabel("Website (optional)").fill("mudflat");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Please enter your business website address in correct format")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Please confirm your change by clicking Done button")).toBeVisible();
  // The search suggests from the register after a pause in typing.
  await page.getByLabel("Registered business name").fill("Mudflat Log");
  await expect(page.getByRole("radio", { name: /Mudflat Logistics Limited/ })).toBeVisible();
  await page.getByRole("radio", { name: /Mudflat Logistics Limited/ }).check();
  await shoot(page, "verify-business-search");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByLabel("Website (optional)").fill("mudflatlogistics.co.nz");
  await page.getByRole("button", { name: "Confirm" }).click();

  // The owners: Jamie is the register's director (no duplicate), Harriet an owner; Tom Small (10 %) is not listed.
  await expect(page).toHaveURL(/step=beneficial_owners&list=true/);
  await expect(page.getByText("Verify identity of owners and directors")).toBeVisible();
  const people = page.getByRole("list", { name: "Owners and directors" }).getByRole("listitem");
  await expect(people).toHaveCount(2);
  await expect(people.nth(0)).toContainText("Jamie Mudflat");
  await expect(people.nth(0)).toContainText("Director, Owner");
  await expect(people.nth(0)).toContainText("Verified");
  await expect(people.nth(1)).toContainText("Harriet Anne Kingi");
  await expect(people.nth(1)).toContainText("Owner");
  await expect(people.nth(1)).toContainText("Unverified");
  await expect(page.getByText("Tom Small")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "I'll do this later" })).toBeVisible();
  await shoot(page, "verify-owners-list");
  expect(await companyVerificationStatus("Mudflat Logistics Limited")).toBe("PARTIALLY_VERIFIED");

  // Harriet's check fails (licence ending in 000): the document upload.
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page.getByText("Verify identity of owner or director")).toBeVisible();
  await expect(page.getByLabel("Full legal name")).toHaveValue("Harriet Anne Kingi");
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await shoot(page, "verify-owner-details");
  await fillDateOfBirth(page, "3", "September", "1975");
  await page.getByLabel("Driver licence number").fill("HK123000");
  await page.getByLabel("Licence version").fill("001");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/step=beneficial_owners&upload=true/);
  await expect(page.getByText("Upload identity document for Harriet Anne Kingi")).toBeVisible();

  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Please select your document.")).toBeVisible();
  await page.getByLabel("Identity document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: Buffer.from("this is text, not an image") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Unsupported file format. Please upload your document in JPG or PNG format.")).toBeVisible();
  await page.getByLabel("Identity document").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(10_000_000)]) });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Please choose a file which is less than 10 MB in size")).toBeVisible();
  await shoot(page, "verify-owner-upload");
  await page.getByLabel("Identity document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Verification Pending")).toBeVisible();
  await expect(page.getByText(/less than 1 hour/)).toBeVisible();
  await expect(page.getByText(/send you an email/)).toBeVisible();
  await shoot(page, "verify-owner-pending");

  await page.getByRole("link", { name: "Continue" }).click();
  await expect(people.nth(1)).toContainText("Pending");
  await page.getByRole("link", { name: "Finish" }).click();
  await expect(page).toHaveURL(/\/invoices/);
  expect(await companyVerificationStatus("Mudflat Logistics Limited")).toBe("VERIFICATION_PENDING");

  // Jamie's own details, read back as the success view.
  await page.goto("/verify?step=beneficial_owners&list=true");
  await people.nth(0).getByRole("link").click();
  await expect(page.getByText("Verification Successful")).toBeVisible();
  await expect(page.getByText("12/04/1980")).toBeVisible();
  await expect(page.getByText("AB123456")).toBeVisible();
  await shoot(page, "verify-success");
});

test("another company's person is not found, and a logged-out visitor is asked to log in", async ({ page }) => {
  await page.goto("/verify?step=user_details");
  await expect(page).toHaveURL(/\/login\?next=/);
  const jamieId = await userId(JAMIE);
  await loginAs(page, "alex@outbackcoffee.test");
  for (const view of ["details", "success", "upload"]) {
    const response = await page.goto(`/verify?step=beneficial_owners&${view}=true&userId=${jamieId}`);
    expect(response?.status()).toBe(404);
  }
  // A verified company is told so.
  await page.context().clearCookies();
  await loginAs(page, "pat@harbourfoods.test");
  await page.goto("/verify?step=business_details");
  await expect(page.getByText("Verification is complete")).toBeVisible();
  await shoot(page, "verify-complete");
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/invoices/);
});

test("a primary user whose check fails uploads a document, then finds their company in the register", async ({ page }) => {
  const email = "amelia@sparky.test";
  // A company signed up without a register match: Alpine Electrical Limited's director Amelia Tuhoe (100 %).
  await makeCompanyUser({ companyName: "Sparky Trading Co", country: "NZ", registrationNumber: null, email, firstName: "Amelia", lastName: "Tuhoe" });
  await loginAs(page, email);
  await page.goto("/verify?step=user_details");
  await fillDateOfBirth(page, "29", "February", "1988");
  await page.getByLabel("Driver licence number").fill("AT123000");
  await page.getByLabel("Licence version").fill("111");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/step=user_details&upload_document=true/);
  await expect(page.getByText("Upload your identity document")).toBeVisible();
  await page.getByLabel("Identity document").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Verification Pending")).toBeVisible();
  await expect(page.getByText(/less than 1 hour/)).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();

  await expect(page).toHaveURL(/step=business_details/);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Please select your company from the suggestions shown")).toBeVisible();
  await page.getByLabel("Registered business name").fill("Alpine Elec");
  await page.getByRole("radio", { name: /Alpine Electrical Limited/ }).check();
  await expect(page.getByRole("textbox", { name: "Company number" })).toHaveValue("6362533");
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/step=beneficial_owners&list=true/);
  const people = page.getByRole("list", { name: "Owners and directors" }).getByRole("listitem");
  await expect(people).toHaveCount(3);
  await expect(people.nth(0)).toContainText("Amelia Tuhoe (you)");
  await expect(people.nth(0)).toContainText("Director, Owner");
  await expect(people.nth(0)).toContainText("Pending");
  await expect(people.nth(1)).toContainText("Xavier Patel");
  await expect(people.nth(2)).toContainText(/Ben( \w+)? Walker/);
  await expect(page.getByRole("link", { name: "I'll do this later" })).toHaveAttribute("href", "/invoices/get-verified");
  expect(await companyVerificationStatus("Alpine Electrical Limited")).toBe("PARTIALLY_VERIFIED");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an AU user verifies with plain forms: Edit and Done, the address and company searches post the form", async ({ page }) => {
    const email = "bruce@wombat.test";
    // Wombat Cycles Pty Ltd (AU, in the register: Bruce Wombat director, Sheila Banks 75 %, Kylie Minor 25 %).
    await makeCompanyUser({
      companyName: "Wombat Cycles Pty Ltd",
      country: "AU",
      registrationNumber: "612345678",
      email,
      firstName: "Bruce",
      lastName: "Wombat",
    });
    await loginAs(page, email);
    await page.goto("/verify?step=user_details");
    await expect(page.getByText("Verify your identity")).toBeVisible();

    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("button", { name: "Done" })).toBeVisible();
    await page.getByLabel("Full legal name").fill("Bruce");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Plases enter your full legal name")).toBeVisible();
    await page.getByLabel("Full legal name").fill("Bruce James Wombat");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();

    await page.getByLabel("Day").selectOption("31");
    await page.getByLabel("Month").selectOption({ label: "April" });
    await page.getByLabel("Year").selectOption("1970");
    await page.getByLabel("Driver licence number").fill("bw123456");
    await page.getByLabel("Licence version").fill("456");
    await page.getByRole("button", { name: "Verify" }).click();
    // 31 April is refused on the server; the AU residential address is required.
    await expect(page.getByText("Please select complete date of birth")).toBeVisible();
    await expect(page.getByText("Plases select an address from the suggestions")).toBeVisible();
    await expect(page.getByLabel("Driver licence number")).toHaveValue("bw123456");
    await page.getByLabel("Day").selectOption("30");
    await page.getByLabel("Residential address").fill("1 George");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("radio", { name: "1 George Street, Sydney NSW 2000" }).check();
    await shoot(page, "verify-nojs-address");
    await page.getByRole("button", { name: "Verify" }).click();

    await expect(page).toHaveURL(/step=business_details/);
    await expect(page.getByLabel("Registered business name")).toHaveValue("Wombat Cycles Pty Ltd");
    await expect(page.getByLabel("ACN")).toHaveValue("612345678");
    await expect(page.getByLabel("ABN")).toHaveValue("10612345678");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Plases select an address from the suggestions")).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Registered business name").fill("Wombat");
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.getByRole("radio", { name: /Wombat Cycles Pty Ltd/ }).check();
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByLabel("Business address").fill("21 Collins");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("radio", { name: "21 Collins Street, Melbourne VIC 3000" }).check();
    await shoot(page, "verify-nojs-business");
    await page.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/step=beneficial_owners&list=true/);
    const people = page.getByRole("list", { name: "Owners and directors" }).getByRole("listitem");
    await expect(people).toHaveCount(3);
    await expect(people.nth(0)).toContainText("Bruce James Wombat (you)");
    await expect(people.nth(0)).toContainText("Director");
    await expect(people.nth(1)).toContainText("Sheila Banks");
    await expect(people.nth(2)).toContainText("Kylie Minor");
    await expect(page.getByRole("link", { name: "Continue" })).toBeVisible();
  });
});
