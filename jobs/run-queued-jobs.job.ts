// Bree entry for queued on-demand jobs (imports, ...): started by the server when a job is queued, and every minute
// as a sweep (which also reaps dead workers' jobs). The work is runQueuedJobs in jobs/queue.ts.
import { runQueueInWorker } from "./worker";

await runQueueInWorker();
