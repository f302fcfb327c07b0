import type { Migration } from "../migrator";

/**
 * The automatic period lock (issue 15 part 5, docs/decisions/038-period-lock.md): a company may opt in to having the
 * previous month locked on the first day of each month by the scheduled job `auto-lock-periods`. Off by default.
 * The partial index is the job's read: the companies that opted in.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE entity_preferences ADD COLUMN auto_lock_previous_month boolean NOT NULL DEFAULT false;
    CREATE INDEX entity_preferences_auto_lock_idx ON entity_preferences (company_id) WHERE auto_lock_previous_month;
  `);
};
