/**
 * Migration 2026.11.26T01.00.00.ledger-entry-split on existing data (decision 027): a database migrated up to the
 * migration before it holds early payments posted the old way (net entries, no split), then migrates: each early
 * payment whose amounts are D2's gets its service fee and cashback parts from its execution result (a fee revenue entry
 * left out because fee = cashback is added with amount 0), anything else stays a plain payment, and every invariant holds.
 */
import { Sequelize } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseIfMissing, dropDatabase } from "../../db/bootstrap";
import { createMigrator } from "../../db/migrator";

const SPLIT_MIGRATION = "2026.11.26T01.00.00.ledger-entry-split";
const testUrl = new URL(process.env.DATABASE_URL!);
const databaseName = `${testUrl.pathname.slice(1)}_split`;
const adminUrl = Object.assign(new URL(testUrl.toString()), { pathname: "/postgres" }).toString();
let db: Sequelize;

beforeAll(async () => {
  await createDatabaseIfMissing(adminUrl, databaseName);
  db = new Sequelize(Object.assign(new URL(testUrl.toString()), { pathname: `/${databaseName}` }).toString(), { logging: false });
}, 60_000);

afterAll(async () => {
  await db?.close();
  await dropDatabase(adminUrl, databaseName);
});

const one = async <T>(sql: string, replacements: Record<string, unknown> = {}) => ((await db.query(sql, { replacements }))[0] as T[])[0];

