/**
 * Document matching against PostgreSQL (issue 16 parts 4-5; decisions D6; docs/decisions/044-document-matching.md):
 * every reason from real rows, the clean AUTOMATIC match that becomes a bill on /bills, the MANUAL one that waits for a
 * person, scoping by company, idempotence, and the DOCUMENTS_REMATCH job (a document waiting for its PO matches when
 * the PO arrives).
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, BillDocument, BillDocumentReview, CompanySettings, Counterparty, EntityPreferences, FeatureFlag, Invoice, Job } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { listBills } from "../../app/modules/invoices/list.server";
import { parseListQuery } from "../../app/modules/invoices/filters";
import { MATCH_REASON_LABELS, matchReasonLabel } from "../../app/modules/matching/rules";
import {
  DOCUMENTS_REMATCH_JOB_TYPE,
  enqueueDocumentsRematch,
  matchDocument,
  matchDocuments,
  rematchCompanyDocuments,
  runDocumentsRematch,
} from "../../app/modules/matching/service.server";
import { QUEUED_JOB_KINDS } from "../../jobs/registry";
import { getBillDetails } from "../../app/modules/invoices/bill-details.server";
import { actorOf, makeBill, makeCompany, makeSupplierLink, makeUser } from "../support/factories";
import { makeMatchingBuyer, makePurchaseOrder, makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

const today = todayIn("NZ");
const issueDate = addDays(today, -3);
let seq = 0;
const poNumber = () => `PO-${process.pid}-${++seq}`;

/** A buyer (AUTOMATIC unless told), its supplier, an OPEN order of $100.00 and a clean document for it. */
async function world(options: Parameters<typeof makeMatchingBuyer>[0] = {}) {
  const made = await makeMatchingBuyer(options);
  const orderNumber = poNumber();
  const order = await makePurchaseOrder(made.buyer.id, { orderNumber, amount: 10_000, supplierCompanyId: made.supplier.id });
  const fields = { supplierName: made.supplier.companyName, invoiceNumber: `INV-${seq}`, orderNumber, issueDate, amount: 10_000 as Cents };
  return { ...made, order, orderNumber, fields };
}

async function matched(documentId: number) {
  await matchDocument(documentId);
  return (await BillDocument.findByPk(documentId))!;
}

