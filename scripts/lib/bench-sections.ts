/**
 * The runner of a sectioned benchmark (`npm run bench:counterparties`, `npm run bench:documents`): `--only a,b` picks
 * sections; a throwaway database (bench-database.ts) is started and migrated, each section is loaded (after
 * DATABASE_URL is set: sections import db/) and run with the context, then everything is closed and the process exits.
 */
import { startBenchDatabase } from "./bench-database";

export type BenchContext = { databaseUrl: string; tmpDir: string; args: string[]; report: (line: string) => void };
export type BenchSection = (context: BenchContext) => Promise<void>;

export async function runBenchSections(name: string, sections: Record<string, () => Promise<BenchSection>>): Promise<never> {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf("--only");
  const chosen = onlyAt >= 0 ? args[onlyAt + 1].split(",") : Object.keys(sections);
  for (const section of chosen) if (!sections[section]) throw new Error(`Unknown section "${section}": use ${Object.keys(sections).join(", ")}`);

  const bench = await startBenchDatabase(name);
  const { sequelize } = await import("../../db/index");
  const { migrate } = await import("../../db/migrator");
  try {
    await migrate(sequelize);
    for (const section of chosen) {
      console.log(`\n== ${section} ==`);
      const run = await sections[section]();
      await run({ databaseUrl: bench.url, tmpDir: bench.tmp, args, report: (line) => console.log(line) });
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await sequelize.close();
    await bench.remove();
  }
  // A section that threw may leave a client, a timer or a worker open: the bench ends here either way.
  process.exit(process.exitCode ?? 0);
}
