/**
 * The credit notes service (p2 §4, §5, §7) against PostgreSQL: each test makes its own companies, so tests never
 * share rows. Amounts are integer cents throughout.
 */
import { afterAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { AuditLogEntry, CreditNote, CreditNoteAllocation, Invoice, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { AppError } from "../../app/lib/errors";
import { ALLOCATION_EXCEEDS_INVOICE, AMOUNT_EXCEEDS_CREDIT, INVALID_CREDIT_INPUT } from "../../app/modules/invoices/credit-allocation";
import { AMOUNT_NOT_ABOVE_ZERO, CREDIT_NOTE_INCOMPLETE, SUPPLIER_REFERENCE_INVALID } from "../../app/modules/invoices/schema";
import {
  BILL_NOT_FOUND,
  BILL_PAID,
  CREDIT_NOTE_NOT_FOUND,
  CREDIT_NUMBER_TAKEN,
  EDIT_ONLY_UNALLOCATED,
  STALE_CREDIT_NOTE,
  allocateCreditNote,
  createCreditNote,
  deleteCreditNotes,
  getCreditNote,
  listCreditNotes,
  suggestEqualAllocation,
  updateCreditNote,
} from "../../app/modules/invoices/credit-notes.server";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let sequence = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

/** A purchaser (the actor) with a supplier among its counterparties. */
async function parties() {
  const purchaser = await makeCompany();
  const supplier = await makeCompany();
  await makeSupplierLink(purchaser, supplier);
  return { purchaser, supplier, actor: await actorOf(purchaser) };
}

async function makeBill(supplier: Company, purchaser: Company, total: Cents, fields: Partial<{ billStatus: "PAID"; totalPaid: Cents }> = {}) {
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: unique("B"),
    dueDate: "2030-01-20",
    total,
    ...fields,
  });
}

async function newNote(actor: Actor, supplier: Company, total = "100.00", creditNumber = unique("CN")) {
  return createCreditNote(actor, { counterpartyId: String(supplier.id), creditNumber, total });
}

/** The AppError a call must throw. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The stored sums, read as text straight from the table (no model conversion). */
async function storedBill(id: number) {
  const [row] = await sequelize.query<{ credit_note_value: string; discounted_total: string }>(
    "SELECT credit_note_value::text, discounted_total::text FROM invoices WHERE id = $1",
    { bind: [id], type: QueryTypes.SELECT },
  );
  return row;
}

async function storedNote(id: number) {
  const [row] = await sequelize.query<{ total: string; supplier_reference: string | null; allocated_total: string; status: string; updated_at: Date; deleted_at: Date | null }>(
    "SELECT total::text, supplier_reference, allocated_total::text, status, updated_at, deleted_at FROM credit_notes WHERE id = $1",
    { bind: [id], type: QueryTypes.SELECT },
  );
  return row;
}

