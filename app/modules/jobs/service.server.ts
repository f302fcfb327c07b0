/**
 * Job records (GUIDE rule 8): long work creates a row in `jobs`, moves it QUEUED → RUNNING → SUCCEEDED/FAILED
 * with guarded updates, and reports progress the web polls and the CLI renders. A RUNNING job is held by a lease
 * its worker's heartbeat renews; the reaper takes back a dead worker's job (issue 14 part 6). Which code runs
 * which kind of job is not known here: jobs/registry.ts maps kinds to the modules' runners.
 */
import crypto from "node:crypto";
import os from "node:os";
import { threadId } from "node:worker_threads";
import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Job, type JobStatus } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { isAdminActor } from "../../lib/actor";
import { env } from "../../lib/env.server";
import { AppError, isAppError, notFound } from "../../lib/errors";
import { jobLogger } from "../../lib/logger.server";
import { WORKER_LOST_MESSAGE, afterFailure, afterLeaseExpired, canSeeJob, clampProgress, failureMessage, heartbeatIntervalMs } from "./rules";
import { CreateJobSchema, IDEMPOTENCY_KEY_REUSED, JOB_NOT_FOUND, JOB_NOT_RUNNING, JobIdSchema, ListJobsSchema, type CreateJobInput, type ListJobsInput } from "./schema";

/** What routes, the CLI and jobs see of a job: a plain object, no model instance. */
export interface JobView {
  id: string;
  type: string;
  status: JobStatus;
  progress: number;
  payload: Record<string, unknown>;
  result: unknown;
  error: string | null;
  ownerUserId: number | null;
  companyId: number | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export function toJobView(job: Job): JobView {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    progress: job.progress,
    payload: job.payload ?? {},
    result: job.result ?? null,
    error: job.error ?? null,
    ownerUserId: job.ownerUserId ?? null,
    companyId: job.companyId ?? null,
    attempts: job.attempts,
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? null,
    finishedAt: job.finishedAt ?? null,
  };
}

/**
 * Queues a job. With an idempotency key, a second call returns the job the first one created (whatever its
 * status) instead of queueing another: ON CONFLICT DO NOTHING keeps this safe inside an outer transaction.
 */
export async function createJob(input: CreateJobInput, options: { transaction?: Transaction | null } = {}): Promise<JobView> {
  const data = CreateJobSchema.parse(input);
  const key = data.idempotencyKey ?? null;
  const inserted = await sequelize.query<Job>(
    `INSERT INTO jobs (type, payload, owner_user_id, company_id, idempotency_key)
     VALUES ($type, $payload::jsonb, $ownerUserId, $companyId, $key)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *`,
    {
      bind: { type: data.type, payload: JSON.stringify(data.payload), ownerUserId: data.ownerUserId ?? null, companyId: data.companyId ?? null, key },
      type: QueryTypes.SELECT,
      model: Job,
      mapToModel: true,
      transaction: options.transaction ?? undefined,
    },
  );
  if (inserted[0]) return toJobView(inserted[0]);

  const existing = key ? await Job.findOne({ where: { idempotencyKey: key }, transaction: options.transaction ?? undefined }) : null;
  if (!existing) throw new Error(`Job insert returned nothing for idempotency key ${key}`);
  // A key names one piece of work: reusing it for another type or company would hand out someone else's job.
  if (existing.type !== data.type || (existing.companyId ?? null) !== (data.companyId ?? null)) {
    throw new AppError(409, IDEMPOTENCY_KEY_REUSED, { code: "IDEMPOTENCY_KEY_REUSED" });
  }
  return toJobView(existing);
}

/**
 * Who this worker is, as written in `lease_owner`: host, process, thread and a random part (a restarted process on the
 * same host and pid is a different owner).
 */
export function workerId(): string {
  processWorkerId ??= `${os.hostname()}:${process.pid}:${threadId}:${crypto.randomUUID().slice(0, 8)}`;
  return processWorkerId;
}
let processWorkerId: string | undefined;

const leaseMs = () => env().JOB_LEASE_SECONDS * 1000;
/** Attempts a queued job gets (JOB_MAX_ATTEMPTS). */
export const maxJobAttempts = () => env().JOB_MAX_ATTEMPTS;

