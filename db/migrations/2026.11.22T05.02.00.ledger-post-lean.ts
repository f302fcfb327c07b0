import type { Migration } from "../migrator";

/**
 * A leaner `ledger_post` (docs/decisions/010-ledger.md, "Speed"; measured by `npm run bench:ledger`):
 * - it checks the posting from its own input (at least two entries, non-zero, summing to zero) instead of reading the
 *   entries back; the wallets' CHECK refuses an overdraft at the entry itself, so nothing is left to query;
 * - it tells the entries' trigger which ledger transaction it has just written in this statement, so the trigger skips
 *   its "written in this database transaction" lookup for those entries (every other insert still does it);
 * - the per-entry COMMIT-time constraint trigger goes (the per-transaction one covers every entry), the idempotency
 *   key's unique index covers only the postings that carry one, and the accounts' trigger recognises the entries'
 *   balance update by its trigger depth instead of a setting raised and lowered around it;
 * - `ledger_accounts` leaves room on its pages (fillfactor 70), so a wallet's balance update stays a HOT update.
 * Transactions written any other way are still checked at COMMIT by the constraint triggers, as before.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE ledger_accounts SET (fillfactor = 70);

    -- The per-entry COMMIT check repeats the per-transaction one: entries can only be added in the database
    -- transaction that wrote their ledger transaction (the entries' BEFORE trigger), whose own constraint trigger
    -- then checks the whole transaction, entries included, at COMMIT.
    DROP TRIGGER ledger_entries_balanced ON ledger_entries;

    -- A company's movements are read through its wallet's entries (ledger_entries_account_idx, the account screen), never
    -- by the transaction's source or destination company: those two indexes only cost every posting two inserts.
    DROP INDEX ledger_transactions_source_company_idx;
    DROP INDEX ledger_transactions_destination_company_idx;

    -- Most postings carry no idempotency key: index only those that do.
    ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_idempotency_key_key;
    CREATE UNIQUE INDEX ledger_transactions_idempotency_key ON ledger_transactions (idempotency_key) WHERE idempotency_key IS NOT NULL;

    -- The balance may change only from the entries' trigger (a nested trigger: depth 2), not by a statement.
    CREATE OR REPLACE FUNCTION ledger_accounts_before_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.company_id IS DISTINCT FROM OLD.company_id OR NEW.kind <> OLD.kind OR NEW.currency <> OLD.currency OR NEW.code <> OLD.code THEN
        RAISE EXCEPTION 'ledger account %: company, kind, currency and code cannot change', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'ledger account %: the balance changes only by posting entries', OLD.id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_accounts';
      END IF;
      NEW.updated_at := now();
      RETURN NEW;
    END $$;

    CREATE OR REPLACE FUNCTION ledger_post(p_class text, p_currency text, p_header jsonb, p_entries jsonb)
      RETURNS TABLE (transaction_id integer, created_at timestamptz) LANGUAGE plpgsql AS $$
    DECLARE
      tx_id integer;
      tx_created timestamptz;
      entry_count integer;
      total bigint;
      zero_count integer;
      account_ids integer[];
    BEGIN
      SELECT count(*), coalesce(sum((e ->> 'amount')::bigint), 0), count(*) FILTER (WHERE (e ->> 'amount')::bigint = 0),
             array_agg(DISTINCT (e ->> 'accountId')::integer)
        INTO entry_count, total, zero_count, account_ids
        FROM jsonb_array_elements(p_entries) e;
      IF entry_count < 2 OR total <> 0 OR zero_count > 0 THEN
        RAISE EXCEPTION 'ledger posting of % entries summing to % (% zero) is unbalanced', entry_count, total, zero_count
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;
      INSERT INTO ledger_transactions (transaction_class, currency, description, source_particulars, destination_particulars,
          source_company_id, destination_company_id, source_reference, destination_reference, idempotency_key,
          reverses_transaction_id, top_up_id, withdrawal_id, offer_execution_result_id, created_by_user_id)
        VALUES (p_class, p_currency, p_header ->> 'description', p_header ->> 'sourceParticulars', p_header ->> 'destinationParticulars',
          (p_header ->> 'sourceCompanyId')::integer, (p_header ->> 'destinationCompanyId')::integer,
          p_header ->> 'sourceReference', p_header ->> 'destinationReference', p_header ->> 'idempotencyKey',
          (p_header ->> 'reversesTransactionId')::integer, (p_header ->> 'topUpId')::integer, (p_header ->> 'withdrawalId')::integer,
          (p_header ->> 'offerExecutionResultId')::integer, (p_header ->> 'createdByUserId')::integer)
        RETURNING ledger_transactions.id, ledger_transactions.created_at INTO tx_id, tx_created;
      PERFORM set_config('earlybird.ledger_new_tx', tx_id::text, true);
      -- The wallets first, in id order, and only then the entries: so two postings never deadlock, and the entries'
      -- ids (taken when each row is inserted) follow the order in which the wallets' balances change.
      -- (= ANY of an array: primary-key lookups; an IN over the JSON was planned as a scan of every account.)
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (account_ids) AND kind = 'WALLET' ORDER BY id FOR NO KEY UPDATE;
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
        SELECT tx_id, (e.value ->> 'accountId')::integer, p_currency, ((e.value ->> 'amount')::bigint)::numeric / 100
          FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e(value, position)
         ORDER BY e.position;
      PERFORM set_config('earlybird.ledger_new_tx', '', true);
      -- Balanced by the check above (the entries are exactly the input), and no wallet below zero (its CHECK).
      PERFORM set_config('earlybird.ledger_checked', tx_id::text, true);
      RETURN QUERY SELECT tx_id, tx_created;
    END $$;

    CREATE OR REPLACE FUNCTION ledger_entries_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      after_balance numeric(14,2);
    BEGIN
      NEW.created_at := now();
      -- Entries may only be written in the database transaction that wrote their ledger transaction (ledger_post's
      -- own entries are, by construction: it names the transaction it has just written).
      IF current_setting('earlybird.ledger_new_tx', true) IS DISTINCT FROM NEW.transaction_id::text
         AND NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND created_at = now()) THEN
        RAISE EXCEPTION 'ledger transaction % is already committed: its entries cannot change', NEW.transaction_id
          USING ERRCODE = 'restrict_violation', TABLE = 'ledger_entries';
      END IF;
      -- A new entry of a transaction ledger_post has checked: check it again at COMMIT.
      IF current_setting('earlybird.ledger_checked', true) = NEW.transaction_id::text THEN
        PERFORM set_config('earlybird.ledger_checked', '', true);
      END IF;
      UPDATE ledger_accounts SET balance = balance + NEW.amount
       WHERE id = NEW.account_id AND kind = 'WALLET'
      RETURNING balance INTO after_balance;
      NEW.balance_after := after_balance;
      RETURN NEW;
    END $$;
  `);
};

export const down: Migration = async () => {
  // The functions of T05.01.00 are replaced in place; migrate down past T05.01.00 to undo both.
};
