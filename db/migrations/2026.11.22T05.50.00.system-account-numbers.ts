import type { Migration } from "../migrator";

/**
 * The working-capital account numbers and PayIDs Earlybird issues at account activation (docs/decisions/
 * 014-account-screen.md) are unique across companies, not only one per company (bank_accounts_one_system): a deposit
 * to one must reach exactly one wallet. PayIDs compare without case, as e-mail addresses do.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE UNIQUE INDEX bank_accounts_system_number_key ON bank_accounts (bank_account_number)
      WHERE loaded_by = 'SYSTEM' AND bank_account_number IS NOT NULL;
    CREATE UNIQUE INDEX bank_accounts_system_pay_id_key ON bank_accounts (lower(pay_id))
      WHERE loaded_by = 'SYSTEM' AND pay_id IS NOT NULL;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP INDEX IF EXISTS bank_accounts_system_number_key;
    DROP INDEX IF EXISTS bank_accounts_system_pay_id_key;
  `);
};
