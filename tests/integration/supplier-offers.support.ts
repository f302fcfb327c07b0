/** Shared by the supplier-offer and Pay Now integration tests: a verified supplier and purchaser, invoices, funds. */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { Invoice, type Company } from "../../db/models/index";
import { addDays, todayIn, type Country } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { activatedCompany, admin } from "./top-ups.support";

export async function verifiedCompany(country: Country = "NZ") {
  return activatedCompany({ verificationStatus: "VERIFIED", country });
}

let seq = 0;
export async function invoiceOf(supplier: Company, purchaser: Company, fields: { total: Cents; daysToDue?: number; number?: string }) {
  seq += 1;
  const country = (supplier.country ?? "NZ") as Country;
  return Invoice.create({
    type: "INVOICE",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: fields.number ?? `PP-${process.pid}-${Date.now() % 100000}-${seq}`,
    dueDate: addDays(todayIn(country), fields.daysToDue ?? 30),
    total: fields.total,
    currency: country === "AU" ? "AUD" : "NZD",
  });
}

/** Puts money in a company's wallet the real way: a top-up confirmed by an admin. */
export async function fund(actor: Parameters<typeof createTopUp>[0], amount: Cents) {
  const topUp = await createTopUp(actor, { amount, trigger: "CUSTOM" });
  await confirmTopUp(await admin(), topUp.id);
}

export interface EntryRow {
  kind: string;
  company_id: number | null;
  amount_c: string;
  transaction_id: number;
}

/** The ledger entries of the PAYMENT transactions that paid an invoice (through its execution results). */
export async function paymentEntriesOf(invoiceId: number): Promise<EntryRow[]> {
  return sequelize.query<EntryRow>(
    `SELECT a.kind, a.company_id, (e.amount * 100)::bigint AS amount_c, t.id AS transaction_id
     FROM offer_execution_results r
     JOIN ledger_transactions t ON t.offer_execution_result_id = r.id AND t.transaction_class = 'PAYMENT'
     JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE r.invoice_id = :invoiceId ORDER BY e.id`,
    { type: QueryTypes.SELECT, replacements: { invoiceId } }
  );
}

export { activatedCompany, admin };
