import type { Migration } from "../migrator";

/**
 * The background check of purchaser offers (issue 5 part 6, docs/decisions/015): what it found at its last run for
 * each live offer, the bills eligible under it today and their total, so the offer card can say when eligibility was
 * last recomputed and what changed as due dates passed.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE purchaser_offers
      ADD COLUMN eligible_count integer CHECK (eligible_count >= 0),
      ADD COLUMN eligible_total numeric(14,2) CHECK (eligible_total >= 0),
      ADD COLUMN eligibility_checked_at timestamptz;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE purchaser_offers DROP COLUMN IF EXISTS eligible_count, DROP COLUMN IF EXISTS eligible_total, DROP COLUMN IF EXISTS eligibility_checked_at;
  `);
};
