/**
 * The purchase order import job and look-up (issue 16 part 1; docs/decisions/041) against PostgreSQL: the row rules end
 * to end with a failed-rows CSV, the upsert by normalised order number per buyer, the supplier match to a counterparty,
 * duplicates within a file, a wrong template, the DOCUMENTS_REMATCH job queued after, and company scoping.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Job, PurchaseOrder } from "../../db/models/index";
import { operatorFor, type Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  DOCUMENTS_REMATCH_JOB_TYPE,
  PURCHASE_ORDER_IMPORT_COLUMNS,
  PURCHASE_ORDER_ROW_MESSAGES as M,
  PURCHASE_ORDER_TEMPLATE_MESSAGE,
  duplicateOrderNumberMessage,
} from "../../app/modules/purchase-orders/rules";
import {
  getPurchaseOrderImportStatus,
  purchaseOrderImportFailedFile,
  runPurchaseOrderImport,
  startPurchaseOrderImport,
  storePurchaseOrderUpload,
  type PurchaseOrderImportResult,
} from "../../app/modules/purchase-orders/import.server";
import { findPurchaseOrdersByNumber, listPurchaseOrders } from "../../app/modules/purchase-orders/service.server";
import { runQueuedJobs } from "../../jobs/queue";
import { actorOf, makeAdmin, makeCompany, makeCounterparty, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-po-import-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const HEADER = PURCHASE_ORDER_IMPORT_COLUMNS.join(",");
let fileCount = 0;
function writeCsv(lines: string[], header = HEADER): string {
  const file = path.join(dir, `file-${++fileCount}.csv`);
  fs.writeFileSync(file, [header, ...lines].join("\n") + "\n");
  return file;
}

async function importFile(actor: Actor, file: string) {
  const job = await startPurchaseOrderImport(actor, { filePath: file });
  const done = await runPurchaseOrderImport(job.id);
  expect(done.status).toBe("SUCCEEDED");
  return { jobId: done.id, result: done.result as PurchaseOrderImportResult };
}

async function companyUser() {
  const company = await makeCompany();
  const user = await makeUser({ company });
  return { company, actor: actorOf(user) };
}

const ordersOf = (companyId: number) => PurchaseOrder.findAll({ where: { companyId }, order: [["orderNumber", "ASC"]] });

describe("purchase order import", () => {
  it("imports valid rows, fails bad ones with every reason (and a failed-rows CSV), and matches suppliers to counterparties", async () => {
    const { company, actor } = await companyUser();
    const kiwi = await makeCompany({ companyName: "Kiwi  Supplies Ltd" });
    await makeCounterparty(company, kiwi);
    const file = writeCsv([
      "PO-1001,kiwi supplies LTD,5/3/2026,\"$1,150.00\",open", // 2: valid, supplier matched
      "PO-1002,Unknown Traders,,460,RECEIPTED", // 3: valid, no date, no supplier match
      ",,31/2/2026,10.005,PAID", // 4: every column wrong
      "PO-1004,Tasman,12/31/2026,0,CLOSED", // 5: month/day/year, zero
      "", // blank: not counted
      "po -1001,Someone Else,1/1/2026,5,OPEN", // 7: the same order as line 2
      "PO-1008,Kiwi Supplies Ltd,1/1/2026,12.3,Closed", // 8: valid
    ]);
    const { jobId, result } = await importFile(actor, file);
    expect(result).toMatchObject({ total: 6, success: 3, failed: 3, created: 3, updated: 0, unchanged: 0, suppliersMatched: 2, hasFailedFile: true });
    expect(result.failedRows.map((row) => [row.line, row.reasons])).toEqual([
      [4, [M.orderNumberRequired, M.supplierNameRequired, M.orderDateInvalid, M.amountInvalid, M.statusInvalid]],
      [5, [M.orderDateInvalid, M.amountNotPositive]],
      [7, [duplicateOrderNumberMessage(2)]],
    ]);
    expect(result.failedRows[0].failedObject).toEqual({ "Order Number": "", "Supplier Name": "", "Order Date": "31/2/2026", "Amount (inc. GST)": "10.005", Status: "PAID" });

    const orders = await ordersOf(company.id);
    expect(orders.map((o) => [o.orderNumber, o.supplierName, o.supplierCompanyId, o.orderDate, o.amount, o.status, o.loadedBy])).toEqual([
      ["PO-1001", "kiwi supplies LTD", kiwi.id, "2026-03-05", 115_000, "OPEN", "EARLYBIRD"],
      ["PO-1002", "Unknown Traders", null, null, 46_000, "RECEIPTED", "EARLYBIRD"],
      ["PO-1008", "Kiwi Supplies Ltd", kiwi.id, "2026-01-01", 1_230, "CLOSED", "EARLYBIRD"],
    ]);

    const { filePath, downloadName } = await purchaseOrderImportFailedFile(actor, jobId);
    expect(downloadName).toBe("failed_purchase_orders.csv");
    const failedCsv = parse(fs.readFileSync(filePath, "utf8")) as string[][];
    expect(failedCsv[0]).toEqual([...PURCHASE_ORDER_IMPORT_COLUMNS, "Reasons"]);
    expect(failedCsv.slice(1).map((row) => row[5])).toEqual([
      [M.orderNumberRequired, M.supplierNameRequired, M.orderDateInvalid, M.amountInvalid, M.statusInvalid].join("; "),
      [M.orderDateInvalid, M.amountNotPositive].join("; "),
      duplicateOrderNumberMessage(2),
    ]);

    const audits = await AuditLogEntry.findAll({ where: { companyId: company.id, entityId: jobId }, order: [["id", "ASC"]] });
    expect(audits.map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ["PURCHASE_ORDER_IMPORT_STARTED", actor.userId],
      ["PURCHASE_ORDER_IMPORT_COMPLETED", actor.userId],
    ]);
  });

  it("upserts by normalised order number per buyer: changed rows update, unchanged ones write nothing, another buyer's same number is its own", async () => {
    const { company, actor } = await companyUser();
    const other = await companyUser();
    await importFile(other.actor, writeCsv(["PO-7,Other Buyer's Supplier,,99,OPEN"]));
    await importFile(actor, writeCsv(["PO-7,Alpha Ltd,1/6/2026,100.00,OPEN", "PO-8,Beta Ltd,,200,OPEN"]));
    const before = await PurchaseOrder.findOne({ where: { companyId: company.id, orderNumber: "PO-8" } });

    const { result } = await importFile(actor, writeCsv(["po -7,Alpha Ltd,1/6/2026,120.50,RECEIPTED", "PO-8,Beta Ltd,,200.00,open", "PO-9,Gamma Ltd,,1,CLOSED"]));
    expect(result).toMatchObject({ total: 3, success: 3, failed: 0, created: 1, updated: 1, unchanged: 1, hasFailedFile: false });
    const orders = await ordersOf(company.id);
    expect(orders.map((o) => [o.orderNumber, o.amount, o.status])).toEqual([
      ["PO-8", 20_000, "OPEN"],
      ["PO-9", 100, "CLOSED"],
      ["po -7", 12_050, "RECEIPTED"],
    ]);
    const after = orders.find((o) => o.orderNumber === "PO-8")!;
    expect(after.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    // The other buyer's PO-7 is untouched.
    expect((await ordersOf(other.company.id)).map((o) => [o.orderNumber, o.amount])).toEqual([["PO-7", 9_900]]);
  });

  it("finds orders by number for the matching, normalised, only the company's", async () => {
    const { company, actor } = await companyUser();
    const other = await companyUser();
    await importFile(actor, writeCsv(["PO 55,Alpha Ltd,,10,OPEN", "PO-56,Beta Ltd,,20,CLOSED"]));
    await importFile(other.actor, writeCsv(["PO-57,Gamma Ltd,,30,OPEN"]));
    const found = await findPurchaseOrdersByNumber(company.id, ["po55", " po-56 ", "PO-57", "PO-58", ""]);
    expect([...found.keys()].sort()).toEqual(["PO-56", "PO55"]);
    expect(found.get("PO55")).toMatchObject({ orderNumber: "PO 55", supplierName: "Alpha Ltd", supplierCompanyId: null, amountCents: 1_000, status: "OPEN" });
    expect(found.get("PO-56")).toMatchObject({ amountCents: 2_000, status: "CLOSED" });
    expect((await findPurchaseOrdersByNumber(company.id, [])).size).toBe(0);

    const list = await listPurchaseOrders(actor, { status: "closed", size: 10 });
    expect(list.purchaseOrders.map((o) => o.orderNumber)).toEqual(["PO-56"]);
    expect(list.hasMore).toBe(false);
    await expect(listPurchaseOrders(actor, { status: "LOST" })).rejects.toMatchObject({ status: 422 });
  });

  it("fails the job on a wrong template and writes nothing", async () => {
    const { company, actor } = await companyUser();
    const job = await startPurchaseOrderImport(actor, { filePath: writeCsv(["PO-1,Alpha,,1,OPEN"], "Order,Supplier,Date,Amount,Status") });
    await expect(runPurchaseOrderImport(job.id)).rejects.toThrow(PURCHASE_ORDER_TEMPLATE_MESSAGE);
    expect((await Job.findByPk(job.id))?.status).toBe("FAILED");
    expect(await PurchaseOrder.count({ where: { companyId: company.id } })).toBe(0);
    expect(await Job.count({ where: { companyId: company.id, type: DOCUMENTS_REMATCH_JOB_TYPE } })).toBe(0);
  });

  it("queues one DOCUMENTS_REMATCH job for the company once rows are in, which the queue runs", async () => {
    const { company, actor } = await companyUser();
    const { jobId, result } = await importFile(actor, writeCsv(["PO-1,Alpha,,1,OPEN"]));
    const rematch = await Job.findAll({ where: { companyId: company.id, type: DOCUMENTS_REMATCH_JOB_TYPE } });
    expect(rematch).toHaveLength(1);
    expect(rematch[0].payload).toEqual({ companyId: company.id });
    expect(result.rematchJobId).toBe(rematch[0].id);
    expect(rematch[0].idempotencyKey).toBe(`documents-rematch:purchase-order-import:${jobId}`);
    await runQueuedJobs();
    expect((await Job.findByPk(rematch[0].id))?.status).toBe("SUCCEEDED");
  });

  it("runs from the queue like the web's import, from a stored upload, and removes the upload after", async () => {
    const { company, actor } = await companyUser();
    const upload = await storePurchaseOrderUpload(actor, { fileName: "orders.csv", data: Readable.from([Buffer.from(`${HEADER}\nPO-1,Alpha,,1,OPEN\n`)]) });
    const job = await startPurchaseOrderImport(actor, { uploadId: upload.uploadId, fileName: upload.fileName });
    await runQueuedJobs();
    const status = await getPurchaseOrderImportStatus(actor, job.id);
    expect(status).toMatchObject({ status: "SUCCEEDED", progress: 100, result: { fileName: "orders.csv", success: 1 } });
    expect(await PurchaseOrder.count({ where: { companyId: company.id } })).toBe(1);
    expect(fs.existsSync(path.join(dir, "data", "uploads", String(company.id), `${upload.uploadId}.csv`))).toBe(false);
    // A file that is not CSV is refused at the upload.
    await expect(storePurchaseOrderUpload(actor, { fileName: "orders.pdf", data: Readable.from([Buffer.from("%PDF")]) })).rejects.toMatchObject({ status: 400 });
  });
});

describe("purchase order import scoping", () => {
  it("gives 404 for another company's import, its failed rows or a non-import job; refuses an actor who is not a user of a company", async () => {
    const { actor } = await companyUser();
    const other = await companyUser();
    const { jobId } = await importFile(actor, writeCsv(["PO-1,Alpha,,abc,OPEN"]));
    await expect(getPurchaseOrderImportStatus(other.actor, jobId)).rejects.toMatchObject({ status: 404 });
    await expect(purchaseOrderImportFailedFile(other.actor, jobId)).rejects.toMatchObject({ status: 404 });
    // The operator acting for another company is refused the same way.
    await expect(getPurchaseOrderImportStatus(operatorFor(other.company.id), jobId)).rejects.toMatchObject({ status: 404 });
    expect((await getPurchaseOrderImportStatus(actor, jobId)).result?.failed).toBe(1);

    // An admin (no company of their own) is not a member: refused, and nothing queued.
    const admin = await makeAdmin();
    const refused = await startPurchaseOrderImport(admin, { filePath: writeCsv(["PO-1,Alpha,,1,OPEN"]) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 403 });
    await expect(getPurchaseOrderImportStatus(admin, jobId)).rejects.toMatchObject({ status: 403 });
    await expect(listPurchaseOrders(admin)).rejects.toMatchObject({ status: 403 });
  });
});
