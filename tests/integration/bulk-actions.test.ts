/**
 * Bulk delete, include/exclude and contact email on the lists (p2 §4 Other, §5, §7) against PostgreSQL. Each test
 * makes its own companies, so tests never share rows.
 */
import { afterAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import {
  AuditLogEntry,
  Invoice,
  OfferExecution,
  OfferExecutionResult,
  PurchaserOffer,
  SupplierOffer,
  SupplierOfferInvoice,
  type Company,
} from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import type { ListActor } from "../../app/modules/invoices/list.server";
import { CONTACT_EMAIL_INVALID, INVOICE_IDS_NEEDED, INVOICE_TYPE_INVALID, INVOICE_TYPE_NEEDED } from "../../app/modules/invoices/schema";
import { allocateCreditNote, createCreditNote } from "../../app/modules/invoices/credit-notes.server";
import {
  ALREADY_EXCLUDED,
  ALREADY_INCLUDED,
  BILL_IS_PAID,
  DELETE_EXECUTION,
  DELETE_OPEN_OFFER,
  DELETE_OTHER_SIDE,
  DELETE_PAID,
  OFFERS_DISABLED,
  PAYMENT_IN_PROGRESS,
  RECORD_NOT_FOUND,
  deleteRecords,
  describeRecords,
  getRecordContact,
  setIncludeInPurchaserOffer,
  updateContactEmail,
} from "../../app/modules/invoices/bulk.server";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let sequence = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;

async function actorOf(company: Company): Promise<ListActor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

async function parties(offersEnabled = true) {
  const purchaser = await makeCompany();
  const supplier = await makeCompany();
  await makeSupplierLink(purchaser, supplier, { offersEnabled });
  return { purchaser, supplier, buyer: await actorOf(purchaser), seller: await actorOf(supplier) };
}

type Fields = Partial<{
  type: "BILL" | "INVOICE";
  billStatus: "PAID";
  invoiceStatus: "PAYMENT_RECEIVED";
  include: boolean;
  contactEmail: string | null;
  total: Cents;
}>;

async function makeRecord(supplier: Company, purchaser: Company, fields: Fields = {}) {
  return Invoice.create({
    type: fields.type ?? "BILL",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: unique("B"),
    dueDate: "2030-01-20",
    total: fields.total ?? 50_000,
    billStatus: fields.billStatus ?? null,
    invoiceStatus: fields.invoiceStatus ?? null,
    includeInPurchaserOffer: fields.include ?? false,
    // The loading side's own contact (decision 033).
    [(fields.type ?? "BILL") === "INVOICE" ? "issuerContactEmail" : "recipientContactEmail"]: fields.contactEmail ?? null,
  });
}

async function stored(id: number) {
  const [row] = await sequelize.query<{
    deleted_at: Date | null;
    include_in_purchaser_offer: boolean;
    issuer_contact_email: string | null;
    recipient_contact_email: string | null;
    credit_note_value: string;
  }>("SELECT deleted_at, include_in_purchaser_offer, issuer_contact_email, recipient_contact_email, credit_note_value::text FROM invoices WHERE id = $1", {
    bind: [id],
    type: QueryTypes.SELECT,
  });
  return row;
}

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("deleteRecords", () => {
  it("deletes the purchaser's own bills and reports each id in order", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const a = await makeRecord(supplier, purchaser);
    const b = await makeRecord(supplier, purchaser);
    const result = await deleteRecords(buyer, { invoiceIds: [b.id, a.id], type: "BILL" });
    expect(result).toMatchObject({
      deleted: 2,
      type: "BILL",
      results: [
        { id: b.id, status: "SUCCESS" },
        { id: a.id, status: "SUCCESS" },
      ],
    });
    expect((await stored(a.id)).deleted_at).not.toBeNull();
    expect((await stored(b.id)).deleted_at).not.toBeNull();
    expect(await AuditLogEntry.count({ where: { action: "bill.delete", companyId: purchaser.id } })).toBe(2);
    // Deleted is gone: a second delete finds nothing.
    const again = await deleteRecords(buyer, { invoiceIds: String(a.id), type: "BILL" });
    expect(again).toMatchObject({ deleted: 0, results: [{ id: a.id, status: "FAILED", message: RECORD_NOT_FOUND }] });
  });

  it("never deletes another company's record: not found, nothing written", async () => {
    const { purchaser, supplier } = await parties();
    const bill = await makeRecord(supplier, purchaser);
    const stranger = await actorOf(await makeCompany());
    const result = await deleteRecords(stranger, { invoiceIds: [bill.id, 999_999_999], type: "BILL" });
    expect(result.results).toEqual([
      { id: bill.id, status: "FAILED", message: RECORD_NOT_FOUND },
      { id: 999_999_999, status: "FAILED", message: RECORD_NOT_FOUND },
    ]);
    expect((await stored(bill.id)).deleted_at).toBeNull();
    // The supplier side cannot delete a bill through the invoices list either (wrong side: not its invoice list's row).
    const { seller } = { seller: await actorOf(supplier) };
    const asInvoice = await deleteRecords(seller, { invoiceIds: [bill.id], type: "INVOICE" });
    expect(asInvoice.results[0]).toMatchObject({ status: "FAILED", message: DELETE_OTHER_SIDE.INVOICE });
    expect((await stored(bill.id)).deleted_at).toBeNull();
  });

  it("refuses what the other side loaded, paid records, open supplier offers and executions; deletes the rest", async () => {
    const { purchaser, supplier, buyer, seller } = await parties();
    const ok = await makeRecord(supplier, purchaser);
    const supplierLoaded = await makeRecord(supplier, purchaser, { type: "INVOICE" });
    const paid = await makeRecord(supplier, purchaser, { billStatus: "PAID" });
    const offered = await makeRecord(supplier, purchaser, { type: "INVOICE" });
    const so = await SupplierOffer.create({
      createdByCompany: supplier.id,
      cashReward: 1_000,
      expirationDate: "2029-12-31",
      offerStatus: "CLEARING",
      topUpId: null,
    });
    await SupplierOfferInvoice.create({ supplierOfferId: so.id, invoiceId: offered.id });
    const executing = await makeRecord(supplier, purchaser, { include: true });
    const po = await PurchaserOffer.create({
      createdByCompany: purchaser.id,
      cashpool: 1_000_000,
      crr: "5.00",
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    const execution = await OfferExecution.create({
      offerKind: "PURCHASER",
      purchaserOfferId: po.id,
      supplierOfferId: null,
      requestedByCompanyId: purchaser.id,
      requestedByUserId: null,
      jobId: null,
    });
    await OfferExecutionResult.create({
      executionId: execution.id,
      invoiceId: executing.id,
      status: "PENDING",
      amount: null,
      fee: null,
      cashback: null,
      reason: null,
      ledgerTransactionId: null,
    });

    const bills = await deleteRecords(buyer, { invoiceIds: [ok.id, supplierLoaded.id, paid.id, executing.id], type: "BILL" });
    expect(bills.deleted).toBe(1);
    expect(bills.results.map((r) => [r.id, r.status, r.message])).toEqual([
      [ok.id, "SUCCESS", "Deleted"],
      [supplierLoaded.id, "FAILED", DELETE_OTHER_SIDE.BILL],
      [paid.id, "FAILED", DELETE_PAID.BILL],
      [executing.id, "FAILED", DELETE_EXECUTION],
    ]);
    const invoices = await deleteRecords(seller, { invoiceIds: [offered.id, supplierLoaded.id], type: "INVOICE" });
    expect(invoices.results.map((r) => [r.status, r.message])).toEqual([
      ["FAILED", DELETE_OPEN_OFFER],
      ["SUCCESS", "Deleted"],
    ]);
    for (const id of [paid.id, offered.id, executing.id]) expect((await stored(id)).deleted_at).toBeNull();
    expect((await stored(supplierLoaded.id)).deleted_at).not.toBeNull();
  });

  it("refuses a paid invoice on the supplier side", async () => {
    const { purchaser, supplier, seller } = await parties();
    const received = await makeRecord(supplier, purchaser, { type: "INVOICE", invoiceStatus: "PAYMENT_RECEIVED" });
    const result = await deleteRecords(seller, { invoiceIds: [received.id], type: "INVOICE" });
    expect(result.results[0]).toMatchObject({ status: "FAILED", message: DELETE_PAID.INVOICE });
  });

  it("releases credit allocated to a deleted bill in the same transaction", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const bill = await makeRecord(supplier, purchaser, { total: 50_000 });
    const other = await makeRecord(supplier, purchaser, { total: 50_000 });
    const note = await createCreditNote(buyer, { counterpartyId: String(supplier.id), creditNumber: unique("CN"), total: "100.00" });
    await allocateCreditNote(buyer, note.id, [
      { invoiceId: bill.id, allocatedAmount: 6_000 as Cents },
      { invoiceId: other.id, allocatedAmount: 2_000 as Cents },
    ]);
    expect((await stored(bill.id)).credit_note_value).toBe("60.00");
    const result = await deleteRecords(buyer, { invoiceIds: [bill.id], type: "BILL" });
    expect(result.deleted).toBe(1);
    expect(await stored(bill.id)).toMatchObject({ credit_note_value: "0.00" });
    const [noteRow] = await sequelize.query<{ allocated_total: string }>("SELECT allocated_total::text FROM credit_notes WHERE id = $1", {
      bind: [note.id],
      type: QueryTypes.SELECT,
    });
    expect(noteRow.allocated_total).toBe("20.00");
  });

  it("validates the input with the spec's messages and writes nothing", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const bill = await makeRecord(supplier, purchaser);
    const noIds = await refusal(deleteRecords(buyer, { invoiceIds: [], type: "BILL" }));
    expect([noIds.status, noIds.message, noIds.field]).toEqual([422, INVOICE_IDS_NEEDED, "invoiceIds"]);
    const badIds = await refusal(deleteRecords(buyer, { invoiceIds: [String(bill.id), "x"], type: "BILL" }));
    expect(badIds.message).toBe(INVOICE_IDS_NEEDED);
    expect((await refusal(deleteRecords(buyer, { invoiceIds: [bill.id], type: "" }))).message).toBe(INVOICE_TYPE_NEEDED);
    expect((await refusal(deleteRecords(buyer, { invoiceIds: [bill.id], type: "CREDIT" }))).message).toBe(INVOICE_TYPE_INVALID);
    expect((await stored(bill.id)).deleted_at).toBeNull();
  });
});

