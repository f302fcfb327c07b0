import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs, shootWidths } from "./helpers";
import { makeReviewDocuments, type ReviewDocumentsMade } from "./support/review-documents";
import { makeWorld, type World } from "./support/world";

/**
 * Issue 17 parts 2-5, the bill detail pages (spec p3 §2.1, §4.1, §4.2, §5; decision 051) as a reviewer uses them:
 * confirm a pending-review bill and move on, authorise a variance after the amount errors, the lock message for a second
 * person, delete with its confirmation, and a page image that loads. Documents are made read already (with a page image)
 * for this spec's own buyer; a second user of the buyer holds a lock. Screenshots (SCREENSHOTS=1) go to /tmp/i17-detail.
 */

const shotsDir = process.env.SCREENSHOTS ? "/tmp/i17-detail" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });

const n = crypto.randomInt(10_000, 99_999);
let world: World;
let made: ReviewDocumentsMade;

// Each test logs in and walks several server-rendered pages on a shared, busy machine.
test.beforeEach(() => test.setTimeout(90_000));

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({
    companies: { buyer: { name: "Detail Foods", person: { firstName: "Pat", lastName: "Reviewer" } }, supplier: { name: "Detail Produce Ltd" } },
    trades: [["buyer", "supplier"]],
    documentProcessing: [{ company: "buyer", queue: "MANUAL" }],
  });
  made = await makeReviewDocuments({
    companyId: world.companies.buyer.id,
    supplierCompanyId: world.companies.supplier.id,
    supplierName: world.companies.supplier.name,
    users: [{ firstName: "Lee", lastName: "Holder" }],
    documents: [
      // Made in this order: the lists show the newest first.
      { key: "reviewSecond", status: "PENDING_REVIEW", matchStatus: "ORDER_NOT_FOUND_OCR", invoiceNumber: `PR-${n}-2`, amount: 12_000 },
      { key: "reviewFirst", status: "PENDING_REVIEW", matchStatus: "ORDER_NOT_FOUND_OCR", invoiceNumber: `PR-${n}-1`, amount: 11_000 },
      { key: "variance", status: "VARIANCE", matchStatus: "AMOUNT_OVER", invoiceNumber: `VA-${n}`, orderNumber: `PO-${n}`, amount: 56_350, posAmount: 50_000 },
      {
        key: "varianceShown",
        status: "VARIANCE",
        matchStatus: "AMOUNT_OVER",
        invoiceNumber: `VS-${n}`,
        orderNumber: `PO-${n}9`,
        amount: 56_350,
        posAmount: 50_000,
      },
      { key: "blockedNext", status: "BLOCKED", matchStatus: "INVOICE_DETAILS_MISSING", invoiceNumber: `BL-${n}-2`, amount: 9_900 },
      { key: "blockedHeld", status: "BLOCKED", matchStatus: "INVOICE_DETAILS_MISSING", invoiceNumber: `BL-${n}-1`, amount: 9_800 },
      { key: "unmatched", status: "UNMATCHED", invoiceNumber: `UN-${n}`, amount: 4_200 },
      { key: "pendingApproval", status: "PENDING_APPROVAL", matchStatus: "ORDER_NOT_FOUND_OCR", invoiceNumber: `PA-${n}`, amount: 4_200 },
    ],
  });
});

