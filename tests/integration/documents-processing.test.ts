/**
 * The PROCESS_DOCUMENT job's own work (issue 16 part 5), with the extraction and the matching replaced by stand-ins
 * (the real ones are other modules with tests of their own): what it stores from an extraction, that it calls the
 * matching after, and its failures: RETRY while attempts remain, FAILED with processing_error after the last.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument, BillDocumentLineItem, BillDocumentPage, Job } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { receiveDocuments } from "../../app/modules/documents/service.server";
import { runProcessDocument, type ProcessingSteps } from "../../app/modules/documents/processing.server";
import type { Extraction } from "../../app/modules/documents/pipeline-ports.server";
import { PROCESS_DOCUMENT_JOB_TYPE } from "../../app/modules/documents/rules";
import { actorOf, makeUser } from "../support/factories";
import { makeBillPdf, makePng } from "../support/document-factories";

afterAll(() => sequelize.close());

const field = <T,>(value: T, confidence = 0.9) => ({ value, confidence });

const EXTRACTION: Extraction = {
  textSource: "OCR",
  text: "Tax Invoice\u0000 Kiwi Supplies Ltd INV-77 PO-1001 Total $115.00",
  ocrConfidencePercent: 87.456,
  pages: [
    { index: 0, png: makePng(), text: "page one" },
    { index: 1, png: makePng(), text: "page two" },
  ],
  fields: {
    supplierName: field("Kiwi Supplies Ltd"),
    invoiceNumber: field("INV-77"),
    orderNumber: field("PO-1001"),
    issueDate: field("2026-11-12"),
    dueDate: field("2026-12-20"),
    amountCents: field(11_500),
    lineItems: field([
      { description: "Apples", amountCents: 10_000 },
      { description: "Freight", amountCents: 1_500 },
    ]),
  },
};

async function storedDocument() {
  const user = await makeUser();
  const [result] = await receiveDocuments(actorOf(user), user.companyId!, [{ fileName: "bill.pdf", content: await makeBillPdf() }], "UPLOAD");
  if (!result.ok) throw new Error(result.message);
  const job = await Job.findOne({ where: { companyId: user.companyId!, type: PROCESS_DOCUMENT_JOB_TYPE } });
  return { documentId: result.document.id, jobId: job!.id, companyId: user.companyId! };
}

describe("runProcessDocument", () => {
  it("stores the text, confidence, page images, fields and line items, then calls the matching while PROCESSING", async () => {
    const { documentId, jobId, companyId } = await storedDocument();
    const seen: string[] = [];
    const steps: ProcessingSteps = {
      extract: async (input) => {
        seen.push(`extract ${input.mimeType} ${input.companyId === companyId} ${input.content.length > 0}`);
        expect((await BillDocument.findByPk(documentId))!.processingStatus).toBe("PROCESSING");
        return EXTRACTION;
      },
      match: async (id) => {
        seen.push(`match ${id}`);
        await BillDocument.update({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" }, { where: { id } });
      },
    };
    const job = await runProcessDocument(jobId, {}, steps);
    expect(job).toMatchObject({ status: "SUCCEEDED", result: { documentId, skipped: false, processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" } });
    expect(seen).toEqual(["extract application/pdf true true", `match ${documentId}`]);
    const document = await BillDocument.findByPk(documentId);
    expect(document).toMatchObject({
      textSource: "OCR",
      extractedText: "Tax Invoice Kiwi Supplies Ltd INV-77 PO-1001 Total $115.00",
      ocrConfidencePercent: "87.46",
      supplierName: "Kiwi Supplies Ltd",
      invoiceNumber: "INV-77",
      orderNumber: "PO-1001",
      dateIssue: "2026-11-12",
      dueDate: "2026-12-20",
      invoiceAmount: 11_500,
      processingAttempts: 1,
      processingError: null,
    });
    expect(document!.processedAt).toBeInstanceOf(Date);
    const pages = await BillDocumentPage.findAll({ where: { documentId }, order: [["pageIndex", "ASC"]] });
    expect(pages.map((page) => [page.pageIndex, page.mimeType, page.text, page.content.subarray(1, 4).toString()])).toEqual([
      [0, "image/png", "page one", "PNG"],
      [1, "image/png", "page two", "PNG"],
    ]);
    const items = await BillDocumentLineItem.findAll({ where: { documentId }, order: [["lineIndex", "ASC"]] });
    expect(items.map((item) => [item.lineIndex, item.description, item.amount])).toEqual([
      [0, "Apples", 10_000],
      [1, "Freight", 1_500],
    ]);
  });

  it("a thrown error leaves the document in RETRY for the jobs module's next attempt, and FAILED with processing_error after the last", async () => {
    const { documentId, jobId } = await storedDocument();
    const failing: ProcessingSteps = {
      extract: async () => {
        throw new Error("tesseract worker crashed");
      },
      match: async () => {
        throw new Error("not reached");
      },
    };
    const first = await runProcessDocument(jobId, { maxAttempts: 2 }, failing);
    expect(first.status).toBe("QUEUED");
    expect(await BillDocument.findByPk(documentId)).toMatchObject({ processingStatus: "RETRY", processingError: "Something went wrong", processingAttempts: 1 });
    await Job.update({ runAfter: null }, { where: { id: jobId } });
    await expect(runProcessDocument(jobId, { maxAttempts: 2 }, failing)).rejects.toThrow("tesseract worker crashed");
    expect(await Job.findByPk(jobId)).toMatchObject({ status: "FAILED", attempts: 2 });
    expect(await BillDocument.findByPk(documentId)).toMatchObject({ processingStatus: "FAILED", processingError: "Something went wrong", processingAttempts: 2 });
  });

  it("an AppError is final at once, its message kept as processing_error", async () => {
    const { documentId, jobId } = await storedDocument();
    const steps: ProcessingSteps = {
      extract: async () => {
        throw new AppError(422, "The page images could not be made");
      },
      match: async () => {},
    };
    await expect(runProcessDocument(jobId, { maxAttempts: 5 }, steps)).rejects.toThrow("The page images could not be made");
    expect(await BillDocument.findByPk(documentId)).toMatchObject({ processingStatus: "FAILED", processingError: "The page images could not be made" });
  });

  it("skips a document no longer waiting (deleted), and re-matches an edited document sent back without reading it again", async () => {
    const deleted = await storedDocument();
    await BillDocument.update({ processingStatus: "DELETED", deletedAt: new Date() }, { where: { id: deleted.documentId } });
    const never: ProcessingSteps = {
      extract: async () => {
        throw new Error("must not read");
      },
      match: async () => {
        throw new Error("must not match");
      },
    };
    expect(await runProcessDocument(deleted.jobId, {}, never)).toMatchObject({ status: "SUCCEEDED", result: { skipped: true, processingStatus: "DELETED" } });

    const edited = await storedDocument();
    await BillDocument.update(
      { processingStatus: "RETRY", edited: true, textSource: "PDF_TEXT", extractedText: "read before", invoiceNumber: "FIXED-1" },
      { where: { id: edited.documentId } }
    );
    let matched = 0;
    const job = await runProcessDocument(edited.jobId, {}, {
      extract: never.extract,
      match: async (id) => {
        matched += 1;
        await BillDocument.update({ processingStatus: "PENDING_REVIEW", matchStatus: "ORDER_NOT_FOUND_GPOS" }, { where: { id } });
      },
    });
    expect(job.status).toBe("SUCCEEDED");
    expect(matched).toBe(1);
    expect(await BillDocument.findByPk(edited.documentId)).toMatchObject({ invoiceNumber: "FIXED-1", extractedText: "read before", processingStatus: "PENDING_REVIEW" });
  });
});