async function updateReturning(sql: string, bind: Record<string, unknown>, transaction?: Transaction): Promise<Job[]> {
  return sequelize.query<Job>(sql, { bind, type: QueryTypes.SELECT, model: Job, mapToModel: true, transaction });
}

/** The columns a job takes when a worker starts it: RUNNING, one more attempt, a fresh lease (database clock). */
const START_SET = `status = 'RUNNING', attempts = attempts + 1, started_at = now(), error = NULL, run_after = NULL,
  lease_owner = $owner, lease_expires_at = now() + $leaseMs * interval '1 millisecond'`;

/**
 * QUEUED → RUNNING in one conditional UPDATE, so of two workers racing for the same job exactly one wins; the winner
 * holds its lease. Returns the started job, or null when it was not QUEUED (already taken, finished or cancelled).
 */
export async function startJob(id: string, owner: string = workerId()): Promise<JobView | null> {
  const rows = await updateReturning(`UPDATE jobs SET ${START_SET} WHERE id = $id AND status = 'QUEUED' RETURNING *`, { id, owner, leaseMs: leaseMs() });
  return rows[0] ? toJobView(rows[0]) : null;
}

/**
 * Claims the oldest QUEUED job of one of `types` that is due (run_after passed), of one company when given:
 * `FOR UPDATE SKIP LOCKED`, so workers on several machines each take a different job without waiting on each other.
 */
export async function claimNextJob(options: { types: readonly string[]; companyId?: number; owner?: string }): Promise<JobView | null> {
  if (options.types.length === 0) return null;
  const rows = await updateReturning(
    `UPDATE jobs SET ${START_SET}
      WHERE id = (SELECT id FROM jobs
                   WHERE status = 'QUEUED' AND type = ANY($types::text[]) AND (run_after IS NULL OR run_after <= now())
                     AND ($companyId::int IS NULL OR company_id = $companyId::int)
                   ORDER BY created_at, id
                   LIMIT 1
                   FOR UPDATE SKIP LOCKED)
        AND status = 'QUEUED'
      RETURNING *`,
    { types: [...options.types], companyId: options.companyId ?? null, owner: options.owner ?? workerId(), leaseMs: leaseMs() },
  );
  return rows[0] ? toJobView(rows[0]) : null;
}

/** The heartbeat: pushes a running job's lease forward. False when the lease is no longer this worker's (reaped). */
export async function renewLease(id: string, owner: string): Promise<boolean> {
  const rows = await updateReturning(
    `UPDATE jobs SET lease_expires_at = now() + $leaseMs * interval '1 millisecond'
      WHERE id = $id AND status = 'RUNNING' AND lease_owner = $owner RETURNING id`,
    { id, owner, leaseMs: leaseMs() },
  );
  return rows.length === 1;
}

/** A failed attempt that will be tried again: back to QUEUED, due after the backoff, its lease released. */
export async function requeueForRetry(id: string, owner: string, delayMs: number): Promise<JobView | null> {
  const rows = await updateReturning(
    `UPDATE jobs SET status = 'QUEUED', lease_owner = NULL, lease_expires_at = NULL, run_after = now() + $delayMs * interval '1 millisecond'
      WHERE id = $id AND status = 'RUNNING' AND lease_owner = $owner RETURNING *`,
    { id, owner, delayMs },
  );
  return rows[0] ? toJobView(rows[0]) : null;
}

/**
 * The reaper: every RUNNING job whose lease expired before `now` (its worker died or hangs) goes back to QUEUED when
 * its type is one the queue can resume (it carries on from its checkpoint) and attempts remain; otherwise it fails
 * for good with WORKER_LOST_MESSAGE. Rows are taken with SKIP LOCKED, so two reapers never settle one job twice.
 */
