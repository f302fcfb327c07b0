/**
 * `npm run bench:counterparties [-- --only import,directory,merge] [-- --rows N]` (issue 15 part 8): on a throwaway
 * embedded PostgreSQL (temp data dir, migrated), runs each section in turn and prints its figures:
 * - import (scripts/bench-counterparties/import.ts): 100,000 counterparty rows imported for one company through the real
 *   import job, against a plain COPY of the same rows in the same run; peak memory through the run;
 * - directory (scripts/bench-counterparties/directory.ts): the admin directory loader over 100,000 counterparties at page
 *   1 and the last page, with and without a filter (target < 20 ms p95);
 * - merge (scripts/bench-counterparties/merge.ts): a counterparty with 100,000 bills merged as the job does it, with
 *   the bills list sampled while it runs (lists stay responsive).
 * A section is `(context: BenchContext) => Promise<void>` (scripts/bench-counterparties/context.ts), imported once the
 * database is up.
 */
import { runBenchSections } from "./lib/bench-sections";
import type { BenchSection } from "./bench-counterparties/context";

/** Name → loader of the section's function (loaded after DATABASE_URL is set: the sections import db/). */
const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  import: async () => (await import("./bench-counterparties/import")).benchImport,
  // The directory loader at page 1 and the last page, with and without a filter (target < 20 ms p95).
  directory: async () => {
    const { benchDirectory } = await import("./bench-counterparties/directory");
    const { numberArg } = await import("./bench-counterparties/context");
    return async ({ args, report }) => {
      await benchDirectory({ rows: numberArg(args, "directory-rows", 100_000), runs: numberArg(args, "runs", 40), log: report });
    };
  },
  // A counterparty with 100,000 bills merged, and the bills list sampled while it runs.
  merge: async () => {
    const { benchMerge } = await import("./bench-counterparties/merge");
    const { numberArg } = await import("./bench-counterparties/context");
    return async ({ args, report }) => {
      const result = await benchMerge({ bills: numberArg(args, "bills", 100_000), log: report });
      report(`merge: ${result.bills.toLocaleString("en-NZ")} bills in ${(result.mergeMs / 1000).toFixed(1)} s (${Math.round(result.billsPerSecond)} bills/s)`);
      report(`bills list quiet: p50 ${result.quiet.p50Ms} ms, p95 ${result.quiet.p95Ms} ms, max ${result.quiet.maxMs} ms (${result.quiet.samples} samples)`);
      report(`bills list during the merge: p50 ${result.duringMerge.p50Ms} ms, p95 ${result.duringMerge.p95Ms} ms, max ${result.duringMerge.maxMs} ms (${result.duringMerge.samples} samples)`);
    };
  },
};

await runBenchSections("bench-counterparties", SECTIONS);
