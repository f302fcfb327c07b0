/**
 * Sync out (issue 18 part 5; docs/decisions/058): what Earlybird writes into its companies' Xero and MYOB books.
 *
 * - Enqueue, inside the transaction that causes the write (an outbox): `enqueueEarlyPaymentPushes` (the ledger's
 *   "early payment completed", through listeners.server.ts) and `enqueueBillCreates` (a bill ticked "Create bill in
 *   Xero"). Each row's idempotency key is unique, so the same event twice inserts nothing new. Nothing is written for
 *   a side whose company has no live connection, whose accounts are not mapped, or whose bill or invoice is not in
 *   those books (no external id).
 * - Deliver after the commit (transaction.afterCommit) and again from the `push-accounting` scheduled job
 *   (`runDuePushes`), which also sweeps for ticked bills nobody enqueued. A delivery claims its row first (moves
 *   next_attempt_at ahead, attempts + 1), so two deliverers never send one push at once; the provider gets the row's
 *   key as Idempotency-Key, so a resend after a lost answer writes nothing twice. A provider that is down (5xx, 429,
 *   network) gets exponential backoff; after MAX_PUSH_ATTEMPTS, or at once for an answer retrying cannot change (a
 *   400), the push is FAILED with last_error. Every outcome is a line of the sync log.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../../db/index";
import { AccountingConnection, AccountingPush, Counterparty, GlAccount, Invoice, InvoiceItem, RelayAccount } from "../../../../db/models/index";
import type { AccountingProvider } from "../../../../db/models/accounting-connection";
import type { AccountingPushKind, AccountingPushSide } from "../../../../db/models/accounting-push";
import { logger } from "../../../lib/logger.server";
import type { Cents } from "../../../lib/money";
import type { EarlyPaymentCompleted } from "../../ledger/early-payment-events.server";
import { recordSyncEvent } from "../sync-log.server";
import { settleAccountingPushes, trackDelivery } from "./in-flight.server";
import { booksWriterFor, type BooksWriter, type PaymentPayload } from "./books.server";
import {
  backoffMs,
  DELIVERY_LEASE_MS,
  describeError,
  isRetryable,
  MAX_PUSH_ATTEMPTS,
  paymentPushKey,
  plannedPayments,
  retryAfterOf,
} from "./rules";

// ---------------------------------------------------------------------------------------------------------------
// Enqueue

interface SideDocument {
  id: number;
  invoice_number: string;
  external_id: string;
  loaded_by: string;
}

/**
 * The side's own record of the paid bill in its books: the paid row itself when it is that side's (a BILL for the
 * purchaser, an INVOICE for the supplier), else that side's row for the same number between the same two companies;
 * with an external id, loaded from this provider (or created there by Earlybird).
 */
async function sideDocument(t: Transaction, event: EarlyPaymentCompleted, side: AccountingPushSide, provider: AccountingProvider): Promise<SideDocument | null> {
  const [row] = await sequelize.query<SideDocument>(
    `SELECT o.id, o.invoice_number, o.external_id, o.loaded_by
       FROM invoices p
       JOIN invoices o ON o.issued_by = p.issued_by AND o.issued_for = p.issued_for AND o.invoice_number = p.invoice_number
        AND o.type = :type AND o.deleted_at IS NULL AND o.external_id IS NOT NULL
        AND (o.loaded_by = :provider OR o.loaded_by NOT IN ('XERO', 'MYOB_ESSENTIALS', 'MYOB_ACCOUNT_RIGHT'))
      WHERE p.id = :invoiceId
      ORDER BY (o.id = p.id) DESC, o.id
      LIMIT 1`,
    { type: QueryTypes.SELECT, replacements: { invoiceId: event.invoiceId, type: side === "PURCHASER" ? "BILL" : "INVOICE", provider }, transaction: t },
  );
  return row ?? null;
}

/**
 * Listener of the ledger's "early payment completed" (in its transaction): PENDING pushes for each side that keeps
 * books Earlybird can write to, delivered after the commit. Returns the rows inserted (none when already there).
 */