export async function reapExpiredJobs(options: { resumableTypes: readonly string[]; maxAttempts?: number; now?: Date }): Promise<{ requeued: string[]; failed: string[] }> {
  const maxAttempts = options.maxAttempts ?? maxJobAttempts();
  return sequelize.transaction(async (transaction) => {
    const expired = await updateReturning(
      `SELECT * FROM jobs WHERE status = 'RUNNING' AND lease_expires_at <= COALESCE($now::timestamptz, now()) ORDER BY id FOR UPDATE SKIP LOCKED`,
      { now: options.now?.toISOString() ?? null },
      transaction,
    );
    const requeued: string[] = [];
    const failed: string[] = [];
    for (const job of expired) {
      const outcome = afterLeaseExpired({ attempts: job.attempts, maxAttempts, resumable: options.resumableTypes.includes(job.type) });
      if (outcome === "REQUEUE") {
        await sequelize.query(`UPDATE jobs SET status = 'QUEUED', lease_owner = NULL, lease_expires_at = NULL, run_after = NULL WHERE id = $id`, {
          bind: { id: job.id },
          transaction,
        });
        requeued.push(job.id);
      } else {
        await sequelize.query(
          `UPDATE jobs SET status = 'FAILED', error = $error, finished_at = now(), lease_owner = NULL, lease_expires_at = NULL WHERE id = $id`,
          { bind: { id: job.id, error: WORKER_LOST_MESSAGE }, transaction },
        );
        failed.push(job.id);
      }
      jobLogger(job.id).warn({ type: job.type, attempts: job.attempts, leaseOwner: job.leaseOwner, outcome }, "job lease expired");
    }
    return { requeued, failed };
  });
}

/** Raises a running job's progress; it never goes down and stays below 100 until completeJob. Returns the stored value. */
export async function reportProgress(id: string, value: number): Promise<number | null> {
  const progress = clampProgress(value);
  const [count, rows] = await Job.update(
    { progress: sequelize.fn("GREATEST", sequelize.col("progress"), progress) },
    { where: { id, status: "RUNNING" }, returning: true },
  );
  return count === 1 ? rows[0].progress : null;
}

export async function completeJob(id: string, result: unknown, owner?: string): Promise<JobView> {
  const [count, rows] = await Job.update(
    { status: "SUCCEEDED", progress: 100, result: result ?? null, finishedAt: new Date(), leaseOwner: null, leaseExpiresAt: null },
    { where: { id, status: "RUNNING", ...(owner ? { leaseOwner: owner } : {}) }, returning: true },
  );
  if (count !== 1) throw new AppError(409, JOB_NOT_RUNNING, { code: "JOB_NOT_RUNNING" });
  return toJobView(rows[0]);
}

/** Marks a queued or running job FAILED for good with a message fit for users (see rules.failureMessage). */
export async function failJob(id: string, error: unknown, owner?: string): Promise<JobView> {
  const [count, rows] = await Job.update(
    { status: "FAILED", error: failureMessage(error), finishedAt: new Date(), leaseOwner: null, leaseExpiresAt: null },
    {
      where: owner ? { id, status: "RUNNING", leaseOwner: owner } : { id, status: { [Op.in]: ["QUEUED", "RUNNING"] } },
      returning: true,
    },
  );
  if (count !== 1) throw new AppError(409, JOB_NOT_RUNNING, { code: "JOB_NOT_RUNNING" });
  return toJobView(rows[0]);
}

/** A job as its owner polls it: admins see all, company users only their company's, anyone else gets 404. */
export async function getJob(actor: Actor, id: string): Promise<JobView> {
  const parsed = JobIdSchema.safeParse(id);
  if (!parsed.success) throw notFound(JOB_NOT_FOUND);
  const job = await Job.findByPk(parsed.data);
  if (!job || !canSeeJob(actor, job)) throw notFound(JOB_NOT_FOUND);
  return toJobView(job);
}

/** Recent jobs, newest first. `null` is the operator at the CLI, who sees every job like an admin. */
export async function listJobs(actor: Actor | null, input: ListJobsInput = {}): Promise<JobView[]> {
  const { limit, type } = ListJobsSchema.parse(input);
  if (actor && !isAdminActor(actor) && actor.companyId === null) return [];
  const jobs = await Job.findAll({
    where: {
      ...(actor && !isAdminActor(actor) ? { companyId: actor.companyId } : {}),
      ...(type ? { type } : {}),
    },
    order: [["createdAt", "DESC"]],
    limit,
  });
  return jobs.map(toJobView);
}

export interface JobContext {
  jobId: string;
  payload: Record<string, unknown>;
  /** Reports progress in percent (0-99 while running; completion sets 100). Repeats and decreases are skipped. */
  progress: (percent: number) => Promise<void>;
}

export type JobHandler<Result> = (context: JobContext) => Promise<Result>;

