/**
 * Sync now on Settings → Connected apps (issue 18 part 4): the queued sync job of the integrations module, and its
 * status as the progress dialog polls it (GUIDE rule 8).
 */
import type { Actor } from "~/lib/actor";
import { AppError } from "~/lib/errors";
import { ACCOUNTING_SYNC_JOB_TYPE, startAccountingSync, type SyncSummary } from "~/modules/integrations/sync/service.server";
import { getJob } from "~/modules/jobs/service.server";
import { redirectWithToast } from "~/web/toast.server";

/** Starts the company's sync (one at a time: the module answers a running one) and opens its progress dialog. */
export async function startSyncNow(actor: Actor) {
  const { jobId, alreadyRunning } = await startAccountingSync(actor, {});
  return redirectWithToast(`/settings/connected-apps/sync/${jobId}`, { type: "info", message: alreadyRunning ? "A sync is already running" : "Sync started" });
}

/** What the Sync now dialog polls (GET /resources/accounting-sync/:jobId). */
export interface AccountingSyncJobStatus {
  id: string;
  status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
  progress: number;
  error: string | null;
  /** Per kind of record, once the sync is done. */
  summary: { kind: string; created: number; updated: number; skipped: number; failed: number }[] | null;
}

const KIND_LABELS: Record<keyof SyncSummary["kinds"], string> = {
  contacts: "Contacts",
  bills: "Bills",
  invoices: "Invoices",
  accounts: "Accounts",
  purchaseOrders: "Purchase orders",
  agedPayables: "Aged payables",
};

/** The actor's accounting sync job (404 for any other job: a job id from a URL is looked up within the company). */
export async function accountingSyncJob(actor: Actor, jobId: string): Promise<AccountingSyncJobStatus> {
  const job = await getJob(actor, jobId);
  if (job.type !== ACCOUNTING_SYNC_JOB_TYPE) throw new AppError(404, "Job not found", { code: "NOT_FOUND" });
  const result = job.status === "SUCCEEDED" ? (job.result as Partial<SyncSummary> | null) : null;
  const kinds = result?.kinds ?? null;
  return {
    id: job.id,
    status: job.status as AccountingSyncJobStatus["status"],
    progress: job.progress,
    error: job.status === "FAILED" || job.status === "CANCELLED" ? (job.error ?? "Something went wrong") : null,
    summary: kinds
      ? (Object.keys(KIND_LABELS) as (keyof SyncSummary["kinds"])[])
          .filter((kind) => kinds[kind])
          .map((kind) => ({ kind: KIND_LABELS[kind], ...kinds[kind]! }))
      : null,
  };
}
