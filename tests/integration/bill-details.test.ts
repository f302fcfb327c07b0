/**
 * What the credit-note dialogs and Bill Details read (bill-details.server.ts) against PostgreSQL: the supplier's
 * bills that can take credit, a note as seen from its supplier's page, one bill with the credit applied; all scoped
 * by the actor's company and the page's supplier.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { CreditNote, Invoice, InvoiceItem, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { getBillDetails, getSupplierCreditNote, listAllocatableBills, localeOf } from "../../app/modules/invoices/bill-details.server";
import { allocateCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let sequence = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

async function makeBill(
  supplier: Company,
  purchaser: Company,
  total: Cents,
  dueDate: string,
  fields: Partial<{ billStatus: "PAID"; paidDate: string; totalPaid: Cents }> = {}
) {
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: unique("B"),
    dueDate,
    total,
    ...fields,
  });
}

async function makeNote(supplier: Company, purchaser: Company, total: Cents) {
  return CreditNote.create({
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    creditNumber: unique("CN"),
    total,
    issueDate: "2026-11-01",
  });
}

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function world() {
  const purchaser = await makeCompany();
  const supplier = await makeCompany();
  const otherSupplier = await makeCompany();
  const actor = await actorOf(purchaser);
  const bills = [
    await makeBill(supplier, purchaser, 10_000, "2030-01-05"),
    await makeBill(supplier, purchaser, 20_000, "2030-01-01"),
    await makeBill(supplier, purchaser, 30_000, "2030-01-03"),
    await makeBill(supplier, purchaser, 40_000, "2030-01-04"),
    await makeBill(supplier, purchaser, 50_000, "2029-12-01", { billStatus: "PAID", paidDate: "2029-11-30" }),
    await makeBill(supplier, purchaser, 60_000, "2030-01-02", { totalPaid: 60_000 }),
  ];
  const foreign = await makeBill(otherSupplier, purchaser, 70_000, "2030-01-01");
  const note = await makeNote(supplier, purchaser, 15_000);
  return { purchaser, supplier, otherSupplier, actor, bills, foreign, note };
}

describe("listAllocatableBills", () => {
  it("offers the first 3 open bills of the supplier, soonest due first, and lists the open ones for Edit Selection", async () => {
    const { actor, supplier, bills, note } = await world();
    const result = await listAllocatableBills(actor, supplier.id, note.id);
    // Paid, fully paid and other suppliers' bills are not open.
    expect(result.bills.map((b) => b.invoiceId)).toEqual([bills[1].id, bills[2].id, bills[3].id]);
    expect(result.bills.map((b) => b.amountDue)).toEqual([20_000, 30_000, 40_000]);
    expect(result.openTotal).toBe(4);
    expect(result.open.map((b) => b.invoiceId)).toEqual([bills[1].id, bills[2].id, bills[3].id]);
    const more = await listAllocatableBills(actor, supplier.id, note.id, { openLimit: 10 });
    expect(more.open.map((b) => b.invoiceId)).toEqual([bills[1].id, bills[2].id, bills[3].id, bills[0].id]);
  });

  it("loads the bills a PARTIALLY_ALLOCATED note holds credit on first, and keeps them in any selection", async () => {
    const { actor, supplier, bills, note } = await world();
    await allocateCreditNote(actor, note.id, [{ invoiceId: bills[0].id, allocatedAmount: 4_000 }]);
    const result = await listAllocatableBills(actor, supplier.id, note.id);
    expect(result.bills.map((b) => [b.invoiceId, b.alreadyAllocated, b.amountDue])).toEqual([
      [bills[0].id, 4_000, 6_000],
      [bills[1].id, 0, 20_000],
      [bills[2].id, 0, 30_000],
      [bills[3].id, 0, 40_000],
    ]);
    const chosen = await listAllocatableBills(actor, supplier.id, note.id, { selected: [bills[3].id] });
    expect(chosen.bills.map((b) => b.invoiceId)).toEqual([bills[0].id, bills[3].id]);
  });

  it("drops selected ids that are not this supplier's bills for the actor", async () => {
    const { actor, supplier, bills, foreign, note } = await world();
    const stranger = await world();
    const result = await listAllocatableBills(actor, supplier.id, note.id, { selected: [foreign.id, stranger.bills[1].id, bills[2].id] });
    expect(result.bills.map((b) => b.invoiceId)).toEqual([bills[2].id]);
  });

  it("answers not found for a note of another supplier or another company", async () => {
    const { actor, supplier, otherSupplier, note } = await world();
    const stranger = await world();
    expect((await refusal(listAllocatableBills(actor, otherSupplier.id, note.id))).status).toBe(404);
    expect((await refusal(listAllocatableBills(actor, supplier.id, stranger.note.id))).status).toBe(404);
    expect((await refusal(listAllocatableBills(stranger.actor, supplier.id, note.id))).status).toBe(404);
  });
});

describe("getSupplierCreditNote", () => {
  it("returns the note only on its own supplier's page", async () => {
    const { actor, supplier, otherSupplier, note } = await world();
    const view = await getSupplierCreditNote(actor, supplier.id, note.id);
    expect(view).toMatchObject({ id: note.id, total: 15_000, unallocatedTotal: 15_000, status: "UNALLOCATED" });
    expect((await refusal(getSupplierCreditNote(actor, otherSupplier.id, note.id))).status).toBe(404);
    const stranger = await world();
    expect((await refusal(getSupplierCreditNote(stranger.actor, supplier.id, note.id))).status).toBe(404);
  });
});

describe("getBillDetails", () => {
  it("shows the bill, its items and the credit applied with the notes that applied it", async () => {
    const { actor, purchaser, supplier, bills, note } = await world();
    const second = await makeNote(supplier, purchaser, 5_000);
    await InvoiceItem.create({
      invoiceId: bills[2].id,
      itemNumber: 1,
      description: "Crates",
      units: "3",
      unitType: "QUANTITY",
      unitPrice: 10_000,
      amount: 30_000,
    });
    await allocateCreditNote(actor, note.id, [{ invoiceId: bills[2].id, allocatedAmount: 12_345 }]);
    await allocateCreditNote(actor, second.id, [{ invoiceId: bills[2].id, allocatedAmount: 1_000 }]);
    const details = await getBillDetails(actor, bills[2].id);
    expect(details).toMatchObject({
      id: bills[2].id,
      supplierId: supplier.id,
      total: 30_000,
      creditApplied: 13_345,
      discountedTotal: 16_655,
      dueDate: "2030-01-03",
    });
    expect(details.items).toEqual([{ itemNumber: 1, description: "Crates", units: "3.00", unitType: "QUANTITY", unitPrice: 10_000, amount: 30_000 }]);
    expect(details.creditNotes.map((c) => [c.creditNoteId, c.allocatedAmount])).toEqual([
      [note.id, 12_345],
      [second.id, 1_000],
    ]);
    expect((await getBillDetails(actor, bills[2].id, { supplierId: supplier.id })).id).toBe(bills[2].id);
  });

  it("answers not found for another company's bill or another supplier's page", async () => {
    const { actor, bills, otherSupplier } = await world();
    const stranger = await world();
    expect((await refusal(getBillDetails(stranger.actor, bills[0].id))).status).toBe(404);
    expect((await refusal(getBillDetails(actor, bills[0].id, { supplierId: otherSupplier.id }))).status).toBe(404);
    expect(await localeOf(actor)).toMatch(/^en-(NZ|AU)$/);
  });
});