describe("setIncludeInPurchaserOffer", () => {
  it("includes and excludes the purchaser's bills and counts what changed", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const a = await makeRecord(supplier, purchaser);
    const b = await makeRecord(supplier, purchaser);
    const c = await makeRecord(supplier, purchaser, { include: true });
    const included = await setIncludeInPurchaserOffer(buyer, [a.id, b.id, c.id], true);
    expect(included).toMatchObject({ updated: 2, notApplicable: 1, failed: 0 });
    expect(included.results[2]).toMatchObject({ id: c.id, updated: false, message: ALREADY_INCLUDED, reason: "NOT_APPLICABLE" });
    for (const id of [a.id, b.id, c.id]) expect((await stored(id)).include_in_purchaser_offer).toBe(true);

    const excluded = await setIncludeInPurchaserOffer(buyer, [a.id], false);
    expect(excluded).toMatchObject({ updated: 1, failed: 0 });
    expect((await stored(a.id)).include_in_purchaser_offer).toBe(false);
    const again = await setIncludeInPurchaserOffer(buyer, [a.id], false);
    expect(again).toMatchObject({ updated: 0, notApplicable: 1, results: [{ message: ALREADY_EXCLUDED }] });
  });

  it("skips paid bills and suppliers with offers disabled; fails on another company's bill and payments under way", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const paid = await makeRecord(supplier, purchaser, { billStatus: "PAID" });
    const disabledSupplier = await makeCompany();
    await makeSupplierLink(purchaser, disabledSupplier, { offersEnabled: false });
    const disabled = await makeRecord(disabledSupplier, purchaser);
    const stranger = await parties();
    const foreign = await makeRecord(stranger.supplier, stranger.purchaser);
    const executing = await makeRecord(supplier, purchaser, { include: true });
    const po = await PurchaserOffer.create({
      createdByCompany: purchaser.id,
      cashpool: 1_000_000,
      crr: "5.00",
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    const execution = await OfferExecution.create({
      offerKind: "PURCHASER",
      purchaserOfferId: po.id,
      supplierOfferId: null,
      requestedByCompanyId: purchaser.id,
      requestedByUserId: null,
      jobId: null,
    });
    await OfferExecutionResult.create({
      executionId: execution.id,
      invoiceId: executing.id,
      status: "CLEARING",
      amount: null,
      fee: null,
      cashback: null,
      reason: null,
      ledgerTransactionId: null,
    });

    const result = await setIncludeInPurchaserOffer(buyer, [paid.id, disabled.id, foreign.id], true);
    expect(result).toMatchObject({ updated: 0, notApplicable: 2, failed: 1 });
    expect(result.results.map((r) => r.message)).toEqual([BILL_IS_PAID, OFFERS_DISABLED, RECORD_NOT_FOUND]);
    expect((await stored(foreign.id)).include_in_purchaser_offer).toBe(false);
    expect((await stored(disabled.id)).include_in_purchaser_offer).toBe(false);
    const exclude = await setIncludeInPurchaserOffer(buyer, [executing.id], false);
    expect(exclude).toMatchObject({ updated: 0, failed: 1, results: [{ message: PAYMENT_IN_PROGRESS }] });
    expect((await stored(executing.id)).include_in_purchaser_offer).toBe(true);
    // Excluding on a disabled supplier is allowed (it takes the bill out of the offer).
    await Invoice.update({ includeInPurchaserOffer: true }, { where: { id: disabled.id } });
    expect((await setIncludeInPurchaserOffer(buyer, [disabled.id], false)).updated).toBe(1);
  });

  it("works on the purchaser's side only: the supplier cannot include its invoice", async () => {
    const { purchaser, supplier, seller } = await parties();
    const bill = await makeRecord(supplier, purchaser, { type: "INVOICE" });
    const result = await setIncludeInPurchaserOffer(seller, [bill.id], true);
    expect(result).toMatchObject({ updated: 0, failed: 1, results: [{ message: RECORD_NOT_FOUND }] });
    expect((await refusal(setIncludeInPurchaserOffer(seller, [], true))).message).toBe(INVOICE_IDS_NEEDED);
  });
});

