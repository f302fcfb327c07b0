/**
 * How a door asks for queued jobs to run now (docs/decisions/003, "Queued jobs"). A process that runs the job worker
 * (`npm start`, `npm run worker`) registers a trigger that starts its Bree queue worker; the routes live in the Remix
 * bundle, a different module instance from server.ts, so the trigger is kept on globalThis. A process without one (a
 * web server scaled apart from its workers, scripts, tests) sends a PostgreSQL NOTIFY on QUEUED_JOBS_CHANNEL instead:
 * every `npm run worker` listening on the database starts its queue at once (and sweeps it every minute anyway).
 */
import { sequelize } from "../../../db/index";
import { logger } from "../../lib/logger.server";

const TRIGGER_KEY = Symbol.for("earlybird.runQueuedJobs");

/** The channel workers LISTEN on for "a job was queued". */
export const QUEUED_JOBS_CHANNEL = "earlybird_queued_jobs";

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
  sequelize.query(`NOTIFY ${QUEUED_JOBS_CHANNEL}`).catch((error: unknown) => logger.warn({ err: error }, "could not notify the job workers"));
}
