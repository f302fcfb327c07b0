/** Shared by the supplier-offer and Pay Now integration tests: the ledger entries that paid an invoice. */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";

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
