/**
 * Document matching (decisions D6; spec part 3 §4.1; docs/decisions/044-document-matching.md).
 *
 * `matchDocument(documentId)` is called by the document processing job once a document's fields are read;
 * `rematchCompanyDocuments` (the DOCUMENTS_REMATCH job) re-runs it for a company's documents waiting for their purchase
 * order and those sent for review (RETRY). Both go through `matchDocuments`, which is set-based: per batch, one
 * transaction locks the documents (FOR UPDATE SKIP LOCKED: a document someone else is deciding is left to them), reads
 * everything the rules need in a handful of indexed queries (company preferences and tolerance, counterparties by name,
 * purchase orders by number, bills and documents with the same numbers, orders already billed), applies the pure rules
 * (./rules.ts) and writes the decisions in one UPDATE, the review rows and audit entries in one INSERT each.
 *
 * A clean match in the AUTOMATIC queue becomes an AUTHORISED bill in the same transaction, written by the invoices
 * module's insertDocumentBills (one statement per batch; loadedBy RIPE, ripeBillDocumentId set), the document linked to it (invoice_id),
 * auto_processed, authorised_at, and a review row AUTO_PROCESS. Every query is scoped by the document's company.
 *
 * Idempotent: only documents in REMATCHABLE_STATUSES and not locked by a reviewer are decided; a decision equal to
 * the stored one writes nothing; an AUTHORISED document is never touched again.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { OPERATOR, operatorFor } from "../../lib/actor";
import { centsToDecimal, type Cents } from "../../lib/money";
import { auditAll } from "../audit/service.server";
import { findCompanyContext, type CompanyContext } from "../companies/service.server";
import { insertDocumentBills } from "../invoices/create.server";
import { defaultDueDate } from "../invoices/schema";
import { createJob, executeJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { effectiveLockDate } from "../period-lock/rules";
import { counterpartyLocksEnabled } from "../period-lock/service.server";
// TO BE REPLACED at the merge by "../purchase-orders/..." (helper P's module, same signatures).
import { normaliseOrderNumber } from "../purchase-orders/rules";
import { findPurchaseOrdersByNumber } from "../purchase-orders/service.server";
import {
  DEFAULT_TOLERANCE_CENTS,
  REMATCHABLE_STATUSES,
  decideMatch,
  normaliseInvoiceNumber,
  normaliseSupplierName,
  type BillKey,
  type MatchDecision,
  type MatchStatus,
  type ProcessingQueue,
} from "./rules";

import { DOCUMENTS_REMATCH_JOB_TYPE } from "../purchase-orders/rules";
export { DOCUMENTS_REMATCH_JOB_TYPE };
/** Documents decided per transaction. */
export const MATCH_BATCH_SIZE = 500;

export interface MatchOutcome {
  documentId: number;
  matchStatus: MatchStatus;
  processingStatus: string;
  processingQueue: ProcessingQueue;
  /** The bill an AUTOMATIC clean match became. */
  invoiceId: number | null;
  /** Whether anything was written (false: the stored decision was already this one). */
  changed: boolean;
}

// ---- Reading --------------------------------------------------------------------------------------------------------

interface DocumentRow {
  id: number;
  processing_status: string;
  match_status: MatchStatus | null;
  processing_queue: ProcessingQueue;
  supplier_name: string | null;
  counterparty_id: number | null;
  invoice_number: string | null;
  order_number: string | null;
  purchase_order_id: number | null;
  amount_c: string | null;
  pos_amount_c: string | null;
  date_issue: string | null;
  due_date: string | null;
}

interface CounterpartyRow {
  id: number;
  counterparty_company_id: number;
  company_name: string;
  is_supplier: boolean;
  default_processing_queue: ProcessingQueue | null;
  period_lock_date: string | null;
  contact_email: string | null;
  gl_code: string | null;
  frequency: "MONTHLY" | "WEEKLY" | null;
  term_date: number | null;
  day_of_week: string | null;
}

