/**
 * Queues the PROCESS_DOCUMENT job of a document (issue 16 part 5): in the caller's transaction, so a stored document
 * always has its job; the caller asks the worker to start (runQueuedJobsSoon) after the commit.
 */
import type { Transaction } from "sequelize";
import { createJob, type JobView } from "../jobs/service.server";
import { PROCESS_DOCUMENT_JOB_TYPE } from "./rules";

export async function queueDocumentProcessing(
  input: { documentId: number; companyId: number; ownerUserId?: number | null },
  transaction?: Transaction
): Promise<JobView> {
  return createJob(
    { type: PROCESS_DOCUMENT_JOB_TYPE, payload: { documentId: input.documentId }, companyId: input.companyId, ownerUserId: input.ownerUserId ?? null },
    { transaction }
  );
}
