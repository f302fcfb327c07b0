/**
 * The account screen (spec p1 §2 Account screen, §4 Account activation, §7 system-account/activate, GET /transaction
 * and /transaction/export; decisions D4, D5; docs/decisions/014-account-screen.md):
 * - activateAccount: issues the company's SYSTEM bank account (its Earlybird working-capital account number in NZ,
 *   a PayID in AU) and its wallet, once, whoever clicks how often.
 * - getAccountOverview: the SYSTEM account, Balance, Cash Reserve and Funds Available (companyFunds).
 * - listAccountTransactions: the wallet's transactions, pending first then settled, a page at a time.
 * - exportAccountTransactions: all of them as transactions.csv, streamed in batches.
 * Every read and write is scoped by the actor's company.
 */
import { pipeline, Readable } from "node:stream";
import { QueryTypes, Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { csvStringifier } from "../../lib/csv-writer.server";
import { LOCALES, TIME_ZONES, type Country } from "../../lib/dates";
import { findCompanyContext, requireAdmin } from "../companies/service.server";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { isFeatureEnabled } from "../settings/service.server";
import type { Cents } from "../../lib/money";
import {
  ACCOUNT_MESSAGES,
  activationSuccessMessage,
  BANK_TRANSFER,
  formatNzAccountNumber,
  lastPage,
  ledgerEntryView,
  payIdFor,
  settledReadPlan,
  systemAccountLabel,
  systemAccountName,
  TRANSACTIONS_CSV_FILE_NAME,
  TRANSACTIONS_CSV_HEADER,
  transactionCsvRow,
  transactionPageWindows,
  workingCapitalAccountNumber,
  type AccountTransaction,
  type LedgerClass,
  type LedgerEntryFacts,
  type Window,
} from "./account.rules";
import type { TransactionListQuery } from "./account.schema";
import { companyFunds, walletAccount, withIdempotency, type Currency } from "./service.server";

interface CompanyFacts {
  id: number;
  name: string;
  country: Country;
  currency: Currency;
}

async function actorCompany(actor: Actor, transaction?: Transaction): Promise<CompanyFacts> {
  if (actor.companyId === null) throw forbidden(ACCOUNT_MESSAGES.companyRequired);
  return companyFacts(actor.companyId, transaction);
}

async function companyFacts(companyId: number, transaction?: Transaction): Promise<CompanyFacts> {
  const company = await findCompanyContext(companyId, { transaction });
  if (!company) throw notFound("Company not found");
  return { id: company.id, name: company.name, country: company.country, currency: company.currency };
}

/** An admin reading the company a URL names (p3 §2.4 Transactions tab): admins only (404 to anyone else), 404 when none. */
async function adminCompany(actor: Actor, companyId: number, transaction?: Transaction): Promise<CompanyFacts> {
  requireAdmin(actor);
  return companyFacts(companyId, transaction);
}

// ---- The SYSTEM account and activation ----------------------------------------------------------------------------

export interface SystemAccountView {
  /** "PayID" (AU) or "Working capital account". */
  label: string;
  name: string;
  /** What the company pays into: the PayID, or the account number as the bank writes it (02-0100-0001234-001). */
  display: string;
  payId: string | null;
  bankAccountNumber: string | null;
}

function systemAccountView(account: BankAccount): SystemAccountView {
  const number = account.bankAccountNumber ?? null;
  const formattedNumber = number ? (account.bsb ? `${account.bsb.slice(0, 3)}-${account.bsb.slice(3)} ${number}` : formatNzAccountNumber(number)) : null;
  return {
    label: account.payId ? systemAccountLabel("AU") : systemAccountLabel("NZ"),
    name: account.bankAccountName,
    display: account.payId ?? formattedNumber ?? "",
    payId: account.payId ?? null,
    bankAccountNumber: number,
  };
}

export interface ActivationResult {
  account: SystemAccountView;
  /** The spec's success text for the company's country. */
  message: string;
}

/** The idempotency key of activation: one per company, so a second click gets the first click's answer. */
const ACTIVATION_KEY = "account:activate";

/**
 * Issues the company's SYSTEM bank account (p1 §4 Account activation): a PayID for an AU company, a working-capital
 * account number otherwise (account.rules.ts says how each is formed), status VERIFIED (it is Earlybird's own), and
 * the company's wallet in its currency. Idempotent: concurrent or repeated calls wait on the (company, key) lock of
 * withIdempotency and all answer with the one account; a company that already has a SYSTEM account (the demo seed's)
 * gets that one. The partial unique index bank_accounts_one_system is the last word.
 */
export async function activateAccount(actor: Actor): Promise<ActivationResult> {
  const companyId = (await actorCompany(actor)).id;
  return sequelize.transaction((t) =>
    withIdempotency(t, { companyId, key: ACTIVATION_KEY, request: { activate: "SYSTEM" } }, async () => {
      const company = await actorCompany(actor, t);
      let account = await BankAccount.findOne({ where: { companyId, loadedBy: "SYSTEM" }, transaction: t });
      if (!account) {
        account = await BankAccount.create(
          {
            companyId,
            bankAccountName: systemAccountName(company.name, company.country),
            bankAccountNumber: company.country === "AU" ? null : workingCapitalAccountNumber(companyId),
            payId: company.country === "AU" ? payIdFor(companyId, company.name) : null,
            bankAccountStatus: "VERIFIED",
            loadedBy: "SYSTEM",
            defaultAccount: false,
          },
          { transaction: t }
        );
      }
      await walletAccount(t, companyId, company.currency);
      return { account: systemAccountView(account), message: activationSuccessMessage(company.country) };
    })
  );
}

// ---- The account's figures ----------------------------------------------------------------------------------------

export interface AccountOverview {
  country: Country;
  locale: "en-NZ" | "en-AU";
  currency: Currency;
  /** null until the account is activated ("Activate Account"). */
  systemAccount: SystemAccountView | null;
  /** What the Activate Account confirmation offers: a PayID (AU) or a working-capital account. */
  activationLabel: string;
  balance: Cents;
  cashReserve: Cents;
  fundsAvailable: Cents;
  /** The exportTransactions feature flag (p1 §6). */
  exportEnabled: boolean;
}

export async function getAccountOverview(actor: Actor): Promise<AccountOverview> {
  return overviewOf(await actorCompany(actor));
}

/** The same figures for an admin looking at a company (p3 §2.4 Transactions tab, §7.3 admin top-up creation). */
export async function getCompanyAccountOverviewForAdmin(actor: Actor, companyId: number): Promise<AccountOverview> {
  return overviewOf(await adminCompany(actor, companyId));
}

async function overviewOf(company: CompanyFacts): Promise<AccountOverview> {
  const [account, funds, exportEnabled] = await Promise.all([
    BankAccount.findOne({ where: { companyId: company.id, loadedBy: "SYSTEM" } }),
    companyFunds(company.id),
    isFeatureEnabled("exportTransactions"),
  ]);
  return {
    country: company.country,
    locale: LOCALES[company.country],
    currency: company.currency,
    systemAccount: account ? systemAccountView(account) : null,
    activationLabel: systemAccountLabel(company.country),
    balance: funds.balance,
    cashReserve: funds.cashReserve,
    fundsAvailable: funds.fundsAvailable,
    exportEnabled,
  };
}

// ---- Transactions -------------------------------------------------------------------------------------------------

/**
 * Where the rows come from (decision 014):
 * - pending: the company's PENDING top-ups (no money has moved: no ledger entry yet) and its PENDING withdrawal (D5:
 *   its amount already left the wallet, so it has an entry and a balance after), newest first;
 * - settled: every other entry on the company's wallet, newest first (entry id order is the order the wallet's balance
 *   followed: postTransaction locks the wallet before writing).
 * The settled rows are read by the index ledger_entries (account_id, id): a count and an id range, never a sum.
 */
interface Scope {
  company: CompanyFacts;
  walletId: number | null;
  /** The wallet entries of pending withdrawals: shown among the pending rows, so left out of the settled ones. */
  pendingEntryIds: string[];
  pendingCount: number;
  settledCount: number;
}

/** The company's wallet, its pending withdrawal's entries and both counts, in one round trip. */
async function readScope(company: CompanyFacts, t: Transaction): Promise<Scope> {
  const [row] = await sequelize.query<{ wallet_id: number | null; pending_entry_ids: string[] | null; pending_count: string; entry_count: string }>(
    `SELECT wallet.id AS wallet_id,
            (SELECT array_agg(e.id::text)
               FROM withdrawals w
               JOIN ledger_transactions lt ON lt.withdrawal_id = w.id
               JOIN ledger_entries e ON e.transaction_id = lt.id AND e.account_id = wallet.id
              WHERE w.company_id = :companyId AND w.status = 'PENDING') AS pending_entry_ids,
            (SELECT count(*) FROM top_ups WHERE company_id = :companyId AND topup_status = 'PENDING' AND currency = :currency)
              + (SELECT count(*) FROM withdrawals WHERE company_id = :companyId AND status = 'PENDING' AND currency = :currency) AS pending_count,
            -- An index-only count over ledger_entries (account_id, id): no sum, no join.
            (SELECT count(*) FROM ledger_entries WHERE account_id = wallet.id) AS entry_count
       FROM (SELECT 1) one
       LEFT JOIN ledger_accounts wallet ON wallet.company_id = :companyId AND wallet.kind = 'WALLET' AND wallet.currency = :currency`,
    { type: QueryTypes.SELECT, replacements: { companyId: company.id, currency: company.currency }, transaction: t }
  );
  const pendingEntryIds = row?.pending_entry_ids ?? [];
  return {
    company,
    walletId: row?.wallet_id ?? null,
    pendingEntryIds,
    pendingCount: Number(row?.pending_count ?? 0),
    settledCount: Number(row?.entry_count ?? 0) - pendingEntryIds.length,
  };
}

const pgBigintArray = (ids: string[]) => `{${ids.join(",")}}`;

interface PendingRow {
  kind: "TOPUP" | "WITHDRAWAL";
  id: number;
  created_at: Date;
  amount_c: string;
  after_c: string | null;
  reference: string | null;
  account_name: string | null;
}

async function readPending(scope: Scope, window: Window, t: Transaction): Promise<AccountTransaction[]> {
  if (window.limit <= 0) return [];
  const rows = await sequelize.query<PendingRow>(
    `SELECT * FROM (
       SELECT 'TOPUP' AS kind, tu.id, tu.created_at, (tu.topup_amount * 100)::bigint AS amount_c, NULL::bigint AS after_c,
              tu.payment_reference AS reference, NULL::text AS account_name
         FROM top_ups tu
        WHERE tu.company_id = :companyId AND tu.topup_status = 'PENDING' AND tu.currency = :currency
       UNION ALL
       SELECT 'WITHDRAWAL', w.id, w.created_at, -(w.withdrawal_amount * 100)::bigint, (debit.balance_after * 100)::bigint,
              debit.source_reference, ba.bank_account_name
         FROM withdrawals w
         JOIN bank_accounts ba ON ba.id = w.bank_account_id AND ba.company_id = w.company_id
         LEFT JOIN LATERAL (
           SELECT e.balance_after, lt.source_reference FROM ledger_transactions lt JOIN ledger_entries e ON e.transaction_id = lt.id AND e.account_id = :walletId
            WHERE lt.withdrawal_id = w.id AND e.amount < 0 ORDER BY e.id LIMIT 1
         ) debit ON true
        WHERE w.company_id = :companyId AND w.status = 'PENDING' AND w.currency = :currency
     ) pending
     ORDER BY created_at DESC, kind DESC, id DESC
     LIMIT :limit OFFSET :offset`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        companyId: scope.company.id,
        currency: scope.company.currency,
        walletId: scope.walletId ?? 0,
        limit: window.limit,
        offset: window.offset,
      },
      transaction: t,
    }
  );
  return rows.map((row) => pendingView(row, scope.company));
}