interface CompanyRow {
  default_processing_queue: ProcessingQueue | null;
  period_lock_date: string | null;
  tolerance_c: string | null;
}

const select = <Row extends object>(sql: string, replacements: Record<string, unknown>, t: Transaction) =>
  sequelize.query<Row>(sql, { type: QueryTypes.SELECT, replacements, transaction: t });

const cents = (value: string | null): Cents | null => (value === null ? null : (Number(value) as Cents));

/** The batch's documents that matching may decide, locked; a document another transaction holds is skipped. */
async function lockDocuments(companyId: number, ids: number[], t: Transaction, reviewerId: number | null): Promise<DocumentRow[]> {
  return select<DocumentRow>(
    `SELECT id, processing_status, match_status, processing_queue, supplier_name, counterparty_id, invoice_number, order_number, purchase_order_id,
            (invoice_amount * 100)::bigint AS amount_c, (pos_amount * 100)::bigint AS pos_amount_c, date_issue::text, due_date::text
       FROM bill_documents
      WHERE company_id = :companyId AND id IN (:ids) AND processing_status IN (:statuses)
        AND (locked_by_user_id IS NULL OR locked_by_user_id = :reviewerId)
        -- A bill a reviewer confirmed (PROCESSING, decision 047) is theirs, not matching's.
        AND confirmed_at IS NULL
      ORDER BY id
        FOR UPDATE SKIP LOCKED`,
    { companyId, ids, statuses: [...REMATCHABLE_STATUSES], reviewerId: reviewerId ?? 0 },
    t
  );
}

const COUNTERPARTY_COLUMNS = `cp.id, cp.counterparty_company_id, co.company_name, cp.is_supplier, cp.default_processing_queue, cp.period_lock_date::text,
       cp.contact_email, g.account_code AS gl_code, pt.frequency, pt.date AS term_date, pt.day_of_week`;
const COUNTERPARTY_JOINS = `JOIN companies co ON co.id = cp.counterparty_company_id
       LEFT JOIN gl_accounts g ON g.id = cp.gl_account_id AND g.is_visible_in_earlybird
       LEFT JOIN payment_terms pt ON pt.id = cp.payment_term_id`;

/** Lower-case spellings of a supplier name the companies name index can find ("… Ltd", "… Ltd.", "… Limited"). */
export function supplierNameCandidates(name: string): string[] {
  const base = name.trim().replace(/\s+/g, " ").toLowerCase();
  const stem = base.replace(/\s+(ltd\.?|limited)$/, "");
  const variants = new Set([base, base.replace(/\.$/, "")]);
  if (stem !== base) for (const suffix of [" ltd", " ltd.", " limited"]) variants.add(stem + suffix);
  return [...variants];
}

/**
 * The buyer's counterparties the documents name: by their counterparty_id when set (a reviewer's choice, kept), else by
 * supplier name (case, punctuation and Ltd/Limited aside; a supplier row before a customer one, then the oldest).
 */
async function counterpartiesFor(companyId: number, docs: DocumentRow[], t: Transaction): Promise<Map<number, CounterpartyRow>> {
  const ids = [...new Set(docs.map((doc) => doc.counterparty_id).filter((id): id is number => id !== null))];
  const names = [...new Set(docs.filter((doc) => doc.counterparty_id === null && doc.supplier_name?.trim()).flatMap((doc) => supplierNameCandidates(doc.supplier_name!)))];
  const byId = new Map<number, CounterpartyRow>();
  const byName = new Map<string, CounterpartyRow>();
  if (ids.length > 0) {
    const rows = await select<CounterpartyRow>(`SELECT ${COUNTERPARTY_COLUMNS} FROM counterparties cp ${COUNTERPARTY_JOINS} WHERE cp.company_id = :companyId AND cp.id IN (:ids)`, { companyId, ids }, t);
    for (const row of rows) byId.set(row.id, row);
  }
  if (names.length > 0) {
    const rows = await select<CounterpartyRow>(
      `SELECT ${COUNTERPARTY_COLUMNS} FROM counterparties cp ${COUNTERPARTY_JOINS}
        WHERE cp.company_id = :companyId AND lower(co.company_name) IN (:names)
        ORDER BY cp.is_supplier DESC, cp.id`,
      { companyId, names },
      t
    );
    for (const row of rows) {
      const key = normaliseSupplierName(row.company_name);
      if (!byName.has(key)) byName.set(key, row);
    }
  }
  const found = new Map<number, CounterpartyRow>();
  for (const doc of docs) {
    const row = doc.counterparty_id !== null ? byId.get(doc.counterparty_id) : doc.supplier_name ? byName.get(normaliseSupplierName(doc.supplier_name)) : undefined;
    if (row) found.set(doc.id, row);
  }
  return found;
}

