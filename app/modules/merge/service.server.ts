/**
 * The counterparty merge as a queued job (part 2 §4 "Merge flow (admin)"; decision 039).
 *
 * startMerge checks the request (admin, two counterparties of the root company) and queues a COUNTERPARTY_MERGE job;
 * runMerge is its runner (jobs/registry.ts). The work goes in passes, each in batches of BATCH_SIZE documents, each
 * batch its own short transaction that locks only its rows (keyed by id, FOR UPDATE), re-reads their facts, moves
 * the ones that may move and commits the job's checkpoint with them:
 *   1. BILL, 2. INVOICE, 3. CREDIT_NOTE: documents with no credit allocation;
 *   4. LINKED: documents tied by allocations, a whole allocation group per transaction (credit notes locked first);
 *   5. PURCHASE_ORDER, 6. BILL_DOCUMENT: the root company's purchase orders with F and its bill documents on `from`;
 *   7. FINISH: `from`'s settings folded into `to` (rules.foldSettings), `from` removed when nothing is left on it, and
 *      the audit entry with the counts, in one transaction with the final checkpoint.
 * A ledger row is never written or changed. A document that may not move (rules.invalidReason) stays and is counted.
 *
 * Resumable: the checkpoint (pass, cursor, counts) is committed with each batch; a worker that dies leaves the job to
 * the reaper, and the next one carries on after the checkpoint. Idempotent: a document that moved no longer matches
 * the `from` side, so running a merge again moves nothing more; a job that finished is not run again.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Counterparty, Job } from "../../../db/models/index";
import { actingUserId, type Actor } from "../../lib/actor";
import { AppError, notFound } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { requireAdmin } from "../companies/service.server";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import {
  BILL_SCOPE,
  CREDIT_NOTE_FACTS,
  CREDIT_NOTE_SCOPE,
  INVOICE_FACTS,
  INVOICE_SCOPE,
  itemOf,
  linkedDocuments,
  loadMergeScope,
  planOf,
  scopeBind,
  type DocumentRow,
  type MergePlan,
  type MergeScope,
} from "./plan.server";
import {
  INVALID_ITEMS_SHOWN,
  MERGE_JOB_TYPE,
  COUNTERPARTY_SETTINGS,
  MERGE_MESSAGES,
  allocationGroups,
  batchGroups,
  countPlan,
  creditNoteKey,
  foldSettings,
  invalidReason,
  invoiceKey,
  mergeProgress,
  type CounterpartySettings,
  type MergeDocumentKind,
  type MergePlanCounts,
} from "./rules";

export { mergePlan, getMergeSource, searchMergeTargets, type MergePlan } from "./plan.server";
export { MERGE_JOB_TYPE, MERGE_MESSAGES } from "./rules";

/** Documents per transaction: small enough that a batch holds its row locks for milliseconds. */
export const MERGE_BATCH_SIZE = 1_000;

const PASSES = ["BILL", "INVOICE", "CREDIT_NOTE", "LINKED", "PURCHASE_ORDER", "BILL_DOCUMENT", "FINISH", "DONE"] as const;
type Pass = (typeof PASSES)[number];

/** The plan's figures as the merge found them (counted batch by batch), and what else it did. */
export interface MergeResult extends MergePlan {
  purchaseOrdersMoved: number;
  billDocumentsMoved: number;
  /** The `to` settings filled from `from`. */
  settingsFolded: string[];
  /** `from` was removed (nothing was left on it). */
  fromRemoved: boolean;
}

interface MergeCheckpoint {
  pass: Pass;
  /** Last id the current pass has settled (keyset). */
  cursor: number;
  /** Documents when the merge started, for the progress figure. */
  total: number;
  /** Documents settled so far (moved or kept back). */
  settled: number;
  result: MergeResult;
}

interface MergePayload extends MergeScope {
  checkpoint?: MergeCheckpoint;
}

export interface StartMergeInput {
  companyId: number;
  fromCounterpartyId: number;
  toCounterpartyId: number | null | undefined;
}

/**
 * Queues a merge (p2 §7 "merge (same three ids)"): admin only; both counterparties of `companyId`; one merge at a
 * time per counterparty. Returns the job the dialog and the CLI follow.
 */
