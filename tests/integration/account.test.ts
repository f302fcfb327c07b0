/**
 * Issue 4 parts 2 and 3: account activation and the /account transactions (list and transactions.csv), against a real
 * PostgreSQL.
 */
import { parse } from "csv-parse/sync";
import type { Readable } from "node:stream";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, FeatureFlag, LedgerAccount, TopUp, Withdrawal, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { isAppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { activateAccount, exportAccountTransactions, getAccountOverview, listAccountTransactions } from "../../app/modules/ledger/account.server";
import {
  formatNzAccountNumber,
  passesNzModulus11,
  payIdFor,
  workingCapitalAccountNumber,
  type AccountTransaction,
} from "../../app/modules/ledger/account.rules";
import { postTransaction, systemAccount, walletAccount, type Currency } from "../../app/modules/ledger/service.server";
import { makeCompany, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

async function actorFor(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: user.roles };
}

const currencyOf = (company: Company): Currency => (company.country === "AU" ? "AUD" : "NZD");

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("account activation (p1 §4)", () => {
  it("issues an NZ company a valid working-capital account number, its wallet, and the spec's success text", async () => {
    const company = await makeCompany({ country: "NZ", companyName: "Activation NZ Ltd" });
    const actor = await actorFor(company);
    expect((await getAccountOverview(actor)).systemAccount).toBeNull();

    const result = await activateAccount(actor);
    const number = workingCapitalAccountNumber(company.id);
    expect(result).toEqual({
      message: "Your Earlybird working capital account is now active!",
      account: {
        label: "Working capital account",
        name: "Activation NZ Ltd - Earlybird working capital",
        display: formatNzAccountNumber(number),
        payId: null,
        bankAccountNumber: number,
      },
    });
    expect(passesNzModulus11(number)).toBe(true);
    const rows = await BankAccount.findAll({ where: { companyId: company.id } });
    expect(rows.map((row) => [row.loadedBy, row.bankAccountNumber, row.payId, row.bankAccountStatus, row.defaultAccount])).toEqual([
      ["SYSTEM", number, null, "VERIFIED", false],
    ]);
    expect(await LedgerAccount.count({ where: { companyId: company.id, kind: "WALLET", currency: "NZD" } })).toBe(1);
    expect((await getAccountOverview(actor)).systemAccount).toMatchObject({ label: "Working capital account", display: formatNzAccountNumber(number) });
  });

  it("issues an AU company a PayID", async () => {
    const company = await makeCompany({ country: "AU", companyName: "Activation Coffee Pty Ltd" });
    const actor = await actorFor(company);
    const result = await activateAccount(actor);
    const payId = payIdFor(company.id, "Activation Coffee Pty Ltd");
    expect(result).toEqual({
      message: "Your Earlybird PayID is now active!",
      account: { label: "PayID", name: "Activation Coffee Pty Ltd - Earlybird PayID", display: payId, payId, bankAccountNumber: null },
    });
    expect(await BankAccount.count({ where: { companyId: company.id, loadedBy: "SYSTEM", payId } })).toBe(1);
    expect(await LedgerAccount.count({ where: { companyId: company.id, kind: "WALLET", currency: "AUD" } })).toBe(1);
    const overview = await getAccountOverview(actor);
    expect(overview).toMatchObject({ country: "AU", currency: "AUD", locale: "en-AU", systemAccount: { label: "PayID", display: payId } });
  });

  it("activates once however often and however concurrently it is asked", async () => {
    const company = await makeCompany({ country: "NZ" });
    const actor = await actorFor(company);
    const results = await Promise.all(Array.from({ length: 6 }, () => activateAccount(actor)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await BankAccount.count({ where: { companyId: company.id, loadedBy: "SYSTEM" } })).toBe(1);
    // Later again: the same account.
    expect(await activateAccount(actor)).toEqual(results[0]);
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("keeps a SYSTEM account the company already has", async () => {
    const company = await makeCompany({ country: "NZ" });
    // Unique across companies (bank_accounts_system_number_key).
    const number = `0201003${String(company.id).padStart(9, "0")}`;
    await BankAccount.create({
      companyId: company.id,
      bankAccountName: "Seeded working capital",
      bankAccountNumber: number,
      bankAccountStatus: "VERIFIED",
      loadedBy: "SYSTEM",
    });
    const result = await activateAccount(await actorFor(company));
    expect(result.account).toMatchObject({ name: "Seeded working capital", bankAccountNumber: number, display: `02-0100-${number.slice(6, 13)}-${number.slice(13)}` });
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("activates the actor's own company only, and not for an admin without a company", async () => {
    const mine = await makeCompany({ country: "NZ" });
    const other = await makeCompany({ country: "NZ" });
    await activateAccount(await actorFor(mine));
    expect(await BankAccount.count({ where: { companyId: other.id } })).toBe(0);
    expect((await getAccountOverview(await actorFor(other))).systemAccount).toBeNull();
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
    const refusal = await errorOf(activateAccount({ userId: admin.id, companyId: null, roles: ["ROLE_ADMIN"] }));
    expect(isAppError(refusal) && refusal.status).toBe(403);
  });

  it("refuses a second company the same number (the database's unique index)", async () => {
    const first = await makeCompany({ country: "NZ" });
    await activateAccount(await actorFor(first));
    const second = await makeCompany({ country: "NZ" });
    await expect(
      BankAccount.create({
        companyId: second.id,
        bankAccountName: "Copy",
        bankAccountNumber: workingCapitalAccountNumber(first.id),
        bankAccountStatus: "VERIFIED",
        loadedBy: "SYSTEM",
      })
    ).rejects.toMatchObject({ name: "SequelizeUniqueConstraintError" });
  });
});

// ---- A company's money history, written the way the services write it ----------------------------------------------

interface History {
  company: Company;
  actor: Actor;
}

async function topUpCompleted(company: Company, amount: number, reference: string) {
  await sequelize.transaction(async (t) => {
    const currency = currencyOf(company);
    const topUp = await TopUp.create(
      { companyId: company.id, currency, topupAmount: amount as Cents, topupStatus: "PENDING", paymentReference: reference, trigger: "CUSTOM" },
      { transaction: t }
    );
    const tx = await postTransaction(t, {
      transactionClass: "TOPUP",
      currency,
      entries: [
        { accountId: (await systemAccount(t, "BANK_CLEARING", currency)).id, amount: -amount as Cents },
        { accountId: (await walletAccount(t, company.id, currency)).id, amount: amount as Cents },
      ],
      description: `Top-up ${reference}`,
      destinationCompanyId: company.id,
      destinationReference: reference,
      topUpId: topUp.id,
    });
    await topUp.update({ topupStatus: "COMPLETED", ledgerTransactionId: tx.id, completedAt: new Date() }, { transaction: t });
  });
}

async function topUpPending(company: Company, amount: number, reference: string, status: "PENDING" | "CANCELLED" | "EXPIRED" = "PENDING") {
  await TopUp.create({
    companyId: company.id,
    currency: currencyOf(company),
    topupAmount: amount as Cents,
    topupStatus: status,
    paymentReference: reference,
    trigger: "CUSTOM",
    cancelledAt: status === "CANCELLED" ? new Date() : null,
  });
}

async function pay(from: Company, to: Company, amount: number, fee: number, invoiceNumber: string) {
  await sequelize.transaction(async (t) => {
    await postTransaction(t, {
      transactionClass: "PAYMENT",
      currency: "NZD",
      entries: [
        { accountId: (await walletAccount(t, from.id, "NZD")).id, amount: -amount as Cents },
        { accountId: (await walletAccount(t, to.id, "NZD")).id, amount: (amount - fee) as Cents },
        { accountId: (await systemAccount(t, "FEE_REVENUE", "NZD")).id, amount: fee as Cents },
      ],
      description: `Early payment of ${invoiceNumber}`,
      sourceCompanyId: from.id,
      destinationCompanyId: to.id,
      sourceReference: invoiceNumber,
      destinationReference: invoiceNumber,
      sourceParticulars: `Paid ${invoiceNumber}`,
      destinationParticulars: `Received ${invoiceNumber}`,
    });
  });
}

async function bankAccountOf(company: Company) {
  const existing = await BankAccount.findOne({ where: { companyId: company.id, loadedBy: "EARLYBIRD" } });
  return (
    existing ??
    BankAccount.create({
      companyId: company.id,
      bankAccountName: `${company.companyName} Operating`,
      bankAccountNumber: "1202330123456000",
      bankAccountStatus: "VERIFIED",
      defaultAccount: true,
    })
  );
}

/** A withdrawal: the wallet debited at once; `then` completes it (paid by a bank file) or cancels it (money back). */
async function withdraw(company: Company, userId: number, amount: number, then: "PENDING" | "COMPLETED" | "CANCELLED") {
  const account = await bankAccountOf(company);
  await sequelize.transaction(async (t) => {
    const wallet = await walletAccount(t, company.id, "NZD");
    const pendingAccount = await systemAccount(t, "WITHDRAWALS_PENDING", "NZD");
    const withdrawal = await Withdrawal.create(
      { companyId: company.id, bankAccountId: account.id, currency: "NZD", withdrawalAmount: amount as Cents, requestedByUserId: userId },
      { transaction: t }
    );
    const debit = await postTransaction(t, {
      transactionClass: "WITHDRAWAL",
      currency: "NZD",
      entries: [
        { accountId: wallet.id, amount: -amount as Cents },
        { accountId: pendingAccount.id, amount: amount as Cents },
      ],
      description: `Withdrawal to ${account.bankAccountName}`,
      sourceCompanyId: company.id,
      withdrawalId: withdrawal.id,
    });
    await withdrawal.update({ ledgerTransactionId: debit.id }, { transaction: t });
    if (then === "CANCELLED") {
      const back = await postTransaction(t, {
        transactionClass: "REVERSAL",
        currency: "NZD",
        entries: [
          { accountId: pendingAccount.id, amount: -amount as Cents },
          { accountId: wallet.id, amount: amount as Cents },
        ],
        description: "Withdrawal cancelled",
        destinationCompanyId: company.id,
        withdrawalId: withdrawal.id,
        reversesTransactionId: debit.id,
      });
      await withdrawal.update({ status: "CANCELLED", cancelledAt: new Date(), reversalLedgerTransactionId: back.id }, { transaction: t });
    }
  });
  if (then === "COMPLETED") {
    // The payment-file job's part (D5): WITHDRAWALS_PENDING to bank clearing; the wallet is not touched again.
    await sequelize.transaction(async (t) => {
      const withdrawal = await Withdrawal.findOne({ where: { companyId: company.id, status: "PENDING" }, transaction: t });
      const tx = await postTransaction(t, {
        transactionClass: "WITHDRAWAL",
        currency: "NZD",
        entries: [
          { accountId: (await systemAccount(t, "WITHDRAWALS_PENDING", "NZD")).id, amount: -amount as Cents },
          { accountId: (await systemAccount(t, "BANK_CLEARING", "NZD")).id, amount: amount as Cents },
        ],
        sourceCompanyId: company.id,
        withdrawalId: withdrawal!.id,
      });
      const [file] = await sequelize.query<{ id: number }>(
        `INSERT INTO bank_payment_files (country, format, file_name, content, total_amount, item_count) VALUES ('NZ', 'NZ_BULK_CSV', :name, 'x', :total, 1) RETURNING id`,
        { replacements: { name: `test-${withdrawal!.id}.csv`, total: amount / 100 }, type: QueryTypes.SELECT, transaction: t }
      );
      await withdrawal!.update(
        { status: "COMPLETED", completedAt: new Date(), completedLedgerTransactionId: tx.id, bankPaymentFileId: file.id },
        { transaction: t }
      );
    });
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Company A: 3 completed top-ups, a withdrawal completed, a withdrawal cancelled (money back), payments out to B and in
 * from B, then 2 pending top-ups, a cancelled and an expired one (not shown), and a pending withdrawal.
 */
async function history(): Promise<History & { other: Company; tag: string }> {
  // Payment references are unique across top-ups: each history has its own prefix.
  const tag = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
  const company = await makeCompany({ country: "NZ", companyName: '=HYPERLINK("http://evil") Foods' });
  const other = await makeCompany({ country: "NZ", companyName: "Other Supplies Ltd" });
  const actor = await actorFor(company);
  await topUpCompleted(company, 100_000, `${tag}A001`); // 1000.00
  await topUpCompleted(company, 50_000, `${tag}A002`); // 1500.00
  await pay(company, other, 20_000, 400, "+INV-1"); // 1300.00
  await topUpCompleted(other, 10_000, `${tag}B001`);
  await pay(other, company, 5_000, 100, "INV-2"); // 1349.00
  await withdraw(company, actor.userId, 30_000, "COMPLETED"); // 1049.00
  await withdraw(company, actor.userId, 1_000, "CANCELLED"); // 1039.00, then back to 1049.00
  await topUpCompleted(company, 25_000, `${tag}A003`); // 1299.00
  await topUpPending(company, 7_000, `${tag}A004`);
  await pause();
  await topUpPending(company, 8_000, `${tag}A005`);
  await topUpPending(company, 9_000, `${tag}A006`, "CANCELLED");
  await topUpPending(company, 9_500, `${tag}A007`, "EXPIRED");
  await pause();
  await withdraw(company, actor.userId, 10_000, "PENDING"); // 1199.00
  return { company, actor, other, tag };
}

const summary = (row: AccountTransaction) => [row.transactionClass, row.status, row.amount, row.balanceAfter, row.reference];

describe("the account's transactions (p1 §2, §7; D4)", () => {
  it("lists pending rows first, then settled ones newest first, with the balance after each", async () => {
    const { company, actor, tag } = await history();
    const page = await listAccountTransactions(actor, { page: 1, size: 25 });
    expect(page).toMatchObject({ total: 11, pendingCount: 3, page: 1, size: 25, locale: "en-NZ", timeZone: "Pacific/Auckland" });
    expect(page.rows.map(summary)).toEqual([
      // Pending, newest first: the withdrawal (its amount already held), then the top-ups (no money moved yet).
      ["WITHDRAWAL", "PENDING", -10_000, 119_900, null],
      ["TOPUP", "PENDING", 8_000, null, `${tag}A005`],
      ["TOPUP", "PENDING", 7_000, null, `${tag}A004`],
      // Settled, newest first.
      ["TOPUP", "COMPLETED", 25_000, 129_900, `${tag}A003`],
      ["WITHDRAWAL", "COMPLETED", 1_000, 104_900, null],
      ["WITHDRAWAL", "COMPLETED", -1_000, 103_900, null],
      ["WITHDRAWAL", "COMPLETED", -30_000, 104_900, null],
      ["PAYMENT", "COMPLETED", 4_900, 134_900, "INV-2"],
      ["PAYMENT", "COMPLETED", -20_000, 130_000, "+INV-1"],
      ["TOPUP", "COMPLETED", 50_000, 150_000, `${tag}A002`],
      ["TOPUP", "COMPLETED", 100_000, 100_000, `${tag}A001`],
    ]);
    // Each settled balance is the one before it plus the row's amount, ending at the wallet's balance.
    const settled = page.rows.filter((row) => row.status === "COMPLETED");
    for (let i = 0; i < settled.length - 1; i++) expect(settled[i].balanceAfter).toBe(settled[i + 1].balanceAfter! + settled[i].amount);
    const overview = await getAccountOverview(actor);
    expect(overview).toMatchObject({ balance: 119_900, cashReserve: 0, fundsAvailable: 119_900 });
    expect(page.rows[0].balanceAfter).toBe(overview.balance);
    // The parties, from the company's side.
    expect(page.rows[0]).toMatchObject({ from: company.companyName, to: `${company.companyName} Operating`, particulars: "Withdrawal" });
    expect(page.rows.find((row) => row.reference === "INV-2")).toMatchObject({
      from: "Other Supplies Ltd",
      to: company.companyName,
      particulars: "Received INV-2",
    });
    expect(page.rows.find((row) => row.reference === "+INV-1")).toMatchObject({
      from: company.companyName,
      to: "Other Supplies Ltd",
      particulars: "Paid +INV-1",
    });
  });

  it("spills the settled rows over the page where the pending ones end", async () => {
    const { actor } = await history();
    const all = (await listAccountTransactions(actor, { page: 1, size: 100 })).rows.map((row) => row.key);
    expect(all).toHaveLength(11);
    const page1 = await listAccountTransactions(actor, { page: 1, size: 10 });
    const page2 = await listAccountTransactions(actor, { page: 2, size: 10 });
    expect(page1.rows.map((row) => row.key)).toEqual(all.slice(0, 10));
    expect(page1.rows.map((row) => row.status)).toEqual(["PENDING", "PENDING", "PENDING", ...Array(7).fill("COMPLETED")]);
    expect(page2.rows.map((row) => row.key)).toEqual(all.slice(10));
    // A page past the end shows the last one.
    expect((await listAccountTransactions(actor, { page: 9, size: 10 })).page).toBe(2);
  });

  it("spills across several pages of pending rows, and reads the older pages from the oldest end", async () => {
    const company = await makeCompany({ country: "NZ" });
    const actor = await actorFor(company);
    for (let i = 0; i < 23; i++) await topUpCompleted(company, 100 + i, `SPLA${String(i).padStart(4, "0")}`);
    for (let i = 0; i < 12; i++) await topUpPending(company, 1_000 + i, `SPLB${String(i).padStart(4, "0")}`);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await listAccountTransactions(actor, { page, size: 10 }));
    expect(pages.map((page) => page.rows.map((row) => row.status[0]).join(""))).toEqual(["PPPPPPPPPP", "PPCCCCCCCC", "CCCCCCCCCC", "CCCCC"]);
    const amounts = pages.flatMap((page) => page.rows.map((row) => row.amount));
    expect(amounts).toEqual([...Array.from({ length: 12 }, (_, i) => 1_011 - i), ...Array.from({ length: 23 }, (_, i) => 122 - i)]);
    expect(pages.every((page) => page.total === 35 && page.pendingCount === 12)).toBe(true);
  });

  it("shows only the actor's company", async () => {
    const { other, tag } = await history();
    const otherPage = await listAccountTransactions(await actorFor(other), { page: 1, size: 25 });
    expect(otherPage.rows.map(summary)).toEqual([
      ["PAYMENT", "COMPLETED", -5_000, 24_600, "INV-2"],
      ["TOPUP", "COMPLETED", 10_000, 29_600, `${tag}B001`],
      ["PAYMENT", "COMPLETED", 19_600, 19_600, "+INV-1"],
    ]);
    const empty = await makeCompany();
    expect(await listAccountTransactions(await actorFor(empty), { page: 1, size: 25 })).toMatchObject({ rows: [], total: 0, pendingCount: 0, page: 1 });
    const refusal = await errorOf(listAccountTransactions({ userId: 1, companyId: null, roles: ["ROLE_ADMIN"] }, { page: 1, size: 25 }));
    expect(isAppError(refusal) && refusal.status).toBe(403);
  });
});

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

describe("transactions.csv", () => {
  it("exports every transaction in the table's order, text cells escaped against formulas", async () => {
    const { actor, company } = await history();
    const file = await exportAccountTransactions(actor);
    expect(file.fileName).toBe("transactions.csv");
    const text = await readAll(file.stream);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parse(text.slice(1)) as string[][];
    expect(rows[0]).toEqual(["Date", "Type", "Status", "From", "To", "Particulars", "Reference", "Amount", "Balance"]);
    const listed = (await listAccountTransactions(actor, { page: 1, size: 100 })).rows;
    expect(rows.slice(1).map((row) => [row[1], row[2], row[7], row[8]])).toEqual(
      listed.map((row) => [
        { PAYMENT: "Payment", TOPUP: "Topup", WITHDRAWAL: "Withdrawal" }[row.transactionClass],
        row.status === "PENDING" ? "Pending" : "Completed",
        (row.amount / 100).toFixed(2),
        row.balanceAfter === null ? "" : (row.balanceAfter / 100).toFixed(2),
      ])
    );
    // The company's name starts with "=": escaped wherever it appears; so is the reference "+INV-1".
    const paid = rows.find((row) => row[6] === "'+INV-1");
    expect(paid).toBeDefined();
    expect(paid![3]).toBe(`'${company.companyName}`);
    expect(rows.slice(1).every((row) => !/^[=+@]/.test(row[3]) && !/^[=+@]/.test(row[4]) && !/^[=+@-]/.test(row[6]))).toBe(true);
    expect(rows[1][0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("streams a long history in batches without losing or repeating a row", async () => {
    const company = await makeCompany({ country: "NZ" });
    const actor = await actorFor(company);
    await sequelize.transaction(async (t) => {
      const wallet = await walletAccount(t, company.id, "NZD");
      const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
      for (let i = 1; i <= 1_050; i++) {
        await postTransaction(t, {
          transactionClass: "TOPUP",
          currency: "NZD",
          entries: [
            { accountId: clearing.id, amount: -i as Cents },
            { accountId: wallet.id, amount: i as Cents },
          ],
        });
      }
    });
    const rows = (parse((await readAll((await exportAccountTransactions(actor)).stream)).slice(1)) as string[][]).slice(1);
    expect(rows).toHaveLength(1_050);
    expect(rows.map((row) => Math.round(Number(row[7]) * 100))).toEqual(Array.from({ length: 1_050 }, (_, i) => 1_050 - i));
    expect(rows[0][8]).toBe(((1_050 * 1_051) / 2 / 100).toFixed(2));
  });

  it("does not exist while the exportTransactions flag is off", async () => {
    const { actor } = await history();
    await FeatureFlag.upsert({ name: "exportTransactions", enabled: false, updatedBy: null });
    try {
      const refusal = await errorOf(exportAccountTransactions(actor));
      expect(isAppError(refusal) && refusal.status).toBe(404);
      expect((await getAccountOverview(actor)).exportEnabled).toBe(false);
    } finally {
      await FeatureFlag.destroy({ where: { name: "exportTransactions" } });
    }
    expect((await getAccountOverview(actor)).exportEnabled).toBe(true);
  });
});
