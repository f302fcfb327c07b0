import type { Migration } from "../migrator";

/**
 * `ledger_post(class, currency, header, entries)`: one ledger transaction in one statement (docs/decisions/010-ledger.md,
 * "Speed"). It locks the wallets among the entries in account id order, writes the transaction and its entries (the
 * entries' triggers keep the cached balances and balance_after), and checks the transaction at once with the same
 * function the COMMIT-time constraint triggers use. One round trip instead of six, so a posting costs what its
 * rows cost.
 *
 * The same migration trims the per-row work of a posting (measured by `npm run bench:ledger`):
 * - the three BEFORE INSERT row triggers of `ledger_entries` (same database transaction, stamp, wallet balance)
 *   become one function, and the two BEFORE UPDATE triggers of `ledger_accounts` (frozen identity, updated_at) one;
 * - `ledger_post` marks the transaction it has just checked (a transaction-local setting, cleared by any further
 *   entry of that transaction), and the COMMIT-time constraint triggers skip a transaction so marked instead of
 *   checking it again once per row. A transaction written any other way is checked at COMMIT exactly as before.
 *
 * header: jsonb with the optional keys description, sourceParticulars, destinationParticulars, sourceCompanyId,
 * destinationCompanyId, sourceReference, destinationReference, idempotencyKey, reversesTransactionId, topUpId,
 * withdrawalId, offerExecutionResultId, createdByUserId. entries: jsonb array of { accountId, amount } with amount in
 * integer cents, kept in the given order.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    CREATE FUNCTION ledger_post(p_class text, p_currency text, p_header jsonb, p_entries jsonb)
      RETURNS TABLE (transaction_id integer, created_at timestamptz) LANGUAGE plpgsql AS $$
    DECLARE
      tx_id integer;
      tx_created timestamptz;
    BEGIN
      PERFORM 1 FROM ledger_accounts
        WHERE kind = 'WALLET' AND id IN (SELECT (e ->> 'accountId')::integer FROM jsonb_array_elements(p_entries) e)
        ORDER BY id FOR NO KEY UPDATE;
      INSERT INTO ledger_transactions (transaction_class, currency, description, source_particulars, destination_particulars,
          source_company_id, destination_company_id, source_reference, destination_reference, idempotency_key,
          reverses_transaction_id, top_up_id, withdrawal_id, offer_execution_result_id, created_by_user_id)
        VALUES (p_class, p_currency, p_header ->> 'description', p_header ->> 'sourceParticulars', p_header ->> 'destinationParticulars',
          (p_header ->> 'sourceCompanyId')::integer, (p_header ->> 'destinationCompanyId')::integer,
          p_header ->> 'sourceReference', p_header ->> 'destinationReference', p_header ->> 'idempotencyKey',
          (p_header ->> 'reversesTransactionId')::integer, (p_header ->> 'topUpId')::integer, (p_header ->> 'withdrawalId')::integer,
          (p_header ->> 'offerExecutionResultId')::integer, (p_header ->> 'createdByUserId')::integer)
        RETURNING ledger_transactions.id, ledger_transactions.created_at INTO tx_id, tx_created;
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
        SELECT tx_id, (e.value ->> 'accountId')::integer, p_currency, ((e.value ->> 'amount')::bigint)::numeric / 100
          FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e(value, position)
         ORDER BY e.position;
      PERFORM ledger_assert_transaction_valid(tx_id);
      PERFORM set_config('earlybird.ledger_checked', tx_id::text, true);
      RETURN QUERY SELECT tx_id, tx_created;
    END $$;

    -- The entries' three BEFORE INSERT triggers, as one.
    CREATE FUNCTION ledger_entries_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      after_balance numeric(14,2);
    BEGIN
      NEW.created_at := now();
      -- Entries may only be written in the database transaction that wrote their ledger transaction.
      IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND created_at = now()) THEN
        RAISE EXCEPTION 'ledger transaction % is already committed: its entries cannot change', NEW.transaction_id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_entries';
      END IF;
      -- A new entry of a transaction ledger_post has checked: check it again at COMMIT.
      IF current_setting('earlybird.ledger_checked', true) = NEW.transaction_id::text THEN
        PERFORM set_config('earlybird.ledger_checked', '', true);
      END IF;
      PERFORM set_config('earlybird.ledger_posting', 'on', true);
      UPDATE ledger_accounts SET balance = balance + NEW.amount
       WHERE id = NEW.account_id AND kind = 'WALLET'
      RETURNING balance INTO after_balance;
      PERFORM set_config('earlybird.ledger_posting', 'off', true);
      NEW.balance_after := after_balance;
      RETURN NEW;
    END $$;
    DROP TRIGGER ledger_entries_same_transaction ON ledger_entries;
    DROP TRIGGER ledger_entries_stamp ON ledger_entries;
    DROP TRIGGER ledger_entries_wallet_balance ON ledger_entries;
    CREATE TRIGGER ledger_entries_before_insert BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_before_insert();

    -- The accounts' two BEFORE UPDATE triggers, as one.
    CREATE FUNCTION ledger_accounts_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency OR NEW.code <> OLD.code THEN
        RAISE EXCEPTION 'ledger account %: company, kind, currency and code cannot change', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      IF NEW.balance IS DISTINCT FROM OLD.balance AND current_setting('earlybird.ledger_posting', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'ledger account %: the balance changes only by posting entries', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      NEW.updated_at := now();
      RETURN NEW;
    END $$;
    DROP TRIGGER ledger_accounts_freeze_identity ON ledger_accounts;
    DROP TRIGGER ledger_accounts_updated_at ON ledger_accounts;
    CREATE TRIGGER ledger_accounts_before_update BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_before_update();

    -- The COMMIT-time checks skip the transaction ledger_post has just checked (and that gained no entry since).
    CREATE OR REPLACE FUNCTION ledger_entries_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('earlybird.ledger_checked', true) IS DISTINCT FROM NEW.transaction_id::text THEN
        PERFORM ledger_assert_transaction_valid(NEW.transaction_id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION ledger_transactions_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('earlybird.ledger_checked', true) IS DISTINCT FROM NEW.id::text THEN
        PERFORM ledger_assert_transaction_valid(NEW.id);
      END IF;
      RETURN NULL;
    END $$;
  `);
};

export const down: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    DROP FUNCTION IF EXISTS ledger_post(text, text, jsonb, jsonb);
    DROP TRIGGER IF EXISTS ledger_entries_before_insert ON ledger_entries;
    CREATE TRIGGER ledger_entries_same_transaction BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_same_database_transaction();
    CREATE TRIGGER ledger_entries_stamp BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_stamp_created_at();
    CREATE TRIGGER ledger_entries_wallet_balance BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply_to_wallet();
    DROP TRIGGER IF EXISTS ledger_accounts_before_update ON ledger_accounts;
    CREATE TRIGGER ledger_accounts_freeze_identity BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_freeze_identity();
    CREATE TRIGGER ledger_accounts_updated_at BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    DROP FUNCTION IF EXISTS ledger_entries_before_insert();
    DROP FUNCTION IF EXISTS ledger_accounts_before_update();
  `);
};