describe("createCreditNote", () => {
  it("records a credit note from a counterparty supplier, with an audit entry", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await createCreditNote(actor, { counterpartyId: String(supplier.id), creditNumber: " CN-1 ", total: "$1,234.56", issueDate: "01/01/2026" });
    expect(note).toMatchObject({
      creditNumber: "CN-1",
      total: 123_456,
      allocatedTotal: 0,
      unallocatedTotal: 123_456,
      status: "UNALLOCATED",
      issuedBy: supplier.id,
      issuedFor: purchaser.id,
      issuedByCompanyName: supplier.companyName,
      issueDate: "2026-01-01",
      currency: "NZD",
      invoiceAllocations: [],
    });
    expect(note.modificationTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await storedNote(note.id)).total).toBe("1234.56");
    expect(await AuditLogEntry.count({ where: { action: "credit_note.create", entityId: String(note.id), companyId: purchaser.id } })).toBe(1);

    // By the supplier's name among the counterparties, too.
    const byName = await createCreditNote(actor, { counterpartyName: supplier.companyName.toUpperCase(), creditNumber: "CN-2", total: "5" });
    expect(byName.issuedBy).toBe(supplier.id);
  });

  it("refuses a missing company or amount with the spec's message, and a supplier that is not a counterparty", async () => {
    const { purchaser, actor } = await parties();
    const missing = await refusal(createCreditNote(actor, { creditNumber: "CN-1", total: "10" }));
    expect([missing.status, missing.message]).toEqual([422, CREDIT_NOTE_INCOMPLETE]);
    const stranger = await makeCompany();
    const unknown = await refusal(createCreditNote(actor, { counterpartyId: String(stranger.id), creditNumber: "CN-1", total: "10" }));
    expect(unknown.status).toBe(404);
    expect(await CreditNote.count({ where: { issuedFor: purchaser.id } })).toBe(0);
  });

  it("refuses a duplicate credit number for the same supplier with 409 on creditNumber; after a delete the number is free", async () => {
    const { supplier, actor } = await parties();
    const first = await newNote(actor, supplier, "10", "CN-DUP");
    const duplicate = await refusal(newNote(actor, supplier, "20", "CN-DUP"));
    expect([duplicate.status, duplicate.message, duplicate.field]).toEqual([409, CREDIT_NUMBER_TAKEN, "creditNumber"]);
    // Another purchaser of the same supplier may use the number.
    const other = await parties();
    await makeSupplierLink(other.purchaser, supplier);
    await expect(newNote(other.actor, supplier, "10", "CN-DUP")).resolves.toMatchObject({ creditNumber: "CN-DUP" });
    await deleteCreditNotes(actor, [first.id]);
    await expect(newNote(actor, supplier, "10", "CN-DUP")).resolves.toMatchObject({ creditNumber: "CN-DUP" });
  });
});

