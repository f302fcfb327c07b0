import type { Migration } from "../migrator";

/**
 * Accounting connections (decision 055): the organisation's name as the provider gave it (Xero's tenantName, the MYOB
 * business or company file name) for Settings → Connected apps and `accounting:status`; and MYOB Essentials may keep
 * its one business file's id, name and address (Uri) like AccountRight does, though never credentials (Essentials
 * needs none). Xero keeps no company file at all.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE accounting_connections ADD COLUMN tenant_name text;
    ALTER TABLE accounting_connections DROP CONSTRAINT accounting_connections_company_file_check;
    ALTER TABLE accounting_connections ADD CONSTRAINT accounting_connections_company_file_check CHECK (
      (provider = 'MYOB_ACCOUNT_RIGHT' OR company_file_credentials IS NULL)
      AND (provider <> 'XERO' OR (company_file_id IS NULL AND company_file_name IS NULL AND company_file_uri IS NULL))
    );
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE accounting_connections DROP CONSTRAINT accounting_connections_company_file_check;
    UPDATE accounting_connections SET company_file_id = NULL, company_file_name = NULL, company_file_uri = NULL WHERE provider <> 'MYOB_ACCOUNT_RIGHT';
    ALTER TABLE accounting_connections ADD CONSTRAINT accounting_connections_company_file_check CHECK (provider = 'MYOB_ACCOUNT_RIGHT'
      OR (company_file_id IS NULL AND company_file_name IS NULL AND company_file_uri IS NULL AND company_file_credentials IS NULL));
    ALTER TABLE accounting_connections DROP COLUMN tenant_name;
  `);
};