describe("matchDocument: a clean match", () => {
  it("in the AUTOMATIC queue becomes an AUTHORISED bill on /bills, linked both ways, auto processed, reviewed AUTO_PROCESS", async () => {
    const { buyer, supplier, link, order, fields } = await world();
    const user = await makeUser({ company: buyer });
    const document = await makeReadDocument(buyer.id, fields);

    const done = await matched(document.id);
    expect(done).toMatchObject({
      matchStatus: "MATCHED",
      processingStatus: "AUTHORISED",
      processingQueue: "AUTOMATIC",
      counterpartyId: link.id,
      purchaseOrderId: order.id,
      posAmount: 10_000,
      autoProcessed: true,
      authorisedAmount: 10_000,
      authorisedByUserId: null,
    });
    expect(done.authorisedAt).toBeInstanceOf(Date);
    const bill = (await Invoice.findByPk(done.invoiceId!))!;
    expect(bill).toMatchObject({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: buyer.id,
      invoiceNumber: fields.invoiceNumber,
      orderNumber: fields.orderNumber,
      issueDate,
      total: 10_000,
      loadedBy: "RIPE",
      ripeBillDocumentId: document.id,
    });
    const reviews = await BillDocumentReview.findAll({ where: { documentId: document.id } });
    expect(reviews.map((review) => [review.action, review.fromStatus, review.toStatus, review.userId])).toEqual([["AUTO_PROCESS", "PROCESSING", "AUTHORISED", null]]);
    expect(await AuditLogEntry.count({ where: { companyId: buyer.id, action: "bill.create", entityId: String(bill.id) } })).toBe(1);

    // On /bills like any bill (the bills list service), carrying its document.
    const page = await listBills({ ...actorOf(user), companyId: buyer.id }, parseListQuery(new URLSearchParams("tab=bills&size=100"), { type: "BILL" }).query);
    expect(page.rows.find((row) => row.id === bill.id)).toMatchObject({ ripeBillDocumentId: document.id, autoProcessed: true, fromDocument: true });
    // Its Bill Details say so too; a bill added by hand is not marked.
    expect(await getBillDetails({ ...actorOf(user), companyId: buyer.id }, bill.id)).toMatchObject({ id: bill.id, autoProcessed: true });
    const byHand = await makeBill(buyer.id, supplier, 10_000, 30);
    const again = await listBills({ ...actorOf(user), companyId: buyer.id }, parseListQuery(new URLSearchParams("tab=bills&size=100"), { type: "BILL" }).query);
    expect(again.rows.find((row) => row.id === byHand.id)).toMatchObject({ ripeBillDocumentId: null, autoProcessed: false, fromDocument: false });
    expect(await getBillDetails({ ...actorOf(user), companyId: buyer.id }, byHand.id)).toMatchObject({ autoProcessed: false });
  });

  it("is idempotent: matching an authorised document again changes nothing", async () => {
    const { buyer, fields } = await world();
    const document = await makeReadDocument(buyer.id, fields);
    const first = await matched(document.id);
    const again = await matched(document.id);
    expect(again.updatedAt).toEqual(first.updatedAt);
    expect(await Invoice.count({ where: { ripeBillDocumentId: document.id } })).toBe(1);
    expect(await BillDocumentReview.count({ where: { documentId: document.id } })).toBe(1);
    expect(await matchDocuments(buyer.id, [document.id])).toEqual([]);
  });

  it("in the MANUAL queue (the counterparty's, over the company's AUTOMATIC) waits for approval, with no bill", async () => {
    const { buyer, link, fields } = await world();
    await Counterparty.update({ defaultProcessingQueue: "MANUAL" }, { where: { id: link.id } });
    const document = await makeReadDocument(buyer.id, fields);
    const done = await matched(document.id);
    expect(done).toMatchObject({ matchStatus: "MATCHED", processingStatus: "PENDING_APPROVAL", processingQueue: "MANUAL", invoiceId: null, autoProcessed: false });
    expect(await Invoice.count({ where: { ripeBillDocumentId: document.id } })).toBe(0);
    const [review] = await BillDocumentReview.findAll({ where: { documentId: document.id } });
    expect(review).toMatchObject({ action: "MATCH", fromStatus: "PROCESSING", toStatus: "PENDING_APPROVAL", details: { matchStatus: "MATCHED" } });
    // Pending approval is a person's list now: matching again leaves it alone.
    expect(await matchDocuments(buyer.id, [document.id])).toEqual([]);
    expect(await BillDocumentReview.count({ where: { documentId: document.id } })).toBe(1);
  });

  it("runs inside the caller's transaction that holds the document (the processing job's), committing with it", async () => {
    const { buyer, fields } = await world();
    const document = await makeReadDocument(buyer.id, fields);
    await sequelize.transaction(async (t) => {
      await BillDocument.findByPk(document.id, { transaction: t, lock: t.LOCK.UPDATE });
      await matchDocument(document.id, { transaction: t });
    });
    expect((await BillDocument.findByPk(document.id))!.processingStatus).toBe("AUTHORISED");
  });

  it("with a company queue MANUAL and no counterparty queue goes to pending approval too", async () => {
    const { buyer, fields } = await world({ queue: "MANUAL" });
    expect((await matched((await makeReadDocument(buyer.id, fields)).id)).processingStatus).toBe("PENDING_APPROVAL");
  });
});

