import type { Migration } from "../migrator";

/**
 * Which companies have an aged payables report from their accounting system (docs/decisions/057): for them the
 * Suppliers tab's accounting balance is the report's (a supplier missing from it owes nothing in the books); a company
 * without one keeps the balance of the bills it loaded from an accounting system (a CSV export, a connection not synced yet).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE accounting_payables_reports (
      company_id   integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      provider     text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      report_date  date NOT NULL,
      synced_at    timestamptz NOT NULL DEFAULT now()
    );
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP TABLE accounting_payables_reports;`);
};