describe("the ledger split migration", () => {
  it("gives existing early payments their parts from their results, and leaves anything else a plain payment", { timeout: 120_000 }, async () => {
    const migrator = createMigrator(db);
    const names = (await migrator.pending()).map((m) => m.name);
    const before = names[names.indexOf(SPLIT_MIGRATION) - 1];
    await migrator.up({ to: before });

    const company = (name: string) => one<{ id: number }>("INSERT INTO companies (company_name, country, status) VALUES (:name, 'NZ', 'ACTIVE') RETURNING id", { name });
    const purchaser = (await company("Backfill Purchaser")).id;
    const supplier = (await company("Backfill Supplier")).id;
    const wallet = async (companyId: number) =>
      (
        await one<{ id: number }>(
          "INSERT INTO ledger_accounts (company_id, kind, currency, code, name) VALUES (:companyId, 'WALLET', 'NZD', :code, :code) RETURNING id",
          { companyId, code: `WALLET-${companyId}-NZD` }
        )
      ).id;
    const accounts = { purchaser: await wallet(purchaser), supplier: await wallet(supplier) };
    const system = async (kind: string) => (await one<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = :kind AND currency = 'NZD'", { kind })).id;
    const revenue = await system("FEE_REVENUE");
    const post = async (entries: { accountId: number; amount: number }[], resultId: number | null = null) =>
      (
        await one<{ transaction_id: number }>("SELECT transaction_id FROM ledger_post('PAYMENT', 'NZD', CAST(:header AS jsonb), CAST(:entries AS jsonb))", {
          header: JSON.stringify({ offerExecutionResultId: resultId }),
          entries: JSON.stringify(entries),
        })
      ).transaction_id;
    await post([
      { accountId: await system("BANK_CLEARING"), amount: -1_000_00 },
      { accountId: accounts.purchaser, amount: 1_000_00 },
    ]);
    const offer = (await one<{ id: number }>("INSERT INTO purchaser_offers (created_by_company, cashpool, crr) VALUES (:purchaser, 0, 8) RETURNING id", { purchaser })).id;
    const execution = (
      await one<{ id: number }>(
        "INSERT INTO offer_executions (offer_kind, purchaser_offer_id, requested_by_company_id, status, progress) VALUES ('PURCHASER', :offer, :supplier, 'SUCCESS', 100) RETURNING id",
        { offer, supplier }
      )
    ).id;
    /** An invoice paid early the old way: the result, then the net posting naming it. */
    const paid = async (number: string, total: number, fee: number, cashback: number, entries: { accountId: number; amount: number }[]) => {
      const invoice = (
        await one<{ id: number }>(
          `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total)
           VALUES ('INVOICE', :supplier, :purchaser, 'S', 'P', :number, current_date + 30, :total) RETURNING id`,
          { supplier, purchaser, number, total: total / 100 }
        )
      ).id;
      const result = (
        await one<{ id: number }>(
          `INSERT INTO offer_execution_results (execution_id, invoice_id, status, amount, fee, cashback)
           VALUES (:execution, :invoice, 'SUCCESS', :amount, :fee, :cashback) RETURNING id`,
          { execution, invoice, amount: (total - cashback) / 100, fee: fee / 100, cashback: cashback / 100 }
        )
      ).id;
      const tx = await post(entries, result);
      await db.query("UPDATE offer_execution_results SET ledger_transaction_id = :tx WHERE id = :result", { replacements: { tx, result } });
      return tx;
    };
    // D2: T $500.00, fee $12.50, cashback $10.00.
    const regular = await paid("BF-1", 500_00, 12_50, 10_00, [
      { accountId: accounts.purchaser, amount: -490_00 },
      { accountId: accounts.supplier, amount: 487_50 },
      { accountId: revenue, amount: 2_50 },
    ]);
    // Fee = cashback = $1.00: the old posting had no fee revenue entry.
    const even = await paid("BF-2", 50_00, 1_00, 1_00, [
      { accountId: accounts.purchaser, amount: -49_00 },
      { accountId: accounts.supplier, amount: 49_00 },
    ]);
    // Amounts that are not its result's D2 figures: left alone.
    const odd = await paid("BF-3", 100_00, 3_00, 2_00, [
      { accountId: accounts.purchaser, amount: -95_00 },
      { accountId: accounts.supplier, amount: 95_00 },
    ]);

    await migrator.up();

    const parts = async (tx: number) =>
      (
        await db.query(
          `SELECT a.kind, (e.amount * 100)::int AS amount, (e.service_fee_amount * 100)::int AS fee, (e.cashback_amount * 100)::int AS cashback
             FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = :tx ORDER BY e.id`,
          { replacements: { tx } }
        )
      )[0];
    expect(await parts(regular)).toEqual([
      { kind: "WALLET", amount: -490_00, fee: 0, cashback: 10_00 },
      { kind: "WALLET", amount: 487_50, fee: -12_50, cashback: 0 },
      { kind: "FEE_REVENUE", amount: 2_50, fee: 12_50, cashback: -10_00 },
    ]);
    expect(await parts(even)).toEqual([
      { kind: "WALLET", amount: -49_00, fee: 0, cashback: 1_00 },
      { kind: "WALLET", amount: 49_00, fee: -1_00, cashback: 0 },
      { kind: "FEE_REVENUE", amount: 0, fee: 1_00, cashback: -1_00 },
    ]);
    expect(await parts(odd)).toEqual([
      { kind: "WALLET", amount: -95_00, fee: null, cashback: null },
      { kind: "WALLET", amount: 95_00, fee: null, cashback: null },
    ]);
    // Every invariant holds afterwards: balanced amounts and parts, cached balances and running balances untouched.
    const [broken] = await db.query(
      `SELECT transaction_id FROM ledger_entries GROUP BY transaction_id
       HAVING sum(amount) <> 0 OR coalesce(sum(service_fee_amount), 0) <> 0 OR coalesce(sum(cashback_amount), 0) <> 0
           OR count(service_fee_amount) NOT IN (0, count(*))`
    );
    expect(broken).toEqual([]);
    const [drift] = await db.query(
      `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
       WHERE a.kind = 'WALLET' GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`
    );
    expect(drift).toEqual([]);
    // The history stays append-only.
    await expect(db.query("UPDATE ledger_entries SET cashback_amount = 0 WHERE transaction_id = :regular", { replacements: { regular } })).rejects.toThrow(/append-only/);
  });
});