describe("matchDocument: each reason from real rows", () => {
  const expectReason = async (documentId: number, matchStatus: string, processingStatus: string) => {
    const done = await matched(documentId);
    expect({ matchStatus: done.matchStatus, processingStatus: done.processingStatus, invoiceId: done.invoiceId }).toEqual({ matchStatus, processingStatus, invoiceId: null });
    expect(matchReasonLabel(done.matchStatus as keyof typeof MATCH_REASON_LABELS)).toBe(MATCH_REASON_LABELS[matchStatus as keyof typeof MATCH_REASON_LABELS]);
    return done;
  };

  it("INVOICE_DETAILS_MISSING: no amount read (Blocked)", async () => {
    const { buyer, fields } = await world();
    await expectReason((await makeReadDocument(buyer.id, { ...fields, amount: null })).id, "INVOICE_DETAILS_MISSING", "BLOCKED");
  });

  it("ORDER_NOT_FOUND_OCR: no order number read (Pending review)", async () => {
    const { buyer, fields } = await world();
    const done = await expectReason((await makeReadDocument(buyer.id, { ...fields, orderNumber: null })).id, "ORDER_NOT_FOUND_OCR", "PENDING_REVIEW");
    expect(done.posAmount).toBeNull();
  });

  it("ORDER_NOT_FOUND_GPOS: no such order for the buyer, another company's order of that number included", async () => {
    const { buyer, supplier, fields } = await world();
    const other = await makeCompany();
    const number = poNumber();
    await makePurchaseOrder(other.id, { orderNumber: number, amount: 10_000, supplierCompanyId: supplier.id });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, orderNumber: number })).id, "ORDER_NOT_FOUND_GPOS", "PENDING_REVIEW");
  });

  it("ORDER_NOT_FOUND_GPOS: the buyer's order of that number is another supplier's", async () => {
    const { buyer, fields } = await world();
    const stranger = await makeCompany();
    const number = poNumber();
    await makePurchaseOrder(buyer.id, { orderNumber: number, amount: 10_000, supplierCompanyId: stranger.id });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, orderNumber: number })).id, "ORDER_NOT_FOUND_GPOS", "PENDING_REVIEW");
  });

  it("matches an order number read with other spacing and case", async () => {
    const { buyer, fields, orderNumber } = await world();
    const done = await matched((await makeReadDocument(buyer.id, { ...fields, orderNumber: ` ${orderNumber.toLowerCase().replace("-", "- ")} ` })).id);
    expect(done.matchStatus).toBe("MATCHED");
  });

  it("STATUS_MISMATCH: the order is CLOSED and nothing was billed against it (Pending review)", async () => {
    const { buyer, supplier, fields } = await world();
    const number = poNumber();
    await makePurchaseOrder(buyer.id, { orderNumber: number, amount: 10_000, supplierCompanyId: supplier.id, status: "CLOSED" });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, orderNumber: number })).id, "STATUS_MISMATCH", "PENDING_REVIEW");
  });

  it("ALREADY_CLOSED: the order is CLOSED and a bill was raised against it (Blocked)", async () => {
    const { buyer, supplier, fields } = await world();
    const number = poNumber();
    await makePurchaseOrder(buyer.id, { orderNumber: number, amount: 10_000, supplierCompanyId: supplier.id, status: "CLOSED" });
    await Invoice.create({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: buyer.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: buyer.companyName,
      invoiceNumber: "EARLIER-1",
      orderNumber: number,
      dueDate: addDays(today, 10),
      total: 10_000,
    });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, orderNumber: number })).id, "ALREADY_CLOSED", "BLOCKED");
  });

  it("AMOUNT_OVER / AMOUNT_UNDER beyond the default $5 tolerance (Variance), with the order's amount kept", async () => {
    const { buyer, fields } = await world();
    const within = await matched((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "W-1", amount: 10_500 })).id);
    expect(within.matchStatus).toBe("MATCHED");
    const over = await expectReason((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "O-1", amount: 10_501 })).id, "AMOUNT_OVER", "VARIANCE");
    expect(over.posAmount).toBe(10_000);
    await expectReason((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "U-1", amount: 9_499 })).id, "AMOUNT_UNDER", "VARIANCE");
  });

  it("reads the company's tolerance (company_settings.authorisation_tolerance, dollars)", async () => {
    const { buyer, fields } = await world({ toleranceCents: 2_000 });
    expect((await matched((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "T-1", amount: 11_900 })).id)).matchStatus).toBe("MATCHED");
    await CompanySettings.update({ authorisationTolerance: 0 }, { where: { companyId: buyer.id } });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "T-2", amount: 10_001 })).id, "AMOUNT_OVER", "VARIANCE");
  });

  it("CONTACT_NOT_FOUND: the supplier is not the buyer's counterparty (another company's counterparty does not count)", async () => {
    const { buyer, fields } = await world();
    const elsewhere = await makeCompany({ companyName: `Elsewhere ${seq} Ltd` });
    await makeSupplierLink(await makeCompany(), elsewhere);
    await expectReason((await makeReadDocument(buyer.id, { ...fields, supplierName: elsewhere.companyName })).id, "CONTACT_NOT_FOUND", "BLOCKED");
  });

  it("finds the counterparty whatever the case, spacing, punctuation or Ltd/Limited", async () => {
    const { buyer, supplier, fields } = await world({ supplierName: `Harbour Test ${Date.now()} Ltd` });
    const spelt = supplier.companyName.replace(/ Ltd$/, "  LIMITED").toUpperCase();
    expect((await matched((await makeReadDocument(buyer.id, { ...fields, supplierName: spelt })).id)).matchStatus).toBe("MATCHED");
  });

  it("POTENTIAL_DUPLICATE: the same supplier, number and amount as a bill, or as an earlier document (Blocked)", async () => {
    const { buyer, fields } = await world();
    const first = await matched((await makeReadDocument(buyer.id, fields)).id);
    expect(first.processingStatus).toBe("AUTHORISED");
    await expectReason((await makeReadDocument(buyer.id, fields)).id, "POTENTIAL_DUPLICATE", "BLOCKED");

    // Two documents decided in one batch: the later one is the duplicate.
    const other = await world({ queue: "MANUAL" });
    const a = await makeReadDocument(other.buyer.id, other.fields);
    const b = await makeReadDocument(other.buyer.id, other.fields);
    const outcomes = await matchDocuments(other.buyer.id, [b.id, a.id]);
    expect(outcomes.map((outcome) => [outcome.documentId, outcome.matchStatus])).toEqual([
      [a.id, "MATCHED"],
      [b.id, "POTENTIAL_DUPLICATE"],
    ]);
  });

  it("EXPIRED: the issue date is in the company's locked period, or the counterparty's when counterparty locks are on (Blocked)", async () => {
    const { buyer, fields } = await world({ lockDate: "2026-01-31" });
    await expectReason((await makeReadDocument(buyer.id, { ...fields, issueDate: "2026-01-15" })).id, "EXPIRED", "BLOCKED");

    const second = await world();
    await Counterparty.update({ periodLockDate: "2026-01-31" }, { where: { id: second.link.id } });
    const early = { ...second.fields, issueDate: "2026-01-20" };
    // Counterparty locks off: the counterparty's date does not apply.
    expect((await matched((await makeReadDocument(second.buyer.id, { ...early, invoiceNumber: "E-1" })).id)).matchStatus).toBe("MATCHED");
    await FeatureFlag.upsert({ name: "counterpartyPeriodLock", enabled: true } as never);
    await CompanySettings.update({ isCounterpartyPeriodLockEnabled: true }, { where: { companyId: second.buyer.id } });
    await expectReason((await makeReadDocument(second.buyer.id, { ...early, invoiceNumber: "E-2" })).id, "EXPIRED", "BLOCKED");
  });

  it("leaves a document of another status (pending approval chosen by a person, deleted) or locked by a reviewer alone", async () => {
    const { buyer, fields } = await world();
    const user = await makeUser({ company: buyer });
    const locked = await makeReadDocument(buyer.id, fields, "PENDING_REVIEW");
    await locked.update({ lockedByUserId: user.id, lockedAt: new Date() });
    expect(await matchDocuments(buyer.id, [locked.id])).toEqual([]);
    // Another company id never decides the document.
    const stranger = await makeCompany();
    const free = await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "S-1" });
    expect(await matchDocuments(stranger.id, [free.id])).toEqual([]);
    expect((await BillDocument.findByPk(free.id))!.processingStatus).toBe("PROCESSING");
  });
});

