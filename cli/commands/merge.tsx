import type { Command } from "commander";
import { OPERATOR } from "../../app/lib/actor";
import { AppError, isAppError } from "../../app/lib/errors";
import { INVALID_REASON_TEXT } from "../../app/modules/merge/rules";
import { MergeCliSchema, counterpartyNotFoundFor } from "../../app/modules/merge/schema";
import type { MergePlan } from "../../app/modules/merge/plan.server";
import type { MergeResult } from "../../app/modules/merge/service.server";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { companyOrFail } from "./support";

type Counts = Pick<MergePlan, "validBillCount" | "validInvoiceCount" | "validCreditNoteCount" | "invalidBillCount" | "invalidInvoiceCount" | "invalidCreditNoteCount">;

function countLines(counts: Counts): string[] {
  return [
    `Bills: ${counts.validBillCount} valid, ${counts.invalidBillCount} invalid`,
    `Invoices: ${counts.validInvoiceCount} valid, ${counts.invalidInvoiceCount} invalid`,
    `Credit notes: ${counts.validCreditNoteCount} valid, ${counts.invalidCreditNoteCount} invalid`,
  ];
}

function planLines(plan: MergePlan): string[] {
  return [
    `Merge plan: ${plan.fromCompanyName} (counterparty ${plan.fromEntityId}) into ${plan.toCompanyName} (counterparty ${plan.toEntityId}) for company ${plan.rootCounterPartyEntityId}`,
    ...countLines(plan).map((line) => `  ${line}`),
    ...plan.invalidItems.map((item) => `  Stays: ${item.kind === "CREDIT_NOTE" ? "credit note" : item.kind.toLowerCase()} ${item.number}: ${INVALID_REASON_TEXT[item.reason]}`),
  ];
}

function resultLines(jobId: string, result: MergeResult): string[] {
  return [
    `Successfully merged ${result.fromCompanyName} into ${result.toCompanyName} (job ${jobId})`,
    ...countLines(result).map((line) => `  ${line}`),
    `  Purchase orders moved: ${result.purchaseOrdersMoved}  Bill documents moved: ${result.billDocumentsMoved}`,
    `  Settings taken from ${result.fromCompanyName}: ${result.settingsFolded.length ? result.settingsFolded.join(", ") : "none"}`,
    result.fromRemoved ? `  Counterparty ${result.fromEntityId} removed` : `  Counterparty ${result.fromEntityId} kept: invalid items stay on it`,
  ];
}

/**
 * `earlybird counterparties:merge --company ID --from CPID --into CPID [--dry-run]`: the admin's merge (p2 §4; issue 15
 * part 6) for the operator. Prints the plan, then (without --dry-run) runs the merge job in this process, recorded in
 * `jobs` like the web's, with Ink progress on a terminal. `--json` gives `{ plan, job, result }`.
 */
export function registerMergeCommands(program: Command) {
  program
    .command("counterparties:merge")
    .description("merge one counterparty of a company into another (bills, invoices, credit notes, contacts); --dry-run shows the plan only")
    .requiredOption("--company <id>", "the root company whose counterparties they are")
    .requiredOption("--from <counterpartyId>", "the counterparty to merge (the duplicate)")
    .requiredOption("--into <counterpartyId>", "the counterparty to keep")
    .option("--dry-run", "print the plan and change nothing", false)
    .action(
      action(async (rawOptions: { company: string; from: string; into: string; dryRun: boolean }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(MergeCliSchema, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const merge = await import("../../app/modules/merge/service.server");
          await companyOrFail(options.company);
          // Each counterparty through the service, so the message names the id that is wrong.
          for (const counterpartyId of [options.from, options.into]) {
            await merge.getMergeSource(OPERATOR, options.company, counterpartyId).catch((error: unknown) => {
              throw isAppError(error) && error.status === 404 ? new AppError(404, counterpartyNotFoundFor(counterpartyId, options.company), { code: "NOT_FOUND" }) : error;
            });
          }
          const plan = await merge.mergePlan(OPERATOR, options.company, options.from, options.into);
          if (options.dryRun) {
            await output.print({ json: { plan, job: null, result: null }, text: planLines(plan).join("\n"), ink: ({ Text }) => <Text>{planLines(plan).join("\n")}</Text> });
            return;
          }
          if (output.mode === "text") process.stdout.write(`${planLines(plan).join("\n")}\n`);
          if (ui) await ui.renderOnce(<ui.Text>{planLines(plan).join("\n")}</ui.Text>);
          const { result: done, finish } = await withJobProgress(ui, "counterparties:merge", async (onProgress) => {
            const job = await merge.startMerge(OPERATOR, { companyId: options.company, fromCounterpartyId: options.from, toCounterpartyId: options.into }, { runSoon: false });
            const finished = await merge.runMerge(job.id, { onProgress });
            if (finished.status !== "SUCCEEDED") throw new AppError(409, finished.error ?? `The merge is ${finished.status}`, { code: "MERGE_NOT_DONE" });
            return finished;
          });
          const result = done.result as MergeResult;
          const lines = resultLines(done.id, result);
          if (ui && finish) {
            await finish(
              <ui.Box flexDirection="column">
                <ui.Success>{lines[0]}</ui.Success>
                <ui.Box marginLeft={2}>
                  <ui.ProgressBar percent={100} />
                </ui.Box>
                {lines.slice(1).map((line) => (
                  <ui.Text key={line}>{line}</ui.Text>
                ))}
              </ui.Box>
            );
            return;
          }
          await output.print({
            json: { plan, job: { id: done.id, status: done.status }, result },
            text: lines.join("\n"),
            ink: ({ Text }) => <Text>{lines.join("\n")}</Text>,
          });
        });
      })
    );
}
