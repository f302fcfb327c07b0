import type { Migration } from "../migrator";

/**
 * The double-entry ledger (decisions D4). Accounts, transactions and their entries; the database itself refuses
 * an unbalanced transaction, a transaction with fewer than two entries, a wallet overdrawn by a debit, and any
 * change to a ledger row once written (a correction is a new REVERSAL or ADJUSTMENT transaction).
 *
 * Sign convention: an entry's amount is what it adds to its account's balance. A wallet's balance is the sum
 * of its entries (positive = money the company holds with us); a top-up is +X on the wallet and -X on bank
 * clearing. Each transaction's entries sum to zero, so the whole ledger always sums to zero.
 *
 * The balance rules are DEFERRABLE INITIALLY DEFERRED constraint triggers, checked at COMMIT. A service that
 * wants the failure as an ordinary statement error (rather than a failed COMMIT, after which Sequelize drops the
 * connection) runs `SET CONSTRAINTS ledger_transactions_balanced, ledger_entries_balanced IMMEDIATE` once the
 * entries are written, and `... DEFERRED` again before writing another ledger transaction in the same database
 * transaction.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    -- Shared by every append-only table (ledger, document review history, KYC history).
    CREATE OR REPLACE FUNCTION forbid_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation', TABLE = TG_TABLE_NAME;
    END $$;

    CREATE TABLE ledger_accounts (
      id          serial PRIMARY KEY,
      company_id  integer REFERENCES companies(id) ON DELETE RESTRICT,
      kind        text NOT NULL CHECK (kind IN ('WALLET','BANK_CLEARING','FEE_REVENUE','SUSPENSE','WITHDRAWALS_PENDING')),
      currency    char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      code        text NOT NULL UNIQUE CHECK (length(trim(code)) > 0),
      name        text NOT NULL CHECK (length(trim(name)) > 0),
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      -- A company owns exactly its wallets; Earlybird's system accounts belong to no company.
      CONSTRAINT ledger_accounts_owner_check CHECK ((kind = 'WALLET') = (company_id IS NOT NULL)),
      -- Target of the entries' (account_id, currency) foreign key: an entry is in its account's currency.
      CONSTRAINT ledger_accounts_id_currency_key UNIQUE (id, currency)
    );
    CREATE UNIQUE INDEX ledger_accounts_wallet_key ON ledger_accounts (company_id, currency) WHERE kind = 'WALLET';
    CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind, currency) WHERE company_id IS NULL;

    -- Only the display name of an account may change: its owner, kind, currency and code are part of history.
    CREATE FUNCTION ledger_accounts_freeze_identity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency OR NEW.code <> OLD.code THEN
        RAISE EXCEPTION 'ledger account %: company, kind, currency and code cannot change', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_accounts_freeze_identity BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_freeze_identity();
    CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER ledger_accounts_updated_at BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    INSERT INTO ledger_accounts (kind, currency, code, name) VALUES
      ('BANK_CLEARING',       'NZD', 'SYS-BANK_CLEARING-NZD',       'Bank clearing (NZD)'),
      ('BANK_CLEARING',       'AUD', 'SYS-BANK_CLEARING-AUD',       'Bank clearing (AUD)'),
      ('FEE_REVENUE',         'NZD', 'SYS-FEE_REVENUE-NZD',         'Fee revenue (NZD)'),
      ('FEE_REVENUE',         'AUD', 'SYS-FEE_REVENUE-AUD',         'Fee revenue (AUD)'),
      ('SUSPENSE',            'NZD', 'SYS-SUSPENSE-NZD',            'Unmatched deposits (NZD)'),
      ('SUSPENSE',            'AUD', 'SYS-SUSPENSE-AUD',            'Unmatched deposits (AUD)'),
      ('WITHDRAWALS_PENDING', 'NZD', 'SYS-WITHDRAWALS_PENDING-NZD', 'Withdrawals pending payment (NZD)'),
      ('WITHDRAWALS_PENDING', 'AUD', 'SYS-WITHDRAWALS_PENDING-AUD', 'Withdrawals pending payment (AUD)');

    CREATE TABLE ledger_transactions (
      id                        serial PRIMARY KEY,
      transaction_class         text NOT NULL CHECK (transaction_class IN ('PAYMENT','TOPUP','WITHDRAWAL','FEE','REVERSAL','ADJUSTMENT')),
      currency                  char(3) NOT NULL CHECK (currency IN ('NZD','AUD')),
      description               text,
      source_particulars        text,
      destination_particulars   text,
      source_company_id         integer REFERENCES companies(id) ON DELETE RESTRICT,
      destination_company_id    integer REFERENCES companies(id) ON DELETE RESTRICT,
      source_reference          text,
      destination_reference     text,
      -- A retried request carries the same key and finds the first transaction instead of paying twice (D3).
      idempotency_key           text UNIQUE,
      reverses_transaction_id   integer REFERENCES ledger_transactions(id) ON DELETE RESTRICT,
      -- What caused the movement. FKs to top_ups, withdrawals and offer_execution_results are added by the
      -- migrations that create those tables.
      top_up_id                 integer,
      withdrawal_id             integer,
      offer_execution_result_id integer,
      created_by_user_id        integer REFERENCES users(id) ON DELETE RESTRICT,
      created_at                timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_transactions_id_currency_key UNIQUE (id, currency),
      CONSTRAINT ledger_transactions_reversal_check CHECK ((transaction_class = 'REVERSAL') = (reverses_transaction_id IS NOT NULL)),
      CHECK (reverses_transaction_id IS DISTINCT FROM id)
    );
    -- A transaction is reversed at most once.
    CREATE UNIQUE INDEX ledger_transactions_reverses_key ON ledger_transactions (reverses_transaction_id) WHERE reverses_transaction_id IS NOT NULL;
    CREATE INDEX ledger_transactions_source_company_idx ON ledger_transactions (source_company_id, created_at DESC);
    CREATE INDEX ledger_transactions_destination_company_idx ON ledger_transactions (destination_company_id, created_at DESC);
    CREATE INDEX ledger_transactions_top_up_idx ON ledger_transactions (top_up_id) WHERE top_up_id IS NOT NULL;
    CREATE INDEX ledger_transactions_withdrawal_idx ON ledger_transactions (withdrawal_id) WHERE withdrawal_id IS NOT NULL;
    CREATE INDEX ledger_transactions_offer_execution_result_idx ON ledger_transactions (offer_execution_result_id) WHERE offer_execution_result_id IS NOT NULL;

    CREATE TABLE ledger_entries (
      id              bigserial PRIMARY KEY,
      transaction_id  integer NOT NULL,
      account_id      integer NOT NULL,
      currency        char(3) NOT NULL,
      amount          numeric(14,2) NOT NULL CONSTRAINT ledger_entries_amount_nonzero CHECK (amount <> 0),
      created_at      timestamptz NOT NULL DEFAULT now(),
      -- The composite keys make every entry carry its transaction's and its account's currency: no NZD entry
      -- can land on an AUD account or in an AUD transaction.
      CONSTRAINT ledger_entries_transaction_fkey FOREIGN KEY (transaction_id, currency) REFERENCES ledger_transactions (id, currency) ON DELETE RESTRICT,
      CONSTRAINT ledger_entries_account_fkey FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency) ON DELETE RESTRICT
    );
    CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
    -- Balances and running balances read an account's entries in order.
    CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id) INCLUDE (amount);

    -- The database's clock stamps ledger rows: the entries check below relies on it.
    CREATE FUNCTION ledger_stamp_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.created_at := now();
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_transactions_stamp BEFORE INSERT ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_stamp_created_at();
    CREATE TRIGGER ledger_entries_stamp BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_stamp_created_at();

    -- Entries may only be written in the database transaction that wrote their ledger transaction (now() is the
    -- start time of the current database transaction), so a committed transaction can never gain entries later.
    CREATE FUNCTION ledger_entries_same_database_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND created_at = now()) THEN
        RAISE EXCEPTION 'ledger transaction % is already committed: its entries cannot change', NEW.transaction_id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_entries';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_entries_same_transaction BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_same_database_transaction();

    -- The rules of D4, checked when the database transaction commits: at least two entries, summing to zero, and
    -- no wallet debited by this transaction left below zero ("No operation may make Funds Available negative";
    -- Funds Available = balance - Cash Reserve, so the balance can never be negative). The debited wallets are
    -- locked in id order first, so two commits debiting the same wallet check one after the other, each seeing the
    -- other's entries (READ COMMITTED takes a fresh snapshot per statement).
    CREATE FUNCTION ledger_assert_transaction_valid(tx_id integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      entry_count integer;
      total numeric;
      overdrawn record;
    BEGIN
      SELECT count(*), coalesce(sum(amount), 0) INTO entry_count, total FROM ledger_entries WHERE transaction_id = tx_id;
      IF entry_count < 2 THEN
        RAISE EXCEPTION 'ledger transaction % has % entries: at least two are required', tx_id, entry_count
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;
      IF total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % is unbalanced: its entries sum to %', tx_id, total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;

      PERFORM 1 FROM ledger_accounts
        WHERE kind = 'WALLET' AND id IN (SELECT account_id FROM ledger_entries WHERE transaction_id = tx_id AND amount < 0)
        ORDER BY id FOR NO KEY UPDATE;
      SELECT a.id, a.code, balances.balance INTO overdrawn
        FROM ledger_accounts a
        CROSS JOIN LATERAL (SELECT sum(e.amount) AS balance FROM ledger_entries e WHERE e.account_id = a.id) balances
        WHERE a.kind = 'WALLET'
          AND a.id IN (SELECT account_id FROM ledger_entries WHERE transaction_id = tx_id AND amount < 0)
          AND balances.balance < 0
        LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transaction % would overdraw wallet % (balance %)', tx_id, overdrawn.code, overdrawn.balance
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_wallet_not_negative', TABLE = 'ledger_accounts';
      END IF;
    END $$;

    CREATE FUNCTION ledger_entries_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ledger_assert_transaction_valid(NEW.transaction_id);
      RETURN NULL;
    END $$;
    CREATE FUNCTION ledger_transactions_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ledger_assert_transaction_valid(NEW.id);
      RETURN NULL;
    END $$;
    -- On ledger_transactions too, so a transaction written with no entries at all is refused.
    CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transactions_check_balanced();
    CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_check_balanced();

    -- Append-only: no UPDATE, DELETE or TRUNCATE, ever.
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();

    -- Every account's balance (system accounts included, for reconciliation), and the companies' wallets.
    CREATE VIEW ledger_account_balances AS
      SELECT a.id AS account_id, a.company_id, a.kind, a.currency,
             coalesce(sum(e.amount), 0)::numeric(14,2) AS balance,
             count(e.id)::integer AS entry_count
        FROM ledger_accounts a
        LEFT JOIN ledger_entries e ON e.account_id = a.id
       GROUP BY a.id;
    CREATE VIEW company_balances AS
      SELECT account_id, company_id, currency, balance
        FROM ledger_account_balances
       WHERE kind = 'WALLET';
  `);
};
