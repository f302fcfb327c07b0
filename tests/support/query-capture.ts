/**
 * The statements this process's pg clients send while `run` runs (SELECT and WITH only: what a loader reads), for the
 * query-plan guards and the benchmarks that run them again under EXPLAIN. With `{ every: true }`, every statement sent
 * (BEGIN, SET, INSERT, UPDATE, ... too): what the query-count guard counts (docs/decisions/060).
 */
import pg from "pg";

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export async function captureReads(
  run: () => Promise<unknown>,
  accept: (text: string) => boolean = () => true,
  options: { every?: boolean } = {}
): Promise<CapturedQuery[]> {
  const seen: CapturedQuery[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === "string" ? config : (config as { text?: string })?.text;
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] })?.values ?? []);
    if (typeof text === "string" && (options.every || /^\s*(SELECT|WITH)\b/i.test(text)) && accept(text)) seen.push({ text, values: params });
    return original.apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return seen;
}

/** Every statement sent while `run` runs, whatever its kind (the query-count guard, docs/decisions/060). */
export const captureStatements = (run: () => Promise<unknown>) => captureReads(run, () => true, { every: true });
