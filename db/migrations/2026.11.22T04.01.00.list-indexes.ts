import type { Migration } from "../migrator";

/**
 * Indexes for the invoices and bills lists at a million records per company (docs/decisions/008-list-performance.md).
 *
 * The lists' default tabs hold the unpaid records of one side (invoices: issued_by, invoice_status not PAID or
 * PAYMENT_RECEIVED; bills: issued_for, bill_status not PAID), sorted by due date then id. These partial indexes carry
 * exactly those predicates (written as list.server.ts writes them, so the planner proves the match) with the sort key
 * and the amount filter's column, so a page, a keyset step, the reversed read of the last page and the capped count
 * are index-only scans, and the amount filter is checked inside the index without visiting the table.
 * The amount sort of the same tabs gets (company, discounted_total, id) for its keyset.
 * The summary cards' "this month" aggregates read covering partial indexes of the paid records by paid date, so a
 * month of a busy company is an index-only range, not a heap visit per paid record.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX invoices_unpaid_issued_by_due_idx ON invoices (issued_by, due_date, id) INCLUDE (discounted_total)
      WHERE deleted_at IS NULL AND invoice_status IS DISTINCT FROM 'PAID' AND invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED';
    CREATE INDEX invoices_unpaid_issued_for_due_idx ON invoices (issued_for, due_date, id) INCLUDE (discounted_total)
      WHERE deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID';
    CREATE INDEX invoices_unpaid_issued_by_amount_idx ON invoices (issued_by, discounted_total, id) INCLUDE (due_date)
      WHERE deleted_at IS NULL AND invoice_status IS DISTINCT FROM 'PAID' AND invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED';
    CREATE INDEX invoices_unpaid_issued_for_amount_idx ON invoices (issued_for, discounted_total, id) INCLUDE (due_date)
      WHERE deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID';
    CREATE INDEX invoices_payment_received_paid_idx ON invoices (issued_by, paid_date) INCLUDE (service_fee, total_paid)
      WHERE deleted_at IS NULL AND invoice_status = 'PAYMENT_RECEIVED';
    CREATE INDEX invoices_bill_cashback_paid_idx ON invoices (issued_for, paid_date) INCLUDE (cash_reward)
      WHERE deleted_at IS NULL AND bill_status = 'PAID' AND cash_reward > 0;
  `);
};
