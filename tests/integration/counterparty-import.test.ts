/**
 * The counterparty import job (p3 §4.6, §5 "Counterparty import file rows", §7.3; decision 036) against PostgreSQL:
 * every row rule end to end, the upsert by external account id, attaching by name, company scoping and admin only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Company, Counterparty, GlAccount, Job, PaymentTerm } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { COUNTERPARTY_IMPORT_COLUMNS, COUNTERPARTY_ROW_MESSAGES as M, COUNTERPARTY_TEMPLATE_MESSAGE } from "../../app/modules/counterparties/import-rules";
import {
  counterpartyImportFailedFile,
  getCounterpartyImportStatus,
  runCounterpartyImport,
  startCounterpartyImport,
  storeCounterpartyImportUpload,
  type CounterpartyImportResult,
} from "../../app/modules/counterparties/import.server";
import { runQueuedJobs } from "../../jobs/queue";
import { actorOf, makeAdmin, makeCompany, makeCounterparty, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cp-import-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const HEADER = COUNTERPARTY_IMPORT_COLUMNS.join(",");
let fileCount = 0;
function writeCsv(lines: string[]): string {
  const file = path.join(dir, `file-${++fileCount}.csv`);
  fs.writeFileSync(file, [HEADER, ...lines].join("\n") + "\n");
  return file;
}

async function importFile(actor: Actor, companyId: number, file: string) {
  const job = await startCounterpartyImport(actor, companyId, { filePath: file });
  const done = await runCounterpartyImport(job.id);
  expect(done.status).toBe("SUCCEEDED");
  return { jobId: done.id, result: done.result as CounterpartyImportResult };
}

const counterpartiesOf = (companyId: number) =>
  Counterparty.findAll({
    where: { companyId },
    include: [{ model: Company, as: "counterpartyCompany" }],
    order: [["id", "ASC"]],
  });

describe("counterparty import", () => {
  it("applies every row rule and reports every reason of a failed row, with a failed-rows CSV", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany({ country: "AU" });
    const gl = await GlAccount.create({ companyId: company.id, accountCode: "400", accountName: "Advertising" });
    await GlAccount.create({ companyId: company.id, accountCode: "999", accountName: "Hidden", isVisibleInEarlybird: false });
    const file = writeCsv([
      "  Kauri   Builders  Ltd ,K-1,12-3456-7890123-45,123-456-789,400,monthly,20", // 2: valid
      "Totara Plumbing,K-2,,12345678,,WEEKLY,friday", // 3: valid, GST padded
      ",K-3,,,,,", // 4: mandatory
      "Rimu Ltd,,,,,,", // 5: mandatory
      "Matai Ltd,K-5,,12A456789,,,", // 6: GST digits
      "Miro Ltd,K-6,,1234567,,,", // 7: GST length
      "Tawa Ltd,K-7,,,,Monthly,", // 8: both term fields
      "Hinau Ltd,K-8,,,,Fortnightly,Monday", // 9: frequency
      "Kowhai Ltd,K-9,,,,Monthly,32", // 10: monthly date
      "Puriri Ltd,K-10,,,,Weekly,5", // 11: weekly day
      "Rata Ltd,K-11,12-3456-78901-2,,,,", // 12: bank account length
      "Nikau Ltd,K-12,,,999,,", // 13: invisible GL code
      ",K-13,short,abc,123,Monthly,0", // 14: several reasons
      "", // blank: not counted
      "Harakeke Ltd,K-15,,,,,", // 16: valid, nothing optional
    ]);
    const { jobId, result } = await importFile(admin, company.id, file);
    expect(result).toMatchObject({ total: 14, success: 3, failed: 11, created: 3, attached: 0, updated: 0, unchanged: 0, paymentTermsCreated: 2, hasFailedFile: true });
    const reasons = Object.fromEntries(result.failedObjects.map((failure) => [failure.line, failure.reasons]));
    expect(reasons).toEqual({
      4: [M.mandatory],
      5: ["Company name and external account ID number are mandatory fields"],
      6: ["GST Number must only contain numbers e.g. 123-456-789 or 123456789"],
      7: ["Invalid GST Number length (min: 8, max: 9)."],
      8: ["Invalid payment term, both payment term fields must be filled to be valid"],
      9: ["Payment term frequency must be Monthly or Weekly"],
      10: ["Monthly payment term frequency must have date of 1-31"],
      11: ["Weekly payment term frequency must have day of week e.g. Monday"],
      12: ["Bank account is invalid length"],
      13: ["Invalid GL Code, please try again"],
      14: [M.mandatory, M.bankAccountLength, M.gstDigits, M.glCode, M.monthlyDate],
    });
    expect(result.failedObjects[0]).toMatchObject({ line: 4, objectType: "COUNTERPARTY", failedObject: { "External Account ID": "K-3" } });

    const rows = await counterpartiesOf(company.id);
    expect(rows.map((row) => [row.counterpartyCompany?.companyName, row.counterpartyCompany?.status, row.counterpartyCompany?.country, row.externalAccountId])).toEqual([
      ["Kauri Builders Ltd", "INACTIVE", "AU", "K-1"],
      ["Totara Plumbing", "INACTIVE", "AU", "K-2"],
      ["Harakeke Ltd", "INACTIVE", "AU", "K-15"],
    ]);
    expect(rows.every((row) => row.isSupplier)).toBe(true);
    expect(rows[0]).toMatchObject({ gstNumber: "123456789", externalBankAccountNumber: "12-3456-7890123-45", glAccountId: gl.id });
    expect(rows[1]).toMatchObject({ gstNumber: "012345678", externalBankAccountNumber: null, glAccountId: null });
    const terms = await PaymentTerm.findAll({ where: { companyId: company.id }, order: [["id", "ASC"]] });
    expect(terms.map((term) => [term.frequency, term.date, term.dayOfWeek, term.defaultTerm])).toEqual([
      ["MONTHLY", 20, null, false],
      ["WEEKLY", null, "FRIDAY", false],
    ]);
    expect(rows[0].paymentTermId).toBe(terms[0].id);
    expect(rows[1].paymentTermId).toBe(terms[1].id);
    expect(rows[2].paymentTermId).toBeNull();

    // The failed rows as a CSV: the template's columns plus the reasons.
    const failed = await counterpartyImportFailedFile(admin, company.id, jobId);
    const csv = parse(fs.readFileSync(failed.filePath, "utf8")) as string[][];
    expect(csv[0]).toEqual([...COUNTERPARTY_IMPORT_COLUMNS, "Reasons"]);
    expect(csv).toHaveLength(12);
    expect(csv[csv.length - 1]).toEqual(["", "K-13", "short", "abc", "123", "Monthly", "0", [M.mandatory, M.bankAccountLength, M.gstDigits, M.glCode, M.monthlyDate].join("; ")]);

    const audits = await AuditLogEntry.findAll({ where: { companyId: company.id, entityId: jobId }, order: [["id", "ASC"]] });
    expect(audits.map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ["COUNTERPARTY_IMPORT_STARTED", admin.userId],
      ["COUNTERPARTY_IMPORT_COMPLETED", admin.userId],
    ]);
  });

  it("upserts by external account id: the same file twice changes nothing, a changed row updates, empty cells keep values", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const lines = ["Alpha Ltd,A-1,12-3456-7890123-45,123456789,,Monthly,1", "Beta Ltd,A-2,,,,,", "Beta Ltd Duplicate,A-2,,,,Weekly,Monday"];
    const first = await importFile(admin, company.id, writeCsv(lines));
    expect(first.result).toMatchObject({ success: 3, created: 2, unchanged: 1 });
    const before = await counterpartiesOf(company.id);
    expect(before).toHaveLength(2);
    // The later row of the same external id won.
    expect(before[1].counterpartyCompany?.companyName).toBe("Beta Ltd Duplicate");
    const companies = await Company.count();

    const second = await importFile(admin, company.id, writeCsv(lines));
    expect(second.result).toMatchObject({ success: 3, created: 0, attached: 0, updated: 0, unchanged: 3, paymentTermsCreated: 0 });
    const after = await counterpartiesOf(company.id);
    expect(after.map((row) => [row.id, row.updatedAt.toISOString()])).toEqual(before.map((row) => [row.id, row.updatedAt.toISOString()]));
    expect(await Company.count()).toBe(companies);
    expect(await PaymentTerm.count({ where: { companyId: company.id } })).toBe(2);

    // A changed bank account updates; an empty GST cell keeps the stored GST; the name of the other company is not changed.
    const third = await importFile(admin, company.id, writeCsv(["Alpha Renamed,A-1,98-7654-3210987-65,,,,"]));
    expect(third.result).toMatchObject({ success: 1, created: 0, updated: 1 });
    const alpha = await Counterparty.findByPk(before[0].id, { include: [{ model: Company, as: "counterpartyCompany" }] });
    expect(alpha).toMatchObject({ externalBankAccountNumber: "98-7654-3210987-65", gstNumber: "123456789", paymentTermId: before[0].paymentTermId });
    expect(alpha?.counterpartyCompany?.companyName).toBe("Alpha Ltd");
  });

  it("attaches a new external id to a counterparty of the same name (case and spaces ignored) that has none", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const harbour = await makeCompany({ companyName: "Harbour  Foods Ltd", status: "ACTIVE" });
    const link = await makeCounterparty(company, harbour, { customer: true });
    const numbered = await makeCompany({ companyName: "Numbered Ltd" });
    await makeCounterparty(company, numbered, { supplier: true }).then((row) => row.update({ externalAccountId: "OLD-1" }));
    const { result } = await importFile(admin, company.id, writeCsv(["harbour foods   LTD,H-1,,,,,", "Numbered Ltd,N-2,,,,,"]));
    expect(result).toMatchObject({ success: 2, attached: 1, created: 1 });
    await link.reload();
    expect(link).toMatchObject({ externalAccountId: "H-1", isSupplier: true, isCustomer: true, counterpartyCompanyId: harbour.id });
    // "Numbered Ltd" already has an external id: a second one is a new company.
    expect(await Counterparty.count({ where: { companyId: company.id } })).toBe(3);
  });

  it("is scoped by company: the same external id elsewhere is another counterparty; another company's import is 404", async () => {
    const admin = await makeAdmin();
    const [one, two] = [await makeCompany(), await makeCompany()];
    const file = writeCsv(["Shared Name Ltd,S-1,,,,,"]);
    const { jobId } = await importFile(admin, one.id, file);
    await importFile(admin, two.id, file);
    const [a, b] = [await counterpartiesOf(one.id), await counterpartiesOf(two.id)];
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0].counterpartyCompanyId).not.toBe(b[0].counterpartyCompanyId);
    await expect(getCounterpartyImportStatus(admin, two.id, jobId)).rejects.toMatchObject({ status: 404 });
    await expect(getCounterpartyImportStatus(admin, one.id, jobId)).resolves.toMatchObject({ id: jobId, status: "SUCCEEDED" });
    await expect(startCounterpartyImport(admin, 999_999_999, { filePath: file })).rejects.toMatchObject({ status: 404, message: "Company not found" });
  });

  it("refuses a non-admin every call (404)", async () => {
    const company = await makeCompany();
    const user = actorOf(await makeUser({ company }));
    const file = writeCsv(["X Ltd,X-1,,,,,"]);
    await expect(startCounterpartyImport(user, company.id, { filePath: file })).rejects.toMatchObject({ status: 404 });
    await expect(storeCounterpartyImportUpload(user, company.id, { fileName: "a.csv", data: Readable.from([Buffer.from("x")]) })).rejects.toMatchObject({ status: 404 });
    const admin = await makeAdmin();
    const { jobId } = await importFile(admin, company.id, file);
    await expect(getCounterpartyImportStatus(user, company.id, jobId)).rejects.toMatchObject({ status: 404 });
    await expect(counterpartyImportFailedFile(user, company.id, jobId)).rejects.toBeInstanceOf(AppError);
  });

  it("fails a file that is not the template with a clear message and writes nothing", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const file = path.join(dir, "wrong.csv");
    fs.writeFileSync(file, "Name,Id\nAcme,1\n");
    const job = await startCounterpartyImport(admin, company.id, { filePath: file });
    await expect(runCounterpartyImport(job.id)).rejects.toThrow(COUNTERPARTY_TEMPLATE_MESSAGE);
    expect(await Job.findByPk(job.id)).toMatchObject({ status: "FAILED", error: COUNTERPARTY_TEMPLATE_MESSAGE });
    expect(await Counterparty.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("runs as a queued job from a web upload, which is removed when the job ends", async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const upload = await storeCounterpartyImportUpload(admin, company.id, {
      fileName: "import_counterparties.csv",
      data: Readable.from([Buffer.from(`${HEADER}\nQueued Ltd,Q-1,,,,,\n`)]),
    });
    const job = await startCounterpartyImport(admin, company.id, { uploadId: upload.uploadId, fileName: upload.fileName });
    await runQueuedJobs({ companyId: company.id });
    const status = await getCounterpartyImportStatus(admin, company.id, job.id);
    expect(status).toMatchObject({ status: "SUCCEEDED", progress: 100, result: { success: 1, created: 1, fileName: "import_counterparties.csv" } });
    expect(fs.existsSync(path.join(dir, "data", "uploads", String(company.id), `${upload.uploadId}.csv`))).toBe(false);
  });
});
