/**
 * The Bree scheduler: runs each job of SCHEDULE in a worker thread from its compiled file in build/jobs
 * (scripts/build-jobs.mjs; workers cannot rely on tsx to load TypeScript). Each run is a row in `jobs`.
 * To run a job in this process instead (CLI, tests): runScheduledJobNow in jobs/scheduled.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Bree from "bree";
import { QUEUE_SWEEP_MS, QUEUE_WORKER_HEAP_MB, QUEUE_WORKER_NAME, SCHEDULE, type QueueWorkerReport, type ScheduleEntry, type WorkerReport } from "./schedule";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STOP_GRACE_MS = 10_000;

export interface SchedulerOptions {
  /** Where the compiled job files are (default build/jobs). */
  jobsDir?: string;
  /** Which entries to schedule (default SCHEDULE). */
  schedule?: ScheduleEntry[];
  /** Called with each worker's outcome (failures are logged as well). */
  onJobFinished?: (report: WorkerReport) => void;
  logger?: Pick<Console, "warn" | "error">;
  /** Run queued on-demand jobs in the queue worker (default true). */
  queue?: boolean;
}

export interface Scheduler {
  /** Starts the queue worker now; if it is already running, it runs once more when it finishes. */
  runQueuedJobs(): void;
  stop(): Promise<void>;
}

interface BreeJob {
  name: string;
  path: string;
  interval: number;
  timeout: number | false;
  worker?: { resourceLimits: { maxOldGenerationSizeMb: number } };
}

export function jobFile(jobsDir: string, name: string) {
  return path.join(jobsDir, `${name}.js`);
}

export async function startScheduler(options: SchedulerOptions = {}): Promise<Scheduler> {
  const jobsDir = options.jobsDir ?? path.join(root, "build", "jobs");
  const schedule = options.schedule ?? SCHEDULE;
  const logger = options.logger ?? console;
  const queue = options.queue ?? true;
  for (const name of [...schedule.map((entry) => entry.name), ...(queue ? [QUEUE_WORKER_NAME] : [])]) {
    const file = jobFile(jobsDir, name);
    if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` (scripts/build-jobs.mjs) first`);
  }

  const bree = new Bree({
    root: false,
    // Bree logs every worker start and exit at info level: too chatty every 15 minutes.
    logger: { info: () => {}, warn: logger.warn, error: logger.error },
    jobs: schedule
      .map(
        (entry): BreeJob => ({
          name: entry.name,
          path: jobFile(jobsDir, entry.name),
          interval: entry.intervalMs,
          timeout: entry.runAtStart ? 0 : false,
        })
      )
      .concat(
        queue
          ? [
              {
                name: QUEUE_WORKER_NAME,
                path: jobFile(jobsDir, QUEUE_WORKER_NAME),
                interval: QUEUE_SWEEP_MS,
                timeout: 0,
                // Imports stream in batches and keep nothing between them (live heap ~40 MB); without a cap V8 lets the
                // old generation grow several times that before collecting, which reads as memory growth.
                worker: { resourceLimits: { maxOldGenerationSizeMb: QUEUE_WORKER_HEAP_MB } },
              },
            ]
          : []
      ),
    errorHandler: (error, { name }) => logger.error(`Scheduled job ${name}:`, error),
    workerMessageHandler: ({ name, message }) => {
      if (isQueueReport(message)) {
        if (message.error) logger.error(`Queued jobs worker failed: ${message.error}`);
        return;
      }
      if (!isWorkerReport(message)) return;
      if (message.status === "FAILED")
        logger.error(`Scheduled job ${name} failed${message.jobId ? ` (job ${message.jobId})` : ""}: ${message.error ?? "see the jobs table"}`);
      options.onJobFinished?.(message);
    },
  });
  await bree.start();

  let stopped = false;
  let runAgain = false;
  // A job queued while the worker is finishing its last look at the queue would wait for the sweep: run once more.
  bree.on("worker deleted", (name: string) => {
    if (name !== QUEUE_WORKER_NAME || !runAgain || stopped) return;
    runAgain = false;
    void bree.run(QUEUE_WORKER_NAME);
  });
  return {
    runQueuedJobs() {
      if (!queue || stopped) return;
      if (bree.workers.has(QUEUE_WORKER_NAME)) {
        runAgain = true;
        return;
      }
      void bree.run(QUEUE_WORKER_NAME);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // A running worker finishes its (short) job; past the grace period it is terminated and its row stays RUNNING.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([bree.stop(), new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer);
      await Promise.all([...bree.workers.values()].map((worker) => worker.terminate()));
    },
  };
}

function isQueueReport(message: unknown): message is QueueWorkerReport {
  return typeof message === "object" && message !== null && (message as QueueWorkerReport).kind === "queue-finished";
}

function isWorkerReport(message: unknown): message is WorkerReport {
  return typeof message === "object" && message !== null && (message as WorkerReport).kind === "job-finished";
}
