import { createHash } from "node:crypto";
import type pg from "pg";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, LedgerAccount, LedgerTransaction } from "../../../db/models/index";
import { companyContextOf, contextOf } from "../companies/service.server";
import { isProduction } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import type { Cents } from "../../lib/money";

/**
 * The posting primitive of the double-entry ledger (decisions D4). Callers pass the database
 * transaction they already hold so the ledger change commits with the business change; the database
 * refuses an unbalanced set of entries at commit and any later edit.
 */
export type Currency = "NZD" | "AUD";
export type LedgerTransactionClass = "PAYMENT" | "TOPUP" | "WITHDRAWAL" | "FEE" | "REVERSAL" | "ADJUSTMENT";

export interface PostingEntry {
  accountId: number;
  amount: Cents;
  /**
   * An early payment's split (decision 027, early-payment.rules.ts): the parts of amount that are service fee and
   * cashback. Given on every entry of a posting or on none; each part sums to zero over the posting.
   */
  serviceFeeAmount?: Cents;
  cashbackAmount?: Cents;
}

const isSplit = (entry: PostingEntry) => entry.serviceFeeAmount !== undefined || entry.cashbackAmount !== undefined;
const partsOf = (entry: PostingEntry) => [entry.amount, entry.serviceFeeAmount ?? 0, entry.cashbackAmount ?? 0];

/** Why a posting's entries break D4's rules (or its split's), or null. The database checks the same again. */
function postingRefusal(entries: PostingEntry[]): string | null {
  const sum = entries.reduce((total, entry) => total + entry.amount, 0);
  if (entries.length < 2 || sum !== 0) return `Unbalanced ledger posting (${entries.length} entries summing to ${sum})`;
  if (entries.some((entry) => !partsOf(entry).every(Number.isSafeInteger) || partsOf(entry).every((part) => part === 0))) {
    return `Unbalanced ledger posting (${entries.length} entries summing to ${sum}, one of them zero or not whole cents)`;
  }
  const split = entries.filter(isSplit);
  if (split.length === 0) return null;
  const fees = split.reduce((total, entry) => total + (entry.serviceFeeAmount ?? Number.NaN), 0);
  const cashback = split.reduce((total, entry) => total + (entry.cashbackAmount ?? Number.NaN), 0);
  if (split.length !== entries.length || fees !== 0 || cashback !== 0) {
    return `Unbalanced early payment split (${split.length} of ${entries.length} entries split, fees summing to ${fees}, cashback to ${cashback})`;
  }
  return null;
}

export interface PostingInput {
  transactionClass: LedgerTransactionClass;
  currency: Currency;
  entries: PostingEntry[];
  description?: string | null;
  sourceCompanyId?: number | null;
  destinationCompanyId?: number | null;
  sourceParticulars?: string | null;
  destinationParticulars?: string | null;
  sourceReference?: string | null;
  destinationReference?: string | null;
  idempotencyKey?: string | null;
  topUpId?: number | null;
  withdrawalId?: number | null;
  offerExecutionResultId?: number | null;
  /** Required for (and only for) class REVERSAL. */
  reversesTransactionId?: number | null;
  createdByUserId?: number | null;
}