test("review and confirm a pending-review bill: 'Document confirmed', then the next bill of the list", async ({ page }) => {
  const { reviewFirst, reviewSecond } = made.documents;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto(`/bills/pending-review/${reviewFirst}?size=25`);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Pending review");
  await expect(page.getByRole("heading", { level: 1, name: "Review bill" })).toBeVisible();
  await expect(page).toHaveTitle("Earlybird | Review bill");
  await expect(page.getByText("1 / 2")).toBeVisible();
  await expect(page.getByText(`PR-${n}-1`)).toBeVisible();
  await expect(page.getByText("No PO Found").first()).toBeVisible();

  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(notifications(page).getByText("Document confirmed")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bills/pending-review/${reviewSecond}\\?size=25$`));
  await expect(page.getByText(`PR-${n}-2`).first()).toBeVisible();
  await expect(page.getByText("1 / 1")).toBeVisible();

  // The confirmed bill was written at once (decision 052): its old URL follows it to the authorised bill's page.
  await page.goto(`/bills/pending-review/${reviewFirst}`);
  await expect(page).toHaveURL(/\/bills\/r\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `PR-${n}-1` })).toBeVisible();
});

test("authorise a variance: the amount errors on the field first, then the bill is made and shows on /bills", async ({ page }) => {
  const { variance } = made.documents;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto(`/bills/variances/${variance}`);
  await expect(page.getByRole("heading", { level: 1, name: "Review bill" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Bills with variance");
  const amount = page.getByLabel("Authorised amount");
  const authorise = page.getByRole("button", { name: "Authorise", exact: true });

  await amount.fill("");
  await authorise.click();
  await expect(page.getByText("Authorised amount is required")).toBeVisible();
  await expect(page.getByLabel("Authorised amount")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Authorised amount").fill("0");
  await authorise.click();
  await expect(page.getByText("Authorised amount should be greater than 0")).toBeVisible();

  await page.getByLabel("Authorised amount").fill("-5");
  await authorise.click();
  await expect(page.getByText("Authorised amount should be greater than 0")).toBeVisible();

  // The ceiling is the order's $500.00 plus the default $5 tolerance.
  await page.getByLabel("Authorised amount").fill("600");
  await authorise.click();
  await expect(page.getByText("Authorised amount should not be greater than $505.00")).toBeVisible();

  await page.getByLabel("Authorised amount").fill("505");
  await authorise.click();
  await expect(notifications(page).getByText("Document authorised")).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/variances$/);

  await page.goto("/bills?tab=bills");
  const row = page
    .getByRole("table", { name: "Bills" })
    .getByRole("row")
    .filter({ hasText: `VA-${n}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$505.00");

  // The document's old URL now leads to the authorised bill, read only, its crumb the bill number.
  await page.goto(`/bills/variances/${variance}`);
  await expect(page).toHaveURL(/\/bills\/r\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `VA-${n}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Authorise", exact: true })).toHaveCount(0);
});

test("a bill someone else has open: the lock message, then moved on to the next one after 3 s", async ({ browser }) => {
  const { blockedHeld, blockedNext } = made.documents;
  const holder = await browser.newContext();
  const holderPage = await holder.newPage();
  await loginAs(holderPage, made.users[0].email, world.password);
  await holderPage.goto(`/bills/blocked/${blockedHeld}`);
  await expect(holderPage.getByRole("heading", { level: 1, name: "Blocked bill" })).toBeVisible();
  await expect(holderPage.getByRole("button", { name: "Confirm", exact: true })).toBeVisible();

  const reviewer = await browser.newContext();
  const page = await reviewer.newPage();
  await loginAs(page, world.companies.buyer.email, world.password);
  // Opened from the list: the held bill is first of two (newest first), so "next" is the list's other bill.
  await page.goto(`/bills/blocked/${blockedHeld}?size=10`);
  await expect(page.getByText(`This document is locked for editing by ${made.users[0].name}`)).toBeVisible();
  await expect(page.getByText("Moving to the next one.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
  // The message stays a while (LOCK_REDIRECT_DELAY_MS, 3 s) before the page moves on.
  expect(page.url()).toContain(`/bills/blocked/${blockedHeld}`);
  await expect(page).toHaveURL(new RegExp(`/bills/blocked/${blockedNext}\\?size=10$`), { timeout: 10_000 });
  await expect(page.getByText(`BL-${n}-2`).first()).toBeVisible();

  // Without a list to move along: back to the list.
  await page.goto(`/bills/blocked/${blockedHeld}`);
  await expect(page.getByText("Going back to list of bills.")).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/blocked$/, { timeout: 10_000 });

  // The holder leaves: the bill is free again for the reviewer.
  await holderPage.goto("/bills");
  await expect
    .poll(
      async () => {
        await page.goto(`/bills/blocked/${blockedHeld}`);
        return page.getByRole("button", { name: "Confirm", exact: true }).count();
      },
      { timeout: 10_000 }
    )
    .toBe(1);
  await holder.close();
  await reviewer.close();
});

test("delete a bill after 'Are you sure you want to delete this bill?': 'Document deleted'", async ({ page }) => {
  const { unmatched } = made.documents;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto(`/bills/unmatched/${unmatched}`);
  await expect(page.getByRole("heading", { level: 1, name: "View bill" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit for Processing" })).toBeVisible();
  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete bill" });
  await expect(dialog.getByText("Are you sure you want to delete this bill?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(notifications(page).getByText("Document deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/unmatched$/);
  const response = await page.goto(`/bills/unmatched/${unmatched}`);
  expect(response?.status()).toBe(404);
});

test("a bill's page image loads, with zoom and 'Page 1 of 1'", async ({ page }) => {
  const { varianceShown } = made.documents;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto(`/bills/variances/${varianceShown}?size=25`);
  const image = page.getByRole("img", { name: /Page 1 of 1/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  const before = await image.evaluate((element: HTMLImageElement) => element.getBoundingClientRect().width);
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.getBoundingClientRect().width)).toBeGreaterThan(before);
  await page.getByRole("button", { name: "Zoom out" }).click();

  // Send for Review asks first; Cancel leaves the bill where it is.
  await page.getByRole("link", { name: "Send for Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Send for Review" });
  await expect(dialog.getByText("Are you sure you want to send this bill for review?")).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await shootWidths(page, shotsDir, "variance-detail");
});

test("a pending-approval bill: 'Authorise {amount}' with the amount fixed, and an edit of its notes", async ({ page }) => {
  const { pendingApproval } = made.documents;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto(`/bills/pending-approval/${pendingApproval}`);
  await expect(page.getByRole("heading", { level: 1, name: "View bill" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Pending Approval");
  await expect(page.getByRole("button", { name: "Authorise $42.00" })).toBeVisible();
  await expect(page.getByLabel("Authorised amount")).toHaveAttribute("readonly", "");

  await page.getByText("Edit bill").click();
  await page.getByLabel("Notes").fill("Checked with the supplier");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(notifications(page).getByText("Document updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bills/pending-approval/${pendingApproval}$`));
  await expect(page.getByText("Checked with the supplier").first()).toBeVisible();
});
