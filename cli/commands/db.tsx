import path from "node:path";
import type { Command } from "commander";
import { AppError } from "../../app/lib/errors";
import { isProduction } from "../../app/lib/env.server";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../app/modules/auth/demo-logins";
import { action, loadUi, outputOf, projectRoot, withDatabase } from "../runtime";

export function registerDbCommands(program: Command) {
  program
    .command("db:migrate")
    .description("apply pending database migrations and list them")
    .action(
      action(async (_options: object, command: Command) => {
        const output = outputOf(command);
        const applied = await withDatabase(async (sequelize) => {
          const { migrate } = await import("../../db/migrator");
          return migrate(sequelize);
        });
        await output.print({
          json: { applied },
          text: applied.length ? [`Applied ${applied.length} migration(s):`, ...applied.map((name) => `  ${name}`)].join("\n") : "No pending migrations.",
          ink: ({ Box, Info, Success, Text }) =>
            applied.length ? (
              <Box flexDirection="column">
                <Success>{`Applied ${applied.length} migration(s)`}</Success>
                {applied.map((name) => (
                  <Text key={name} dimColor>{`  ${name}`}</Text>
                ))}
              </Box>
            ) : (
              <Info>No pending migrations.</Info>
            ),
        });
      }),
    );

  program
    .command("db:seed")
    .description("apply pending migrations, then load the demo data if the database is empty")
    .action(
      action(async (_options: object, command: Command) => {
        const output = outputOf(command);
        const { applied, seeded } = await withDatabase(async (sequelize) => {
          const { migrate } = await import("../../db/migrator");
          const { seedDemoDataIfEmpty } = await import("../../db/seed/index");
          const migrations = await migrate(sequelize);
          return { applied: migrations, seeded: await seedDemoDataIfEmpty() };
        });
        const logins = DEMO_LOGINS.map((login) => `  ${login.email.padEnd(26)} ${login.label}`);
        await output.print({
          json: { applied, seeded, demoLogins: seeded ? DEMO_LOGINS.map((login) => login.email) : [] },
          text: [
            ...(applied.length ? [`Applied ${applied.length} migration(s).`] : []),
            seeded ? `Seeded demo data. Logins (password ${DEMO_PASSWORD}):\n${logins.join("\n")}` : "The database is not empty: no demo data added.",
          ].join("\n"),
          ink: ({ Box, Info, Success, Text }) => (
            <Box flexDirection="column">
              {applied.length ? <Success>{`Applied ${applied.length} migration(s)`}</Success> : null}
              {seeded ? (
                <>
                  <Success>{`Seeded demo data. Logins (password ${DEMO_PASSWORD}):`}</Success>
                  {logins.map((line) => (
                    <Text key={line} dimColor>
                      {line}
                    </Text>
                  ))}
                </>
              ) : (
                <Info>The database is not empty: no demo data added.</Info>
              )}
            </Box>
          ),
        });
      }),
    );

  program
    .command("db:reset")
    .description("drop and recreate the schema, migrate, and seed the demo data (never in production)")
    .option("-y, --yes", "do not ask for confirmation")
    .action(
      action(async (options: { yes?: boolean }, command: Command) => {
        const output = outputOf(command);
        if (isProduction()) throw new AppError(403, "db:reset is refused when APP_ENV=production.", { code: "FORBIDDEN" });
        if (!options.yes) {
          if (!output.interactive) throw new AppError(400, "db:reset deletes every row: pass --yes to confirm.", { code: "CONFIRMATION_REQUIRED" });
          const ui = await loadUi();
          if (!(await ui.confirm(`Delete everything in ${describeTarget()} and reload the demo data?`))) {
            await ui.renderOnce(<ui.Warning>Cancelled: nothing changed.</ui.Warning>);
            return;
          }
        }
        await withDatabase(async () => {
          const { resetDatabase } = await import("../../db/seed/index");
          await resetDatabase();
        });
        await output.print({
          json: { reset: true, seeded: true },
          text: "Database reset: schema recreated, migrations applied, demo data seeded.",
          ink: ({ Success }) => <Success>Database reset: schema recreated, migrations applied, demo data seeded.</Success>,
        });
      }),
    );
}

/** Names the database about to be wiped without printing its password. */
function describeTarget(): string {
  const url = process.env.DATABASE_URL;
  if (url) {
    const parsed = new URL(url);
    return `database "${parsed.pathname.slice(1)}" on ${parsed.host}`;
  }
  const dataDir = path.resolve(projectRoot, process.env.EARLYBIRD_DATA_DIR ?? ".data", "pg");
  return `the embedded database in ${path.relative(process.cwd(), dataDir) || dataDir}`;
}