describe("updateCreditNote", () => {
  it("edits the total and the supplier reference while UNALLOCATED, each with the latest modificationTime", async () => {
    const { supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100");
    const edited = await updateCreditNote(actor, note.id, { path: "/total", value: "250.05", modificationTime: note.modificationTime });
    expect(edited.total).toBe(25_005);
    expect(edited.modificationTime).not.toBe(note.modificationTime);
    const referenced = await updateCreditNote(actor, note.id, { path: "/supplier_reference", value: "REF_1-a", modificationTime: edited.modificationTime });
    expect(referenced.supplierReference).toBe("REF_1-a");
    expect(await storedNote(note.id)).toMatchObject({ total: "250.05", supplier_reference: "REF_1-a" });
    expect(await AuditLogEntry.count({ where: { action: "credit_note.update", entityId: String(note.id) } })).toBe(2);
  });

  it("refuses an invalid total or reference with the spec's messages on their fields", async () => {
    const { supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100");
    const zero = await refusal(updateCreditNote(actor, note.id, { path: "/total", value: "0", modificationTime: note.modificationTime }));
    expect([zero.status, zero.message, zero.field]).toEqual([422, AMOUNT_NOT_ABOVE_ZERO, "total"]);
    const reference = await refusal(updateCreditNote(actor, note.id, { path: "/supplier_reference", value: "bad ref!", modificationTime: note.modificationTime }));
    expect([reference.status, reference.message, reference.field]).toEqual([422, SUPPLIER_REFERENCE_INVALID, "supplierReference"]);
    expect(await storedNote(note.id)).toMatchObject({ total: "100.00", supplier_reference: null });
  });

  it("refuses an edit once the note holds credit", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100");
    const bill = await makeBill(supplier, purchaser, 50_000);
    const { creditNote } = await allocateCreditNote(actor, note.id, [{ invoiceId: bill.id, allocatedAmount: 1_000 }]);
    const error = await refusal(updateCreditNote(actor, note.id, { path: "/total", value: "200", modificationTime: creditNote.modificationTime }));
    expect([error.status, error.message]).toEqual([409, EDIT_ONLY_UNALLOCATED]);
    expect((await storedNote(note.id)).total).toBe("100.00");
  });

  it("refuses a stale modificationTime and writes nothing", async () => {
    const { supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100");
    await updateCreditNote(actor, note.id, { path: "/supplier_reference", value: "FIRST", modificationTime: note.modificationTime });
    const before = await storedNote(note.id);
    const stale = await refusal(updateCreditNote(actor, note.id, { path: "/total", value: "1", modificationTime: note.modificationTime }));
    expect([stale.status, stale.message]).toEqual([409, STALE_CREDIT_NOTE]);
    // A malformed token is stale too (not a database error).
    const malformed = await refusal(updateCreditNote(actor, note.id, { path: "/total", value: "1", modificationTime: "1" }));
    expect([malformed.status, malformed.message]).toEqual([409, STALE_CREDIT_NOTE]);
    expect(await storedNote(note.id)).toEqual(before);
    expect(await AuditLogEntry.count({ where: { action: "credit_note.update", entityId: String(note.id) } })).toBe(1);
  });
});

describe("allocateCreditNote", () => {
  it("allocates across two bills and the discounted totals change to the cent in the same transaction", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const billA = await makeBill(supplier, purchaser, 8_000);
    const billB = await makeBill(supplier, purchaser, 12_345);
    const result = await allocateCreditNote(actor, note.id, [
      { invoiceId: billB.id, allocatedAmount: 3_334 },
      { invoiceId: billA.id, allocatedAmount: 6_666 },
    ]);
    expect(result.creditNote).toMatchObject({ allocatedTotal: 10_000, unallocatedTotal: 0, status: "ALLOCATED" });
    expect(result.creditNote.invoiceAllocations).toEqual(
      [
        { invoiceId: billA.id, invoiceNumber: billA.invoiceNumber, allocatedAmount: 6_666 },
        { invoiceId: billB.id, invoiceNumber: billB.invoiceNumber, allocatedAmount: 3_334 },
      ].sort((x, y) => x.invoiceId - y.invoiceId),
    );
    // Returned from inside the transaction: the triggers had already recomputed the bills.
    expect(result.bills.map((b) => [b.invoiceId, b.creditNoteValue, b.discountedTotal])).toEqual(
      [
        [billA.id, 6_666, 1_334],
        [billB.id, 3_334, 9_011],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    expect(await storedBill(billA.id)).toEqual({ credit_note_value: "66.66", discounted_total: "13.34" });
    expect(await storedBill(billB.id)).toEqual({ credit_note_value: "33.34", discounted_total: "90.11" });
    expect(await AuditLogEntry.count({ where: { action: "credit_note.allocate", entityId: String(note.id) } })).toBe(1);

    // The same set again changes nothing.
    const again = await allocateCreditNote(actor, note.id, [
      { invoiceId: billA.id, allocatedAmount: 6_666 },
      { invoiceId: billB.id, allocatedAmount: 3_334 },
    ]);
    expect(again.creditNote.invoiceAllocations).toEqual(result.creditNote.invoiceAllocations);
    expect(await storedBill(billA.id)).toEqual({ credit_note_value: "66.66", discounted_total: "13.34" });
    expect(await CreditNoteAllocation.count({ where: { creditNoteId: note.id } })).toBe(2);
    expect(await AuditLogEntry.count({ where: { action: "credit_note.allocate", entityId: String(note.id) } })).toBe(1);
  });

  it("refuses over-allocation with the spec's messages and writes nothing", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const billA = await makeBill(supplier, purchaser, 8_000);
    const billB = await makeBill(supplier, purchaser, 8_000);
    await allocateCreditNote(actor, note.id, [{ invoiceId: billA.id, allocatedAmount: 1_000 }]);

    const overCredit = await refusal(
      allocateCreditNote(actor, note.id, [
        { invoiceId: billA.id, allocatedAmount: 5_000 },
        { invoiceId: billB.id, allocatedAmount: 5_001 },
      ]),
    );
    expect([overCredit.status, overCredit.message]).toEqual([422, AMOUNT_EXCEEDS_CREDIT]);
    const overBill = await refusal(allocateCreditNote(actor, note.id, [{ invoiceId: billB.id, allocatedAmount: 8_001 }]));
    expect([overBill.status, overBill.message]).toEqual([422, ALLOCATION_EXCEEDS_INVOICE]);
    const negative = await refusal(allocateCreditNote(actor, note.id, [{ invoiceId: billB.id, allocatedAmount: -1 }]));
    expect([negative.status, negative.message]).toEqual([422, INVALID_CREDIT_INPUT]);

    expect(await storedBill(billA.id)).toEqual({ credit_note_value: "10.00", discounted_total: "70.00" });
    expect(await storedBill(billB.id)).toEqual({ credit_note_value: "0.00", discounted_total: "80.00" });
    expect((await storedNote(note.id)).allocated_total).toBe("10.00");
  });

  it("counts another note's credit and payments against a bill's amount due", async () => {
    const { purchaser, supplier, actor } = await parties();
    const first = await newNote(actor, supplier, "50.00");
    const second = await newNote(actor, supplier, "50.00");
    const bill = await makeBill(supplier, purchaser, 8_000, { totalPaid: 1_000 });
    await allocateCreditNote(actor, first.id, [{ invoiceId: bill.id, allocatedAmount: 5_000 }]);
    // 80.00 − 10.00 paid − 50.00 credit leaves 20.00.
    const error = await refusal(allocateCreditNote(actor, second.id, [{ invoiceId: bill.id, allocatedAmount: 2_001 }]));
    expect(error.message).toBe(ALLOCATION_EXCEEDS_INVOICE);
    await allocateCreditNote(actor, second.id, [{ invoiceId: bill.id, allocatedAmount: 2_000 }]);
    expect(await storedBill(bill.id)).toEqual({ credit_note_value: "70.00", discounted_total: "10.00" });
  });

  it("refuses another company's bill as not found and a paid bill, writing nothing", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const mine = await makeBill(supplier, purchaser, 8_000);
    const othersBill = await makeBill(supplier, await makeCompany(), 8_000);
    const foreign = await refusal(
      allocateCreditNote(actor, note.id, [
        { invoiceId: mine.id, allocatedAmount: 100 },
        { invoiceId: othersBill.id, allocatedAmount: 100 },
      ]),
    );
    expect([foreign.status, foreign.message]).toEqual([404, BILL_NOT_FOUND]);

    const paid = await makeBill(supplier, purchaser, 8_000, { billStatus: "PAID" });
    const paidError = await refusal(allocateCreditNote(actor, note.id, [{ invoiceId: paid.id, allocatedAmount: 100 }]));
    expect([paidError.status, paidError.message]).toEqual([422, BILL_PAID]);

    // A bill of the purchaser from another supplier takes none of this supplier's credit.
    const otherSupplier = await makeCompany();
    const otherSuppliersBill = await makeBill(otherSupplier, purchaser, 8_000);
    expect((await refusal(allocateCreditNote(actor, note.id, [{ invoiceId: otherSuppliersBill.id, allocatedAmount: 100 }]))).status).toBe(422);

    expect(await CreditNoteAllocation.count({ where: { creditNoteId: note.id } })).toBe(0);
    expect(await storedBill(mine.id)).toEqual({ credit_note_value: "0.00", discounted_total: "80.00" });
  });

  it("replaces the whole set (PUT): a bill left out gets its credit back", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const billA = await makeBill(supplier, purchaser, 8_000);
    const billB = await makeBill(supplier, purchaser, 8_000);
    const billC = await makeBill(supplier, purchaser, 8_000);
    await allocateCreditNote(actor, note.id, [
      { invoiceId: billA.id, allocatedAmount: 6_000 },
      { invoiceId: billB.id, allocatedAmount: 4_000 },
    ]);
    // The note is fully allocated; moving A's credit to C is allowed because A's credit is released in the same call.
    const result = await allocateCreditNote(actor, note.id, [
      { invoiceId: billB.id, allocatedAmount: 2_000 },
      { invoiceId: billC.id, allocatedAmount: 8_000 },
    ]);
    expect(result.creditNote.invoiceAllocations.map((a) => [a.invoiceId, a.allocatedAmount])).toEqual([
      [billB.id, 2_000],
      [billC.id, 8_000],
    ]);
    expect(result.creditNote.status).toBe("ALLOCATED");
    expect(await storedBill(billA.id)).toEqual({ credit_note_value: "0.00", discounted_total: "80.00" });
    expect(await storedBill(billB.id)).toEqual({ credit_note_value: "20.00", discounted_total: "60.00" });
    expect(await storedBill(billC.id)).toEqual({ credit_note_value: "80.00", discounted_total: "0.00" });

    const cleared = await allocateCreditNote(actor, note.id, []);
    expect(cleared.creditNote).toMatchObject({ status: "UNALLOCATED", allocatedTotal: 0, invoiceAllocations: [] });
  });
});

