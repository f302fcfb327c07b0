// Bree entry for queued on-demand jobs (imports, ...): started by the server when a job is queued, and every minute
// as a sweep. The work is runQueuedJobs in app/modules/jobs/queue.server.ts.
import { runQueueInWorker } from "./worker";

await runQueueInWorker();
