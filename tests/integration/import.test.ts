/**
 * The CSV import job (p2 §4 Import flow, §5 Import) against PostgreSQL: each test makes its own companies and files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Company, Counterparty, Invoice, Job } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import { AppError } from "../../app/lib/errors";
import { IMPORT_MESSAGES, ROW_MESSAGES, incorrectTemplateMessage, ORDER_NUMBER_REQUIRED_FOR_XERO } from "../../app/modules/invoices/import-rules";
import { getImportStatus, importResultFile, runImport, startImport, storeImportUpload, type ImportResult } from "../../app/modules/invoices/import.server";
import { runQueuedJobs } from "../../jobs/queue";
import { makeCompany, makeCustomerLink, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-import-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const today = todayIn("NZ");
const due = addDays(today, 30);
const dmy = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${Number(d)}/${Number(m)}/${y}`;
};
let fileCount = 0;
function writeCsv(lines: string[]): string {
  const file = path.join(dir, `file-${++fileCount}.csv`);
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

async function setup() {
  const company = await makeCompany({ companyName: `Importer ${Date.now()}-${fileCount}` });
  const user = await makeUser({ company });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  return { company, actor };
}

const INVOICE_HEADER = "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email";
const BILL_HEADER = "Invoice Number,Supplier Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email";

async function importFile(actor: Actor, kind: "INVOICE" | "BILL", lines: string[], format: "EARLYBIRD" | "ACCOUNTING" = "EARLYBIRD", createInXero = false) {
  const job = await startImport(actor, { kind, format, filePath: writeCsv(lines), createInXero });
  const done = await runImport(job.id).catch((error: unknown) => error);
  return { job, done };
}

describe("CSV import", () => {
  it("imports a good file of invoices, with d/m/yyyy dates, creating an unknown customer as a warning", async () => {
    const { company, actor } = await setup();
    const known = await makeCompany({ companyName: `Known Customer ${company.id}` });
    await makeCustomerLink(company, known);
    const { job, done } = await importFile(actor, "INVOICE", [
      INVOICE_HEADER,
      `INV-1,known customer ${company.id},PO1,${dmy(today)},${dmy(due)},"$1,234.56",ap@known.test`,
      `INV-2,Brand New ${company.id},,,${due},10,`,
    ]);
    expect(done).toMatchObject({ status: "SUCCEEDED", progress: 100 });
    const status = await getImportStatus(actor, job.id);
    expect(status.result).toMatchObject({ success: 2, total: 2, failed: 0, duplicates: 0, warnings: 1, createdCounterparties: 1 });
    expect(status.result?.warningInvoices[0]).toMatchObject({
      line: 3,
      invoiceNumber: "INV-2",
      messages: [`New customer "Brand New ${company.id}" was added`],
    });

    const rows = await Invoice.findAll({ where: { issuedBy: company.id }, order: [["invoiceNumber", "ASC"]] });
    expect(rows.map((r) => [r.invoiceNumber, r.type, r.total, r.issueDate, r.dueDate, r.issuedFor === known.id, r.orderNumber, r.issuerContactEmail])).toEqual([
      ["INV-1", "INVOICE", 123456, today, due, true, "PO1", "ap@known.test"],
      ["INV-2", "INVOICE", 1000, null, due, false, null, null],
    ]);
    expect(rows[0].issuedForCompanyName).toBe(known.companyName);
    const created = await Company.findByPk(rows[1].issuedFor);
    expect(created).toMatchObject({ companyName: `Brand New ${company.id}`, status: "INACTIVE" });
    expect(await Counterparty.count({ where: { companyId: company.id, counterpartyCompanyId: created!.id, isCustomer: true } })).toBe(1);
  });

  it("a wrong template fails the job with the spec's message and writes nothing", async () => {
    const { company, actor } = await setup();
    for (const kind of ["INVOICE", "BILL"] as const) {
      const { job, done } = await importFile(actor, kind, ["Number,Name,Amount", `X-1,Someone,10`]);
      expect(done).toBeInstanceOf(AppError);
      expect((done as AppError).message).toBe(incorrectTemplateMessage(kind));
      const failed = await getImportStatus(actor, job.id);
      expect(failed).toMatchObject({ status: "FAILED", error: incorrectTemplateMessage(kind), result: null });
    }
    expect(incorrectTemplateMessage("BILL")).toBe("Incorrect template. Please check you are using the correct template to import bills.");
    // An accounting export chosen as the Earlybird template is the wrong template too.
    const { done } = await importFile(
      actor,
      "INVOICE",
      ["Total,DueDate,InvoiceNumber,ContactName,EmailAddress,Type", `10,${dmy(due)},A-1,Acme,,Sales invoice`],
      "EARLYBIRD"
    );
    expect((done as AppError).message).toBe(incorrectTemplateMessage("INVOICE"));
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(0);
    expect(await Invoice.count({ where: { issuedFor: company.id } })).toBe(0);
  });

  it("fails each bad row with its reason, keeps the good ones, and writes the failed rows CSV", async () => {
    const { company, actor } = await setup();
    const tomorrow = addDays(today, 1);
    const { job } = await importFile(actor, "BILL", [
      BILL_HEADER,
      `B-OK,Supplier ${company.id},PO9,${dmy(today)},${dmy(due)},50.00,`,
      `,Supplier ${company.id},,,${dmy(due)},10,`,
      `B-2,,,,${dmy(due)},10,`,
      `B-3,Supplier ${company.id},,,,10,`,
      `B-4,Supplier ${company.id},,,31/02/2027,10,`,
      `B-5,Supplier ${company.id},,${dmy(tomorrow)},${dmy(due)},10,`,
      `B-6,Supplier ${company.id},,,${dmy(due)},0,`,
      `B-7,Supplier ${company.id},,,${dmy(due)},abc,`,
      `B-8,Supplier ${company.id},,,${dmy(due)},,`,
      `B-9,Supplier ${company.id},,,${dmy(due)},10,not-an-email`,
      `=HYPERLINK("x"),Supplier ${company.id},,,${dmy(due)},-5,`,
    ]);
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ success: 1, total: 11, failed: 10, hasFailedFile: true });
    const reasons = Object.fromEntries(result!.failedInvoices.map((row) => [row.line, row.messages]));
    expect(reasons).toEqual({
      3: [ROW_MESSAGES.invoiceNumberRequired],
      4: [ROW_MESSAGES.supplierNameRequired],
      5: [ROW_MESSAGES.dueDateRequired],
      6: [ROW_MESSAGES.dueDateInvalid],
      7: [ROW_MESSAGES.issueDateInFuture],
      8: [ROW_MESSAGES.amountNotPositive],
      9: [ROW_MESSAGES.amountInvalid],
      10: [ROW_MESSAGES.amountRequired],
      11: [ROW_MESSAGES.contactEmailInvalid],
      12: [ROW_MESSAGES.amountNotPositive],
    });
    const bills = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL" } });
    expect(bills.map((b) => [b.invoiceNumber, b.total, b.orderNumber])).toEqual([["B-OK", 5000, "PO9"]]);

    const file = await importResultFile(actor, job.id, "failed");
    const csv = fs.readFileSync(file.filePath, "utf8");
    expect(file.downloadName).toBe("failed_bills.csv");
    expect(csv.split("\n")[0]).toBe(`${BILL_HEADER},Errors`);
    expect(csv).toContain(`B-5,Supplier ${company.id},,${dmy(tomorrow)},${dmy(due)},10,,${ROW_MESSAGES.issueDateInFuture}`);
    // Formula injection: the cell is neutralised with a leading apostrophe.
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    // A plain number is no formula and stays a number.
    expect(csv).toContain(`,-5,,${ROW_MESSAGES.amountNotPositive}`);
  });

  it("escapes every formula the other exports escape in the failed-rows CSV: after blanks, after a line break, full-width (issue 13 part 12)", async () => {
    const { company, actor } = await setup();
    const { job } = await importFile(actor, "BILL", [
      BILL_HEADER,
      `" =1+1",Supplier ${company.id},,,${dmy(due)},-1,`,
      `"
=1+1",Supplier ${company.id},,,${dmy(due)},-1,`,
      `＝SUM(A1),Supplier ${company.id},,,${dmy(due)},-1,`,
      `B-1,＠A1,,,${dmy(due)},-1,`,
    ]);
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ failed: 4, hasFailedFile: true });
    const rows = parse(fs.readFileSync((await importResultFile(actor, job.id, "failed")).filePath, "utf8")) as string[][];
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ["' =1+1", `Supplier ${company.id}`],
      ["'\n=1+1", `Supplier ${company.id}`],
      ["'＝SUM(A1)", `Supplier ${company.id}`],
      ["B-1", "'＠A1"],
    ]);
  });

  it("drops duplicate rows (same number and amount) into the duplicates CSV and fails numbers that already exist", async () => {
    const { company, actor } = await setup();
    const first = await importFile(actor, "INVOICE", [INVOICE_HEADER, `D-1,Cust ${company.id},,,${dmy(due)},10,`]);
    expect(first.done).toMatchObject({ status: "SUCCEEDED" });
    const { job } = await importFile(actor, "INVOICE", [
      INVOICE_HEADER,
      `D-2,Cust ${company.id},,,${dmy(due)},20,`,
      `D-2,Cust ${company.id},,,${dmy(due)},20.00,`,
      `D-2,Cust ${company.id},,,${dmy(due)},21,`,
      `D-1,Cust ${company.id},,,${dmy(due)},10,`,
    ]);
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ success: 1, total: 4, duplicates: 1, failed: 2, hasDuplicatesFile: true, hasFailedFile: true });
    expect(result!.failedInvoices.map((row) => [row.line, row.messages[0]]).sort()).toEqual([
      [4, IMPORT_MESSAGES.numberExists],
      [5, IMPORT_MESSAGES.numberExists],
    ]);
    const duplicates = fs.readFileSync((await importResultFile(actor, job.id, "duplicates")).filePath, "utf8");
    expect(duplicates.trim().split("\n")).toEqual([INVOICE_HEADER, `D-2,Cust ${company.id},,,${dmy(due)},20.00,`]);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(2);
  });

  it("finds duplicates across batches (the set of seen rows lives in the database, not in memory)", async () => {
    const { company, actor } = await setup();
    const lines = [INVOICE_HEADER];
    for (let i = 1; i <= 5_001; i++) lines.push(`M-${i},Cust ${company.id},,,${dmy(due)},${i}.00,`);
    lines.push(`M-1,Cust ${company.id},,,${dmy(due)},1,`, `M-2,Cust ${company.id},,,${dmy(due)},3,`);
    const { job } = await importFile(actor, "INVOICE", lines);
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ success: 5_001, total: 5_003, duplicates: 1, failed: 1 });
    expect(result!.failedInvoices).toEqual([{ line: 5_004, invoiceNumber: "M-2", messages: [IMPORT_MESSAGES.numberExists] }]);
  });

  it("numbers bills per supplier: the same number from two suppliers is two bills; a repeat from one is a duplicate or a failure", async () => {
    const { company, actor } = await setup();
    const first = await importFile(actor, "BILL", [BILL_HEADER, `N-1,Alpha ${company.id},,,${dmy(due)},10,`]);
    expect(first.done).toMatchObject({ status: "SUCCEEDED" });
    const { job } = await importFile(actor, "BILL", [
      BILL_HEADER,
      `N-1,Beta ${company.id},,,${dmy(due)},10,`,
      `N-1,Alpha ${company.id},,,${dmy(due)},10,`,
      `N-2,Alpha ${company.id},,,${dmy(due)},5,`,
      `N-2,alpha ${company.id},,,${dmy(due)},5.00,`,
      `N-2,Beta ${company.id},,,${dmy(due)},6,`,
    ]);
    const { result } = await getImportStatus(actor, job.id);
    // N-1 from Alpha was imported by an earlier import: its number is taken (not a duplicate of this file).
    expect(result).toMatchObject({ success: 3, total: 5, duplicates: 1, failed: 1, createdCounterparties: 1, warnings: 2 });
    expect(result!.failedInvoices).toEqual([{ line: 3, invoiceNumber: "N-1", messages: [IMPORT_MESSAGES.numberExists] }]);
    const bills = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL" }, order: [["id", "ASC"]] });
    expect(bills.map((b) => [b.invoiceNumber, b.issuedByCompanyName, b.total, b.issuedForCompanyName])).toEqual([
      ["N-1", `Alpha ${company.id}`, 1000, company.companyName],
      ["N-1", `Beta ${company.id}`, 1000, company.companyName],
      ["N-2", `Alpha ${company.id}`, 500, company.companyName],
      ["N-2", `Beta ${company.id}`, 600, company.companyName],
    ]);
  });

  it("imports an accounting export, checking its type column", async () => {
    const { company, actor } = await setup();
    const { job } = await importFile(
      actor,
      "BILL",
      [
        "Total,DueDate,InvoiceNumber,ContactName,EmailAddress,Type",
        `99.5,${dmy(due)},X-1,Vendor ${company.id},ar@v.test,Bill`,
        `10,${dmy(due)},X-2,Vendor ${company.id},,Sales invoice`,
      ],
      "ACCOUNTING"
    );
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ success: 1, total: 2, failed: 1, format: "ACCOUNTING" });
    expect(result!.failedInvoices[0].messages).toEqual([ROW_MESSAGES.typeBill]);
    const bill = await Invoice.findOne({ where: { issuedFor: company.id } });
    expect(bill).toMatchObject({ type: "BILL", invoiceNumber: "X-1", total: 9950, recipientContactEmail: "ar@v.test", issuedForCompanyName: company.companyName });
  });

  it("bills to Xero need the order number column and an order number on each row", async () => {
    const { company, actor } = await setup();
    await company.update({ connectedToXero: true });
    const { done } = await importFile(
      actor,
      "BILL",
      ["Total,DueDate,InvoiceNumber,ContactName,EmailAddress,Type", `10,${dmy(due)},X-1,V,,Bill`],
      "ACCOUNTING",
      true
    );
    expect((done as AppError).message).toBe(ORDER_NUMBER_REQUIRED_FOR_XERO);
    const { job } = await importFile(
      actor,
      "BILL",
      [BILL_HEADER, `O-1,V ${company.id},PO-1,,${dmy(due)},10,`, `O-2,V ${company.id},,,${dmy(due)},10,`],
      "EARLYBIRD",
      true
    );
    const { result } = await getImportStatus(actor, job.id);
    expect(result).toMatchObject({ success: 1, failed: 1 });
    expect(result!.failedInvoices[0].messages).toEqual([ORDER_NUMBER_REQUIRED_FOR_XERO]);
    expect(await Invoice.findOne({ where: { issuedFor: company.id } })).toMatchObject({ invoiceNumber: "O-1", createBillInXero: true });
  });

  it("is scoped to the actor's company and never runs a job twice", async () => {
    const { company, actor } = await setup();
    const other = await setup();
    const { job } = await importFile(actor, "INVOICE", [INVOICE_HEADER, `S-1,Cust ${company.id},,,${dmy(due)},10,`]);
    await expect(getImportStatus(other.actor, job.id)).rejects.toMatchObject({ status: 404 });
    await expect(importResultFile(other.actor, job.id, "failed")).rejects.toMatchObject({ status: 404 });
    await expect(startImport(other.actor, { kind: "INVOICE", format: "EARLYBIRD", uploadId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      status: 404,
    });

    const again = await runImport(job.id);
    expect(again.status).toBe("SUCCEEDED");
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(1);
    const stored = await Job.findByPk(job.id);
    expect((stored!.result as ImportResult).success).toBe(1);
    expect(stored!.payload).toMatchObject({ committedThroughLine: 2 });
  });

  it("stores a web upload in the company's folder, refuses other files, and deletes it after the run", async () => {
    const { company, actor } = await setup();
    async function* chunks(text: string) {
      yield Buffer.from(text);
    }
    await expect(storeImportUpload(actor, { fileName: "evil.exe", data: chunks("x") })).rejects.toMatchObject({ message: IMPORT_MESSAGES.csvOnly });
    await expect(storeImportUpload(actor, { fileName: "big.csv", data: chunks("x".repeat(10_000_001)) })).rejects.toMatchObject({
      message: IMPORT_MESSAGES.tooLarge,
    });
    const upload = await storeImportUpload(actor, { fileName: "ok.csv", data: chunks(`${INVOICE_HEADER}\nU-1,Cust ${company.id},,,${dmy(due)},10,\n`) });
    const job = await startImport(actor, { kind: "INVOICE", format: "EARLYBIRD", uploadId: upload.uploadId, fileName: upload.fileName });
    const done = await runImport(job.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(fs.existsSync(job.payload.filePath as string)).toBe(false);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(1);
  });

  it("runs queued imports through the job queue, oldest first, once each", async () => {
    const { company, actor } = await setup();
    const first = await startImport(actor, {
      kind: "INVOICE",
      format: "EARLYBIRD",
      filePath: writeCsv([INVOICE_HEADER, `Q-1,Cust ${company.id},,,${dmy(due)},10,`]),
    });
    const second = await startImport(actor, {
      kind: "INVOICE",
      format: "EARLYBIRD",
      filePath: writeCsv([INVOICE_HEADER, `Q-2,Cust ${company.id},,,${dmy(due)},20,`]),
    });
    expect(await runQueuedJobs({ companyId: company.id })).toBe(2);
    const jobs = await Job.findAll({ where: { id: [first.id, second.id] }, order: [["createdAt", "ASC"]] });
    expect(jobs.map((job) => job.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(2);
    // Nothing is left to run, and running again imports nothing twice.
    expect(await runQueuedJobs({ companyId: company.id })).toBe(0);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(2);
  });
});
