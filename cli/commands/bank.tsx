import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { AppError } from "../../app/lib/errors";
import { formatDate } from "../../app/lib/dates";
import { formatMoney, type Cents } from "../../app/lib/money";
import { BankImportCliSchema, MAX_STATEMENT_BYTES, STATEMENT_MESSAGES } from "../../app/modules/ledger/top-ups.schema";
import type { StatementImportResult, StatementLineResult } from "../../app/modules/ledger/statement-import.server";

import { formatTable, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";

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
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (!stat?.isFile()) throw new AppError(404, `File not found: ${file}`, { code: "NOT_FOUND" });
        if (stat.size > MAX_STATEMENT_BYTES) throw new AppError(413, STATEMENT_MESSAGES.tooLarge, { code: "VALIDATION" });
        const content = fs.readFileSync(file, "utf8");
        const ui = output.mode === "ink" ? await loadUi() : null;
        const name = "bank:import";
        const live = ui ? ui.renderLive(<ui.JobRun name={name} percent={0} />) : null;
        let percent = 0;
        let result: StatementImportResult;
        try {
          result = await withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            const { importBankStatement } = await import("../../app/modules/ledger/statement-import.server");
            // The operator acts as Earlybird itself: an admin without a user row (imported_by_user_id stays empty).
            const actor = { userId: 0, companyId: null, roles: ["ROLE_ADMIN" as const] };
            return importBankStatement(
              actor,
              { fileName: path.basename(file), content, currency: options.currency },
              {
                onProgress: (value) => {
                  percent = value;
                  if (ui) live?.update(<ui.JobRun name={name} percent={value} />);
                },
              }
            );
          });
        } catch (error) {
          if (ui) await live?.finish(<ui.JobRun name={name} percent={percent} failed />);
          throw error;
        }
        const lines = summaryLines(result, file);
        const locale = result.currency === "AUD" ? "en-AU" : "en-NZ";
        const reasons = result.lines.filter((line) => line.reason).map((line) => `Line ${line.fileLine}: ${line.reason}`);
        if (ui && live) {
          await live.finish(
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
