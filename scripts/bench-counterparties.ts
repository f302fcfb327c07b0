/**
 * `npm run bench:counterparties [-- --only import,directory,merge] [-- --rows N]` (issue 15 part 8): on a throwaway
 * embedded PostgreSQL (temp data dir, migrated), runs each section in turn and prints its figures:
 * - import (scripts/bench-counterparties/import.ts): 100,000 counterparty rows imported for one company through the real
 *   import job, against a plain COPY of the same rows in the same run; peak memory through the run;
 * - further sections (the directory loader, a merge) are added to SECTIONS below: a section is a module exporting
 *   `(context: BenchContext) => Promise<void>` (scripts/bench-counterparties/context.ts), imported once the database is up.
 */
import { startBenchDatabase } from "./lib/bench-database";
import type { BenchSection } from "./bench-counterparties/context";

/** Name → loader of the section's function (loaded after DATABASE_URL is set: the sections import db/). */
const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  import: async () => (await import("./bench-counterparties/import")).benchImport,
};

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const chosen = onlyAt >= 0 ? args[onlyAt + 1].split(",") : Object.keys(SECTIONS);
for (const name of chosen) if (!SECTIONS[name]) throw new Error(`Unknown section "${name}": use ${Object.keys(SECTIONS).join(", ")}`);

const bench = await startBenchDatabase("bench-counterparties");

const { sequelize } = await import("../db/index");
const { migrate } = await import("../db/migrator");
try {
  await migrate(sequelize);
  for (const name of chosen) {
    console.log(`\n== ${name} ==`);
    const run = await SECTIONS[name]();
    await run({ databaseUrl: bench.url, tmpDir: bench.tmp, args, report: (line) => console.log(line) });
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await sequelize.close();
  await bench.remove();
}
