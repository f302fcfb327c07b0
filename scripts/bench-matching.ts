/**
 * `npx tsx scripts/bench-matching.ts [-- --documents N --orders N]`: the matching section of bench:documents run on its
 * own (a throwaway embedded PostgreSQL, migrated), until the section is wired into scripts/bench-documents.ts.
 * Exits 1 when the target is not met.
 */
import { startBenchDatabase } from "./lib/bench-database";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

const bench = await startBenchDatabase("bench-matching");
const { sequelize } = await import("../db/index");
const { migrate } = await import("../db/migrator");
try {
  await migrate(sequelize);
  const { benchMatching } = await import("./bench-documents/matching");
  const result = await benchMatching({ documents: arg("documents", 10_000), orders: arg("orders", 100_000) });
  if (!result.passed) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await sequelize.close();
  await bench.remove();
}
process.exit(process.exitCode ?? 0);