export async function startMerge(actor: Actor, input: StartMergeInput, options: { runSoon?: boolean } = {}): Promise<JobView> {
  const job = await sequelize.transaction(async (transaction) => {
    const scope = await loadMergeScope(actor, input, { transaction });
    // One merge at a time on either counterparty: the root company's row is the lock that serialises the check.
    await sequelize.query(`SELECT id FROM companies WHERE id = $id FOR UPDATE`, { bind: { id: scope.rootCompanyId }, transaction });
    const [running] = await sequelize.query<{ id: string }>(
      `SELECT id FROM jobs WHERE type = $type AND company_id = $root AND status IN ('QUEUED','RUNNING')
          AND ((payload->>'fromCounterpartyId')::int IN ($from, $to) OR (payload->>'toCounterpartyId')::int IN ($from, $to)) LIMIT 1`,
      { bind: { type: MERGE_JOB_TYPE, root: scope.rootCompanyId, from: scope.fromCounterpartyId, to: scope.toCounterpartyId }, type: QueryTypes.SELECT, transaction }
    );
    if (running) throw new AppError(409, MERGE_MESSAGES.alreadyRunning, { code: "MERGE_RUNNING" });
    const payload: MergePayload = { ...scope };
    return createJob({ type: MERGE_JOB_TYPE, payload: { ...payload }, ownerUserId: actingUserId(actor), companyId: scope.rootCompanyId }, { transaction });
  });
  if (options.runSoon !== false) runQueuedJobsSoon();
  return job;
}

export interface MergeProgress {
  id: string;
  /** progressPercentage and status (p2 §3 "Merge progress"). */
  progressPercentage: number;
  status: "PENDING" | "SUCCESS" | "FAILED";
  error: string | null;
  result: MergeResult | null;
}

/** A merge of the company as the dialog polls it: admin only, 404 for another company's merge or any other job. */
export async function getMergeProgress(actor: Actor, companyId: number, jobId: string): Promise<MergeProgress> {
  requireAdmin(actor);
  const job = await getJob(actor, jobId);
  if (job.type !== MERGE_JOB_TYPE || job.companyId !== companyId) throw notFound(MERGE_MESSAGES.mergeNotFound);
  return toProgress(job);
}

export function toProgress(job: JobView): MergeProgress {
  const status = job.status === "SUCCEEDED" ? "SUCCESS" : job.status === "FAILED" || job.status === "CANCELLED" ? "FAILED" : "PENDING";
  return {
    id: job.id,
    progressPercentage: job.progress,
    status,
    error: job.error,
    result: job.status === "SUCCEEDED" ? (job.result as MergeResult) : null,
  };
}

/** The runner (jobs/registry.ts): runs a queued merge job to the end; a finished one is returned as it stands. */
export async function runMerge(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  const job = await Job.findByPk(jobId, { attributes: ["id", "type", "ownerUserId"] });
  if (!job || job.type !== MERGE_JOB_TYPE) throw notFound(MERGE_MESSAGES.mergeNotFound);
  const ownerUserId = job.ownerUserId ?? null;
  return executeJob(jobId, ({ payload, progress }) => mergeDocuments(jobId, payload as unknown as MergePayload, ownerUserId, progress), options);
}

// ---------------------------------------------------------------------------------------------------------------

async function mergeDocuments(
  jobId: string,
  payload: MergePayload,
  ownerUserId: number | null,
  progress: (percent: number) => Promise<void>
): Promise<MergeResult> {
  const scope: MergeScope = payload;
  const checkpoint = payload.checkpoint ?? (await firstCheckpoint(scope));
  const save = (next: MergeCheckpoint, transaction: Transaction) =>
    sequelize.query(`UPDATE jobs SET payload = payload || jsonb_build_object('checkpoint', $2::jsonb) WHERE id = $1`, {
      bind: [jobId, JSON.stringify(next)],
      transaction,
    });
  const report = () => progress(mergeProgress(checkpoint.settled, checkpoint.total));
  await report();

  while (checkpoint.pass !== "DONE") {
    const pass = checkpoint.pass;
    await sequelize.transaction(async (transaction) => {
      const finished = await runBatch(pass, scope, checkpoint, ownerUserId, transaction);
      if (finished) {
        checkpoint.pass = PASSES[PASSES.indexOf(pass) + 1];
        checkpoint.cursor = 0;
      }
      await save(checkpoint, transaction);
    });
    await report();
  }
  return checkpoint.result;
}

