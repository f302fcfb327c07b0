import type { Command } from "commander";
import { operatorFor } from "../../app/lib/actor";
import { PeriodLockCliSchema, PeriodStatusCliSchema } from "../../app/modules/period-lock/schema";
import type { PeriodStatus } from "../../app/modules/period-lock/service.server";
import { formatFields, type FieldList } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { companyOrFail } from "./support";

function statusFields(status: PeriodStatus): FieldList {
  return [
    ["Company", String(status.companyId)],
    ...(status.counterpartyId !== null ? ([["Counterparty", `${status.counterpartyId}${status.counterpartyLocks ? "" : " (counterparty locks are off)"}`]] as FieldList) : []),
    ["Lock date", status.lockDate ?? "none"],
    ["Last locked month", status.lastLockedMonth ?? "none"],
    ["Next lockable month", status.nextLockableMonth ?? `none (${status.currentMonth} is in progress)`],
  ];
}

/**
 * `earlybird period:lock` and `period:status` (issue 15 part 7; p3 §4.10): the web's lock, run in this process and
 * recorded as a PERIOD_LOCK job; a refusal ('Period is already locked', 'Active period can not be locked', an unknown
 * company or counterparty) prints the message and exits 1.
 */
export function registerPeriodCommands(program: Command) {
  program
    .command("period:lock")
    .description("lock a month of a company's (or one counterparty's) bills: nothing dated in it can be added or changed")
    .requiredOption("--company <id>", "the company's id")
    .requiredOption("--month <YYYY-MM>", "the month to lock: the one after the last locked month, before the current one")
    .option("--counterparty <id>", "lock this counterparty's period (a counterparties id of the company) instead of the company's")
    .action(
      action(async (rawOptions: { company: string; month: string; counterparty?: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(PeriodLockCliSchema, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result, finish } = await withJobProgress(ui, `period:lock ${options.month}`, (onProgress) =>
          withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            await companyOrFail(options.company);
            const { lockPeriod } = await import("../../app/modules/period-lock/service.server");
            return lockPeriod(operatorFor(options.company), options.company, { month: options.month, counterpartyId: options.counterparty ?? null }, { onProgress });
          })
        );
        const text = `${result.message} (lock date ${result.lockDate}, job ${result.jobId})`;
        if (ui && finish) {
          await finish(<ui.Success>{text}</ui.Success>);
          return;
        }
        await output.print({ json: result, text, ink: ({ Success }) => <Success>{text}</Success> });
      })
    );

  program
    .command("period:status")
    .description("a company's (or one counterparty's) lock date, last locked month and next lockable month")
    .requiredOption("--company <id>", "the company's id")
    .option("--counterparty <id>", "a counterparties id of the company")
    .action(
      action(async (rawOptions: { company: string; counterparty?: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(PeriodStatusCliSchema, rawOptions);
        const status = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          await companyOrFail(options.company);
          const { periodStatus } = await import("../../app/modules/period-lock/service.server");
          return periodStatus(operatorFor(options.company), options.company, options.counterparty ?? null);
        });
        const fields = statusFields(status);
        await output.print({ json: status, text: formatFields(fields), ink: ({ Fields }) => <Fields fields={fields} /> });
      })
    );
}
