/**
 * The bill detail page's data against PostgreSQL (issue 17 part 2; spec part 3 §2.1, §3, §7.1; decision 049):
 * getDocumentView's fields, line items and pages, the actions per type (lite mode), the lock holder, the authorise
 * ceiling and pre-fill, archived documents, the edit form's GL accounts and suppliers, scoping to the actor's company,
 * the page images, and findAuthorisedBillDocument.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument, BillDocumentLineItem, BillDocumentPage, CompanySettings, GlAccount } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { matchDocuments } from "../../app/modules/matching/service.server";
import { lockDocument } from "../../app/modules/review/locking.server";
import { REVIEW_MESSAGES } from "../../app/modules/review/rules";
import { authoriseDocument } from "../../app/modules/review/service.server";
import { findAuthorisedBillDocument, getDocumentPage, getDocumentPages, getDocumentView } from "../../app/modules/review/view.server";
import { makePng } from "../support/document-factories";
import { actorOf, makeUser } from "../support/factories";
import { makeMatchingBuyer, makePurchaseOrder, makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

const c = (value: number) => value as Cents;

/** A MANUAL buyer ($5 tolerance) with two users, its supplier, and an order PO-n of $100 from that supplier. */
async function world() {
  const { buyer, supplier, link } = await makeMatchingBuyer({ queue: "MANUAL" });
  const alice = actorOf(await makeUser({ company: buyer, firstName: "Alice", lastName: "Holder" }));
  const bob = actorOf(await makeUser({ company: buyer, firstName: "Bob", lastName: "Second" }));
  const orderNumber = `PO-${crypto.randomInt(1e6)}`;
  await makePurchaseOrder(buyer.id, { orderNumber, amount: c(10_000), supplierCompanyId: supplier.id });
  const document = async (amount: Cents, fields: { orderNumber?: string | null } = {}, pages = 1) => {
    const doc = await makeReadDocument(buyer.id, {
      supplierName: supplier.companyName,
      orderNumber: fields.orderNumber === undefined ? orderNumber : fields.orderNumber,
      issueDate: "2026-11-01",
      dueDate: "2026-11-20",
      amount,
    });
    await matchDocuments(buyer.id, [doc.id]);
    for (let index = 0; index < pages; index += 1)
      await BillDocumentPage.create({ documentId: doc.id, pageIndex: index, mimeType: "image/png", content: makePng() });
    await doc.reload();
    return doc;
  };
  return { buyer, supplier, link, alice, bob, orderNumber, document };
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

describe("getDocumentView", () => {
  it("answers a variance's fields, counterparty, line items, pages, actions, ceiling and pre-fill", async () => {
    const { buyer, supplier, link, alice, orderNumber, document } = await world();
    const doc = await document(c(12_000), {}, 2);
    await doc.update({ storeCode: "ST-9", userNotes: "Check the freight" });
    await BillDocumentLineItem.bulkCreate([
      { documentId: doc.id, lineIndex: 0, description: "Goods", amount: c(7_000), glAccountCode: "400" },
      { documentId: doc.id, lineIndex: 1, description: "Freight", amount: c(3_200), glAccountCode: null },
    ]);
    await GlAccount.create({
      companyId: buyer.id,
      accountId: null,
      accountCode: "400",
      accountName: "Purchases",
      accountType: null,
      accountClassification: null,
      taxExempted: null,
    });
    await GlAccount.create({
      companyId: buyer.id,
      accountId: null,
      accountCode: "999",
      accountName: "Hidden",
      isVisibleInEarlybird: false,
      accountType: null,
      accountClassification: null,
      taxExempted: null,
    });

    const view = await getDocumentView(alice, doc.id);
    expect(view).toMatchObject({
      id: doc.id,
      companyId: buyer.id,
      processingStatus: "VARIANCE",
      supplierName: supplier.companyName,
      counterpartyId: link.id,
      counterpartyName: supplier.companyName,
      invoiceNumber: doc.invoiceNumber,
      orderNumber,
      invoiceAmount: 12_000,
      posAmount: 10_000,
      dateIssue: "2026-11-01",
      dueDate: "2026-11-20",
      storeCode: "ST-9",
      userNotes: "Check the freight",
      queue: "MANUAL",
      edited: false,
      editing: false,
      confirmedAt: null,
      authorisedAmount: null,
      invoiceId: null,
      archived: false,
      archivedMessage: null,
      lockedBy: null,
      lockedByMe: false,
      actions: ["AUTHORISE", "SEND_FOR_REVIEW", "DELETE"],
      canEdit: true,
      toleranceCents: 500,
      // A variance is authorised against the order: $100 + $5.
      authoriseCeiling: 10_500,
      fixedAuthoriseAmount: null,
      // The line items' sum.
      prefilledAuthoriseAmount: 10_200,
    });
    expect(view.matchStatus).not.toBeNull();
    expect(view.reason).toEqual(expect.any(String));
    expect(view.lineItems).toEqual([
      { id: expect.any(Number), lineIndex: 0, description: "Goods", amount: 7_000, glAccountCode: "400" },
      { id: expect.any(Number), lineIndex: 1, description: "Freight", amount: 3_200, glAccountCode: null },
    ]);
    expect(view.pages).toEqual([
      { id: expect.any(Number), pageIndex: 0, mimeType: "image/png" },
      { id: expect.any(Number), pageIndex: 1, mimeType: "image/png" },
    ]);
    expect(JSON.stringify(view)).not.toContain("content");
    expect(view.glAccounts.map((account) => account.accountCode)).toEqual(["400"]);
    expect(view.suppliers).toEqual([{ id: link.id, counterpartyCompanyId: supplier.id, companyName: supplier.companyName }]);
  });

  it("offers each type's actions, with Send to Pending Approval only in lite mode", async () => {
    const { buyer, alice, document } = await world();
    const unknownOrder = await document(c(10_000), { orderNumber: `NOPE-${crypto.randomInt(1e6)}` });
    const before = await getDocumentView(alice, unknownOrder.id);
    expect(before.processingStatus).toMatch(/^(PENDING_REVIEW|BLOCKED)$/);
    expect(before.actions).toEqual(["CONFIRM", "DELETE"]);
    expect(before.authoriseCeiling).toBeNull();
    expect(before.prefilledAuthoriseAmount).toBeNull();
    await CompanySettings.update({ isRipeLiteEnabled: true }, { where: { companyId: buyer.id } });
    const lite = await getDocumentView(alice, unknownOrder.id);
    expect(lite.liteMode).toBe(true);
    expect(lite.actions).toEqual(["CONFIRM", "SEND_TO_PENDING_APPROVAL", "DELETE"]);

    await unknownOrder.update({ processingStatus: "PENDING_APPROVAL" });
    const pending = await getDocumentView(alice, unknownOrder.id);
    expect(pending).toMatchObject({
      actions: ["AUTHORISE", "DELETE"],
      fixedAuthoriseAmount: 10_000,
      prefilledAuthoriseAmount: 10_000,
      authoriseCeiling: 10_500,
    });

    await unknownOrder.update({ processingStatus: "PROCESSING", editing: true });
    expect((await getDocumentView(alice, unknownOrder.id)).actions).toEqual(["DONE_EDITING", "DELETE"]);
    await unknownOrder.update({ processingStatus: "UNMATCHED", editing: false });
    expect((await getDocumentView(alice, unknownOrder.id)).actions).toEqual(["SUBMIT_FOR_PROCESSING", "DELETE"]);
    await unknownOrder.update({ processingStatus: "DELETED", deletedAt: new Date() });
    const deleted = await getDocumentView(alice, unknownOrder.id);
    expect(deleted).toMatchObject({ actions: [], canEdit: false });
    expect(deleted.deletedAt).not.toBeNull();
  });

  it("names another user's live lock, not the actor's own or an expired one", async () => {
    const { alice, bob, document } = await world();
    const doc = await document(c(12_000));
    await lockDocument(alice, doc.id);
    expect(await getDocumentView(alice, doc.id)).toMatchObject({ lockedBy: null, lockedByMe: true, lockedByMessage: null });
    const seen = await getDocumentView(bob, doc.id);
    expect(seen).toMatchObject({ lockedBy: { userId: alice.userId, name: "Alice Holder" }, lockedByMe: false });
    expect(seen.lockedByMessage).toBe(REVIEW_MESSAGES.lockedBy("Alice Holder"));
    await sequelize.query(`UPDATE bill_documents SET locked_at = now() - interval '1 hour' WHERE id = :id`, { replacements: { id: doc.id } });
    expect(await getDocumentView(bob, doc.id)).toMatchObject({ lockedBy: null, lockedByMe: false });
  });

  it("says a document without pages, or archived, is archived, and refuses its images", async () => {
    const { alice, document } = await world();
    const noPages = await document(c(12_000), {}, 0);
    expect(await getDocumentView(alice, noPages.id)).toMatchObject({ archived: true, archivedMessage: REVIEW_MESSAGES.archived, pages: [] });
    expect((await rejection(() => getDocumentPages(alice, noPages.id))).status).toBe(404);

    const archived = await document(c(12_000));
    expect((await getDocumentPage(alice, archived.id, 0)).mimeType).toBe("image/png");
    await archived.update({ archivedAt: new Date() });
    expect(await getDocumentView(alice, archived.id)).toMatchObject({
      archived: true,
      archivedMessage: "This document has been archived. To retrieve it, please contact Earlybird support.",
    });
    expect((await rejection(() => getDocumentPage(alice, archived.id, 0))).status).toBe(404);
  });

  it("answers the page images in order, and 404 for a missing page", async () => {
    const { alice, document } = await world();
    const doc = await document(c(12_000), {}, 2);
    const stored = await BillDocumentPage.findAll({ where: { documentId: doc.id }, order: [["pageIndex", "ASC"]] });
    const page = await getDocumentPage(alice, doc.id, 1);
    expect(page.content.equals(stored[1].content)).toBe(true);
    expect((await getDocumentPages(alice, doc.id)).map((one) => one.pageIndex)).toEqual([0, 1]);
    expect((await rejection(() => getDocumentPage(alice, doc.id, 2))).status).toBe(404);
  });

  it("is scoped to the actor's company: another company's document is 404 'Document not found'", async () => {
    const own = await world();
    const other = await world();
    const doc = await own.document(c(12_000));
    for (const run of [
      () => getDocumentView(other.alice, doc.id),
      () => getDocumentPage(other.alice, doc.id, 0),
      () => getDocumentPages(other.alice, doc.id),
    ]) {
      const error = await rejection(run);
      expect(error.status).toBe(404);
      expect(error.message).toBe("Document not found");
    }
    expect((await rejection(() => getDocumentView(own.alice, 0))).status).toBe(404);
    expect((await rejection(() => getDocumentView(own.alice, 2 ** 40))).status).toBe(404);
  });
});

describe("authorised documents", () => {
  it("show the authoriser and the bill, and findAuthorisedBillDocument finds the document of the bill", async () => {
    const { alice, bob, document } = await world();
    const doc = await document(c(12_000));
    await lockDocument(alice, doc.id);
    const { invoiceId } = await authoriseDocument(alice, doc.id, { authorisedAmount: c(10_500) });
    const view = await getDocumentView(bob, doc.id);
    expect(view).toMatchObject({
      processingStatus: "AUTHORISED",
      authorisedAmount: 10_500,
      authorisedByUserId: alice.userId,
      authorisedByName: "Alice Holder",
      invoiceId,
      actions: [],
      canEdit: false,
      authoriseCeiling: null,
    });
    expect(view.authorisedAt).not.toBeNull();
    expect(await findAuthorisedBillDocument(bob, invoiceId)).toEqual({ documentId: doc.id });

    const other = await world();
    expect((await rejection(() => findAuthorisedBillDocument(other.alice, invoiceId))).status).toBe(404);
    expect((await rejection(() => findAuthorisedBillDocument(alice, 2_147_483_000))).status).toBe(404);
    expect(await BillDocument.count({ where: { id: doc.id, processingStatus: "AUTHORISED" } })).toBe(1);
  });
});
