/**
 * The review actions against PostgreSQL (issue 17 parts 4-5; spec part 3 §4.1, §5, §8; decision 047): each action's
 * state change, review row and message, the refusal without the lock, the refusals of actions a type does not offer,
 * the authorised amount's errors in order, authorise's idempotency (a double click, two users at once), batch delete,
 * edits (field errors, GL allocation reset, re-matching) and scoping to the actor's company.
 */
import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument, BillDocumentLineItem, CompanySettings } from "../../db/models/index";
import { AppError, fieldErrorsOf } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { matchDocuments } from "../../app/modules/matching/service.server";
import { lockDocument, unlockDocument } from "../../app/modules/review/locking.server";
import { REVIEW_MESSAGES } from "../../app/modules/review/rules";
import {
  authoriseDocument,
  confirmDocument,
  deleteDocument,
  deleteDocuments,
  editDocument,
  sendForReview,
  sendToPendingApproval,
  setEditing,
} from "../../app/modules/review/service.server";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { makeMatchingBuyer, makePurchaseOrder, makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

const c = (value: number) => value as Cents;

/** A MANUAL buyer ($5 tolerance) with two users, its supplier, and an order PO-n of $100 from that supplier. */
async function world() {
  const { buyer, supplier, link } = await makeMatchingBuyer({ queue: "MANUAL" });
  const alice = actorOf(await makeUser({ company: buyer, firstName: "Alice", lastName: "Holder" }));
  const bob = actorOf(await makeUser({ company: buyer, firstName: "Bob", lastName: "Second" }));
  const orderNumber = `PO-${crypto.randomInt(1e6)}`;
  const order = await makePurchaseOrder(buyer.id, { orderNumber, amount: c(10_000), supplierCompanyId: supplier.id });
  /** A read document of the supplier against the order, decided by matching (and locked by `lockFor` when given). */
  const document = async (amount: Cents, fields: { orderNumber?: string | null; supplierName?: string } = {}) => {
    const doc = await makeReadDocument(buyer.id, {
      supplierName: fields.supplierName ?? supplier.companyName,
      orderNumber: fields.orderNumber === undefined ? orderNumber : fields.orderNumber,
      issueDate: "2026-11-01",
      amount,
    });
    await matchDocuments(buyer.id, [doc.id]);
    await doc.reload();
    return doc;
  };
  return { buyer, supplier, link, alice, bob, order, orderNumber, document };
}

async function rejection(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a rejection");
}

async function reviewsOf(documentId: number) {
  return sequelize.query<{ action: string; from_status: string; to_status: string; user_id: number | null; details: Record<string, unknown> }>(
    `SELECT action, from_status, to_status, user_id, details FROM bill_document_reviews WHERE document_id = :documentId AND action NOT IN ('MATCH','AUTO_PROCESS') ORDER BY id`,
    { type: QueryTypes.SELECT, replacements: { documentId } }
  );
}

async function billsOf(documentId: number) {
  return sequelize.query<{
    id: number;
    total: string;
    loaded_by: string;
    ripe_bill_document_id: number;
    invoice_number: string;
    issued_by: number;
    issued_for: number;
  }>(
    `SELECT id, total::text, loaded_by, ripe_bill_document_id, invoice_number, issued_by, issued_for FROM invoices WHERE ripe_bill_document_id = :documentId`,
    { type: QueryTypes.SELECT, replacements: { documentId } }
  );
}

async function auditsOf(documentId: number) {
  const rows = await sequelize.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_type = 'bill_document' AND entity_id = :id ORDER BY id`, {
    type: QueryTypes.SELECT,
    replacements: { id: String(documentId) },
  });
  return rows.map((row) => row.action);
}

describe("the lock and the company", () => {
  it("refuses every action without the actor's lock (400 needs lock) and another company's document (404)", async () => {
    const { alice, bob, document } = await world();
    const doc = await document(c(12_000));
    expect(doc.processingStatus).toBe("VARIANCE");
    for (const run of [
      () => authoriseDocument(alice, doc.id, { authorisedAmount: c(10_000) }),
      () => confirmDocument(alice, doc.id),
      () => sendForReview(alice, doc.id),
      () => sendToPendingApproval(alice, doc.id),
      () => deleteDocument(alice, doc.id),
      () => editDocument(alice, doc.id, { userNotes: "x" }),
      () => setEditing(alice, doc.id, true),
    ]) {
      const error = await rejection(run);
      expect(error.status).toBe(400);
      expect(error.message).toBe("Document needs to be locked, before any changes are permitted");
    }
    // Bob's lock does not let Alice act.
    await lockDocument(bob, doc.id);
    expect((await rejection(() => deleteDocument(alice, doc.id))).message).toBe(REVIEW_MESSAGES.needsLock);

    const other = await makeCompany();
    const stranger = actorOf(await makeUser({ company: other }));
    const error = await rejection(() => deleteDocument(stranger, doc.id));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Document not found");
    expect(await reviewsOf(doc.id)).toEqual([]);
  });
});

describe("authoriseDocument (p3 §4.1, §5)", () => {
  it("checks the amount in order with a field error and writes nothing, then writes the AUTHORISED bill once", async () => {
    const { alice, supplier, buyer, document } = await world();
    const doc = await document(c(12_000));
    expect(doc.processingStatus).toBe("VARIANCE");
    await lockDocument(alice, doc.id);

    const cases: [Cents | null, string][] = [
      [null, "Authorised amount is required"],
      [c(Number.NaN), "Authorised amount is required"],
      [c(100.5), "Authorised amount is required"],
      [c(0), "Authorised amount should be greater than 0"],
      [c(-100), "Authorised amount should be greater than 0"],
      // The ceiling of a variance is the order's amount plus the tolerance: $100 + $5.
      [c(10_501), "Authorised amount should not be greater than $105.00"],
    ];
    for (const [amount, message] of cases) {
      const error = await rejection(() => authoriseDocument(alice, doc.id, { authorisedAmount: amount }));
      expect(error.status).toBe(422);
      expect(fieldErrorsOf(error)).toEqual({ authorisedAmount: message });
    }
    expect(await billsOf(doc.id)).toEqual([]);
    expect(await reviewsOf(doc.id)).toEqual([]);

    const result = await authoriseDocument(alice, doc.id, { authorisedAmount: c(10_500) });
    expect(result.message).toBe(REVIEW_MESSAGES.authorised);
    expect(result.document).toMatchObject({
      processingStatus: "AUTHORISED",
      authorisedAmount: 10_500,
      authorisedByUserId: alice.userId,
      autoProcessed: false,
      invoiceId: result.invoiceId,
      invoiceAmount: 12_000,
    });
    expect(result.document.authorisedAt).not.toBeNull();
    const bills = await billsOf(doc.id);
    expect(bills).toEqual([
      {
        id: result.invoiceId,
        total: "105.00",
        loaded_by: "RIPE",
        ripe_bill_document_id: doc.id,
        invoice_number: doc.invoiceNumber,
        issued_by: supplier.id,
        issued_for: buyer.id,
      },
    ]);
    expect(await reviewsOf(doc.id)).toEqual([
      {
        action: "AUTHORISE",
        from_status: "VARIANCE",
        to_status: "AUTHORISED",
        user_id: alice.userId,
        details: { invoiceId: result.invoiceId, authorisedAmount: 10_500, invoiceAmount: 12_000 },
      },
    ]);
    expect(await auditsOf(doc.id)).toContain("document.authorise");

    // The double click: the same bill, nothing written.
    const again = await authoriseDocument(alice, doc.id, { authorisedAmount: c(10_000) });
    expect(again.invoiceId).toBe(result.invoiceId);
    expect(again.document.authorisedAmount).toBe(10_500);
    expect(await billsOf(doc.id)).toHaveLength(1);
    expect(await reviewsOf(doc.id)).toHaveLength(1);
    // And no other action on an authorised document, delete included.
    expect((await rejection(() => deleteDocument(alice, doc.id))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);
  });

  it("PENDING_APPROVAL authorises the invoice amount whatever is sent", async () => {
    const { alice, document } = await world();
    const doc = await document(c(10_000));
    expect(doc.processingStatus).toBe("PENDING_APPROVAL");
    await lockDocument(alice, doc.id);
    const result = await authoriseDocument(alice, doc.id, { authorisedAmount: c(1) });
    expect(result.document).toMatchObject({ processingStatus: "AUTHORISED", authorisedAmount: 10_000 });
    expect((await billsOf(doc.id))[0].total).toBe("100.00");
  });

  it("of two users at once, the lock holder authorises and the other gets the lock error; one bill", async () => {
    const { alice, bob, document } = await world();
    const doc = await document(c(11_000));
    expect(doc.processingStatus).toBe("VARIANCE");
    await lockDocument(alice, doc.id);
    const [first, second] = await Promise.allSettled([
      authoriseDocument(alice, doc.id, { authorisedAmount: c(10_200) }),
      authoriseDocument(bob, doc.id, { authorisedAmount: c(10_200) }),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("rejected");
    if (second.status === "rejected") expect((second.reason as AppError).message).toBe(REVIEW_MESSAGES.needsLock);
    // Alice's double click, concurrently twice more: still one bill.
    await Promise.all([authoriseDocument(alice, doc.id, { authorisedAmount: c(10_200) }), authoriseDocument(alice, doc.id, { authorisedAmount: c(10_200) })]);
    expect(await billsOf(doc.id)).toHaveLength(1);
  });

  it("a bill number the supplier used since matching: 409, nothing written", async () => {
    const { alice, buyer, supplier, document } = await world();
    const doc = await document(c(11_000));
    await sequelize.query(
      `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total)
       VALUES ('BILL', :supplier, :buyer, 'Supplier', 'Buyer', :number, current_date + 30, 110)`,
      { replacements: { supplier: supplier.id, buyer: buyer.id, number: doc.invoiceNumber } }
    );
    await lockDocument(alice, doc.id);
    const error = await rejection(() => authoriseDocument(alice, doc.id, { authorisedAmount: c(10_000) }));
    expect(error.status).toBe(409);
    expect(await billsOf(doc.id)).toEqual([]);
    expect(await reviewsOf(doc.id)).toEqual([]);
    expect((await BillDocument.findByPk(doc.id))!.processingStatus).toBe("VARIANCE");
  });

  it("refuses a type that offers no authorise", async () => {
    const { alice, document } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    expect(doc.processingStatus).toBe("PENDING_REVIEW");
    await lockDocument(alice, doc.id);
    const error = await rejection(() => authoriseDocument(alice, doc.id, { authorisedAmount: c(10_000) }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(REVIEW_MESSAGES.actionNotAvailable);
  });
});

describe("confirm, send for review, send to pending approval", () => {
  it("confirms PENDING_REVIEW (and UNMATCHED's Submit for Processing): the bill is written for the invoice amount, by the reviewer; not a VARIANCE", async () => {
    const { alice, document, buyer } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    expect(doc.processingStatus).toBe("PENDING_REVIEW");
    await lockDocument(alice, doc.id);
    const result = await confirmDocument(alice, doc.id);
    expect(result.message).toBe("Document confirmed");
    // Decision 052: a confirmed bill with everything a bill needs is processed at once, Manual on the dashboard.
    expect(result.document).toMatchObject({
      processingStatus: "AUTHORISED",
      autoProcessed: false,
      authorisedAmount: 10_000,
      authorisedByUserId: alice.userId,
      confirmedAt: null,
    });
    const [bill] = await billsOf(doc.id);
    expect(bill).toMatchObject({ total: "100.00", loaded_by: "RIPE", issued_for: buyer.id });
    expect(result.document.invoiceId).toBe(bill.id);
    expect(await reviewsOf(doc.id)).toEqual([
      { action: "CONFIRM", from_status: "PENDING_REVIEW", to_status: "PROCESSING", user_id: alice.userId, details: { button: "CONFIRM" } },
      {
        action: "AUTHORISE",
        from_status: "PROCESSING",
        to_status: "AUTHORISED",
        user_id: alice.userId,
        details: { invoiceId: bill.id, authorisedAmount: 10_000, invoiceAmount: 10_000, confirmed: true },
      },
    ]);
    expect(await auditsOf(doc.id)).toEqual(expect.arrayContaining(["document.confirm", "document.authorise"]));
    // A repeat (the double click queued behind the first) is refused and writes nothing: still one bill.
    expect((await rejection(() => confirmDocument(alice, doc.id))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);
    expect(await billsOf(doc.id)).toHaveLength(1);

    const unmatched = await document(c(10_000));
    await unmatched.update({ processingStatus: "UNMATCHED", matchStatus: "ORDER_NOT_FOUND_GPOS", invoiceNumber: `U-${unmatched.id}` });
    await lockDocument(alice, unmatched.id);
    expect((await confirmDocument(alice, unmatched.id)).document.processingStatus).toBe("AUTHORISED");
    expect((await reviewsOf(unmatched.id))[0].details).toEqual({ button: "SUBMIT_FOR_PROCESSING" });

    const variance = await document(c(12_000));
    await lockDocument(alice, variance.id);
    const error = await rejection(() => confirmDocument(alice, variance.id));
    expect(error.status).toBe(400);
    expect(error.message).toBe(REVIEW_MESSAGES.actionNotAvailable);
  });

  it("keeps a confirmed bill in PROCESSING with what it waits for; matching leaves it alone; Done Editing processes it again", async () => {
    const { alice, document, buyer } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    // The issue date (1 Nov 2026) falls in a locked period once the reviewer has it open.
    await sequelize.query(`UPDATE entity_preferences SET period_lock_date = '2026-11-30' WHERE company_id = :id`, { replacements: { id: buyer.id } });
    await lockDocument(alice, doc.id);
    const confirmed = await confirmDocument(alice, doc.id);
    expect(confirmed.message).toBe("Document confirmed");
    expect(confirmed.document).toMatchObject({ processingStatus: "PROCESSING", matchStatus: "EXPIRED", invoiceId: null });
    expect(confirmed.document.confirmedAt).not.toBeNull();
    expect(await billsOf(doc.id)).toEqual([]);
    await unlockDocument(alice, doc.id);
    expect(await matchDocuments(doc.companyId, [doc.id])).toEqual([]);

    await sequelize.query(`UPDATE entity_preferences SET period_lock_date = NULL WHERE company_id = :id`, { replacements: { id: buyer.id } });
    await lockDocument(alice, doc.id);
    await setEditing(alice, doc.id, true);
    const done = await setEditing(alice, doc.id, false);
    expect(done).toMatchObject({ message: REVIEW_MESSAGES.editingDone, document: { processingStatus: "AUTHORISED", autoProcessed: false } });
    expect(await billsOf(doc.id)).toHaveLength(1);

    // No supplier among the contacts: waits as Contact Not Found.
    const stranger = await document(c(10_000), { orderNumber: null, supplierName: `Nobody ${crypto.randomInt(1e6)} Trading Ltd` });
    await lockDocument(alice, stranger.id);
    expect((await confirmDocument(alice, stranger.id)).document).toMatchObject({ processingStatus: "PROCESSING", matchStatus: "CONTACT_NOT_FOUND" });
  });

  it("sends a VARIANCE for review: RETRY, then matching re-decides it at once; a non-variance is refused", async () => {
    const { alice, order, document } = await world();
    const doc = await document(c(12_000));
    expect(doc.processingStatus).toBe("VARIANCE");
    await lockDocument(alice, doc.id);
    // The order was corrected meanwhile: the re-match finds a clean match (MANUAL: pending approval).
    await order.update({ amount: c(12_000) });
    const result = await sendForReview(alice, doc.id);
    expect(result.message).toBe("Document sent for review. Moving to next document");
    expect(result.document).toMatchObject({ processingStatus: "PENDING_APPROVAL", matchStatus: "MATCHED" });
    expect(await reviewsOf(doc.id)).toEqual([{ action: "SEND_FOR_REVIEW", from_status: "VARIANCE", to_status: "RETRY", user_id: alice.userId, details: {} }]);
    const [match] = await sequelize.query<{ from_status: string; to_status: string }>(
      `SELECT from_status, to_status FROM bill_document_reviews WHERE document_id = :id AND action = 'MATCH' ORDER BY id DESC LIMIT 1`,
      { type: QueryTypes.SELECT, replacements: { id: doc.id } }
    );
    expect(match).toEqual({ from_status: "RETRY", to_status: "PENDING_APPROVAL" });

    const error = await rejection(() => sendForReview(alice, doc.id));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Cannot send this document for review");
  });

  it("sends to pending approval only with lite mode on and one of the four reasons", async () => {
    const { buyer, alice, document } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    expect(doc).toMatchObject({ processingStatus: "PENDING_REVIEW", matchStatus: "ORDER_NOT_FOUND_OCR" });
    await lockDocument(alice, doc.id);
    expect((await rejection(() => sendToPendingApproval(alice, doc.id))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);

    await CompanySettings.update({ isRipeLiteEnabled: true }, { where: { companyId: buyer.id } });
    const result = await sendToPendingApproval(alice, doc.id);
    expect(result.message).toBe("Document sent for pending approval. Moving to next document");
    expect(result.document.processingStatus).toBe("PENDING_APPROVAL");
    expect(await reviewsOf(doc.id)).toEqual([
      { action: "SEND_TO_PENDING_APPROVAL", from_status: "PENDING_REVIEW", to_status: "PENDING_APPROVAL", user_id: alice.userId, details: {} },
    ]);

    const blocked = await document(c(10_000), { supplierName: "Nobody We Know Ltd" });
    expect(blocked).toMatchObject({ processingStatus: "BLOCKED", matchStatus: "CONTACT_NOT_FOUND" });
    await lockDocument(alice, blocked.id);
    expect((await rejection(() => sendToPendingApproval(alice, blocked.id))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);
  });
});

describe("delete", () => {
  it("deletes a document (DELETED, deleted_at); a repeat answers the same and writes nothing", async () => {
    const { alice, document } = await world();
    const doc = await document(c(12_000));
    await lockDocument(alice, doc.id);
    const result = await deleteDocument(alice, doc.id);
    expect(result.message).toBe("Document deleted");
    expect(result.document.processingStatus).toBe("DELETED");
    expect(result.document.deletedAt).not.toBeNull();
    expect((await deleteDocument(alice, doc.id)).document.processingStatus).toBe("DELETED");
    expect(await reviewsOf(doc.id)).toEqual([{ action: "DELETE", from_status: "VARIANCE", to_status: "DELETED", user_id: alice.userId, details: {} }]);
  });

  it("batch delete: deletes the free ones, fails the one locked by someone else, the authorised one and another company's", async () => {
    const { alice, bob, document } = await world();
    const free = await document(c(12_000));
    const ownLock = await document(c(10_000), { orderNumber: null });
    const bobs = await document(c(12_000));
    const authorised = await document(c(10_000));
    await lockDocument(alice, ownLock.id);
    await lockDocument(bob, bobs.id);
    await lockDocument(alice, authorised.id);
    await authoriseDocument(alice, authorised.id, { authorisedAmount: null });
    const elsewhere = await makeReadDocument((await makeCompany()).id, {}, "PENDING_REVIEW");

    const result = await deleteDocuments(alice, [free.id, ownLock.id, bobs.id, authorised.id, elsewhere.id]);
    expect(result.deleted).toEqual([free.id, ownLock.id]);
    expect(result.failed).toEqual([
      { documentId: bobs.id, message: "This document is locked for editing by Bob Second" },
      { documentId: authorised.id, message: REVIEW_MESSAGES.actionNotAvailable },
      { documentId: elsewhere.id, message: "Document not found" },
    ]);
    expect(REVIEW_MESSAGES.batchDeletePartial(result.failed.length, 5)).toBe("Could not delete 3 out of 5 selected documents");
    expect((await BillDocument.findByPk(elsewhere.id))!.processingStatus).toBe("PENDING_REVIEW");
    // No lock left behind on the authorised one; Bob keeps his.
    expect((await BillDocument.findByPk(authorised.id))!.lockedByUserId).toBeNull();
    expect((await BillDocument.findByPk(bobs.id))!.lockedByUserId).toBe(bob.userId);
  });
});

describe("editDocument (p3 §4.1)", () => {
  it("answers field errors and writes nothing", async () => {
    const { alice, document } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    await lockDocument(alice, doc.id);
    const error = await rejection(() => editDocument(alice, doc.id, { invoiceAmount: c(0), issueDate: "2999-01-01", userNotes: "x".repeat(513) }));
    expect(error.status).toBe(422);
    expect(fieldErrorsOf(error)).toEqual({
      invoiceAmount: REVIEW_MESSAGES.invoiceAmountMinimum,
      issueDate: REVIEW_MESSAGES.futureIssueDate,
      userNotes: REVIEW_MESSAGES.notesTooLong,
    });
    expect((await BillDocument.findByPk(doc.id))!.edited).toBe(false);
    expect(await reviewsOf(doc.id)).toEqual([]);
  });

  it("notes alone: edited, same status, no re-match", async () => {
    const { alice, document } = await world();
    const doc = await document(c(10_000), { orderNumber: null });
    await lockDocument(alice, doc.id);
    const result = await editDocument(alice, doc.id, { userNotes: "  Checked with the supplier  " });
    expect(result.message).toBe(REVIEW_MESSAGES.documentUpdated);
    expect(result.document).toMatchObject({ edited: true, userNotes: "Checked with the supplier", processingStatus: "PENDING_REVIEW" });
    const [review] = await reviewsOf(doc.id);
    expect(review).toMatchObject({ action: "EDIT", from_status: "PENDING_REVIEW", to_status: "PENDING_REVIEW" });
  });

  it("a corrected order number and amount: GL codes cleared, the supplier learns, RETRY and re-matched at once", async () => {
    const { buyer, supplier, alice, orderNumber, document } = await world();
    const doc = await document(c(9_000), { orderNumber: null });
    expect(doc.processingStatus).toBe("PENDING_REVIEW");
    await doc.update({ extractedText: `${supplier.companyName}\nTax invoice\nOrder number: ${orderNumber}\nTotal: $100.00` });
    await BillDocumentLineItem.create({ documentId: doc.id, lineIndex: 0, glAccountCode: "400", description: "Goods", amount: c(9_000) });
    await lockDocument(alice, doc.id);

    const result = await editDocument(alice, doc.id, { orderNumber, invoiceAmount: c(10_000) });
    // MANUAL queue, clean match: pending approval; still locked by Alice.
    expect(result.document).toMatchObject({ processingStatus: "PENDING_APPROVAL", matchStatus: "MATCHED", orderNumber, invoiceAmount: 10_000, edited: true });
    const item = await BillDocumentLineItem.findOne({ where: { documentId: doc.id } });
    expect(item!.glAccountCode).toBeNull();
    const [review] = await reviewsOf(doc.id);
    expect(review).toMatchObject({ action: "EDIT", from_status: "PENDING_REVIEW", to_status: "RETRY" });
    expect(review.details).toMatchObject({ fields: ["orderNumber", "invoiceAmount"], allocationReset: true, clearedLineItems: 1 });
    const anchors = await sequelize.query<{ field: string }>(`SELECT field FROM supplier_field_anchors WHERE company_id = :companyId ORDER BY field`, {
      type: QueryTypes.SELECT,
      replacements: { companyId: buyer.id },
    });
    expect(review.details.learned).toContain("orderNumber");
    expect(anchors.map((row) => row.field)).toContain("orderNumber");
    expect((await BillDocument.findByPk(doc.id))!.lockedByUserId).toBe(alice.userId);
  });

  it("refuses a PROCESSING bill until editing is on; the toggle writes EDIT rows", async () => {
    const { alice, document } = await world();
    // A supplier not among the contacts: the confirmed bill waits in PROCESSING (decision 052).
    const doc = await document(c(10_000), { orderNumber: null, supplierName: `Nobody ${crypto.randomInt(1e6)} Trading Ltd` });
    await lockDocument(alice, doc.id);
    expect((await rejection(() => setEditing(alice, doc.id, true))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);
    await confirmDocument(alice, doc.id);
    expect((await rejection(() => editDocument(alice, doc.id, { userNotes: "x" }))).message).toBe(REVIEW_MESSAGES.actionNotAvailable);

    const on = await setEditing(alice, doc.id, true);
    expect(on).toMatchObject({ message: REVIEW_MESSAGES.editingEnabled, document: { editing: true, processingStatus: "PROCESSING" } });
    await editDocument(alice, doc.id, { dueDate: "2026-12-31" });
    const off = await setEditing(alice, doc.id, false);
    expect(off).toMatchObject({
      message: REVIEW_MESSAGES.editingDone,
      document: { editing: false, dueDate: "2026-12-31", processingStatus: "PROCESSING", matchStatus: "CONTACT_NOT_FOUND" },
    });
    // A corrected field sends the confirmed bill back through matching: no longer confirmed (still no such contact).
    await setEditing(alice, doc.id, true);
    const corrected = await editDocument(alice, doc.id, { invoiceNumber: "INV-CORRECTED" });
    expect(corrected.document).toMatchObject({ processingStatus: "BLOCKED", confirmedAt: null, editing: false, invoiceNumber: "INV-CORRECTED" });
    const actions = (await reviewsOf(doc.id)).map((row) => [row.action, row.details.editing ?? null]);
    expect(actions).toEqual([
      ["CONFIRM", null],
      ["EDIT", true],
      ["EDIT", null],
      ["EDIT", false],
      ["EDIT", true],
      ["EDIT", null],
    ]);
  });
});
