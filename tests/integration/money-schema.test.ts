/**
 * The money area's schema against a real PostgreSQL: the ledger's balance and append-only rules, the bank-account,
 * top-up and withdrawal constraints, and cents at the model boundary. Each test makes its own companies.
 */
import { randomUUID } from "node:crypto";
import type { Model, ModelStatic, Transaction } from "sequelize";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sequelize } from "../../db/index";
import {
  AccountingConnection,
  BankAccount,
  BankAccountDocument,
  BankPaymentFile,
  BankStatementImport,
  BankStatementLine,
  BillDocument,
  BillDocumentLineItem,
  BillDocumentPage,
  BillDocumentReview,
  Company,
  CompanyBalance,
  FileProcessingStatus,
  IdentityDocument,
  LedgerAccount,
  LedgerEntry,
  LedgerTransaction,
  MailboxMessage,
  OauthState,
  RelayAccount,
  TopUp,
  User,
  VerificationHistoryEntry,
  Withdrawal,
  systemLedgerAccountCode,
  type LedgerTransactionClass,
} from "../../db/models/index";
import type { Cents } from "../../app/lib/money";

afterAll(() => sequelize.close());

beforeAll(() => {
  // Sequelize warns (and drops the connection) when a COMMIT fails, which is what several tests provoke on purpose.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

let counter = 0;
function unique(label: string) {
  counter += 1;
  return `${label} ${Date.now().toString(36)}-${counter}-${randomUUID().slice(0, 8)}`;
}

/** The database's refusal of `work`: PostgreSQL's message and, when it names one, the constraint. */
async function refusal(work: Promise<unknown>): Promise<{ message: string; constraint: string | undefined }> {
  try {
    await work;
  } catch (error) {
    const { message, parent } = error as { message: string; parent?: { message?: string; constraint?: string } };
    return { message: parent?.message ?? message, constraint: parent?.constraint };
  }
  throw new Error("the database accepted what it should have refused");
}

async function makeCompany(label: string) {
  return Company.create({ companyName: unique(`Money schema ${label}`) });
}

async function makeUser(company: Company) {
  return User.create({ username: `${randomUUID()}@money-schema.test`, companyId: company.id });
}

async function makeWallet(company: Company) {
  return LedgerAccount.create({
    companyId: company.id,
    kind: "WALLET",
    currency: "NZD",
    code: `WALLET-${company.id}-NZD`,
    name: `${company.companyName} wallet`,
  });
}

async function systemAccount(kind: "BANK_CLEARING" | "FEE_REVENUE" | "SUSPENSE" | "WITHDRAWALS_PENDING") {
  return LedgerAccount.findOne({ where: { code: systemLedgerAccountCode(kind, "NZD") }, rejectOnEmpty: true });
}

/** Writes one ledger transaction with the given legs in one database transaction; resolves once committed. */
async function post(
  legs: Array<{ account: LedgerAccount; amount: Cents }>,
  options: { transactionClass?: LedgerTransactionClass; idempotencyKey?: string } = {}
) {
  let reachedCommit = false;
  const committed = sequelize.transaction(async (t) => {
    const transaction = await LedgerTransaction.create(
      {
        transactionClass: options.transactionClass ?? "TOPUP",
        currency: "NZD",
        description: "money schema test",
        idempotencyKey: options.idempotencyKey ?? randomUUID(),
      },
      { transaction: t }
    );
    for (const leg of legs) {
      await LedgerEntry.create({ transactionId: transaction.id, accountId: leg.account.id, currency: "NZD", amount: leg.amount }, { transaction: t });
    }
    reachedCommit = true;
    return transaction;
  });
  return { committed, reachedCommit: () => reachedCommit };
}

async function balanceOf(company: Company): Promise<Cents> {
  const row = await CompanyBalance.findOne({ where: { companyId: company.id, currency: "NZD" }, rejectOnEmpty: true });
  return row.balance;
}

async function topUpWallet(company: Company, amount: Cents) {
  const wallet = await makeWallet(company);
  const clearing = await systemAccount("BANK_CLEARING");
  const { committed } = await post([
    { account: wallet, amount },
    { account: clearing, amount: -amount as Cents },
  ]);
  return { wallet, clearing, transaction: await committed };
}

describe("ledger", () => {
  it("commits a balanced transaction and the wallet balance reads in cents", async () => {
    const company = await makeCompany("balanced");
    const { wallet, transaction } = await topUpWallet(company, 10000);

    expect(await balanceOf(company)).toBe(10000);
    const entries = await LedgerEntry.findAll({ where: { transactionId: transaction.id }, order: [["amount", "ASC"]] });
    expect(entries.map((entry) => entry.amount)).toEqual([-10000, 10000]);
    expect(entries[1].accountId).toBe(wallet.id);
  });

  it("rejects an unbalanced transaction at commit and keeps nothing of it", async () => {
    const company = await makeCompany("unbalanced");
    const wallet = await makeWallet(company);
    const clearing = await systemAccount("BANK_CLEARING");
    const idempotencyKey = randomUUID();

    const { committed, reachedCommit } = await post(
      [
        { account: wallet, amount: 10000 },
        { account: clearing, amount: -5000 },
      ],
      { idempotencyKey }
    );
    expect(await refusal(committed)).toMatchObject({ constraint: "ledger_transactions_balanced", message: expect.stringMatching(/unbalanced/) });
    // Every statement succeeded: the deferred check refused the COMMIT itself.
    expect(reachedCommit()).toBe(true);
    expect(await LedgerTransaction.count({ where: { idempotencyKey } })).toBe(0);
    expect(await LedgerEntry.count({ where: { accountId: wallet.id } })).toBe(0);
    expect(await balanceOf(company)).toBe(0);
  });

  it("rejects a transaction with a single entry, or with none", async () => {
    const company = await makeCompany("single entry");
    const wallet = await makeWallet(company);

    const single = await post([{ account: wallet, amount: 2500 }]);
    expect(await refusal(single.committed)).toMatchObject({ constraint: "ledger_transactions_balanced", message: expect.stringMatching(/at least two/) });
    const none = await post([]);
    expect(await refusal(none.committed)).toMatchObject({ constraint: "ledger_transactions_balanced", message: expect.stringMatching(/at least two/) });
    expect(await LedgerEntry.count({ where: { accountId: wallet.id } })).toBe(0);
  });

  it("rejects an UPDATE of a ledger entry", async () => {
    const company = await makeCompany("update entry");
    const { wallet } = await topUpWallet(company, 4200);
    const entry = await LedgerEntry.findOne({ where: { accountId: wallet.id }, rejectOnEmpty: true });

    await expect(LedgerEntry.update({ amount: 999999 }, { where: { id: entry.id } })).rejects.toThrow(/append-only/);
    await expect(sequelize.query(`UPDATE ledger_entries SET account_id = account_id WHERE id = :id`, { replacements: { id: entry.id } })).rejects.toThrow(
      /append-only/
    );
    expect(await balanceOf(company)).toBe(4200);
  });

  it("rejects a DELETE of a ledger entry", async () => {
    const company = await makeCompany("delete entry");
    const { wallet } = await topUpWallet(company, 4300);
    const entry = await LedgerEntry.findOne({ where: { accountId: wallet.id }, rejectOnEmpty: true });

    await expect(entry.destroy()).rejects.toThrow(/append-only/);
    await expect(LedgerEntry.findByPk(entry.id)).resolves.not.toBeNull();
    expect(await balanceOf(company)).toBe(4300);
  });

  it("rejects an UPDATE or DELETE of a ledger transaction", async () => {
    const company = await makeCompany("update transaction");
    const { transaction } = await topUpWallet(company, 4400);

    await expect(LedgerTransaction.update({ description: "rewritten" }, { where: { id: transaction.id } })).rejects.toThrow(/append-only/);
    await expect(transaction.destroy()).rejects.toThrow(/append-only/);
    const reloaded = await LedgerTransaction.findByPk(transaction.id, { rejectOnEmpty: true });
    expect(reloaded.description).toBe("money schema test");
  });

  it("rejects TRUNCATE of the ledger", async () => {
    const t = await sequelize.transaction();
    try {
      await expect(sequelize.query("TRUNCATE ledger_entries", { transaction: t })).rejects.toThrow(/append-only/);
    } finally {
      await t.rollback();
    }
  });

  it("rejects entries added to a transaction after it committed, even balanced ones", async () => {
    const company = await makeCompany("late entries");
    const { wallet, clearing, transaction } = await topUpWallet(company, 5000);

    await expect(
      sequelize.transaction(async (t) => {
        await LedgerEntry.create({ transactionId: transaction.id, accountId: wallet.id, currency: "NZD", amount: 100 }, { transaction: t });
        await LedgerEntry.create({ transactionId: transaction.id, accountId: clearing.id, currency: "NZD", amount: -100 }, { transaction: t });
      })
    ).rejects.toThrow(/already committed/);
    expect(await balanceOf(company)).toBe(5000);
  });

  it("rejects a debit that would take a wallet below zero", async () => {
    const company = await makeCompany("overdraw");
    const { wallet } = await topUpWallet(company, 1000);
    const pending = await systemAccount("WITHDRAWALS_PENDING");

    const overdraw = await post(
      [
        { account: wallet, amount: -1001 },
        { account: pending, amount: 1001 },
      ],
      { transactionClass: "WITHDRAWAL" }
    );
    // Refused at the entry itself since the cached balance (migration T05.00.00): the wallet's CHECK.
    expect(await refusal(overdraw.committed)).toMatchObject({ constraint: "ledger_accounts_wallet_not_negative" });
    const exact = await post(
      [
        { account: wallet, amount: -1000 },
        { account: pending, amount: 1000 },
      ],
      { transactionClass: "WITHDRAWAL" }
    );
    await exact.committed;
    expect(await balanceOf(company)).toBe(0);
  });

  it("lets only one of two concurrent debits of the whole balance through", async () => {
    const company = await makeCompany("concurrent debits");
    const { wallet } = await topUpWallet(company, 1000);
    const pending = await systemAccount("WITHDRAWALS_PENDING");

    // The first writes its debit and so holds the wallet's row (the cached balance's UPDATE); the second's debit
    // waits for it, then sees the first's and is refused by the wallet's CHECK (migration T05.00.00).
    const [first, second] = [await sequelize.transaction(), await sequelize.transaction()];
    const debitIn = async (t: Transaction) => {
      const transaction = await LedgerTransaction.create({ transactionClass: "WITHDRAWAL", currency: "NZD" }, { transaction: t });
      await LedgerEntry.create({ transactionId: transaction.id, accountId: wallet.id, currency: "NZD", amount: -1000 }, { transaction: t });
      await LedgerEntry.create({ transactionId: transaction.id, accountId: pending.id, currency: "NZD", amount: 1000 }, { transaction: t });
    };
    await debitIn(first);
    const secondDebit = refusal(debitIn(second));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.commit();

    expect(await secondDebit).toMatchObject({ constraint: "ledger_accounts_wallet_not_negative" });
    await second.rollback();
    expect(await balanceOf(company)).toBe(0);
  });

  it("rejects an entry in another currency than its account's", async () => {
    const company = await makeCompany("currency");
    const wallet = await makeWallet(company);
    await expect(
      sequelize.transaction(async (t) => {
        const transaction = await LedgerTransaction.create({ transactionClass: "ADJUSTMENT", currency: "AUD" }, { transaction: t });
        await LedgerEntry.create({ transactionId: transaction.id, accountId: wallet.id, currency: "AUD", amount: 100 }, { transaction: t });
      })
    ).rejects.toThrow(/ledger_entries_(account|transaction)_fkey/);
  });

  it("keeps one wallet per company and currency, and system accounts without a company", async () => {
    const company = await makeCompany("accounts");
    await makeWallet(company);
    await expect(
      LedgerAccount.create({ companyId: company.id, kind: "WALLET", currency: "NZD", code: `WALLET-${company.id}-NZD-2`, name: "second" })
    ).rejects.toMatchObject({ parent: { constraint: "ledger_accounts_wallet_key" } });
    await expect(LedgerAccount.create({ companyId: null, kind: "WALLET", currency: "AUD", code: unique("orphan"), name: "orphan" })).rejects.toThrow(
      /ledger_accounts_owner_check/
    );
    await expect(LedgerAccount.create({ companyId: company.id, kind: "FEE_REVENUE", currency: "NZD", code: unique("fee"), name: "fee" })).rejects.toThrow(
      /ledger_accounts_owner_check/
    );
    await expect(
      LedgerAccount.create({ companyId: null, kind: "SUSPENSE", currency: "NZD", code: unique("suspense"), name: "second suspense" })
    ).rejects.toMatchObject({ parent: { constraint: "ledger_accounts_system_key" } });
  });
});

describe("bank accounts", () => {
  it("allows one live default account per company", async () => {
    const company = await makeCompany("default account");
    const first = await BankAccount.create({ companyId: company.id, bankAccountName: "Main", bankAccountNumber: "0123450123456700", defaultAccount: true });
    await expect(
      BankAccount.create({ companyId: company.id, bankAccountName: "Second", bankAccountNumber: "0123450123456701", defaultAccount: true })
    ).rejects.toMatchObject({ parent: { constraint: "bank_accounts_one_default" } });

    // Once the first is deleted (and so no longer the default), another may become the default.
    await first.update({ bankAccountStatus: "DELETED", defaultAccount: false });
    await expect(
      BankAccount.create({ companyId: company.id, bankAccountName: "Second", bankAccountNumber: "0123450123456701", defaultAccount: true })
    ).resolves.toBeInstanceOf(BankAccount);
  });

  it("allows one SYSTEM account per company", async () => {
    const company = await makeCompany("system account");
    await BankAccount.create({
      companyId: company.id,
      bankAccountName: "Earlybird",
      bankAccountNumber: "0299990000000100",
      loadedBy: "SYSTEM",
      bankAccountStatus: "VERIFIED",
    });
    await expect(
      BankAccount.create({ companyId: company.id, bankAccountName: "Earlybird again", bankAccountNumber: "0299990000000101", loadedBy: "SYSTEM" })
    ).rejects.toMatchObject({ parent: { constraint: "bank_accounts_one_system" } });
  });
});

describe("top-ups and withdrawals", () => {
  it("rejects a top-up of 0", async () => {
    const company = await makeCompany("zero top-up");
    await expect(TopUp.create({ companyId: company.id, currency: "NZD", topupAmount: 0, paymentReference: "ZERO0001" })).rejects.toThrow(
      /top_ups_amount_positive/
    );
  });

  it("round-trips money as integer cents", async () => {
    const company = await makeCompany("cents");
    const created = await TopUp.create({
      companyId: company.id,
      currency: "NZD",
      topupAmount: 123456,
      paymentReference: `C${Date.now().toString(36).toUpperCase()}`.slice(0, 12),
      trigger: "CUSTOM",
    });
    const reloaded = await TopUp.findByPk(created.id, { rejectOnEmpty: true });
    expect(reloaded.topupAmount).toBe(123456);
    expect(reloaded.topupStatus).toBe("PENDING");
    // The database's default: PENDING top-ups expire 7 days after creation.
    expect(reloaded.expiresAt).toBeInstanceOf(Date);
    const [[raw]] = (await sequelize.query(`SELECT topup_amount::text AS amount FROM top_ups WHERE id = :id`, { replacements: { id: created.id } })) as [
      Array<{ amount: string }>,
      unknown
    ];
    expect(raw.amount).toBe("1234.56");

    for (const cents of [1, 99, 100, 10, 99_999_999_999_99]) {
      await reloaded.update({ topupAmount: cents });
      await reloaded.reload();
      expect(reloaded.topupAmount).toBe(cents);
    }
    expect(() => reloaded.set("topupAmount", 12.5 as Cents)).toThrow(TypeError);

    const document = await BillDocument.create({
      companyId: company.id,
      source: "UPLOAD",
      originalFileName: "bill.pdf",
      mimeType: "application/pdf",
      sizeBytes: 4,
      content: Buffer.from("%PDF"),
      contentSha256: "0".repeat(64),
      invoiceAmount: 4599,
    });
    const reloadedDocument = await BillDocument.findByPk(document.id, { rejectOnEmpty: true });
    expect(reloadedDocument.invoiceAmount).toBe(4599);
    expect(reloadedDocument.posAmount).toBeNull();
    expect(reloadedDocument.content.toString()).toBe("%PDF");
  });

  it("requires a withdrawal of at least $1.00, to an account of the same company, one pending at a time", async () => {
    const company = await makeCompany("withdrawal");
    const other = await makeCompany("withdrawal other");
    const user = await makeUser(company);
    const account = await BankAccount.create({ companyId: company.id, bankAccountName: "Main", bankAccountNumber: "0123450123456700", defaultAccount: true });
    const otherAccount = await BankAccount.create({ companyId: other.id, bankAccountName: "Other", bankAccountNumber: "0123450123456799" });
    const base = { companyId: company.id, currency: "NZD" as const, requestedByUserId: user.id };

    await expect(Withdrawal.create({ ...base, bankAccountId: account.id, withdrawalAmount: 99 })).rejects.toThrow(/withdrawals_amount_minimum/);
    await expect(Withdrawal.create({ ...base, bankAccountId: otherAccount.id, withdrawalAmount: 100 })).rejects.toThrow(/withdrawals_bank_account_fkey/);
    const withdrawal = await Withdrawal.create({ ...base, bankAccountId: account.id, withdrawalAmount: 100 });
    expect(withdrawal.withdrawalAmount).toBe(100);
    await expect(Withdrawal.create({ ...base, bankAccountId: account.id, withdrawalAmount: 500 })).rejects.toMatchObject({
      parent: { constraint: "withdrawals_one_pending" },
    });
  });
});

describe("models", () => {
  const models: Array<ModelStatic<Model>> = [
    LedgerAccount,
    LedgerTransaction,
    LedgerEntry,
    CompanyBalance,
    BankAccount,
    BankAccountDocument,
    TopUp,
    Withdrawal,
    BankPaymentFile,
    BankStatementImport,
    BankStatementLine,
    FileProcessingStatus,
    MailboxMessage,
    BillDocument,
    BillDocumentPage,
    BillDocumentLineItem,
    BillDocumentReview,
    IdentityDocument,
    VerificationHistoryEntry,
    AccountingConnection,
    OauthState,
    RelayAccount,
  ];

  it.each(models.map((model) => [model.name, model] as const))("%s maps exactly its table's columns", async (_name, model) => {
    const [rows] = await sequelize.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = :table`, {
      replacements: { table: model.getTableName() as string },
    });
    const columns = (rows as Array<{ column_name: string }>).map((row) => row.column_name).sort();
    const fields = Object.values(model.getAttributes())
      .map((attribute) => attribute.field)
      .sort();
    expect(fields).toEqual(columns);
    await model.findAll({ limit: 1 });
  });

  it("starts with bank file processing RUNNING", async () => {
    const status = await FileProcessingStatus.findByPk(1, { rejectOnEmpty: true });
    expect(status.status).toBe("RUNNING");
  });
});
