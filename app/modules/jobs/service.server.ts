/**
 * Job records (GUIDE rule 8): long work creates a row in `jobs`, moves it QUEUED → RUNNING → SUCCEEDED/FAILED
 * with guarded updates, and reports progress the web polls and the CLI renders.
 */
import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Job, type JobStatus } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { isAdminActor } from "../../lib/actor";
import { AppError, isAppError, notFound } from "../../lib/errors";
import { canSeeJob, clampProgress, failureMessage } from "./rules";
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
 * QUEUED → RUNNING in one conditional UPDATE, so of two workers racing for the same job exactly one wins.
 * Returns the started job, or null when it was not QUEUED (already taken, finished or cancelled).
 */
export async function startJob(id: string): Promise<JobView | null> {
  const [count, rows] = await Job.update(
    { status: "RUNNING", attempts: sequelize.literal("attempts + 1"), startedAt: new Date(), error: null },
    { where: { id, status: "QUEUED" }, returning: true },
  );
  return count === 1 ? toJobView(rows[0]) : null;
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

export async function completeJob(id: string, result: unknown): Promise<JobView> {
  const [count, rows] = await Job.update(
    { status: "SUCCEEDED", progress: 100, result: result ?? null, finishedAt: new Date() },
    { where: { id, status: "RUNNING" }, returning: true },
  );
  if (count !== 1) throw new AppError(409, JOB_NOT_RUNNING, { code: "JOB_NOT_RUNNING" });
  return toJobView(rows[0]);
}

/** Marks a queued or running job FAILED with a message fit for users (see rules.failureMessage). */
export async function failJob(id: string, error: unknown): Promise<JobView> {
  const [count, rows] = await Job.update(
    { status: "FAILED", error: failureMessage(error), finishedAt: new Date() },
    { where: { id, status: { [Op.in]: ["QUEUED", "RUNNING"] } }, returning: true },
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
}

/**
 * Runs `handler` for a queued job: start (guarded), progress, complete or fail. When the job cannot be started
 * (another worker has it, or it already ran) the handler is not called and the job is returned as it stands.
 * A handler error marks the job FAILED and is rethrown.
 */
export async function executeJob<Result>(id: string, handler: JobHandler<Result>, options: ExecuteJobOptions = {}): Promise<JobView> {
  const started = await startJob(id);
  if (!started) {
    const job = await Job.findByPk(id);
    if (!job) throw notFound(JOB_NOT_FOUND);
    return toJobView(job);
  }
  let reported = started.progress;
  const progress = async (percent: number) => {
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
    if (!isAppError(error)) console.error(`Job ${started.type} ${id} failed:`, error);
    await failJob(id, error).catch((failError: unknown) => console.error(`Job ${id}: could not record the failure:`, failError));
    throw error;
  }
  const done = await completeJob(id, result ?? null);
  options.onProgress?.(100);
  return done;
}

/** Creates (or, with an idempotency key, finds) a job of `type` and runs `handler` for it; see executeJob. */
export async function runJob<Result>(
  type: string,
  handler: JobHandler<Result>,
  options: Omit<CreateJobInput, "type"> & ExecuteJobOptions = {},
): Promise<JobView> {
  const { onProgress, ...input } = options;
  const job = await createJob({ ...input, type });
  return executeJob(job.id, handler, { onProgress });
}
