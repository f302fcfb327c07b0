import type { ScheduledJobName } from "../app/modules/jobs/schema";

/** When each scheduled job runs. Each name has a thin entry jobs/<name>.job.ts, compiled to build/jobs/<name>.js. */
export interface ScheduleEntry {
  name: ScheduledJobName;
  intervalMs: number;
  /** Also run once as soon as the scheduler starts. */
  runAtStart: boolean;
}

export const SCHEDULE: ScheduleEntry[] = [
  { name: "expire-sessions", intervalMs: 15 * 60_000, runAtStart: true },
  { name: "process-withdrawals", intervalMs: 15 * 60_000, runAtStart: true },
  { name: "expire-top-ups", intervalMs: 15 * 60_000, runAtStart: true },
  { name: "generate-statements", intervalMs: 60 * 60_000, runAtStart: true },
  { name: "expire-supplier-offers", intervalMs: 5 * 60_000, runAtStart: true },
  { name: "check-purchaser-offers", intervalMs: 15 * 60_000, runAtStart: true },
  { name: "remove-old-data", intervalMs: 24 * 60 * 60_000, runAtStart: false },
  // Hourly, so the first day of a month is seen in every company's time zone; a second run that day does nothing.
  { name: "auto-lock-periods", intervalMs: 60 * 60_000, runAtStart: true },
  // Xero and MYOB access tokens live 30 and 20 minutes: refresh those expiring within 10 (decision 055).
  { name: "refresh-accounting-tokens", intervalMs: 5 * 60_000, runAtStart: true },
];

/** What a worker posts to the scheduler before 'done'. */
export interface WorkerReport {
  kind: "job-finished";
  name: ScheduledJobName;
  jobId: string | null;
  status: "SUCCEEDED" | "FAILED" | "QUEUED" | "RUNNING" | "CANCELLED";
  error?: string;
}

/** The queue worker's entry (jobs/run-queued-jobs.job.ts): started on demand and swept every QUEUE_SWEEP_MS. */
export const QUEUE_WORKER_NAME = "run-queued-jobs";
export const QUEUE_SWEEP_MS = 60_000;
/** Heap cap of the queue worker (old generation), MB; the benchmark runs the import under the same cap. */
export const QUEUE_WORKER_HEAP_MB = 192;

export interface QueueWorkerReport {
  kind: "queue-finished";
  ran: number;
  error?: string;
}
