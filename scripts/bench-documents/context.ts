/** What a section of `npm run bench:documents` receives (scripts/bench-documents.ts): the same as every sectioned bench. */
export type { BenchContext, BenchSection } from "../lib/bench-sections";
export { numberArg } from "../bench-counterparties/context";

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
