import type { Migration } from "../migrator";

/**
 * The counterparty import (decision 036) attaches a new external account id to a counterparty of the same name that
 * has none yet: each batch reads the company's counterparties without an external id, which this partial index finds
 * without walking the ones an import already numbered (their number grows with every import).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`CREATE INDEX counterparties_without_external_id_idx ON counterparties (company_id) WHERE external_account_id IS NULL`);
};
