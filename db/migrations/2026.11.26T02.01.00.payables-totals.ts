import type { Migration } from "../migrator";

/**
 * Per purchaser and supplier, the totals of their bills that do not depend on today or on an offer (issue 13 part 22,
 * docs/decisions/029), kept by the database in the same transaction as every change to `invoices`: the Suppliers tab
 * of /bills and the supplier page's pending card read them instead of every bill of the company (the tab fetched all
 * of them, 20-38 s at the benchmark's 500,000 bills).
 * - live_count: live (not deleted) bills; a supplier with one is on the Suppliers tab;
 * - unpaid_count / unpaid_total: live bills not PAID, and their discounted totals (the amount payable);
 * - accounting_total: the part of unpaid_total loaded from an accounting system (the match filter);
 * - excluded_count: unpaid bills not included in the purchaser offer (the Include / Exclude action).
 *
 * One statement-level trigger per event adds the statement's deltas (from its transition tables) in one upsert, in
 * (company, supplier) order; a statement that changes none of these figures (a contact e-mail) writes nothing. A row
 * is locked from the statement that changes it to the commit, so two transactions changing the same purchaser's bills
 * of the same supplier take turns there.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    -- No CHECKs: the upsert's proposed row carries a statement's signed deltas, and PostgreSQL checks it before it
    -- finds the conflict. Only the triggers below write it; the payables tests compare it with counts of the bills.
    CREATE TABLE payables_totals (
      company_id        integer NOT NULL,
      supplier_id       integer NOT NULL,
      live_count        integer NOT NULL DEFAULT 0,
      unpaid_count      integer NOT NULL DEFAULT 0,
      unpaid_total      numeric(14,2) NOT NULL DEFAULT 0,
      accounting_total  numeric(14,2) NOT NULL DEFAULT 0,
      excluded_count    integer NOT NULL DEFAULT 0,
      PRIMARY KEY (company_id, supplier_id)
    );

  `);
  // The deltas of one statement: +1 × each new row's figures, −1 × each old row's (the transition tables of the event).
  const contribution = (table: string, sign: 1 | -1) => `
        SELECT issued_for, issued_by,
          ${sign} * (deleted_at IS NULL)::int AS live,
          ${sign} * (deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID')::int AS unpaid,
          ${sign} * CASE WHEN deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID' THEN discounted_total ELSE 0 END AS unpaid_total,
          ${sign} * CASE WHEN deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID' AND loaded_by IN ('XERO', 'MYOB_ESSENTIALS', 'MYOB_ACCOUNT_RIGHT')
                    THEN discounted_total ELSE 0 END AS accounting_total,
          ${sign} * (deleted_at IS NULL AND bill_status IS DISTINCT FROM 'PAID' AND NOT include_in_purchaser_offer)::int AS excluded
        FROM ${table}`;
  const upsert = (rows: string) => `
      INSERT INTO payables_totals AS t (company_id, supplier_id, live_count, unpaid_count, unpaid_total, accounting_total, excluded_count)
      SELECT issued_for, issued_by, sum(live), sum(unpaid), sum(unpaid_total), sum(accounting_total), sum(excluded)
      FROM (${rows}) d
      GROUP BY issued_for, issued_by
      HAVING sum(live) <> 0 OR sum(unpaid) <> 0 OR sum(unpaid_total) <> 0 OR sum(accounting_total) <> 0 OR sum(excluded) <> 0
      ORDER BY issued_for, issued_by
      ON CONFLICT (company_id, supplier_id) DO UPDATE SET
        live_count = t.live_count + EXCLUDED.live_count,
        unpaid_count = t.unpaid_count + EXCLUDED.unpaid_count,
        unpaid_total = t.unpaid_total + EXCLUDED.unpaid_total,
        accounting_total = t.accounting_total + EXCLUDED.accounting_total,
        excluded_count = t.excluded_count + EXCLUDED.excluded_count;`;
  await sequelize.query(`
    CREATE FUNCTION payables_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(contribution("new_rows", 1))}
      RETURN NULL;
    END $$;
    CREATE FUNCTION payables_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(contribution("old_rows", -1))}
      RETURN NULL;
    END $$;
    CREATE FUNCTION payables_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${upsert(`${contribution("new_rows", 1)} UNION ALL ${contribution("old_rows", -1)}`)}
      RETURN NULL;
    END $$;
    CREATE TRIGGER payables_totals_inserted AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payables_totals_inserted();
    CREATE TRIGGER payables_totals_deleted AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payables_totals_deleted();
    CREATE TRIGGER payables_totals_updated AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payables_totals_updated();

    INSERT INTO payables_totals (company_id, supplier_id, live_count, unpaid_count, unpaid_total, accounting_total, excluded_count)
    SELECT issued_for, issued_by, sum(live), sum(unpaid), sum(unpaid_total), sum(accounting_total), sum(excluded)
    FROM (${contribution("invoices", 1)}) d
    GROUP BY issued_for, issued_by
    HAVING sum(live) > 0;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS payables_totals_updated ON invoices;
    DROP TRIGGER IF EXISTS payables_totals_deleted ON invoices;
    DROP TRIGGER IF EXISTS payables_totals_inserted ON invoices;
    DROP FUNCTION IF EXISTS payables_totals_updated();
    DROP FUNCTION IF EXISTS payables_totals_deleted();
    DROP FUNCTION IF EXISTS payables_totals_inserted();
    DROP TABLE IF EXISTS payables_totals;
  `);
};