export async function postTransaction(t: Transaction | null, input: PostingInput): Promise<LedgerTransaction> {
  const refusal = postingRefusal(input.entries);
  if (refusal) throw new Error(refusal);
  checkPostingLocks(t, input.entries);
  const { entries, transactionClass, currency, ...header } = input;
  // One statement (migration T05.01.00, ledger_post): the wallets it touches are locked in account id order before any
  // entry is written, so two postings over the same wallets never deadlock and a wallet's entries are numbered in
  // commit order; the entries' trigger keeps the cached balances; the transaction is checked at once (balanced, at
  // least two entries, no wallet below zero), so a refusal is an ordinary error on this statement (a failed COMMIT
  // costs Sequelize its pooled connection). The COMMIT-time constraint triggers check it again.
  // Straight to the driver on the transaction's connection (or a pooled one, autocommit, when there is no
  // transaction: the posting is then its own database transaction, one round trip): Sequelize's query pipeline costs
  // more CPU than the posting itself (scripts/bench-ledger.ts).
  // A named statement: parsed and planned once per connection, then only bound (still one round trip).
  const row = await onConnection(t, async (client) => {
    const result = await client.query<{ transaction_id: number; created_at: Date }>({
      name: "earlybird_ledger_post",
      text: "SELECT transaction_id, created_at FROM ledger_post($1, $2, $3::jsonb, $4::jsonb)",
      values: [
        transactionClass,
        currency,
        JSON.stringify(header),
        JSON.stringify(
          entries.map(({ accountId, amount, serviceFeeAmount, cashbackAmount }) =>
            isSplit({ accountId, amount, serviceFeeAmount, cashbackAmount }) ? { accountId, amount, serviceFeeAmount, cashbackAmount } : { accountId, amount }
          )
        ),
      ],
    });
    return result.rows[0];
  });
  return LedgerTransaction.build({ ...header, id: row.transaction_id, transactionClass, currency, createdAt: new Date(row.created_at) } as never, {
    isNewRecord: false,
    raw: false,
  });
}

/** Runs `work` with the pg client of `t`, or with a pooled client (released after) when `t` is null. */
async function onConnection<T>(t: Transaction | null, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const own = (t as unknown as { connection?: pg.Client } | null)?.connection;
  if (own) return work(own);
  if (t) throw new Error("The transaction has no connection");
  const client = (await sequelize.connectionManager.getConnection({ type: "write" })) as unknown as pg.Client;
  try {
    return await work(client);
  } finally {
    sequelize.connectionManager.releaseConnection(client as never);
  }
}

// ---- One lock order (docs/decisions/031-one-lock-order.md) --------------------------------------------------------
//
// Every money path takes its row locks in one order: its request row (a top-up, a withdrawal, a statement line), then
// every wallet it will post to or read funds of, all at once in account id order, then the purchaser offer, the
// supplier offers, credit notes, invoices (each in id order), then the rows it owns (execution results, allocations).
// The wallets of a database transaction are remembered here, so a posting (or a second lock call) that reaches a wallet
// the transaction did not lock up front is caught where it is written, not as a deadlock in production.

const heldWallets = new WeakMap<Transaction, Map<number, number>>();
/** System account ids seen by `systemAccount`: postings may use them without a lock (they are not cached, D4). */
const systemAccountIds = new Set<number>();

const rootOf = (t: Transaction): Transaction => {
  let root = t as Transaction & { parent?: Transaction };
  while (root.parent) root = root.parent as Transaction & { parent?: Transaction };
  return root;
};

/** A breach of the lock order: a bug. Outside production it fails the request; in production it is logged. */
function lockOrderBreach(message: string): void {
  if (isProduction()) logger.error(`Lock order: ${message}`);
  else throw new Error(`Lock order (decision 031): ${message}`);
}

/** The wallets the database transaction `t` (or the transaction it is a savepoint of) holds: company id → account id. */
function walletsHeldBy(t: Transaction): Map<number, number> | undefined {
  return heldWallets.get(rootOf(t));
}

/** Locks the wallets among `accountIds` in id order (FOR NO KEY UPDATE: the entries' trigger then updates them). */
async function lockAccounts(t: Transaction, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await sequelize.query("SELECT id FROM ledger_accounts WHERE id IN (:ids) AND kind = 'WALLET' ORDER BY id FOR NO KEY UPDATE", {
    type: QueryTypes.SELECT,
    replacements: { ids: accountIds },
    transaction: t,
  });
}

