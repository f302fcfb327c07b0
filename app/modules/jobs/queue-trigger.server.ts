/**
 * How a door asks for queued jobs to run now (docs/decisions/003, "Queued jobs"). The server's scheduler registers a
 * trigger that starts the Bree queue worker; the routes live in the Remix bundle, a different module instance from
 * server.ts, so the trigger is kept on globalThis. Without a scheduler (JOBS_ENABLED off, scripts), the queue runs in
 * this process instead, so a queued job is never left waiting.
 */
const TRIGGER_KEY = Symbol.for("earlybird.runQueuedJobs");

type Trigger = () => void;

export function setQueuedJobsTrigger(trigger: Trigger | null): void {
  (globalThis as Record<symbol, unknown>)[TRIGGER_KEY] = trigger ?? undefined;
}

/** The registered trigger, if any (the demo seed runs its own job and puts the trigger back after). */
export function queuedJobsTrigger(): Trigger | null {
  return ((globalThis as Record<symbol, unknown>)[TRIGGER_KEY] as Trigger | undefined) ?? null;
}

/** Call after the transaction that queued a job has committed. */
export function runQueuedJobsSoon(): void {
  const trigger = (globalThis as Record<symbol, unknown>)[TRIGGER_KEY] as Trigger | undefined;
  if (trigger) {
    trigger();
    return;
  }
  setImmediate(() => {
    import("./queue.server").then(({ runQueuedJobs }) => runQueuedJobs()).catch((error) => console.error("Running queued jobs failed:", error));
  });
}
