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
});
