/**
 * highlightInvoice (p2 §3 feature flags "highlight invoice"; p1 §2 invoiceId in the query; decision 063): the link
 * /invoices?invoiceId={id} opens that invoice. Only the supplier's own invoices (issued_by = the actor's company,
 * type INVOICE, not deleted) open; any other id is "Invoice not found". The status, max fee and action are the list's
 * own (invoiceRowStatus through listInvoices), so the dialog and the row never disagree.
 */
import { Op } from "sequelize";
import { Invoice } from "../../../db/models/invoice";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { defaultListQuery } from "./filters";
import { listInvoices, type InvoiceListRow, type ListActor } from "./list.server";
import { RECORD_NOT_FOUND } from "./bulk.server";
import type { Locale } from "./rules";

export interface InvoiceDetailsView {
  id: number;
  number: string;
  customer: string;
  orderNumber: string | null;
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  amountDue: Cents;
  contactEmail: string | null;
  /** The list row's status and action; null when the list does not show it (paid long ago and so on). */
  row: Pick<InvoiceListRow, "status" | "maxFee"> | null;
  locale: Locale;
}

export async function getInvoiceDetails(actor: ListActor, invoiceId: number): Promise<InvoiceDetailsView> {
  if (!Number.isSafeInteger(invoiceId) || invoiceId <= 0) throw new AppError(404, RECORD_NOT_FOUND, { code: "NOT_FOUND" });
  const invoice = await Invoice.findOne({ where: { id: invoiceId, issuedBy: actor.companyId, type: "INVOICE", deletedAt: { [Op.is]: null } } });
  if (!invoice) throw new AppError(404, RECORD_NOT_FOUND, { code: "NOT_FOUND" });
  const paid = invoice.invoiceStatus === "PAID" || invoice.invoiceStatus === "PAYMENT_RECEIVED";
  // The row as the list shows it: its tab, filtered to its number (numbers repeat across customers; the id decides).
  const list = await listInvoices(actor, {
    ...defaultListQuery("INVOICE"),
    status: paid ? "PAYMENT_RECEIVED" : "ALL_ELIGIBLE",
    number: { op: "eq", value: invoice.invoiceNumber },
    size: 100,
  });
  const row = list.rows.find((candidate) => candidate.id === invoice.id) ?? null;
  return {
    id: invoice.id,
    number: invoice.invoiceNumber,
    customer: invoice.issuedForCompanyName,
    orderNumber: invoice.orderNumber ?? null,
    issueDate: invoice.issueDate ?? null,
    dueDate: invoice.dueDate,
    total: invoice.total,
    amountDue: row?.amountDue ?? invoice.discountedTotal,
    contactEmail: row?.contactEmail ?? invoice.issuerContactEmail ?? null,
    row: row ? { status: row.status, maxFee: row.maxFee } : null,
    locale: list.locale,
  };
}