describe("allocateCreditNote under concurrency", () => {
  it("serialises two notes crediting one bill: the second sees the first's credit and is refused", async () => {
    const { purchaser, supplier, actor } = await parties();
    const first = await newNote(actor, supplier, "30.00");
    const second = await newNote(actor, supplier, "30.00");
    // 80.00 with 30.00 paid: 50.00 due. The database's own CHECK (credit <= total) would let 60.00 of credit through.
    const bill = await makeBill(supplier, purchaser, 8_000, { totalPaid: 3_000 });
    // Hold the bill so both calls are under way before either can finish.
    const blocker = await sequelize.transaction();
    await Invoice.findByPk(bill.id, { lock: blocker.LOCK.UPDATE, transaction: blocker });
    const calls = [first, second].map((note) =>
      allocateCreditNote(actor, note.id, [{ invoiceId: bill.id, allocatedAmount: 3_000 }]).then(
        () => "ok",
        (error: unknown) => (error instanceof AppError ? error.message : String(error)),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await blocker.commit();
    expect((await Promise.all(calls)).sort()).toEqual([ALLOCATION_EXCEEDS_INVOICE, "ok"].sort());
    expect(await storedBill(bill.id)).toEqual({ credit_note_value: "30.00", discounted_total: "50.00" });
  });

  it("lets exactly one of two edits made from the same read through", async () => {
    const { supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100");
    const outcomes = await Promise.all(
      ["200", "300"].map((value) =>
        updateCreditNote(actor, note.id, { path: "/total", value, modificationTime: note.modificationTime }).then(
          (updated) => String(updated.total),
          (error: unknown) => (error instanceof AppError ? error.message : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === STALE_CREDIT_NOTE)).toHaveLength(1);
    const winner = outcomes.find((outcome) => outcome !== STALE_CREDIT_NOTE);
    expect((await storedNote(note.id)).total).toBe(winner === "20000" ? "200.00" : "300.00");
  });
});

describe("suggestEqualAllocation", () => {
  it("shares the credit equally, capped at each bill's amount due, summing to the credit", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const small = await makeBill(supplier, purchaser, 1_000);
    const big = await makeBill(supplier, purchaser, 50_000);
    const other = await makeBill(supplier, purchaser, 50_000);
    await allocateCreditNote(actor, note.id, [{ invoiceId: small.id, allocatedAmount: 400 }]);
    const suggestion = await suggestEqualAllocation(actor, note.id, [small.id, big.id, other.id]);
    // 100.00 to share (96.00 unallocated + 4.00 already on the small bill); the small bill takes its 10.00.
    expect(suggestion).toEqual([
      { invoiceId: small.id, allocated: 1_000 },
      { invoiceId: big.id, allocated: 4_500 },
      { invoiceId: other.id, allocated: 4_500 },
    ]);
    expect(suggestion.reduce((sum, row) => sum + row.allocated, 0)).toBe(10_000);
    // The suggestion is accepted as is.
    const result = await allocateCreditNote(actor, note.id, suggestion.map((row) => ({ invoiceId: row.invoiceId, allocatedAmount: row.allocated })));
    expect(result.creditNote.allocatedTotal).toBe(10_000);

    // An odd cent goes to the first bill given.
    const odd = await newNote(actor, supplier, "1.01");
    const split = await suggestEqualAllocation(actor, odd.id, [other.id, big.id]);
    expect(split).toEqual([
      { invoiceId: other.id, allocated: 51 },
      { invoiceId: big.id, allocated: 50 },
    ]);
  });
});

describe("deleteCreditNotes", () => {
  it("deletes in batch with per-id results, releasing credit first", async () => {
    const { purchaser, supplier, actor } = await parties();
    const plain = await newNote(actor, supplier, "10");
    const allocated = await newNote(actor, supplier, "20");
    const bill = await makeBill(supplier, purchaser, 8_000);
    await allocateCreditNote(actor, allocated.id, [{ invoiceId: bill.id, allocatedAmount: 2_000 }]);
    const paidBill = await makeBill(supplier, purchaser, 8_000);
    const onPaid = await newNote(actor, supplier, "5");
    await allocateCreditNote(actor, onPaid.id, [{ invoiceId: paidBill.id, allocatedAmount: 500 }]);
    await paidBill.update({ billStatus: "PAID" });

    const results = await deleteCreditNotes(actor, [plain.id, allocated.id, onPaid.id, 999_999_999]);
    expect(results).toEqual([
      { id: plain.id, status: "SUCCESS", message: "Deleted" },
      { id: allocated.id, status: "SUCCESS", message: "Deleted" },
      { id: onPaid.id, status: "FAILED", message: "Credit note is applied to a paid bill and cannot be deleted" },
      { id: 999_999_999, status: "FAILED", message: CREDIT_NOTE_NOT_FOUND },
    ]);
    expect((await storedNote(plain.id)).deleted_at).not.toBeNull();
    expect(await storedNote(allocated.id)).toMatchObject({ allocated_total: "0.00", status: "UNALLOCATED" });
    expect((await storedNote(allocated.id)).deleted_at).not.toBeNull();
    expect(await storedBill(bill.id)).toEqual({ credit_note_value: "0.00", discounted_total: "80.00" });
    expect(await storedNote(onPaid.id)).toMatchObject({ allocated_total: "5.00", deleted_at: null });
    expect(await storedBill(paidBill.id)).toEqual({ credit_note_value: "5.00", discounted_total: "75.00" });
    expect(await listCreditNotes(actor)).toEqual([expect.objectContaining({ id: onPaid.id })]);
    expect(await AuditLogEntry.count({ where: { action: "credit_note.delete", companyId: purchaser.id } })).toBe(2);
  });
});

describe("scoping", () => {
  it("another company can neither read, edit, delete nor allocate a credit note (404), and writes nothing", async () => {
    const { purchaser, supplier, actor } = await parties();
    const note = await newNote(actor, supplier, "100.00");
    const bill = await makeBill(supplier, purchaser, 8_000);
    const before = await storedNote(note.id);

    for (const outsider of [await actorOf(await makeCompany()), await actorOf(supplier)]) {
      expect([(await refusal(getCreditNote(outsider, note.id))).status, (await refusal(getCreditNote(outsider, note.id))).message]).toEqual([404, CREDIT_NOTE_NOT_FOUND]);
      expect(await listCreditNotes(outsider, { ids: [note.id] })).toEqual([]);
      expect((await refusal(updateCreditNote(outsider, note.id, { path: "/total", value: "1", modificationTime: note.modificationTime }))).status).toBe(404);
      expect(await deleteCreditNotes(outsider, [note.id])).toEqual([{ id: note.id, status: "FAILED", message: CREDIT_NOTE_NOT_FOUND }]);
      expect((await refusal(allocateCreditNote(outsider, note.id, [{ invoiceId: bill.id, allocatedAmount: 100 }]))).status).toBe(404);
      expect((await refusal(suggestEqualAllocation(outsider, note.id, [bill.id]))).status).toBe(404);
    }
    expect(await storedNote(note.id)).toEqual(before);
    expect(await storedBill(bill.id)).toEqual({ credit_note_value: "0.00", discounted_total: "80.00" });

    // The owner lists and reads it, filtered by supplier and ids.
    expect((await listCreditNotes(actor, { supplierId: supplier.id })).map((n) => n.id)).toEqual([note.id]);
    expect(await listCreditNotes(actor, { supplierId: (await makeCompany()).id })).toEqual([]);
    expect((await getCreditNote(actor, note.id)).creditNumber).toBe(note.creditNumber);
  });
});
