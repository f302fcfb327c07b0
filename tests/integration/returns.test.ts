/**
 * Issue 13 part 3 (docs/decisions/030-money-that-comes-back.md) against a real PostgreSQL: a withdrawal the bank
 * returns is reversed with one REVERSAL that restores Funds Available exactly once (admins at once, returns files
 * imported twice or at the same time, the statement line that brings the money back); an unknown deposit nobody claimed
 * for 30 days goes back to its sender through the next bank payment file, exactly once; both keep every ledger
 * invariant, and the returned withdrawal is a Reversal line on the company's statement and a row on /account.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, BankPaymentFile, DepositReturn, Statement, StatementLine, TopUp, Withdrawal, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { listAccountTransactions } from "../../app/modules/ledger/account.server";
import { processPendingWithdrawals } from "../../app/modules/ledger/bank-files.server";
import { importBankReturns, returnUnknownDeposit, returnWithdrawal } from "../../app/modules/ledger/returns.server";
import { parseBankReturnsCsv } from "../../app/modules/ledger/returns.rules";
import { RETURN_LINE_REASONS, RETURN_MESSAGES } from "../../app/modules/ledger/returns.schema";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { importBankStatement } from "../../app/modules/ledger/statement-import.server";
import { assignTopUp, getTopUp } from "../../app/modules/ledger/top-ups.server";
import { placeWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import { generateStatement, getStatementDetails } from "../../app/modules/statements/service.server";
import { runEarlybird } from "../support/cli";
import { fundWallet, makeAdmin, makeCompany, makeUser } from "../support/factories";
import { errorOf } from "./top-ups.support";

afterAll(() => sequelize.close());

let accountSeq = crypto.randomInt(1_000_000);
const nzAccountNumber = () => `12${String(3000 + (accountSeq % 6000)).padStart(4, "0")}${String(++accountSeq % 10_000_000).padStart(7, "0")}000`;

/** A verified NZ company with its Earlybird account, a verified default bank account and `funds` in its wallet. */
async function fundedCompany(funds: number, accountStatus: "VERIFIED" | "VERIFICATION_PENDING" = "VERIFIED"): Promise<{ company: Company; actor: Actor }> {
  const company = await makeCompany({ country: "NZ", verificationStatus: "VERIFIED" });
  const user = await makeUser({ company });
  await BankAccount.create({
    companyId: company.id,
    bankAccountName: `${company.companyName} - Earlybird`,
    bankAccountNumber: `0201002${String(company.id).padStart(9, "0")}`,
    loadedBy: "SYSTEM",
    bankAccountStatus: "VERIFIED",
  });
  await BankAccount.create({
    companyId: company.id,
    bankAccountName: `${company.companyName} Operating`,
    bankAccountNumber: nzAccountNumber(),
    bankAccountStatus: accountStatus,
    defaultAccount: true,
  });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  await fundWallet(actor, funds as Cents);
  return { company, actor };
}

/** A withdrawal of `amount` placed by the company and paid by a bank payment file (COMPLETED). */
async function paidWithdrawal(actor: Actor, amount: string): Promise<Withdrawal> {
  const placed = await placeWithdrawal(actor, { amount, idempotencyKey: crypto.randomUUID() });
  await processPendingWithdrawals();
  const withdrawal = await Withdrawal.findByPk(placed.id);
  expect(withdrawal).toMatchObject({ status: "COMPLETED" });
  return withdrawal!;
}

