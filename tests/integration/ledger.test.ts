/**
 * Issue 4 part 1 and part 8 (the ledger's invariants), against a real PostgreSQL with concurrent connections.
 */
import fc from "fast-check";
import { QueryTypes, type Transaction } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { PurchaserOffer, type Company } from "../../db/models/index";
import type { Cents } from "../../app/lib/money";
import {
  canonicalJson,
  companyFunds,
  lockWallet,
  lockWallets,
  postTransaction,
  systemAccount,
  walletAccount,
  withIdempotency,
} from "../../app/modules/ledger/service.server";
import { isAppError } from "../../app/lib/errors";
import { makeCompany } from "../support/factories";

afterAll(() => sequelize.close());

async function topUp(company: Company, amount: number) {
  await sequelize.transaction(async (t) => {
    const wallet = await walletAccount(t, company.id, "NZD");
    const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
    await postTransaction(t, {
      transactionClass: "TOPUP",
      currency: "NZD",
      entries: [
        { accountId: clearing.id, amount: -amount },
        { accountId: wallet.id, amount },
      ],
    });
  });
}

/** A debit the way a withdrawal makes it: lock the wallet, check Funds Available, post; refused when short. */
async function debit(company: Company, amount: number, t?: Transaction): Promise<boolean> {
  const run = async (tx: Transaction) => {
    const wallet = await lockWallet(tx, company.id, "NZD");
    const funds = await companyFunds(company.id, { transaction: tx });
    if (funds.fundsAvailable < amount) return false;
    const pending = await systemAccount(tx, "WITHDRAWALS_PENDING", "NZD");
    await postTransaction(tx, {
      transactionClass: "WITHDRAWAL",
      currency: "NZD",
      entries: [
        { accountId: wallet.id, amount: -amount },
        { accountId: pending.id, amount },
      ],
    });
    return true;
  };
  return t ? run(t) : sequelize.transaction(run);
}

async function walletRow(companyId: number) {
  const [row] = await sequelize.query<{ id: number; balance_c: string; sum_c: string | null }>(
    `SELECT a.id, (a.balance * 100)::bigint AS balance_c, (SELECT (sum(amount) * 100)::bigint FROM ledger_entries e WHERE e.account_id = a.id) AS sum_c
     FROM ledger_accounts a WHERE a.company_id = :companyId AND a.kind = 'WALLET'`,
    { type: QueryTypes.SELECT, replacements: { companyId } }
  );
  return row ? { id: row.id, balance: Number(row.balance_c), sum: Number(row.sum_c ?? 0) } : null;
}