/** Finds (or creates) the companies' wallets and locks them in one statement, in account id order. */
async function findAndLockWallets(t: Transaction, companyIds: number[], currency: Currency): Promise<Map<number, LedgerAccount>> {
  const wallets = new Map<number, LedgerAccount>();
  for (const companyId of [...new Set(companyIds)].sort((a, b) => a - b)) wallets.set(companyId, await walletAccount(t, companyId, currency));
  await lockAccounts(
    t,
    [...wallets.values()].map((wallet) => wallet.id)
  );
  return wallets;
}

function remember(t: Transaction, wallets: Map<number, LedgerAccount>): Map<number, number> {
  const root = rootOf(t);
  const held = heldWallets.get(root) ?? new Map<number, number>();
  for (const [companyId, wallet] of wallets) held.set(companyId, wallet.id);
  heldWallets.set(root, held);
  return new Map([...wallets].map(([companyId, wallet]) => [companyId, wallet.id]));
}

/**
 * The wallets of `companyIds` in a currency, created if missing, locked together in account id order for the rest of
 * the database transaction: the first step of every money path after its request row. Take every wallet the
 * transaction will touch in this one call; a later call may only name wallets already held (decision 031). Returns
 * company id → wallet account id.
 */
export async function lockWallets(t: Transaction, companyIds: number[], currency: Currency): Promise<Map<number, number>> {
  const held = walletsHeldBy(t);
  if (held && held.size > 0) {
    const missing = companyIds.filter((companyId) => !held.has(companyId));
    if (missing.length > 0) lockOrderBreach(`wallets of companies ${missing.join(", ")} are locked after other wallets; lock them all in one call first`);
  }
  return remember(t, await findAndLockWallets(t, companyIds, currency));
}

/**
 * Like lockWallets, for a set of companies that is read from rows other transactions may still change (who is paid when
 * a top-up completes): read, lock, read again under the locks; should the set have grown meanwhile, the locks are given
 * back (a savepoint rolled back) and taken again for the larger set, so they are still taken in one id order.
 */
export async function lockWalletsFor(
  t: Transaction,
  currency: Currency,
  companiesNeeded: (t: Transaction) => Promise<number[]>,
  attempts = 5
): Promise<Map<number, number>> {
  let companies = [...new Set(await companiesNeeded(t))];
  for (let attempt = 1; ; attempt += 1) {
    let grown = false;
    const wallets = await sequelize
      .transaction({ transaction: t }, async (savepoint) => {
        const locked = await findAndLockWallets(savepoint, companies, currency);
        const missing = (await companiesNeeded(savepoint)).filter((companyId) => !companies.includes(companyId));
        if (missing.length > 0 && attempt < attempts) {
          companies = [...companies, ...new Set(missing)];
          grown = true;
          throw new Error("The wallets to lock changed while they were locked");
        }
        return locked;
      })
      .catch((error: unknown) => {
        if (grown) return null;
        throw error;
      });
    if (wallets) return remember(t, wallets);
  }
}

/**
 * The company's wallet in a currency, created if missing, and locked for the rest of the database transaction: take
 * it before reading the funds a debit depends on (companyFunds with the same transaction), then post. Two requests
 * for the same company thus check and debit one after the other. A transaction touching several wallets locks them
 * with one lockWallets call instead.
 */
export async function lockWallet(t: Transaction, companyId: number, currency: Currency): Promise<LedgerAccount> {
  const held = walletsHeldBy(t);
  if (held && held.size > 0 && !held.has(companyId)) lockOrderBreach(`the wallet of company ${companyId} is locked after other wallets`);
  const wallets = await findAndLockWallets(t, [companyId], currency);
  remember(t, wallets);
  return wallets.get(companyId)!;
}

