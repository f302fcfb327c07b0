/**
 * The operators' counterparty commands (issue 15 part 7): `counterparties:import FILE --company ID` (the web dialog's
 * import job, run in this process and recorded in `jobs`) and `companies:list` (the admin companies list).
 */
import type { Command } from "commander";
import { z } from "zod";
import { OPERATOR } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import type { CounterpartyImportResult } from "../../app/modules/counterparties/import.server";
import { COMPANY_STATUS_LABELS } from "../../app/modules/kyc/admin-schema";
import { formatTable, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { summaryFrame, withJobProgress } from "../ui/job-progress";
import { companyOrFail, PageOptionsSchema, pageOf, withPageOptions } from "./support";

const CompanyIdOption = z.coerce.number({ invalid_type_error: "must be a company id" }).int("must be a company id").positive("must be a company id");

const ImportOptions = z.object({ company: CompanyIdOption });

/** What the command prints; `--json` gives { success, failed, failedRows: [{ line, reasons }] } and the details. */
interface ImportSummary {
  jobId: string;
  file: string;
  success: number;
  failed: number;
  total: number;
  created: number;
  attached: number;
  updated: number;
  unchanged: number;
  failedRows: { line: number; reasons: string[] }[];
  /** failedRows holds the first rows only when this is true; the CSV has every one. */
  failedRowsTruncated: boolean;
  failedRowsFile: string | null;
}

function importLines(summary: ImportSummary): string[] {
  const lines = [
    `Imported ${summary.success} of ${summary.total} counterparties from ${summary.file} (job ${summary.jobId})`,
    `Success: ${summary.success}  Failed: ${summary.failed}  Created: ${summary.created}  Attached: ${summary.attached}  Updated: ${summary.updated}  Unchanged: ${summary.unchanged}`,
    ...summary.failedRows.map((row) => `  Line ${row.line}: ${row.reasons.join("; ")}`),
  ];
  if (summary.failedRowsTruncated) lines.push(`  and ${summary.failed - summary.failedRows.length} more`);
  if (summary.failedRowsFile) lines.push(`Failed rows written to ${summary.failedRowsFile}`);
  return lines;
}

/** The verification statuses (the /companies tabs), in the spec's order. */
const COMPANY_VERIFICATION_STATUSES = Object.keys(COMPANY_STATUS_LABELS);

const ListOptions = z.object({
  search: z.string().trim().max(100, "must be at most 100 characters").optional(),
  status: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => COMPANY_VERIFICATION_STATUSES.includes(value), {
      message: `must be one of ${COMPANY_VERIFICATION_STATUSES.join(", ")}`,
    })
    .optional(),
}).merge(PageOptionsSchema);

interface CompanyRow {
  id: number;
  companyName: string;
  country: string;
  verificationStatus: string;
}

const COMPANY_COLUMNS: Column<CompanyRow>[] = [
  { header: "Id", value: (row) => String(row.id), align: "right" },
  { header: "Name", value: (row) => row.companyName, maxWidth: 48 },
  { header: "Country", value: (row) => row.country },
  { header: "Verification", value: (row) => row.verificationStatus },
];

export function registerCounterpartyCommands(program: Command) {
  program
    .command("counterparties:import")
    .description("import a company's counterparties from a CSV file (the import_counterparties.csv template)")
    .argument("<file>", "CSV file")
    .requiredOption("--company <id>", "the company whose counterparties these are")
    .action(
      action(async (file: string, rawOptions: { company: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ImportOptions, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result: summary, finish } = await withJobProgress(ui, "counterparties:import", (onProgress) =>
          withDatabase(async (sequelize): Promise<ImportSummary> => {
            await assertMigrated(sequelize);
            const { counterpartyImportFailedPath, runCounterpartyImport, startCounterpartyImport } = await import(
              "../../app/modules/counterparties/import.server"
            );
            await companyOrFail(options.company);
            const job = await startCounterpartyImport(OPERATOR, options.company, { filePath: file });
            const done = await runCounterpartyImport(job.id, { onProgress });
            if (done.status !== "SUCCEEDED") throw new AppError(409, done.error ?? `The import is ${done.status}`, { code: "IMPORT_NOT_DONE" });
            const result = done.result as CounterpartyImportResult;
            return {
              jobId: done.id,
              file,
              success: result.success,
              failed: result.failed,
              total: result.total,
              created: result.created,
              attached: result.attached,
              updated: result.updated,
              unchanged: result.unchanged,
              failedRows: result.failedObjects.map((failure) => ({ line: failure.line, reasons: failure.reasons })),
              failedRowsTruncated: result.failedObjects.length < result.failed,
              failedRowsFile: counterpartyImportFailedPath(done.id),
            };
          })
        );
        const lines = importLines(summary);
        if (ui && finish) {
          await finish(summaryFrame(ui, lines));
          return;
        }
        await output.print({ json: summary, text: lines.join("\n"), ink: ({ Text }) => <Text>{lines.join("\n")}</Text> });
      })
    );

  withPageOptions(
    program
      .command("companies:list")
      .description("list companies (id, name, country, verification status), by name")
      .option("--search <name>", "only companies whose name contains this")
      .option("--status <status>", `only this verification status (${COMPANY_VERIFICATION_STATUSES.join(", ")})`),
    "companies"
  ).action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListOptions, rawOptions);
        const list = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { listCompanies } = await import("../../app/modules/kyc/admin.server");
          return listCompanies(OPERATOR, { companyName: options.search ?? null, verificationStatus: options.status ?? null, page: String(options.page), size: String(options.size) });
        });
        const companies: CompanyRow[] = list.companies.map(({ id, companyName, country, verificationStatus }) => ({ id, companyName, country, verificationStatus }));
        const footer = `${pageOf(list.page, list.totalElements, list.size)} (${list.totalElements} companies)`;
        const empty = options.search ? `No companies match "${options.search}"` : "No companies";
        await output.print({
          json: { page: list.page, size: list.size, totalElements: list.totalElements, companies },
          text: `${formatTable(COMPANY_COLUMNS, companies, empty)}\n${footer}`,
          ink: ({ Box, Table, Text }) => (
            <Box flexDirection="column">
              <Table columns={COMPANY_COLUMNS} rows={companies} empty={empty} />
              <Text dimColor>{footer}</Text>
            </Box>
          ),
        });
      })
    );
}
