/**
 * `npm run bench:documents [-- --only extraction,...] [--rounds N]` (issue 16 part 7): on a throwaway embedded
 * PostgreSQL (temp data dir, migrated), runs each section in turn and prints its figures against the targets:
 * - extraction (scripts/bench-documents/extraction.ts): text-layer PDFs per second and ms per document (target
 *   ≤ 100 ms a document); OCR seconds per page for scans on the worker pool (target ≤ 2 s a page).
 * A section is `(context: BenchContext) => Promise<void>` (scripts/bench-documents/context.ts), imported once the
 * database is up; add one to SECTIONS below.
 * Run it only on a quiet machine (the CI's /tmp/ci-quiet-ok): the figures are wall-clock.
 */
import { startBenchDatabase } from "./lib/bench-database";
import type { BenchSection } from "./bench-documents/context";

/** Name → loader of the section's function (loaded after DATABASE_URL is set: the sections import db/). */
const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  extraction: async () => (await import("./bench-documents/extraction")).benchExtraction,
};

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const chosen = onlyAt >= 0 ? args[onlyAt + 1].split(",") : Object.keys(SECTIONS);
for (const name of chosen) if (!SECTIONS[name]) throw new Error(`Unknown section "${name}": use ${Object.keys(SECTIONS).join(", ")}`);

const bench = await startBenchDatabase("bench-documents");

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
// A section that threw may leave a client, a timer or an OCR worker open: the bench ends here either way.
process.exit(process.exitCode ?? 0);
