import type { Command } from "commander";
import { z } from "zod";
import { operatorFor } from "../../app/lib/actor";
import { formatMoney } from "../../app/lib/money";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { CompanyIdOption, companyOrFail, finishJob } from "./support";

const RematchSchema = z.object({ company: CompanyIdOption });
const ToleranceSchema = z.object({ company: CompanyIdOption, amount: z.string().trim().min(1) });

/**
 * `earlybird documents:rematch` and `settings:tolerance` (issue 16 part 4-5; docs/decisions/044): the DOCUMENTS_REMATCH
 * job run here with its progress, and the company's authorisation tolerance (dollars) matching compares amounts with.
 */
export function registerMatchingCommands(program: Command) {
  program
    .command("documents:rematch")
    .description("match again a company's documents waiting for a purchase order (No PO Match) and those sent for review")
    .requiredOption("--company <id>", "the company's id")
    .action(
      action(async (rawOptions: { company: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(RematchSchema, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result: job, finish } = await withJobProgress(ui, "documents:rematch", (onProgress) =>
          withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            await companyOrFail(options.company);
            const { enqueueDocumentsRematch, runDocumentsRematch } = await import("../../app/modules/matching/service.server");
            const queued = await enqueueDocumentsRematch(options.company);
            return finishJob(queued.id, (id) => runDocumentsRematch(id, { onProgress }), onProgress);
          })
        );
        const result = (job.result ?? { total: 0, changed: 0, authorised: 0 }) as { total: number; changed: number; authorised: number };
        const text = `${result.total} documents matched again: ${result.changed} changed, ${result.authorised} became bills (job ${job.id})`;
        if (ui && finish) {
          await finish(<ui.Success>{text}</ui.Success>);
          return;
        }
        await output.print({ json: { jobId: job.id, status: job.status, ...result }, text, ink: ({ Success }) => <Success>{text}</Success> });
      })
    );

  program
    .command("settings:tolerance")
    .description("set a company's authorisation tolerance in dollars (default 5.00): bills further from their purchase order are variances")
    .requiredOption("--company <id>", "the company's id")
    .requiredOption("--amount <dollars>", "the tolerance, e.g. 5.00")
    .action(
      action(async (rawOptions: { company: string; amount: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ToleranceSchema, rawOptions);
        const result = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { updateAuthorisationTolerance } = await import("../../app/modules/entity-preferences/service.server");
          return updateAuthorisationTolerance(operatorFor(options.company), options.company, options.amount);
        });
        const text = `Authorisation tolerance of company ${result.companyId}: ${formatMoney(result.authorisationTolerance)}`;
        await output.print({ json: result, text, ink: ({ Success }) => <Success>{text}</Success> });
      })
    );
}
