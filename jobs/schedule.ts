import type { ScheduledJobName } from "../app/modules/jobs/schema";

/** When each scheduled job runs. Each name has a thin entry jobs/<name>.job.ts, compiled to build/jobs/<name>.js. */
export interface ScheduleEntry {
  name: ScheduledJobName;
  intervalMs: number;
  /** Also run once as soon as the scheduler starts. */
  runAtStart: boolean;
}

export const SCHEDULE: ScheduleEntry[] = [{ name: "expire-sessions", intervalMs: 15 * 60_000, runAtStart: true }];

/** What a worker posts to the scheduler before 'done'. */
export interface WorkerReport {
  kind: "job-finished";
  name: ScheduledJobName;
  jobId: string | null;
  status: "SUCCEEDED" | "FAILED" | "QUEUED" | "RUNNING" | "CANCELLED";
  error?: string;
}
