/**
 * The account's transactions as the real top-up and withdrawal services write them (issue 4 parts 3, 5, 7): an
 * activated company tops up (PENDING, then confirmed by an admin) and withdraws (held at once, PENDING).
 */
import crypto from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { activateAccount, getAccountOverview, listAccountTransactions } from "../../app/modules/ledger/account.server";
import { cancelTopUp, confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { placeWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import { makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const summary = (page: Awaited<ReturnType<typeof listAccountTransactions>>) =>
  page.rows.map((row) => [row.transactionClass, row.status, row.amount, row.balanceAfter, row.reference]);

it("shows a top-up pending then completed, and a withdrawal pending with its amount already held", async () => {
  const company = await makeCompany({ country: "NZ", verificationStatus: "VERIFIED" });
  const user = await makeUser({ company });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  const adminUser = await makeUser({ roles: ["ROLE_ADMIN"] });
  const admin: Actor = { userId: adminUser.id, companyId: null, roles: ["ROLE_ADMIN"] };
  await activateAccount(actor);
  await BankAccount.create({
    companyId: company.id,
    bankAccountName: "Flows Operating",
    bankAccountNumber: `12${String(crypto.randomInt(3000, 9000))}${String(crypto.randomInt(1_000_000, 9_999_999))}000`,
    bankAccountStatus: "VERIFIED",
    defaultAccount: true,
  });

  const first = await createTopUp(actor, { amount: 50_000, trigger: "CUSTOM" });
  const second = await createTopUp(actor, { amount: 7_500, trigger: "CUSTOM" });
  let page = await listAccountTransactions(actor, { page: 1, size: 25 });
  expect(summary(page)).toEqual([
    ["TOPUP", "PENDING", 7_500, null, second.paymentReference],
    ["TOPUP", "PENDING", 50_000, null, first.paymentReference],
  ]);

  await confirmTopUp(admin, first.id);
  await cancelTopUp(actor, second.id);
  page = await listAccountTransactions(actor, { page: 1, size: 25 });
  expect(summary(page)).toEqual([["TOPUP", "COMPLETED", 50_000, 50_000, first.paymentReference]]);

  await placeWithdrawal(actor, { amount: "100.00", idempotencyKey: crypto.randomUUID() });
  page = await listAccountTransactions(actor, { page: 1, size: 25 });
  expect(page).toMatchObject({ total: 2, pendingCount: 1 });
  expect(summary(page)).toEqual([
    ["WITHDRAWAL", "PENDING", -10_000, 40_000, expect.any(String)],
    ["TOPUP", "COMPLETED", 50_000, 50_000, first.paymentReference],
  ]);
  expect(page.rows[0]).toMatchObject({ from: company.companyName, to: "Flows Operating" });
  expect(await getAccountOverview(actor)).toMatchObject({ balance: 40_000, fundsAvailable: 40_000 });
});
