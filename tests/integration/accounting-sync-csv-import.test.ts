/**
 * The accounting-export import (`--format accounting`) of a CSV in Xero's export layout (issue 18 part 4): starred
 * headers accepted, several line rows one bill with its Total, DRAFT/SUBMITTED/VOIDED/DELETED/PAID rows skipped with
 * a warning each (a VOIDED row used to become an approved bill).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { runImport, startImport, type ImportResult } from "../../app/modules/invoices/import.server";
import { skippedStatusMessage } from "../../app/modules/invoices/import-rules";
import { makeCompany, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "accounting-sync-csv-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const HEADER =
  "*ContactName,EmailAddress,POAddressLine1,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,*Description,*Quantity,*UnitAmount,LineAmount,*AccountCode,*TaxType,Currency,Type,Status";
const line = (contact: string, number: string, total: string, description: string, amount: string, status: string) =>
  `${contact},,1 Main St,${number},,1/11/2026,30/12/2026,${total},0.00,0.00,${total},${description},1,${amount},${amount},400,Tax Exempt,NZD,Bill,${status}`;

describe("accounting export import in Xero's layout", () => {
  it("imports approved bills once with their total and skips the rest with a warning each", async () => {
    const company = await makeCompany();
    const user = await makeUser({ company });
    const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
    const file = path.join(dir, "xero-bills.csv");
    fs.writeFileSync(
      file,
      [
        HEADER,
        line("Acme Ltd", "XB-1", "150.00", "Widgets", "100.00", "AUTHORISED"),
        line("Acme Ltd", "XB-1", "150.00", "Gadgets", "50.00", "AUTHORISED"),
        line("Acme Ltd", "XB-2", "80.00", "Voided goods", "80.00", "VOIDED"),
        line("Acme Ltd", "XB-2", "80.00", "More voided goods", "0.00", "VOIDED"),
        line("Acme Ltd", "XB-3", "10.00", "Draft", "10.00", "DRAFT"),
        line("Beta Ltd", "XB-4", "20.00", "Awaiting approval", "20.00", "SUBMITTED"),
        line("Beta Ltd", "XB-5", "30.00", "Deleted", "30.00", "DELETED"),
        line("Beta Ltd", "XB-6", "40.00", "Paid", "40.00", "PAID"),
        line("Beta Ltd", "XB-7", "55.50", "Approved", "55.50", "AUTHORISED"),
      ].join("\n") + "\n"
    );
    const job = await startImport(actor, { kind: "BILL", format: "ACCOUNTING", filePath: file });
    const done = await runImport(job.id);
    expect(done.status).toBe("SUCCEEDED");
    const result = done.result as ImportResult;
    expect(result).toMatchObject({ success: 2, total: 7, failed: 0, duplicates: 0, skipped: 5 });
    expect(result.warningInvoices.filter((w) => w.messages[0].startsWith("Skipped")).map((w) => [w.invoiceNumber, w.messages[0]])).toEqual([
      ["XB-2", skippedStatusMessage("VOIDED")],
      ["XB-3", skippedStatusMessage("DRAFT")],
      ["XB-4", skippedStatusMessage("SUBMITTED")],
      ["XB-5", skippedStatusMessage("DELETED")],
      ["XB-6", skippedStatusMessage("PAID")],
    ]);
    const bills = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL" }, order: [["invoiceNumber", "ASC"]] });
    expect(bills.map((bill) => [bill.invoiceNumber, bill.total])).toEqual([
      ["XB-1", 15000],
      ["XB-7", 5550],
    ]);
  });
});
