import type { Migration } from "../migrator";

/**
 * Money in and out of the real bank (decisions D5). The user-visible status of a top-up or withdrawal lives on
 * these rows; the money itself moves only through ledger transactions, which point back here (top_up_id,
 * withdrawal_id) and are referenced from here once written.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    -- Bank payment files written by the withdrawals job: NZ bulk-payment CSV or AU ABA (both plain text).
    CREATE TABLE bank_payment_files (
      id                serial PRIMARY KEY,
      country           char(2) NOT NULL CHECK (country IN ('NZ','AU')),
      format            text NOT NULL CHECK (format IN ('NZ_BULK_CSV','AU_ABA')),
      file_name         text NOT NULL UNIQUE CHECK (length(trim(file_name)) > 0),
      content           text NOT NULL,
      total_amount      numeric(14,2) NOT NULL CHECK (total_amount > 0),
      item_count        integer NOT NULL CHECK (item_count > 0),
      created_by_job_id uuid REFERENCES jobs(id) ON DELETE SET NULL,
      created_at        timestamptz NOT NULL DEFAULT now(),
      CHECK ((country = 'NZ' AND format = 'NZ_BULK_CSV') OR (country = 'AU' AND format = 'AU_ABA'))
    );
    CREATE INDEX bank_payment_files_created_idx ON bank_payment_files (created_at DESC);

    -- Bank statements imported to find deposits (D5); the same file is never imported twice.
    CREATE TABLE bank_statement_imports (
      id                  serial PRIMARY KEY,
      currency            char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      file_name           text NOT NULL CHECK (length(trim(file_name)) > 0),
      content             text NOT NULL,
      content_sha256      text NOT NULL UNIQUE CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
      line_count          integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
      imported_by_user_id integer REFERENCES users(id) ON DELETE RESTRICT,
      job_id              uuid REFERENCES jobs(id) ON DELETE SET NULL,
      created_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bank_statement_imports_created_idx ON bank_statement_imports (created_at DESC);

    CREATE TABLE bank_statement_lines (
      id                  serial PRIMARY KEY,
      import_id           integer NOT NULL REFERENCES bank_statement_imports(id) ON DELETE RESTRICT,
      line_index          integer NOT NULL CHECK (line_index >= 0),
      transaction_date    date NOT NULL,
      -- Deposits are positive; debits (our own payments out) are kept as IGNORED lines.
      amount              numeric(14,2) NOT NULL CHECK (amount <> 0),
      reference           text,
      particulars         text,
      code                text,
      other_party         text,
      -- The bank's own id for the line when the statement carries one: the same deposit is never counted twice
      -- across overlapping statements.
      bank_transaction_id text UNIQUE,
      status              text NOT NULL DEFAULT 'UNKNOWN' CHECK (status IN ('MATCHED','UNKNOWN','ASSIGNED','IGNORED')),
      matched_top_up_id   integer UNIQUE,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      UNIQUE (import_id, line_index),
      CHECK (status NOT IN ('MATCHED','ASSIGNED') OR matched_top_up_id IS NOT NULL),
      CHECK (status <> 'IGNORED' OR matched_top_up_id IS NULL)
    );
    CREATE INDEX bank_statement_lines_status_idx ON bank_statement_lines (status, transaction_date);
    CREATE INDEX bank_statement_lines_reference_idx ON bank_statement_lines (upper(reference));
    CREATE TRIGGER bank_statement_lines_updated_at BEFORE UPDATE ON bank_statement_lines FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE top_ups (
      id                    serial PRIMARY KEY,
      -- NULL only while UNKNOWN: a deposit with no matching reference, held in suspense until an admin assigns it.
      company_id            integer REFERENCES companies(id) ON DELETE RESTRICT,
      currency              char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      topup_amount          numeric(14,2) NOT NULL CONSTRAINT top_ups_amount_positive CHECK (topup_amount > 0),
      topup_status          text NOT NULL DEFAULT 'PENDING' CHECK (topup_status IN ('PENDING','UNKNOWN','COMPLETED','CANCELLED','EXPIRED')),
      -- The reference the payer quotes on the transfer; fits a bank's 12-character reference field.
      payment_reference     text UNIQUE CHECK (payment_reference ~ '^[A-Z0-9]{4,12}$'),
      trigger               text CHECK (trigger IN ('SUPPLIER_OFFER','PURCHASER_OFFER','PURCHASER_OFFER_EDIT','NO_OFFER','CUSTOM')),
      expires_at            timestamptz DEFAULT (now() + interval '7 days'),
      completed_at          timestamptz,
      cancelled_at          timestamptz,
      created_by_user_id    integer REFERENCES users(id) ON DELETE RESTRICT,
      confirmed_by_user_id  integer REFERENCES users(id) ON DELETE RESTRICT,
      cancelled_by_user_id  integer REFERENCES users(id) ON DELETE RESTRICT,
      -- The ledger transaction that credited the wallet.
      ledger_transaction_id integer UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      bank_statement_line_id integer UNIQUE REFERENCES bank_statement_lines(id) ON DELETE RESTRICT,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT top_ups_company_unless_unknown CHECK (company_id IS NOT NULL OR topup_status = 'UNKNOWN'),
      CONSTRAINT top_ups_reference_or_line CHECK (payment_reference IS NOT NULL OR bank_statement_line_id IS NOT NULL),
      CONSTRAINT top_ups_pending_expires CHECK (topup_status <> 'PENDING' OR expires_at IS NOT NULL),
      CONSTRAINT top_ups_completed_check CHECK (topup_status <> 'COMPLETED' OR (completed_at IS NOT NULL AND ledger_transaction_id IS NOT NULL)),
      CONSTRAINT top_ups_cancelled_check CHECK (topup_status <> 'CANCELLED' OR cancelled_at IS NOT NULL)
    );
    -- Admin top-ups tabs (All, Pending, Unknown, Approved, Cancelled), newest first.
    CREATE INDEX top_ups_status_idx ON top_ups (topup_status, created_at DESC);
    CREATE INDEX top_ups_company_idx ON top_ups (company_id, created_at DESC);
    -- The expiry job's scan.
    CREATE INDEX top_ups_pending_expiry_idx ON top_ups (expires_at) WHERE topup_status = 'PENDING';
    CREATE TRIGGER top_ups_updated_at BEFORE UPDATE ON top_ups FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_matched_top_up_fkey
      FOREIGN KEY (matched_top_up_id) REFERENCES top_ups(id) ON DELETE RESTRICT;

    CREATE TABLE withdrawals (
      id                              serial PRIMARY KEY,
      company_id                      integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      bank_account_id                 integer NOT NULL,
      currency                        char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      withdrawal_amount               numeric(14,2) NOT NULL CONSTRAINT withdrawals_amount_minimum CHECK (withdrawal_amount >= 1.00),
      status                          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','COMPLETED','CANCELLED','FAILED')),
      requested_by_user_id            integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      -- Placed by an admin on behalf of the company.
      on_behalf                       boolean NOT NULL DEFAULT false,
      -- Debit of the wallet into WITHDRAWALS_PENDING, written with the request.
      ledger_transaction_id           integer UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      -- WITHDRAWALS_PENDING to bank clearing, written when the payment file is.
      completed_ledger_transaction_id integer UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      -- Money back to the wallet when a withdrawal is cancelled or fails.
      reversal_ledger_transaction_id  integer UNIQUE REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      bank_payment_file_id            integer REFERENCES bank_payment_files(id) ON DELETE RESTRICT,
      completed_at                    timestamptz,
      cancelled_at                    timestamptz,
      cancelled_by_user_id            integer REFERENCES users(id) ON DELETE RESTRICT,
      failed_at                       timestamptz,
      failure_reason                  text,
      created_at                      timestamptz NOT NULL DEFAULT now(),
      updated_at                      timestamptz NOT NULL DEFAULT now(),
      -- The destination is an account of the same company.
      CONSTRAINT withdrawals_bank_account_fkey FOREIGN KEY (bank_account_id, company_id) REFERENCES bank_accounts (id, company_id) ON DELETE RESTRICT,
      CONSTRAINT withdrawals_completed_check CHECK (status <> 'COMPLETED' OR (completed_at IS NOT NULL AND ledger_transaction_id IS NOT NULL
                                                    AND completed_ledger_transaction_id IS NOT NULL AND bank_payment_file_id IS NOT NULL)),
      CONSTRAINT withdrawals_cancelled_check CHECK (status <> 'CANCELLED' OR cancelled_at IS NOT NULL),
      CONSTRAINT withdrawals_failed_check CHECK (status <> 'FAILED' OR failed_at IS NOT NULL)
    );
    -- "a pending withdrawal" blocks a new one (spec p1 §4): at most one per company.
    CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (company_id) WHERE status = 'PENDING';
    CREATE INDEX withdrawals_pending_idx ON withdrawals (created_at) WHERE status = 'PENDING';
    CREATE INDEX withdrawals_company_idx ON withdrawals (company_id, created_at DESC);
    CREATE INDEX withdrawals_bank_account_idx ON withdrawals (bank_account_id);
    CREATE INDEX withdrawals_bank_payment_file_idx ON withdrawals (bank_payment_file_id) WHERE bank_payment_file_id IS NOT NULL;
    CREATE TRIGGER withdrawals_updated_at BEFORE UPDATE ON withdrawals FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    ALTER TABLE ledger_transactions
      ADD CONSTRAINT ledger_transactions_top_up_fkey FOREIGN KEY (top_up_id) REFERENCES top_ups(id) ON DELETE RESTRICT,
      ADD CONSTRAINT ledger_transactions_withdrawal_fkey FOREIGN KEY (withdrawal_id) REFERENCES withdrawals(id) ON DELETE RESTRICT;

    -- Bank file processing switch (spec p3 §4.7): one row. SUSPENDED stops only the withdrawals file job (D5).
    CREATE TABLE file_processing_status (
      id                  integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      status              text NOT NULL CHECK (status IN ('RUNNING','SUSPENDED')),
      updated_by_user_id  integer REFERENCES users(id) ON DELETE SET NULL,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO file_processing_status (status) VALUES ('RUNNING');
    CREATE TRIGGER file_processing_status_no_delete BEFORE DELETE ON file_processing_status FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER file_processing_status_updated_at BEFORE UPDATE ON file_processing_status FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `);
};
