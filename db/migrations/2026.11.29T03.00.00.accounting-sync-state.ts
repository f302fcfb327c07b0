import type { Migration } from "../migrator";

/**
 * Sync in from Xero and MYOB (issue 18 part 4, docs/decisions/057):
 * - accounting_sync_cursors: per connection and resource (contacts, invoices, accounts, ...), where the last sync
 *   left off (Xero: the newest UpdatedDateUTC seen, sent as If-Modified-Since; MYOB: the newest LastModified and its
 *   RowVersion) and, while a run is under way, the page it has committed through, so a run taken back from a dead
 *   worker carries on from there;
 * - accounting_payables_balances: the accounting system's aged payables per supplier (p2 §7), what the Suppliers tab
 *   compares the Earlybird amount payable with (within 1 currency unit, p2 §4);
 * - lookups of a company's records by their id in the accounting system.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE accounting_sync_cursors (
      connection_id   integer NOT NULL REFERENCES accounting_connections(id) ON DELETE CASCADE,
      resource        text NOT NULL CHECK (resource IN ('contacts','customers','invoices','bills','accounts','purchaseOrders','agedPayables')),
      modified_since  timestamptz,
      row_version     text,
      run_job_id      uuid,
      run_since       timestamptz,
      run_page        integer,
      run_high_water  timestamptz,
      run_row_version text,
      updated_at      timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (connection_id, resource)
    );

    CREATE TABLE accounting_payables_balances (
      company_id      integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      supplier_id     integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      provider        text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      amount_due      numeric(14,2) NOT NULL,
      report_date     date NOT NULL,
      updated_at      timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, supplier_id)
    );

    CREATE INDEX invoices_issued_for_external_idx ON invoices (issued_for, external_id) WHERE external_id IS NOT NULL;
    CREATE INDEX invoices_issued_by_external_idx ON invoices (issued_by, external_id) WHERE external_id IS NOT NULL;
    -- Contacts are matched to Earlybird companies by NZBN/ABN first.
    CREATE INDEX companies_nzbn_idx ON companies (nzbn) WHERE nzbn IS NOT NULL;
    CREATE INDEX companies_business_number_idx ON companies (business_number) WHERE business_number IS NOT NULL;
    CREATE INDEX counterparties_gst_number_idx ON counterparties (gst_number) WHERE gst_number IS NOT NULL;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP INDEX counterparties_gst_number_idx;
    DROP INDEX companies_business_number_idx;
    DROP INDEX companies_nzbn_idx;
    DROP INDEX invoices_issued_by_external_idx;
    DROP INDEX invoices_issued_for_external_idx;
    DROP TABLE accounting_payables_balances;
    DROP TABLE accounting_sync_cursors;
  `);
};
