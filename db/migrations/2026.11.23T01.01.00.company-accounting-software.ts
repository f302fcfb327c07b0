import type { Migration } from "../migrator";

/**
 * The accounting software a company chose at sign-up (p1 §2 connect-account, connect-account-myob; docs/decisions/022).
 * A choice only: the connection itself is an accounting_connections row, made by the integrations.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE companies ADD COLUMN accounting_software text
      CHECK (accounting_software IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT'));
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE companies DROP COLUMN accounting_software;`);
};
