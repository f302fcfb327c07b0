/**
 * Bank statement import (issue 4 part 6) against a real PostgreSQL: matching deposits complete their PENDING top-ups
 * through the confirm path, other deposits become UNKNOWN top-ups in suspense, an admin assigns them (once, even at
 * once), the same file twice credits nothing more, a bank transaction id is counted once across files, a stopped
 * import resumes, an import racing an admin's confirm credits once, admins only; and `earlybird bank:import`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { runEarlybird } from "../support/cli";
import { sequelize } from "../../db/index";
import { BankStatementImport, BankStatementLine, Job, LedgerTransaction, TopUp } from "../../db/models/index";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { importBankStatement, STATEMENT_IMPORT_JOB_TYPE } from "../../app/modules/ledger/statement-import.server";
import { STATEMENT_MESSAGES } from "../../app/modules/ledger/statement-import.rules";
import { assignmentChoices, assignTopUp, cancelTopUp, confirmTopUp, createTopUp, getTopUp, listTopUps } from "../../app/modules/ledger/top-ups.server";
import { entriesOf, errorOf } from "./top-ups.support";
import { makeActivatedCompany, makeAdmin } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-bank-import-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const HEADER = "Date,Amount,Other Party,Particulars,Code,Reference,Transaction ID";
/** A bank transaction id no other test uses. */
const bankId = () => `T-${crypto.randomUUID()}`;
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n") + "\n";
const importCsv = async (content: string, currency: "NZD" | "AUD" = "NZD") =>
  importBankStatement(await makeAdmin(), { fileName: "statement.csv", content, currency });