export async function enqueueEarlyPaymentPushes(t: Transaction, event: EarlyPaymentCompleted): Promise<string[]> {
  const inserted: string[] = [];
  // One query for both sides: most payments are between companies without books to write (no connection).
  const connections = await AccountingConnection.findAll({
    where: { companyId: [event.purchaserCompanyId, event.supplierCompanyId], status: "CONNECTED" },
    order: [["id", "DESC"]],
    transaction: t,
  });
  for (const side of ["PURCHASER", "SUPPLIER"] as const) {
    const companyId = side === "PURCHASER" ? event.purchaserCompanyId : event.supplierCompanyId;
    const otherId = side === "PURCHASER" ? event.supplierCompanyId : event.purchaserCompanyId;
    const connection = connections.find((entry) => entry.companyId === companyId);
    if (!connection) continue;
    const { provider } = connection;
    const mapped = await RelayAccount.findAll({ where: { companyId, provider }, transaction: t });
    if (mapped.length === 0) continue; // connected, mapping not finished: nothing to post to
    const document = await sideDocument(t, event, side, provider);
    if (!document) {
      await recordSyncEvent(
        {
          companyId,
          connectionId: connection.id,
          provider,
          direction: "OUT",
          kind: "PAYMENT",
          outcome: "SKIPPED",
          invoiceId: event.invoiceId,
          message: `The ${side === "PURCHASER" ? "bill" : "invoice"} paid early is not in ${providerName(provider)}: its payment was not recorded there`,
          details: { ledgerTransactionId: event.ledgerTransactionId },
        },
        { transaction: t },
      );
      continue;
    }
    const contact = await Counterparty.findOne({ where: { companyId, counterpartyCompanyId: otherId }, attributes: ["id", "externalAccountId"], transaction: t });
    const bank = mapped.find((entry) => entry.earlybirdAccountType === "EARLYBIRD_BANK_ACCOUNT");
    if (!bank) continue;
    for (const planned of plannedPayments(provider, side, event)) {
      const account = mapped.find((entry) => entry.earlybirdAccountType === planned.account);
      if (!account) continue;
      const payload: PaymentPayload = {
        kind: planned.kind,
        documentExternalId: document.external_id,
        documentNumber: document.invoice_number,
        account: { code: account.code, externalId: account.externalAccountId },
        bankAccount: { code: bank.code, externalId: bank.externalAccountId },
        amount: planned.amount,
        date: event.paidDate,
        reference: `Earlybird ${planned.kind === "PAYMENT" ? "early payment" : planned.kind === "FEE" ? "service fee" : "cashback"} ${document.invoice_number}`,
        contactExternalId: contact?.externalAccountId ?? null,
      };
      const id = await insertPush(t, {
        companyId,
        connectionId: connection.id,
        provider,
        kind: planned.kind,
        side,
        invoiceId: document.id,
        ledgerTransactionId: event.ledgerTransactionId,
        idempotencyKey: paymentPushKey(event.ledgerTransactionId, planned.kind, side),
        amount: planned.amount,
        payload: { ...payload },
      });
      if (id) inserted.push(id);
    }
  }
  deliverAfterCommit(t, inserted);
  return inserted;
}

async function insertPush(
  t: Transaction | null,
  row: {
    companyId: number;
    connectionId: number;
    provider: AccountingProvider;
    kind: AccountingPushKind;
    side: AccountingPushSide;
    invoiceId: number;
    ledgerTransactionId: number | null;
    idempotencyKey: string;
    amount: Cents | null;
    payload: Record<string, unknown> | null;
  },
): Promise<string | null> {
  const [created] = await sequelize.query<{ id: string }>(
    `INSERT INTO accounting_pushes (company_id, connection_id, provider, kind, side, invoice_id, ledger_transaction_id, idempotency_key, amount, payload)
     VALUES (:companyId, :connectionId, :provider, :kind, :side, :invoiceId, :ledgerTransactionId, :idempotencyKey, CAST(:amount AS numeric) / 100, CAST(:payload AS jsonb))
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id::text AS id`,
    {
      type: QueryTypes.SELECT,
      replacements: { ...row, amount: row.amount, payload: row.payload ? JSON.stringify(row.payload) : null },
      transaction: t ?? undefined,
    },
  );
  return created?.id ?? null;
}

