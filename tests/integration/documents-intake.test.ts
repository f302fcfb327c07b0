/**
 * The documents service (issue 16 part 2): intake checked by content and size with nothing stored for a refused file,
 * one live document per file and company, scoping by company, the paged list and its query plan, and the
 * PROCESS_DOCUMENT job run to its end.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, BillDocument, Job } from "../../db/models/index";
import { operatorFor } from "../../app/lib/actor";
import { getDocument, listDocuments, receiveDocuments, findCompanyIdByInboundAddress, getInboundAddress } from "../../app/modules/documents/service.server";
import { DOCUMENT_MESSAGES, PROCESS_DOCUMENT_JOB_TYPE } from "../../app/modules/documents/rules";
import { inspectMessages } from "../../app/modules/extraction/service.server";
import { runQueuedJobs } from "../../jobs/queue";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { makeBillPdf, makeEncryptedPdf, makeFakePdf, makeJpeg, makePng, makeZeroPagePdf } from "../support/document-factories";
import { captureReads } from "../support/query-capture";

afterAll(() => sequelize.close());

async function companyUser() {
  const user = await makeUser();
  return { user, actor: actorOf(user), companyId: user.companyId! };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

const countDocuments = (companyId: number) => BillDocument.count({ where: { companyId } });

describe("receiveDocuments", () => {
  it("stores a PDF, a PNG and a JPEG QUEUED, each with its PROCESS_DOCUMENT job, and audits each intake", async () => {
    const { actor, companyId, user } = await companyUser();
    const files = [
      { fileName: "bill.pdf", content: await makeBillPdf() },
      { fileName: "photo.png", content: makePng() },
      { fileName: "scan.jpg", content: makeJpeg() },
    ];
    const results = await receiveDocuments(actor, companyId, files, "UPLOAD");
    expect(results.map((result) => result.ok && !result.duplicate)).toEqual([true, true, true]);
    const documents = results.map((result) => (result.ok ? result.document : null));
    expect(documents.map((document) => [document?.mimeType, document?.processingStatus, document?.source])).toEqual([
      ["application/pdf", "QUEUED", "UPLOAD"],
      ["image/png", "QUEUED", "UPLOAD"],
      ["image/jpeg", "QUEUED", "UPLOAD"],
    ]);
    const stored = await BillDocument.findByPk(documents[0]!.id);
    expect(stored).toMatchObject({ companyId, uploadedByUserId: user.id, originalFileName: "bill.pdf", sizeBytes: files[0].content.length });
    expect(stored!.content.equals(files[0].content)).toBe(true);
    const jobs = await Job.findAll({ where: { companyId, type: PROCESS_DOCUMENT_JOB_TYPE } });
    expect(jobs.map((job) => job.payload.documentId).sort()).toEqual(documents.map((document) => document!.id).sort());
    expect(await AuditLogEntry.count({ where: { companyId, action: "DOCUMENT_RECEIVED" } })).toBe(3);
  });

  it("the content decides the type, not the name: a PNG called .pdf is a PNG, text called .pdf is refused", async () => {
    const { actor, companyId } = await companyUser();
    const [png, fake] = await receiveDocuments(actor, companyId, [
      { fileName: "really-a-png.pdf", content: makePng() },
      { fileName: "invoice.pdf", content: makeFakePdf() },
    ], "UPLOAD");
    expect(png.ok && png.document.mimeType).toBe("image/png");
    expect(fake).toEqual({ ok: false, fileName: "invoice.pdf", message: DOCUMENT_MESSAGES.unsupported });
    expect(await countDocuments(companyId)).toBe(1);
  });

  it("refuses a file over 10,000,000 bytes, an encrypted PDF, a PDF with no page and an empty file: a message each, nothing stored", async () => {
    const { actor, companyId } = await companyUser();
    const big = Buffer.alloc(10_000_001, 0x20);
    big.write("%PDF-1.4\n", 0);
    const exactly = Buffer.concat([await makeBillPdf()]);
    const results = await receiveDocuments(actor, companyId, [
      { fileName: "big.pdf", content: big },
      { fileName: "locked.pdf", content: await makeEncryptedPdf() },
      { fileName: "empty-tree.pdf", content: makeZeroPagePdf() },
      { fileName: "nothing.pdf", content: Buffer.alloc(0) },
    ], "UPLOAD");
    expect(results).toEqual([
      { ok: false, fileName: "big.pdf", message: DOCUMENT_MESSAGES.tooLarge },
      { ok: false, fileName: "locked.pdf", message: inspectMessages.encrypted },
      { ok: false, fileName: "empty-tree.pdf", message: inspectMessages.noPages },
      { ok: false, fileName: "nothing.pdf", message: DOCUMENT_MESSAGES.empty },
    ]);
    expect(await countDocuments(companyId)).toBe(0);
    expect(await Job.count({ where: { companyId, type: PROCESS_DOCUMENT_JOB_TYPE } })).toBe(0);
    expect(await AuditLogEntry.count({ where: { companyId, action: "DOCUMENT_REFUSED" } })).toBe(4);
    // A file of exactly the limit's size would pass the size check (the limit is inclusive).
    expect(exactly.length).toBeLessThanOrEqual(10_000_000);
  });

  it("stores the same file once per company: the second intake answers the document already stored", async () => {
    const { actor, companyId } = await companyUser();
    const other = await companyUser();
    const content = await makeBillPdf();
    const [first] = await receiveDocuments(actor, companyId, [{ fileName: "a.pdf", content }], "UPLOAD");
    const [again] = await receiveDocuments(operatorFor(companyId), companyId, [{ fileName: "renamed.pdf", content: Buffer.from(content) }], "CLI");
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.duplicate).toBe(true);
    expect(again.document.id).toBe(first.document.id);
    expect(await countDocuments(companyId)).toBe(1);
    expect(await Job.count({ where: { companyId, type: PROCESS_DOCUMENT_JOB_TYPE } })).toBe(1);
    // Another company's copy of the same file is its own document.
    const [theirs] = await receiveDocuments(other.actor, other.companyId, [{ fileName: "a.pdf", content }], "UPLOAD");
    expect(theirs.ok && !theirs.duplicate && theirs.document.id !== first.document.id).toBe(true);
    // The same file twice in one upload is stored once.
    const twin = await makeBillPdf();
    const pair = await receiveDocuments(actor, companyId, [{ fileName: "x.pdf", content: twin }, { fileName: "y.pdf", content: twin }], "UPLOAD");
    expect(pair.map((result) => result.ok && result.duplicate)).toEqual([false, true]);
  });

  it("a user cannot send documents to another company (404), and no file or too many files are refused on the field", async () => {
    const { actor } = await companyUser();
    const other = await makeCompany();
    await expect(receiveDocuments(actor, other.id, [{ fileName: "a.pdf", content: await makeBillPdf() }], "UPLOAD")).rejects.toMatchObject({ status: 404 });
    expect(await countDocuments(other.id)).toBe(0);
    await expect(receiveDocuments(actor, actor.companyId!, [], "UPLOAD")).rejects.toMatchObject({ status: 422, details: { fieldErrors: { files: DOCUMENT_MESSAGES.noFile } } });
    const many = Array.from({ length: 21 }, (_, index) => ({ fileName: `${index}.png`, content: makePng() }));
    await expect(receiveDocuments(actor, actor.companyId!, many, "UPLOAD")).rejects.toMatchObject({ status: 422, details: { fieldErrors: { files: DOCUMENT_MESSAGES.tooManyFiles } } });
  });
});

describe("getDocument and listDocuments", () => {
  it("gives a company its own document and 404 for another company's id", async () => {
    const { actor, companyId } = await companyUser();
    const other = await companyUser();
    const [result] = await receiveDocuments(actor, companyId, [{ fileName: "mine.pdf", content: await makeBillPdf() }], "UPLOAD");
    if (!result.ok) throw new Error(result.message);
    const id = result.document.id;
    expect(await getDocument(companyId, id)).toMatchObject({ id, originalFileName: "mine.pdf", processingStatus: "QUEUED", reason: "Queued", pageCount: 0, lineItems: [] });
    await expect(getDocument(other.companyId, id)).rejects.toMatchObject({ status: 404, message: DOCUMENT_MESSAGES.notFound });
    await expect(getDocument(companyId, 2_147_483_647)).rejects.toMatchObject({ status: 404 });
    expect((await listDocuments(other.companyId)).documents).toEqual([]);
  });

  it("lists one company's documents of the asked statuses, newest first, a page at a time", async () => {
    const { actor, companyId } = await companyUser();
    const files = await Promise.all(Array.from({ length: 5 }, async (_, index) => ({ fileName: `bill-${index}.pdf`, content: await makeBillPdf() })));
    const results = await receiveDocuments(actor, companyId, files, "UPLOAD");
    const ids = results.map((result) => (result.ok ? result.document.id : 0));
    await BillDocument.update({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" }, { where: { id: ids.slice(0, 3) } });
    const variances = await listDocuments(companyId, { status: "VARIANCE", size: 10 });
    expect(variances.total).toBe(3);
    expect(variances.documents.map((document) => document.reason)).toEqual(["Variance Found", "Variance Found", "Variance Found"]);
    expect(variances.documents.map((document) => document.id)).toEqual([...ids.slice(0, 3)].reverse());
    const processing = await listDocuments(companyId, { status: ["QUEUED", "PROCESSING", "RETRY", "FAILED"], size: 10 });
    expect(processing.documents.map((document) => document.id)).toEqual([ids[4], ids[3]]);
    const all = await listDocuments(companyId, { size: 10 });
    expect(all.total).toBe(5);
    const page2 = await listDocuments(companyId, { page: 2, size: 10 });
    expect(page2.page).toBe(1); // past the end: the last page
    await expect(listDocuments(companyId, { status: "NOPE" as never })).rejects.toThrow();
  });
});

describe("the inbound address", () => {
  it("is <code>@bills.earlybird.test, unique per company, and names its company", async () => {
    const first = await makeCompany();
    const second = await makeCompany();
    const address = await getInboundAddress(first.id);
    expect(address).toMatch(/^[0-9a-f]{12}@bills\.earlybird\.test$/);
    expect(address).not.toBe(await getInboundAddress(second.id));
    expect(await findCompanyIdByInboundAddress(address)).toBe(first.id);
    expect(await findCompanyIdByInboundAddress(address.toUpperCase())).toBe(first.id);
    expect(await findCompanyIdByInboundAddress(address.replace("@", "+march@"))).toBe(first.id);
    expect(await findCompanyIdByInboundAddress("nobody1234@bills.earlybird.test")).toBeNull();
    expect(await findCompanyIdByInboundAddress(address.replace("bills.earlybird.test", "example.test"))).toBeNull();
  });
});

describe("the PROCESS_DOCUMENT job", () => {
  it("runs in the queue: the document leaves QUEUED with its text read and a review status", { timeout: 60_000 }, async () => {
    const { actor, companyId } = await companyUser();
    const [result] = await receiveDocuments(actor, companyId, [{ fileName: "bill.pdf", content: await makeBillPdf({ invoiceNumber: "INV-QUEUE-1" }) }], "UPLOAD");
    if (!result.ok) throw new Error(result.message);
    await runQueuedJobs({ companyId });
    const job = await Job.findOne({ where: { companyId, type: PROCESS_DOCUMENT_JOB_TYPE } });
    expect(job).toMatchObject({ status: "SUCCEEDED" });
    const document = await BillDocument.findByPk(result.document.id);
    expect(document!.textSource).toBe("PDF_TEXT");
    expect(document!.extractedText).toContain("INV-QUEUE-1");
    expect(["QUEUED", "PROCESSING", "RETRY", "FAILED"]).not.toContain(document!.processingStatus);
    expect(document!.processingAttempts).toBe(1);
    expect(await AuditLogEntry.count({ where: { companyId, action: "DOCUMENT_PROCESSED", entityId: String(result.document.id) } })).toBe(1);
  });
});

describe("the list's query plan", () => {
  let companyId: number;
  beforeAll(async () => {
    companyId = (await makeCompany()).id;
    const other = await makeCompany();
    // 20,000 documents of another company and 2,000 of this one, spread over the statuses, then ANALYZE.
    for (const [owner, rows] of [
      [other.id, 20_000],
      [companyId, 2_000],
    ] as const) {
      await sequelize.query(
        `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256, processing_status, created_at)
         SELECT $companyId::int, 'UPLOAD', 'bill-' || i || '.pdf', 'application/pdf', octet_length(convert_to(($companyId::int) || '-' || i, 'UTF8')),
                convert_to(($companyId::int) || '-' || i, 'UTF8'), encode(sha256(convert_to(($companyId::int) || '-' || i, 'UTF8')), 'hex'),
                (ARRAY['PENDING_REVIEW','VARIANCE','BLOCKED','UNMATCHED','PENDING_APPROVAL','QUEUED'])[1 + i % 6], now() - i * interval '1 minute'
           FROM generate_series(1, $rows::int) AS i`,
        { bind: { companyId: owner, rows } }
      );
    }
    await sequelize.query("ANALYZE bill_documents");
  }, 120_000);

  it("reads a review list's count and page through the index, never a Seq Scan on bill_documents", async () => {
    const statements = await captureReads(
      async () => {
        await listDocuments(companyId, { status: "VARIANCE", page: 3, size: 25 });
        await listDocuments(companyId, { status: ["QUEUED", "PROCESSING", "RETRY", "FAILED"], size: 25 });
      },
      (text) => /bill_documents/.test(text)
    );
    expect(statements.length).toBeGreaterThanOrEqual(4);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (const { text, values } of statements) {
        const plan = ((await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values)).rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan;
        const scans = nodes(plan).filter((node) => node["Relation Name"] === "bill_documents");
        expect(scans.length, text).toBeGreaterThan(0);
        expect(scans.map((node) => node["Node Type"]), text).not.toContain("Seq Scan");
      }
    } finally {
      await client.end();
    }
  });
});
