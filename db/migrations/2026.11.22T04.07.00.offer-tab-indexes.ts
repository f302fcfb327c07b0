import type { Migration } from "../migrator";

/**
 * Indexes for the offer tabs of the lists (bills "Payment Offered", invoices "Payment Available") at a million records
 * (docs/decisions/008-list-performance.md, "Offer tabs").
 *
 * Those tabs hold the unpaid records included in the purchaser offer, due after today up to a due-date bound and up to
 * the cash pool (list.server.ts offerRangeBounds). These partial indexes carry the tab's fixed predicates (written as
 * list.server.ts writes them, so the planner proves the match) with the due date as the sort key and, as included
 * columns, everything else the tab's condition reads: the amount (cash pool, D2 formula) and the counterparty (offers
 * enabled). The capped count, the page's ids, the keyset step and the reversed read are then index-only scans that
 * evaluate the D2 formula on index entries, without visiting the table.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX invoices_offered_issued_for_due_idx ON invoices (issued_for, due_date, id) INCLUDE (discounted_total, issued_by)
      WHERE deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID' AND include_in_purchaser_offer;
    CREATE INDEX invoices_available_issued_by_due_idx ON invoices (issued_by, due_date, id) INCLUDE (discounted_total, issued_for)
      WHERE deleted_at IS NULL AND invoice_status IS DISTINCT FROM 'PAID' AND invoice_status IS DISTINCT FROM 'PAYMENT_RECEIVED'
        AND invoice_status IS DISTINCT FROM 'EXPIRED' AND include_in_purchaser_offer;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS invoices_offered_issued_for_due_idx;
    DROP INDEX IF EXISTS invoices_available_issued_by_due_idx;
  `);
};
