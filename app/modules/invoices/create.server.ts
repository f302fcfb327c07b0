/**
 * Creating an invoice or a bill by hand (p2 §2 Create screens and the Add modal, §3, §5 Add invoice/bill, §7 POST
 * /invoice; p3 §5 Create invoice/bill).
 *
 * - INVOICE: the actor's company is the supplier (issued_by); the chosen customer is issued_for.
 * - BILL: the actor's company is the purchaser (issued_for); the chosen supplier is issued_by.
 * The counterparty must be one of the actor's counterparties in that role. With items (the Create screens) the
 * amounts, sub-total, GST and total are computed here; client totals are never read. Without items (the Add modal)
 * the amount entered is the total. `reviewInvoiceRecord` runs every check without writing (the modal's confirm
 * view); `createInvoiceRecord` runs them again and writes the record, its items and an audit entry in one
 * transaction.
 */
import crypto from "node:crypto";
import { QueryTypes, UniqueConstraintError, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { AccountingConnection, GlAccount, Invoice, InvoiceItem } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { CURRENCIES, LOCALES, todayIn, type Country } from "../../lib/dates";
import { AppError, forbidden } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { getCounterparty, searchCounterparties, type CounterpartyOption } from "../counterparties/service.server";
import { addInvoiceSchema, createInvoiceScreenSchema, defaultDueDate, formText, parseId, type InvoiceKind, type ItemOutput } from "./schema";
import { audit, auditAll } from "../audit/service.server";
import { findCompanyContext, requireCompanyId, type CompanyContext } from "../companies/service.server";
import { assertBillDateOpen } from "../period-lock/service.server";
import { publishBillsForAccounting } from "./bill-events.server";

/** p3 §5 "GL code": an unknown code. */
export const INVALID_GL_CODE = "Invalid GL Code, please try again";
/** Not in the spec (it gives no wording for a repeated number); ours, in the spec's voice. */
export const INVOICE_NUMBER_TAKEN = "An invoice with this number already exists";
export const BILL_NUMBER_TAKEN = "A bill with this number already exists for this supplier";

export type CreateSource = "dialog" | "screen";

export interface CreateContext {
  today: string;
  country: Country;
  locale: "en-NZ" | "en-AU";
  currency: "NZD" | "AUD";
  companyName: string;
  /** "Create in Xero" (with its PO rules) is only offered to a company connected to Xero. */
  xeroConnected: boolean;
  glAccounts: { code: string; name: string }[];
}

export interface PreparedRecord {
  kind: InvoiceKind;
  source: CreateSource;
  counterparty: CounterpartyOption;
  invoiceNumber: string;
  dueDate: string;
  issueDate: string | null;
  orderNumber: string | null;
  createInXero: boolean;
  poNotRequired: boolean;
  billGlCode: string | null;
  items: ItemOutput[];
  subTotal: Cents | null;
  gst: Cents | null;
  total: Cents;
  currency: "NZD" | "AUD";
  contactEmail: string | null;
}

export interface CreatedRecord extends PreparedRecord {
  id: number;
}

async function isXeroConnected(company: Pick<CompanyContext, "id" | "connectedToXero">, t?: Transaction): Promise<boolean> {
  if (company.connectedToXero) return true;
  const live = await AccountingConnection.count({ where: { companyId: company.id, provider: "XERO", status: "CONNECTED" }, transaction: t });
  return live > 0;
}

/** What the create forms need to start: today, the company's country and currency, Xero, GL codes. */
export async function getCreateContext(actor: Actor): Promise<CreateContext> {
  const companyId = requireCompanyId(actor);
  const company = await findCompanyContext(companyId);
  if (!company) throw forbidden();
  const country: Country = company.country;
  const glAccounts = await GlAccount.findAll({ where: { companyId, isVisibleInEarlybird: true }, order: [["accountCode", "ASC"]] });
  return {
    today: todayIn(country),
    country,
    locale: LOCALES[country],
    currency: CURRENCIES[country],
    companyName: company.name,
    xeroConnected: await isXeroConnected(company),
    glAccounts: glAccounts.map((account) => ({ code: account.accountCode, name: account.accountName })),
  };
}



function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

async function findCounterparty(actor: Actor, kind: InvoiceKind, id: number | null, name: string | null, t?: Transaction): Promise<CounterpartyOption> {
  const role = kind === "BILL" ? "SUPPLIER" : "CUSTOMER";
  if (id !== null) return getCounterparty(actor, id, { role, transaction: t });
  // AU users type the counterparty's name (p2 §5): it must name one of the actor's counterparties.
  const wanted = (name ?? "").toLowerCase();
  const match = (await searchCounterparties(actor, { name, role, limit: 50 })).find((option) => option.companyName.trim().toLowerCase() === wanted);
  if (!match) throw new AppError(404, "Company not found", { code: "NOT_FOUND", field: "counterpartyName" });
  return match;
}

/** Item numbers: the client's (random 1..10000, p2 §3) when unique, else a free random one. */
function numberItems(items: ItemOutput[]): (ItemOutput & { itemNumber: number })[] {
  const used = new Set<number>();
  return items.map((item) => {
    let itemNumber = item.itemNumber;
    while (itemNumber === null || used.has(itemNumber)) itemNumber = crypto.randomInt(1, 10_001);
    used.add(itemNumber);
    return { ...item, itemNumber };
  });
}

async function checkNumberFree(companyId: number, kind: InvoiceKind, counterpartyId: number, invoiceNumber: string, t?: Transaction): Promise<void> {
  const where =
    kind === "INVOICE"
      ? { type: "INVOICE" as const, issuedBy: companyId, invoiceNumber, deletedAt: null }
      : { type: "BILL" as const, issuedFor: companyId, issuedBy: counterpartyId, invoiceNumber, deletedAt: null };
  if ((await Invoice.count({ where, transaction: t })) > 0) throw duplicate(kind);
}

function duplicate(kind: InvoiceKind): AppError {
  const message = kind === "INVOICE" ? INVOICE_NUMBER_TAKEN : BILL_NUMBER_TAKEN;
  return new AppError(409, message, { code: "DUPLICATE", field: "invoiceNumber", details: { invoiceNumber: [message] } });
}

/**
 * Every check of a new invoice or bill, without writing: the form's rules (with the modal's or the screens'
 * wording), the counterparty among the actor's, the GL code among the company's, the number not yet used.
 * `input` is the form: with an `items` array it is the Create screen, else the Add modal.
 */
export async function reviewInvoiceRecord(actor: Actor, kind: InvoiceKind, input: unknown, t?: Transaction): Promise<PreparedRecord> {
  const companyId = requireCompanyId(actor);
  const company = await findCompanyContext(companyId, { transaction: t });
  if (!company) throw forbidden();
  const country: Country = company.country;
  const today = todayIn(country);
  const raw = asRecord(input);
  const source: CreateSource = Array.isArray(raw.items) ? "screen" : "dialog";
  // Creating in Xero is only possible with a Xero connection: without one the tick means nothing.
  const xero = kind === "BILL" && (await isXeroConnected(company, t));
  const values: Record<string, unknown> = { ...raw, createInXero: xero ? raw.createInXero : false };
  // A bill left without a due date gets the default the form would have shown for its supplier (p2 §5).
  const chosenId = parseId(raw.counterpartyId);
  if (kind === "BILL" && !formText(raw.dueDate) && chosenId !== null) {
    const supplier = await getCounterparty(actor, chosenId, { role: "SUPPLIER", transaction: t }).catch(() => null);
    if (supplier) values.dueDate = defaultDueDate(today, supplier.paymentTerm, "BILL");
  }

  let form: {
    counterpartyId: number | null;
    counterpartyName: string | null;
    invoiceNumber: string;
    dueDate: string;
    issueDate: string | null;
    orderNumber: string | null;
    createInXero: boolean;
    poNotRequired: boolean;
    items: ItemOutput[];
    subTotal: Cents | null;
    gst: Cents | null;
    total: Cents;
  };
  if (source === "screen") {
    const parsed = createInvoiceScreenSchema({ kind, today }).safeParse(values);
    if (!parsed.success) throw AppError.validation(parsed.error);
    form = { ...parsed.data, counterpartyName: null };
  } else {
    const parsed = addInvoiceSchema({ kind, today, country }).safeParse(values);
    if (!parsed.success) throw AppError.validation(parsed.error);
    form = { ...parsed.data, items: [], subTotal: null, gst: null };
  }

  const counterparty = await findCounterparty(actor, kind, form.counterpartyId, form.counterpartyName, t);
  // A bill dated in a locked period (the company's, or with counterparty locks this supplier's) is refused.
  if (kind === "BILL") await assertBillDateOpen(companyId, counterparty.id, { issueDate: form.issueDate, dueDate: form.dueDate }, t);

  let billGlCode: string | null = null;
  const glText = formText(raw.billGlCode);
  if (kind === "BILL" && glText) {
    const account = await GlAccount.findOne({ where: { companyId, accountCode: glText, isVisibleInEarlybird: true }, transaction: t });
    if (!account) throw new AppError(422, INVALID_GL_CODE, { code: "VALIDATION", field: "billGlCode", details: { billGlCode: [INVALID_GL_CODE] } });
    billGlCode = account.accountCode;
  }

  await checkNumberFree(companyId, kind, counterparty.id, form.invoiceNumber, t);

  return {
    kind,
    source,
    counterparty,
    invoiceNumber: form.invoiceNumber,
    dueDate: form.dueDate,
    issueDate: form.issueDate,
    orderNumber: form.orderNumber,
    createInXero: form.createInXero,
    poNotRequired: form.poNotRequired,
    billGlCode,
    items: form.items,
    subTotal: form.subTotal,
    gst: form.gst,
    total: form.total,
    currency: CURRENCIES[country],
    contactEmail: counterparty.contactEmail,
  };
}

function isNumberConstraint(error: unknown): boolean {
  if (!(error instanceof UniqueConstraintError)) return false;
  const constraint = (error.parent as { constraint?: string } | undefined)?.constraint;
  return constraint === "invoices_invoice_number_key" || constraint === "invoices_bill_number_key";
}

/** What insertInvoiceRecord writes: a record whose checks have been made by its caller. */
export interface NewInvoiceRecord {
  kind: InvoiceKind;
  /** The actor's company (the owner: issued_by of an invoice, issued_for of a bill). */
  companyId: number;
  supplier: { id: number; name: string };
  purchaser: { id: number; name: string };
  invoiceNumber: string;
  orderNumber: string | null;
  issueDate: string | null;
  dueDate: string;
  currency: "NZD" | "AUD";
  subTotal: Cents | null;
  gst: Cents | null;
  total: Cents;
  contactEmail: string | null;
  createInXero: boolean;
  billGlCode: string | null;
  items: ItemOutput[];
  /** EARLYBIRD for a record made by hand; RIPE for a bill that document processing authorised. */
  loadedBy: "EARLYBIRD" | "RIPE";
  /** The bill document it was authorised from (ripeBillDocumentId). */
  ripeBillDocumentId?: number | null;
  /** Extra audit details. */
  auditDetails?: Record<string, unknown>;
}

/**
 * Writes an invoice or bill, its items and the audit entry inside `t`: the one place a record is created, by hand
 * (createInvoiceRecord) or by document processing (an auto-processed bill). The unique number indexes stay the last
 * word: a repeated number throws the UniqueConstraintError for the caller to map.
 */
export async function insertInvoiceRecord(actor: Actor, record: NewInvoiceRecord, t: Transaction): Promise<{ id: number; items: (ItemOutput & { itemNumber: number })[] }> {
  const { kind } = record;
  const invoice = await Invoice.create(
    {
      type: kind,
      issuedBy: record.supplier.id,
      issuedFor: record.purchaser.id,
      issuedByCompanyName: record.supplier.name,
      issuedForCompanyName: record.purchaser.name,
      invoiceNumber: record.invoiceNumber,
      orderNumber: record.orderNumber,
      issueDate: record.issueDate,
      dueDate: record.dueDate,
      currency: record.currency,
      subTotal: record.subTotal,
      gst: record.gst,
      total: record.total,
      // The creating side's own contact at the other company (decision 033).
      ...(kind === "INVOICE" ? { issuerContactEmail: record.contactEmail } : { recipientContactEmail: record.contactEmail }),
      createBillInXero: record.createInXero,
      billGlCode: record.billGlCode,
      loadedBy: record.loadedBy,
      ripeBillDocumentId: record.ripeBillDocumentId ?? null,
    },
    { transaction: t }
  );
  const items = numberItems(record.items);
  if (items.length > 0) {
    await InvoiceItem.bulkCreate(
      items.map((item) => ({
        invoiceId: invoice.id,
        itemNumber: item.itemNumber,
        description: item.description,
        units: item.units,
        unitType: item.unitType,
        unitPrice: item.unitPrice,
        amount: item.amount,
      })),
      { transaction: t }
    );
  }
  const counterpartyId = kind === "INVOICE" ? record.purchaser.id : record.supplier.id;
  await audit(
    actor,
    {
      companyId: record.companyId,
      action: kind === "INVOICE" ? "invoice.create" : "bill.create",
      entityType: "invoice",
      entityId: invoice.id,
      details: { invoiceNumber: record.invoiceNumber, counterpartyId, total: record.total, items: items.length, ...record.auditDetails },
    },
    { transaction: t }
  );
  return { id: invoice.id, items };
}

/**
 * Writes many bills at once inside `t` (document processing's auto-processed bills: one statement per batch instead of
 * three per bill), each audited `bill.create` as insertInvoiceRecord does. A bill whose number the supplier already
 * used for this purchaser is skipped (ON CONFLICT on the bill number index): the map holds only the bills written,
 * by their ripeBillDocumentId.
 */
export async function insertDocumentBills(
  actor: Actor,
  records: (Omit<NewInvoiceRecord, "kind" | "items" | "loadedBy" | "ripeBillDocumentId" | "subTotal" | "gst" | "createInXero"> & { ripeBillDocumentId: number })[],
  t: Transaction
): Promise<Map<number, number>> {
  const written = new Map<number, number>();
  if (records.length === 0) return written;
  const rows = records.map((record) => ({
    issued_by: record.supplier.id,
    issued_for: record.purchaser.id,
    issued_by_company_name: record.supplier.name,
    issued_for_company_name: record.purchaser.name,
    invoice_number: record.invoiceNumber,
    order_number: record.orderNumber,
    issue_date: record.issueDate,
    due_date: record.dueDate,
    currency: record.currency,
    total: centsToDecimal(record.total),
    recipient_contact_email: record.contactEmail,
    bill_gl_code: record.billGlCode,
    ripe_bill_document_id: record.ripeBillDocumentId,
  }));
  const inserted = await sequelize.query<{ id: number; ripe_bill_document_id: number }>(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, order_number, issue_date,
                           due_date, currency, total, recipient_contact_email, bill_gl_code, loaded_by, ripe_bill_document_id)
     SELECT 'BILL', x.issued_by, x.issued_for, x.issued_by_company_name, x.issued_for_company_name, x.invoice_number, x.order_number, x.issue_date,
            x.due_date, x.currency, x.total, x.recipient_contact_email, x.bill_gl_code, 'RIPE', x.ripe_bill_document_id
       FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(issued_by integer, issued_for integer, issued_by_company_name text, issued_for_company_name text,
              invoice_number text, order_number text, issue_date date, due_date date, currency text, total numeric, recipient_contact_email text,
              bill_gl_code text, ripe_bill_document_id integer)
     ON CONFLICT (issued_for, issued_by, invoice_number) WHERE type = 'BILL' AND deleted_at IS NULL DO NOTHING
     RETURNING id, ripe_bill_document_id`,
    { type: QueryTypes.SELECT, replacements: { rows: JSON.stringify(rows) }, transaction: t }
  );
  for (const row of inserted) written.set(row.ripe_bill_document_id, row.id);
  const byDocument = new Map(records.map((record) => [record.ripeBillDocumentId, record]));
  await auditAll(
    actor,
    inserted.map((row) => {
      const record = byDocument.get(row.ripe_bill_document_id)!;
      return {
        companyId: record.companyId,
        action: "bill.create",
        entityType: "invoice",
        entityId: row.id,
        details: { invoiceNumber: record.invoiceNumber, counterpartyId: record.supplier.id, total: record.total, items: 0, ...record.auditDetails },
      };
    }),
    { transaction: t }
  );
  return written;
}

/** POST /invoice: validates as reviewInvoiceRecord does, then writes the record and its items in one transaction. */
export async function createInvoiceRecord(actor: Actor, kind: InvoiceKind, input: unknown): Promise<CreatedRecord> {
  const companyId = requireCompanyId(actor);
  try {
    return await sequelize.transaction(async (t) => {
      const record = await reviewInvoiceRecord(actor, kind, input, t);
      const own = await findCompanyContext(companyId, { transaction: t });
      if (!own) throw forbidden();
      const other = { id: record.counterparty.id, name: record.counterparty.companyName };
      const self = { id: own.id, name: own.name };
      const { id, items } = await insertInvoiceRecord(
        actor,
        {
          ...record,
          companyId,
          supplier: kind === "INVOICE" ? self : other,
          purchaser: kind === "INVOICE" ? other : self,
          loadedBy: "EARLYBIRD",
        },
        t
      );
      // "Create bill in Xero": the integrations create it in the books after the commit (issue 18 part 5).
      if (kind === "BILL" && record.createInXero) await publishBillsForAccounting(t, { companyId, invoiceIds: [id] });
      return { ...record, items, id };
    });
  } catch (error) {
    // Two submits racing past the check: the unique index refuses the second.
    if (isNumberConstraint(error)) throw duplicate(kind);
    throw error;
  }
}
