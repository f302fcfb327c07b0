import type { Migration } from "../migrator";

/**
 * Sync out (issue 18 part 5; docs/decisions/058): what Earlybird writes into a company's Xero or MYOB books. One row
 * per thing to write (a bill created in Xero, the payment of a bill or invoice paid early, its fee or its cashback),
 * inserted PENDING in the transaction that caused it, delivered after the commit and retried by the
 * `push-accounting` job with backoff until DONE or FAILED. The idempotency key is unique (one row per ledger
 * transaction, kind and side), and is sent to the provider as its Idempotency-Key, so a retry after a lost answer
 * never writes twice.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE accounting_pushes (
      id                      bigserial PRIMARY KEY,
      company_id              integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      connection_id           integer REFERENCES accounting_connections(id) ON DELETE SET NULL,
      provider                text NOT NULL CHECK (provider IN ('XERO','MYOB_ESSENTIALS','MYOB_ACCOUNT_RIGHT')),
      kind                    text NOT NULL CHECK (kind IN ('BILL_CREATE','PAYMENT','FEE','CASHBACK')),
      side                    text NOT NULL CHECK (side IN ('PURCHASER','SUPPLIER')),
      invoice_id              integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      ledger_transaction_id   integer REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      idempotency_key         text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      amount                  numeric(14,2) CHECK (amount IS NULL OR amount > 0),
      status                  text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','DONE','FAILED')),
      attempts                integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at         timestamptz NOT NULL DEFAULT now(),
      last_error              text,
      external_id             text,
      payload                 jsonb,
      done_at                 timestamptz,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT accounting_pushes_money_check CHECK ((kind = 'BILL_CREATE') = (amount IS NULL)),
      CONSTRAINT accounting_pushes_ledger_check CHECK (kind = 'BILL_CREATE' OR ledger_transaction_id IS NOT NULL),
      CONSTRAINT accounting_pushes_done_check CHECK (status <> 'DONE' OR done_at IS NOT NULL)
    );
    -- The retry job's scan: pending pushes that are due.
    CREATE INDEX accounting_pushes_due_idx ON accounting_pushes (next_attempt_at, id) WHERE status = 'PENDING';
    -- accounting:status and the settings card: a company's pending and failed pushes, newest first.
    CREATE INDEX accounting_pushes_company_idx ON accounting_pushes (company_id, status, updated_at DESC);
    CREATE INDEX accounting_pushes_invoice_idx ON accounting_pushes (invoice_id);
    CREATE TRIGGER accounting_pushes_updated_at BEFORE UPDATE ON accounting_pushes FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`DROP TABLE accounting_pushes;`);
};
