import type { Migration } from "../migrator";

/** Purchase orders of a buyer (decisions D6), imported by CSV or loaded from the accounting system; bills match on them. */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE purchase_orders (
      id                  serial PRIMARY KEY,
      company_id          integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      -- The supplier as a company when known; supplier_name is the name as loaded, kept for matching and display.
      supplier_company_id integer REFERENCES companies(id) ON DELETE RESTRICT,
      supplier_name       text,
      order_number        text NOT NULL CHECK (length(trim(order_number)) > 0),
      amount              numeric(14,2) NOT NULL CHECK (amount >= 0),
      currency            char(3) NOT NULL DEFAULT 'NZD' CHECK (currency IN ('NZD','AUD')),
      status              text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN','RECEIPTED','CLOSED')),
      order_date          date,
      loaded_by           text NOT NULL DEFAULT 'EARLYBIRD' CHECK (loaded_by IN ('EARLYBIRD','SYSTEM','XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      external_id         text,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT purchase_orders_supplier_known CHECK (supplier_company_id IS NOT NULL OR supplier_name IS NOT NULL),
      CONSTRAINT purchase_orders_not_self CHECK (supplier_company_id IS NULL OR supplier_company_id <> company_id),
      UNIQUE (company_id, order_number)
    );
    CREATE INDEX purchase_orders_supplier_idx ON purchase_orders (company_id, supplier_company_id);
    CREATE INDEX purchase_orders_status_idx ON purchase_orders (company_id, status);
    CREATE UNIQUE INDEX purchase_orders_external_key ON purchase_orders (company_id, loaded_by, external_id) WHERE external_id IS NOT NULL;

    CREATE TRIGGER purchase_orders_updated_at BEFORE UPDATE ON purchase_orders FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
