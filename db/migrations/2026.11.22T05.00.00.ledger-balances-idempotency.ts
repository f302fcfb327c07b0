import type { Migration } from "../migrator";

/**
 * Issue 4 part 1 (docs/decisions/010-ledger.md): cached wallet balances with the balance after every wallet entry,
 * kept by the database itself, and idempotency keys unique per company.
 *
 * - `ledger_accounts.balance`: a wallet's balance, maintained by a BEFORE INSERT trigger on `ledger_entries` in the
 *   same statement as the entry (so it is always the sum of the wallet's entries: the invariant tests check it), and
 *   refused below zero by a CHECK at once (not only at COMMIT). System accounts keep balance 0 here (their balance is
 *   the sum view `ledger_account_balances`): they are touched by almost every posting, and caching them would make
 *   every posting wait for the same row.
 * - `ledger_entries.balance_after`: the wallet's balance just after the entry (NULL on system accounts): the account
 *   screen's "balance after each transaction" (D4) without summing history. Exact because the wallet's row is locked
 *   (by the trigger's UPDATE, and earlier by postTransaction in id order) from the entry's insert until COMMIT.
 * - The balance may change only through that trigger (a transaction-local setting it raises while it updates): an
 *   UPDATE of `ledger_accounts.balance` by hand is refused like any other change to the ledger's history.
 * - The COMMIT-time overdraft check now reads the cached balances (O(1)) instead of summing every entry.
 * - `idempotency_keys`: (company, key) → the request's hash and the first result (JSON). Append-only.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE ledger_accounts ADD COLUMN balance numeric(14,2) NOT NULL DEFAULT 0;
    ALTER TABLE ledger_entries ADD COLUMN balance_after numeric(14,2);

    -- Existing wallets: their balance from their entries, and each entry's running balance.
    ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
    UPDATE ledger_entries e SET balance_after = r.running
      FROM (SELECT e2.id, sum(e2.amount) OVER (PARTITION BY e2.account_id ORDER BY e2.id) AS running
              FROM ledger_entries e2 JOIN ledger_accounts a ON a.id = e2.account_id AND a.kind = 'WALLET') r
     WHERE r.id = e.id;
    ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
    UPDATE ledger_accounts a SET balance = s.total
      FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
     WHERE s.account_id = a.id AND a.kind = 'WALLET';

    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_wallet_not_negative CHECK (kind <> 'WALLET' OR balance >= 0);
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_system_balance_zero CHECK (kind = 'WALLET' OR balance = 0);

    CREATE OR REPLACE FUNCTION ledger_accounts_freeze_identity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency OR NEW.code <> OLD.code THEN
        RAISE EXCEPTION 'ledger account %: company, kind, currency and code cannot change', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      IF NEW.balance IS DISTINCT FROM OLD.balance AND current_setting('earlybird.ledger_posting', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'ledger account %: the balance changes only by posting entries', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      RETURN NEW;
    END $$;

    CREATE FUNCTION ledger_entries_apply_to_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      after_balance numeric(14,2);
    BEGIN
      PERFORM set_config('earlybird.ledger_posting', 'on', true);
      UPDATE ledger_accounts SET balance = balance + NEW.amount
       WHERE id = NEW.account_id AND kind = 'WALLET'
      RETURNING balance INTO after_balance;
      PERFORM set_config('earlybird.ledger_posting', 'off', true);
      NEW.balance_after := after_balance;
      RETURN NEW;
    END $$;
    -- After ledger_entries_same_transaction and ledger_entries_stamp (BEFORE triggers run in name order).
    CREATE TRIGGER ledger_entries_wallet_balance BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply_to_wallet();

    CREATE OR REPLACE FUNCTION ledger_assert_transaction_valid(tx_id integer) RETURNS void LANGUAGE plpgsql AS $$
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
      -- The debited wallets' rows are locked by this database transaction (the entries' UPDATE), so their cached
      -- balances are final here.
      SELECT a.id, a.code, a.balance INTO overdrawn
        FROM ledger_accounts a
       WHERE a.kind = 'WALLET' AND a.balance < 0
         AND a.id IN (SELECT account_id FROM ledger_entries WHERE transaction_id = tx_id AND amount < 0)
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transaction % would overdraw wallet % (balance %)', tx_id, overdrawn.code, overdrawn.balance
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_wallet_not_negative', TABLE = 'ledger_accounts';
      END IF;
    END $$;

    -- Wallet balances: the cached balance.
    CREATE OR REPLACE VIEW company_balances AS
      SELECT a.id AS account_id, a.company_id, a.currency, a.balance
        FROM ledger_accounts a
       WHERE a.kind = 'WALLET';

    CREATE TABLE idempotency_keys (
      id            bigserial PRIMARY KEY,
      company_id    integer REFERENCES companies(id) ON DELETE RESTRICT,
      key           text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
      request_hash  text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
      result        jsonb NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    -- Unique per company (system-level keys, with no company, share one namespace).
    CREATE UNIQUE INDEX idempotency_keys_company_key ON idempotency_keys (coalesce(company_id, 0), key);
    CREATE TRIGGER idempotency_keys_append_only BEFORE UPDATE OR DELETE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP TABLE IF EXISTS idempotency_keys;
    DROP TRIGGER IF EXISTS ledger_entries_wallet_balance ON ledger_entries;
    DROP FUNCTION IF EXISTS ledger_entries_apply_to_wallet();
    ALTER TABLE ledger_accounts DROP CONSTRAINT IF EXISTS ledger_accounts_wallet_not_negative;
    ALTER TABLE ledger_accounts DROP CONSTRAINT IF EXISTS ledger_accounts_system_balance_zero;
    DROP VIEW company_balances;
    CREATE VIEW company_balances AS
      SELECT account_id, company_id, currency, balance FROM ledger_account_balances WHERE kind = 'WALLET';
    ALTER TABLE ledger_entries DROP COLUMN IF EXISTS balance_after;
    ALTER TABLE ledger_accounts DROP COLUMN IF EXISTS balance;
  `);
};
