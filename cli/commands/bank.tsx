import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { AppError } from "../../app/lib/errors";
import { formatDate } from "../../app/lib/dates";
import { formatMoney, type Cents } from "../../app/lib/money";
import { BankImportCliSchema, MAX_STATEMENT_BYTES, STATEMENT_MESSAGES } from "../../app/modules/ledger/top-ups.schema";
import type { StatementImportResult, StatementLineResult } from "../../app/modules/ledger/statement-import.server";
import type { ReturnLineResult, ReturnsImportResult } from "../../app/modules/ledger/returns.server";
import { RETURN_MESSAGES } from "../../app/modules/ledger/returns.schema";

import { formatTable, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { formatFields, type FieldList } from "../format";
import { OPERATOR } from "../../app/lib/actor";

const OUTCOME_COLORS: Record<string, string> = {
  COMPLETED: "green",
  RECONCILED: "green",
  UNKNOWN: "yellow",
  IGNORED: "gray",
  DUPLICATE: "gray",
  ALREADY_SETTLED: "gray",
  WITHDRAWAL_RETURNED: "green",
};

/** The lines as a table; on a terminal the reasons go below it (`withReason` false) so the table fits 80 columns. */
function lineColumns(locale: "en-NZ" | "en-AU", withReason: boolean): Column<StatementLineResult>[] {
  const columns: Column<StatementLineResult>[] = [
    { header: "Line", value: (line) => String(line.fileLine), align: "right" },
    { header: "Date", value: (line) => formatDate(line.transactionDate) },
    { header: "Amount", value: (line) => formatMoney(line.amount, locale), align: "right" },
    { header: "Reference", value: (line) => line.reference ?? "", maxWidth: 14 },
    { header: "Outcome", value: (line) => line.outcome, color: (line) => OUTCOME_COLORS[line.outcome] },
    { header: "Top-up", value: (line) => (line.topUpId ? `#${line.topUpId}` : ""), align: "right" },
  ];
  return withReason ? [...columns, { header: "Why", value: (line) => line.reason ?? "", maxWidth: 60 }] : columns;
}

function summaryLines(result: StatementImportResult, file: string): string[] {
  const money = (cents: Cents) => formatMoney(cents, result.currency === "AUD" ? "en-AU" : "en-NZ");
  return [
    `${result.resumed ? "Finished importing" : "Imported"} ${result.total} line(s) from ${file} (statement #${result.importId}, ${result.currency})`,
    `Completed: ${result.completed} (${money(result.completedAmount)})  Unknown, held in suspense: ${result.unknown} (${money(result.unknownAmount)})`,
    `Reconciled: ${result.reconciled}  Ignored: ${result.ignored}  Duplicates: ${result.duplicates}`,
    ...(result.withdrawalsReturned ? [`Returned withdrawals coming back: ${result.withdrawalsReturned}`] : []),
  ];
}

function readCsvFile(file: string, tooLarge: string): string {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new AppError(404, `File not found: ${file}`, { code: "NOT_FOUND" });
  if (stat.size > MAX_STATEMENT_BYTES) throw new AppError(413, tooLarge, { code: "VALIDATION" });
  return fs.readFileSync(file, "utf8");
}

/**
 * `earlybird bank:import FILE [--currency NZD|AUD]`: the admin screen's bank statement import, run in this process as
 * an operator (no user), with an Ink progress bar and a summary (the same job record as the web).
 */
export function registerBankCommands(program: Command) {
  program
    .command("bank:import")
    .description("import a bank statement CSV: deposits quoting a pending top-up's reference complete it, others are held in suspense")
    .argument("<file>", "CSV file (Date, Amount, Reference; optional Particulars, Code, Other Party, Transaction ID)")
    .option("--currency <currency>", "the statement's currency: NZD or AUD", "NZD")
    .action(
      action(async (file: string, rawOptions: { currency: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(BankImportCliSchema, rawOptions);
        const content = readCsvFile(file, STATEMENT_MESSAGES.tooLarge);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const name = "bank:import";
        const { result, finish } = await withJobProgress(ui, name, (onProgress) =>
          withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            const { importBankStatement } = await import("../../app/modules/ledger/statement-import.server");
            // imported_by_user_id stays empty: the operator has no user row.
            return importBankStatement(OPERATOR, { fileName: path.basename(file), content, currency: options.currency }, { onProgress });
          })
        );
        const lines = summaryLines(result, file);
        const locale = result.currency === "AUD" ? "en-AU" : "en-NZ";
        const reasons = result.lines.filter((line) => line.reason).map((line) => `Line ${line.fileLine}: ${line.reason}`);
        if (ui && finish) {
          await finish(
            <ui.Box flexDirection="column">
              <ui.Success>{lines[0]}</ui.Success>
              <ui.Box marginLeft={2}>
                <ui.ProgressBar percent={100} />
              </ui.Box>
              {lines.slice(1).map((line) => (
                <ui.Text key={line}>{`  ${line}`}</ui.Text>
              ))}
              <ui.Box marginTop={1} marginLeft={2} flexDirection="column">
                <ui.Table columns={lineColumns(locale, false)} rows={result.lines} />
                {reasons.map((reason) => (
                  <ui.Text key={reason} dimColor>
                    {reason}
                  </ui.Text>
                ))}
              </ui.Box>
            </ui.Box>
          );
          return;
        }
        await output.print({
          json: result,
          text: [...lines, "", formatTable(lineColumns(locale, true), result.lines)].join("\n"),
          ink: ({ Text }) => <Text>{lines.join("\n")}</Text>,
        });
      })
    );
}

