import type { Migration } from "../migrator";

/**
 * Money that comes back (issue 13 part 3, docs/decisions/030-money-that-comes-back.md):
 * - a withdrawal the bank returns is FAILED (with failed_at, failure_reason and the REVERSAL that put the money back in
 *   the wallet: reversal_ledger_transaction_id, required now), records who entered it and the bank statement line the
 *   money came back on;
 * - an UNKNOWN deposit nobody claimed may be returned to its sender: the top-up becomes RETURNED (it has no company, like
 *   an UNKNOWN one) and a deposit_returns row is the payment back, written to the next bank payment file like a
 *   withdrawal (PENDING until then, COMPLETED with its file);
 * - statement lines get the record type REVERSAL (a returned withdrawal).
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE withdrawals
      ADD COLUMN returned_by_user_id integer REFERENCES users(id) ON DELETE RESTRICT,
      -- The bank statement line the returned money arrived on (once imported): evidence, so it is never counted twice.
      ADD COLUMN return_statement_line_id integer UNIQUE REFERENCES bank_statement_lines(id) ON DELETE RESTRICT,
      ADD CONSTRAINT withdrawals_failed_reversed CHECK (status <> 'FAILED' OR reversal_ledger_transaction_id IS NOT NULL);

    ALTER TABLE top_ups
      DROP CONSTRAINT top_ups_topup_status_check,
      ADD CONSTRAINT top_ups_topup_status_check CHECK (topup_status IN ('PENDING','UNKNOWN','COMPLETED','CANCELLED','EXPIRED','RETURNED')),
      DROP CONSTRAINT top_ups_company_unless_unknown,
      ADD CONSTRAINT top_ups_company_unless_unknown CHECK (company_id IS NOT NULL OR topup_status IN ('UNKNOWN','RETURNED'));

    -- A statement's deposit that is a returned withdrawal's money coming back (it quotes WD<id>): RETURNED, no top-up.
    ALTER TABLE bank_statement_lines
      DROP CONSTRAINT bank_statement_lines_status_check,
      ADD CONSTRAINT bank_statement_lines_status_check CHECK (status IN ('MATCHED','UNKNOWN','ASSIGNED','IGNORED','RETURNED')),
      ADD CONSTRAINT bank_statement_lines_returned_check CHECK (status <> 'RETURNED' OR matched_top_up_id IS NULL);

    -- The payment that sends an unknown deposit back to the account it came from: at most one per deposit.
    CREATE TABLE deposit_returns (
      id                              serial PRIMARY KEY,
      top_up_id                       integer NOT NULL UNIQUE REFERENCES top_ups(id) ON DELETE RESTRICT,
      currency                        char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      amount                          numeric(14,2) NOT NULL CHECK (amount > 0),
      account_name                    text NOT NULL CHECK (length(trim(account_name)) > 0),
      -- Digits only; AU accounts carry a six-digit BSB, NZ ones none.
      account_number                  text NOT NULL CHECK (account_number ~ '^[0-9]{1,16}$'),
      bsb                             text CHECK (bsb ~ '^[0-9]{6}$'),
      status                          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','COMPLETED')),
      requested_by_user_id            integer REFERENCES users(id) ON DELETE RESTRICT,
      -- SUSPENSE → WITHDRAWALS_PENDING, written with the request.
      ledger_transaction_id           integer NOT NULL UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      -- WITHDRAWALS_PENDING → BANK_CLEARING, written with the bank file that pays it.
      completed_ledger_transaction_id integer UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      bank_payment_file_id            integer REFERENCES bank_payment_files(id) ON DELETE RESTRICT,
      completed_at                    timestamptz,
      created_at                      timestamptz NOT NULL DEFAULT now(),
      updated_at                      timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT deposit_returns_bsb_by_currency CHECK ((currency = 'AUD') = (bsb IS NOT NULL)),
      CONSTRAINT deposit_returns_completed_check CHECK (status <> 'COMPLETED' OR (completed_at IS NOT NULL
        AND completed_ledger_transaction_id IS NOT NULL AND bank_payment_file_id IS NOT NULL))
    );
    CREATE INDEX deposit_returns_pending_idx ON deposit_returns (currency, id) WHERE status = 'PENDING';
    CREATE INDEX deposit_returns_bank_payment_file_idx ON deposit_returns (bank_payment_file_id) WHERE bank_payment_file_id IS NOT NULL;
    CREATE TRIGGER deposit_returns_updated_at BEFORE UPDATE ON deposit_returns FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- REVERSAL joins whatever record types the statement lines allow (read from the constraint, so a record type another
    -- migration added stays allowed).
    DO $$
    DECLARE
      allowed text[];
    BEGIN
      SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO allowed
        FROM pg_constraint c CROSS JOIN LATERAL regexp_matches(pg_get_constraintdef(c.oid), '''([A-Z_]+)''', 'g') AS m
       WHERE c.conrelid = 'statement_lines'::regclass AND c.conname = 'statement_lines_record_type_check';
      IF allowed IS NULL THEN
        RAISE EXCEPTION 'statement_lines_record_type_check not found';
      END IF;
      IF NOT 'REVERSAL' = ANY (allowed) THEN
        allowed := array_append(allowed, 'REVERSAL');
      END IF;
      ALTER TABLE statement_lines DROP CONSTRAINT statement_lines_record_type_check;
      EXECUTE format('ALTER TABLE statement_lines ADD CONSTRAINT statement_lines_record_type_check CHECK (record_type = ANY (%L::text[]))', allowed);
    END $$;
  `);
};
