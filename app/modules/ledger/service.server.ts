import type { Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { LedgerAccount, LedgerEntry, LedgerTransaction } from "../../../db/models/index";
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
  createdByUserId?: number | null;
}

export async function postTransaction(t: Transaction, input: PostingInput): Promise<LedgerTransaction> {
  const sum = input.entries.reduce((total, entry) => total + entry.amount, 0);
  if (input.entries.length < 2 || sum !== 0 || input.entries.some((e) => !Number.isSafeInteger(e.amount) || e.amount === 0)) {
    throw new Error(`Unbalanced ledger posting (${input.entries.length} entries summing to ${sum})`);
  }
  const { entries, ...header } = input;
  const transaction = await LedgerTransaction.create(header, { transaction: t });
  await LedgerEntry.bulkCreate(
    entries.map((entry) => ({ transactionId: transaction.id, accountId: entry.accountId, currency: input.currency, amount: entry.amount })),
    { transaction: t },
  );
  // Run the database's balance and overdraft checks now rather than at COMMIT, so a refusal is an ordinary
  // error on this statement (a failed COMMIT costs Sequelize its pooled connection); then defer them again
  // for the next posting in the same database transaction.
  await sequelize.query("SET CONSTRAINTS ledger_transactions_balanced, ledger_entries_balanced IMMEDIATE", { transaction: t });
  await sequelize.query("SET CONSTRAINTS ledger_transactions_balanced, ledger_entries_balanced DEFERRED", { transaction: t });
  return transaction;
}

/** The company's wallet account in a currency, created on first use. */
export async function walletAccount(t: Transaction, companyId: number, currency: Currency): Promise<LedgerAccount> {
  const existing = await LedgerAccount.findOne({ where: { companyId, kind: "WALLET", currency }, transaction: t });
  if (existing) return existing;
  return LedgerAccount.create({ companyId, kind: "WALLET", currency, code: `WALLET-${companyId}-${currency}`, name: `Wallet of company ${companyId} (${currency})` }, { transaction: t });
}

export type SystemAccountKind = "BANK_CLEARING" | "FEE_REVENUE" | "SUSPENSE" | "WITHDRAWALS_PENDING";

export async function systemAccount(t: Transaction, kind: SystemAccountKind, currency: Currency): Promise<LedgerAccount> {
  const account = await LedgerAccount.findOne({ where: { companyId: null, kind, currency }, transaction: t });
  if (!account) throw new Error(`System ledger account ${kind} ${currency} is missing: migrations create it`);
  return account;
}