/** The live bills (any type, issued to the buyer) and live documents with the batch's invoice numbers. */
async function sameNumberRecords(companyId: number, docs: DocumentRow[], counterparties: Map<number, CounterpartyRow>, t: Transaction) {
  const numbers = [...new Set(docs.flatMap((doc) => (doc.invoice_number?.trim() ? [doc.invoice_number.trim(), normaliseInvoiceNumber(doc.invoice_number)] : [])))];
  const supplierIds = [...new Set([...counterparties.values()].map((row) => row.counterparty_company_id))];
  const bills: BillKey[] = [];
  const documents: (BillKey & { id: number })[] = [];
  if (numbers.length === 0) return { bills, documents };
  if (supplierIds.length > 0) {
    const rows = await select<{ issued_by: number; invoice_number: string; amount_c: string }>(
      `SELECT issued_by, invoice_number, (total * 100)::bigint AS amount_c FROM invoices
        WHERE issued_for = :companyId AND deleted_at IS NULL AND invoice_number IN (:numbers) AND issued_by IN (:supplierIds)`,
      { companyId, numbers, supplierIds },
      t
    );
    for (const row of rows) bills.push({ supplierCompanyId: row.issued_by, invoiceNumber: row.invoice_number, amountCents: Number(row.amount_c) as Cents });
  }
  const rows = await select<{ id: number; supplier_company_id: number; invoice_number: string; amount_c: string }>(
    // The supplier by primary key per document found (few): never a scan of the counterparties table.
    `SELECT d.id, (SELECT cp.counterparty_company_id FROM counterparties cp WHERE cp.id = d.counterparty_id) AS supplier_company_id,
            d.invoice_number, (d.invoice_amount * 100)::bigint AS amount_c
       FROM bill_documents d
      WHERE d.company_id = :companyId AND d.invoice_number IN (:numbers) AND d.invoice_amount IS NOT NULL AND d.counterparty_id IS NOT NULL
        AND d.processing_status NOT IN ('DELETED','FAILED')`,
    { companyId, numbers },
    t
  );
  for (const row of rows) documents.push({ id: row.id, supplierCompanyId: row.supplier_company_id, invoiceNumber: row.invoice_number, amountCents: Number(row.amount_c) as Cents });
  return { bills, documents };
}

/** Of the batch's CLOSED orders, those a live bill (by order number) or an authorised document was raised against. */
async function billedOrders(companyId: number, closed: { id: number; orderNumber: string }[], t: Transaction): Promise<Set<number>> {
  const billed = new Set<number>();
  if (closed.length === 0) return billed;
  const byDocument = await select<{ purchase_order_id: number }>(
    `SELECT DISTINCT purchase_order_id FROM bill_documents WHERE purchase_order_id IN (:ids) AND company_id = :companyId AND processing_status = 'AUTHORISED'`,
    { companyId, ids: closed.map((order) => order.id) },
    t
  );
  for (const row of byDocument) billed.add(row.purchase_order_id);
  const byBill = await select<{ order_number: string }>(
    `SELECT DISTINCT order_number FROM invoices WHERE issued_for = :companyId AND deleted_at IS NULL AND order_number IN (:numbers)`,
    { companyId, numbers: closed.map((order) => order.orderNumber) },
    t
  );
  const numbers = new Set(byBill.map((row) => normaliseOrderNumber(row.order_number)));
  for (const order of closed) if (numbers.has(normaliseOrderNumber(order.orderNumber))) billed.add(order.id);
  return billed;
}

