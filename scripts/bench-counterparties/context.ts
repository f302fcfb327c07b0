/**
 * What every section of `npm run bench:counterparties` gets (scripts/bench-counterparties.ts): a migrated throwaway
 * database (DATABASE_URL is set and db/ may be imported), a scratch directory removed at the end, the command's
 * arguments, and one way to print a figure. A section is `(context) => Promise<void>`, imported only once the database
 * is up.
 */
export interface BenchContext {
  /** The throwaway database's URL (also in process.env.DATABASE_URL). */
  databaseUrl: string;
  /** A scratch directory for files (removed at the end). */
  tmpDir: string;
  /** The command line after `--` (e.g. ["--rows", "10000"]). */
  args: string[];
  /** Prints one line of the section's report. */
  report: (line: string) => void;
}

export type BenchSection = (context: BenchContext) => Promise<void>;

/** `--name N` from the arguments, or the default; a positive whole number. */
export function numberArg(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export const fmt = (n: number) => Math.round(n).toLocaleString("en-NZ");
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