/**
 * Bills ticked "Create bill in Xero" (createBillInXero) and not in the books yet, of companies with a live
 * connection: one BILL_CREATE push each (once per provider). `companyId` and `invoiceIds` narrow the search (the
 * invoices module's event); without them every company is swept (the job). Only bills written since the connection
 * was made: a tick stored before anything read it never floods a newly connected ledger.
 */
export async function enqueueBillCreates(
  t: Transaction | null,
  scope: { companyId?: number; invoiceIds?: number[] | null } = {},
  options: { deliver?: boolean } = {},
): Promise<string[]> {
  const ids = scope.invoiceIds ?? null;
  if (ids && ids.length === 0) return [];
  const rows = await sequelize.query<{ id: string }>(
    // The key is rules.ts billCreateKey's: bill-<invoice id>:BILL_CREATE:<provider>.
    `INSERT INTO accounting_pushes (company_id, connection_id, provider, kind, side, invoice_id, idempotency_key)
     SELECT i.issued_for, c.id, c.provider, 'BILL_CREATE', 'PURCHASER', i.id, 'bill-' || i.id || ':BILL_CREATE:' || c.provider
       FROM invoices i
       JOIN accounting_connections c ON c.company_id = i.issued_for AND c.status = 'CONNECTED'
      WHERE i.type = 'BILL' AND i.create_bill_in_xero AND i.external_id IS NULL AND i.deleted_at IS NULL
        AND i.created_at >= c.connected_at - interval '1 minute'
        ${scope.companyId !== undefined ? "AND i.issued_for = :companyId" : ""}
        ${ids ? "AND i.id IN (:ids)" : ""}
      ORDER BY i.id
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id::text AS id`,
    { type: QueryTypes.SELECT, replacements: { companyId: scope.companyId ?? null, ids: ids ?? [] }, transaction: t ?? undefined },
  );
  const inserted = rows.map((row) => row.id);
  if (options.deliver === false) return inserted;
  if (t) deliverAfterCommit(t, inserted);
  else if (inserted.length > 0) track(deliverAll(inserted));
  return inserted;
}

// ---------------------------------------------------------------------------------------------------------------
// Deliver

const track = (work: Promise<unknown>) => trackDelivery(work, (error) => logger.error({ err: error }, "accounting push delivery failed"));

function deliverAfterCommit(t: Transaction, ids: string[]): void {
  if (ids.length === 0) return;
  t.afterCommit(() => track(deliverAll(ids)));
}

/** Resolves when every delivery started after a commit in this process has ended (tests; a closing process). */
export { settleAccountingPushes };

async function deliverAll(ids: string[]): Promise<void> {
  for (const id of ids) await deliverPush(id);
}

export type DeliveryOutcome = "DONE" | "RETRYING" | "FAILED" | "NOT_DUE";

/** Options for tests: a writer other than the connection's (never used by the product). */
export interface DeliveryOptions {
  writerFor?: (connection: AccountingConnection) => BooksWriter;
}

/** Delivers one push if it is due and nobody else holds it. */
export async function deliverPush(id: string, options: DeliveryOptions = {}): Promise<DeliveryOutcome> {
  const [claimed] = await sequelize.query<{ id: string }>(
    `UPDATE accounting_pushes SET attempts = attempts + 1, next_attempt_at = now() + (:leaseMs || ' milliseconds')::interval
      WHERE id = :id AND status = 'PENDING' AND next_attempt_at <= now()
      RETURNING id::text AS id`,
    { type: QueryTypes.SELECT, replacements: { id, leaseMs: String(DELIVERY_LEASE_MS) } },
  );
  if (!claimed) return "NOT_DUE";
  const push = await AccountingPush.findByPk(id);
  if (!push) return "NOT_DUE";
  const connection =
    (push.connectionId ? await AccountingConnection.findOne({ where: { id: push.connectionId, status: "CONNECTED" } }) : null) ??
    (await AccountingConnection.findOne({ where: { companyId: push.companyId, provider: push.provider, status: "CONNECTED" } }));
  try {
    if (!connection) throw Object.assign(new Error(`Not connected to ${providerName(push.provider)}`), { status: 409 });
    const writer = (options.writerFor ?? booksWriterFor)(connection);
    const result = push.kind === "BILL_CREATE" ? await createBill(push, writer) : await applyPayment(push, writer);
    await succeed(push, connection, result);
    return "DONE";
  } catch (error) {
    return fail(push, connection, error);
  }
}

