/**
 * Which code runs which kind of job (issue 14 part 3): the modules export their runners and know nothing of the
 * queue; this registry, in the jobs door, maps each kind to its runner. app/modules/jobs keeps the records, leases and
 * progress and imports no module it runs, so no import cycle goes through it.
 */
import { IMPORT_JOB_TYPES } from "../app/modules/invoices/import-rules";
import { runImport } from "../app/modules/invoices/import.server";
import { EXECUTION_JOB_TYPE } from "../app/modules/offers/execution.rules";
import { runPurchaserOfferExecution } from "../app/modules/offers/execution.server";
import { COUNTERPARTY_IMPORT_JOB_TYPE } from "../app/modules/counterparties/import-rules";
import { runCounterpartyImport } from "../app/modules/counterparties/import.server";
import { STATEMENT_JOB_TYPE, runStatementJob } from "../app/modules/statements/service.server";
import { PERIOD_LOCK_JOB_TYPE, runPeriodLock } from "../app/modules/period-lock/service.server";
import { MERGE_JOB_TYPE } from "../app/modules/merge/rules";
import { runMerge } from "../app/modules/merge/service.server";
import { PROCESS_DOCUMENT_JOB_TYPE } from "../app/modules/documents/rules";
import { runProcessDocument } from "../app/modules/documents/processing.server";
import { DOCUMENTS_REMATCH_JOB_TYPE, runDocumentsRematch } from "../app/modules/matching/service.server";
import { PURCHASE_ORDER_IMPORT_JOB_TYPE } from "../app/modules/purchase-orders/rules";
import { runPurchaseOrderImport } from "../app/modules/purchase-orders/import.server";
import { BATCH_DELETE_JOB_TYPE } from "../app/modules/review/batch-delete";
import { runBatchDelete } from "../app/modules/review/batch-delete.server";
import { ACCOUNTING_SYNC_JOB_TYPE, runAccountingSync } from "../app/modules/integrations/sync/service.server";
import type { ExecuteJobOptions, JobView } from "../app/modules/jobs/service.server";

export type QueuedJobRunner = (jobId: string, options: ExecuteJobOptions) => Promise<JobView>;

export interface QueuedJobKind {
  run: QueuedJobRunner;
  /**
   * A failed attempt (an unexpected error, not an AppError) is tried again with backoff, up to JOB_MAX_ATTEMPTS.
   * Only for work that carries on from a checkpoint and is safe to repeat.
   */
  retry: boolean;
}

/**
 * Queued (on-demand) kinds. Each one is resumable: when its worker dies the reaper puts it back in QUEUED and the
 * next worker carries on (an import from its committedThroughLine checkpoint; an execution skips the invoices it
 * already recorded; a statement is written in one transaction, so it starts over).
 */
export const QUEUED_JOB_KINDS: Record<string, QueuedJobKind> = {
  [IMPORT_JOB_TYPES.INVOICE]: { run: runImport, retry: true },
  [IMPORT_JOB_TYPES.BILL]: { run: runImport, retry: true },
  [STATEMENT_JOB_TYPE]: { run: runStatementJob, retry: true },
  [EXECUTION_JOB_TYPE]: { run: runPurchaserOfferExecution, retry: true },
  [COUNTERPARTY_IMPORT_JOB_TYPE]: { run: runCounterpartyImport, retry: true },
  // One transaction with its rules checked again under the row lock: a repeat after a dead worker is refused or redone.
  [PERIOD_LOCK_JOB_TYPE]: { run: runPeriodLock, retry: true },
  // A merge carries on from its checkpoint (the pass and the last id it settled).
  [MERGE_JOB_TYPE]: { run: runMerge, retry: true },
  // Reading and matching a bill document: a repeat reads it again and replaces what the last attempt stored.
  [PROCESS_DOCUMENT_JOB_TYPE]: { run: (jobId, options) => runProcessDocument(jobId, options), retry: true },
  // Re-matching after a purchase order import: each batch is one transaction and a decided document is not decided again.
  [DOCUMENTS_REMATCH_JOB_TYPE]: { run: runDocumentsRematch, retry: true },
  // Purchase orders (issue 16 part 1): resumes from its checkpoint; the upsert is idempotent.
  [PURCHASE_ORDER_IMPORT_JOB_TYPE]: { run: runPurchaseOrderImport, retry: true },
  // A review list's batch Delete (decision 050): not retried, so the outcome counts each document once.
  [BATCH_DELETE_JOB_TYPE]: { run: runBatchDelete, retry: false },
  // Sync in from Xero / MYOB (issue 18 part 4): each page commits with its cursor; a retry resumes after the last one.
  [ACCOUNTING_SYNC_JOB_TYPE]: { run: runAccountingSync, retry: true },
};

export const QUEUED_JOB_TYPES = Object.keys(QUEUED_JOB_KINDS);
