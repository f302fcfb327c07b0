import type { Migration } from "../migrator";

/**
 * Issue 13 part 1 (docs/decisions/027-early-payment-split.md): an early payment's entries carry their split by role, so
 * a company's service fees and cashback are sums of its wallet's entries like its balance.
 *
 * - `ledger_entries.service_fee_amount` and `cashback_amount`: the parts of the entry's amount that are the service fee
 *   and the cashback (same sign convention as amount: what they add to the account). The rest, amount − both, is the
 *   principal (the invoice's discounted total T). An early payment of T with fee F and cashback C writes
 *     purchaser wallet  amount −(T − C) = principal −T, cashback +C
 *     supplier wallet   amount +(T − F) = principal +T, service fee −F
 *     fee revenue       amount +(F − C) = service fee +F, cashback −C
 *   so each part balances across the transaction like the amounts do. Every other entry has both NULL. One entry per
 *   wallet per transaction, as before: balance_after and the account screen's rows are unchanged, and a wallet never
 *   passes through an intermediate balance.
 * - The database checks it: both parts or neither on an entry; in a transaction, all entries split or none, and each part
 *   summing to zero (ledger_post at once; the COMMIT-time check for transactions written any other way). An entry may
 *   have amount 0 only when it carries a non-zero part (fee revenue's entry when F = C).
 * - `ledger_entries_split_idx`: a company's early-payment entries of a period by (wallet, time), only the split entries
 *   (a plain transfer pays nothing for it but the predicate): the summary cards read a month's fees and cashback from it.
 * - Existing early payments (offer_execution_results SUCCESS with a ledger transaction) get their parts from their
 *   result's fee and cashback, where the posted amounts are exactly D2's (T − C, T − F, F − C); a fee revenue entry that
 *   was left out because F = C is added with amount 0.
 */
