/**
 * Issue 13 part 14: the Allocate Credit Note dialog's POST with a bill id that cannot be read removed every allocation
 * of the note and said "Credit allocation successful". It is refused with a clear message and nothing changes.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { CreditNoteAllocation, Invoice, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { INVALID_BILL_SELECTION, NO_BILL_SELECTED } from "../../app/modules/invoices/credit-allocation";
import { allocateCreditNote, createCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { action as allocate } from "../../app/routes/_app.suppliers.$supplierId.credit-notes.$creditNoteId_.allocate";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let supplier: Company;
let noteId = 0;
let billIds: number[] = [];
let cookie = "";

async function bill(purchaser: Company, number: string, total: Cents) {
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: number,
    dueDate: "2030-01-20",
    total,
  });
}

beforeEach(async () => {
  const purchaser = await makeCompany();
  supplier = await makeCompany();
  await makeSupplierLink(purchaser, supplier);
  const user = await makeUser({ company: purchaser });
  const actor: Actor = { userId: user.id, companyId: purchaser.id, roles: ["ROLE_USER"] };
  const bills = [await bill(purchaser, `A-${purchaser.id}`, 10_000 as Cents), await bill(purchaser, `B-${purchaser.id}`, 10_000 as Cents)];
  billIds = bills.map((b) => b.id);
  const note = await createCreditNote(actor, { counterpartyId: String(supplier.id), creditNumber: `CN-${purchaser.id}`, total: "100.00" });
  noteId = note.id;
  await allocateCreditNote(actor, noteId, [
    { invoiceId: billIds[0], allocatedAmount: 3_000 as Cents },
    { invoiceId: billIds[1], allocatedAmount: 2_000 as Cents },
  ]);
  cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
});

const allocations = async () =>
  (await CreditNoteAllocation.findAll({ where: { creditNoteId: noteId }, order: [["invoiceId", "ASC"]] })).map((a) => [a.invoiceId, a.allocatedAmount]);

async function post(entries: [string, string][]) {
  const request = new Request(`http://localhost/suppliers/${supplier.id}/credit-notes/${noteId}/allocate`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([["intent", "allocate"], ...entries]).toString(),
  });
  return (await allocate({ request, params: { supplierId: String(supplier.id), creditNoteId: String(noteId) }, context: {} } as never)) as Response;
}

describe("allocate with a bill id that cannot be read (issue 13 part 14)", () => {
  it.each(["abc", "0", "-1", "", "1e3"])("refuses bill=%j with a clear message and keeps every allocation", async (bad) => {
    const before = await allocations();
    expect(before).toEqual([
      [billIds[0], 3_000],
      [billIds[1], 2_000],
    ]);
    const response = await post([
      ["bill", String(billIds[0])],
      ["amount-" + billIds[0], "40.00"],
      ["bill", bad],
    ]);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ formError: INVALID_BILL_SELECTION });
    expect(await allocations()).toEqual(before);
  });

  it("refuses a form without bills instead of removing the allocations", async () => {
    const before = await allocations();
    const response = await post([]);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ formError: NO_BILL_SELECTED });
    expect(await allocations()).toEqual(before);
  });

  it("still allocates a well-formed form (leaving a bill out gives its credit back)", async () => {
    const response = await post([
      ["bill", String(billIds[0])],
      ["amount-" + billIds[0], "40.00"],
    ]);
    expect(response.status).toBe(302);
    expect(await allocations()).toEqual([[billIds[0], 4_000]]);
  });
});
