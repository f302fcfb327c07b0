/**
 * Queued (on-demand) jobs: a door creates the job row (QUEUED) and asks for it to run (queue-trigger.server.ts); the
 * Bree queue worker (jobs/run-queued-jobs.job.ts) or, without a scheduler, the same process runs every QUEUED job of
 * a known type, oldest first. Running is guarded by startJob (one conditional UPDATE), so two workers never run one
 * job twice; each runner records its own failure on the job.
 */
import { Op } from "sequelize";
import { Job } from "../../../db/models/index";
import { AppError } from "../../lib/errors";
import { IMPORT_JOB_TYPES } from "../invoices/import-rules";
import { runImport } from "../invoices/import.server";
import { STATEMENT_JOB_TYPE, runStatementJob } from "../statements/service.server";

const QUEUED_WORK: Record<string, (jobId: string) => Promise<unknown>> = {
  [IMPORT_JOB_TYPES.INVOICE]: runImport,
  [IMPORT_JOB_TYPES.BILL]: runImport,
  [STATEMENT_JOB_TYPE]: runStatementJob,
};

export const QUEUED_JOB_TYPES = Object.keys(QUEUED_WORK);

/** Runs queued jobs (of one company, when given) until none is left; returns how many it tried. */
export async function runQueuedJobs(options: { companyId?: number } = {}): Promise<number> {
  const tried = new Set<string>();
  for (;;) {
    const next = await Job.findOne({
      where: {
        status: "QUEUED",
        type: { [Op.in]: QUEUED_JOB_TYPES },
        ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
        ...(tried.size ? { id: { [Op.notIn]: [...tried] } } : {}),
      },
      order: [["createdAt", "ASC"]],
      attributes: ["id", "type"],
    });
    if (!next) return tried.size;
    tried.add(next.id);
    // A job that fails has its error on its row (executeJob); one bad job must not stop the others.
    await QUEUED_WORK[next.type](next.id).catch((error: unknown) => {
      // An AppError is an expected outcome (e.g. a wrong template), already on the job for the user to see.
      if (!(error instanceof AppError)) console.error(`Queued job ${next.id} (${next.type}) failed:`, error);
    });
  }
}
