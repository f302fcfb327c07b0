/** What a section of `npm run bench:documents` receives (scripts/bench-documents.ts). */
export type BenchContext = { databaseUrl: string; tmpDir: string; args: string[]; report: (line: string) => void };
export type BenchSection = (context: BenchContext) => Promise<void>;

export function numberArg(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value) || value < 1) throw new Error(`--${name} expects a positive number`);
  return Math.trunc(value);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
