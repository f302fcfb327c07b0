import type { Migration } from "../migrator";

/**
 * The accounting push job's sweep (issue 18 part 5, docs/decisions/058): bills ticked "Create bill in Xero" that are
 * not in the books yet (no external id), per purchaser. Partial, so it holds only the few waiting bills.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX invoices_bills_to_create_idx ON invoices (issued_for, id)
      WHERE type = 'BILL' AND create_bill_in_xero AND external_id IS NULL AND deleted_at IS NULL;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP INDEX invoices_bills_to_create_idx;`);
};
