import type { Migration } from "../migrator";

/**
 * Executions of purchaser and supplier offers (part 2 §3 "Execution status", §7) and their per-invoice results.
 *
 * Executing is idempotent per (offer, invoice) (D3), and more: an invoice has at most one result that is not
 * FAILED, whichever offer it came through, so no invoice is ever paid twice. A retry finds the live result and
 * carries it on (PENDING, CLEARING or TOPUP_PENDING become SUCCESS or FAILED in place) instead of inserting another.
 * Each result carries its execution's offer id (copied by a trigger), so the rules are plain indexes and keys.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE offer_executions (
      id                      serial PRIMARY KEY,
      offer_kind              text NOT NULL CHECK (offer_kind IN ('PURCHASER','SUPPLIER')),
      purchaser_offer_id      integer REFERENCES purchaser_offers(id) ON DELETE RESTRICT,
      supplier_offer_id       integer REFERENCES supplier_offers(id) ON DELETE RESTRICT,
      requested_by_company_id integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      requested_by_user_id    integer REFERENCES users(id) ON DELETE SET NULL,
      job_id                  uuid REFERENCES jobs(id) ON DELETE SET NULL,
      status                  text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','RUNNING','SUCCESS','FAILED')),
      success_count           integer NOT NULL DEFAULT 0 CHECK (success_count >= 0),
      failed_count            integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
      progress                integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT offer_executions_one_offer CHECK (
        (offer_kind = 'PURCHASER' AND purchaser_offer_id IS NOT NULL AND supplier_offer_id IS NULL) OR
        (offer_kind = 'SUPPLIER' AND supplier_offer_id IS NOT NULL AND purchaser_offer_id IS NULL)
      ),
      CONSTRAINT offer_executions_finished_progress CHECK (status NOT IN ('SUCCESS','FAILED') OR progress = 100)
    );
    CREATE INDEX offer_executions_purchaser_offer_idx ON offer_executions (purchaser_offer_id, created_at DESC) WHERE purchaser_offer_id IS NOT NULL;
    CREATE INDEX offer_executions_supplier_offer_idx ON offer_executions (supplier_offer_id, created_at DESC) WHERE supplier_offer_id IS NOT NULL;
    CREATE INDEX offer_executions_company_idx ON offer_executions (requested_by_company_id, created_at DESC);
    CREATE INDEX offer_executions_job_idx ON offer_executions (job_id) WHERE job_id IS NOT NULL;

    CREATE TABLE offer_execution_results (
      id                    serial PRIMARY KEY,
      execution_id          integer NOT NULL REFERENCES offer_executions(id) ON DELETE CASCADE,
      invoice_id            integer NOT NULL REFERENCES invoices(id) ON DELETE RESTRICT,
      -- Copies of the execution's offer ids (written by the trigger below).
      purchaser_offer_id    integer REFERENCES purchaser_offers(id) ON DELETE RESTRICT,
      supplier_offer_id     integer REFERENCES supplier_offers(id) ON DELETE RESTRICT,
      status                text NOT NULL CHECK (status IN ('SUCCESS','FAILED','PENDING','CLEARING','TOPUP_PENDING')),
      -- What the payer pays, the supplier's fee and the purchaser's cashback (D2).
      amount                numeric(14,2) CHECK (amount >= 0),
      fee                   numeric(14,2) CHECK (fee >= 0),
      cashback              numeric(14,2) CHECK (cashback >= 0),
      reason                text,
      -- The ledger transaction that moved the money (ledger area; no foreign key across areas yet).
      ledger_transaction_id integer,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      -- A supplier offer pays only the invoices it holds.
      CONSTRAINT offer_execution_results_supplier_offer_invoice_fkey FOREIGN KEY (supplier_offer_id, invoice_id)
        REFERENCES supplier_offer_invoices (supplier_offer_id, invoice_id) ON DELETE RESTRICT,
      UNIQUE (execution_id, invoice_id)
    );
    CREATE UNIQUE INDEX offer_execution_results_one_live_per_invoice ON offer_execution_results (invoice_id) WHERE status <> 'FAILED';
    CREATE INDEX offer_execution_results_purchaser_offer_idx ON offer_execution_results (purchaser_offer_id, invoice_id) WHERE purchaser_offer_id IS NOT NULL;
    CREATE INDEX offer_execution_results_supplier_offer_idx ON offer_execution_results (supplier_offer_id, invoice_id) WHERE supplier_offer_id IS NOT NULL;
    CREATE INDEX offer_execution_results_invoice_idx ON offer_execution_results (invoice_id);
    CREATE INDEX offer_execution_results_ledger_idx ON offer_execution_results (ledger_transaction_id) WHERE ledger_transaction_id IS NOT NULL;

    CREATE FUNCTION offer_execution_results_copy_offer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_purchaser_offer_id integer;
      v_supplier_offer_id integer;
    BEGIN
      SELECT purchaser_offer_id, supplier_offer_id INTO v_purchaser_offer_id, v_supplier_offer_id
        FROM offer_executions WHERE id = NEW.execution_id;
      IF NOT FOUND THEN
        RETURN NEW; -- the foreign key reports the missing execution
      END IF;
      NEW.purchaser_offer_id := v_purchaser_offer_id;
      NEW.supplier_offer_id := v_supplier_offer_id;
      -- A purchaser offer pays the purchaser's own bills only.
      IF v_purchaser_offer_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM invoices i JOIN purchaser_offers p ON p.id = v_purchaser_offer_id
         WHERE i.id = NEW.invoice_id AND i.issued_for = p.created_by_company
      ) THEN
        RAISE EXCEPTION 'invoice % is not a bill of the company of purchaser offer %', NEW.invoice_id, v_purchaser_offer_id
          USING ERRCODE = 'check_violation', TABLE = 'offer_execution_results', CONSTRAINT = 'offer_execution_results_purchaser_bill';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER offer_execution_results_copy_offer BEFORE INSERT OR UPDATE ON offer_execution_results
      FOR EACH ROW EXECUTE FUNCTION offer_execution_results_copy_offer();

    CREATE TRIGGER offer_executions_updated_at BEFORE UPDATE ON offer_executions FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER offer_execution_results_updated_at BEFORE UPDATE ON offer_execution_results FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
