/**
 * The work of each scheduled job, shared by the Bree worker (jobs/<name>.job.ts), `earlybird jobs:run` and tests.
 * The schedule itself (how often) is jobs/schedule.ts. Each run is a job row held by a lease like any other; a run
 * whose worker died is failed by the reaper (the next run does the work).
 */
import { expireStaleSessions } from "../app/modules/auth/service.server";
import { processPendingWithdrawals } from "../app/modules/ledger/bank-files.server";
import { expireTopUps } from "../app/modules/ledger/top-ups.server";
import { generateMonthEndStatements } from "../app/modules/statements/service.server";
import { expireSupplierOffers } from "../app/modules/offers/supplier-offers.server";
import { checkPurchaserOffers } from "../app/modules/offers/purchaser-offers.server";
import { removeOldData } from "../app/modules/retention/service.server";
import { autoLockPeriods } from "../app/modules/period-lock/service.server";
import { refreshExpiringTokens } from "../app/modules/integrations/connections.server";
import { AppError } from "../app/lib/errors";
import { isScheduledJobName, unknownJobMessage, type ScheduledJobName } from "../app/modules/jobs/schema";
import { runJob, type ExecuteJobOptions, type JobHandler, type JobView } from "../app/modules/jobs/service.server";

const SCHEDULED_WORK: Record<ScheduledJobName, JobHandler<unknown>> = {
  // Revoking an already revoked session is a no-op, so an overlapping run (two servers) does no harm.
  "expire-sessions": async () => expireStaleSessions(new Date()),
  // Writes pending withdrawals to bank payment files while file processing is RUNNING; guarded by row locks (ledger/bank-files.server.ts).
  "process-withdrawals": async ({ jobId, progress }) => processPendingWithdrawals({ jobId, progress }),
  // PENDING top-ups 7 days old become EXPIRED (D5); one guarded UPDATE, so overlapping runs are harmless.
  "expire-top-ups": async () => expireTopUps(new Date()),
  // The statement of the month just ended, per company and time zone; existing statements are left alone.
  "generate-statements": async ({ progress }) => generateMonthEndStatements(new Date(), progress),
  // CLEARING supplier offers past the end of day E in the supplier's zone become EXPIRED (D3); one guarded UPDATE.
  "expire-supplier-offers": async () => expireSupplierOffers(new Date()),
  // Recomputes purchaser offers' eligibility as due dates pass, reconciles them with their top-ups (docs/decisions/015).
  "check-purchaser-offers": async () => checkPurchaserOffers(new Date()),
  // Deletes what nothing else cleans (old mailbox messages, import files, expired idempotency keys and sessions).
  "remove-old-data": async () => removeOldData(new Date()),
  // The previous month's lock, on the first day of a month in each opted-in company's zone; already locked is skipped.
  "auto-lock-periods": async ({ progress }) => autoLockPeriods(new Date(), progress),
  // Access tokens expiring within 10 minutes are refreshed, each under its row lock; a dead grant marks its connection ERROR.
  "refresh-accounting-tokens": async () => refreshExpiringTokens({ withinMs: 10 * 60_000 }),
};

/** Runs a scheduled job in this process and records it in `jobs` (type = the job's name). */
export async function runScheduledJobNow(name: string, options: Pick<ExecuteJobOptions, "onProgress"> = {}): Promise<JobView> {
  if (!isScheduledJobName(name)) throw new AppError(404, unknownJobMessage(name), { code: "UNKNOWN_JOB", field: "name" });
  return runJob(name, SCHEDULED_WORK[name], options);
}
