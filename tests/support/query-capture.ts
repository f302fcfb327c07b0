/**
 * The statements this process's pg clients send while `run` runs (SELECT and WITH only: what a loader reads), for the
 * query-plan guards and the benchmarks that run them again under EXPLAIN.
 *
 * Options (the query-count guard, docs/decisions/060): `every` keeps every statement (BEGIN, SET, INSERT, UPDATE,
 * COMMIT ... too); `own` keeps only those sent from `run`'s own asynchronous context (what it awaits, and what it starts
 * without awaiting), not those of work that was already under way when it began (a transaction of an earlier call
 * committing meanwhile).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

const runs = new AsyncLocalStorage<symbol>();

export async function captureReads(
  run: () => Promise<unknown>,
  accept: (text: string) => boolean = () => true,
  options: { every?: boolean; own?: boolean } = {}
): Promise<CapturedQuery[]> {
  const seen: CapturedQuery[] = [];
  const token = Symbol("capture");
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === "string" ? config : (config as { text?: string })?.text;
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] })?.values ?? []);
    if (
      typeof text === "string" &&
      (options.every || /^\s*(SELECT|WITH)\b/i.test(text)) &&
      (!options.own || runs.getStore() === token) &&
      accept(text)
    )
      seen.push({ text, values: params });
    return original.apply(this, args);
  } as typeof original;
  try {
    await runs.run(token, run);
  } finally {
    prototype.query = original;
  }
  return seen;
}

/** Every statement `run` sends, whatever its kind, from its own asynchronous context (the query-count guard, docs/decisions/060). */
export const captureStatements = (run: () => Promise<unknown>) => captureReads(run, () => true, { every: true, own: true });