async function createBill(push: AccountingPush, writer: BooksWriter): Promise<{ externalId: string | null; payload: unknown; skipped?: string }> {
  const invoice = await Invoice.findOne({ where: { id: push.invoiceId, issuedFor: push.companyId, type: "BILL" } });
  if (!invoice || invoice.deletedAt) return { externalId: null, payload: null, skipped: "The bill was deleted before it reached the books" };
  if (invoice.externalId) return { externalId: invoice.externalId, payload: null, skipped: "The bill is already in the books" };
  const [items, supplier, gl] = await Promise.all([
    InvoiceItem.findAll({ where: { invoiceId: invoice.id }, order: [["itemNumber", "ASC"]] }),
    Counterparty.findOne({ where: { companyId: push.companyId, counterpartyCompanyId: invoice.issuedBy }, attributes: ["id", "externalAccountId"] }),
    invoice.billGlCode ? GlAccount.findOne({ where: { companyId: push.companyId, accountCode: invoice.billGlCode }, attributes: ["id", "accountId"] }) : null,
  ]);
  const { externalId, payload } = await writer.createBill(
    {
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      issueDate: invoice.issueDate ?? invoice.createdAt.toISOString().slice(0, 10),
      dueDate: invoice.dueDate,
      total: invoice.total,
      subTotal: invoice.subTotal,
      gst: invoice.gst,
      glCode: invoice.billGlCode,
      glAccountExternalId: gl?.accountId ?? null,
      supplier: { name: invoice.issuedByCompanyName, externalId: supplier?.externalAccountId ?? null },
      items: items.map((item) => ({ description: item.description, units: item.units, unitPrice: item.unitPrice, amount: item.amount })),
    },
    push.idempotencyKey,
  );
  // The bill's external id: sync in then finds it instead of loading it again.
  await sequelize.query("UPDATE invoices SET external_id = :externalId WHERE id = :id AND external_id IS NULL", { replacements: { externalId, id: invoice.id } });
  return { externalId, payload };
}

async function applyPayment(push: AccountingPush, writer: BooksWriter): Promise<{ externalId: string | null; payload: unknown }> {
  const payload = push.payload as unknown as PaymentPayload;
  return push.kind === "PAYMENT" ? writer.applyPayment(push.side, payload, push.idempotencyKey) : writer.recordPart(push.side, payload, push.idempotencyKey);
}

async function succeed(push: AccountingPush, connection: AccountingConnection, result: { externalId: string | null; payload: unknown; skipped?: string }): Promise<void> {
  await sequelize.transaction(async (t) => {
    await sequelize.query(
      `UPDATE accounting_pushes SET status = 'DONE', done_at = now(), external_id = :externalId, last_error = NULL,
              payload = CASE WHEN CAST(:payload AS jsonb) IS NULL THEN payload ELSE coalesce(payload, '{}'::jsonb) || jsonb_build_object('sent', CAST(:payload AS jsonb)) END
        WHERE id = :id`,
      { replacements: { id: push.id, externalId: result.externalId, payload: result.payload ? JSON.stringify(result.payload) : null }, transaction: t },
    );
    await recordSyncEvent(
      {
        companyId: push.companyId,
        connectionId: connection.id,
        provider: push.provider,
        direction: "OUT",
        kind: push.kind,
        outcome: result.skipped ? "SKIPPED" : "CREATED",
        externalId: result.externalId,
        invoiceId: push.invoiceId,
        message: result.skipped ?? describeDone(push),
        details: { pushId: push.id, idempotencyKey: push.idempotencyKey, attempts: push.attempts },
      },
      { transaction: t },
    );
  });
}

