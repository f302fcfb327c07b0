import type { Migration } from "../migrator";

/**
 * Purchaser offers (a cash reserve at a required rate of return) and supplier offers (a prompt payment request of
 * amount A until day E), decisions D2/D3, part 2 §3-4.
 *
 * The bills in a purchaser offer are the purchaser's bills with include_in_purchaser_offer = true. The invoices of a
 * supplier offer are rows of supplier_offer_invoices, which carry a copy of the offer's status kept by triggers so
 * that a partial unique index can refuse a second open offer on one invoice.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE purchaser_offers (
      id                 serial PRIMARY KEY,
      created_by_company integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      -- The unused cash pool (the company's Cash Reserve, D4); acceptances draw it down.
      cashpool           numeric(14,2) NOT NULL CHECK (cashpool >= 0),
      -- Money promised by a top-up still under way (TOPUP_PENDING, or an edit that raises the pool).
      pending_cashpool   numeric(14,2) NOT NULL DEFAULT 0 CHECK (pending_cashpool >= 0),
      crr                numeric(5,2) NOT NULL CONSTRAINT purchaser_offers_crr_range CHECK (crr > 0 AND crr <= 100),
      offer_status       text NOT NULL DEFAULT 'ACTIVE' CHECK (offer_status IN ('TOPUP_PENDING','ACTIVE','VIRTUAL','CLEARING','CANCELLED')),
      -- The top-up the offer waits for (top_ups belongs to the money area; no foreign key across areas yet).
      top_up_id          integer,
      cancelled_at       timestamptz,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT purchaser_offers_topup_pending_has_top_up CHECK (offer_status <> 'TOPUP_PENDING' OR top_up_id IS NOT NULL),
      CONSTRAINT purchaser_offers_cancelled_at CHECK ((offer_status = 'CANCELLED') = (cancelled_at IS NOT NULL))
    );
    -- One live offer per purchaser (D3).
    CREATE UNIQUE INDEX purchaser_offers_one_live_per_company ON purchaser_offers (created_by_company) WHERE offer_status <> 'CANCELLED';
    CREATE INDEX purchaser_offers_company_idx ON purchaser_offers (created_by_company, created_at DESC);
    CREATE INDEX purchaser_offers_status_idx ON purchaser_offers (offer_status) WHERE offer_status <> 'CANCELLED';
    CREATE INDEX purchaser_offers_top_up_idx ON purchaser_offers (top_up_id) WHERE top_up_id IS NOT NULL;

    CREATE TABLE supplier_offers (
      id                 serial PRIMARY KEY,
      created_by_company integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      -- The prompt payment amount A (D2). A is an amount, so offer_unit is AMOUNT; another unit needs a migration.
      cash_reward        numeric(14,2) NOT NULL CHECK (cash_reward > 0),
      autobid            boolean NOT NULL DEFAULT false,
      offer_unit         text NOT NULL DEFAULT 'AMOUNT' CHECK (offer_unit IN ('AMOUNT')),
      -- Day E: the offer expires at the end of this day in the company's time zone (D3).
      expiration_date    date NOT NULL,
      offer_status       text NOT NULL DEFAULT 'CLEARING' CHECK (offer_status IN ('CLEARING','TOPUP_PENDING','EXECUTED','EXPIRED','CANCELLED')),
      -- The purchaser's top-up a TOPUP_PENDING offer waits for (money area; no foreign key across areas yet).
      top_up_id          integer,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX supplier_offers_company_idx ON supplier_offers (created_by_company, offer_status, created_at DESC);
    -- The expiry job's scan.
    CREATE INDEX supplier_offers_open_expiry_idx ON supplier_offers (expiration_date) WHERE offer_status IN ('CLEARING','TOPUP_PENDING');

    CREATE TABLE supplier_offer_invoices (
      id                serial PRIMARY KEY,
      supplier_offer_id integer NOT NULL REFERENCES supplier_offers(id) ON DELETE CASCADE,
      invoice_id        integer NOT NULL REFERENCES invoices(id) ON DELETE RESTRICT,
      -- Copy of supplier_offers.offer_status, written only by the triggers below.
      offer_status      text NOT NULL,
      created_at        timestamptz NOT NULL DEFAULT now(),
      UNIQUE (supplier_offer_id, invoice_id)
    );
    -- At most one open (CLEARING or TOPUP_PENDING) supplier offer per invoice.
    CREATE UNIQUE INDEX supplier_offer_invoices_one_open_per_invoice ON supplier_offer_invoices (invoice_id)
      WHERE offer_status IN ('CLEARING','TOPUP_PENDING');
    CREATE INDEX supplier_offer_invoices_invoice_idx ON supplier_offer_invoices (invoice_id);

    CREATE FUNCTION supplier_offer_invoices_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_company integer;
    BEGIN
      SELECT created_by_company, offer_status INTO v_company, NEW.offer_status FROM supplier_offers WHERE id = NEW.supplier_offer_id;
      IF NOT FOUND THEN
        RETURN NEW; -- the foreign key reports the missing offer
      END IF;
      IF TG_OP = 'INSERT' OR NEW.invoice_id <> OLD.invoice_id OR NEW.supplier_offer_id <> OLD.supplier_offer_id THEN
        -- A supplier asks for early payment on its own live invoices only.
        IF NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id AND issued_by = v_company AND deleted_at IS NULL) THEN
          RAISE EXCEPTION 'invoice % is not a live invoice issued by company %', NEW.invoice_id, v_company
            USING ERRCODE = 'check_violation', TABLE = 'supplier_offer_invoices', CONSTRAINT = 'supplier_offer_invoices_own_invoice';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER supplier_offer_invoices_sync BEFORE INSERT OR UPDATE ON supplier_offer_invoices
      FOR EACH ROW EXECUTE FUNCTION supplier_offer_invoices_sync();

    CREATE FUNCTION supplier_offers_propagate_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE supplier_offer_invoices SET offer_status = NEW.offer_status WHERE supplier_offer_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER supplier_offers_propagate_status AFTER UPDATE OF offer_status ON supplier_offers
      FOR EACH ROW WHEN (OLD.offer_status IS DISTINCT FROM NEW.offer_status) EXECUTE FUNCTION supplier_offers_propagate_status();

    CREATE TRIGGER purchaser_offers_updated_at BEFORE UPDATE ON purchaser_offers FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER supplier_offers_updated_at BEFORE UPDATE ON supplier_offers FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