describe("contact email", () => {
  it("updates the address on the actor's side, lower-cased, with an audit entry", async () => {
    const { purchaser, supplier, buyer, seller } = await parties();
    const bill = await makeRecord(supplier, purchaser, { contactEmail: "old@example.test" });
    expect(await getRecordContact(buyer, "BILL", bill.id)).toMatchObject({ id: bill.id, contactEmail: "old@example.test", companyName: supplier.companyName });
    expect(await updateContactEmail(buyer, "BILL", bill.id, " New@Example.TEST ")).toEqual({ id: bill.id, contactEmail: "new@example.test" });
    expect((await stored(bill.id)).recipient_contact_email).toBe("new@example.test");
    expect(await AuditLogEntry.count({ where: { action: "invoice.contact_email", entityId: String(bill.id) } })).toBe(1);
    // The supplier's contact on the same kind of row is its own column (decision 033).
    const invoice = await makeRecord(supplier, purchaser, { type: "INVOICE" });
    await updateContactEmail(seller, "INVOICE", invoice.id, "ap@buyer.test");
    expect(await stored(invoice.id)).toMatchObject({ issuer_contact_email: "ap@buyer.test", recipient_contact_email: null });
  });

  it("refuses an invalid address with the spec's message and another company's record with 404, writing nothing", async () => {
    const { purchaser, supplier, buyer } = await parties();
    const bill = await makeRecord(supplier, purchaser, { contactEmail: "old@example.test" });
    for (const bad of ["", "not-an-email", "a@b", "two words@x.test"]) {
      const error = await refusal(updateContactEmail(buyer, "BILL", bill.id, bad));
      expect([error.status, error.message, error.field]).toEqual([422, CONTACT_EMAIL_INVALID, "contactEmail"]);
    }
    const stranger = await actorOf(await makeCompany());
    expect((await refusal(updateContactEmail(stranger, "BILL", bill.id, "x@y.test"))).status).toBe(404);
    expect((await refusal(getRecordContact(stranger, "BILL", bill.id))).status).toBe(404);
    expect(await describeRecords(stranger, "BILL", [bill.id])).toEqual([]);
    expect((await stored(bill.id)).recipient_contact_email).toBe("old@example.test");
  });
});
