import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, loginAs } from "./helpers";

/**
 * The admin's KYC review (issue 6 part 7; p3 §2.3, §2.4, §4.8; p1 §4) on the seeded Pukeko Plumbing Limited
 * (VERIFICATION_PENDING: Drew Kahu verified, owner Ari Pending uploaded a licence). In order: the admin finds it under
 * Verification Pending, views Ari's document and verifies Ari (the company becomes Verified); uploads a document on
 * behalf of Drew; edits Drew's identity (the messages on their fields, then a failing and a passing check).
 */
const SHOTS = process.env.SHOTS_DIR;
const COMPANY = "Pukeko Plumbing Limited";

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function openKyc(page: Page) {
  await page.goto("/companies");
  await page.getByRole("search").getByLabel("Search company by name").fill("pukeko");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText('Results for "pukeko"')).toBeVisible();
  await page.getByRole("link", { name: COMPANY }).click();
  await page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "KYC" }).click();
  await expect(page.getByRole("heading", { name: "Identity verification" })).toBeVisible();
}

/** Errors thrown in the browser (a route module that fails to load on the client makes Remix reload the page). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Error loading route module")) errors.push(message.text());
  });
  return errors;
}

test.describe.configure({ mode: "serial" });

test("the admin finds the pending company, views the owner's document and verifies the owner", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAs(page, ADMIN);
  await page.goto("/companies");
  const tabs = page.getByRole("navigation", { name: "Verification status" });
  for (const tab of ["All", "Not Verified", "Partially Verified", "Verification Pending", "Verified"])
    await expect(tabs.getByRole("link", { name: tab, exact: true })).toBeVisible();
  await tabs.getByRole("link", { name: "Verification Pending" }).click();
  await expect(page).toHaveURL(/verificationStatus=VERIFICATION_PENDING/);
  const companies = page.getByRole("table", { name: "Companies" });
  await expect(companies.getByRole("row", { name: new RegExp(COMPANY) })).toContainText("Verification Pending");
  await shot(page, "companies-pending");

  await companies.getByRole("link", { name: COMPANY }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/summary$/);
  await page.getByRole("navigation", { name: "Company sections" }).getByRole("link", { name: "KYC" }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/kyc$/);

  const drew = page.getByRole("region", { name: "Drew Kahu" });
  const ari = page.getByRole("region", { name: "Ari Pending" });
  await expect(drew).toContainText("Earlybird user");
  await expect(drew.getByText("Verified", { exact: true }).first()).toBeVisible();
  await expect(drew.getByRole("button", { name: "Verify" })).toHaveCount(0);
  await expect(ari).toContainText("Director, Owner");
  await expect(ari).toContainText("Phone number not provided");
  await expect(ari.getByText("Pending", { exact: true })).toBeVisible();
  const history = ari.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").nth(0)).toContainText("Document uploaded by Drew Kahu");
  await expect(history.getByRole("listitem").nth(0)).toContainText("ari-licence.png");
  await expect(history.getByRole("listitem").nth(1)).toContainText("Verification failed");
  await expect(history.getByRole("listitem").nth(2)).toContainText("Created");
  await shot(page, "kyc-pending");

  // View document: the image, served inline, never sniffed, to admins only.
  await ari.getByRole("link", { name: "View document" }).click();
  const viewer = page.getByRole("dialog", { name: "Identity document of Ari Pending" });
  const image = viewer.getByRole("img", { name: "Identity document of Ari Pending" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
  await shot(page, "kyc-document");
  const src = (await image.getAttribute("src"))!;
  const response = await page.request.get(src);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-disposition"]).toMatch(/^inline; filename="ari-licence.png"/);
  await viewer.getByRole("link", { name: "Close" }).first().click();
  await expect(viewer).toHaveCount(0);

  await ari.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verification is successful for Ari Pending")).toBeVisible();
  await expect(ari.getByText("Verified", { exact: true })).toBeVisible();
  await expect(ari.getByRole("button", { name: "Verify" })).toHaveCount(0);
  await expect(history.getByRole("listitem").nth(0)).toContainText("Manually verified by Ada Admin (admin)");
  await expect(page.getByText("Company status").locator("..")).toContainText("Verified");
  await shot(page, "kyc-verified");

  // Back to the list in the browser (client-side navigation): the company is under Verified now.
  await page.getByRole("link", { name: "Companies", exact: true }).first().click();
  await expect(page).toHaveURL(/\/companies$/);
  await page.getByRole("navigation", { name: "Verification status" }).getByRole("link", { name: "Verified", exact: true }).click();
  await expect(page).toHaveURL(/verificationStatus=VERIFIED$/);
  // Other specs verify companies too (more than a page of them): find it by name within the tab.
  await page.getByRole("searchbox", { name: "Search company by name" }).fill(COMPANY);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/companyName=/);
  await expect(page).toHaveURL(/verificationStatus=VERIFIED/);
  await expect(page.getByRole("table", { name: "Companies" }).getByRole("link", { name: COMPANY })).toBeVisible();
  expect(errors).toEqual([]);
  await page.goto("/companies?verificationStatus=VERIFICATION_PENDING");
  await expect(page.getByRole("table", { name: "Companies" }).getByRole("link", { name: COMPANY })).toHaveCount(0);
});

test("the admin uploads a document on behalf of the Earlybird user", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAs(page, ADMIN);
  await openKyc(page);
  const drew = page.getByRole("region", { name: "Drew Kahu" });
  await drew.getByRole("link", { name: "Upload document" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload document" });
  await dialog.getByRole("button", { name: "Upload document" }).click();
  await expect(dialog.getByText("Please select your document.")).toBeVisible();
  await dialog
    .getByLabel("Identity document")
    .setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 this is not an image") });
  await dialog.getByRole("button", { name: "Upload document" }).click();
  await expect(dialog.getByText("Unsupported file format. Please upload your document in JPG or PNG format.")).toBeVisible();
  await shot(page, "kyc-upload-error");
  await dialog.getByLabel("Identity document").setInputFiles({ name: "drew-licence.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Document upload successful for Drew Kahu")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(drew.getByText("Pending", { exact: true })).toBeVisible();
  await expect(drew.getByRole("region", { name: "History" }).getByRole("listitem").nth(0)).toContainText("Document uploaded by Ada Admin (admin)");
  await expect(drew).toContainText("drew-licence.png");
  expect(errors).toEqual([]);
});

test("the admin edits names, notes and identity; saving the identity runs the check again", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAs(page, ADMIN);
  await openKyc(page);
  await page.getByRole("region", { name: "Drew Kahu" }).getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/verify\/drew%40pukekoplumbing\.test$/);
  await expect(page.getByRole("heading", { name: "Drew Kahu", exact: true })).toBeVisible();

  // Names and notes.
  await page.getByLabel("Last name").fill("");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Plases enter your full legal name")).toBeVisible();
  await page.getByLabel("Last name").fill("Kahu");
  await page.getByLabel("Notes").fill("Called Drew to confirm the licence.");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Success updated")).toBeVisible();
  await expect(page.getByLabel("Notes")).toHaveValue("Called Drew to confirm the licence.");

  // Identity: the messages on their fields; nothing is checked.
  const licence = page.getByLabel("Driver's licence number");
  await licence.fill("AB12");
  await page.getByLabel("Driver's licence version").fill("12");
  await page.getByRole("button", { name: "Save and verify" }).click();
  await expect(page.getByLabel("Driver's licence number")).toHaveAccessibleDescription("Please enter a valid driver's licence number");
  await expect(page.getByLabel("Driver's licence version")).toHaveAccessibleDescription("Please enter driver's licence version");
  await shot(page, "verify-page-errors");
  await page.getByLabel("Driver's licence number").fill("");
  await page.getByLabel("Driver's licence version").fill("123");
  await page.getByLabel("Year").selectOption("");
  await page.getByRole("button", { name: "Save and verify" }).click();
  await expect(page.getByLabel("Driver's licence number")).toHaveAccessibleDescription("Please enter driver's licence number");
  await expect(page.getByText("Please select complete date of birth")).toBeVisible();

  // The sandbox fails a licence ending in 000, then passes a good one.
  await page.getByLabel("Year").selectOption("1986");
  await page.getByLabel("Driver's licence number").fill("DK123000");
  await page.getByRole("button", { name: "Save and verify" }).click();
  await expect(page.getByText("Verification is failed for Drew Kahu")).toBeVisible();
  await expect(page.getByText("Incomplete", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").nth(0)).toContainText("Verification failed");
  await expect(history.getByRole("listitem").nth(0)).toContainText("Licence not found");
  await page.getByLabel("Driver's licence number").fill("DK123456");
  await page.getByRole("button", { name: "Save and verify" }).click();
  await expect(page.getByText("Verification is successful for Drew Kahu")).toBeVisible();
  await expect(history.getByRole("listitem").nth(0)).toContainText("Manually verified");
  await shot(page, "verify-page");

  // The owner's page: /verify-owner?userId=.
  await page.getByRole("link", { name: "Back to KYC" }).click();
  await page.getByRole("region", { name: "Ari Pending" }).getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/verify-owner\?userId=\d+$/);
  await expect(page.getByRole("heading", { name: "Ari Pending", exact: true })).toBeVisible();
  await expect(page.getByText("Director, Owner of Pukeko Plumbing Limited (NZ)")).toBeVisible();
  await shot(page, "verify-owner");
  expect(errors).toEqual([]);
});

test("without JavaScript, the upload dialog and Verify still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, ADMIN);
  await openKyc(page);
  const ari = page.getByRole("region", { name: "Ari Pending" });
  await ari.getByRole("link", { name: "Upload document" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload document" });
  await dialog.getByLabel("Identity document").setInputFiles({ name: "ari-passport.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByRole("button", { name: "Upload document" }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/kyc$/);
  await expect(ari.getByText("Pending", { exact: true })).toBeVisible();
  await expect(ari).toContainText("ari-passport.png");
  await ari.getByRole("button", { name: "Verify" }).click();
  await expect(ari.getByText("Verified", { exact: true })).toBeVisible();
  await expect(ari.getByRole("region", { name: "History" }).getByRole("listitem").nth(0)).toContainText("Manually verified");
  await context.close();
});