// ---- Deciding and writing -------------------------------------------------------------------------------------------

interface Decided {
  doc: DocumentRow;
  counterparty: CounterpartyRow | null;
  purchaseOrderId: number | null;
  decision: MatchDecision;
  invoiceId: number | null;
}

/**
 * Writes the AUTHORISED bills of the batch's clean AUTOMATIC matches in one statement (the invoices module's
 * insertDocumentBills). A number taken since the read is skipped there: that document is a duplicate after all.
 */
async function authoriseWithoutPerson(company: CompanyContext, items: Decided[], t: Transaction): Promise<void> {
  const records = items.flatMap(({ doc, counterparty }) => {
    if (!counterparty) return [];
    const term = counterparty.frequency ? { frequency: counterparty.frequency, date: counterparty.term_date, dayOfWeek: counterparty.day_of_week } : null;
    return [
      {
        companyId: company.id,
        supplier: { id: counterparty.counterparty_company_id, name: counterparty.company_name },
        purchaser: { id: company.id, name: company.name },
        invoiceNumber: doc.invoice_number!.trim(),
        orderNumber: doc.order_number?.trim() || null,
        issueDate: doc.date_issue,
        dueDate: doc.due_date ?? defaultDueDate(company.today, term, "BILL"),
        currency: company.currency,
        total: cents(doc.amount_c)!,
        contactEmail: counterparty.contact_email,
        billGlCode: counterparty.gl_code,
        ripeBillDocumentId: doc.id,
        auditDetails: { documentId: doc.id, autoProcessed: true },
      },
    ];
  });
  const bills = await insertDocumentBills(operatorFor(company.id), records, t);
  for (const item of items) {
    item.invoiceId = bills.get(item.doc.id) ?? null;
    if (item.invoiceId === null) {
      item.decision = { ...item.decision, matchStatus: "POTENTIAL_DUPLICATE", reasons: ["POTENTIAL_DUPLICATE", ...item.decision.reasons], processingStatus: "BLOCKED" };
    }
  }
}

const sameDecision = (item: Decided) =>
  item.doc.match_status === item.decision.matchStatus &&
  item.doc.processing_status === item.decision.processingStatus &&
  item.doc.processing_queue === item.decision.processingQueue &&
  item.doc.counterparty_id === (item.counterparty?.id ?? null) &&
  item.doc.purchase_order_id === item.purchaseOrderId &&
  cents(item.doc.pos_amount_c) === item.decision.posAmountCents;

