/** `earlybird documents:upload` and `documents:list` through the real CLI, against the test database (issue 16 part 2). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument } from "../../db/models/index";
import { DOCUMENT_MESSAGES } from "../../app/modules/documents/rules";
import { runEarlybird } from "../support/cli";
import { makeCompany } from "../support/factories";
import { makeBillPdf, makeFakePdf, makePng } from "../support/document-factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-documents-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));
const write = (name: string, content: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

describe("earlybird documents:upload", () => {
  it("stores each file as a CLI document; --json gives one entry per file; exit 0 when none is refused, and a repeat answers the same documents", { timeout: 90_000 }, async () => {
    const company = await makeCompany();
    const pdf = write("bill.pdf", await makeBillPdf());
    const png = write("scan.png", makePng());
    const result = await earlybird(["--json", "documents:upload", pdf, png, "--company", String(company.id)]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const entries = JSON.parse(result.stdout);
    expect(entries).toEqual([
      { file: pdf, documentId: expect.any(Number), status: "QUEUED", reason: "Queued", duplicate: false },
      { file: png, documentId: expect.any(Number), status: "QUEUED", reason: "Queued", duplicate: false },
    ]);
    expect(await BillDocument.findByPk(entries[0].documentId)).toMatchObject({ companyId: company.id, source: "CLI", originalFileName: "bill.pdf", mimeType: "application/pdf" });

    const again = await earlybird(["--json", "documents:upload", pdf, "--company", String(company.id)]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual([{ file: pdf, documentId: entries[0].documentId, status: "QUEUED", reason: "Queued", duplicate: true }]);
    expect(await BillDocument.count({ where: { companyId: company.id } })).toBe(2);
  });

  it("exits 1 when a file is refused, after printing every entry: the good file stored, the refused with its message", { timeout: 90_000 }, async () => {
    const company = await makeCompany();
    const good = write("good.pdf", await makeBillPdf());
    const fake = write("fake.pdf", makeFakePdf());
    const missing = path.join(dir, "nope.pdf");
    const result = await earlybird(["--json", "documents:upload", good, fake, missing, "--company", String(company.id)]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([
      { file: good, documentId: expect.any(Number), status: "QUEUED", reason: "Queued", duplicate: false },
      { file: fake, status: "REFUSED", message: DOCUMENT_MESSAGES.unsupported },
      { file: missing, status: "REFUSED", message: `File not found: ${missing}` },
    ]);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { message: "2 of 3 files refused", code: "FILES_REFUSED" } });
    expect(await BillDocument.count({ where: { companyId: company.id } })).toBe(1);

    const text = await earlybird(["documents:upload", fake, "--company", String(company.id)]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(`${fake}: refused: ${DOCUMENT_MESSAGES.unsupported}\n`);
    expect(text.stderr).toBe("Error: 1 of 1 files refused\n");
  });

  it("--wait processes the documents here and prints where each landed; an unknown company exits 1", { timeout: 90_000 }, async () => {
    const company = await makeCompany();
    const pdf = write("wait.pdf", await makeBillPdf());
    const result = await earlybird(["--json", "documents:upload", pdf, "--wait", "--company", String(company.id)]);
    expect(result.code).toBe(0);
    const [entry] = JSON.parse(result.stdout);
    expect(["QUEUED", "PROCESSING", "RETRY", "FAILED"]).not.toContain(entry.status);
    expect((await BillDocument.findByPk(entry.documentId))!.processingStatus).toBe(entry.status);

    const unknown = await earlybird(["documents:upload", pdf, "--company", "999999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Error: Company 999999999 not found\n");
  });
});

describe("earlybird documents:list", () => {
  it("lists a company's documents, filtered by --status, as a table or --json", { timeout: 90_000 }, async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    const upload = await earlybird(["--json", "documents:upload", write("l1.pdf", await makeBillPdf()), write("l2.png", makePng()), "--company", String(company.id)]);
    const [first, second] = JSON.parse(upload.stdout);
    await BillDocument.update({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_UNDER", supplierName: "Kiwi Supplies Ltd", invoiceAmount: 11_500 }, { where: { id: first.documentId } });
    await earlybird(["documents:upload", write("l3.png", makePng()), "--company", String(other.id)]);

    const json = await earlybird(["--json", "documents:list", "--company", String(company.id)]);
    expect(json.code).toBe(0);
    const list = JSON.parse(json.stdout);
    expect(list).toMatchObject({ page: 1, size: 25, total: 2 });
    expect(list.documents.map((document: { id: number }) => document.id)).toEqual([second.documentId, first.documentId]);

    const variances = await earlybird(["documents:list", "--company", String(company.id), "--status", "variance"]);
    expect(variances.code).toBe(0);
    expect(variances.stdout).toMatch(new RegExp(`^\\s*Id\\s+Status\\s+Reason\\s+Supplier`));
    expect(variances.stdout).toMatch(new RegExp(`${first.documentId}\\s+VARIANCE\\s+Variance Found\\s+Kiwi Supplies Ltd\\s+.*\\$115\\.00`));
    expect(variances.stdout).toContain("Page 1 of 1 (1 documents)");

    const bad = await earlybird(["documents:list", "--company", String(company.id), "--status", "NOPE"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--status: must be one of QUEUED");
  });
});
