/**
 * The queue runner: takes QUEUED on-demand jobs (imports, statements, Get Paid executions) one at a time with
 * `FOR UPDATE SKIP LOCKED` (app/modules/jobs claimNextJob), so any number of workers on any number of machines share
 * one queue; runs each through its registered runner under a lease; first hands back the jobs of dead workers (the
 * reaper). Run by the Bree queue worker (jobs/run-queued-jobs.job.ts) on demand and every minute, and by tests.
 */
import { isAppError } from "../app/lib/errors";
import { jobLogger } from "../app/lib/logger.server";
import { claimNextJob, maxJobAttempts, reapExpiredJobs, workerId } from "../app/modules/jobs/service.server";
import { QUEUED_JOB_KINDS, QUEUED_JOB_TYPES } from "./registry";

/** The reaper: jobs whose worker stopped renewing their lease go back to QUEUED (or fail for good). */
export function reapDeadWorkersJobs(options: { now?: Date } = {}) {
  return reapExpiredJobs({ resumableTypes: QUEUED_JOB_TYPES, now: options.now });
}

/** Runs queued jobs (of one company, when given) until none is due; returns how many it ran. */
export async function runQueuedJobs(options: { companyId?: number; reap?: boolean } = {}): Promise<number> {
  if (options.reap ?? true) await reapDeadWorkersJobs();
  const owner = workerId();
  let ran = 0;
  for (;;) {
    const job = await claimNextJob({ types: QUEUED_JOB_TYPES, companyId: options.companyId, owner });
    if (!job) return ran;
    ran++;
    const kind = QUEUED_JOB_KINDS[job.type];
    // A job that fails has its error on its row (executeJob); one bad job must not stop the others.
    await kind.run(job.id, { claim: { job, owner }, maxAttempts: kind.retry ? maxJobAttempts() : 1 }).catch((error: unknown) => {
      // An AppError is an expected outcome (e.g. a wrong template), already on the job for the user to see.
      if (!isAppError(error)) jobLogger(job.id).error({ err: error, type: job.type }, "queued job failed");
    });
  }
}
