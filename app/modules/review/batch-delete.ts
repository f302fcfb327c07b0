/**
 * The review lists' batch Delete as the page words it (p3 §4.1 'Batch review', §8; docs/decisions/050). Pure: the
 * component and the job's status URL both use it.
 */
import { REVIEW_MESSAGES } from "./rules";

/** The queued job kind that deletes a batch of documents (jobs/registry.ts). */
export const BATCH_DELETE_JOB_TYPE = "DOCUMENTS_BATCH_DELETE";

export interface BatchDeleteOutcome {
  selected: number;
  deleted: number;
  failed: number;
}

/**
 * All deleted: 'Document deleted' (one) or 'Deleted {n} bills'; some failed: 'Could not delete N out of M selected
 * documents'; none deleted: 'Could not delete documents'.
 */
export function batchDeleteMessage(outcome: BatchDeleteOutcome): { tone: "success" | "error"; message: string } {
  if (outcome.deleted === 0) return { tone: "error", message: REVIEW_MESSAGES.batchDeleteFailed };
  if (outcome.failed > 0) return { tone: "error", message: REVIEW_MESSAGES.batchDeletePartial(outcome.failed, outcome.selected) };
  return { tone: "success", message: outcome.deleted === 1 ? REVIEW_MESSAGES.deleted : `Deleted ${outcome.deleted} bills` };
}

/** The job as the list polls it (GET /resources/document-delete/:jobId). */
export interface BatchDeleteJobStatus {
  id: string;
  status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
  progress: number;
  selected: number;
  /** Set once the job has finished: the outcome's words. */
  outcome: { tone: "success" | "error"; message: string } | null;
}

export const isBatchDeleteFinished = (job: Pick<BatchDeleteJobStatus, "status">) => ["SUCCEEDED", "FAILED", "CANCELLED"].includes(job.status);