async function writeDecisions(companyId: number, decided: Decided[], t: Transaction): Promise<void> {
  const changed = decided.filter((item) => !sameDecision(item) || item.invoiceId !== null);
  if (changed.length === 0) return;
  const rows = changed.map((item) => ({
    id: item.doc.id,
    match_status: item.decision.matchStatus,
    processing_status: item.decision.processingStatus,
    processing_queue: item.decision.processingQueue,
    counterparty_id: item.counterparty?.id ?? null,
    purchase_order_id: item.purchaseOrderId,
    pos_amount: item.decision.posAmountCents === null ? null : centsToDecimal(item.decision.posAmountCents),
    invoice_id: item.invoiceId,
  }));
  await sequelize.query(
    `UPDATE bill_documents d
        SET match_status = x.match_status, processing_status = x.processing_status, processing_queue = x.processing_queue,
            counterparty_id = x.counterparty_id, purchase_order_id = x.purchase_order_id, pos_amount = x.pos_amount,
            processing_error = NULL, processed_at = now(),
            invoice_id = COALESCE(x.invoice_id, d.invoice_id),
            auto_processed = x.invoice_id IS NOT NULL OR d.auto_processed,
            authorised_at = CASE WHEN x.invoice_id IS NOT NULL THEN now() ELSE d.authorised_at END,
            authorised_amount = CASE WHEN x.invoice_id IS NOT NULL THEN d.invoice_amount ELSE d.authorised_amount END
       FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(id integer, match_status text, processing_status text, processing_queue text,
                                                         counterparty_id integer, purchase_order_id integer, pos_amount numeric, invoice_id integer)
      WHERE d.id = x.id AND d.company_id = :companyId`,
    { replacements: { rows: JSON.stringify(rows), companyId }, transaction: t }
  );
  // The engine's decision (MATCH), or for a clean AUTOMATIC match the authorisation without a person (AUTO_PROCESS).
  const reviews = changed.map((item) => ({
    document_id: item.doc.id,
    action: item.invoiceId !== null ? "AUTO_PROCESS" : "MATCH",
    from_status: item.doc.processing_status,
    to_status: item.decision.processingStatus,
    details: {
      matchStatus: item.decision.matchStatus,
      reasons: item.decision.reasons,
      missing: item.decision.missing,
      processingQueue: item.decision.processingQueue,
      ...(item.invoiceId !== null ? { invoiceId: item.invoiceId } : {}),
    },
  }));
  await sequelize.query(
    `INSERT INTO bill_document_reviews (document_id, user_id, action, from_status, to_status, details)
     SELECT x.document_id, NULL, x.action, x.from_status, x.to_status, x.details
       FROM jsonb_to_recordset(CAST(:reviews AS jsonb)) AS x(document_id integer, action text, from_status text, to_status text, details jsonb)`,
    { replacements: { reviews: JSON.stringify(reviews) }, transaction: t }
  );
  await auditAll(
    OPERATOR,
    changed.map((item) => ({
      companyId,
      action: item.invoiceId !== null ? "document.auto-process" : "document.match",
      entityType: "bill_document",
      entityId: item.doc.id,
      details: { matchStatus: item.decision.matchStatus, from: item.doc.processing_status, to: item.decision.processingStatus, invoiceId: item.invoiceId },
    })),
    { transaction: t }
  );
}

export interface MatchOptions {
  now?: Date;
  /** The caller's transaction (the processing job's, holding the document): matching runs inside it. */
  transaction?: Transaction;
  /**
   * A reviewer whose own lock does not keep their documents from matching (the review actions that send a document
   * back to RETRY re-match it in their transaction, still holding it: decision 047). Anyone else's lock still does.
   */
  lockedBy?: number;
}

/**
 * Decides the company's documents `documentIds` (those matching may decide; others are skipped) in one transaction and
 * writes the decisions. Returns one outcome per document decided.
 */
