/**
 * Issue 4 part 8: a seeded random workload (fast-check) of the real services (top-ups created, confirmed, confirmed
 * twice at once and cancelled, withdrawals placed) across companies, run concurrently in batches on separate
 * connections. (The bank-file job is left out: it pays every pending withdrawal in the database, and the test files run
 * in parallel on one database; tests/integration/withdrawals.test.ts covers it, a crash and two runs at once included.) After every batch: every ledger transaction and currency sums to zero, every cached wallet
 * balance equals the sum of its entries (and every balance_after the running sum), no Funds Available is negative, a
 * completed top-up was credited exactly once and a withdrawal debited exactly once.
 */
import crypto from "node:crypto";
import fc from "fast-check";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { isAppError } from "../../app/lib/errors";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { cancelTopUp, confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { placeWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import { makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

let accountSeq = crypto.randomInt(1_000_000);

async function company() {
  const created = await makeCompany({ verificationStatus: "VERIFIED" });
  const user = await makeUser({ company: created });
  await BankAccount.create({
    companyId: created.id,
    bankAccountName: `${created.companyName} - Earlybird`,
    bankAccountNumber: `0201005${String(created.id).padStart(9, "0")}`,
    loadedBy: "SYSTEM",
    bankAccountStatus: "VERIFIED",
  });
  await BankAccount.create({
    companyId: created.id,
    bankAccountName: `${created.companyName} Operating`,
    bankAccountNumber: `12${String(3000 + (accountSeq % 6000)).padStart(4, "0")}${String(++accountSeq % 10_000_000).padStart(7, "0")}000`,
    bankAccountStatus: "VERIFIED",
    defaultAccount: true,
  });
  const actor: Actor = { userId: user.id, companyId: created.id, roles: ["ROLE_USER"] };
  return { company: created, actor };
}

async function invariants(companyIds: number[]) {
  const unbalanced = await sequelize.query("SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0", {
    type: QueryTypes.SELECT,
  });
  expect(unbalanced).toEqual([]);
  const currencies = await sequelize.query<{ total: string }>("SELECT sum(amount)::text AS total FROM ledger_entries GROUP BY currency", {
    type: QueryTypes.SELECT,
  });
  for (const row of currencies) expect(Number(row.total)).toBe(0);
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
  for (const id of companyIds) expect((await companyFunds(id)).fundsAvailable).toBeGreaterThanOrEqual(0);
  // Each completed top-up credited once (and only completed ones), each withdrawal debited once (paid: once more).
  const topUps = await sequelize.query<{ id: number; topup_status: string; postings: string }>(
    `SELECT t.id, t.topup_status, (SELECT count(*) FROM ledger_transactions lt WHERE lt.top_up_id = t.id) AS postings
     FROM top_ups t WHERE t.company_id IN (:companyIds)`,
    { type: QueryTypes.SELECT, replacements: { companyIds } }
  );
  for (const row of topUps) expect([row.id, Number(row.postings)]).toEqual([row.id, row.topup_status === "COMPLETED" ? 1 : 0]);
  const withdrawals = await sequelize.query<{ id: number; status: string; postings: string }>(
    `SELECT w.id, w.status, (SELECT count(*) FROM ledger_transactions lt WHERE lt.withdrawal_id = w.id) AS postings
     FROM withdrawals w WHERE w.company_id IN (:companyIds)`,
    { type: QueryTypes.SELECT, replacements: { companyIds } }
  );
  for (const row of withdrawals) expect([row.id, row.status, Number(row.postings)]).toEqual([row.id, "PENDING", 1]);
}

/** Refusals the workload expects (insufficient funds, one pending withdrawal, a top-up no longer PENDING...). */
const tolerated = (error: unknown) => {
  if (isAppError(error) && error.status >= 400 && error.status < 500) return;
  throw error;
};

describe("funds workload (fast-check, concurrent batches)", () => {
  it("keeps every ledger invariant through top-ups, double confirmations, cancellations and withdrawals", async () => {
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
    const adminActor: Actor = { userId: admin.id, companyId: null, roles: ["ROLE_ADMIN"] };
    const parties = await Promise.all(Array.from({ length: 3 }, () => company()));
    const topUpIds: number[] = [];

    const operation = fc.oneof(
      fc.record({ kind: fc.constant("topup" as const), who: fc.nat(2), dollars: fc.integer({ min: 1, max: 5_000 }) }),
      fc.record({ kind: fc.constant("confirm" as const), pick: fc.nat(50), twice: fc.boolean() }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant("withdraw" as const), who: fc.nat(2), dollars: fc.integer({ min: 1, max: 3_000 }) })
    );
    const pickTopUp = (pick: number) => (topUpIds.length ? topUpIds[pick % topUpIds.length] : null);

    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(operation, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        for (const batch of batches) {
          await Promise.all(
            batch.map(async (op) => {
              try {
                switch (op.kind) {
                  case "topup": {
                    const created = await createTopUp(parties[op.who].actor, { amount: `${op.dollars}.00`, trigger: "CUSTOM" });
                    topUpIds.push(created.id);
                    return;
                  }
                  case "confirm": {
                    const id = pickTopUp(op.pick);
                    if (id === null) return;
                    // A double click, or two admins: both at once.
                    await Promise.all((op.twice ? [1, 2] : [1]).map(() => confirmTopUp(adminActor, id).catch(tolerated)));
                    return;
                  }
                  case "cancel": {
                    const id = pickTopUp(op.pick);
                    if (id !== null) await cancelTopUp(adminActor, id);
                    return;
                  }
                  case "withdraw":
                    await placeWithdrawal(parties[op.who].actor, { amount: `${op.dollars}.00`, idempotencyKey: crypto.randomUUID() });
                    return;
                }
              } catch (error) {
                tolerated(error);
              }
            })
          );
          await invariants(parties.map((party) => party.company.id));
        }
      }),
      { numRuns: 12, seed: 4_2026 }
    );
    // The workload did move money in and hold some out.
    const [moved] = await sequelize.query<{ topups: string; withdrawals: string }>(
      `SELECT (SELECT count(*) FROM top_ups WHERE topup_status = 'COMPLETED' AND company_id IN (:ids)) AS topups,
              (SELECT count(*) FROM withdrawals WHERE company_id IN (:ids)) AS withdrawals`,
      { type: QueryTypes.SELECT, replacements: { ids: parties.map((party) => party.company.id) } }
    );
    expect(Number(moved.topups)).toBeGreaterThan(0);
    expect(Number(moved.withdrawals)).toBeGreaterThan(0);
  });
});