describe("importing a bank statement", () => {
  it("completes matching top-ups, holds the rest in suspense, ignores money out", async () => {
    const { company, actor } = await makeActivatedCompany();
    const matched = await createTopUp(actor, { amount: "1500.00", trigger: "CUSTOM" });
    const wrongAmount = await createTopUp(actor, { amount: "99.00", trigger: "CUSTOM" });
    const stranger = `NOBODY${crypto.randomInt(1e6)}`;
    const content = csv(
      // The payer wrote the reference in lower case with a space in the particulars.
      `17/11/2026,1500.00,HARBOUR FOODS LTD,${matched.paymentReference!.toLowerCase().replace(/^(.{4})/, "$1 ")},Topup,,${bankId()}`,
      `17/11/2026,250.00,J SMITH,Invoice,,${stranger},${bankId()}`,
      `18/11/2026,98.00,HARBOUR FOODS LTD,,,${wrongAmount.paymentReference},${bankId()}`,
      `18/11/2026,-5000.00,Earlybird withdrawals,Batch,,Withdrawals,${bankId()}`
    );
    const progress: number[] = [];
    const result = await importBankStatement(await makeAdmin(), { fileName: "nov.csv", content, currency: "NZD" }, { onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({
      fileName: "nov.csv",
      resumed: false,
      total: 4,
      completed: 1,
      unknown: 2,
      ignored: 1,
      duplicates: 0,
      completedAmount: 150_000,
      unknownAmount: 34_800,
    });
    expect(result.lines.map((line) => [line.fileLine, line.outcome])).toEqual([
      [2, "COMPLETED"],
      [3, "UNKNOWN"],
      [4, "UNKNOWN"],
      [5, "IGNORED"],
    ]);
    expect(result.lines[2].reason).toBe("The amount differs from the top-up's");
    expect(progress.at(-1)).toBe(100);

    // The matching top-up completed through the confirm path: bank clearing → wallet, linked to its line.
    const completed = await TopUp.findByPk(matched.id);
    expect(completed).toMatchObject({ topupStatus: "COMPLETED", bankStatementLineId: expect.any(Number), ledgerTransactionId: expect.any(Number) });
    expect(await BankStatementLine.findByPk(completed!.bankStatementLineId!)).toMatchObject({ status: "MATCHED", matchedTopUpId: matched.id, amount: 150_000 });
    expect(await entriesOf(matched.id)).toEqual([
      { kind: "BANK_CLEARING", company_id: null, amount_c: "-150000", transaction_class: "TOPUP" },
      { kind: "WALLET", company_id: company.id, amount_c: "150000", transaction_class: "TOPUP" },
    ]);
    expect((await companyFunds(company.id)).balance).toBe(150_000);
    // Another amount: the top-up stays PENDING and the deposit waits in suspense.
    expect((await TopUp.findByPk(wrongAmount.id))!.topupStatus).toBe("PENDING");
    for (const line of result.lines.filter((l) => l.outcome === "UNKNOWN")) {
      const unknown = await TopUp.findByPk(line.topUpId!);
      expect(unknown).toMatchObject({ topupStatus: "UNKNOWN", companyId: null, paymentReference: null, expiresAt: null, topupAmount: line.amount });
      expect(await entriesOf(unknown!.id)).toEqual([
        { kind: "BANK_CLEARING", company_id: null, amount_c: String(-line.amount), transaction_class: "TOPUP" },
        { kind: "SUSPENSE", company_id: null, amount_c: String(line.amount), transaction_class: "TOPUP" },
      ]);
    }
    // Recorded: the import, its job, its lines.
    const record = await BankStatementImport.findByPk(result.importId);
    expect(record).toMatchObject({ fileName: "nov.csv", currency: "NZD", lineCount: 4, importedByUserId: (await makeAdmin()).userId, jobId: result.jobId });
    expect(await Job.findByPk(result.jobId!)).toMatchObject({ type: STATEMENT_IMPORT_JOB_TYPE, status: "SUCCEEDED", progress: 100 });
    expect(await BankStatementLine.count({ where: { importId: result.importId } })).toBe(4);
  });

  it("the same file twice credits nothing more", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 7_500, trigger: "CUSTOM" });
    const content = csv(`19/11/2026,75.00,X,,,${topUp.paymentReference},${bankId()}`, `19/11/2026,12.00,Y,,,ZZ${crypto.randomInt(1e8)},${bankId()}`);
    expect(await importCsv(content)).toMatchObject({ completed: 1, unknown: 1 });
    const suspenseBefore = await LedgerTransaction.count({ where: { description: "Deposit with no matching reference" } });
    const again = await errorOf(importCsv(content));
    expect(again).toMatchObject({ status: 409, message: STATEMENT_MESSAGES.alreadyImported });
    // Two at once: one gets it, the other the same refusal.
    const content2 = csv(`20/11/2026,75.00,X,,,UNKNOWN${crypto.randomInt(1e6)},${bankId()}`);
    const both = await Promise.allSettled([importCsv(content2), importCsv(content2)]);
    expect(both.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await companyFunds(company.id)).balance).toBe(7_500);
    expect(await LedgerTransaction.count({ where: { description: "Deposit with no matching reference" } })).toBe(suspenseBefore + 1);
  });

  it("counts a deposit once across overlapping statements when the bank gives it an id", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 3_000, trigger: "CUSTOM" });
    const shared = `21/11/2026,30.00,X,,,${topUp.paymentReference},${bankId()}`;
    await importCsv(csv(shared));
    const second = await importCsv(csv(shared, `21/11/2026,1.00,Z,,,ZZ${crypto.randomInt(1e8)},${bankId()}`));
    expect(second).toMatchObject({ total: 2, completed: 0, unknown: 1, duplicates: 1 });
    expect(second.lines[0]).toMatchObject({ outcome: "DUPLICATE", fileLine: 2 });
    expect((await companyFunds(company.id)).balance).toBe(3_000);
  });

  it("a line for a top-up an admin already confirmed reconciles it without posting again; a second deposit goes to suspense", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 5_000, trigger: "CUSTOM" });
    await confirmTopUp(await makeAdmin(), topUp.id);
    const result = await importCsv(
      csv(`22/11/2026,50.00,X,,,${topUp.paymentReference},${bankId()}`, `22/11/2026,50.00,X,,,${topUp.paymentReference},${bankId()}`)
    );
    expect(result.lines.map((line) => line.outcome)).toEqual(["RECONCILED", "UNKNOWN"]);
    expect(result.lines[1].reason).toBe("The top-up was already paid by another deposit");
    expect((await TopUp.findByPk(topUp.id))!.bankStatementLineId).not.toBeNull();
    expect(await LedgerTransaction.count({ where: { topUpId: topUp.id } })).toBe(1);
    expect((await companyFunds(company.id)).balance).toBe(5_000);
  });

  it("a deposit for a cancelled or expired top-up is held in suspense", async () => {
    const { company, actor } = await makeActivatedCompany();
    const cancelled = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await cancelTopUp(actor, cancelled.id);
    const expired = await createTopUp(actor, { amount: 2_000, trigger: "CUSTOM" });
    await TopUp.update({ expiresAt: new Date(Date.now() - 1_000) }, { where: { id: expired.id } });
    const result = await importCsv(
      csv(`22/11/2026,10.00,X,,,${cancelled.paymentReference},${bankId()}`, `22/11/2026,20.00,X,,,${expired.paymentReference},${bankId()}`)
    );
    expect(result.lines.map((line) => [line.outcome, line.reason])).toEqual([
      ["UNKNOWN", "The top-up is no longer pending (cancelled or expired)"],
      ["UNKNOWN", "The top-up is no longer pending (cancelled or expired)"],
    ]);
    expect((await companyFunds(company.id)).balance).toBe(0);
    // The admin's Assign dialog points at the company the reference names.
    const choices = await assignmentChoices(await makeAdmin(), result.lines[0].topUpId!);
    expect(choices.suggestion).toMatchObject({ companyId: company.id, note: expect.stringContaining(cancelled.paymentReference!) });
    expect(choices.companies.some((c) => c.id === company.id)).toBe(true);
  });

  it("an import and admins confirming the same top-up at once credit it once", async () => {
    for (let round = 0; round < 4; round++) {
      const { company, actor } = await makeActivatedCompany();
      const topUp = await createTopUp(actor, { amount: 6_100, trigger: "CUSTOM" });
      const content = csv(`23/11/2026,61.00,X,,,${topUp.paymentReference},${bankId()}`);
      const [imported] = await Promise.all([importCsv(content), confirmTopUp(await makeAdmin(), topUp.id), confirmTopUp(await makeAdmin(), topUp.id)]);
      expect(["COMPLETED", "RECONCILED"]).toContain(imported.lines[0].outcome);
      expect(await LedgerTransaction.count({ where: { topUpId: topUp.id } })).toBe(1);
      expect((await companyFunds(company.id)).balance).toBe(6_100);
    }
  });

  it("refuses a bad file with every problem and stores nothing", async () => {
    const before = await BankStatementImport.count();
    const error = await errorOf(importCsv("Date,Amount,Reference\n31/02/2026,10,X\n2026-11-05,ten,Y\n"));
    expect(error).toMatchObject({
      status: 422,
      message: STATEMENT_MESSAGES.lineDate(2),
      details: [STATEMENT_MESSAGES.lineDate(2), STATEMENT_MESSAGES.lineAmount(3)],
    });
    expect((await errorOf(importCsv("Date,Reference\n"))).message).toBe(STATEMENT_MESSAGES.header);
    expect(await BankStatementImport.count()).toBe(before);
  });

  it("is for admins only", async () => {
    const { actor } = await makeActivatedCompany();
    expect((await errorOf(importBankStatement(actor, { fileName: "x.csv", content: csv(`1/11/2026,1.00,X,,,Y,${bankId()}`), currency: "NZD" }))).status).toBe(
      404
    );
  });

  it("a stopped import resumes where it stopped when the same file comes again", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 4_400, trigger: "CUSTOM" });
    const content = csv(`24/11/2026,44.00,X,,,${topUp.paymentReference},${bankId()}`);
    // What a run that died after storing the file leaves: the import and its lines, nothing settled.
    const sha = crypto.createHash("sha256").update(content, "utf8").digest("hex");
    const [stored] = await sequelize.query<{ id: number }>(
      "INSERT INTO bank_statement_imports (currency, file_name, content, content_sha256, line_count) VALUES ('NZD', 'stopped.csv', :content, :sha, 1) RETURNING id",
      { type: QueryTypes.SELECT, replacements: { content, sha } }
    );
    await BankStatementLine.create({ importId: stored.id, lineIndex: 0, transactionDate: "2026-11-24", amount: 4_400, reference: topUp.paymentReference });
    const result = await importCsv(content);
    expect(result).toMatchObject({ importId: stored.id, resumed: true, completed: 1 });
    expect((await companyFunds(company.id)).balance).toBe(4_400);
    expect((await errorOf(importCsv(content))).message).toBe(STATEMENT_MESSAGES.alreadyImported);
  });
});

