import type { Command } from "commander";
import { AppError } from "../../app/lib/errors";
import { ImportCliSchema, type ImportKind } from "../../app/modules/invoices/import-rules";
import type { ImportResult } from "../../app/modules/invoices/import.server";
import type { JobView } from "../../app/modules/jobs/service.server";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { summaryFrame, withJobProgress } from "../ui/job-progress";
import { operatorFor } from "../../app/lib/actor";
import { companyOrFail } from "./support";

const KINDS: Record<string, ImportKind> = { invoices: "INVOICE", bills: "BILL" };

interface ImportSummary {
  jobId: string;
  kind: ImportKind;
  file: string;
  success: number;
  total: number;
  failed: number;
  warnings: number;
  duplicates: number;
  failedRowsFile: string | null;
  duplicatesFile: string | null;
  failedInvoices: ImportResult["failedInvoices"];
  warningInvoices: ImportResult["warningInvoices"];
}

function summaryLines(summary: ImportSummary): string[] {
  const noun = summary.kind === "BILL" ? "bills" : "invoices";
  const lines = [
    `Imported ${summary.success} of ${summary.total} ${noun} from ${summary.file} (job ${summary.jobId})`,
    `Success: ${summary.success}  Total: ${summary.total}  Failed: ${summary.failed}  Warnings: ${summary.warnings}  Duplicates: ${summary.duplicates}`,
  ];
  if (summary.failedRowsFile) lines.push(`Failed rows written to ${summary.failedRowsFile}`);
  if (summary.duplicatesFile) lines.push(`Duplicates written to ${summary.duplicatesFile}`);
  return lines;
}

/** `earlybird import invoices|bills FILE --company ID`: the web's import job, run in this process for one company. */
export function registerImportCommands(program: Command) {
  program
    .command("import")
    .description("import approved invoices or bills from a CSV file (Earlybird template or accounting export)")
    .argument("<kind>", "invoices or bills")
    .argument("<file>", "CSV file")
    .requiredOption("--company <id>", "the importing company's id")
    .option("--format <format>", "earlybird or accounting", "earlybird")
    .option("--xero", "create the bills in Xero (needs a Xero connection and order numbers)", false)
    .action(
      action(async (kindName: string, file: string, rawOptions: { company: string; format: string; xero: boolean }, command: Command) => {
        const output = outputOf(command);
        const kind = KINDS[kindName];
        if (!kind) throw new AppError(400, `Unknown kind "${kindName}": use invoices or bills`, { code: "INVALID_OPTION" });
        const options = parseOptions(ImportCliSchema, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const name = `import ${kindName}`;
        const { result: summary, finish } = await withJobProgress(ui, name, (onProgress) =>
          withDatabase(async (sequelize): Promise<ImportSummary> => {
            await assertMigrated(sequelize);
            // The company first, through the service (the CLI reads no model), with the id in the message.
            await companyOrFail(options.company);
            const { importResultPath, runImport, startImport } = await import("../../app/modules/invoices/import.server");
            // The operator acts for the company (no user row).
            const actor = operatorFor(options.company);
            const job = await startImport(actor, { kind, format: options.format, filePath: file, createInXero: options.xero });
            const done: JobView = await runImport(job.id, { onProgress });
            if (done.status !== "SUCCEEDED") throw new AppError(409, done.error ?? `The import is ${done.status}`, { code: "IMPORT_NOT_DONE" });
            const result = done.result as ImportResult;
            return {
              jobId: done.id,
              kind,
              file,
              success: result.success,
              total: result.total,
              failed: result.failed,
              warnings: result.warnings,
              duplicates: result.duplicates,
              failedRowsFile: importResultPath(done.id, "failed"),
              duplicatesFile: importResultPath(done.id, "duplicates"),
              failedInvoices: result.failedInvoices,
              warningInvoices: result.warningInvoices,
            };
          })
        );
        const lines = summaryLines(summary);
        if (ui && finish) {
          await finish(summaryFrame(ui, lines));
          return;
        }
        await output.print({
          json: summary,
          text: lines.join("\n"),
          ink: ({ Text }) => <Text>{lines.join("\n")}</Text>,
        });
      })
    );
}
