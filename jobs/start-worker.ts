/**
 * The job worker of a process: the Bree scheduler (scheduled jobs, and the queue worker that also reaps dead
 * workers' jobs), a trigger the doors of this process call when they queue a job, and a LISTEN on the database so a
 * job queued by a web server on another machine starts at once (the queue is also swept every minute).
 * `npm start` runs it beside the web server (server.ts); `npm run worker` runs it alone (worker.ts).
 */
import pg from "pg";
import { logger } from "../app/lib/logger.server";
import { QUEUED_JOBS_CHANNEL, setQueuedJobsTrigger } from "../app/modules/jobs/queue-trigger.server";
import { startScheduler, type Scheduler } from "./scheduler";

const RECONNECT_MS = 5_000;

export interface JobWorker {
  scheduler: Scheduler;
  stop(): Promise<void>;
}

export async function startJobWorker(options: { databaseUrl: string }): Promise<JobWorker> {
  const scheduler = await startScheduler();
  // Routes (in the Remix bundle) queue jobs and call runQueuedJobsSoon(); the Bree queue worker runs them.
  setQueuedJobsTrigger(() => scheduler.runQueuedJobs());

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on("notification", () => scheduler.runQueuedJobs());
    next.on("error", (error) => {
      logger.warn({ err: error }, "job worker: lost the queued-jobs listener; reconnecting");
      client = null;
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void listen().catch(reconnectLater), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${QUEUED_JOBS_CHANNEL}`);
    if (stopped) await next.end();
    else client = next;
  };
  const reconnectLater = (error: unknown) => {
    logger.warn({ err: error }, "job worker: could not listen for queued jobs; retrying");
    if (!stopped) retry = setTimeout(() => void listen().catch(reconnectLater), RECONNECT_MS);
  };
  await listen().catch(reconnectLater);

  return {
    scheduler,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      setQueuedJobsTrigger(null);
      await client?.end().catch(() => {});
      await scheduler.stop();
    },
  };
}
