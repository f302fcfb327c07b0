import type { Migration } from "../migrator";

/**
 * The review lists' supplier search (issue 17 part 1; docs/decisions/053-review-list-speed.md): `supplier_name ILIKE
 * '%term%'` cannot use a btree, so a selective term read the list's whole status range of the company (about 100 ms
 * at 100,000 documents). A trigram GIN index (pg_trgm, shipped with PostgreSQL) finds the matching names directly; the
 * planner still reads the sort index when a term matches many rows.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX bill_documents_supplier_trgm_idx ON bill_documents USING gin (supplier_name gin_trgm_ops) WHERE supplier_name IS NOT NULL;
  `);
};