function pendingView(row: PendingRow, company: CompanyFacts): AccountTransaction {
  const amount = Number(row.amount_c) as Cents;
  const common = {
    occurredAt: new Date(row.created_at).toISOString(),
    status: "PENDING" as const,
    amount,
    balanceAfter: row.after_c === null ? null : (Number(row.after_c) as Cents),
  };
  if (row.kind === "TOPUP") {
    return {
      key: `t${row.id}`,
      transactionClass: "TOPUP",
      ...common,
      from: BANK_TRANSFER,
      to: company.name,
      particulars: "Awaiting your bank transfer",
      reference: row.reference,
    };
  }
  return {
    key: `w${row.id}`,
    transactionClass: "WITHDRAWAL",
    ...common,
    from: company.name,
    to: row.account_name,
    particulars: "Withdrawal",
    reference: row.reference,
  };
}

interface EntryRow {
  id: string;
  transaction_id: number;
  created_at: Date;
  amount_c: string;
  after_c: string | null;
  service_fee_c: string | null;
  cashback_c: string | null;
  transaction_class: LedgerClass;
  reversed_class: LedgerClass | null;
  description: string | null;
  source_company_id: number | null;
  destination_company_id: number | null;
  source_name: string | null;
  destination_name: string | null;
  source_particulars: string | null;
  destination_particulars: string | null;
  source_reference: string | null;
  destination_reference: string | null;
  top_up_reference: string | null;
  withdrawal_status: string | null;
  withdrawal_account_name: string | null;
}