async function ledgerWideChecks() {
  // Every transaction's entries sum to zero, and so does every currency.
  const unbalanced = await sequelize.query("SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0", {
    type: QueryTypes.SELECT,
  });
  expect(unbalanced).toEqual([]);
  const currencies = await sequelize.query<{ currency: string; total: string }>(
    "SELECT currency, sum(amount)::text AS total FROM ledger_entries GROUP BY currency",
    {
      type: QueryTypes.SELECT,
    }
  );
  for (const row of currencies) expect(Number(row.total)).toBe(0);
  // Every cached wallet balance is the sum of its entries, never negative, and each entry's balance_after is the
  // running sum in entry order.
  const drift = await sequelize.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind = 'WALLET' GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) OR a.balance < 0`,
    { type: QueryTypes.SELECT }
  );
  expect(drift).toEqual([]);
  const running = await sequelize.query(
    `SELECT id FROM (SELECT e.id, e.balance_after, sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'WALLET') r WHERE r.balance_after IS DISTINCT FROM r.running`,
    { type: QueryTypes.SELECT }
  );
  expect(running).toEqual([]);
}

describe("cached balances and balance after each entry", () => {
  it("keeps the wallet's balance equal to its entries, with the balance after every entry", async () => {
    const company = await makeCompany();
    await topUp(company, 10_000);
    await topUp(company, 2_550);
    expect(await debit(company, 4_000)).toBe(true);
    const wallet = await walletRow(company.id);
    expect(wallet).toEqual({ id: expect.any(Number), balance: 8_550, sum: 8_550 });
    const afters = await sequelize.query<{ after_c: string }>(
      "SELECT (balance_after * 100)::bigint AS after_c FROM ledger_entries WHERE account_id = :id ORDER BY id",
      { type: QueryTypes.SELECT, replacements: { id: wallet!.id } }
    );
    expect(afters.map((row) => Number(row.after_c))).toEqual([10_000, 12_550, 8_550]);
    await ledgerWideChecks();
  });

  it("refuses an overdraft at once and leaves nothing behind", async () => {
    const company = await makeCompany();
    await topUp(company, 1_000);
    await expect(
      sequelize.transaction(async (t) => {
        const wallet = await walletAccount(t, company.id, "NZD");
        const pending = await systemAccount(t, "WITHDRAWALS_PENDING", "NZD");
        await postTransaction(t, {
          transactionClass: "WITHDRAWAL",
          currency: "NZD",
          entries: [
            { accountId: wallet.id, amount: -1_001 },
            { accountId: pending.id, amount: 1_001 },
          ],
        });
      })
    ).rejects.toThrow(/wallet_not_negative|overdraw/);
    expect(await walletRow(company.id)).toMatchObject({ balance: 1_000, sum: 1_000 });
  });

  it("refuses any UPDATE or DELETE of ledger rows, and a balance changed by hand", async () => {
    const company = await makeCompany();
    await topUp(company, 500);
    const wallet = (await walletRow(company.id))!;
    const attempts = [
      "UPDATE ledger_entries SET amount = amount * 2 WHERE account_id = :id",
      "DELETE FROM ledger_entries WHERE account_id = :id",
      "UPDATE ledger_transactions SET description = 'x' WHERE id IN (SELECT transaction_id FROM ledger_entries WHERE account_id = :id)",
      "DELETE FROM ledger_transactions WHERE id IN (SELECT transaction_id FROM ledger_entries WHERE account_id = :id)",
      "UPDATE ledger_accounts SET balance = 1000000 WHERE id = :id",
      "DELETE FROM ledger_accounts WHERE id = :id",
    ];
    for (const sql of attempts) {
      await expect(sequelize.query(sql, { replacements: { id: wallet.id } }), sql).rejects.toThrow(/append-only|only by posting|not allowed/);
    }
    // The name may still change.
    await sequelize.query("UPDATE ledger_accounts SET name = 'Renamed wallet' WHERE id = :id", { replacements: { id: wallet.id } });
    expect(await walletRow(company.id)).toMatchObject({ balance: 500, sum: 500 });
  });
});

describe("Funds Available = balance − Cash Reserve (D4)", () => {
  it("reserves the unused cash pool of an ACTIVE offer only", async () => {
    const company = await makeCompany();
    await topUp(company, 100_000);
    expect(await companyFunds(company.id)).toEqual({ currency: "NZD", balance: 100_000, cashReserve: 0, fundsAvailable: 100_000 });
    const offer = await PurchaserOffer.create({
      createdByCompany: company.id,
      cashpool: 60_000 as Cents,
      pendingCashpool: 0 as Cents,
      crr: "8.00",
      offerStatus: "VIRTUAL",
      topUpId: null,
      cancelledAt: null,
    });
    expect((await companyFunds(company.id)).fundsAvailable).toBe(100_000);
    await offer.update({ offerStatus: "ACTIVE" });
    expect(await companyFunds(company.id)).toEqual({ currency: "NZD", balance: 100_000, cashReserve: 60_000, fundsAvailable: 40_000 });
    // A debit beyond Funds Available is refused, one within it goes through.
    expect(await debit(company, 40_001)).toBe(false);
    expect(await debit(company, 40_000)).toBe(true);
    expect((await companyFunds(company.id)).fundsAvailable).toBe(0);
  });

  it("gives an AU company its AUD wallet", async () => {
    const company = await makeCompany({ country: "AU" });
    expect((await companyFunds(company.id)).currency).toBe("AUD");
  });
});

describe("concurrency", () => {
  it("N concurrent debits that together exceed the balance: exactly floor(balance / amount) succeed", async () => {
    const company = await makeCompany();
    await topUp(company, 10_000);
    const amount = 3_000;
    const results = await Promise.all(Array.from({ length: 8 }, () => debit(company, amount)));
    expect(results.filter(Boolean)).toHaveLength(Math.floor(10_000 / amount));
    expect(await walletRow(company.id)).toMatchObject({ balance: 1_000, sum: 1_000 });
  });

  it("transfers both ways between two wallets at once never deadlock (locks in id order)", async () => {
    const [a, b] = [await makeCompany(), await makeCompany()];
    await topUp(a, 50_000);
    await topUp(b, 50_000);
    const transfer = (from: Company, to: Company, amount: number) =>
      sequelize.transaction(async (t) => {
        const source = await walletAccount(t, from.id, "NZD");
        const destination = await walletAccount(t, to.id, "NZD");
        // Entries deliberately in opposite orders for the two directions.
        await postTransaction(t, {
          transactionClass: "PAYMENT",
          currency: "NZD",
          entries: [
            { accountId: source.id, amount: -amount },
            { accountId: destination.id, amount },
          ],
        });
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? transfer(a, b, 100 + i) : transfer(b, a, 100 + i))));
    const [wa, wb] = [await walletRow(a.id), await walletRow(b.id)];
    expect(wa!.balance + wb!.balance).toBe(100_000);
    await ledgerWideChecks();
  });
});

describe("idempotency keys (per company)", () => {
  it("same key and request: the first result, run once; same key, other request: refused; other company: its own", async () => {
    const [company, other] = [await makeCompany(), await makeCompany()];
    let runs = 0;
    const attempt = (companyId: number, request: unknown) =>
      sequelize.transaction((t) =>
        withIdempotency(t, { companyId, key: "confirm-42", request }, async () => {
          runs += 1;
          return { done: runs };
        })
      );
    expect(await attempt(company.id, { amount: 100, to: "x" })).toEqual({ done: 1 });
    // Key order does not matter.
    expect(await attempt(company.id, { to: "x", amount: 100 })).toEqual({ done: 1 });
    const refused = await attempt(company.id, { amount: 101, to: "x" }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.status).toBe(409);
    expect(await attempt(other.id, { amount: 101, to: "x" })).toEqual({ done: 2 });
    expect(runs).toBe(2);
  });

  it("concurrent requests with one key run once and all see the same result", async () => {
    const company = await makeCompany();
    await topUp(company, 5_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        sequelize.transaction((t) =>
          withIdempotency(t, { companyId: company.id, key: "withdraw-abc", request: { amount: 2_000 } }, () => debit(company, 2_000, t))
        )
      )
    );
    expect(results).toEqual(Array(6).fill(true));
    expect(await walletRow(company.id)).toMatchObject({ balance: 3_000 });
  });

  it("a failed run stores nothing: the key can be used again", async () => {
    const company = await makeCompany();
    await expect(
      sequelize.transaction((t) =>
        withIdempotency(t, { companyId: company.id, key: "k1", request: 1 }, async () => {
          throw new Error("boom");
        })
      )
    ).rejects.toThrow("boom");
    expect(await sequelize.transaction((t) => withIdempotency(t, { companyId: company.id, key: "k1", request: 1 }, async () => "ok"))).toBe("ok");
  });

  it("canonicalJson sorts keys and keeps arrays in order", () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe('{"a":[2,{"c":2,"d":1}],"b":1}');
  });
});

describe("a seeded random workload keeps every invariant (fast-check)", () => {
  it("top-ups, debits and transfers across companies, run concurrently in batches", async () => {
    const companies = await Promise.all(Array.from({ length: 4 }, () => makeCompany()));
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("topup" as const), to: fc.nat(3), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant("debit" as const), from: fc.nat(3), amount: fc.integer({ min: 1, max: 60_000 }) }),
      fc.record({ kind: fc.constant("transfer" as const), from: fc.nat(3), to: fc.nat(3), amount: fc.integer({ min: 1, max: 30_000 }) })
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(operation, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), async (batches) => {
        for (const batch of batches) {
          await Promise.all(
            batch.map(async (op) => {
              if (op.kind === "topup") return topUp(companies[op.to], op.amount);
              if (op.kind === "debit") return debit(companies[op.from], op.amount);
              if (op.from === op.to) return;
              return sequelize.transaction(async (t) => {
                // Both wallets in one call, in account id order (decision 031).
                await lockWallets(t, [companies[op.from].id, companies[op.to].id], "NZD");
                const funds = await companyFunds(companies[op.from].id, { transaction: t });
                if (funds.fundsAvailable < op.amount) return;
                const source = await walletAccount(t, companies[op.from].id, "NZD");
                const destination = await walletAccount(t, companies[op.to].id, "NZD");
                await postTransaction(t, {
                  transactionClass: "PAYMENT",
                  currency: "NZD",
                  entries: [
                    { accountId: source.id, amount: -op.amount },
                    { accountId: destination.id, amount: op.amount },
                  ],
                });
              });
            })
          );
        }
        for (const company of companies) {
          const funds = await companyFunds(company.id);
          expect(funds.fundsAvailable).toBeGreaterThanOrEqual(0);
        }
        await ledgerWideChecks();
      }),
      { numRuns: 15, seed: 20261122 }
    );
  });
});
