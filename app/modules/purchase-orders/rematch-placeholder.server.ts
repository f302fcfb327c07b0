/**
 * PLACEHOLDER FOR HELPER M (issue 16 part 4): the DOCUMENTS_REMATCH job kind, registered here only so the job the
 * purchase order import queues (payload { companyId }) is run and ends on this branch. It does nothing. Helper M's
 * matching module owns the real handler (match the company's waiting documents again); at the merge, point
 * jobs/registry.ts's DOCUMENTS_REMATCH entry at it and delete this file.
 */
import { executeJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";

export function runDocumentsRematchPlaceholder(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  return executeJob(jobId, async () => ({ rematched: 0, placeholder: true }), options);
}