/** Every wallet of a posting made in a transaction that locks wallets must be among those it locked (decision 031). */
function checkPostingLocks(t: Transaction | null, entries: PostingEntry[]): void {
  if (!t) return;
  const held = walletsHeldBy(t);
  if (!held || held.size === 0) return;
  const lockedIds = new Set(held.values());
  const unlocked = entries.filter((entry) => !lockedIds.has(entry.accountId) && !systemAccountIds.has(entry.accountId));
  if (unlocked.length > 0) lockOrderBreach(`posting to account ${unlocked.map((e) => e.accountId).join(", ")}, which this transaction did not lock first`);
}

export interface CompanyFunds {
  currency: Currency;
  /** The sum of the wallet's entries (D4). */
  balance: Cents;
  /** The unused cash pool of the live, funded purchaser offer (ACTIVE or CLEARING). */
  cashReserve: Cents;
  /** balance − Cash Reserve: what a withdrawal, a new offer or a payment outside the offer may use. */
  fundsAvailable: Cents;
}

/**
 * Balance, Cash Reserve and Funds Available of a company (D4), in its country's currency. Cash Reserve counts only a
 * funded offer: a VIRTUAL offer is funded at acceptance and a TOPUP_PENDING one by its top-up, so neither holds
 * money yet (docs/decisions/010-ledger.md). Pass the transaction that holds lockWallet to read settled figures.
 */
export async function companyFunds(companyId: number, options: { transaction?: Transaction } = {}): Promise<CompanyFunds> {
  const { currency } = await companyContextOf(companyId, { transaction: options.transaction });
  const [row] = await sequelize.query<{ balance_c: string | null; reserve_c: string | null }>(
    `SELECT (SELECT (balance * 100)::bigint FROM ledger_accounts WHERE company_id = :companyId AND kind = 'WALLET' AND currency = :currency) AS balance_c,
            (SELECT (cashpool * 100)::bigint FROM purchaser_offers
              WHERE created_by_company = :companyId AND offer_status IN ('ACTIVE', 'CLEARING') ORDER BY id DESC LIMIT 1) AS reserve_c`,
    { type: QueryTypes.SELECT, replacements: { companyId, currency }, transaction: options.transaction }
  );
  const balance = Number(row?.balance_c ?? 0) as Cents;
  const cashReserve = Number(row?.reserve_c ?? 0) as Cents;
  return { currency, balance, cashReserve, fundsAvailable: (balance - cashReserve) as Cents };
}

/**
 * companyFunds of many companies at once (a list's rows: the admin Topups page), in two queries whatever their number
 * (issue 19 part 4, docs/decisions/060: no query per row). Companies that do not exist are left out of the map.
 */
export async function companiesFunds(companyIds: readonly number[]): Promise<Map<number, CompanyFunds>> {
  const ids = [...new Set(companyIds)];
  const funds = new Map<number, CompanyFunds>();
  if (ids.length === 0) return funds;
  const companies = await Company.findAll({ where: { id: ids }, attributes: ["id", "companyName", "country", "verificationStatus", "connectedToXero", "createdAt"] });
  if (companies.length === 0) return funds;
  const currencies = new Map(companies.map((company) => [company.id, contextOf(company).currency] as const));
  const rows = await sequelize.query<{ company_id: number; balance_c: string | null; reserve_c: string | null }>(
    `SELECT x.company_id,
            (SELECT (balance * 100)::bigint FROM ledger_accounts WHERE company_id = x.company_id AND kind = 'WALLET' AND currency = x.currency) AS balance_c,
            (SELECT (cashpool * 100)::bigint FROM purchaser_offers
              WHERE created_by_company = x.company_id AND offer_status IN ('ACTIVE', 'CLEARING') ORDER BY id DESC LIMIT 1) AS reserve_c
       FROM unnest(ARRAY[:ids]::integer[], ARRAY[:currencies]::text[]) AS x(company_id, currency)`,
    { type: QueryTypes.SELECT, replacements: { ids: [...currencies.keys()], currencies: [...currencies.values()] } }
  );
  for (const row of rows) {
    const balance = Number(row.balance_c ?? 0) as Cents;
    const cashReserve = Number(row.reserve_c ?? 0) as Cents;
    funds.set(Number(row.company_id), { currency: currencies.get(Number(row.company_id))!, balance, cashReserve, fundsAvailable: (balance - cashReserve) as Cents });
  }
  return funds;
}

