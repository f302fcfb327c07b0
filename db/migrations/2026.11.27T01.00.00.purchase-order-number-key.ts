import type { Migration } from "../migrator";

/**
 * Purchase orders are one per buyer and normalised order number (issue 16 part 1; docs/decisions/041): trimmed, upper
 * case, every space removed ("po 1001" and "PO1001" are one order). The key is a stored generated column, so every
 * writer (the CSV import, the accounting loads, the seed) gets it, and its unique index serves the import's upsert
 * (ON CONFLICT) and the matching look-up by number (findPurchaseOrdersByNumber). The list by status pages in key order
 * from (company_id, status, order_number_key), which replaces purchase_orders_status_idx, its prefix.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE purchase_orders
      ADD COLUMN order_number_key text GENERATED ALWAYS AS (upper(translate(order_number, E' \\t\\n\\r\\f\\x0B\\u00a0', ''))) STORED;
    CREATE UNIQUE INDEX purchase_orders_number_key ON purchase_orders (company_id, order_number_key);
    CREATE INDEX purchase_orders_status_key_idx ON purchase_orders (company_id, status, order_number_key);
    DROP INDEX purchase_orders_status_idx;
  `);
};