/** D4's invariants over the whole ledger, and every wallet's Funds Available not below zero. */
async function expectInvariants(companyIds: number[]) {
  const unbalanced = await sequelize.query("SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0", {
    type: QueryTypes.SELECT,
  });
  expect(unbalanced).toEqual([]);
  const drift = await sequelize.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind = 'WALLET' GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) OR a.balance < 0`,
    { type: QueryTypes.SELECT }
  );
  expect(drift).toEqual([]);
  for (const id of companyIds) expect((await companyFunds(id)).fundsAvailable).toBeGreaterThanOrEqual(0);
}

async function reversalsOf(withdrawalId: number) {
  return sequelize.query<{ id: number; reverses_transaction_id: number; kind: string; company_id: number | null; amount_c: string }>(
    `SELECT t.id, t.reverses_transaction_id, a.kind, a.company_id, (e.amount * 100)::bigint AS amount_c
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.withdrawal_id = :withdrawalId AND t.transaction_class = 'REVERSAL' ORDER BY e.id`,
    { type: QueryTypes.SELECT, replacements: { withdrawalId } }
  );
}

const csv = (...lines: string[]) => ["Date,Reference,Amount,Reason", ...lines].join("\n");

describe("a withdrawal the bank returns", () => {
  it("is reversed exactly once under 8 concurrent admin requests: Funds Available back, FAILED, one REVERSAL of its debit", async () => {
    const { company, actor } = await fundedCompany(100_000);
    const withdrawal = await paidWithdrawal(actor, "400.00");
    expect((await companyFunds(company.id)).fundsAvailable).toBe(60_000);

    const operator = await makeAdmin();
    const answers = await Promise.all(Array.from({ length: 8 }, async () => returnWithdrawal(operator, `WD${withdrawal.id}`, { reason: "Account closed" })));
    expect(answers.filter((answer) => !answer.alreadyReturned)).toHaveLength(1);
    expect(answers.find((answer) => !answer.alreadyReturned)?.message).toBe(RETURN_MESSAGES.returned(`WD${withdrawal.id}`, "$400.00", company.companyName));
    expect(answers.filter((answer) => answer.alreadyReturned).map((answer) => answer.message)).toEqual(
      Array.from({ length: 7 }, () => RETURN_MESSAGES.alreadyReturned(`WD${withdrawal.id}`))
    );
    expect((await companyFunds(company.id)).fundsAvailable).toBe(100_000);

    const reversal = await reversalsOf(withdrawal.id);
    expect(reversal.map((e) => [e.kind, e.kind === "WALLET" ? e.company_id : null, Number(e.amount_c)])).toEqual([
      ["BANK_CLEARING", null, -40_000],
      ["WALLET", company.id, 40_000],
    ]);
    expect(reversal[0].reverses_transaction_id).toBe(withdrawal.ledgerTransactionId);
    expect(await Withdrawal.findByPk(withdrawal.id)).toMatchObject({
      status: "FAILED",
      failureReason: "Account closed",
      reversalLedgerTransactionId: reversal[0].id,
      returnedByUserId: operator.userId,
    });
    await expectInvariants([company.id]);
  });

  it("refuses a withdrawal no bank file has paid, a company user, a bad reason and an unknown id; changes nothing", async () => {
    // The account waits for verification: no bank file takes the withdrawal (other tests run the job meanwhile).
    const { company, actor } = await fundedCompany(50_000, "VERIFICATION_PENDING");
    const placed = await Withdrawal.findByPk((await placeWithdrawal(actor, { amount: "100.00", idempotencyKey: crypto.randomUUID() })).id);
    expect((await errorOf(returnWithdrawal(await makeAdmin(), placed!.id))).message).toBe(RETURN_MESSAGES.notInFile);
    expect((await errorOf(returnWithdrawal(actor, placed!.id))).status).toBe(404);
    expect((await errorOf(returnWithdrawal(await makeAdmin(), placed!.id, { reason: "x".repeat(201) }))).message).toBe(RETURN_MESSAGES.reasonTooLong);
    expect((await errorOf(returnWithdrawal(await makeAdmin(), "WD999999999"))).message).toBe(RETURN_MESSAGES.withdrawalNotFound);
    expect((await errorOf(returnWithdrawal(await makeAdmin(), "abc"))).status).toBe(404);
    expect(await reversalsOf(placed!.id)).toEqual([]);
    expect((await companyFunds(company.id)).fundsAvailable).toBe(40_000);
  });

  it("the bank's returns file: returned once, even imported three times at once and again; bad files change nothing", async () => {
    const a = await fundedCompany(80_000);
    const b = await fundedCompany(80_000);
    const wa = await paidWithdrawal(a.actor, "123.45");
    const wb = await paidWithdrawal(b.actor, "200.00");
    const content = csv(
      `20/11/2026,WD${wa.id},123.45,Account closed`,
      `20/11/2026,Earlybird WD${wb.id},199.99,Invalid account`,
      "21/11/2026,WD999999998,10.00,",
      "21/11/2026,Earlybird RT77,5.00,No account"
    );

    // A bad file (a reference that names no payment of ours) is refused whole: nothing is returned.
    const bad = await errorOf(
      importBankReturns(await makeAdmin(), { fileName: "bad.csv", content: csv(`20/11/2026,WD${wa.id},123.45,`, "20/11/2026,SOMETHING,1.00,") })
    );
    expect(bad).toMatchObject({ status: 422, message: RETURN_MESSAGES.lineReference(3) });
    expect((await companyFunds(a.company.id)).fundsAvailable).toBe(80_000 - 12_345);
    expect((await errorOf(importBankReturns(await makeAdmin(), { fileName: "x.csv", content: "Date,Amount\n20/11/2026,1.00" }))).message).toBe(
      RETURN_MESSAGES.header
    );
    expect((await errorOf(importBankReturns(a.actor, { fileName: "returns.csv", content }))).status).toBe(404);

    const operator = await makeAdmin();
    const runs = await Promise.all([1, 2, 3].map(async () => importBankReturns(operator, { fileName: "returns.csv", content })));
    expect(runs.reduce((sum, run) => sum + run.returned, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.alreadyReturned, 0)).toBe(2);
    const first = runs.find((run) => run.returned === 1)!;
    expect(first.lines.map((line) => [line.fileLine, line.outcome, line.reason])).toEqual([
      [2, "RETURNED", null],
      [3, "AMOUNT_DIFFERS", RETURN_LINE_REASONS.AMOUNT_DIFFERS],
      [4, "NOT_FOUND", RETURN_LINE_REASONS.NOT_FOUND],
      [5, "NOT_A_WITHDRAWAL", RETURN_LINE_REASONS.NOT_A_WITHDRAWAL],
    ]);
    expect(first).toMatchObject({ total: 4, returned: 1, alreadyReturned: 0, refused: 3, returnedAmount: 12_345 });
    const again = await importBankReturns(await makeAdmin(), { fileName: "returns.csv", content });
    expect(again).toMatchObject({ returned: 0, alreadyReturned: 1 });

    expect((await companyFunds(a.company.id)).fundsAvailable).toBe(80_000);
    expect((await companyFunds(b.company.id)).fundsAvailable).toBe(80_000 - 20_000);
    expect(await reversalsOf(wa.id)).toHaveLength(2);
    expect(await reversalsOf(wb.id)).toEqual([]);
    expect(await Withdrawal.findByPk(wa.id)).toMatchObject({ status: "FAILED", failureReason: "Account closed" });
    expect(await Withdrawal.findByPk(wb.id)).toMatchObject({ status: "COMPLETED" });
    await expectInvariants([a.company.id, b.company.id]);
  });

  it("the sample returns file in fixtures/ reads as documented", () => {
    const parsed = parseBankReturnsCsv(fs.readFileSync(path.join(__dirname, "../../fixtures/bank-returns-sample.csv"), "utf8"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lines.map((line) => [line.payment.kind, line.amount > 0])).toEqual([
      ["WITHDRAWAL", true],
      ["WITHDRAWAL", true],
    ]);
  });

  it("is a Reversal line on the company's statement (month to date and stored) and a Withdrawal row on /account", async () => {
    const { company, actor } = await fundedCompany(90_000);
    const withdrawal = await paidWithdrawal(actor, "250.00");
    await returnWithdrawal(await makeAdmin(), withdrawal.id, { reason: "Account closed" });

    const live = await getStatementDetails(actor, "current", { startAt: 0, endAt: 100 });
    const reversalLine = live.lines.find((line) => line.recordType === "REVERSAL");
    expect(reversalLine).toMatchObject({
      recordLabel: "Reversal",
      amount: 25_000,
      reference: `WD${withdrawal.id}`,
      description: "Withdrawal returned: Account closed",
      balance: 90_000,
    });
    expect(live.lines.filter((line) => line.recordType === "WITHDRAWAL").map((line) => line.amount)).toEqual([-25_000]);
    expect(live.closingBalance).toBe(90_000);
    expect(live.totals.moneyIn - live.totals.moneyOut).toBe(live.closingBalance! - live.openingBalance!);

    // A stored statement keeps the line (the database allows the REVERSAL record type).
    const [statement] = await sequelize.query<{ id: number }>(
      `INSERT INTO statements (company_id, month, start_at, end_at, currency, status)
       VALUES (:companyId, date_trunc('month', now())::date, now() - interval '1 day', now() + interval '1 minute', 'NZD', 'PENDING') RETURNING id`,
      { type: QueryTypes.SELECT, replacements: { companyId: company.id } }
    );
    await generateStatement(statement.id);
    const stored = await StatementLine.findAll({ where: { statementId: statement.id, recordType: "REVERSAL" } });
    expect(stored.map((line) => [line.amount, line.reference])).toEqual([[25_000, `WD${withdrawal.id}`]]);
    expect(await Statement.findByPk(statement.id)).toMatchObject({ status: "GENERATED", closingBalance: 90_000 });

    const page = await listAccountTransactions(actor, { page: 1, size: 25 });
    expect(page.rows[0]).toMatchObject({
      transactionClass: "WITHDRAWAL",
      status: "COMPLETED",
      amount: 25_000,
      balanceAfter: 90_000,
      to: company.companyName,
      particulars: "Withdrawal returned: Account closed",
      reference: `WD${withdrawal.id}`,
    });
  });

  it("a bank statement deposit quoting WD<id> is the returned money: returned once, or the evidence of a return entered before", async () => {
    const { company, actor } = await fundedCompany(70_000);
    const first = await paidWithdrawal(actor, "150.00");
    const id = () => `RT-TEST-${crypto.randomUUID()}`;
    const statement = (...lines: string[]) => ["Date,Amount,Other Party,Reference,Transaction ID", ...lines].join("\n");

    const imported = await importBankStatement(await makeAdmin(), {
      fileName: "s1.csv",
      currency: "NZD",
      content: statement(`21/11/2026,150.00,Our bank,Returned WD${first.id},${id()}`),
    });
    expect(imported.lines.map((line) => line.outcome)).toEqual(["WITHDRAWAL_RETURNED"]);
    expect(imported).toMatchObject({ withdrawalsReturned: 1, unknown: 0 });
    expect((await companyFunds(company.id)).fundsAvailable).toBe(70_000);
    expect(await Withdrawal.findByPk(first.id)).toMatchObject({ status: "FAILED", returnStatementLineId: expect.any(Number) });
    // The returns file after it returns nothing more.
    expect(await importBankReturns(await makeAdmin(), { fileName: "r.csv", content: csv(`21/11/2026,WD${first.id},150.00,`) })).toMatchObject({
      alreadyReturned: 1,
      returned: 0,
    });

    // Entered by an admin first, then the statement: the line is the evidence, once; a second such line is unknown.
    const second = await paidWithdrawal(actor, "60.00");
    await returnWithdrawal(await makeAdmin(), second.id);
    const later = await importBankStatement(await makeAdmin(), {
      fileName: "s2.csv",
      currency: "NZD",
      content: statement(`22/11/2026,60.00,Our bank,WD${second.id},${id()}`, `23/11/2026,60.00,Someone,WD${second.id},${id()}`),
    });
    expect(later.lines.map((line) => line.outcome)).toEqual(["WITHDRAWAL_RETURNED", "UNKNOWN"]);
    expect((await companyFunds(company.id)).fundsAvailable).toBe(70_000);
    expect(await reversalsOf(second.id)).toHaveLength(2);
    await expectInvariants([company.id]);
  });
});

describe("an unknown deposit nobody claims", () => {
  async function unknownDeposit(amount: string, currency: "NZD" | "AUD" = "NZD"): Promise<TopUp> {
    const result = await importBankStatement(await makeAdmin(), {
      fileName: `deposit-${crypto.randomUUID()}.csv`,
      currency,
      content: `Date,Amount,Other Party,Reference,Transaction ID\n20/11/2026,${amount},J SMITH,NOTOURS${crypto.randomInt(1e6)},DEP-${crypto.randomUUID()}`,
    });
    expect(result.unknown).toBe(1);
    return (await TopUp.findByPk(result.lines[0].topUpId!))!;
  }

  const in31Days = () => new Date(Date.now() + 31 * 86_400_000);

  async function suspenseOf(topUpId: number): Promise<number> {
    const [row] = await sequelize.query<{ c: string }>(
      `SELECT coalesce(sum(e.amount * 100), 0)::bigint AS c FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE t.top_up_id = :topUpId AND a.kind = 'SUSPENSE'`,
      { type: QueryTypes.SELECT, replacements: { topUpId } }
    );
    return Number(row.c);
  }

  it("can be returned to its sender after 30 days, exactly once, and the next bank payment file pays it (RT line)", async () => {
    const deposit = await unknownDeposit("845.00");
    expect((await getTopUp(await makeAdmin(), deposit.id)).actions).toEqual(["assign"]);
    const tooEarly = await errorOf(returnUnknownDeposit(await makeAdmin(), deposit.id, { accountName: "J Smith", accountNumber: "12-3456-1234567-00" }));
    expect(tooEarly.message).toMatch(/^This deposit can be returned from \d{2} [A-Z][a-z]{2} \d{4}, 30 days after it arrived$/);

    // Every bad field is refused with its message, and nothing moves.
    const bad = await errorOf(returnUnknownDeposit(await makeAdmin(), deposit.id, { accountName: " ", accountNumber: "12345" }, { now: in31Days() }));
    expect(bad).toMatchObject({
      status: 422,
      details: { fieldErrors: { accountName: "Account name is required", accountNumber: "Enter valid account number" } },
    });
    expect((await errorOf(returnUnknownDeposit({ userId: 1, companyId: 1, roles: ["ROLE_USER"] }, deposit.id, {}, { now: in31Days() }))).status).toBe(404);
    expect(await suspenseOf(deposit.id)).toBe(84_500);

    const operator = await makeAdmin();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        returnUnknownDeposit(operator, deposit.id, { accountName: "J Smith", accountNumber: "12-3456-1234567-00" }, { now: in31Days() })
      )
    );
    expect(answers.filter((answer) => !answer.alreadyReturned)).toHaveLength(1);
    expect(answers.find((answer) => !answer.alreadyReturned)?.message).toBe(RETURN_MESSAGES.depositReturned("$845.00", "J Smith"));
    expect(await DepositReturn.count({ where: { topUpId: deposit.id } })).toBe(1);
    expect(await suspenseOf(deposit.id)).toBe(0);
    const view = await getTopUp(await makeAdmin(), deposit.id);
    expect(view).toMatchObject({ topupStatus: "RETURNED", actions: [], returnedTo: { accountName: "J Smith", status: "PENDING", fileName: null } });
    // Returned: it can no longer be assigned to a company.
    const company = await makeCompany({ country: "NZ" });
    expect((await errorOf(assignTopUp(await makeAdmin(), deposit.id, { companyId: company.id }))).status).toBe(409);

    const run = await processPendingWithdrawals();
    const returnRow = (await DepositReturn.findOne({ where: { topUpId: deposit.id } }))!;
    const file = run.files.find((candidate) => candidate.depositReturnIds.includes(returnRow.id));
    expect(file).toBeDefined();
    const content = (await BankPaymentFile.findByPk(file!.id))!.content;
    expect(content).toContain(`,84500,J Smith,RT${returnRow.id},Refund,`);
    expect(returnRow).toMatchObject({ status: "COMPLETED", bankPaymentFileId: file!.id });
    expect((await getTopUp(await makeAdmin(), deposit.id)).returnedTo).toMatchObject({ status: "COMPLETED", fileName: file!.fileName });
    // No later file pays it again.
    const rerun = await processPendingWithdrawals();
    expect(rerun.files.flatMap((written) => written.depositReturnIds)).not.toContain(returnRow.id);

    // Bank clearing gave the deposit back: the deposit's three postings net to zero on every account.
    const net = await sequelize.query<{ kind: string; c: string }>(
      `SELECT a.kind, sum(e.amount * 100)::bigint AS c FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE t.top_up_id = :topUpId GROUP BY a.kind ORDER BY a.kind`,
      { type: QueryTypes.SELECT, replacements: { topUpId: deposit.id } }
    );
    expect(net.map((row) => [row.kind, Number(row.c)])).toEqual([
      ["BANK_CLEARING", 0],
      ["SUSPENSE", 0],
      ["WITHDRAWALS_PENDING", 0],
    ]);
    await expectInvariants([]);
  });

  it("an AU deposit goes back to a BSB and an account number an ABA file can carry", async () => {
    const deposit = await unknownDeposit("12.34", "AUD");
    const tooLong = await errorOf(
      returnUnknownDeposit(await makeAdmin(), deposit.id, { accountName: "Sender", bsb: "062-000", accountNumber: "1234567890" }, { now: in31Days() })
    );
    expect(tooLong.details).toMatchObject({ fieldErrors: { accountNumber: "The account number is not 1 to 9 digits" } });
    const noBsb = await errorOf(returnUnknownDeposit(await makeAdmin(), deposit.id, { accountName: "Sender", accountNumber: "12345678" }, { now: in31Days() }));
    expect(noBsb.details).toMatchObject({ fieldErrors: { bsb: "BSB is required" } });
    const returned = await returnUnknownDeposit(
      await makeAdmin(),
      deposit.id,
      { accountName: "Sender", bsb: "062-000", accountNumber: "12345678" },
      { now: in31Days() }
    );
    expect(returned).toMatchObject({ alreadyReturned: false, currency: "AUD", amount: 1_234 });
    expect(await DepositReturn.findByPk(returned.id)).toMatchObject({ bsb: "062000", accountNumber: "12345678" });
  });
});

describe("the CLI, as the admin screens", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-returns-"));
  const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

  it("bank:returns imports a returns file once; withdrawals:return and deposits:return refuse with the service's messages", async () => {
    const { company, actor } = await fundedCompany(30_000);
    const withdrawal = await paidWithdrawal(actor, "75.50");
    const file = path.join(dir, "returns.csv");
    fs.writeFileSync(file, csv(`24/11/2026,Earlybird WD${withdrawal.id},75.50,Account closed`));
    const run = await earlybird(["bank:returns", file]);
    expect(run.stderr).toBe("");
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain("Imported returns.csv: 1 withdrawal returned");
    expect((await companyFunds(company.id)).fundsAvailable).toBe(30_000);

    const again = await earlybird(["--json", "bank:returns", file]);
    expect(JSON.parse(again.stdout)).toMatchObject({ returned: 0, alreadyReturned: 1 });
    const single = await earlybird(["withdrawals:return", `WD${withdrawal.id}`]);
    expect(single).toMatchObject({ code: 0 });
    expect(single.stdout).toContain(RETURN_MESSAGES.alreadyReturned(`WD${withdrawal.id}`));
    expect(await earlybird(["withdrawals:return", "WD999999997"])).toMatchObject({ code: 1, stderr: `Error: ${RETURN_MESSAGES.withdrawalNotFound}\n` });
    const deposit = await earlybird(["deposits:return", "999999996", "--name", "X", "--account", "123"]);
    expect(deposit).toMatchObject({ code: 1, stderr: `Error: ${RETURN_MESSAGES.depositNotFound}\n` });
    expect(await reversalsOf(withdrawal.id)).toHaveLength(2);
  }, 90_000);
});
