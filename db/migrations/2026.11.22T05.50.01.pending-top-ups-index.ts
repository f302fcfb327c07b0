import type { Migration } from "../migrator";

/**
 * The account screen lists a company's PENDING top-ups first (docs/decisions/014-account-screen.md): this partial index
 * reads and counts them without visiting the company's older, settled, cancelled or expired top-ups.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE INDEX top_ups_company_pending_idx ON top_ups (company_id, created_at DESC) WHERE topup_status = 'PENDING';
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP INDEX IF EXISTS top_ups_company_pending_idx;`);
};