describe("assigning an unknown deposit (SUSPENSE → wallet)", () => {
  async function unknownDeposit(amount: string, currency: "NZD" | "AUD" = "NZD") {
    const result = await importCsv(csv(`25/11/2026,${amount},ACME,,,ACME${crypto.randomInt(1e6)},${bankId()}`), currency);
    return result.lines[0].topUpId!;
  }

  it("credits the chosen company once and marks the line ASSIGNED; the Unknown tab lists it until then", async () => {
    const { company } = await makeActivatedCompany();
    const id = await unknownDeposit("123.45");
    expect((await listTopUps(await makeAdmin(), { tab: "unknown", page: 1, size: 100 })).rows.some((row) => row.id === id)).toBe(true);
    const view = await getTopUp(await makeAdmin(), id);
    expect(view).toMatchObject({ topupStatus: "UNKNOWN", actions: ["assign"], deposit: { otherParty: "ACME", transactionDate: "2026-11-25" } });
    const { topUp, alreadyDone } = await assignTopUp(await makeAdmin(), id, { companyId: company.id });
    expect(alreadyDone).toBe(false);
    expect(topUp).toMatchObject({ topupStatus: "COMPLETED", companyId: company.id, companyName: company.companyName });
    expect((await companyFunds(company.id)).balance).toBe(12_345);
    const entries = await entriesOf(id);
    expect(entries.slice(2)).toEqual([
      { kind: "SUSPENSE", company_id: null, amount_c: "-12345", transaction_class: "TOPUP" },
      { kind: "WALLET", company_id: company.id, amount_c: "12345", transaction_class: "TOPUP" },
    ]);
    // Suspense is back where it was for this deposit.
    expect(entries.filter((e) => e.kind === "SUSPENSE").reduce((sum, e) => sum + Number(e.amount_c), 0)).toBe(0);
    expect((await BankStatementLine.findOne({ where: { matchedTopUpId: id } }))!.status).toBe("ASSIGNED");
    expect((await assignTopUp(await makeAdmin(), id, { companyId: company.id })).alreadyDone).toBe(true);
  });

  it("two admins assigning at once: one credit", async () => {
    const first = await makeActivatedCompany();
    const second = await makeActivatedCompany();
    const id = await unknownDeposit("10.00");
    const outcomes = await Promise.allSettled([
      assignTopUp(await makeAdmin(), id, { companyId: first.company.id }),
      assignTopUp(await makeAdmin(), id, { companyId: second.company.id }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const balances = [(await companyFunds(first.company.id)).balance, (await companyFunds(second.company.id)).balance];
    expect(balances.sort()).toEqual([0, 1_000]);
    expect(await LedgerTransaction.count({ where: { topUpId: id } })).toBe(2);
  });

  it("refuses a company in another currency, a pending top-up, a company user, and confirm or cancel of a deposit", async () => {
    const au = await makeActivatedCompany({ country: "AU" });
    const id = await unknownDeposit("10.00");
    expect(await errorOf(assignTopUp(await makeAdmin(), id, { companyId: au.company.id }))).toMatchObject({
      status: 422,
      message: "This deposit is in NZD; the company's account is in AUD.",
    });
    expect((await errorOf(assignTopUp(au.actor, id, { companyId: au.company.id }))).status).toBe(404);
    expect((await errorOf(confirmTopUp(await makeAdmin(), id))).status).toBe(409);
    expect((await errorOf(cancelTopUp(await makeAdmin(), id))).status).toBe(409);
    const pending = await createTopUp(au.actor, { amount: 100, trigger: "CUSTOM" });
    expect((await errorOf(assignTopUp(await makeAdmin(), pending.id, { companyId: au.company.id }))).status).toBe(409);
    expect((await TopUp.findByPk(id))!.topupStatus).toBe("UNKNOWN");
    // An AUD statement's unknown deposit goes to the AU company.
    const audId = await unknownDeposit("5.00", "AUD");
    expect((await assignTopUp(await makeAdmin(), audId, { companyId: au.company.id })).topUp.currency).toBe("AUD");
    expect((await companyFunds(au.company.id)).balance).toBe(500);
  });
});

describe("earlybird bank:import", () => {
  const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

  it("imports a file, prints the summary and the lines; the same file again exits 1", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 20_000, trigger: "CUSTOM" });
    const file = path.join(dir, "statement.csv");
    fs.writeFileSync(
      file,
      csv(
        `17/11/2026,200.00,HARBOUR,,,${topUp.paymentReference},${bankId()}`,
        `17/11/2026,15.00,J SMITH,,,ACME${crypto.randomInt(1e6)},${bankId()}`,
        `18/11/2026,-12.50,Bank,fee,,Fee,${bankId()}`
      )
    );
    const result = await earlybird(["bank:import", file]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported 3 line(s) from ${file}`);
    expect(result.stdout).toContain("Completed: 1 ($200.00)  Unknown, held in suspense: 1 ($15.00)\nReconciled: 0  Ignored: 1  Duplicates: 0");
    expect(result.stdout).toMatch(/COMPLETED\s+#\d+/);
    expect((await companyFunds(company.id)).balance).toBe(20_000);

    const again = await earlybird(["bank:import", file]);
    expect(again).toMatchObject({ code: 1, stderr: `Error: ${STATEMENT_MESSAGES.alreadyImported}\n` });
    expect((await companyFunds(company.id)).balance).toBe(20_000);
  });

  it("--json prints the result; a bad currency or a missing file exits 1", async () => {
    const file = path.join(dir, "aud.csv");
    fs.writeFileSync(file, csv(`17/11/2026,9.99,X,,,ZZ${crypto.randomInt(1e8)},${bankId()}`));
    const json = await earlybird(["--json", "bank:import", file, "--currency", "AUD"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ currency: "AUD", total: 1, unknown: 1, unknownAmount: 999 });
    expect(await earlybird(["bank:import", file, "--currency", "USD"])).toMatchObject({ code: 1, stderr: "Error: --currency: Currency must be NZD or AUD\n" });
    expect((await earlybird(["bank:import", path.join(dir, "missing.csv")])).code).toBe(1);
  });
});