describe("DOCUMENTS_REMATCH", () => {
  it("is a registered queued kind", () => {
    expect(QUEUED_JOB_KINDS[DOCUMENTS_REMATCH_JOB_TYPE]).toMatchObject({ retry: true });
  });

  it("matches a document waiting for its PO once the PO arrives (and RETRY documents are matched again)", async () => {
    const { buyer, supplier, fields } = await world();
    const later = poNumber();
    const waiting = await matched((await makeReadDocument(buyer.id, { ...fields, orderNumber: later })).id);
    expect(waiting).toMatchObject({ matchStatus: "ORDER_NOT_FOUND_GPOS", processingStatus: "PENDING_REVIEW" });
    // A document sent for review after its amount was corrected.
    const corrected = await makeReadDocument(buyer.id, { ...fields, invoiceNumber: "R-1", amount: 10_200 }, "RETRY");
    // Another company's waiting document is not this job's.
    const other = await world();
    const elsewhere = await matched((await makeReadDocument(other.buyer.id, { ...other.fields, orderNumber: later })).id);

    await makePurchaseOrder(buyer.id, { orderNumber: later, amount: 10_000, supplierCompanyId: supplier.id });
    const job = await enqueueDocumentsRematch(buyer.id);
    expect(job).toMatchObject({ type: "DOCUMENTS_REMATCH", payload: { companyId: buyer.id }, companyId: buyer.id });
    const done = await runDocumentsRematch(job.id);
    expect(done).toMatchObject({ status: "SUCCEEDED", progress: 100, result: { companyId: buyer.id, total: 2, changed: 2, authorised: 2 } });

    const now = (await BillDocument.findByPk(waiting.id))!;
    expect(now).toMatchObject({ matchStatus: "MATCHED", processingStatus: "AUTHORISED", autoProcessed: true });
    expect(await Invoice.count({ where: { ripeBillDocumentId: waiting.id } })).toBe(1);
    expect((await BillDocument.findByPk(corrected.id))!.processingStatus).toBe("AUTHORISED");
    expect((await BillDocument.findByPk(elsewhere.id))!.matchStatus).toBe("ORDER_NOT_FOUND_GPOS");
    expect(await Job.count({ where: { type: "DOCUMENTS_REMATCH", companyId: buyer.id } })).toBe(1);

    // A second run finds nothing left to do.
    expect(await rematchCompanyDocuments(buyer.id)).toEqual({ companyId: buyer.id, total: 0, changed: 0, authorised: 0 });
  });

  it("works in batches and leaves documents still waiting unchanged", async () => {
    const { buyer, fields } = await world();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await matched((await makeReadDocument(buyer.id, { ...fields, invoiceNumber: `B-${i}`, orderNumber: `NOPE-${i}` })).id)).id);
    const reviewsBefore = await BillDocumentReview.count({ where: { documentId: ids } });
    const progress: number[] = [];
    const result = await rematchCompanyDocuments(buyer.id, { batchSize: 2, onProgress: (percent) => void progress.push(percent) });
    expect(result).toEqual({ companyId: buyer.id, total: 5, changed: 0, authorised: 0 });
    expect(progress).toEqual([40, 80, 99]);
    expect(await BillDocumentReview.count({ where: { documentId: ids } })).toBe(reviewsBefore);
  });

  it("does not take a RETRY document whose fields were never read (the processing job's)", async () => {
    const { buyer, fields } = await world();
    const unread = await makeReadDocument(buyer.id, fields, "RETRY");
    await unread.update({ textSource: null, extractedText: null });
    expect((await rematchCompanyDocuments(buyer.id)).total).toBe(0);
    expect((await EntityPreferences.findOne({ where: { companyId: buyer.id } }))!.defaultProcessingQueue).toBe("AUTOMATIC");
  });
});
