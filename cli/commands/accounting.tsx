import type { Command } from "commander";
import { operatorFor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  ACCOUNTING_PROVIDER_OPTIONS,
  AccountingDisconnectCliSchema,
  AccountingStatusCliSchema,
  AccountingSyncCliSchema,
  notConnectedMessage,
} from "../../app/modules/integrations/push/schema";
import type { AccountingStatus } from "../../app/modules/integrations/push/status.server";
import { formatFields, formatTable, formatTimestamp, type Column, type FieldList } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { companyOrFail } from "./support";

const PROVIDER_NAMES: Record<string, string> = { XERO: "Xero", MYOB_ESSENTIALS: "MYOB Essentials", MYOB_ACCOUNT_RIGHT: "MYOB AccountRight" };

function statusFields(status: AccountingStatus): FieldList {
  const live = status.connections.find((connection) => connection.status === "CONNECTED" || connection.status === "ERROR");
  const fields: FieldList = [["Company", String(status.companyId)]];
  if (!live) fields.push(["Connection", "not connected"]);
  else {
    fields.push(["Connection", `${PROVIDER_NAMES[live.provider] ?? live.provider} (${live.status})`]);
    fields.push([live.provider === "XERO" ? "Tenant" : "Company file", live.companyFileName ?? live.tenantName ?? "none"]);
    fields.push(["Connected at", live.connectedAt ? formatTimestamp(new Date(live.connectedAt)) : "unknown"]);
    fields.push(["Last sync", live.lastSyncAt ? formatTimestamp(new Date(live.lastSyncAt)) : "never"]);
    fields.push(["Accounts mapped", live.accountsConfigured ? "yes" : "no"]);
    if (live.lastError) fields.push(["Connection error", live.lastError]);
  }
  fields.push(["Synced", `${status.synced.bills} bills, ${status.synced.invoices} invoices, ${status.synced.contacts} contacts`]);
  fields.push(["Pushes", `${status.pushes.pending} pending, ${status.pushes.failed} failed, ${status.pushes.done} done`]);
  for (const error of status.lastErrors) fields.push([`Error ${formatTimestamp(new Date(error.at))}`, `${error.kind}: ${error.message}`]);
  return fields;
}

interface SummaryRow {
  kind: string;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}
const SUMMARY_COLUMNS: Column<SummaryRow>[] = [
  { header: "Kind", value: (row) => row.kind },
  { header: "Created", value: (row) => String(row.created), align: "right" },
  { header: "Updated", value: (row) => String(row.updated), align: "right" },
  { header: "Skipped", value: (row) => String(row.skipped), align: "right" },
  { header: "Failed", value: (row) => String(row.failed), align: "right", color: (row) => (row.failed > 0 ? "red" : undefined) },
];

/** The company's live connection's provider, or exit 1 with the not-connected message. */
async function liveProviderOrFail(companyId: number): Promise<string> {
  const { liveConnection } = await import("../../app/modules/integrations/connections.server");
  const connection = await liveConnection(companyId);
  if (!connection) throw new AppError(409, notConnectedMessage(companyId), { code: "NOT_CONNECTED" });
  return connection.provider;
}

/**
 * `earlybird accounting:status`, `accounting:sync` and `accounting:disconnect` (issue 18 part 6): the operator acting
 * for one company (operatorFor), through the integrations' services as the web's Connected apps does.
 */
export function registerAccountingCommands(program: Command) {
  program
    .command("accounting:status")
    .description("a company's Xero or MYOB connection, last sync, synced records, pending and failed pushes, last errors")
    .requiredOption("--company <id>", "the company's id")
    .action(
      action(async (rawOptions: { company: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(AccountingStatusCliSchema, rawOptions);
        const status = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          await companyOrFail(options.company);
          const { accountingStatus } = await import("../../app/modules/integrations/push/status.server");
          return accountingStatus(operatorFor(options.company));
        });
        const fields = statusFields(status);
        await output.print({ json: status, text: formatFields(fields), ink: ({ Fields }) => <Fields fields={fields} /> });
      })
    );

  program
    .command("accounting:sync")
    .description("load a company's contacts, bills, invoices, accounts and purchase orders from Xero or MYOB now")
    .requiredOption("--company <id>", "the company's id")
    .option("--full", "load everything again, not only what changed since the last sync")
    .action(
      action(async (rawOptions: { company: string; full?: boolean }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(AccountingSyncCliSchema, { ...rawOptions, full: Boolean(rawOptions.full) });
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result: summary, finish } = await withJobProgress(ui, `accounting:sync${options.full ? " --full" : ""}`, (onProgress) =>
          withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            await companyOrFail(options.company);
            await liveProviderOrFail(options.company);
            const { runAccountingSyncNow } = await import("../../app/modules/integrations/sync/service.server");
            return runAccountingSyncNow(operatorFor(options.company), { full: options.full, onProgress });
          })
        );
        const rows: SummaryRow[] = Object.entries(summary.kinds).map(([kind, counts]) => ({ kind, ...counts }));
        const headline = `Synced ${PROVIDER_NAMES[summary.provider] ?? summary.provider} for company ${options.company} (${summary.calls} API calls)`;
        const text = `${headline}\n${formatTable(SUMMARY_COLUMNS, rows)}`;
        if (ui && finish) {
          await finish(
            <ui.Box flexDirection="column">
              <ui.Success>{headline}</ui.Success>
              <ui.Table columns={SUMMARY_COLUMNS} rows={rows} />
            </ui.Box>
          );
          return;
        }
        await output.print({ json: { companyId: options.company, ...summary }, text, ink: ({ Text }) => <Text>{text}</Text> });
      })
    );

  program
    .command("accounting:disconnect")
    .description("disconnect a company from Xero or MYOB: revokes the token; synced records stay")
    .requiredOption("--company <id>", "the company's id")
    .option("--provider <name>", "xero, myob-essentials or myob-accountright (default: the live connection)")
    .option("-y, --yes", "do not ask for confirmation")
    .action(
      action(async (rawOptions: { company: string; provider?: string; yes?: boolean }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(AccountingDisconnectCliSchema, { ...rawOptions, yes: Boolean(rawOptions.yes) });
        const result = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const company = await companyOrFail(options.company);
          const provider = options.provider ? ACCOUNTING_PROVIDER_OPTIONS[options.provider] : await liveProviderOrFail(options.company);
          const name = PROVIDER_NAMES[provider] ?? provider;
          if (!options.yes) {
            if (!output.interactive) throw new AppError(400, "accounting:disconnect needs a confirmation: pass --yes.", { code: "CONFIRMATION_REQUIRED" });
            const ui = await loadUi();
            if (!(await ui.confirm(`Disconnect ${company.name} (${options.company}) from ${name}?`))) return null;
          }
          const { disconnect } = await import("../../app/modules/integrations/connections.server");
          await disconnect(operatorFor(options.company), provider as Parameters<typeof disconnect>[1]);
          return { companyId: options.company, provider, disconnected: true, name };
        });
        if (!result) {
          await output.print({ json: { disconnected: false }, text: "Cancelled: nothing changed.", ink: ({ Warning }) => <Warning>Cancelled: nothing changed.</Warning> });
          return;
        }
        const text = `Company ${result.companyId} disconnected from ${result.name}`;
        await output.print({ json: { companyId: result.companyId, provider: result.provider, disconnected: true }, text, ink: ({ Success }) => <Success>{text}</Success> });
      })
    );
}
