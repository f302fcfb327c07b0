import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { AppError } from "../../app/lib/errors";
import { operatorFor } from "../../app/lib/actor";
import type { StatementListRow } from "../../app/modules/statements/service.server";
import { formatTable, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { CompanyIdOption, companyOrFail, finishJob } from "./support";

/**
 * Support staff's statements (issue 15 part 7): the same statements as the web's Account > Statements, through the same
 * service. `statements:generate` asks for an ended month's statement (a queued STATEMENT job, run here in process and
 * recorded in `jobs` like the web's) or takes the month to date, and writes it as CSV or PDF.
 */

const MonthOption = z
  .string({ required_error: "Month is required (YYYY-MM)" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be YYYY-MM, e.g. 2026-10");

const GenerateSchema = z.object({
  company: CompanyIdOption,
  month: MonthOption,
  format: z.enum(["csv", "pdf"], { errorMap: () => ({ message: "Format must be csv or pdf" }) }),
  out: z.string().trim().min(1).optional(),
});

const ListSchema = z.object({
  company: CompanyIdOption,
  page: z.coerce.number({ invalid_type_error: "Page must be a number" }).int("Page must be a whole number").min(1, "Page must be 1 or more").default(1),
});

interface GeneratedStatement {
  companyId: number;
  month: string;
  format: "csv" | "pdf";
  statementId: number | null;
  jobId: string | null;
  monthToDate: boolean;
  file: string;
  bytes: number;
}

const STATUS_TEXT: Record<StatementListRow["status"], string> = {
  GENERATED: "Generated",
  PENDING: "Pending",
  FAILED: "Failed",
  NOT_GENERATED: "Not generated",
};

export function registerStatementCommands(program: Command) {
  program
    .command("statements:generate")
    .description("write a company's statement for a month as CSV or PDF (an ended month is generated first; the current month is the month to date)")
    .requiredOption("--company <id>", "the company's id")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--format <format>", "csv or pdf", "pdf")
    .option("--out <file>", "where to write it (default statement-YYYY-MM.<format> in the current directory)")
    .action(
      action(async (rawOptions: { company: string; month: string; format: string; out?: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(GenerateSchema, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result, finish } = await withJobProgress(ui, `statement ${options.month}`, (onProgress) =>
          withDatabase(async (sequelize): Promise<GeneratedStatement> => {
            await assertMigrated(sequelize);
            const company = await companyOrFail(options.company);
            const statements = await import("../../app/modules/statements/service.server");
            const actor = operatorFor(company.id);
            const monthToDate = options.month === company.today.slice(0, 7);
            let statementId: number | null = null;
            let jobId: string | null = null;
            if (!monthToDate) {
              // An ended month: the web's request (refusals such as a future month come from the service), then its job here.
              const requested = await statements.requestStatement(actor, { month: options.month });
              statementId = requested.statementId;
              jobId = requested.jobId;
              if (requested.status !== "GENERATED" && requested.jobId) {
                const done = await finishJob(requested.jobId, (id) => statements.runStatementJob(id, { onProgress }), onProgress);
                if (done.status !== "SUCCEEDED") throw new AppError(409, done.error ?? `The statement job is ${done.status}`, { code: "STATEMENT_NOT_GENERATED" });
              }
            }
            const ref = statementId ?? "current";
            const file = options.format === "csv" ? await statements.statementCsv(actor, ref) : await statements.statementPdfFile(actor, ref);
            const target = path.resolve(options.out ?? file.fileName);
            fs.mkdirSync(path.dirname(target), { recursive: true });
            const body = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
            fs.writeFileSync(target, body);
            onProgress(100);
            return { companyId: company.id, month: options.month, format: options.format, statementId, jobId, monthToDate, file: target, bytes: body.length };
          })
        );
        const text = `Wrote the ${result.monthToDate ? "month-to-date " : ""}statement for ${result.month} (${result.format.toUpperCase()}, ${result.bytes} bytes) to ${result.file}${
          result.jobId ? ` (statement ${result.statementId}, job ${result.jobId})` : ""
        }`;
        if (ui && finish) {
          await finish(<ui.Success>{text}</ui.Success>);
          return;
        }
        await output.print({ json: result, text, ink: ({ Success }) => <Success>{text}</Success> });
      })
    );

  program
    .command("statements:list")
    .description("list a company's monthly statements (every ended month since its first, newest first, 25 a page)")
    .requiredOption("--company <id>", "the company's id")
    .option("--page <n>", "page (25 months a page)", "1")
    .action(
      action(async (rawOptions: { company: string; page: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListSchema, rawOptions);
        const list = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const company = await companyOrFail(options.company);
          const { listStatements } = await import("../../app/modules/statements/service.server");
          const { formatMoney } = await import("../../app/lib/money");
          const result = await listStatements(operatorFor(company.id), { page: options.page });
          const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents as never, result.locale));
          return { ...result, companyId: company.id, companyName: company.name, money: result.rows.map((row) => [money(row.openingBalance), money(row.closingBalance)]) };
        });
        const rows = list.rows.map((row, index) => ({ ...row, opening: list.money[index][0], closing: list.money[index][1] }));
        const columns: Column<(typeof rows)[number]>[] = [
          { header: "Month", value: (row) => row.month },
          { header: "Statement", value: (row) => row.label },
          { header: "Status", value: (row) => STATUS_TEXT[row.status] },
          { header: "Id", value: (row) => (row.statementId === null ? "" : String(row.statementId)), align: "right" },
          { header: "Opening", value: (row) => row.opening, align: "right" },
          { header: "Closing", value: (row) => row.closing, align: "right" },
        ];
        const empty = `No ended month yet: the month to date is ${list.currentMonthLabel}.`;
        const heading = `${list.companyName}: ${list.total} month(s), page ${list.page}`;
        await output.print({
          json: { companyId: list.companyId, total: list.total, page: list.page, size: list.size, rows: list.rows },
          text: `${heading}\n${formatTable(columns, rows, empty)}`,
          ink: ({ Table, Text, Box }) => (
            <Box flexDirection="column">
              <Text bold>{heading}</Text>
              <Table columns={columns} rows={rows} empty={empty} />
            </Box>
          ),
        });
      })
    );
}