export const up: Migration = async ({ context: { sequelize } }) => {
  await sequelize.query(`
    ALTER TABLE ledger_entries ADD COLUMN service_fee_amount numeric(14,2), ADD COLUMN cashback_amount numeric(14,2);
    ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_split_whole CHECK ((service_fee_amount IS NULL) = (cashback_amount IS NULL));
    ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_amount_nonzero;
    ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_amount_nonzero
      CHECK (amount <> 0 OR coalesce(service_fee_amount, 0) <> 0 OR coalesce(cashback_amount, 0) <> 0);

    -- ---- Existing early payments -----------------------------------------------------------------------------------
    CREATE TEMPORARY TABLE early_payment_parts ON COMMIT DROP AS
      WITH early AS (
        SELECT r.ledger_transaction_id AS tx, i.issued_by AS supplier_id, i.issued_for AS purchaser_id,
               r.amount AS pays, r.fee, r.cashback
          FROM offer_execution_results r JOIN invoices i ON i.id = r.invoice_id
         WHERE r.status = 'SUCCESS' AND r.ledger_transaction_id IS NOT NULL AND r.amount IS NOT NULL
           AND r.fee IS NOT NULL AND r.cashback IS NOT NULL
      )
      SELECT early.*, e.id AS entry_id, a.kind, a.company_id, e.amount,
             CASE WHEN a.kind = 'WALLET' AND a.company_id = early.purchaser_id THEN 0
                  WHEN a.kind = 'WALLET' AND a.company_id = early.supplier_id THEN -early.fee
                  WHEN a.kind = 'FEE_REVENUE' THEN early.fee END AS fee_part,
             CASE WHEN a.kind = 'WALLET' AND a.company_id = early.purchaser_id THEN early.cashback
                  WHEN a.kind = 'WALLET' AND a.company_id = early.supplier_id THEN 0
                  WHEN a.kind = 'FEE_REVENUE' THEN -early.cashback END AS cashback_part,
             e.amount = CASE WHEN a.kind = 'WALLET' AND a.company_id = early.purchaser_id THEN -early.pays
                             WHEN a.kind = 'WALLET' AND a.company_id = early.supplier_id THEN early.pays + early.cashback - early.fee
                             WHEN a.kind = 'FEE_REVENUE' THEN early.fee - early.cashback END AS matches
        FROM early
        JOIN ledger_entries e ON e.transaction_id = early.tx
        JOIN ledger_accounts a ON a.id = e.account_id;

    ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
    ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_before_insert;
    -- F = C: the posting left the fee revenue's zero entry out; it carries the parts now.
    INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, service_fee_amount, cashback_amount, created_at)
      SELECT p.tx, revenue.id, lt.currency, 0, p.fee, -p.cashback, lt.created_at
        FROM (SELECT DISTINCT tx, fee, cashback FROM early_payment_parts) p
        JOIN ledger_transactions lt ON lt.id = p.tx
        JOIN ledger_accounts revenue ON revenue.kind = 'FEE_REVENUE' AND revenue.currency = lt.currency AND revenue.company_id IS NULL
       WHERE p.fee = p.cashback AND p.fee <> 0
         AND NOT EXISTS (SELECT 1 FROM early_payment_parts q WHERE q.tx = p.tx AND q.kind = 'FEE_REVENUE');
    UPDATE ledger_entries e SET service_fee_amount = p.fee_part, cashback_amount = p.cashback_part
      FROM early_payment_parts p
     WHERE e.id = p.entry_id
       AND p.tx IN (SELECT tx FROM early_payment_parts GROUP BY tx, fee, cashback
                     HAVING bool_and(matches IS TRUE) AND count(*) FILTER (WHERE kind = 'WALLET') = 2
                        AND (count(*) FILTER (WHERE kind = 'FEE_REVENUE') = 1 OR fee = cashback));
    -- A transaction whose parts could not all be set stays a plain payment.
    UPDATE ledger_entries e SET service_fee_amount = NULL, cashback_amount = NULL
     WHERE e.transaction_id IN (SELECT transaction_id FROM ledger_entries
                                 WHERE transaction_id IN (SELECT tx FROM early_payment_parts)
                                 GROUP BY transaction_id
                                HAVING count(service_fee_amount) BETWEEN 1 AND count(*) - 1
                                    OR sum(service_fee_amount) <> 0 OR sum(cashback_amount) <> 0);
    ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_before_insert;
    ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;

    CREATE INDEX ledger_entries_split_idx ON ledger_entries (account_id, created_at)
      INCLUDE (amount, service_fee_amount, cashback_amount) WHERE service_fee_amount IS NOT NULL;

    -- ---- The checks ------------------------------------------------------------------------------------------------
    CREATE OR REPLACE FUNCTION ledger_post(p_class text, p_currency text, p_header jsonb, p_entries jsonb)
      RETURNS TABLE (transaction_id integer, created_at timestamptz) LANGUAGE plpgsql AS $$
    DECLARE
      tx_id integer;
      tx_created timestamptz;
      entry_count integer;
      total bigint;
      zero_count integer;
      split_count integer;
      half_split_count integer;
      fee_total bigint;
      cashback_total bigint;
      account_ids integer[];
    BEGIN
      SELECT count(*), coalesce(sum((e ->> 'amount')::bigint), 0),
             count(*) FILTER (WHERE (e ->> 'amount')::bigint = 0 AND coalesce((e ->> 'serviceFeeAmount')::bigint, 0) = 0
                                AND coalesce((e ->> 'cashbackAmount')::bigint, 0) = 0),
             count(*) FILTER (WHERE e ->> 'serviceFeeAmount' IS NOT NULL AND e ->> 'cashbackAmount' IS NOT NULL),
             count(*) FILTER (WHERE (e ->> 'serviceFeeAmount' IS NULL) <> (e ->> 'cashbackAmount' IS NULL)),
             coalesce(sum((e ->> 'serviceFeeAmount')::bigint), 0), coalesce(sum((e ->> 'cashbackAmount')::bigint), 0),
             array_agg(DISTINCT (e ->> 'accountId')::integer)
        INTO entry_count, total, zero_count, split_count, half_split_count, fee_total, cashback_total, account_ids
        FROM jsonb_array_elements(p_entries) e;
      IF entry_count < 2 OR total <> 0 OR zero_count > 0 THEN
        RAISE EXCEPTION 'ledger posting of % entries summing to % (% zero) is unbalanced', entry_count, total, zero_count
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;
      IF half_split_count > 0 OR (split_count > 0 AND (split_count <> entry_count OR fee_total <> 0 OR cashback_total <> 0)) THEN
        RAISE EXCEPTION 'ledger posting of % entries (% split): service fees sum to %, cashback to %', entry_count, split_count, fee_total, cashback_total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_split_balanced', TABLE = 'ledger_transactions';
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
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (account_ids) AND kind = 'WALLET' ORDER BY id FOR NO KEY UPDATE;
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, service_fee_amount, cashback_amount)
        SELECT tx_id, (e.value ->> 'accountId')::integer, p_currency, ((e.value ->> 'amount')::bigint)::numeric / 100,
               ((e.value ->> 'serviceFeeAmount')::bigint)::numeric / 100, ((e.value ->> 'cashbackAmount')::bigint)::numeric / 100
          FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e(value, position)
         ORDER BY e.position;
      PERFORM set_config('earlybird.ledger_new_tx', '', true);
      -- Balanced by the checks above (the entries are exactly the input), and no wallet below zero (its CHECK).
      PERFORM set_config('earlybird.ledger_checked', tx_id::text, true);
      RETURN QUERY SELECT tx_id, tx_created;
    END $$;

    CREATE OR REPLACE FUNCTION ledger_assert_transaction_valid(tx_id integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      entry_count integer;
      total numeric;
      split_count integer;
      fee_total numeric;
      cashback_total numeric;
      overdrawn record;
    BEGIN
      SELECT count(*), coalesce(sum(amount), 0), count(service_fee_amount), coalesce(sum(service_fee_amount), 0), coalesce(sum(cashback_amount), 0)
        INTO entry_count, total, split_count, fee_total, cashback_total
        FROM ledger_entries WHERE transaction_id = tx_id;
      IF entry_count < 2 THEN
        RAISE EXCEPTION 'ledger transaction % has % entries: at least two are required', tx_id, entry_count
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;
      IF total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % is unbalanced: its entries sum to %', tx_id, total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced', TABLE = 'ledger_transactions';
      END IF;
      IF split_count > 0 AND (split_count <> entry_count OR fee_total <> 0 OR cashback_total <> 0) THEN
        RAISE EXCEPTION 'ledger transaction % (% of % entries split): service fees sum to %, cashback to %', tx_id, split_count, entry_count, fee_total, cashback_total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_split_balanced', TABLE = 'ledger_transactions';
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
  `);
};