async function firstCheckpoint(scope: MergeScope): Promise<MergeCheckpoint> {
  const plan: MergePlan = await planOf(scope);
  const total =
    plan.validBillCount + plan.validInvoiceCount + plan.validCreditNoteCount + plan.invalidBillCount + plan.invalidInvoiceCount + plan.invalidCreditNoteCount;
  return {
    pass: "BILL",
    cursor: 0,
    total,
    settled: 0,
    result: {
      ...countPlan([]),
      rootCounterPartyEntityId: scope.rootCompanyId,
      fromEntityId: scope.fromCounterpartyId,
      toEntityId: scope.toCounterpartyId,
      fromCompanyName: scope.fromCompanyName,
      toCompanyName: scope.toCompanyName,
      invalidItems: [],
      purchaseOrdersMoved: 0,
      billDocumentsMoved: 0,
      settingsFolded: [],
      fromRemoved: false,
    },
  };
}

function record(checkpoint: MergeCheckpoint, row: Pick<DocumentRow, "id" | "number" | "kind">, reason: ReturnType<typeof invalidReason>) {
  const counts = countPlan([{ kind: row.kind, reason }]);
  for (const [key, value] of Object.entries(counts) as [keyof MergePlanCounts, number][]) checkpoint.result[key] += value;
  if (reason && checkpoint.result.invalidItems.length < INVALID_ITEMS_SHOWN) checkpoint.result.invalidItems.push(itemOf(row, reason));
  checkpoint.settled++;
}

/**
 * Counts a batch's documents without allocations (moved or kept back) and returns those that move; a document with an
 * allocation is left to the LINKED pass, which moves it with its allocation group.
 */
function settleUnlinked(checkpoint: MergeCheckpoint, rows: DocumentRow[]): number[] {
  const movable: number[] = [];
  for (const row of rows) {
    if (row.hasAllocation) continue;
    const reason = invalidReason(row);
    if (!reason) movable.push(row.id);
    record(checkpoint, row, reason);
  }
  return movable;
}

/**
 * The next batch of bills or invoices of the merge after $cursor, with their facts, locked: a range scan of
 * invoices_bill_pair_idx / invoices_invoice_pair_idx (tests/integration/counterparty-merge.test.ts checks the plan).
 */
export const invoiceBatchSql = (pass: "BILL" | "INVOICE") => `SELECT i.id, i.invoice_number AS number, i.type AS kind, ${INVOICE_FACTS}
   FROM invoices i WHERE ${pass === "BILL" ? BILL_SCOPE : INVOICE_SCOPE} AND i.id > $cursor
  ORDER BY i.id LIMIT $limit FOR UPDATE OF i`;

/** One batch of `pass`: returns true when the pass has nothing more to do. */
async function runBatch(pass: Pass, scope: MergeScope, checkpoint: MergeCheckpoint, ownerUserId: number | null, transaction: Transaction): Promise<boolean> {
  const bind = { ...scopeBind(scope), cursor: checkpoint.cursor, limit: MERGE_BATCH_SIZE };
  switch (pass) {
    case "BILL":
    case "INVOICE": {
      const rows = await sequelize.query<DocumentRow>(invoiceBatchSql(pass), { bind, type: QueryTypes.SELECT, transaction });
      await moveInvoices(scope, settleUnlinked(checkpoint, rows), transaction);
      if (rows.length > 0) checkpoint.cursor = rows[rows.length - 1].id;
      return rows.length < MERGE_BATCH_SIZE;
    }
    case "CREDIT_NOTE": {
      const rows = await sequelize.query<DocumentRow>(
        `SELECT c.id, c.credit_number AS number, 'CREDIT_NOTE' AS kind, ${CREDIT_NOTE_FACTS}
           FROM credit_notes c WHERE ${CREDIT_NOTE_SCOPE} AND c.id > $cursor
          ORDER BY c.id LIMIT $limit FOR UPDATE OF c`,
        { bind, type: QueryTypes.SELECT, transaction }
      );
      await moveCreditNotes(scope, settleUnlinked(checkpoint, rows), transaction);
      if (rows.length > 0) checkpoint.cursor = rows[rows.length - 1].id;
      return rows.length < MERGE_BATCH_SIZE;
    }
    case "LINKED":
      return moveLinkedBatch(scope, checkpoint, transaction);
    case "PURCHASE_ORDER": {
      const moved = await sequelize.query<{ id: number }>(
        `UPDATE purchase_orders SET supplier_company_id = $to
          WHERE id IN (SELECT id FROM purchase_orders WHERE company_id = $root AND supplier_company_id = $from ORDER BY id LIMIT $limit FOR UPDATE)
          RETURNING id`,
        { bind, type: QueryTypes.SELECT, transaction }
      );
      checkpoint.result.purchaseOrdersMoved += moved.length;
      return moved.length < MERGE_BATCH_SIZE;
    }
    case "BILL_DOCUMENT": {
      const moved = await sequelize.query<{ id: number }>(
        `UPDATE bill_documents SET counterparty_id = $toCp
          WHERE id IN (SELECT id FROM bill_documents WHERE company_id = $root AND counterparty_id = $fromCp ORDER BY id LIMIT $limit FOR UPDATE)
          RETURNING id`,
        { bind: { ...bind, toCp: scope.toCounterpartyId, fromCp: scope.fromCounterpartyId }, type: QueryTypes.SELECT, transaction }
      );
      checkpoint.result.billDocumentsMoved += moved.length;
      return moved.length < MERGE_BATCH_SIZE;
    }
    case "FINISH":
      await finish(scope, checkpoint, ownerUserId, transaction);
      return true;
    case "DONE":
      return true;
  }
}

