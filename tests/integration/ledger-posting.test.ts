import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { LedgerTransaction } from "../../db/models/index";
import { postTransaction, systemAccount, walletAccount } from "../../app/modules/ledger/service.server";
import { makeCompany } from "../support/factories";

afterAll(() => sequelize.close());

const balanceOf = async (companyId: number) => {
  const [rows] = await sequelize.query(`SELECT balance FROM company_balances WHERE company_id = ${Number(companyId)} AND currency = 'NZD'`);
  return (rows as { balance: string }[])[0]?.balance ?? null;
};

describe("ledger posting", () => {
  it("posts a balanced transaction and the wallet balance follows", async () => {
    const company = await makeCompany();
    await sequelize.transaction(async (t) => {
      const wallet = await walletAccount(t, company.id, "NZD");
      const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
      await postTransaction(t, { transactionClass: "TOPUP", currency: "NZD", entries: [{ accountId: clearing.id, amount: -12_345 }, { accountId: wallet.id, amount: 12_345 }] });
    });
    expect(await balanceOf(company.id)).toBe("123.45");
  });

  it("refuses an unbalanced posting before touching the database", async () => {
    const company = await makeCompany();
    const before = await LedgerTransaction.count();
    await expect(
      sequelize.transaction(async (t) => {
        const wallet = await walletAccount(t, company.id, "NZD");
        const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
        await postTransaction(t, { transactionClass: "TOPUP", currency: "NZD", entries: [{ accountId: clearing.id, amount: -100 }, { accountId: wallet.id, amount: 99 }] });
      }),
    ).rejects.toThrow(/Unbalanced/);
    expect(await LedgerTransaction.count()).toBe(before);
  });

  it("lets the database refuse an overdrawn wallet at the posting, leaving nothing behind", async () => {
    const company = await makeCompany();
    await expect(
      sequelize.transaction(async (t) => {
        const wallet = await walletAccount(t, company.id, "NZD");
        const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
        await postTransaction(t, { transactionClass: "WITHDRAWAL", currency: "NZD", entries: [{ accountId: wallet.id, amount: -500 }, { accountId: clearing.id, amount: 500 }] });
      }),
    ).rejects.toThrow();
    expect(await balanceOf(company.id)).toBeNull();
    // The pool is still healthy afterwards.
    expect(await LedgerTransaction.count()).toBeGreaterThanOrEqual(0);
  });

  it("keeps an early payment's split balanced: the service, ledger_post and the COMMIT check each refuse a split that is not (decision 027)", async () => {
    const supplier = await makeCompany();
    const purchaser = await makeCompany();
    const ids = await sequelize.transaction(async (t) => {
      const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
      const purchaserWallet = await walletAccount(t, purchaser.id, "NZD");
      await postTransaction(t, { transactionClass: "TOPUP", currency: "NZD", entries: [{ accountId: clearing.id, amount: -10_000 }, { accountId: purchaserWallet.id, amount: 10_000 }] });
      return { purchaser: purchaserWallet.id, supplier: (await walletAccount(t, supplier.id, "NZD")).id, revenue: (await systemAccount(t, "FEE_REVENUE", "NZD")).id };
    });
    const before = await LedgerTransaction.count();
    // Fee parts −100 + 90: the amounts balance, the fee does not.
    const lopsided = [
      { accountId: ids.purchaser, amount: -980, serviceFeeAmount: 0, cashbackAmount: 20 },
      { accountId: ids.supplier, amount: 900, serviceFeeAmount: -100, cashbackAmount: 0 },
      { accountId: ids.revenue, amount: 80, serviceFeeAmount: 90, cashbackAmount: -20 },
    ];
    await expect(sequelize.transaction((t) => postTransaction(t, { transactionClass: "PAYMENT", currency: "NZD", entries: lopsided }))).rejects.toThrow(/split/);
    await expect(
      sequelize.query("SELECT * FROM ledger_post('PAYMENT', 'NZD', '{}'::jsonb, CAST(:entries AS jsonb))", { replacements: { entries: JSON.stringify(lopsided) } })
    ).rejects.toThrow(/service fees sum to -10, cashback to 0/);
    // A split on some entries only.
    const partial = [
      { accountId: ids.purchaser, amount: -1_000 },
      { accountId: ids.supplier, amount: 1_000, serviceFeeAmount: 0, cashbackAmount: 0 },
    ];
    await expect(
      sequelize.query("SELECT * FROM ledger_post('PAYMENT', 'NZD', '{}'::jsonb, CAST(:entries AS jsonb))", { replacements: { entries: JSON.stringify(partial) } })
    ).rejects.toThrow(/split/);
    // Written row by row, past ledger_post: refused at COMMIT.
    await expect(
      sequelize.transaction(async (t) => {
        const [[tx]] = (await sequelize.query("INSERT INTO ledger_transactions (transaction_class, currency) VALUES ('PAYMENT', 'NZD') RETURNING id", { transaction: t })) as [
          { id: number }[],
          unknown,
        ];
        await sequelize.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, service_fee_amount, cashback_amount)
           VALUES (:tx, :purchaser, 'NZD', -9.80, 0, 0.20), (:tx, :supplier, 'NZD', 9.00, -1.00, 0), (:tx, :revenue, 'NZD', 0.80, 0.90, -0.20)`,
          { replacements: { tx: tx.id, ...ids }, transaction: t }
        );
      })
    ).rejects.toThrow(/service fees sum to/);
    expect(await LedgerTransaction.count()).toBe(before);
  });
});
