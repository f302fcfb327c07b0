import type { Migration } from "../migrator";

/**
 * The directory's Members / Non-Members tabs filter on the other company's status (p3 §2.4). A copy of it on the
 * relationship row, kept by triggers (a row inserted or re-pointed takes its company's status; a company whose status
 * changes passes it to every row naming it), lets the tab be an index range of the owner's rows, counted and paged from
 * either end like the other filters, instead of a join over all of them (docs/decisions/035).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE counterparties ADD COLUMN counterparty_status text;
    UPDATE counterparties cp SET counterparty_status = c.status FROM companies c WHERE c.id = cp.counterparty_company_id;
    ALTER TABLE counterparties ALTER COLUMN counterparty_status SET NOT NULL;

    -- The row's copy of its company's status. An insert that gives it (the counterparty import creates each new
    -- company, INACTIVE, and its row in one statement, where the trigger could not see that company) skips the look-up;
    -- every other writer leaves it out and gets it. A row re-pointed to another company always takes that company's.
    CREATE FUNCTION counterparties_copy_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT status INTO NEW.counterparty_status FROM companies WHERE id = NEW.counterparty_company_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER counterparties_copy_status BEFORE INSERT ON counterparties
      FOR EACH ROW WHEN (NEW.counterparty_status IS NULL) EXECUTE FUNCTION counterparties_copy_status();
    CREATE TRIGGER counterparties_copy_status_repointed BEFORE UPDATE OF counterparty_company_id ON counterparties
      FOR EACH ROW EXECUTE FUNCTION counterparties_copy_status();

    CREATE FUNCTION companies_pass_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE counterparties SET counterparty_status = NEW.status
       WHERE counterparty_company_id = NEW.id AND counterparty_status IS DISTINCT FROM NEW.status;
      RETURN NULL;
    END $$;
    CREATE TRIGGER companies_pass_status AFTER UPDATE OF status ON companies
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION companies_pass_status();

    CREATE INDEX counterparties_company_status_idx ON counterparties (company_id, counterparty_status, id);
  `);
};
