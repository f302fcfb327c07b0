/**
 * Offer suggestions computed once per change, never per request (issue 13 part 21, docs/decisions/029).
 *
 * - **Version.** `offer_suggestion_versions` holds a version per purchaser company that the database moves, at commit,
 *   with any change the suggestions depend on (its bills, their credit, inclusion, status, supplier offers and
 *   execution results holding them, its counterparty settings, a supplier's name: migration
 *   2026.11.26T02.00.00.offer-suggestion-versions). The cache key is that version plus everything else the result
 *   depends on: today, the offer's rate, the capacity and the runtime configuration. The version is read before the
 *   candidate bills, so a result is never older than the version it is stored under: a change committed in between
 *   moves the version past it, and the next request misses.
 * - **Cache.** Results are kept per process (least recently used first out) and a computation in flight is shared by
 *   every request asking for the same key, so four users reloading /bills compute it once. The Suppliers tab's Payment
 *   Offered figures, which depend on the same inputs, are kept the same way.
 * - **Worker.** The knapsacks run in a worker thread (build/jobs/offer-suggestions-worker.js, built beside the server
 *   bundle) so that even the one computation after a change does not hold the event loop; where no worker is built
 *   (tests and scripts running the source) they run in this process.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import { logger } from "../../lib/logger.server";
import { suggestionSets, type SuggestionSets, type SuggestionSetsInput } from "./suggestion-sets";

/** Results kept per process: a few per company (the card and the top-up entry's capacities). */
export const SUGGESTION_CACHE_SIZE = 200;

const cache = new Map<string, Promise<unknown>>();
const computations = new Map<string, number>();

/** The company's suggestion version (0 until its first relevant change). */
export async function suggestionVersion(companyId: number): Promise<string> {
  const [row] = await sequelize.query<{ version: string }>(`SELECT version FROM offer_suggestion_versions WHERE company_id = :companyId`, {
    type: QueryTypes.SELECT,
    replacements: { companyId },
  });
  return row?.version ?? "0";
}

/**
 * The cached value of `kind` under `key`, or `compute()`'s (counted, shared while in flight, kept unless it fails).
 * `key` must hold the version read before `compute` reads anything. Kinds: "suggestions" (the two suggested sets) and
 * "offered" (the Suppliers tab's Payment Offered bills per supplier), both moved by the same version.
 */
export function cachedForVersion<T>(kind: "suggestions" | "offered", key: string, compute: () => Promise<T>): Promise<T> {
  const full = `${kind}:${key}`;
  const hit = cache.get(full) as Promise<T> | undefined;
  if (hit) {
    cache.delete(full);
    cache.set(full, hit);
    return hit;
  }
  computations.set(kind, (computations.get(kind) ?? 0) + 1);
  const pending = compute();
  cache.set(full, pending);
  pending.catch(() => cache.delete(full));
  while (cache.size > SUGGESTION_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return pending;
}

/** How many computations of `kind` this process started (tests: a reload must not compute again). */
export function suggestionComputations(kind: "suggestions" | "offered" = "suggestions"): number {
  return computations.get(kind) ?? 0;
}

/** Forgets every cached result (tests). */
export function clearSuggestionCache(): void {
  cache.clear();
}

// ---------------------------------------------------------------------------------------------------------------
// The worker thread

const DEFAULT_WORKER_FILE = (() => {
  try {
    // Beside the server bundle (build/index.js → build/jobs/...); from the sources there is none.
    return fileURLToPath(new URL("./jobs/offer-suggestions-worker.js", import.meta.url));
  } catch {
    return null;
  }
})();
let workerFile: string | null | undefined;
let worker: Worker | null = null;
let nextRequest = 1;
const waiting = new Map<number, { resolve: (sets: SuggestionSets) => void; reject: (error: Error) => void }>();

/** Which worker file to use: a path, null for none (in-process), undefined for the default (tests). */
export function setSuggestionWorkerFile(file: string | null | undefined): void {
  workerFile = file;
  void worker?.terminate();
  worker = null;
}

function activeWorkerFile(): string | null {
  const file = workerFile === undefined ? DEFAULT_WORKER_FILE : workerFile;
  return file && fs.existsSync(file) ? file : null;
}

function failAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
  worker = null;
}

function startWorker(file: string): Worker {
  const started = new Worker(file);
  started.unref();
  started.on("message", (message: { id: number; sets?: SuggestionSets; error?: string }) => {
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (message.sets) request.resolve(message.sets);
    else request.reject(new Error(message.error ?? "The suggestions worker failed"));
  });
  started.on("error", (error) => failAll(error));
  started.on("exit", (code) => {
    if (worker === started) failAll(new Error(`The suggestions worker stopped (${code})`));
  });
  return started;
}

/** The two suggested sets, from the worker thread when one is built, else computed here. */
export function computeSuggestionSets(input: SuggestionSetsInput): Promise<SuggestionSets> {
  const file = activeWorkerFile();
  if (!file) return Promise.resolve().then(() => suggestionSets(input));
  worker ??= startWorker(file);
  const id = nextRequest++;
  const running = worker;
  return new Promise<SuggestionSets>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Referenced while an answer is awaited, so a script awaiting it does not exit under it.
    running.ref();
    running.postMessage({ id, input });
  })
    .finally(() => {
      if (waiting.size === 0) running.unref();
    })
    .catch((error: unknown) => {
      // A broken worker must not take the bills page with it: compute here this once (the next call starts a new one).
      logger.error({ err: error }, "The suggestions worker failed; computing in the web process");
      return suggestionSets(input);
    });
}
