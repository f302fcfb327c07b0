import { Command } from "commander";
import { registerAccountingCommands } from "./commands/accounting";
import { registerBankCommands, registerReturnCommands } from "./commands/bank";
import { registerCounterpartyCommands } from "./commands/counterparties";
import { registerCompanyConfigCommands } from "./commands/company-config";
import { registerDbCommands } from "./commands/db";
import { registerDocumentCommands } from "./commands/documents";
import { registerImportCommands } from "./commands/import";
import { registerInviteCodeCommands } from "./commands/invite-codes";
import { registerJobCommands } from "./commands/jobs";
import { registerMailCommands } from "./commands/mail";
import { registerStatementCommands } from "./commands/statements";
import { registerPeriodCommands } from "./commands/period";
import { registerMergeCommands } from "./commands/merge";
import { registerMatchingCommands } from "./commands/matching";
import { registerPurchaseOrderCommands } from "./commands/purchase-orders";
import { registerUserCommands } from "./commands/users";

/** The `earlybird` program: commands parse options, call module services, and render (GUIDE rule 15). */
export function createProgram(): Command {
  const program = new Command("earlybird")
    .description(
      "Earlybird operations: database, users, jobs and imports.\nUses DATABASE_URL, or the embedded PostgreSQL in <EARLYBIRD_DATA_DIR>/pg (default .data/pg)."
    )
    .option("--json", "print results as JSON (output to a pipe is plain text without it)")
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: false });
  registerDbCommands(program);
  registerUserCommands(program);
  registerInviteCodeCommands(program);
  registerJobCommands(program);
  registerMailCommands(program);
  registerImportCommands(program);
  registerBankCommands(program);
  registerReturnCommands(program);
  registerStatementCommands(program);
  registerCounterpartyCommands(program);
  registerPeriodCommands(program);
  registerMergeCommands(program);
  registerCompanyConfigCommands(program);
  registerDocumentCommands(program);
  registerMatchingCommands(program);
  registerPurchaseOrderCommands(program);
  registerAccountingCommands(program);
  return program;
}
