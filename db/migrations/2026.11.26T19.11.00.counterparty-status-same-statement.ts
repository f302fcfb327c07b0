import type { Migration } from "../migrator";

/**
 * A counterparty row inserted in the same statement as its company (the counterparty import's new INACTIVE companies:
 * one INSERT with the companies in a WITH) cannot see that company from the BEFORE trigger of migration
 * 2026.11.26T18.11.00, which then wrote NULL into the NOT NULL column and failed the import. The trigger now keeps
 * the status the statement gives when the company is not visible yet; a company it can see still wins.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE OR REPLACE FUNCTION counterparties_copy_status() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      company_status text;
    BEGIN
      SELECT status INTO company_status FROM companies WHERE id = NEW.counterparty_company_id;
      IF company_status IS NOT NULL THEN
        NEW.counterparty_status := company_status;
      END IF;
      RETURN NEW;
    END $$;
  `);
};
