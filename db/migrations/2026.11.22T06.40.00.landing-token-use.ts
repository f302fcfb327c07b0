import type { Migration } from "../migrator";

/**
 * Single use of the landing-page tokens (docs/decisions/018): an invite is used when its status becomes ACCEPTED
 * (accepted_at, already in place); a notification had no such mark, so it gets used_at and who used it.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE notifications
      ADD COLUMN used_at timestamptz,
      ADD COLUMN used_by_user_id integer REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX notifications_used_by_idx ON notifications (used_by_user_id) WHERE used_by_user_id IS NOT NULL;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`ALTER TABLE notifications DROP COLUMN used_by_user_id, DROP COLUMN used_at;`);
};
