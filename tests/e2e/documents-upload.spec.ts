import fs from "node:fs";
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import PDFDocument from "pdfkit";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * The Upload bills control (issue 16 part 2) on a review list of a company of this spec's own: several files at once
 * give a toast and appear in the lists; a file that is not a PDF, JPG or PNG gets its line on the field and nothing is
 * stored; the same form works without JavaScript; Settings → AP Automation shows the inbound address.
 * Screenshots (SCREENSHOTS=1) go to /tmp/i16-shots.
 */

const shotsDir = process.env.SCREENSHOTS ? "/tmp/i16-shots" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });
test.slow(Boolean(shotsDir), "screenshots");

function billPdf(invoiceNumber: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const document = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.text(`Tax Invoice ${invoiceNumber}`).text(`Order Number: PO-${crypto.randomInt(10_000)}`).text("Total (inc. GST): $115.00");
    document.end();
  });
}

let world: World;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({ companies: { buyer: { name: "Upload Foods" }, quiet: { name: "Upload Quiet" } } });
});

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const fileInput = (page: Page) => page.getByLabel("Bill files");

test("several files uploaded at once are received with a toast and listed; an empty list says so", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, world.companies.quiet.email, world.password);
  await page.goto("/bills/variances");
  await expect(page.getByRole("heading", { level: 1, name: "Bills with variance" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "No bills with a variance" })).toBeVisible();
  await shootWidths(page, shotsDir, "variances-empty");
  await page.context().clearCookies();

  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/bills/processing");
  await fileInput(page).setInputFiles([
    { name: "INV-E2E-1.pdf", mimeType: "application/pdf", buffer: await billPdf("INV-E2E-1") },
    { name: "INV-E2E-2.pdf", mimeType: "application/pdf", buffer: await billPdf("INV-E2E-2") },
  ]);
  await page.getByRole("button", { name: "Upload bills" }).click();
  await expect(notifications(page).getByText("Received 2 bills: they are being processed.")).toBeVisible();
  await expect(page).toHaveURL(/\/bills\/processing$/);
  // Each document is in Processing or, once the worker has read it, in another list: never lost.
  await expect
    .poll(async () => {
      let rows = 0;
      for (const list of ["processing", "pending-review", "pending-approval", "variances", "blocked", "unmatched"]) {
        await page.goto(`/bills/${list}`);
        rows += await page.getByRole("table").getByRole("row").filter({ hasNot: page.getByRole("columnheader") }).filter({ hasNotText: /^No / }).count();
      }
      return rows;
    }, { timeout: 30_000 })
    .toBe(2);
  await page.goto("/bills/pending-review");
  await shootWidths(page, shotsDir, "pending-review-list");
});

test("a file that is not a PDF, JPG or PNG gets its line on the field and is not stored", async ({ page }) => {
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/bills/unmatched");
  await fileInput(page).setInputFiles([
    { name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("Not a PDF at all") },
    { name: "INV-E2E-3.pdf", mimeType: "application/pdf", buffer: await billPdf("INV-E2E-3") },
  ]);
  await page.getByRole("button", { name: "Upload bills" }).click();
  await expect(page.getByText("invoice.pdf: Unsupported file format. Please select a JPG, PNG or PDF file.")).toBeVisible();
  await expect(page.getByRole("status").getByText("Received: INV-E2E-3.pdf")).toBeVisible();
  await expect(fileInput(page)).toHaveAttribute("aria-invalid", "true");
  await shootWidths(page, shotsDir, "upload-refused");
});

test("the upload works without JavaScript, and the dashboard has it too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/dashboard");
  await fileInput(page).setInputFiles([{ name: "no-js.pdf", mimeType: "application/pdf", buffer: await billPdf("INV-NOJS") }]);
  await page.getByRole("button", { name: "Upload bills" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Received 1 bill: it is being processed.")).toBeVisible();
  await shootWidths(page, shotsDir, "dashboard-upload");
  await context.close();
});

test("Settings → AP Automation shows the company's inbound bill address", async ({ page }) => {
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/settings?tab=ap-automation");
  await expect(page.getByRole("heading", { name: "Email bills to Earlybird" })).toBeVisible();
  await expect(page.getByTestId("inbound-email-address")).toHaveText(/^[0-9a-f]{12}@bills\.earlybird\.test$/);
  await shootWidths(page, shotsDir, "settings-inbound-address");
});
