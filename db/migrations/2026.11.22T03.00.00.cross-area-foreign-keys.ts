import type { Migration } from "../migrator";

/**
 * The foreign keys between the trade area (T01: counterparties, purchase orders, invoices, offers, executions,
 * statements) and the money and documents area (T02: ledger, top-ups, bill documents), which neither side could
 * declare while the other's tables did not exist yet.
 *
 * Links out of the ledger and out of offers and executions RESTRICT: a row that moved money is never deleted
 * from under it. Links between documents and trade records SET NULL: a deleted counterparty, purchase order or
 * bill leaves the document (and the review history) in place.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE bill_documents
      ADD CONSTRAINT bill_documents_counterparty_fkey FOREIGN KEY (counterparty_id) REFERENCES counterparties(id) ON DELETE SET NULL,
      ADD CONSTRAINT bill_documents_purchase_order_fkey FOREIGN KEY (purchase_order_id) REFERENCES purchase_orders(id) ON DELETE SET NULL,
      ADD CONSTRAINT bill_documents_invoice_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE SET NULL;

    ALTER TABLE invoices
      ADD CONSTRAINT invoices_ripe_bill_document_fkey FOREIGN KEY (ripe_bill_document_id) REFERENCES bill_documents(id) ON DELETE SET NULL;

    ALTER TABLE purchaser_offers
      ADD CONSTRAINT purchaser_offers_top_up_fkey FOREIGN KEY (top_up_id) REFERENCES top_ups(id) ON DELETE RESTRICT;
    ALTER TABLE supplier_offers
      ADD CONSTRAINT supplier_offers_top_up_fkey FOREIGN KEY (top_up_id) REFERENCES top_ups(id) ON DELETE RESTRICT;
    CREATE INDEX supplier_offers_top_up_idx ON supplier_offers (top_up_id) WHERE top_up_id IS NOT NULL;

    ALTER TABLE offer_execution_results
      ADD CONSTRAINT offer_execution_results_ledger_transaction_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES ledger_transactions(id) ON DELETE RESTRICT;
    ALTER TABLE ledger_transactions
      ADD CONSTRAINT ledger_transactions_offer_execution_result_fkey FOREIGN KEY (offer_execution_result_id) REFERENCES offer_execution_results(id) ON DELETE RESTRICT;

    ALTER TABLE statement_lines
      ADD CONSTRAINT statement_lines_ledger_transaction_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES ledger_transactions(id) ON DELETE RESTRICT;
    CREATE INDEX statement_lines_ledger_transaction_idx ON statement_lines (ledger_transaction_id) WHERE ledger_transaction_id IS NOT NULL;
  `);
};
