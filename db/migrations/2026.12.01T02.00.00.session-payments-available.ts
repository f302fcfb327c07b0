import type { Migration } from "../migrator";

/**
 * The payments-available dialog (p1 §2, "visible by default"; decision 063) is shown to a supplier on the session's
 * first visit of /invoices (the login's landing page), and not again in that session: the session remembers when it
 * was considered (a new login shows it again).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE sessions ADD COLUMN payments_available_seen_at timestamptz;`);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE sessions DROP COLUMN payments_available_seen_at;`);
};