/**
 * Each entry of the CTE `page` (id, transaction_id, amount, balance_after, service_fee_amount, cashback_amount) with its transaction, the companies, top-up
 * and withdrawal it names (LATERAL: one index lookup each); :companyId scopes the withdrawal and its bank account.
 */
const ENTRY_DETAILS_SQL = `SELECT e.id::text AS id, e.transaction_id, lt.created_at, (e.amount * 100)::bigint AS amount_c, (e.balance_after * 100)::bigint AS after_c,
            (e.service_fee_amount * 100)::bigint AS service_fee_c, (e.cashback_amount * 100)::bigint AS cashback_c,
            lt.transaction_class, reversed.transaction_class AS reversed_class, lt.description,
            lt.source_company_id, lt.destination_company_id, sc.company_name AS source_name, dc.company_name AS destination_name,
            lt.source_particulars, lt.destination_particulars, lt.source_reference, lt.destination_reference,
            tu.payment_reference AS top_up_reference, w.status AS withdrawal_status, ba.bank_account_name AS withdrawal_account_name
       FROM page e
       CROSS JOIN LATERAL (SELECT * FROM ledger_transactions WHERE id = e.transaction_id) lt
       LEFT JOIN LATERAL (SELECT transaction_class FROM ledger_transactions WHERE id = lt.reverses_transaction_id) reversed ON true
       LEFT JOIN LATERAL (SELECT company_name FROM companies WHERE id = lt.source_company_id) sc ON true
       LEFT JOIN LATERAL (SELECT company_name FROM companies WHERE id = lt.destination_company_id) dc ON true
       LEFT JOIN LATERAL (SELECT payment_reference FROM top_ups WHERE id = lt.top_up_id) tu ON true
       LEFT JOIN LATERAL (SELECT status, bank_account_id FROM withdrawals WHERE id = lt.withdrawal_id AND company_id = :companyId) w ON true
       LEFT JOIN LATERAL (SELECT bank_account_name FROM bank_accounts WHERE id = w.bank_account_id AND company_id = :companyId) ba ON true`;

