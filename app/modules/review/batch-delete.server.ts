/**
 * The review lists' batch Delete as a queued job (p3 §4.1 'Batch review': the page polls it every second;
 * docs/decisions/050). startBatchDelete checks the actor and queues DOCUMENTS_BATCH_DELETE; runBatchDelete (the worker,
 * jobs/registry.ts) calls deleteDocuments (decision 047) for the user who asked, a few documents at a time, reporting
 * progress; getBatchDeleteJob is the status the page polls, scoped to the actor's company.
 */
import { z } from "zod";
import { User } from "../../../db/models/index";
import { actingUserId, OPERATOR, type Actor } from "../../lib/actor";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { requireCompanyId } from "../companies/rules";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { BATCH_DELETE_JOB_TYPE, batchDeleteMessage, isBatchDeleteFinished, type BatchDeleteJobStatus } from "./batch-delete";
import { BATCH_DELETE_MAX, deleteDocuments, type BatchDeleteResult } from "./service.server";

/** Documents deleted between two progress reports. */
const CHUNK = 5;

const IdsSchema = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .min(1, "Select at least one bill")
  .max(BATCH_DELETE_MAX, `At most ${BATCH_DELETE_MAX} documents at a time`);

const PayloadSchema = z.object({ documentIds: z.array(z.number().int().positive()), actorUserId: z.number().int().positive() });

export interface BatchDeleteJobResult extends BatchDeleteResult {
  selected: number;
}

/** Checks the actor (a signed-in company user) and the ids, and queues the batch for the actor's company. */
export async function startBatchDelete(actor: Actor, documentIds: readonly unknown[], options: { run?: "queue" | "here" } = {}): Promise<JobView> {
  const companyId = requireCompanyId(actor);
  const userId = actingUserId(actor);
  if (userId === null || actor.kind === "operator") throw forbidden();
  const parsed = IdsSchema.safeParse(documentIds);
  if (!parsed.success) throw AppError.validation({ documentIds: parsed.error.issues[0]?.message ?? "Select at least one bill" });
  const ids = [...new Set(parsed.data)];
  const job = await createJob({ type: BATCH_DELETE_JOB_TYPE, payload: { documentIds: ids, actorUserId: userId }, ownerUserId: userId, companyId });
  if (options.run !== "here") runQueuedJobsSoon();
  return job;
}

/** The user who queued the batch, as an actor, while they still belong to the job's company. */
async function actorOfJob(job: JobView, actorUserId: number): Promise<Actor> {
  const user = await User.findByPk(actorUserId);
  if (!user || job.companyId === null || user.companyId !== job.companyId) throw forbidden();
  return { userId: user.id, companyId: job.companyId, roles: user.roles };
}

/** The DOCUMENTS_BATCH_DELETE job's runner: deletes the documents a few at a time with the queueing user's rights. */
export async function runBatchDelete(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  return executeJob<BatchDeleteJobResult>(
    jobId,
    async ({ payload, progress }) => {
      const { documentIds, actorUserId } = PayloadSchema.parse(payload);
      const job = await getJob(OPERATOR, jobId);
      const actor = await actorOfJob(job, actorUserId);
      const result: BatchDeleteJobResult = { selected: documentIds.length, deleted: [], failed: [] };
      for (let start = 0; start < documentIds.length; start += CHUNK) {
        const chunk = await deleteDocuments(actor, documentIds.slice(start, start + CHUNK));
        result.deleted.push(...chunk.deleted);
        result.failed.push(...chunk.failed);
        await progress(((start + CHUNK) / documentIds.length) * 100);
      }
      return result;
    },
    options
  );
}

/** Queues and runs a batch in this process (tests, scripts). */
export async function deleteDocumentsNow(actor: Actor, documentIds: readonly unknown[]): Promise<JobView> {
  const job = await startBatchDelete(actor, documentIds, { run: "here" });
  return runBatchDelete(job.id);
}

/** The batch as the list polls it: the actor's company's DOCUMENTS_BATCH_DELETE jobs only (404 otherwise). */
export async function getBatchDeleteJob(actor: Actor, jobId: string): Promise<BatchDeleteJobStatus> {
  requireCompanyId(actor);
  const job = await getJob(actor, jobId);
  if (job.type !== BATCH_DELETE_JOB_TYPE) throw notFound("Job not found");
  const selected = Array.isArray(job.payload.documentIds) ? job.payload.documentIds.length : 0;
  const status: BatchDeleteJobStatus = { id: job.id, status: job.status, progress: job.progress, selected, outcome: null };
  if (!isBatchDeleteFinished(status)) return status;
  const result = job.status === "SUCCEEDED" ? (job.result as BatchDeleteJobResult | null) : null;
  const deleted = result?.deleted.length ?? 0;
  status.outcome = batchDeleteMessage({ selected, deleted, failed: selected - deleted });
  return status;
}
