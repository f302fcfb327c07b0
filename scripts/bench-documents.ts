/**
 * `npm run bench:documents [-- --only extraction,...] [--rounds N]` (issue 16 part 7): on a throwaway embedded
 * PostgreSQL (temp data dir, migrated), runs each section in turn and prints its figures against the targets:
 * - extraction (scripts/bench-documents/extraction.ts): text-layer PDFs per second and ms per document (target
 *   ≤ 100 ms a document); OCR seconds per page for scans on the worker pool (target ≤ 2 s a page);
 * - matching (scripts/bench-documents/matching.ts): 10,000 documents against 100,000 purchase orders (target ≥ 1,000
 *   documents/s).
 * A section is `(context: BenchContext) => Promise<void>` (scripts/bench-documents/context.ts), imported once the
 * database is up; add one to SECTIONS below.
 * Run it only on a quiet machine (the CI's /tmp/ci-quiet-ok): the figures are wall-clock.
 */
import type { BenchSection } from "./bench-documents/context";
import { runBenchSections } from "./lib/bench-sections";

/** Name → loader of the section's function (loaded after DATABASE_URL is set: the sections import db/). */
const SECTIONS: Record<string, () => Promise<BenchSection>> = {
  extraction: async () => (await import("./bench-documents/extraction")).benchExtraction,
  // 10,000 documents matched against 100,000 purchase orders (target ≥ 1,000 documents/s).
  matching: async () => {
    const { benchMatching } = await import("./bench-documents/matching");
    const { numberArg } = await import("./bench-documents/context");
    return async ({ args, report }) => {
      const result = await benchMatching({ documents: numberArg(args, "documents", 10_000), orders: numberArg(args, "orders", 100_000), log: report });
      if (!result.passed) process.exitCode = 1;
    };
  },
};

await runBenchSections("bench-documents", SECTIONS);
