import type { Migration } from "../migrator";

/**
 * Credit notes and their allocations to invoices (part 2 §3, §4, §5).
 *
 * The database keeps the sums: credit_notes.allocated_total and invoices.credit_note_value are recomputed from
 * credit_note_allocations by BEFORE triggers on the parent rows, whatever the writer sent, and an allocation change
 * touches both parents. The recomputation runs after the parent row is locked, so concurrent allocations serialise
 * on it, and the parents' CHECKs then refuse a credit note allocated beyond its total or an invoice credited beyond
 * its total. Credit note status and unallocated total are generated from the sums.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE credit_notes (
      id                      serial PRIMARY KEY,
      issued_by               integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      issued_for              integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      issued_by_company_name  text NOT NULL,
      issued_for_company_name text NOT NULL,
      credit_number           text NOT NULL CHECK (length(trim(credit_number)) > 0),
      record_number           text,
      order_number            text,
      supplier_reference      text CONSTRAINT credit_notes_supplier_reference_format
                              CHECK (length(supplier_reference) <= 20 AND supplier_reference ~ '^[A-Za-z0-9_-]*$'),
      issue_date              date,
      currency                char(3) NOT NULL DEFAULT 'NZD' CHECK (currency IN ('NZD','AUD')),
      total                   numeric(14,2) NOT NULL CONSTRAINT credit_notes_total_positive CHECK (total > 0),
      allocated_total         numeric(14,2) NOT NULL DEFAULT 0,
      unallocated_total       numeric(14,2) GENERATED ALWAYS AS (total - allocated_total) STORED,
      status                  text GENERATED ALWAYS AS (
                                CASE WHEN allocated_total = 0 THEN 'UNALLOCATED'
                                     WHEN allocated_total < total THEN 'PARTIALLY_ALLOCATED'
                                     ELSE 'ALLOCATED' END) STORED,
      loaded_by               text NOT NULL DEFAULT 'EARLYBIRD'
                              CHECK (loaded_by IN ('EARLYBIRD','SYSTEM','RIPE','XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      external_id             text,
      deleted_at              timestamptz,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT credit_notes_parties_differ CHECK (issued_by <> issued_for),
      -- The sum of a credit note's allocations never exceeds its total.
      CONSTRAINT credit_notes_allocated_within_total CHECK (allocated_total >= 0 AND allocated_total <= total),
      CONSTRAINT credit_notes_deleted_unallocated CHECK (deleted_at IS NULL OR allocated_total = 0)
    );
    -- Credit numbers are unique per purchaser and supplier among live rows (supplier companies are shared).
    CREATE UNIQUE INDEX credit_notes_credit_number_key ON credit_notes (issued_for, issued_by, credit_number) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX credit_notes_external_key ON credit_notes (loaded_by, external_id) WHERE external_id IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX credit_notes_issued_for_status_idx ON credit_notes (issued_for, status, issue_date) WHERE deleted_at IS NULL;
    CREATE INDEX credit_notes_issued_by_idx ON credit_notes (issued_by, issue_date) WHERE deleted_at IS NULL;

    CREATE TABLE credit_note_allocations (
      id               serial PRIMARY KEY,
      credit_note_id   integer NOT NULL REFERENCES credit_notes(id) ON DELETE CASCADE,
      invoice_id       integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      allocated_amount numeric(14,2) NOT NULL CHECK (allocated_amount > 0),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (credit_note_id, invoice_id)
    );
    CREATE INDEX credit_note_allocations_invoice_idx ON credit_note_allocations (invoice_id);

    CREATE FUNCTION credit_notes_derive_allocated_total() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        NEW.allocated_total := 0;
      ELSE
        SELECT coalesce(sum(allocated_amount), 0) INTO NEW.allocated_total FROM credit_note_allocations WHERE credit_note_id = NEW.id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER credit_notes_allocated_total BEFORE INSERT OR UPDATE ON credit_notes
      FOR EACH ROW EXECUTE FUNCTION credit_notes_derive_allocated_total();

    CREATE FUNCTION invoices_derive_credit_note_value() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        NEW.credit_note_value := 0;
      ELSE
        SELECT coalesce(sum(allocated_amount), 0) INTO NEW.credit_note_value FROM credit_note_allocations WHERE invoice_id = NEW.id;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER invoices_credit_note_value BEFORE INSERT OR UPDATE ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoices_derive_credit_note_value();

    CREATE FUNCTION credit_note_allocations_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'DELETE' THEN
        -- Credit from a supplier to a purchaser applies to that supplier's invoices to that purchaser only.
        IF NOT EXISTS (
          SELECT 1 FROM credit_notes c JOIN invoices i ON i.id = NEW.invoice_id
           WHERE c.id = NEW.credit_note_id AND i.issued_by = c.issued_by AND i.issued_for = c.issued_for
        ) THEN
          RAISE EXCEPTION 'credit note % cannot be allocated to invoice %: different companies', NEW.credit_note_id, NEW.invoice_id
            USING ERRCODE = 'check_violation', TABLE = 'credit_note_allocations', CONSTRAINT = 'credit_note_allocations_same_parties';
        END IF;
        -- Touch the parents (credit note first, then invoice: one lock order) so their triggers recompute the sums.
        UPDATE credit_notes SET allocated_total = allocated_total WHERE id = NEW.credit_note_id;
        UPDATE invoices SET credit_note_value = credit_note_value WHERE id = NEW.invoice_id;
      END IF;
      IF TG_OP = 'DELETE' THEN
        UPDATE credit_notes SET allocated_total = allocated_total WHERE id = OLD.credit_note_id;
        UPDATE invoices SET credit_note_value = credit_note_value WHERE id = OLD.invoice_id;
      ELSIF TG_OP = 'UPDATE' THEN
        IF OLD.credit_note_id <> NEW.credit_note_id THEN
          UPDATE credit_notes SET allocated_total = allocated_total WHERE id = OLD.credit_note_id;
        END IF;
        IF OLD.invoice_id <> NEW.invoice_id THEN
          UPDATE invoices SET credit_note_value = credit_note_value WHERE id = OLD.invoice_id;
        END IF;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER credit_note_allocations_apply AFTER INSERT OR UPDATE OR DELETE ON credit_note_allocations
      FOR EACH ROW EXECUTE FUNCTION credit_note_allocations_apply();

    CREATE TRIGGER credit_notes_updated_at BEFORE UPDATE ON credit_notes FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER credit_note_allocations_updated_at BEFORE UPDATE ON credit_note_allocations FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