export interface ExecuteJobOptions {
  /** Called after each stored progress change, and with 100 on success (the CLI renders it). */
  onProgress?: (percent: number) => void;
  /** The job was already started (claimed) by this worker, under this lease owner: run it without starting it. */
  claim?: { job: JobView; owner: string };
  /**
   * Attempts allowed (default 1: a failure is final). The queue passes JOB_MAX_ATTEMPTS for kinds that can be
   * retried; a failed attempt then goes back to QUEUED after a backoff instead of FAILED.
   */
  maxAttempts?: number;
}

/** Thrown into a handler (through its progress calls) once its lease is another worker's: it must stop. */
export class JobLeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId}: its lease expired and was taken back; this worker stops`);
  }
}

/**
 * Runs `handler` for a queued job: start (guarded) under a lease kept by a heartbeat, progress, then complete, retry
 * or fail. When the job cannot be started (another worker has it, or it already ran) the handler is not called and
 * the job is returned as it stands. A handler error marks the job FAILED and is rethrown, unless attempts remain
 * (options.maxAttempts): then the job waits in QUEUED for its backoff and is returned.
 */
export async function executeJob<Result>(id: string, handler: JobHandler<Result>, options: ExecuteJobOptions = {}): Promise<JobView> {
  const owner = options.claim?.owner ?? workerId();
  const started = options.claim?.job ?? (await startJob(id, owner));
  if (!started) return currentJob(id);
  const log = jobLogger(id);
  let leaseLost = false;
  const heartbeat = setInterval(() => {
    renewLease(id, owner)
      .then((held) => {
        if (!held) leaseLost = true;
      })
      .catch((error: unknown) => log.warn({ err: error }, "job heartbeat failed"));
  }, heartbeatIntervalMs(leaseMs()));
  heartbeat.unref();
  let reported = started.progress;
  const progress = async (percent: number) => {
    if (leaseLost) throw new JobLeaseLostError(id);
    const next = clampProgress(percent);
    if (next <= reported) return;
    reported = next;
    await reportProgress(id, next);
    options.onProgress?.(next);
  };
  let result: Result;
  try {
    result = await handler({ jobId: id, payload: started.payload, progress });
  } catch (error) {
    clearInterval(heartbeat);
    // Another worker resumes the job from its checkpoint: nothing of this attempt is to be recorded.
    if (leaseLost || error instanceof JobLeaseLostError) {
      log.warn({ type: started.type }, "job lease lost; another worker has the job");
      return currentJob(id);
    }
    const maxAttempts = options.maxAttempts ?? 1;
    const outcome = afterFailure({ error, attempts: started.attempts, maxAttempts, retryable: maxAttempts > 1 });
    if (!isAppError(error)) log.error({ err: error, type: started.type, attempts: started.attempts, outcome: outcome.action }, "job failed");
    if (outcome.action === "RETRY") {
      const queued = await requeueForRetry(id, owner, outcome.delayMs).catch((retryError: unknown) => {
        log.error({ err: retryError }, "could not queue the job's retry");
        return null;
      });
      if (queued) return queued;
    }
    await failJob(id, error, owner).catch((failError: unknown) => log.error({ err: failError }, "could not record the job's failure"));
    throw error;
  }
  clearInterval(heartbeat);
  let done: JobView;
  try {
    done = await completeJob(id, result ?? null, owner);
  } catch (error) {
    // The lease expired between two heartbeats and the job is another worker's now: its outcome will be recorded there.
    if (isAppError(error) && error.code === "JOB_NOT_RUNNING") {
      log.warn({ type: started.type }, "job lease lost before completion; another worker has the job");
      return currentJob(id);
    }
    throw error;
  }
  options.onProgress?.(100);
  return done;
}

async function currentJob(id: string): Promise<JobView> {
  const job = await Job.findByPk(id);
  if (!job) throw notFound(JOB_NOT_FOUND);
  return toJobView(job);
}

/** Creates (or, with an idempotency key, finds) a job of `type` and runs `handler` for it; see executeJob. */
export async function runJob<Result>(
  type: string,
  handler: JobHandler<Result>,
  options: Omit<CreateJobInput, "type"> & Pick<ExecuteJobOptions, "onProgress"> = {},
): Promise<JobView> {
  const { onProgress, ...input } = options;
  const job = await createJob({ ...input, type });
  return executeJob(job.id, handler, { onProgress });
}