async function fail(push: AccountingPush, connection: AccountingConnection | null, error: unknown): Promise<DeliveryOutcome> {
  const message = describeError(error).slice(0, 2000);
  const final = !isRetryable(error) || push.attempts >= MAX_PUSH_ATTEMPTS;
  const waitMs = backoffMs(push.attempts, retryAfterOf(error));
  await sequelize.transaction(async (t) => {
    await sequelize.query(
      `UPDATE accounting_pushes SET status = :status, last_error = :message,
              next_attempt_at = CASE WHEN :final THEN next_attempt_at ELSE now() + (:waitMs || ' milliseconds')::interval END
        WHERE id = :id`,
      { replacements: { id: push.id, status: final ? "FAILED" : "PENDING", message, final, waitMs: String(waitMs) }, transaction: t },
    );
    await recordSyncEvent(
      {
        companyId: push.companyId,
        connectionId: connection?.id ?? push.connectionId,
        provider: push.provider,
        direction: "OUT",
        kind: push.kind,
        outcome: final ? "FAILED" : "RETRYING",
        invoiceId: push.invoiceId,
        message: final ? `${describeTodo(push)} failed: ${message}` : `${describeTodo(push)} will be tried again: ${message}`,
        details: { pushId: push.id, idempotencyKey: push.idempotencyKey, attempts: push.attempts, ...(final ? {} : { retryInMs: waitMs }) },
      },
      { transaction: t },
    );
  });
  return final ? "FAILED" : "RETRYING";
}

const providerName = (provider: AccountingProvider) => (provider === "XERO" ? "Xero" : "MYOB");

function describeTodo(push: AccountingPush): string {
  const what = { BILL_CREATE: "Creating the bill", PAYMENT: "Recording the payment", FEE: "Recording the service fee", CASHBACK: "Recording the cashback" }[push.kind];
  return `${what} in ${providerName(push.provider)}`;
}

function describeDone(push: AccountingPush): string {
  const number = (push.payload as { documentNumber?: string } | null)?.documentNumber;
  const what = { BILL_CREATE: "Bill created", PAYMENT: "Payment recorded", FEE: "Service fee recorded", CASHBACK: "Cashback recorded" }[push.kind];
  return `${what} in ${providerName(push.provider)}${number ? ` (${number})` : ""}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The scheduled job

export interface PushRunSummary {
  enqueuedBills: number;
  attempted: number;
  done: number;
  retrying: number;
  failed: number;
}

/**
 * The `push-accounting` job: enqueues ticked bills nobody enqueued, then delivers every due PENDING push (oldest due
 * first, at most `limit`). Safe to run beside another run or the after-commit deliveries: each push is claimed.
 */
export async function runDuePushes(options: { limit?: number; progress?: (percent: number) => Promise<void> } & DeliveryOptions = {}): Promise<PushRunSummary> {
  const enqueued = await enqueueBillCreates(null, {}, { deliver: false });
  const due = await sequelize.query<{ id: string }>(
    `SELECT id::text AS id FROM accounting_pushes WHERE status = 'PENDING' AND next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT :limit`,
    { type: QueryTypes.SELECT, replacements: { limit: options.limit ?? 500 } },
  );
  const summary: PushRunSummary = { enqueuedBills: enqueued.length, attempted: 0, done: 0, retrying: 0, failed: 0 };
  for (const [index, { id }] of due.entries()) {
    const outcome = await deliverPush(id, options);
    if (outcome === "NOT_DUE") continue;
    summary.attempted += 1;
    if (outcome === "DONE") summary.done += 1;
    else if (outcome === "RETRYING") summary.retrying += 1;
    else summary.failed += 1;
    if (options.progress && due.length > 0) await options.progress(Math.floor(((index + 1) * 100) / due.length));
  }
  return summary;
}