/**
 * Runs `run` at most once per (company, key): the same key with the same request gives the first run's result
 * (stored as JSON, so `run` returns plain data); the same key with another request is refused with a 409. Same-key
 * requests wait for each other on a transaction-scoped advisory lock, so a double click or two admins at once run it
 * once. `run` executes in the caller's database transaction `t`, and the key is stored in it: both commit together.
 */
export async function withIdempotency<T>(
  t: Transaction,
  { companyId, key, request }: { companyId: number | null; key: string; request: unknown },
  run: () => Promise<T>
): Promise<T> {
  if (!key || key.length > 200) throw new AppError(400, "A request key of 1 to 200 characters is required", { code: "IDEMPOTENCY_KEY_INVALID" });
  const requestHash = createHash("sha256").update(canonicalJson(request)).digest("hex");
  await sequelize.query("SELECT pg_advisory_xact_lock(hashtextextended(:lockKey, 0))", {
    type: QueryTypes.SELECT,
    replacements: { lockKey: `idempotency:${companyId ?? 0}:${key}` },
    transaction: t,
  });
  const [existing] = await sequelize.query<{ request_hash: string; result: unknown }>(
    "SELECT request_hash, result FROM idempotency_keys WHERE coalesce(company_id, 0) = :companyId AND key = :key",
    { type: QueryTypes.SELECT, replacements: { companyId: companyId ?? 0, key }, transaction: t }
  );
  if (existing) {
    if (existing.request_hash !== requestHash) {
      throw new AppError(409, "This request was already made with different details", { code: "IDEMPOTENCY_KEY_REUSED" });
    }
    return (typeof existing.result === "string" ? JSON.parse(existing.result) : existing.result) as T;
  }
  const result = await run();
  await sequelize.query(
    "INSERT INTO idempotency_keys (company_id, key, request_hash, result) VALUES (:companyId, :key, :requestHash, CAST(:result AS jsonb))",
    {
      replacements: { companyId, key, requestHash, result: JSON.stringify(result ?? null) },
      transaction: t,
    }
  );
  return result;
}

/** JSON with object keys sorted, so the same request hashes the same whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** The company's wallet account in a currency, created on first use (safe when two requests create it at once). */
export async function walletAccount(t: Transaction, companyId: number, currency: Currency): Promise<LedgerAccount> {
  const existing = await LedgerAccount.findOne({ where: { companyId, kind: "WALLET", currency }, transaction: t });
  if (existing) return existing;
  await sequelize.query(
    `INSERT INTO ledger_accounts (company_id, kind, currency, code, name) VALUES (:companyId, 'WALLET', :currency, :code, :name) ON CONFLICT DO NOTHING`,
    { replacements: { companyId, currency, code: `WALLET-${companyId}-${currency}`, name: `Wallet of company ${companyId} (${currency})` }, transaction: t }
  );
  const created = await LedgerAccount.findOne({ where: { companyId, kind: "WALLET", currency }, transaction: t });
  if (!created) throw new Error(`Wallet of company ${companyId} (${currency}) could not be created`);
  return created;
}

export type SystemAccountKind = "BANK_CLEARING" | "FEE_REVENUE" | "SUSPENSE" | "WITHDRAWALS_PENDING";

export async function systemAccount(t: Transaction, kind: SystemAccountKind, currency: Currency): Promise<LedgerAccount> {
  const account = await LedgerAccount.findOne({ where: { companyId: null, kind, currency }, transaction: t });
  if (!account) throw new Error(`System ledger account ${kind} ${currency} is missing: migrations create it`);
  systemAccountIds.add(account.id);
  return account;
}
