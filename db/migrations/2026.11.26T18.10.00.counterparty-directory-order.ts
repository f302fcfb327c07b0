import type { Migration } from "../migrator";

/**
 * The admin directory's order (docs/decisions/035): a company's counterparties newest first, read through this index
 * from either end, so page 1 and the last page each read one page of index entries whatever the company's size.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`CREATE INDEX counterparties_company_order_idx ON counterparties (company_id, id)`);
};
