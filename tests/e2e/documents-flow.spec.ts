import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { SampleDocument, Supplier } from "../../scripts/documents/catalogue";
import { totalsOf } from "../../scripts/documents/catalogue";
import { render } from "../../scripts/documents/render";
import { loginAs, shootWidths } from "./helpers";
import { makeWorld, type World } from "./support/world";

/**
 * Issue 16 part 8, the two browser flows of document processing, end to end through the running server and its jobs:
 * a text-layer PDF that matches an open purchase order becomes an authorised bill on /bills ("Auto Processed") without
 * anyone reviewing it; a scan (PNG, read by OCR) whose amount exceeds its order waits under Variances with "Variance
 * Found". The bills are drawn by scripts/documents/render.ts for this spec's own buyer and supplier.
 * Screenshots (SCREENSHOTS=1) go to /tmp/i16-shots.
 */

const shotsDir = process.env.SCREENSHOTS ? "/tmp/i16-shots" : null;
if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });

// Letters OCR cannot take for digits or for each other (no I, L, O, Q, S, B, Z): the scanned supplier's name is read
// back and must equal the counterparty's.
const SAFE = "ACDEFGHJKMNPRTUVWXY";
const tag = Array.from(crypto.randomBytes(5), (byte) => SAFE[byte % SAFE.length]).join("");
const digits = crypto.randomInt(10_000, 99_999);

const nzToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
const daysFrom = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const items = [
  { description: "Olive oil 5L", quantity: 4, unitCents: 10_500 },
  { description: "Sea salt 1kg", quantity: 10, unitCents: 700 },
];
const { totalCents } = totalsOf(items); // $563.50

let world: World;
let supplier: Supplier;
const orders = { matched: `PO-${digits}1`, over: `PO-${digits}2` };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  world = await makeWorld({
    companies: {
      buyer: { name: "Flow Foods" },
      supplier: { name: `Flow Produce ${tag} Ltd`, exactName: true },
    },
    trades: [["buyer", "supplier"]],
    documentProcessing: [
      {
        company: "buyer",
        queue: "AUTOMATIC",
        purchaseOrders: [
          { orderNumber: orders.matched, supplier: "supplier", total: totalCents },
          // The scan's bill is $563.50 against an order of $500.00: over by more than the default $5 tolerance.
          { orderNumber: orders.over, supplier: "supplier", total: 50_000 },
        ],
      },
    ],
  });
  supplier = { name: world.companies.supplier.name, address: ["14 Quay Street", "Auckland 1010"], gst: "123-456-789", layout: "classic" };
});

function bill(kind: SampleDocument["kind"], invoiceNumber: string, orderNumber: string): Promise<Buffer> {
  const today = nzToday();
  const doc: SampleDocument = {
    file: `${invoiceNumber}.${kind === "SCAN_PNG" ? "png" : "pdf"}`,
    kind,
    supplier: "kiwi",
    invoiceNumber,
    orderNumber,
    issueDate: daysFrom(today, -3),
    dueDate: daysFrom(today, 30),
    items,
    reason: "MATCHED",
  };
  return render(doc, { supplier, buyer: [world.companies.buyer.name, "22 Customs Street East", "Auckland 1010"] });
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Bill files").setInputFiles([file]);
  await page.getByRole("button", { name: "Upload bills" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Received 1 bill: it is being processed.")).toBeVisible();
}

test("a text-layer PDF that matches an open purchase order becomes an authorised bill on /bills, Auto Processed", async ({ page }) => {
  test.setTimeout(120_000);
  const invoiceNumber = `INV-${digits}`;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/bills/processing");
  await upload(page, { name: `${invoiceNumber}.pdf`, mimeType: "application/pdf", buffer: await bill("PDF_TEXT", invoiceNumber, orders.matched) });

  // The job reads and matches it; nobody reviews it. It is a bill like any other, with its amount and supplier.
  const row = page.getByRole("table", { name: "Bills" }).getByRole("row").filter({ hasText: invoiceNumber });
  await expect
    .poll(
      async () => {
        await page.goto("/bills?tab=bills");
        return row.count();
      },
      { timeout: 60_000, intervals: [1_000, 2_000] }
    )
    .toBe(1);
  await expect(row).toContainText("Auto Processed");
  await expect(row).toContainText(world.companies.supplier.name);
  await expect(row).toContainText("$563.50");
  await shootWidths(page, shotsDir, "bills-auto-processed");

  // Its details say how it came in and carry the order it was matched to.
  await page.goto("/bills?tab=bills");
  const billId = await row.getByRole("checkbox", { name: `Select ${invoiceNumber}` }).getAttribute("value");
  await page.goto(`/bills/details/${billId}`);
  const details = page.getByRole("dialog", { name: "Bill Details" });
  await expect(details.getByText("Auto Processed")).toBeVisible();
  await expect(details.getByText(orders.matched)).toBeVisible();

  // Not left in any review list.
  for (const list of ["pending-review", "pending-approval", "variances", "blocked"]) {
    await page.goto(`/bills/${list}`);
    await expect(page.getByText(invoiceNumber)).toHaveCount(0);
  }
});

test("a scan whose amount exceeds its purchase order waits under Variances with Variance Found", async ({ page }) => {
  test.setTimeout(150_000);
  const invoiceNumber = `INV-${digits + 1}`;
  await loginAs(page, world.companies.buyer.email, world.password);
  await page.goto("/bills/variances");
  await upload(page, { name: "scan.png", mimeType: "image/png", buffer: await bill("SCAN_PNG", invoiceNumber, orders.over) });

  // OCR reads the scan in a worker; the row then shows under Variances, with the reason's label.
  const table = page.getByRole("table", { name: "Bills with variance" });
  const row = table.getByRole("row").filter({ hasText: invoiceNumber });
  await expect
    .poll(
      async () => {
        await page.goto("/bills/variances");
        return row.count();
      },
      { timeout: 90_000, intervals: [2_000] }
    )
    .toBe(1);
  await expect(row.getByRole("cell", { name: "Variance Found" })).toBeVisible();
  await expect(row).toContainText(world.companies.supplier.name);
  await expect(row).toContainText(orders.over);
  await expect(row).toContainText("$563.50");
  await shootWidths(page, shotsDir, "variances-scan");

  // No bill was made of it.
  await page.goto("/bills?tab=bills");
  await expect(page.getByRole("table", { name: "Bills" }).getByText(invoiceNumber)).toHaveCount(0);
});
