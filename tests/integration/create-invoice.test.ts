/**
 * Creating invoices and bills by hand (p2 §5 Add invoice/bill, p3 §5 Create invoice/bill) against PostgreSQL. Each
 * test makes its own companies, so tests never share rows. Amounts are integer cents.
 */
import { afterAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { AccountingConnection, Counterparty, GlAccount, Invoice, InvoiceItem, PaymentTerm, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { addDays, todayIn } from "../../app/lib/dates";
import {
  AMOUNT_BELOW_ONE,
  AMOUNT_NOT_BELOW_PO_LIMIT,
  CURRENT_DATE,
  CURRENT_DUE_DATE,
  FIELD_REQUIRED,
  FUTURE_ISSUE_DATE,
  PAST_DATE,
  PAST_DUE_DATE,
  SELECT_COMPANY,
  SELECT_YOUR_COMPANY,
  defaultDueDate,
} from "../../app/modules/invoices/schema";
import {
  BILL_NUMBER_TAKEN,
  INVALID_GL_CODE,
  INVOICE_NUMBER_TAKEN,
  createInvoiceRecord,
  getCreateContext,
  reviewInvoiceRecord,
} from "../../app/modules/invoices/create.server";
import { fieldErrorsOf } from "../../app/lib/errors";
import { COUNTERPARTY_NOT_FOUND, getCounterparty, searchCounterparties } from "../../app/modules/counterparties/service.server";
import { makeCompany, makeCustomerLink, makeSupplierLink, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let sequence = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;
const today = todayIn("NZ");
const inDays = (days: number) => addDays(today, days);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

/** A company (the actor) with one supplier and one customer among its counterparties. */
async function parties(name = "Acme") {
  const own = await makeCompany();
  const supplier = await makeCompany({ companyName: `${name} Supplier ${unique("s")}` });
  const customer = await makeCompany({ companyName: `${name} Customer ${unique("c")}` });
  await makeSupplierLink(own, supplier, { contactEmail: "ap@supplier.test" });
  await makeCustomerLink(own, customer, { contactEmail: "ap@customer.test" });
  return { own, supplier, customer, actor: await actorOf(own) };
}

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const countFor = (companyId: number) =>
  Invoice.count({ where: { issuedFor: companyId } }).then(async (n) => n + (await Invoice.count({ where: { issuedBy: companyId } })));

function screenItems(rows: { description?: string; units?: string; unitPrice?: string; unitType?: string }[]) {
  // The form starts with 5 empty items; the untouched ones are not items.
  const empty = { description: "", units: "", unitPrice: "", unitType: "HOURS" };
  return [...rows.map((row) => ({ ...empty, ...row })), ...Array.from({ length: Math.max(0, 5 - rows.length) }, () => empty)];
}

describe("counterparty lookup", () => {
  it("searches the actor's counterparties by name, in a role, with the payment term", async () => {
    const { own, supplier, customer, actor } = await parties("Lookup");
    const term = await PaymentTerm.create({ companyId: own.id, frequency: "MONTHLY", date: 15 });
    await Counterparty.update({ paymentTermId: term.id }, { where: { companyId: own.id, counterpartyCompanyId: supplier.id } });
    const suppliers = await searchCounterparties(actor, { name: "lookup supp", role: "SUPPLIER" });
    expect(suppliers).toEqual([
      expect.objectContaining({
        id: supplier.id,
        companyName: supplier.companyName,
        paymentTermId: term.id,
        paymentTerm: { frequency: "MONTHLY", date: 15, dayOfWeek: null },
      }),
    ]);
    expect((await searchCounterparties(actor, { name: "Lookup", role: "CUSTOMER" })).map((o) => o.id)).toEqual([customer.id]);
    expect(await searchCounterparties(actor, { name: "100%_" })).toEqual([]);

    // Another company's counterparties are not the actor's.
    const other = await actorOf(await makeCompany());
    expect(await searchCounterparties(other, { name: "Lookup" })).toEqual([]);
    expect((await refusal(getCounterparty(other, supplier.id))).message).toBe(COUNTERPARTY_NOT_FOUND);
  });
});

describe("createInvoiceRecord from the Create screen", () => {
  it("computes amounts, sub-total, GST and total in cents on the server, ignoring client totals", async () => {
    const { own, customer, actor } = await parties();
    const record = await createInvoiceRecord(actor, "INVOICE", {
      counterpartyId: String(customer.id),
      invoiceNumber: " INV-1 ",
      dueDate: ddmmyyyy(inDays(30)),
      subTotal: "1",
      gst: "1",
      total: "2",
      items: screenItems([
        { description: "Consulting", units: "1.5", unitPrice: "$100.01", unitType: "HOURS", amount: "999" } as never,
        { description: "Boxes", units: "3", unitPrice: "0.33", unitType: "QUANTITY" },
      ]),
    });
    // 1.5 × 100.01 = 150.015 -> 150.02 (half-up); 3 × 0.33 = 0.99; sub-total 151.01; GST 22.6515 -> 22.65.
    expect(record).toMatchObject({ kind: "INVOICE", invoiceNumber: "INV-1", subTotal: 15_101, gst: 2_265, total: 17_366, contactEmail: "ap@customer.test" });
    const [row] = await sequelize.query<Record<string, string>>(
      "SELECT type, issued_by, issued_for, sub_total::text, gst::text, total::text, loaded_by, issuer_contact_email, due_date::text FROM invoices WHERE id = $1",
      { bind: [record.id], type: QueryTypes.SELECT }
    );
    expect(row).toMatchObject({
      type: "INVOICE",
      issued_by: own.id,
      issued_for: customer.id,
      sub_total: "151.01",
      gst: "22.65",
      total: "173.66",
      loaded_by: "EARLYBIRD",
      issuer_contact_email: "ap@customer.test",
      due_date: inDays(30),
    });
    const items = await InvoiceItem.findAll({ where: { invoiceId: record.id }, order: [["id", "ASC"]] });
    expect(items.map((item) => [item.description, item.units, item.unitType, item.unitPrice, item.amount])).toEqual([
      ["Consulting", "1.50", "HOURS", 10_001, 15_002],
      ["Boxes", "3.00", "QUANTITY", 33, 99],
    ]);
    for (const item of items) expect(item.itemNumber).toBeGreaterThanOrEqual(1);
    expect(new Set(items.map((item) => item.itemNumber)).size).toBe(2);
  });

  it("creates a bill from the supplier to the actor", async () => {
    const { own, supplier, actor } = await parties();
    const record = await createInvoiceRecord(actor, "BILL", {
      counterpartyId: supplier.id,
      invoiceNumber: "B-1",
      dueDate: inDays(10),
      items: screenItems([{ description: "Flour", units: "10", unitPrice: "12.50" }]),
    });
    const stored = await Invoice.findByPk(record.id);
    expect(stored).toMatchObject({
      type: "BILL",
      issuedBy: supplier.id,
      issuedFor: own.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: own.companyName,
      total: 14_375,
    });
  });

  it("gives the screen's messages and writes nothing", async () => {
    const { own, customer, actor } = await parties();
    const noCompany = await refusal(
      createInvoiceRecord(actor, "INVOICE", { counterpartyId: "", invoiceNumber: "", dueDate: ddmmyyyy(today), items: screenItems([]) })
    );
    expect(fieldErrorsOf(noCompany)).toMatchObject({
      counterpartyId: SELECT_YOUR_COMPANY,
      invoiceNumber: FIELD_REQUIRED,
      dueDate: CURRENT_DATE,
      total: AMOUNT_BELOW_ONE,
    });
    const past = await refusal(
      createInvoiceRecord(actor, "INVOICE", {
        counterpartyId: customer.id,
        invoiceNumber: "X",
        dueDate: ddmmyyyy(inDays(-1)),
        items: screenItems([{ units: "1", unitPrice: "5" }]),
      })
    );
    expect(fieldErrorsOf(past)).toEqual({ dueDate: PAST_DATE });
    const negative = await refusal(
      createInvoiceRecord(actor, "INVOICE", {
        counterpartyId: customer.id,
        invoiceNumber: "X",
        dueDate: inDays(5),
        items: screenItems([{ units: "-1", unitPrice: "5" }]),
      })
    );
    expect(Object.keys(fieldErrorsOf(negative))).toEqual(["items.0.units"]);
    expect(await countFor(own.id)).toBe(0);
  });

  it("refuses another company's counterparty and writes nothing", async () => {
    const { own, actor } = await parties();
    const stranger = await parties("Stranger");
    const error = await refusal(
      createInvoiceRecord(actor, "INVOICE", {
        counterpartyId: stranger.customer.id,
        invoiceNumber: "X",
        dueDate: inDays(5),
        items: screenItems([{ units: "1", unitPrice: "5" }]),
      })
    );
    expect(error.status).toBe(404);
    expect(error.field).toBe("counterpartyId");
    // A supplier is not a customer either.
    const wrongRole = await refusal(
      createInvoiceRecord(actor, "INVOICE", {
        counterpartyId: stranger.own.id,
        invoiceNumber: "X",
        dueDate: inDays(5),
        items: screenItems([{ units: "1", unitPrice: "5" }]),
      })
    );
    expect(wrongRole.status).toBe(404);
    expect(await countFor(own.id)).toBe(0);
    expect(await countFor(stranger.customer.id)).toBe(0);
  });
});

describe("createInvoiceRecord from the Add dialog", () => {
  const bill = (supplierId: number, fields: Record<string, unknown> = {}) => ({
    counterpartyId: String(supplierId),
    invoiceNumber: unique("B"),
    dueDate: ddmmyyyy(inDays(20)),
    issueDate: ddmmyyyy(inDays(-2)),
    amount: "1,234.56",
    ...fields,
  });

  it("records a bill with the amount as its total and no items", async () => {
    const { own, supplier, actor } = await parties();
    const record = await createInvoiceRecord(actor, "BILL", bill(supplier.id, { billGlCode: "", orderNumber: "PO-1" }));
    expect(record).toMatchObject({ total: 123_456, subTotal: null, gst: null, issueDate: inDays(-2), orderNumber: "PO-1", items: [] });
    expect(await Invoice.findByPk(record.id)).toMatchObject({ issuedBy: supplier.id, issuedFor: own.id, total: 123_456, createBillInXero: false });
  });

  it("gives a bill without a due date the supplier's payment-term default", async () => {
    const { own, supplier, actor } = await parties();
    const term = await PaymentTerm.create({ companyId: own.id, frequency: "MONTHLY", date: 7 });
    await Counterparty.update({ paymentTermId: term.id }, { where: { companyId: own.id, counterpartyCompanyId: supplier.id } });
    const record = await createInvoiceRecord(actor, "BILL", bill(supplier.id, { dueDate: "" }));
    expect(record.dueDate).toBe(defaultDueDate(today, { frequency: "MONTHLY", date: 7, dayOfWeek: null }, "BILL"));
    expect(record.dueDate.slice(8)).toBe("07");
  });

  it("gives every §5 message on its field", async () => {
    const { own, supplier, actor } = await parties();
    const empty = await refusal(createInvoiceRecord(actor, "BILL", { counterpartyId: "", invoiceNumber: " ", dueDate: "", issueDate: "", amount: "" }));
    expect(fieldErrorsOf(empty)).toEqual({
      counterpartyId: SELECT_COMPANY,
      invoiceNumber: FIELD_REQUIRED,
      dueDate: FIELD_REQUIRED,
      issueDate: FIELD_REQUIRED,
      amount: FIELD_REQUIRED,
    });
    const dates = await refusal(
      createInvoiceRecord(actor, "BILL", bill(supplier.id, { dueDate: ddmmyyyy(inDays(-1)), issueDate: ddmmyyyy(inDays(1)), amount: "0.99" }))
    );
    expect(fieldErrorsOf(dates)).toEqual({ dueDate: PAST_DUE_DATE, issueDate: FUTURE_ISSUE_DATE, amount: AMOUNT_BELOW_ONE });
    const todayDue = await refusal(reviewInvoiceRecord(actor, "BILL", bill(supplier.id, { dueDate: ddmmyyyy(today) })));
    expect(fieldErrorsOf(todayDue)).toEqual({ dueDate: CURRENT_DUE_DATE });
    expect(await countFor(own.id)).toBe(0);
  });

  it("refuses a repeated number: per supplier for invoices, per purchaser and supplier for bills", async () => {
    const { supplier, customer, actor } = await parties();
    const number = unique("N");
    await createInvoiceRecord(actor, "INVOICE", { counterpartyId: customer.id, invoiceNumber: number, dueDate: inDays(3), amount: "10" });
    const again = await refusal(
      createInvoiceRecord(actor, "INVOICE", { counterpartyId: customer.id, invoiceNumber: number, dueDate: inDays(3), amount: "10" })
    );
    expect([again.status, again.field, again.message]).toEqual([409, "invoiceNumber", INVOICE_NUMBER_TAKEN]);

    await createInvoiceRecord(actor, "BILL", bill(supplier.id, { invoiceNumber: number }));
    const billAgain = await refusal(createInvoiceRecord(actor, "BILL", bill(supplier.id, { invoiceNumber: number })));
    expect([billAgain.field, billAgain.message]).toEqual(["invoiceNumber", BILL_NUMBER_TAKEN]);
    // Another purchaser may hold the same number from the same supplier.
    const other = await makeCompany();
    await makeSupplierLink(other, supplier);
    await expect(createInvoiceRecord(await actorOf(other), "BILL", bill(supplier.id, { invoiceNumber: number }))).resolves.toMatchObject({
      invoiceNumber: number,
    });
  });

  it("accepts only the company's GL codes", async () => {
    const { own, supplier, actor } = await parties();
    await GlAccount.create({
      companyId: own.id,
      accountCode: "300",
      accountName: "Purchases",
      accountId: null,
      accountType: null,
      accountClassification: null,
      taxExempted: null,
    });
    const stranger = await makeCompany();
    await GlAccount.create({
      companyId: stranger.id,
      accountCode: "999",
      accountName: "Other",
      accountId: null,
      accountType: null,
      accountClassification: null,
      taxExempted: null,
    });
    const bad = await refusal(createInvoiceRecord(actor, "BILL", bill(supplier.id, { billGlCode: "999" })));
    expect([bad.field, bad.message]).toEqual(["billGlCode", INVALID_GL_CODE]);
    expect(await countFor(own.id)).toBe(0);
    await expect(createInvoiceRecord(actor, "BILL", bill(supplier.id, { billGlCode: "300" }))).resolves.toMatchObject({ billGlCode: "300" });
    expect((await getCreateContext(actor)).glAccounts).toEqual([{ code: "300", name: "Purchases" }]);
  });

  it("applies the PO rules only when creating in Xero with a Xero connection", async () => {
    const { own, supplier, actor } = await parties();
    // No connection: the tick is ignored, so no PO is required.
    await expect(createInvoiceRecord(actor, "BILL", bill(supplier.id, { createInXero: "on", amount: "6000" }))).resolves.toMatchObject({
      createInXero: false,
      total: 600_000,
    });

    await AccountingConnection.create({ companyId: own.id, provider: "XERO" });
    expect((await getCreateContext(actor)).xeroConnected).toBe(true);
    const noPo = await refusal(createInvoiceRecord(actor, "BILL", bill(supplier.id, { createInXero: "on", amount: "6000" })));
    expect(fieldErrorsOf(noPo)).toEqual({ amount: AMOUNT_NOT_BELOW_PO_LIMIT, orderNumber: FIELD_REQUIRED });
    const created = await createInvoiceRecord(actor, "BILL", bill(supplier.id, { createInXero: "on", orderNumber: "PO-9", amount: "4999.99" }));
    expect(await Invoice.findByPk(created.id)).toMatchObject({ createBillInXero: true, orderNumber: "PO-9" });
    // "PO not required" lifts both rules.
    await expect(createInvoiceRecord(actor, "BILL", bill(supplier.id, { createInXero: "on", poNotRequired: "on", amount: "6000" }))).resolves.toMatchObject({
      createInXero: true,
      orderNumber: null,
    });
  });
});