/** Bills take `to` as their supplier (issued_by), invoices as their customer (issued_for); names follow. */
async function moveInvoices(scope: MergeScope, ids: number[], transaction: Transaction): Promise<void> {
  if (ids.length === 0) return;
  await sequelize.query(
    `UPDATE invoices SET
        issued_by = CASE WHEN type = 'BILL' THEN $to ELSE issued_by END,
        issued_by_company_name = CASE WHEN type = 'BILL' THEN $toName ELSE issued_by_company_name END,
        issued_for = CASE WHEN type = 'INVOICE' THEN $to ELSE issued_for END,
        issued_for_company_name = CASE WHEN type = 'INVOICE' THEN $toName ELSE issued_for_company_name END
      WHERE id = ANY($ids::int[])`,
    { bind: { to: scope.toCompanyId, toName: scope.toCompanyName, ids }, transaction }
  );
}

async function moveCreditNotes(scope: MergeScope, ids: number[], transaction: Transaction): Promise<void> {
  if (ids.length === 0) return;
  await sequelize.query(
    `UPDATE credit_notes SET
        issued_by = CASE WHEN issued_by = $from THEN $to ELSE issued_by END,
        issued_by_company_name = CASE WHEN issued_by = $from THEN $toName ELSE issued_by_company_name END,
        issued_for = CASE WHEN issued_for = $from THEN $to ELSE issued_for END,
        issued_for_company_name = CASE WHEN issued_for = $from THEN $toName ELSE issued_for_company_name END
      WHERE id = ANY($ids::int[])`,
    { bind: { from: scope.fromCompanyId, to: scope.toCompanyId, toName: scope.toCompanyName, ids }, transaction }
  );
}

/**
 * One batch of allocation groups (the LINKED pass): the groups are read afresh, the batch's credit notes then its
 * invoices locked in ascending id (the allocation trigger's order), and the groups read again under the locks; a
 * group moves whole when none of its documents has a reason to stay. The cursor is the first credit note id of the
 * last group settled.
 */