/**
 * Settled rows, newest first: a window of the wallet's entries (an id range on the index ledger_entries
 * (account_id, id), at most `limit` of them, materialised first), then each one's transaction, companies, top-up and
 * withdrawal by primary key (LATERAL: one index lookup per row, whatever the size of the ledger).
 */
async function readSettled(
  scope: Scope,
  options: { direction: "asc" | "desc"; limit: number; offset: number; below?: string },
  t?: Transaction
): Promise<AccountTransaction[]> {
  if (scope.walletId === null || options.limit <= 0) return [];
  const rows = await sequelize.query<EntryRow>(
    `WITH ids AS MATERIALIZED (
       -- Only the id: an index-only scan of ledger_entries (account_id, id) for the window (asking for more columns makes
       -- the planner weigh heap fetches and can tempt it into walking the primary key through every wallet's entries).
       SELECT e.id
         FROM ledger_entries e
        WHERE e.account_id = :walletId AND NOT (e.id = ANY (CAST(:excluded AS bigint[])))
          ${options.below ? "AND e.id < CAST(:below AS bigint)" : ""}
        ORDER BY e.id ${options.direction === "asc" ? "ASC" : "DESC"}
        LIMIT :limit OFFSET :offset
     ), page AS MATERIALIZED (
       SELECT e.id, e.transaction_id, e.amount, e.balance_after, e.service_fee_amount, e.cashback_amount
         FROM ids CROSS JOIN LATERAL (SELECT * FROM ledger_entries WHERE id = ids.id) e
     )
     ${ENTRY_DETAILS_SQL}
      ORDER BY e.id DESC`,
    {
      type: QueryTypes.SELECT,
      replacements: {
        walletId: scope.walletId,
        companyId: scope.company.id,
        excluded: pgBigintArray(scope.pendingEntryIds),
        below: options.below ?? null,
        limit: options.limit,
        offset: options.offset,
      },
      transaction: t,
    }
  );
  const company = { id: scope.company.id, name: scope.company.name };
  return rows.map((row) => ledgerEntryView(entryFacts(row), company));
}

