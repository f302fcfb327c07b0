/**
 * One request's memo (issue 19 part 4): what several loaders of one request would each read again (the session above
 * all: the root, the layout and the page loader all ask who is looking) is read once and shared for that request.
 *
 * The HTTP server runs each request inside `runInRequestScope` (server.ts); code outside a request (jobs, the CLI,
 * tests calling a loader) has no scope and computes every time. The storage lives on globalThis because the Remix
 * bundle (build/index.js) and server.ts load their own copies of this module.
 *
 * Only GET and HEAD requests are memoised (a form POST's action may change what a later loader of the same request
 * reads, e.g. the session it ends or the name it saves).
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<unknown, unknown>;
const KEY = Symbol.for("earlybird.requestScope");
const holder = globalThis as unknown as { [KEY]?: AsyncLocalStorage<Scope | null> };
const storage: AsyncLocalStorage<Scope | null> = (holder[KEY] ??= new AsyncLocalStorage<Scope | null>());

/** Runs `next` (the rest of the request's handling) with a memo of its own, or none for a method that may write. */
export function runInRequestScope<T>(method: string, next: () => T): T {
  return storage.run(method === "GET" || method === "HEAD" ? new Map() : null, next);
}

/** `compute()` once per request for `key` (its promise is shared, so concurrent loaders wait on one read). */
export function oncePerRequest<T>(key: unknown, compute: () => T): T {
  const scope = storage.getStore();
  if (!scope) return compute();
  if (scope.has(key)) return scope.get(key) as T;
  const value = compute();
  scope.set(key, value);
  return value;
}