export async function matchDocuments(companyId: number, documentIds: number[], options: MatchOptions = {}): Promise<MatchOutcome[]> {
  const ids = [...new Set(documentIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const company = await findCompanyContext(companyId, { now: options.now, transaction: options.transaction });
  if (!company) return [];
  // Inside the caller's transaction (a savepoint) when given: its own row locks do not hide its documents.
  return sequelize.transaction(options.transaction ? { transaction: options.transaction } : {}, async (t) => {
    const docs = await lockDocuments(companyId, ids, t, options.lockedBy ?? null);
    if (docs.length === 0) return [];
    const [settings] = await select<CompanyRow>(
      `SELECT ep.default_processing_queue, ep.period_lock_date::text, (cs.authorisation_tolerance * 100)::bigint AS tolerance_c
         FROM companies c LEFT JOIN entity_preferences ep ON ep.company_id = c.id LEFT JOIN company_settings cs ON cs.company_id = c.id
        WHERE c.id = :companyId`,
      { companyId },
      t
    );
    const counterpartyLocks = await counterpartyLocksEnabled(companyId, t);
    const counterparties = await counterpartiesFor(companyId, docs, t);
    const orders = await findPurchaseOrdersByNumber(
      companyId,
      docs.flatMap((doc) => (doc.order_number?.trim() ? [doc.order_number] : []))
    );
    const orderOf = (doc: DocumentRow) => (doc.order_number?.trim() ? orders.get(normaliseOrderNumber(doc.order_number)) ?? null : null);
    const closed = [...orders.values()].filter((order) => order.status === "CLOSED");
    const billed = await billedOrders(companyId, closed, t);
    const same = await sameNumberRecords(companyId, docs, counterparties, t);
    const tolerance = cents(settings?.tolerance_c ?? null) ?? DEFAULT_TOLERANCE_CENTS;

    const decided: Decided[] = [];
    for (const doc of docs) {
      const counterparty = counterparties.get(doc.id) ?? null;
      const order = orderOf(doc);
      const number = doc.invoice_number ? normaliseInvoiceNumber(doc.invoice_number) : null;
      const supplierId = counterparty?.counterparty_company_id ?? null;
      const sameSupplier = <Key extends BillKey>(key: Key) => key.supplierCompanyId === supplierId && normaliseInvoiceNumber(key.invoiceNumber) === number;
      // Earlier documents count as the original (this batch's included, with the counterparty just found).
      const earlierDocuments: BillKey[] = [
        ...same.documents.filter((other) => other.id < doc.id && sameSupplier(other) && !docs.some((inBatch) => inBatch.id === other.id)),
        ...decided.flatMap((prior) =>
          prior.counterparty && prior.doc.invoice_number && prior.doc.amount_c !== null
            ? [{ supplierCompanyId: prior.counterparty.counterparty_company_id, invoiceNumber: prior.doc.invoice_number, amountCents: Number(prior.doc.amount_c) as Cents }]
            : []
        ).filter(sameSupplier),
      ];
      const bills = same.bills.filter(sameSupplier);
      const decision = decideMatch({
        fields: { supplierName: doc.supplier_name, invoiceNumber: doc.invoice_number, orderNumber: doc.order_number, issueDate: doc.date_issue, amountCents: cents(doc.amount_c) },
        counterparty: counterparty ? { companyId: counterparty.counterparty_company_id, name: counterparty.company_name, queue: counterparty.default_processing_queue } : null,
        companyQueue: settings?.default_processing_queue ?? null,
        sameNumber: [...bills, ...earlierDocuments],
        sameNumberBill: bills.length > 0,
        lockDate: effectiveLockDate({ companyLockDate: settings?.period_lock_date ?? null, counterpartyLockDate: counterparty?.period_lock_date ?? null, counterpartyLocks }),
        purchaseOrder: order,
        purchaseOrderBilled: order !== null && billed.has(order.id),
        toleranceCents: tolerance,
      });
      decided.push({ doc, counterparty, purchaseOrderId: decision.posAmountCents !== null && order ? order.id : null, decision, invoiceId: null });
    }
    await authoriseWithoutPerson(
      company,
      decided.filter((item) => item.decision.processingStatus === "AUTHORISED"),
      t
    );
    await writeDecisions(companyId, decided, t);
    return decided.map((item) => ({
      documentId: item.doc.id,
      matchStatus: item.decision.matchStatus,
      processingStatus: item.decision.processingStatus,
      processingQueue: item.decision.processingQueue,
      invoiceId: item.invoiceId,
      changed: !sameDecision(item) || item.invoiceId !== null,
    }));
  });
}

/**
 * Matches one document (the document processing job calls it once the fields are stored). A document matching may
 * not decide (authorised, deleted, failed, pending approval, locked by a reviewer) or that does not exist is left as
 * it is.
 */
export async function matchDocument(documentId: number, options: MatchOptions = {}): Promise<void> {
  if (!Number.isSafeInteger(documentId) || documentId <= 0) return;
  const [row] = await sequelize.query<{ company_id: number }>(`SELECT company_id FROM bill_documents WHERE id = :documentId`, {
    type: QueryTypes.SELECT,
    replacements: { documentId },
    transaction: options.transaction,
  });
  if (!row) return;
  await matchDocuments(row.company_id, [documentId], options);
}

// ---- Re-matching: the DOCUMENTS_REMATCH job ---------------------------------------------------------------------------

/**
 * The company's documents waiting for their purchase order (ORDER_NOT_FOUND_GPOS in a review list) and those sent for
 * review after a correction (RETRY with their fields read: a RETRY that was never read is the processing job's),
 * in id order: the partial index bill_documents_rematch_idx.
 */
const REMATCH_WHERE = `company_id = :companyId
   AND (processing_status = 'RETRY' OR (match_status = 'ORDER_NOT_FOUND_GPOS' AND processing_status IN ('PENDING_REVIEW','UNMATCHED')))
   AND (processing_status <> 'RETRY' OR text_source IS NOT NULL)`;

export interface RematchResult {
  companyId: number;
  /** Documents looked at. */
  total: number;
  /** Documents whose decision changed. */
  changed: number;
  /** Documents that became bills. */
  authorised: number;
}

export async function rematchCompanyDocuments(
  companyId: number,
  options: { batchSize?: number; now?: Date; onProgress?: (percent: number) => Promise<void> | void } = {}
): Promise<RematchResult> {
  const batchSize = options.batchSize ?? MATCH_BATCH_SIZE;
  const [{ count }] = await sequelize.query<{ count: string }>(`SELECT count(*) FROM bill_documents WHERE ${REMATCH_WHERE}`, {
    type: QueryTypes.SELECT,
    replacements: { companyId },
  });
  const waiting = Number(count);
  const result: RematchResult = { companyId, total: 0, changed: 0, authorised: 0 };
  let after = 0;
  for (;;) {
    const ids = await sequelize.query<{ id: number }>(`SELECT id FROM bill_documents WHERE ${REMATCH_WHERE} AND id > :after ORDER BY id LIMIT :limit`, {
      type: QueryTypes.SELECT,
      replacements: { companyId, after, limit: batchSize },
    });
    if (ids.length === 0) break;
    after = ids[ids.length - 1].id;
    const outcomes = await matchDocuments(
      companyId,
      ids.map((row) => row.id),
      { now: options.now }
    );
    result.total += ids.length;
    result.changed += outcomes.filter((outcome) => outcome.changed).length;
    result.authorised += outcomes.filter((outcome) => outcome.invoiceId !== null).length;
    if (waiting > 0) await options.onProgress?.(Math.min(99, Math.floor((result.total * 100) / waiting)));
  }
  return result;
}

function companyIdOf(payload: Record<string, unknown>): number {
  const companyId = Number(payload.companyId);
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`${DOCUMENTS_REMATCH_JOB_TYPE}: payload without a companyId`);
  return companyId;
}

/** The DOCUMENTS_REMATCH runner (jobs/registry.ts). Safe to repeat: a decided document is not decided again. */
export async function runDocumentsRematch(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  return executeJob(jobId, ({ payload, progress }) => rematchCompanyDocuments(companyIdOf(payload), { onProgress: progress }), options);
}

/**
 * Queues a DOCUMENTS_REMATCH job for the company (after a purchase order import) and wakes the queue after commit.
 * Inside `transaction` the job is created with it.
 */
export async function enqueueDocumentsRematch(companyId: number, options: { transaction?: Transaction } = {}): Promise<JobView> {
  const job = await createJob({ type: DOCUMENTS_REMATCH_JOB_TYPE, payload: { companyId }, companyId }, { transaction: options.transaction });
  if (options.transaction) options.transaction.afterCommit(() => runQueuedJobsSoon());
  else runQueuedJobsSoon();
  return job;
}
