import type { Migration } from "../migrator";

/**
 * The copy of the other company's status on a counterparty row (2026.11.26T18.11.00, docs/decisions/035) is looked up
 * per inserted row only when the INSERT does not give it. The counterparty import (decision 036) creates each new
 * company (INACTIVE) and its counterparty row in one statement, so it knows the status and gives it: 100,000 imported
 * rows no longer pay 100,000 look-ups of a company inserted a moment before. Every other writer leaves the column out
 * (no model attribute maps it) and still gets the look-up; a row re-pointed to another company still takes that
 * company's status; a company whose status changes still passes it on (companies_pass_status, unchanged).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER counterparties_copy_status ON counterparties;
    CREATE TRIGGER counterparties_copy_status BEFORE INSERT ON counterparties
      FOR EACH ROW WHEN (NEW.counterparty_status IS NULL) EXECUTE FUNCTION counterparties_copy_status();
    CREATE TRIGGER counterparties_copy_status_repointed BEFORE UPDATE OF counterparty_company_id ON counterparties
      FOR EACH ROW EXECUTE FUNCTION counterparties_copy_status();
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER counterparties_copy_status_repointed ON counterparties;
    DROP TRIGGER counterparties_copy_status ON counterparties;
    CREATE TRIGGER counterparties_copy_status BEFORE INSERT OR UPDATE OF counterparty_company_id ON counterparties
      FOR EACH ROW EXECUTE FUNCTION counterparties_copy_status();
  `);
};
