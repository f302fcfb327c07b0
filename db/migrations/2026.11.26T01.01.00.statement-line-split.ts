import type { Migration } from "../migrator";

/**
 * Issue 13 part 2 (docs/decisions/028-explaining-the-split.md): a statement line of an early payment keeps who got
 * what. `earlybird_fee` is Earlybird's share of the payment (service fee − cashback, or discount − saving: D2), so the
 * line shows "fee = cashback + Earlybird's fee" beside its own fee or cashback; `offer_kind` says which offer paid it
 * (PURCHASER: a cash-reserve offer's service fee and cashback; SUPPLIER: a prompt payment request's discount and
 * saving), for the words. Both NULL on any other line. Lines are stored once: earlier statements keep theirs.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE statement_lines
      ADD COLUMN earlybird_fee numeric(14,2),
      ADD COLUMN offer_kind text CHECK (offer_kind IN ('PURCHASER', 'SUPPLIER'));
  `);
};