function entryFacts(row: EntryRow): LedgerEntryFacts {
  return {
    entryId: row.id,
    createdAt: new Date(row.created_at),
    amount: Number(row.amount_c) as Cents,
    balanceAfter: row.after_c === null ? null : (Number(row.after_c) as Cents),
    ledgerClass: row.transaction_class,
    reversedClass: row.reversed_class,
    description: row.description,
    sourceCompanyId: row.source_company_id,
    destinationCompanyId: row.destination_company_id,
    sourceCompanyName: row.source_name,
    destinationCompanyName: row.destination_name,
    sourceParticulars: row.source_particulars,
    destinationParticulars: row.destination_particulars,
    sourceReference: row.source_reference,
    destinationReference: row.destination_reference,
    topUpReference: row.top_up_reference,
    withdrawalStatus: row.withdrawal_status,
    withdrawalAccountName: row.withdrawal_account_name,
  };
}

/** A settled wallet movement of a period, with its ledger transaction (statements link it to what it paid). */
export interface WalletMovement extends AccountTransaction {
  ledgerTransactionId: number;
  /** A REVERSAL (a withdrawal the bank returned, docs/decisions/030): its own kind of statement line. */
  reversal: boolean;
  /** An early payment's parts of this entry's amount (decision 027): the service fee (≤ 0) and cashback (≥ 0); else null. */
  split: { serviceFeeAmount: Cents; cashbackAmount: Cents } | null;
}

/**
 * The company's settled wallet movements in [startAt, endAt), oldest first, and the balance before the first of them
 * (the statements' opening balance: the balance after the last earlier entry). Entries are in the wallet's own order
 * (id), which is the order its balance followed. For jobs and reports: the caller has already scoped the company.
 */