/** A one-off command's result: the message and its fields (JSON with --json). */
async function printDone(output: ReturnType<typeof outputOf>, json: unknown, message: string, fields: FieldList) {
  await output.print({
    json,
    text: `${message}\n${formatFields(fields)}`,
    ink: ({ Box, Fields, Success }) => (
      <Box flexDirection="column">
        <Success>{message}</Success>
        <Box marginLeft={2}>
          <Fields fields={fields} />
        </Box>
      </Box>
    ),
  });
}

const RETURN_COLORS: Record<string, string> = { RETURNED: "green", ALREADY_RETURNED: "gray" };

function returnColumns(withReason: boolean): Column<ReturnLineResult>[] {
  const columns: Column<ReturnLineResult>[] = [
    { header: "Line", value: (line) => String(line.fileLine), align: "right" },
    { header: "Reference", value: (line) => line.reference, maxWidth: 18 },
    { header: "Amount", value: (line) => formatMoney(line.amount, "en-NZ"), align: "right" },
    { header: "Outcome", value: (line) => line.outcome, color: (line) => RETURN_COLORS[line.outcome] ?? "yellow" },
    { header: "Company", value: (line) => line.companyName ?? "", maxWidth: 24 },
  ];
  return withReason ? [...columns, { header: "Why", value: (line) => line.reason ?? "", maxWidth: 60 }] : columns;
}

/**
 * The admin /system screen's bank returns (docs/decisions/030), for operators: `bank:returns FILE` imports the bank's
 * returns file, `withdrawals:return WD12` marks one withdrawal returned, `deposits:return <id>` sends an unknown deposit
 * back to its sender. Each calls the same service as the web, as the operator.
 */
export function registerReturnCommands(program: Command) {
  program
    .command("bank:returns")
    .description("import the bank's returns file: each returned withdrawal's amount goes back to its company, once")
    .argument("<file>", "CSV file (Date, Reference, Amount; optional Reason): fixtures/bank-returns-sample.csv")
    .action(
      action(async (file: string, _options: unknown, command: Command) => {
        const output = outputOf(command);
        const content = readCsvFile(file, RETURN_MESSAGES.tooLarge);
        const result: ReturnsImportResult = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { importBankReturns } = await import("../../app/modules/ledger/returns.server");
          return importBankReturns(OPERATOR, { fileName: path.basename(file), content });
        });
        const { returnsImportSummary } = await import("../../app/modules/ledger/returns.server");
        const summary = returnsImportSummary(result);
        await output.print({
          json: result,
          text: [summary, "", formatTable(returnColumns(true), result.lines)].join("\n"),
          ink: ({ Box, Success, Table, Text }) => (
            <Box flexDirection="column">
              <Success>{summary}</Success>
              <Box marginTop={1} marginLeft={2} flexDirection="column">
                <Table columns={returnColumns(false)} rows={result.lines} />
                {result.lines
                  .filter((line) => line.reason)
                  .map((line) => (
                    <Text key={line.fileLine} dimColor>{`Line ${line.fileLine}: ${line.reason}`}</Text>
                  ))}
              </Box>
            </Box>
          ),
        });
      })
    );

  program
    .command("withdrawals:return")
    .description("mark a withdrawal the bank returned: its amount goes back to the company's Funds Available, once")
    .argument("<withdrawal>", "the withdrawal: WD12 or 12, as on the bank file")
    .option("--reason <reason>", "why the bank returned it", "")
    .action(
      action(async (withdrawal: string, rawOptions: { reason: string }, command: Command) => {
        const output = outputOf(command);
        const returned = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { returnWithdrawal } = await import("../../app/modules/ledger/returns.server");
          return returnWithdrawal(OPERATOR, withdrawal, { reason: rawOptions.reason });
        });
        await printDone(output, returned, returned.message, [
          ["Company", returned.companyName],
          ["Amount", formatMoney(returned.amount, returned.currency === "AUD" ? "en-AU" : "en-NZ")],
          ["Reason", returned.reason],
        ]);
      })
    );

  program
    .command("deposits:return")
    .description("return an unknown deposit nobody claimed for 30 days to its sender, in the next bank payment file")
    .argument("<deposit>", "the unknown deposit's id (as on the admin Topups page)")
    .requiredOption("--name <name>", "the name of the account it goes back to")
    .requiredOption("--account <number>", "the account number (NZ: 15 or 16 digits; AU: up to 9)")
    .option("--bsb <bsb>", "AU only: the six-digit BSB")
    .action(
      action(async (deposit: string, rawOptions: { name: string; account: string; bsb?: string }, command: Command) => {
        const output = outputOf(command);
        const returned = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { returnUnknownDeposit } = await import("../../app/modules/ledger/returns.server");
          return returnUnknownDeposit(OPERATOR, deposit, { accountName: rawOptions.name, accountNumber: rawOptions.account, bsb: rawOptions.bsb });
        });
        await printDone(output, returned, returned.message, [
          ["Reference", returned.reference],
          ["Account", `${returned.accountName} ${returned.details}`],
          ["Status", returned.status === "PENDING" ? "waiting for the next bank payment file" : "paid"],
        ]);
      })
    );
}
