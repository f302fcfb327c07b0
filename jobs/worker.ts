/**
 * Runs inside a Bree worker thread (bundled into build/jobs/<name>.js). The worker inherits process.env from the
 * scheduler, so DATABASE_URL is set; db/ is imported only after checking it, and the pool is closed before
 * 'done', because Bree terminates the thread as soon as it receives 'done'.
 */
import { parentPort } from "node:worker_threads";
import { jobLogger, logger } from "../app/lib/logger.server";
import type { ScheduledJobName } from "../app/modules/jobs/schema";
import type { QueueWorkerReport, WorkerReport } from "./schedule";

export async function runInWorker(name: ScheduledJobName): Promise<void> {
  let report: WorkerReport;
  try {
    if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL is not set in the job worker");
    const { sequelize } = await import("../db/index");
    (await import("../app/modules/offers/top-up-listeners.server")).registerOfferTopUpListeners();
    (await import("../app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
    try {
      const { runScheduledJobNow } = await import("./scheduled");
      const job = await runScheduledJobNow(name);
      report = { kind: "job-finished", name, jobId: job.id, status: job.status };
    } finally {
      // Writes into Xero or MYOB started after a commit (an early payment, a bill) finish before the pool closes.
      await (await import("../app/modules/integrations/push/in-flight.server")).settleAccountingPushes();
      await sequelize.close();
    }
  } catch (error) {
    report = { kind: "job-finished", name, jobId: null, status: "FAILED", error: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
  // Worker console output is flushed asynchronously and can be lost on terminate, so the outcome goes by message.
  if (parentPort) {
    parentPort.postMessage(report);
    parentPort.postMessage("done");
  } else {
    // Run outside Bree (node build/jobs/<name>.js): the outcome is a log line, under the job's id when it has one.
    const log = report.jobId ? jobLogger(report.jobId) : logger;
    if (report.status === "FAILED") {
      log.error({ job: name, status: report.status, error: report.error }, "scheduled job finished");
      process.exitCode = 1;
    } else log.info({ job: name, status: report.status }, "scheduled job finished");
  }
}

/**
 * The queue worker (jobs/run-queued-jobs.job.ts): hands back dead workers' jobs, runs every due QUEUED on-demand job
 * (imports, ...) and reports how many.
 */
export async function runQueueInWorker(): Promise<void> {
  let report: QueueWorkerReport;
  try {
    if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL is not set in the job worker");
    const { sequelize } = await import("../db/index");
    (await import("../app/modules/offers/top-up-listeners.server")).registerOfferTopUpListeners();
    (await import("../app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
    try {
      const { runQueuedJobs } = await import("./queue");
      report = { kind: "queue-finished", ran: await runQueuedJobs() };
    } finally {
      await (await import("../app/modules/integrations/push/in-flight.server")).settleAccountingPushes();
      await sequelize.close();
    }
  } catch (error) {
    report = { kind: "queue-finished", ran: 0, error: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
  if (parentPort) {
    parentPort.postMessage(report);
    parentPort.postMessage("done");
  } else {
    if (report.error) {
      logger.error({ ran: report.ran, error: report.error }, "queue worker finished");
      process.exitCode = 1;
    } else logger.info({ ran: report.ran }, "queue worker finished");
  }
}