export async function walletMovements(
  companyId: number,
  period: { startAt: Date; endAt: Date }
): Promise<{ currency: Currency; openingBalance: Cents; closingBalance: Cents; movements: WalletMovement[] }> {
  const company = await findCompanyContext(companyId);
  if (!company) throw notFound(ACCOUNT_MESSAGES.companyRequired);
  const { currency } = company;
  const [wallet] = await sequelize.query<{ id: number }>(
    "SELECT id FROM ledger_accounts WHERE company_id = :companyId AND kind = 'WALLET' AND currency = :currency",
    {
      type: QueryTypes.SELECT,
      replacements: { companyId, currency },
    }
  );
  if (!wallet) return { currency, openingBalance: 0 as Cents, closingBalance: 0 as Cents, movements: [] };
  const [opening] = await sequelize.query<{ after_c: string }>(
    `SELECT (balance_after * 100)::bigint AS after_c FROM ledger_entries
      WHERE account_id = :walletId AND created_at < :startAt ORDER BY id DESC LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { walletId: wallet.id, startAt: period.startAt } }
  );
  const rows = await sequelize.query<EntryRow>(
    `WITH page AS MATERIALIZED (
       SELECT e.id, e.transaction_id, e.amount, e.balance_after, e.service_fee_amount, e.cashback_amount FROM ledger_entries e
        WHERE e.account_id = :walletId AND e.created_at >= :startAt AND e.created_at < :endAt
     )
     ${ENTRY_DETAILS_SQL}
      ORDER BY e.id ASC`,
    { type: QueryTypes.SELECT, replacements: { walletId: wallet.id, companyId, startAt: period.startAt, endAt: period.endAt } }
  );
  const owner = { id: company.id, name: company.name };
  const movements = rows.map((row) => ({
    ...ledgerEntryView(entryFacts(row), owner),
    ledgerTransactionId: Number(row.transaction_id),
    reversal: row.transaction_class === "REVERSAL",
    split:
      row.service_fee_c === null || row.cashback_c === null
        ? null
        : { serviceFeeAmount: Number(row.service_fee_c) as Cents, cashbackAmount: Number(row.cashback_c) as Cents },
  }));
  const openingBalance = Number(opening?.after_c ?? 0) as Cents;
  const last = movements.at(-1);
  return { currency, openingBalance, closingBalance: (last?.balanceAfter ?? openingBalance) as Cents, movements };
}

export interface TransactionPage {
  rows: AccountTransaction[];
  /** Pending plus settled rows. */
  total: number;
  pendingCount: number;
  /** The page shown (a page past the end shows the last one). */
  page: number;
  size: number;
  locale: "en-NZ" | "en-AU";
  timeZone: string;
}

/**
 * One page of the company's transactions: the pending rows first, then the settled ones, the settled rows continuing
 * on the page where the pending ones end (transactionPageWindows). Read in one REPEATABLE READ snapshot, so the
 * counts and the rows agree even while money moves.
 */
export async function listAccountTransactions(actor: Actor, query: TransactionListQuery): Promise<TransactionPage> {
  return transactionPage((t) => actorCompany(actor, t), query);
}

/** The same page of a company's transactions as its users see it, for an admin (p3 §2.4 Transactions tab). */
export async function listCompanyTransactionsForAdmin(actor: Actor, companyId: number, query: TransactionListQuery): Promise<TransactionPage> {
  return transactionPage((t) => adminCompany(actor, companyId, t), query);
}

async function transactionPage(companyOf: (t: Transaction) => Promise<CompanyFacts>, query: TransactionListQuery): Promise<TransactionPage> {
  return sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true }, async (t) => {
    const company = await companyOf(t);
    const scope = await readScope(company, t);
    const { pendingCount, settledCount } = scope;
    const total = pendingCount + settledCount;
    const page = Math.min(query.page, lastPage(total, query.size));
    const windows = transactionPageWindows(page, query.size, pendingCount);
    const pending = await readPending(scope, windows.pending, t);
    const settled = await readSettled(scope, settledReadPlan(windows.settled, settledCount), t);
    return {
      rows: [...pending, ...settled],
      total,
      pendingCount,
      page,
      size: query.size,
      locale: LOCALES[company.country],
      timeZone: TIME_ZONES[company.country],
    };
  });
}

// ---- transactions.csv ---------------------------------------------------------------------------------------------

const EXPORT_BATCH = 500;

/**
 * All the company's transactions in the table's order, read in batches: the pending rows, then the settled entries by
 * keyset (id below the last one read) up to the newest entry when the export started, so rows posted meanwhile neither
 * appear half-way nor shift the batches.
 */
async function* exportRows(company: CompanyFacts): AsyncGenerator<AccountTransaction> {
  const scope = await sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true }, async (t) => {
    const read = await readScope(company, t);
    const pending = await readPending(read, { offset: 0, limit: read.pendingCount }, t);
    const [newest] = read.walletId
      ? await sequelize.query<{ id: string | null }>("SELECT max(id)::text AS id FROM ledger_entries WHERE account_id = :walletId", {
          type: QueryTypes.SELECT,
          replacements: { walletId: read.walletId },
          transaction: t,
        })
      : [];
    return { ...read, pending, newest: newest?.id ?? null };
  });
  yield* scope.pending;
  if (scope.walletId === null || scope.newest === null) return;
  let below = (BigInt(scope.newest) + 1n).toString();
  for (;;) {
    const rows = await readSettled(scope, { direction: "desc", limit: EXPORT_BATCH, offset: 0, below });
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    below = rows[rows.length - 1].key.slice(1);
  }
}

export interface TransactionsExport {
  fileName: string;
  /** CSV text (UTF-8 with a byte-order mark, so spreadsheets read names with macrons right). */
  stream: Readable;
}

/**
 * transactions.csv (p1 §7 GET /transaction/export), behind the exportTransactions flag (p1 §6): off, there is no
 * export (404). Text cells are escaped against formula injection (csvTextCell); rows stream as they are read.
 */
export async function exportAccountTransactions(actor: Actor): Promise<TransactionsExport> {
  if (!(await isFeatureEnabled("exportTransactions"))) throw new AppError(404, ACCOUNT_MESSAGES.exportDisabled, { code: "FEATURE_DISABLED" });
  return exportOf(await actorCompany(actor));
}

/** The company's transactions.csv for an admin (p3 §2.4 Transactions tab): the same file its users export. */
export async function exportCompanyTransactionsForAdmin(actor: Actor, companyId: number): Promise<TransactionsExport> {
  const company = await adminCompany(actor, companyId);
  if (!(await isFeatureEnabled("exportTransactions"))) throw new AppError(404, ACCOUNT_MESSAGES.exportDisabled, { code: "FEATURE_DISABLED" });
  return exportOf(company);
}

function exportOf(company: CompanyFacts): TransactionsExport {
  const timeZone = TIME_ZONES[company.country];
  async function* lines() {
    yield [...TRANSACTIONS_CSV_HEADER];
    for await (const row of exportRows(company)) yield transactionCsvRow(row, timeZone);
  }
  const csv = csvStringifier({ bom: true });
  const stream = pipeline(Readable.from(lines()), csv, () => {
    // An error mid-way destroys the stream, which aborts the download: a truncated file is never a complete-looking one.
  });
  return { fileName: TRANSACTIONS_CSV_FILE_NAME, stream };
}
