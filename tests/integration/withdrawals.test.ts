/**
 * Issue 4 part 7: withdrawals held at once, their blocking states and messages, admin withdrawals on behalf of a
 * company, and the process-withdrawals job writing bank payment files; against a real PostgreSQL, with concurrent
 * requests on separate connections.
 */
import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it, vi } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, BankPaymentFile, FileProcessingStatus, Job, PurchaserOffer, Withdrawal, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { isAppError } from "../../app/lib/errors";
import type { Currency } from "../../app/modules/ledger/service.server";
import { getCompanyFundsSummary, getWithdrawal, getWithdrawContext, placeWithdrawal, reviewWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import {
  getBankPaymentFile,
  getFileProcessingStatus,
  listBankPaymentFiles,
  processPendingWithdrawals,
  setFileProcessingStatus,
} from "../../app/modules/ledger/bank-files.server";
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_NOT_PAYABLE_AU,
  ACCOUNT_UNVERIFIED,
  AMOUNT_EXCEEDS_AVAILABLE,
  AMOUNT_INVALID,
  AMOUNT_TOO_LOW,
  GET_VERIFIED,
  NO_DEFAULT_ACCOUNT_HINT,
  NO_SYSTEM_ACCOUNT,
  PENDING_WITHDRAWAL,
  SOURCE_ACCOUNT_MISMATCH,
  TITLE_PENDING,
  TITLE_SUCCESSFUL,
} from "../../app/modules/ledger/withdrawals.schema";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { fundWallet, makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

type AccountStatus = "UNVERIFIED" | "VERIFICATION_PENDING" | "VERIFIED" | "VERIFICATION_FAILED";

let accountSeq = crypto.randomInt(1_000_000);
const nzAccountNumber = () => `12${String(3000 + (accountSeq % 6000)).padStart(4, "0")}${String(++accountSeq % 10_000_000).padStart(7, "0")}000`;
const key = () => crypto.randomUUID();

interface Setup {
  company: Company;
  actor: Actor;
  account: BankAccount | null;
  system: BankAccount | null;
  currency: Currency;
}

async function fundedCompany(
  options: { country?: "NZ" | "AU"; funds?: number; accountStatus?: AccountStatus | null; verified?: boolean; system?: boolean; payId?: boolean } = {}
): Promise<Setup> {
  const country = options.country ?? "NZ";
  const currency: Currency = country === "AU" ? "AUD" : "NZD";
  const company = await makeCompany({ country, verificationStatus: options.verified === false ? "NOT_VERIFIED" : "VERIFIED" });
  const user = await makeUser({ company });
  const system =
    options.system === false
      ? null
      : await BankAccount.create({
          companyId: company.id,
          bankAccountName: `${company.companyName} - Earlybird`,
          // Unique across companies (bank_accounts_system_number_key).
          bankAccountNumber: `0201001${String(company.id).padStart(9, "0")}`,
          loadedBy: "SYSTEM",
          bankAccountStatus: "VERIFIED",
        });
  const account =
    options.accountStatus === null
      ? null
      : await BankAccount.create({
          companyId: company.id,
          bankAccountName: `${company.companyName} Operating`,
          ...(country === "AU"
            ? options.payId
              ? { payId: `pay-${key()}@example.test` }
              : { bsb: "062000", bankAccountNumber: "12345678" }
            : { bankAccountNumber: nzAccountNumber() }),
          bankAccountStatus: options.accountStatus ?? "VERIFIED",
          defaultAccount: true,
        });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  // Money the real way (a confirmed top-up), where the company may top up; the refusals of an unverified company or
  // one without a SYSTEM account come before any amount is looked at, so those need none.
  if (options.funds !== 0 && system && options.verified !== false) await fundWallet(actor, (options.funds ?? 100_000) as Cents);
  return { company, actor, account, system, currency };
}

async function adminActor(): Promise<Actor> {
  const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
  return { userId: admin.id, companyId: null, roles: ["ROLE_ADMIN"] };
}

async function balanceOf(companyId: number): Promise<number> {
  const [row] = await sequelize.query<{ c: string | null }>(
    "SELECT (balance * 100)::bigint AS c FROM ledger_accounts WHERE company_id = :companyId AND kind = 'WALLET'",
    {
      type: QueryTypes.SELECT,
      replacements: { companyId },
    }
  );
  return Number(row?.c ?? 0);
}

async function ledgerOf(withdrawalId: number) {
  return sequelize.query<{ id: number; kind: string; amount_c: string }>(
    `SELECT t.id, a.kind, (e.amount * 100)::bigint AS amount_c FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id WHERE t.withdrawal_id = :withdrawalId ORDER BY t.id, e.id`,
    { type: QueryTypes.SELECT, replacements: { withdrawalId } }
  );
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught
  );
  if (!isAppError(error)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return { status: error.status, message: error.message, field: error.field, code: error.code };
}

describe("a withdrawal holds the amount at once", () => {
  it("debits the wallet into WITHDRAWALS_PENDING in the same transaction that creates it PENDING", async () => {
    const { company, actor, account } = await fundedCompany({ funds: 100_000 });
    const placed = await placeWithdrawal(actor, { amount: "250.50", idempotencyKey: key() });
    expect(placed).toMatchObject({
      companyId: company.id,
      amount: 25_050,
      status: "PENDING",
      onBehalf: false,
      title: TITLE_SUCCESSFUL,
      accountStatus: "VERIFIED",
    });
    expect(await balanceOf(company.id)).toBe(100_000 - 25_050);
    const row = await Withdrawal.findByPk(placed.id);
    expect(row).toMatchObject({ status: "PENDING", bankAccountId: account!.id, withdrawalAmount: 25_050, requestedByUserId: actor.userId, currency: "NZD" });
    const entries = await ledgerOf(placed.id);
    expect(entries.map((e) => [e.kind, Number(e.amount_c)])).toEqual([
      ["WALLET", -25_050],
      ["WITHDRAWALS_PENDING", 25_050],
    ]);
    expect(row!.ledgerTransactionId).toBe(entries[0].id);
    const context = await getWithdrawContext(actor);
    expect(context.funds.fundsAvailable).toBe(100_000 - 25_050);
    expect(context.pendingWithdrawal).toMatchObject({ id: placed.id, amount: 25_050 });
    expect(context.block).toBe("PENDING_WITHDRAWAL");
  });

  it("reviews without writing anything", async () => {
    const { company, actor } = await fundedCompany({ funds: 10_000 });
    const reviewed = await reviewWithdrawal(actor, { amount: "$1,00.00" });
    expect(reviewed.amount).toBe(10_000);
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(0);
    expect(await balanceOf(company.id)).toBe(10_000);
  });
});

describe("messages (spec p1 §5, §8)", () => {
  it("gives the spec's amount messages on the amount field and writes nothing", async () => {
    const { company, actor } = await fundedCompany({ funds: 10_000 });
    for (const [amount, message] of [
      ["", AMOUNT_TOO_LOW],
      ["0.99", AMOUNT_TOO_LOW],
      ["0", AMOUNT_TOO_LOW],
      ["-5", AMOUNT_TOO_LOW],
      ["12.345", AMOUNT_INVALID],
      ["abc", AMOUNT_INVALID],
      ["100.01", AMOUNT_EXCEEDS_AVAILABLE],
    ] as const) {
      expect(await failure(placeWithdrawal(actor, { amount, idempotencyKey: key() })), amount).toMatchObject({ message, field: "amount", status: 400 });
      expect(await failure(reviewWithdrawal(actor, { amount })), amount).toMatchObject({ message, field: "amount" });
    }
    expect(AMOUNT_TOO_LOW).toBe("Withdrawal amount must be equal to or higher than $1");
    expect(AMOUNT_EXCEEDS_AVAILABLE).toBe("The amount entered exceeds the available balance. Please enter a lower amount.");
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(0);
    expect(await balanceOf(company.id)).toBe(10_000);
    // Exactly the balance, and the $1 minimum, go through.
    expect((await placeWithdrawal(actor, { amount: "100", idempotencyKey: key() })).amount).toBe(10_000);
  });

  it("Funds Available counts the Cash Reserve of a live offer (D4)", async () => {
    const { company, actor } = await fundedCompany({ funds: 100_000 });
    await PurchaserOffer.create({
      createdByCompany: company.id,
      cashpool: 60_000 as Cents,
      pendingCashpool: 0 as Cents,
      crr: "8.00",
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    const context = await getWithdrawContext(actor);
    expect(context.funds).toMatchObject({ balance: 100_000, cashReserve: 60_000, fundsAvailable: 40_000 });
    expect(await failure(placeWithdrawal(actor, { amount: "400.01", idempotencyKey: key() }))).toMatchObject({
      message: AMOUNT_EXCEEDS_AVAILABLE,
      field: "amount",
    });
    expect(await balanceOf(company.id)).toBe(100_000);
    await placeWithdrawal(actor, { amount: "400.00", idempotencyKey: key() });
    expect(await balanceOf(company.id)).toBe(60_000);
  });

  it("blocks on each state of the withdraw flow, first reason first; verification pending is allowed", async () => {
    const cases: { setup: Parameters<typeof fundedCompany>[0]; message: string; status: number }[] = [
      { setup: { verified: false }, message: GET_VERIFIED, status: 403 },
      { setup: { system: false }, message: NO_SYSTEM_ACCOUNT, status: 400 },
      { setup: { accountStatus: null }, message: NO_DEFAULT_ACCOUNT_HINT, status: 400 },
      { setup: { accountStatus: "UNVERIFIED" }, message: ACCOUNT_UNVERIFIED, status: 409 },
      { setup: { accountStatus: "VERIFICATION_FAILED" }, message: ACCOUNT_UNVERIFIED, status: 409 },
      { setup: { country: "AU", payId: true }, message: ACCOUNT_NOT_PAYABLE_AU, status: 409 },
    ];
    for (const { setup, message, status } of cases) {
      const { company, actor } = await fundedCompany(setup);
      const context = await getWithdrawContext(actor);
      expect(context.blockMessage, message).toBe(message);
      expect(await failure(placeWithdrawal(actor, { amount: "10", idempotencyKey: key() })), message).toMatchObject({ message, status });
      expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(0);
    }
    expect(NO_SYSTEM_ACCOUNT).toBe("No system bank account, please contact the provider");
    expect(NO_DEFAULT_ACCOUNT_HINT).toBe("Add a default bank account to withdraw funds from Earlybird");

    // Accounts but no default: the card's "Select Account" state.
    const noDefault = await fundedCompany({ accountStatus: null });
    await BankAccount.create({
      companyId: noDefault.company.id,
      bankAccountName: "Not default",
      bankAccountNumber: nzAccountNumber(),
      bankAccountStatus: "VERIFIED",
    });
    expect(await getWithdrawContext(noDefault.actor)).toMatchObject({ block: "NO_ACCOUNT", accountCount: 1 });
    expect((await getWithdrawContext((await fundedCompany({ accountStatus: null })).actor)).accountCount).toBe(0);

    // A deleted default account is no account.
    const deleted = await fundedCompany();
    await deleted.account!.update({ bankAccountStatus: "DELETED", defaultAccount: false });
    expect((await getWithdrawContext(deleted.actor)).block).toBe("NO_ACCOUNT");

    const pending = await fundedCompany({ accountStatus: "VERIFICATION_PENDING" });
    const context = await getWithdrawContext(pending.actor);
    expect(context).toMatchObject({ block: null, verificationPending: true });
    const placed = await placeWithdrawal(pending.actor, { amount: "10", idempotencyKey: key() });
    expect(placed).toMatchObject({ title: TITLE_PENDING, accountStatus: "VERIFICATION_PENDING", status: "PENDING" });
    // A pending withdrawal blocks the next one.
    expect(await failure(placeWithdrawal(pending.actor, { amount: "10", idempotencyKey: key() }))).toMatchObject({ message: PENDING_WITHDRAWAL, status: 409 });
    expect(await balanceOf(pending.company.id)).toBe(100_000 - 1_000);
  });

  it("an AU company withdraws in AUD to a BSB and account number", async () => {
    const { company, actor } = await fundedCompany({ country: "AU", funds: 50_000 });
    const placed = await placeWithdrawal(actor, { amount: "20", idempotencyKey: key() });
    expect(placed).toMatchObject({ currency: "AUD", amount: 2_000, details: "BSB 062-000 · 123 456 78" });
    expect(await balanceOf(company.id)).toBe(48_000);
  });
});

describe("double submit and concurrency", () => {
  it("the same key twice at once withdraws once and answers both with the same withdrawal", async () => {
    const { company, actor } = await fundedCompany({ funds: 50_000 });
    const sameKey = key();
    const results = await Promise.all(Array.from({ length: 4 }, () => placeWithdrawal(actor, { amount: "100", idempotencyKey: sameKey })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(1);
    expect(await balanceOf(company.id)).toBe(40_000);
    // The key with other details is refused, and nothing more is withdrawn.
    expect(await failure(placeWithdrawal(actor, { amount: "101", idempotencyKey: sameKey }))).toMatchObject({ status: 409 });
    expect(await balanceOf(company.id)).toBe(40_000);
  });

  it("N concurrent withdrawals that together exceed the balance: exactly floor(balance / amount) succeed", async () => {
    // One withdrawal may be pending per company (p1 §4), so the requests come in rounds of 6 at once on separate
    // connections, with the file job paying the round's withdrawal in between: each round, exactly one succeeds
    // while the funds last, and none after.
    const balance = 10_000;
    const amount = 3_000;
    const { company, actor } = await fundedCompany({ funds: balance });
    let succeeded = 0;
    const refusals = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => placeWithdrawal(actor, { amount: "30", idempotencyKey: key() })));
      const ok = results.filter((r) => r.status === "fulfilled").length;
      for (const r of results) if (r.status === "rejected") refusals.add(isAppError(r.reason) ? r.reason.message : String(r.reason));
      expect(ok, `round ${round}`).toBe(round < Math.floor(balance / amount) ? 1 : 0);
      succeeded += ok;
      await processPendingWithdrawals();
    }
    expect(succeeded).toBe(Math.floor(balance / amount));
    expect([...refusals].sort()).toEqual([AMOUNT_EXCEEDS_AVAILABLE, PENDING_WITHDRAWAL].sort());
    expect(await balanceOf(company.id)).toBe(balance - 3 * amount);
    expect(await Withdrawal.count({ where: { companyId: company.id, status: "COMPLETED" } })).toBe(3);
  });
});

describe("admin withdrawal on behalf of a company", () => {
  it("withdraws from the company's Earlybird account to the account the admin chose", async () => {
    const admin = await adminActor();
    const { company, system, account } = await fundedCompany({ funds: 30_000 });
    const other = await BankAccount.create({
      companyId: company.id,
      bankAccountName: "Second account",
      bankAccountNumber: nzAccountNumber(),
      bankAccountStatus: "VERIFICATION_PENDING",
    });
    const context = await getWithdrawContext(admin, { companyId: company.id });
    expect(context.destinations.map((d) => d.id)).toEqual([account!.id, other.id]);
    expect(context.sourceAccount?.id).toBe(system!.id);

    expect(await failure(placeWithdrawal(admin, { amount: "10", idempotencyKey: key() }))).toMatchObject({ status: 400 });
    expect(await failure(placeWithdrawal(admin, { companyId: company.id, amount: "10", idempotencyKey: key() }))).toMatchObject({
      message: ACCOUNT_NOT_FOUND,
      field: "bankAccountId",
    });
    expect(
      await failure(
        placeWithdrawal(admin, { companyId: company.id, bankAccountId: other.id, sourceAccountId: system!.id + 1, amount: "10", idempotencyKey: key() })
      )
    ).toMatchObject({ message: SOURCE_ACCOUNT_MISMATCH, field: "sourceAccountId" });
    // An account of another company is not found.
    const stranger = await fundedCompany();
    expect(
      await failure(placeWithdrawal(admin, { companyId: company.id, bankAccountId: stranger.account!.id, amount: "10", idempotencyKey: key() }))
    ).toMatchObject({
      status: 404,
      message: ACCOUNT_NOT_FOUND,
    });

    const placed = await placeWithdrawal(admin, {
      companyId: company.id,
      bankAccountId: other.id,
      sourceAccountId: system!.id,
      amount: "120",
      idempotencyKey: key(),
    });
    expect(placed).toMatchObject({ onBehalf: true, amount: 12_000, title: TITLE_PENDING, bankAccountName: "Second account" });
    expect(await Withdrawal.findByPk(placed.id)).toMatchObject({ requestedByUserId: admin.userId, onBehalf: true, bankAccountId: other.id });
    expect(await balanceOf(company.id)).toBe(18_000);

    const summary = await getCompanyFundsSummary(admin, company.id);
    expect(summary.context.funds.fundsAvailable).toBe(18_000);
    expect(summary.withdrawals).toMatchObject([{ id: placed.id, amount: 12_000, status: "PENDING", onBehalf: true, bankAccountName: "Second account" }]);
  });
});

describe("scoping", () => {
  it("company users act on their own company only; admin calls are admins' only", async () => {
    const mine = await fundedCompany();
    const theirs = await fundedCompany();
    const placed = await placeWithdrawal(theirs.actor, { amount: "5", idempotencyKey: key() });
    expect(await failure(getWithdrawal(mine.actor, placed.id))).toMatchObject({ status: 404 });
    expect((await getWithdrawal(theirs.actor, placed.id)).id).toBe(placed.id);
    expect(await failure(getWithdrawContext(mine.actor, { companyId: theirs.company.id }))).toMatchObject({ status: 404 });
    expect(await failure(placeWithdrawal(mine.actor, { companyId: theirs.company.id, amount: "5", idempotencyKey: key() }))).toMatchObject({ status: 404 });
    // A company user's bankAccountId is ignored: the withdrawal goes to their own default account.
    const own = await placeWithdrawal(mine.actor, { bankAccountId: theirs.account!.id, amount: "5", idempotencyKey: key() });
    expect((await Withdrawal.findByPk(own.id))!.bankAccountId).toBe(mine.account!.id);
    expect(await failure(getCompanyFundsSummary(mine.actor, mine.company.id))).toMatchObject({ status: 404 });
    expect(await failure(getFileProcessingStatus(mine.actor))).toMatchObject({ status: 404 });
    expect(await failure(setFileProcessingStatus(mine.actor, { status: "SUSPENDED" }))).toMatchObject({ status: 404 });
    expect(await failure(listBankPaymentFiles(mine.actor))).toMatchObject({ status: 404 });
    const anyFile = await BankPaymentFile.findOne();
    if (anyFile) expect(await failure(getBankPaymentFile(mine.actor, anyFile.id))).toMatchObject({ status: 404 });
  });
});

describe("the process-withdrawals job", () => {
  it("pays pending withdrawals to VERIFIED accounts into a file per country, completes them, and leaves VERIFICATION_PENDING ones waiting", async () => {
    const admin = await adminActor();
    const nz = await fundedCompany({ funds: 80_000 });
    const waiting = await fundedCompany({ accountStatus: "VERIFICATION_PENDING" });
    const au = await fundedCompany({ country: "AU", funds: 90_000 });
    const nzPlaced = await placeWithdrawal(nz.actor, { amount: "123.45", idempotencyKey: key() });
    const waitingPlaced = await placeWithdrawal(waiting.actor, { amount: "50", idempotencyKey: key() });
    const auPlaced = await placeWithdrawal(au.actor, { amount: "700", idempotencyKey: key() });

    const job = await runScheduledJobNow("process-withdrawals");
    expect(await Job.findByPk(job.id)).toMatchObject({ type: "process-withdrawals", status: "SUCCEEDED", progress: 100 });

    const nzRow = (await Withdrawal.findByPk(nzPlaced.id))!;
    const auRow = (await Withdrawal.findByPk(auPlaced.id))!;
    expect(nzRow).toMatchObject({ status: "COMPLETED", completedAt: expect.any(Date) });
    expect(auRow.status).toBe("COMPLETED");
    expect((await Withdrawal.findByPk(waitingPlaced.id))!.status).toBe("PENDING");

    const nzFile = (await BankPaymentFile.findByPk(nzRow.bankPaymentFileId!))!;
    expect(nzFile).toMatchObject({ country: "NZ", format: "NZ_BULK_CSV", createdByJobId: job.id });
    expect(nzFile.content).toContain(`2,${nz.account!.bankAccountNumber},50,12345,`);
    expect(nzFile.content).toContain(`,WD${nzPlaced.id},`);
    expect(nzFile.content).not.toContain(`WD${waitingPlaced.id},`);
    const auFile = (await BankPaymentFile.findByPk(auRow.bankPaymentFileId!))!;
    expect(auFile).toMatchObject({ country: "AU", format: "AU_ABA" });
    const auRecord = auFile.content.split("\r\n").find((line) => line.includes(`Earlybird WD${auPlaced.id} `))!;
    expect(auRecord.slice(0, 30)).toBe("1062-000 12345678 500000070000");
    expect(auRecord).toHaveLength(120);

    // Ledger: held, then WITHDRAWALS_PENDING → BANK_CLEARING once; the wallet is not touched again.
    expect((await ledgerOf(nzPlaced.id)).map((e) => [e.kind, Number(e.amount_c)])).toEqual([
      ["WALLET", -12_345],
      ["WITHDRAWALS_PENDING", 12_345],
      ["WITHDRAWALS_PENDING", -12_345],
      ["BANK_CLEARING", 12_345],
    ]);
    expect(nzRow.completedLedgerTransactionId).toBe((await ledgerOf(nzPlaced.id))[2].id);
    expect(await balanceOf(nz.company.id)).toBe(80_000 - 12_345);

    // A rerun pays nothing twice.
    const filesBefore = await BankPaymentFile.count();
    const rerun = await processPendingWithdrawals();
    expect(rerun.files.flatMap((f) => f.withdrawalIds)).not.toContain(nzPlaced.id);
    expect(rerun.files.flatMap((f) => f.withdrawalIds)).not.toContain(auPlaced.id);
    expect(await BankPaymentFile.count()).toBe(filesBefore + rerun.files.length);
    expect(await ledgerOf(nzPlaced.id)).toHaveLength(4);
    const [{ files: withNz }] = await sequelize.query<{ files: string }>("SELECT count(*) AS files FROM bank_payment_files WHERE content LIKE :pattern", {
      type: QueryTypes.SELECT,
      replacements: { pattern: `%,WD${nzPlaced.id},%` },
    });
    expect(Number(withNz)).toBe(1);

    // Once its account is verified, the waiting withdrawal is paid.
    await waiting.account!.update({ bankAccountStatus: "VERIFIED" });
    const later = await processPendingWithdrawals();
    expect(later.files.flatMap((f) => f.withdrawalIds)).toContain(waitingPlaced.id);
    expect((await Withdrawal.findByPk(waitingPlaced.id))!.status).toBe("COMPLETED");

    // Admins list and download the files.
    const listed = await listBankPaymentFiles(admin, { size: 100 });
    expect(listed.rows.map((row) => row.id)).toContain(nzFile.id);
    expect(await getBankPaymentFile(admin, nzFile.id)).toEqual({ fileName: nzFile.fileName, content: nzFile.content, contentType: "text/csv" });
    expect((await getBankPaymentFile(admin, auFile.id)).contentType).toBe("text/plain");
  });

  it("pays a withdrawal to an account deleted after it was verified, as requested; one never verified waits", async () => {
    const verified = await fundedCompany();
    await verified.account!.update({ verifiedAt: new Date() });
    const never = await fundedCompany({ accountStatus: "VERIFICATION_PENDING" });
    const paid = await placeWithdrawal(verified.actor, { amount: "15", idempotencyKey: key() });
    const waits = await placeWithdrawal(never.actor, { amount: "16", idempotencyKey: key() });
    for (const account of [verified.account!, never.account!]) await account.update({ bankAccountStatus: "DELETED", defaultAccount: false });
    await processPendingWithdrawals();
    expect((await Withdrawal.findByPk(paid.id))!.status).toBe("COMPLETED");
    expect((await Withdrawal.findByPk(waits.id))!.status).toBe("PENDING");
  });

  it("SUSPENDED stops the job: nothing is paid until file processing is RUNNING again", async () => {
    const admin = await adminActor();
    const { actor } = await fundedCompany();
    const placed = await placeWithdrawal(actor, { amount: "10", idempotencyKey: key() });
    try {
      expect(await setFileProcessingStatus(admin, { status: "SUSPENDED" })).toBe("SUSPENDED");
      expect(await getFileProcessingStatus(admin)).toBe("SUSPENDED");
      const filesBefore = await BankPaymentFile.count();
      const result = await processPendingWithdrawals();
      expect(result).toMatchObject({ status: "SUSPENDED", files: [] });
      expect(await BankPaymentFile.count()).toBe(filesBefore);
      expect((await Withdrawal.findByPk(placed.id))!.status).toBe("PENDING");
      // Withdrawals themselves still work while suspended.
      expect((await getWithdrawContext(actor)).block).toBe("PENDING_WITHDRAWAL");
    } finally {
      await setFileProcessingStatus(admin, { status: "RUNNING" });
    }
    expect(await getFileProcessingStatus(admin)).toBe("RUNNING");
    await processPendingWithdrawals();
    expect((await Withdrawal.findByPk(placed.id))!.status).toBe("COMPLETED");
    expect(await failure(setFileProcessingStatus(admin, { status: "PAUSED" }))).toMatchObject({ status: 400 });
  });

  it('a status that cannot be read is null (the screen says "Could not fetch status")', async () => {
    const admin = await adminActor();
    const spy = vi.spyOn(FileProcessingStatus, "findByPk").mockRejectedValueOnce(new Error("connection lost"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await getFileProcessingStatus(admin)).toBeNull();
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    expect(await getFileProcessingStatus(admin)).toBe("RUNNING");
  });

  it("a crash while a file is written pays nothing and loses nothing: the rerun pays each withdrawal once", async () => {
    const first = await fundedCompany();
    const second = await fundedCompany();
    const a = await placeWithdrawal(first.actor, { amount: "11", idempotencyKey: key() });
    const b = await placeWithdrawal(second.actor, { amount: "22", idempotencyKey: key() });
    // The crash: completing withdrawal b fails after the file row and a's completion were written.
    await sequelize.query(`
      CREATE FUNCTION test_crash_withdrawal_${b.id}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$;
      CREATE TRIGGER test_crash_${b.id} BEFORE UPDATE ON withdrawals FOR EACH ROW WHEN (NEW.id = ${b.id} AND NEW.status = 'COMPLETED')
      EXECUTE FUNCTION test_crash_withdrawal_${b.id}();`);
    try {
      await expect(processPendingWithdrawals()).rejects.toThrow(/simulated crash/);
    } finally {
      await sequelize.query(`DROP TRIGGER test_crash_${b.id} ON withdrawals; DROP FUNCTION test_crash_withdrawal_${b.id}();`);
    }
    for (const placed of [a, b]) {
      expect((await Withdrawal.findByPk(placed.id))!.status).toBe("PENDING");
      expect(await ledgerOf(placed.id)).toHaveLength(2);
    }
    const [{ n }] = await sequelize.query<{ n: string }>("SELECT count(*) AS n FROM bank_payment_files WHERE content LIKE :a OR content LIKE :b", {
      type: QueryTypes.SELECT,
      replacements: { a: `%,WD${a.id},%`, b: `%,WD${b.id},%` },
    });
    expect(Number(n)).toBe(0);

    // Two runs at once after the crash: each withdrawal lands in exactly one file.
    const [one, two] = await Promise.all([processPendingWithdrawals(), processPendingWithdrawals()]);
    const paid = [...one.files, ...two.files].flatMap((file) => file.withdrawalIds);
    expect(paid.filter((id) => id === a.id)).toHaveLength(1);
    expect(paid.filter((id) => id === b.id)).toHaveLength(1);
    expect(new Set(paid).size).toBe(paid.length);
    for (const placed of [a, b]) {
      expect((await Withdrawal.findByPk(placed.id))!.status).toBe("COMPLETED");
      expect(await ledgerOf(placed.id)).toHaveLength(4);
    }
  });
});