async function moveLinkedBatch(scope: MergeScope, checkpoint: MergeCheckpoint, transaction: Transaction): Promise<boolean> {
  const before = await linkedDocuments(scope, transaction);
  const pending = allocationGroups(before.allocations).filter((group) => (group.creditNoteIds[0] ?? 0) > checkpoint.cursor);
  if (pending.length === 0) return true;
  const [batch] = batchGroups(pending, MERGE_BATCH_SIZE);
  const creditNoteIds = batch.flatMap((group) => group.creditNoteIds).sort((a, b) => a - b);
  const invoiceIds = batch.flatMap((group) => group.invoiceIds).sort((a, b) => a - b);
  await sequelize.query(`SELECT id FROM credit_notes WHERE id = ANY($ids::int[]) ORDER BY id FOR UPDATE`, { bind: { ids: creditNoteIds }, transaction });
  await sequelize.query(`SELECT id FROM invoices WHERE id = ANY($ids::int[]) ORDER BY id FOR UPDATE`, { bind: { ids: invoiceIds }, transaction });
  // Under the locks: the facts and the allocations as they are now (an allocation made since joins its group).
  const now = await linkedDocuments(scope, transaction);
  const rowsByKey = new Map(now.rows.map((row) => [row.kind === "CREDIT_NOTE" ? creditNoteKey(row.id) : invoiceKey(row.id), row]));
  const locked = new Set([...creditNoteIds.map(creditNoteKey), ...invoiceIds.map(invoiceKey)]);
  const moveCn: number[] = [];
  const moveInv: number[] = [];
  for (const group of allocationGroups(now.allocations)) {
    const keys = [...group.creditNoteIds.map(creditNoteKey), ...group.invoiceIds.map(invoiceKey)];
    if (!keys.some((key) => locked.has(key))) continue; // another batch's group
    // A group that grew beyond the locked documents waits: it is counted as kept back this time.
    const grew = keys.some((key) => !locked.has(key));
    for (const key of keys) {
      const row = rowsByKey.get(key);
      if (!row) continue; // outside the merge (another company's record): it kept the group back already
      const reason = grew ? "CREDIT_LINKED" : (now.reasons.get(key) ?? null);
      record(checkpoint, row, reason);
    }
    if (!grew && !keys.some((key) => now.reasons.has(key))) {
      moveCn.push(...group.creditNoteIds);
      moveInv.push(...group.invoiceIds);
    }
  }
  await moveCreditNotes(scope, moveCn, transaction);
  await moveInvoices(scope, moveInv, transaction);
  checkpoint.cursor = Math.max(...batch.map((group) => group.creditNoteIds[0] ?? 0));
  return pending.length === batch.length;
}

const SETTINGS_ATTRIBUTES = ["id", ...COUNTERPARTY_SETTINGS] as const;

/** The last step: fold settings, remove `from` if nothing is left on it, audit. One transaction with the checkpoint. */
async function finish(scope: MergeScope, checkpoint: MergeCheckpoint, ownerUserId: number | null, transaction: Transaction): Promise<void> {
  const [first, second] = [scope.fromCounterpartyId, scope.toCounterpartyId].sort((a, b) => a - b);
  const rows = await Counterparty.findAll({
    where: { id: [first, second], companyId: scope.rootCompanyId },
    attributes: [...SETTINGS_ATTRIBUTES],
    order: [["id", "ASC"]],
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  const from = rows.find((row) => row.id === scope.fromCounterpartyId);
  const to = rows.find((row) => row.id === scope.toCounterpartyId);
  const result = checkpoint.result;
  if (from && to) {
    const patch = foldSettings(from as unknown as CounterpartySettings, to as unknown as CounterpartySettings);
    result.settingsFolded = Object.keys(patch);
    const [left] = await sequelize.query<{ left: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM invoices i WHERE (${BILL_SCOPE}) OR (${INVOICE_SCOPE}))
           OR EXISTS (SELECT 1 FROM credit_notes c WHERE ${CREDIT_NOTE_SCOPE})
           OR EXISTS (SELECT 1 FROM purchase_orders WHERE company_id = $root AND supplier_company_id = $from)
           OR EXISTS (SELECT 1 FROM bill_documents WHERE company_id = $root AND counterparty_id = $fromCp) AS left`,
      { bind: { ...scopeBind(scope), fromCp: scope.fromCounterpartyId }, type: QueryTypes.SELECT, transaction }
    );
    // The external account id names one counterparty of the company: `from` gives it up before `to` takes it.
    if (patch.externalAccountId !== undefined) await from.update({ externalAccountId: null }, { transaction });
    if (!left.left) {
      await from.destroy({ transaction });
      result.fromRemoved = true;
    }
    if (Object.keys(patch).length > 0) await to.update(patch, { transaction });
  }
  const { invalidItems, ...counts } = result;
  await audit(
    ownerUserId,
    {
      action: "counterparty.merge",
      companyId: scope.rootCompanyId,
      entityType: "counterparty",
      entityId: scope.toCounterpartyId,
      details: { ...counts, invalidItems: invalidItems.slice(0, 20).map((item) => ({ kind: item.kind, number: item.number, reason: item.reason })) },
    },
    { transaction }
  );
}

export type { MergeDocumentKind };
