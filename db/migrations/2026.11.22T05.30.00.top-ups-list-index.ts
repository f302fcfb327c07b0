import type { Migration } from "../migrator";

/**
 * The admin Topups page's "All" tab lists every top-up newest first, 25 a page (p3 §2.3, p1 §9): an index in that
 * order, with the id as tie-break as the list sorts (the status tabs use top_ups_status_idx).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`CREATE INDEX top_ups_created_idx ON top_ups (created_at DESC, id DESC);`);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP INDEX IF EXISTS top_ups_created_idx;`);
};
