import type { Migration } from "../migrator";

/**
 * Companies' bank accounts (spec part 1 §3-5, part 3 §4.4-4.5): the withdrawal accounts the company adds (SMS code
 * on creation, statement upload for verification) and the SYSTEM account, its Earlybird working-capital account or
 * PayID. Deleting an account sets bankAccountStatus DELETED; rows are kept for the withdrawals that reference them.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE TABLE bank_accounts (
      id                    serial PRIMARY KEY,
      company_id            integer NOT NULL REFERENCES companies(id) ON DELETE RESTRICT,
      bank_account_name     text NOT NULL CHECK (length(trim(bank_account_name)) > 0),
      -- Digits only (the forms strip everything else); NZ numbers are 16 digits once normalised, AU at least 6.
      bank_account_number   text CHECK (bank_account_number ~ '^[0-9]{1,20}$'),
      bsb                   text CHECK (bsb ~ '^[0-9]{6}$'),
      pay_id                text CHECK (length(trim(pay_id)) > 0),
      bank_account_status   text NOT NULL DEFAULT 'UNVERIFIED'
                            CHECK (bank_account_status IN ('UNVERIFIED','VERIFICATION_PENDING','VERIFIED','VERIFICATION_FAILED','DELETED')),
      loaded_by             text NOT NULL DEFAULT 'EARLYBIRD' CHECK (loaded_by IN ('SYSTEM','EARLYBIRD','XERO','MYOB_ACCOUNTRIGHT')),
      -- The account's id in Xero or MYOB when loaded from there.
      external_account_id   text,
      default_account       boolean NOT NULL DEFAULT false,
      -- SMS second factor on creation (spec p1 §4): a hash of the six-digit code, its expiry, failed attempts (max 3).
      code_hash             text,
      code_expires_at       timestamptz,
      code_failed_attempts  integer NOT NULL DEFAULT 0 CHECK (code_failed_attempts >= 0),
      code_verified_at      timestamptz,
      document_file_name    text,
      verified_by_user_id   integer REFERENCES users(id) ON DELETE RESTRICT,
      verified_at           timestamptz,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT bank_accounts_number_or_pay_id CHECK (bank_account_number IS NOT NULL OR pay_id IS NOT NULL),
      CONSTRAINT bank_accounts_bsb_needs_number CHECK (bsb IS NULL OR bank_account_number IS NOT NULL),
      CONSTRAINT bank_accounts_code_pair CHECK ((code_hash IS NULL) = (code_expires_at IS NULL)),
      -- A deleted account is never the default; the SYSTEM account is Earlybird's, never a withdrawal target.
      CONSTRAINT bank_accounts_deleted_not_default CHECK (NOT (default_account AND bank_account_status = 'DELETED')),
      CONSTRAINT bank_accounts_system_not_default CHECK (NOT (default_account AND loaded_by = 'SYSTEM')),
      -- Target of withdrawals' (bank_account_id, company_id) key: a withdrawal goes to an account of its company.
      CONSTRAINT bank_accounts_id_company_key UNIQUE (id, company_id)
    );
    CREATE UNIQUE INDEX bank_accounts_one_default ON bank_accounts (company_id) WHERE default_account AND bank_account_status <> 'DELETED';
    CREATE UNIQUE INDEX bank_accounts_one_system ON bank_accounts (company_id) WHERE loaded_by = 'SYSTEM';
    CREATE INDEX bank_accounts_company_idx ON bank_accounts (company_id, created_at);
    -- Admin bank-accounts list: by status, newest change first.
    CREATE INDEX bank_accounts_status_idx ON bank_accounts (bank_account_status, updated_at DESC);
    CREATE TRIGGER bank_accounts_updated_at BEFORE UPDATE ON bank_accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- Statements uploaded to verify an account (JPG, PNG or PDF, at most 10,000,000 bytes); the newest is current.
    CREATE TABLE bank_account_documents (
      id                  serial PRIMARY KEY,
      bank_account_id     integer NOT NULL REFERENCES bank_accounts(id) ON DELETE CASCADE,
      file_name           text NOT NULL CHECK (length(trim(file_name)) > 0),
      mime_type           text NOT NULL CHECK (mime_type IN ('application/pdf','image/jpeg','image/png')),
      size_bytes          integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10000000),
      content             bytea NOT NULL,
      uploaded_by_user_id integer REFERENCES users(id) ON DELETE RESTRICT,
      created_at          timestamptz NOT NULL DEFAULT now(),
      CHECK (octet_length(content) = size_bytes)
    );
    CREATE INDEX bank_account_documents_account_idx ON bank_account_documents (bank_account_id, created_at DESC);
  `);
};
