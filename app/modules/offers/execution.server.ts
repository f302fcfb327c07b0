/**
 * Execution of a purchaser offer: the supplier's Get Paid (p2 §4 "Get Paid dialog", §7 POST /purchaseroffer/{id}/execute
 * and its status, §8; decisions D2-D4; docs/decisions/016-offer-execution.md).
 *
 * - requestPurchaserOfferExecution: the supplier (the invoices' issuer) asks to be paid for some of its invoices
 *   under its customer's ACTIVE or VIRTUAL offer. Everything is checked (ownership, inclusion, D2 eligibility, the
 *   remaining cash pool), then an offer_executions row and a queued job are written in one transaction; an ACTIVE
 *   offer becomes CLEARING (D3) until no execution of it is in flight.
 * - runPurchaserOfferExecution (the queued job): one database transaction per invoice. Locks in one order: the two
 *   wallets together in account id order, the offer row, then the invoice row (docs/decisions/031).
 *   Under them every check is made again, the invoice's result is written (at most one live result per invoice, a unique index: a repeat finds it
 *   and pays nothing), the payment is posted (D2: purchaser −(T − cb), supplier +(T − fee), FEE_REVENUE +(fee − cb);
 *   the ledger transaction carries the result id and the globally unique key offer-exec-<resultId>), the cash pool
 *   drops by T and the invoice is marked paid. The execution's counts and progress move in the same transaction.
 * - VIRTUAL offers are funded at acceptance (D3): when the purchaser's Funds Available do not cover T − cb, the result
 *   is PENDING (amounts fixed, nothing moves, the pool still drops by T so it is not promised twice);
 *   settlePendingExecutions pays PENDING results oldest first while the funds cover them, when a top-up completes.
 */
import { actingUserId } from "../../lib/actor";
import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Counterparty, Invoice, OfferExecution, OfferExecutionResult, PurchaserOffer } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { CURRENCIES, daysBetween, LOCALES } from "../../lib/dates";
import { AppError, notFound } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { findCompanyContext, requireVerifiedCompany, requireCompanyId, type CompanyContext } from "../companies/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { createJob, executeJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { earlyPaymentEntries } from "../ledger/early-payment.rules";
import { publishEarlyPaymentCompleted } from "../ledger/early-payment-events.server";
import { companyFunds, lockWallets, postTransaction, systemAccount, withIdempotency, type Currency } from "../ledger/service.server";
import {
  EXECUTION_JOB_TYPE,
  EXECUTION_MESSAGES,
  ExecuteRequestSchema,
  summariseResults,
  type ExecuteRequest,
  type ExecutionResultStatus,
  type ExecutionResultView,
  type ExecutionStatusView,
} from "./execution.rules";
import { offerConfigFrom, percentToBasisPoints, purchaserOfferEligibility, type OfferConfig, type PurchaserOfferAmounts } from "./rules";

/** Offer states a supplier can take a payment from (p2 §4); CLEARING is an ACTIVE offer with an execution in flight. */
const TAKEABLE_STATUSES = ["ACTIVE", "VIRTUAL", "CLEARING"] as const;
const isTakeable = (status: string) => (TAKEABLE_STATUSES as readonly string[]).includes(status);

function offerNotAvailable(): AppError {
  return new AppError(404, EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE, { code: "OFFER_NOT_AVAILABLE" });
}

interface OfferContext {
  offer: PurchaserOffer;
  purchaser: CompanyContext;
  currency: Currency;
  today: string;
  crrBp: number;
}

async function offerContext(offer: PurchaserOffer, t: Transaction): Promise<OfferContext> {
  const purchaser = await findCompanyContext(offer.createdByCompany, { transaction: t });
  if (!purchaser) throw offerNotAvailable();
  return { offer, purchaser, currency: purchaser.currency, today: purchaser.today, crrBp: percentToBasisPoints(String(offer.crr)) };
}

/** The purchaser lets this supplier take its offers (its counterparty row for the supplier, p2 §4). */
async function offersEnabledFor(purchaserId: number, supplierId: number, t: Transaction): Promise<boolean> {
  const row = await Counterparty.findOne({
    where: { companyId: purchaserId, counterpartyCompanyId: supplierId, isPurchaserOffersEnabled: true },
    attributes: ["id"],
    transaction: t,
  });
  return row !== null;
}

type InvoiceCheck = { ok: true; amounts: PurchaserOfferAmounts; total: Cents } | { ok: false; reason: string };

/**
 * Whether `invoice` may be paid now under the offer, with `cashpool` left (the caller passes what earlier invoices of
 * the same request would use). The invoice must be the supplier's live, unpaid invoice to the offer's company,
 * included in the offer, without an open prompt payment request or a live result, and eligible under D2.
 */
async function checkInvoice(
  ctx: OfferContext,
  supplierId: number,
  invoice: Invoice,
  cashpool: Cents,
  config: OfferConfig,
  t: Transaction,
  ownExecutionId: number | null = null
): Promise<InvoiceCheck> {
  if (invoice.issuedBy !== supplierId || invoice.issuedFor !== ctx.offer.createdByCompany || invoice.deletedAt !== null) {
    return { ok: false, reason: EXECUTION_MESSAGES.INVOICE_NOT_FOUND };
  }
  if (invoice.currency !== ctx.currency) return { ok: false, reason: EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE };
  if (invoice.invoiceStatus === "PAID" || invoice.invoiceStatus === "PAYMENT_RECEIVED" || invoice.billStatus === "PAID") {
    return { ok: false, reason: EXECUTION_MESSAGES.ALREADY_PAID };
  }
  const live = await OfferExecutionResult.findOne({
    where: { invoiceId: invoice.id, status: { [Op.ne]: "FAILED" }, ...(ownExecutionId ? { executionId: { [Op.ne]: ownExecutionId } } : {}) },
    attributes: ["id", "status"],
    transaction: t,
  });
  if (live) return { ok: false, reason: live.status === "SUCCESS" ? EXECUTION_MESSAGES.ALREADY_PAID : EXECUTION_MESSAGES.PAYMENT_PENDING };
  if (!invoice.includeInPurchaserOffer) return { ok: false, reason: EXECUTION_MESSAGES.NOT_INCLUDED };
  const [openRequest] = await sequelize.query(
    "SELECT 1 FROM supplier_offer_invoices WHERE invoice_id = :invoiceId AND offer_status IN ('CLEARING', 'TOPUP_PENDING') LIMIT 1",
    { type: QueryTypes.SELECT, replacements: { invoiceId: invoice.id }, transaction: t }
  );
  if (openRequest) return { ok: false, reason: EXECUTION_MESSAGES.PAYMENT_REQUESTED };
  const total = invoice.discountedTotal;
  const eligibility = purchaserOfferEligibility(
    { crrBp: ctx.crrBp, discountedTotal: total, daysToDue: daysBetween(ctx.today, invoice.dueDate), cashpool, pendingCashpool: 0 },
    config
  );
  if (!eligibility.eligible) return { ok: false, reason: eligibility.message };
  return { ok: true, amounts: eligibility.amounts, total };
}

async function offerConfig(): Promise<OfferConfig> {
  return offerConfigFrom(await getRuntimeConfig());
}

// ---------------------------------------------------------------------------------------------------------
// Request
// ---------------------------------------------------------------------------------------------------------

export interface ExecutionRequested {
  executionId: number;
  offerId: number;
  jobId: string;
}

/**
 * POST /purchaseroffer/{id}/execute {invoiceIds} by the supplier. Refuses with the first invoice's reason (p2 §8) when
 * any requested invoice cannot be paid now; otherwise queues the execution and returns its id. With an idempotency key,
 * a repeat returns the first request's execution.
 */
export async function requestPurchaserOfferExecution(actor: Actor, input: ExecuteRequest): Promise<ExecutionRequested> {
  const supplierId = requireCompanyId(actor, "Only a company user can get paid");
  const parsed = ExecuteRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "offerId") throw offerNotAvailable();
    throw new AppError(400, issue?.message ?? EXECUTION_MESSAGES.NO_INVOICES, { code: "INVALID_INPUT", field: "invoiceIds" });
  }
  const { offerId, idempotencyKey } = parsed.data;
  const invoiceIds = [...new Set(parsed.data.invoiceIds)];
  const config = await offerConfig();
  const requested = await sequelize.transaction(async (t) => {
    await requireVerifiedCompany(supplierId, { transaction: t });
    const run = () => queueExecution(actor, supplierId, offerId, invoiceIds, config, t);
    return idempotencyKey ? withIdempotency(t, { companyId: supplierId, key: `get-paid:${idempotencyKey}`, request: { offerId, invoiceIds } }, run) : run();
  });
  runQueuedJobsSoon();
  return requested;
}

async function queueExecution(
  actor: Actor,
  supplierId: number,
  offerId: number,
  invoiceIds: number[],
  config: OfferConfig,
  t: Transaction
): Promise<ExecutionRequested> {
  // The offer row first (the lock order of the job): a reset or an edit waits for the request, or the request sees it.
  const offer = await PurchaserOffer.findByPk(offerId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!offer || !isTakeable(offer.offerStatus) || offer.createdByCompany === supplierId) throw offerNotAvailable();
  if (!(await offersEnabledFor(offer.createdByCompany, supplierId, t))) throw offerNotAvailable();
  const ctx = await offerContext(offer, t);
  const invoices = await Invoice.findAll({ where: { id: invoiceIds }, transaction: t });
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  let cashpool = offer.cashpool;
  for (const id of invoiceIds) {
    const invoice = byId.get(id);
    // Another company's invoice is not found, whatever it is (GUIDE rule 2).
    if (!invoice || invoice.issuedBy !== supplierId) throw notFound(EXECUTION_MESSAGES.INVOICE_NOT_FOUND);
    const check = await checkInvoice(ctx, supplierId, invoice, cashpool, config, t);
    if (!check.ok) {
      const status = check.reason === EXECUTION_MESSAGES.INVOICE_NOT_FOUND || check.reason === EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE ? 404 : 409;
      throw new AppError(status, check.reason, { code: "INVOICE_NOT_PAYABLE", field: "invoiceIds", details: { invoiceId: id } });
    }
    cashpool = (cashpool - check.total) as Cents;
  }
  const execution = await OfferExecution.create(
    {
      offerKind: "PURCHASER",
      purchaserOfferId: offer.id,
      supplierOfferId: null,
      requestedByCompanyId: supplierId,
      requestedByUserId: actingUserId(actor),
      jobId: null,
    },
    { transaction: t }
  );
  const job = await createJob(
    { type: EXECUTION_JOB_TYPE, payload: { executionId: execution.id, invoiceIds }, companyId: supplierId, ownerUserId: actingUserId(actor) },
    { transaction: t }
  );
  await execution.update({ jobId: job.id }, { transaction: t });
  // D3: an ACTIVE offer is CLEARING while an execution is in flight. A VIRTUAL offer stays VIRTUAL: its pool holds no
  // money, and CLEARING would count it as the purchaser's Cash Reserve (decision 010).
  if (offer.offerStatus === "ACTIVE") await offer.update({ offerStatus: "CLEARING" }, { transaction: t });
  return { executionId: execution.id, offerId: offer.id, jobId: job.id };
}

// ---------------------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------------------

interface ExecutionPayload {
  executionId: number;
  invoiceIds: number[];
}

/**
 * The queued job (jobs/registry.ts): runs once (executeJob starts it only from QUEUED); a resumed run carries on. An
 * attempt that fails unexpectedly with attempts left (the queue's retries, issue 14 part 6) leaves the execution
 * RUNNING and its offer CLEARING: the retry, after its backoff, skips the invoices already done and pays the rest.
 * Only a final failure ends the execution with what it did.
 */
export async function runPurchaserOfferExecution(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  let running: { executionId: number; offerId: number } | null = null;
  try {
    return await executeJob(
      jobId,
      async ({ payload, progress }) => {
        const { executionId, invoiceIds } = payload as unknown as ExecutionPayload;
        return executeInvoices(executionId, invoiceIds, progress, (offerId) => (running = { executionId, offerId }));
      },
      options
    );
  } catch (error) {
    // executeJob throws only a final failure (an attempt with attempts left went back to QUEUED for its backoff).
    const started = running as { executionId: number; offerId: number } | null;
    if (started) await finishExecution(started.executionId, started.offerId);
    throw error;
  }
}

async function executeInvoices(
  executionId: number,
  invoiceIds: number[],
  progress: (percent: number) => Promise<void>,
  started: (offerId: number) => void
) {
  const execution = await OfferExecution.findByPk(executionId);
  if (!execution || execution.offerKind !== "PURCHASER" || execution.purchaserOfferId === null) throw notFound(EXECUTION_MESSAGES.EXECUTION_NOT_FOUND);
  const offerId = execution.purchaserOfferId;
  started(offerId);
  await OfferExecution.update({ status: "RUNNING" }, { where: { id: executionId, status: "QUEUED" } });
  const config = await offerConfig();
  for (const [index, invoiceId] of invoiceIds.entries()) {
    const percent = Math.min(99, Math.floor(((index + 1) * 100) / invoiceIds.length));
    await retryOnDeadlock(() =>
      sequelize.transaction(async (t) => {
        // A run resumed after its worker died (issue 14 part 6) finds the invoices it already did: not counted twice.
        const again = (await OfferExecutionResult.count({ where: { executionId, invoiceId }, transaction: t })) > 0;
        const status = await executeOne(t, execution, offerId, invoiceId, config);
        if (again) return;
        await sequelize.query(
          `UPDATE offer_executions SET success_count = success_count + :success, failed_count = failed_count + :failed, progress = GREATEST(progress, :percent)
         WHERE id = :id`,
          {
            replacements: { id: executionId, success: status === "SUCCESS" ? 1 : 0, failed: status === "FAILED" ? 1 : 0, percent },
            transaction: t,
          }
        );
      })
    );
    await progress(percent);
  }
  // The execution ends and the offer leaves CLEARING once nothing else is in flight.
  await finishExecution(executionId, offerId);
  return statusOf(executionId);
}

/**
 * Runs one invoice's transaction again should PostgreSQL abort it as a deadlock's victim or a serialisation failure.
 * Every money path takes its locks in one order (docs/decisions/031), so neither should happen; a safety net, and
 * nothing of a rolled-back attempt is kept.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const failure = error as { code?: string; original?: { code?: string }; parent?: { code?: string } };
      const code = failure.original?.code ?? failure.parent?.code ?? failure.code;
      if (attempt >= attempts || (code !== "40P01" && code !== "40001")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 30)));
    }
  }
}

/** Pays (or fails, or leaves PENDING) one invoice of an execution, in the caller's transaction. */
async function executeOne(t: Transaction, execution: OfferExecution, offerId: number, invoiceId: number, config: OfferConfig): Promise<ExecutionResultStatus> {
  const purchaserId = (await PurchaserOffer.findByPk(offerId, { attributes: ["id", "createdByCompany"], transaction: t }))?.createdByCompany;
  if (purchaserId === undefined) throw notFound(EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE);
  const supplierId = execution.requestedByCompanyId;
  const purchaser = await findCompanyContext(purchaserId, { transaction: t });
  // The one lock order of every money path (docs/decisions/031): both wallets together in account id order, then the
  // offer row, then the invoice row.
  const wallets = await lockWallets(t, [purchaserId, supplierId], purchaser?.currency ?? CURRENCIES.NZ);
  const offer = await PurchaserOffer.findByPk(offerId, { transaction: t, lock: t.LOCK.UPDATE });
  const invoice = await Invoice.findByPk(invoiceId, { transaction: t, lock: t.LOCK.UPDATE });
  // A restarted run finds what it already did and carries on.
  const own = await OfferExecutionResult.findOne({ where: { executionId: execution.id, invoiceId }, transaction: t });
  if (own) return own.status;
  const fail = async (reason: string) => {
    await OfferExecutionResult.create(
      { executionId: execution.id, invoiceId, status: "FAILED", amount: null, fee: null, cashback: null, reason, ledgerTransactionId: null },
      { transaction: t }
    );
    return "FAILED" as const;
  };
  // A result names a bill of the offer's company (a database rule): anything else cannot even be recorded.
  if (!invoice || !offer || invoice.issuedFor !== offer.createdByCompany) return "FAILED";
  if (!isTakeable(offer.offerStatus) || !(await offersEnabledFor(offer.createdByCompany, supplierId, t))) return fail(EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE);
  const ctx = await offerContext(offer, t);
  const check = await checkInvoice(ctx, supplierId, invoice, offer.cashpool, config, t, execution.id);
  if (!check.ok) return fail(check.reason);
  const { amounts, total } = check;
  const funds = await companyFunds(purchaserId, { transaction: t });
  let pay: boolean;
  if (offer.offerStatus === "VIRTUAL") {
    // Funded at acceptance: the purchase is paid from Funds Available, or waits for a top-up (D3).
    pay = funds.fundsAvailable >= amounts.purchaserPays;
  } else {
    // The pool is held in the wallet (Cash Reserve): paying T − cb from it and dropping the pool by T raises Funds
    // Available by cb. A wallet short of the payment means the reserve was not really there: refuse.
    if (funds.balance < amounts.purchaserPays) return fail(EXECUTION_MESSAGES.INSUFFICIENT_FUNDS);
    pay = true;
  }
  const result = await OfferExecutionResult.create(
    {
      executionId: execution.id,
      invoiceId,
      status: pay ? "SUCCESS" : "PENDING",
      amount: amounts.purchaserPays,
      fee: amounts.fee,
      cashback: amounts.cashback,
      reason: null,
      ledgerTransactionId: null,
    },
    { transaction: t }
  );
  // The pool drops by T whether paid now or pending: what is accepted is not offered again.
  await sequelize.query("UPDATE purchaser_offers SET cashpool = cashpool - CAST(:total AS numeric) / 100 WHERE id = :id", {
    replacements: { id: offer.id, total },
    transaction: t,
  });
  if (pay)
    await payResult(t, result, invoice, amounts, {
      purchaserId,
      supplierId,
      currency: ctx.currency,
      today: ctx.today,
      userId: execution.requestedByUserId,
      wallets,
    });
  return result.status;
}

/** Posts D2's payment of one result and marks the invoice paid, in the caller's transaction. */
async function payResult(
  t: Transaction,
  result: OfferExecutionResult,
  invoice: Invoice,
  amounts: PurchaserOfferAmounts,
  parties: { purchaserId: number; supplierId: number; currency: Currency; today: string; userId: number | null; wallets: Map<number, number> }
): Promise<void> {
  const feeRevenue = await systemAccount(t, "FEE_REVENUE", parties.currency);
  // D2 split by role (decision 027): purchaser −(T − cb) of which cashback +cb, supplier +(T − fee) of which fee −fee.
  const entries = earlyPaymentEntries(
    { purchaserWalletId: parties.wallets.get(parties.purchaserId)!, supplierWalletId: parties.wallets.get(parties.supplierId)!, feeRevenueId: feeRevenue.id },
    { total: (amounts.purchaserPays + amounts.cashback) as Cents, serviceFee: amounts.fee, cashback: amounts.cashback }
  );
  const posted = await postTransaction(t, {
    transactionClass: "PAYMENT",
    currency: parties.currency,
    entries,
    description: `Early payment of ${invoice.invoiceNumber}`,
    sourceCompanyId: parties.purchaserId,
    destinationCompanyId: parties.supplierId,
    sourceReference: invoice.invoiceNumber,
    destinationReference: invoice.invoiceNumber,
    offerExecutionResultId: result.id,
    idempotencyKey: `offer-exec-${result.id}`,
    createdByUserId: parties.userId,
  });
  await result.update({ status: "SUCCESS", ledgerTransactionId: posted.id }, { transaction: t });
  await invoice.update(
    {
      invoiceStatus: "PAYMENT_RECEIVED",
      billStatus: "PAID",
      paidDate: parties.today,
      // What the payment settled: the discounted total T (the rest of the total was settled by credit notes).
      totalPaid: (amounts.purchaserPays + amounts.cashback) as Cents,
      cashReward: amounts.cashback,
      serviceFee: amounts.fee,
    },
    { transaction: t }
  );
  // The books (issue 18 part 5): subscribers record the payment, fee and cashback after the commit.
  await publishEarlyPaymentCompleted(t, {
    ledgerTransactionId: posted.id,
    invoiceId: invoice.id,
    purchaserCompanyId: parties.purchaserId,
    supplierCompanyId: parties.supplierId,
    currency: parties.currency,
    total: (amounts.purchaserPays + amounts.cashback) as Cents,
    serviceFee: amounts.fee,
    cashback: amounts.cashback,
    paidDate: parties.today,
  });
}

/** Ends an execution (100 %, SUCCESS when every invoice was paid) and returns its offer from CLEARING to ACTIVE (D3). */
async function finishExecution(executionId: number, offerId: number): Promise<void> {
  await sequelize.transaction(async (t) => {
    const offer = await PurchaserOffer.findByPk(offerId, { transaction: t, lock: t.LOCK.UPDATE });
    await refreshExecution(t, executionId, { finish: true });
    if (offer?.offerStatus !== "CLEARING") return;
    const inFlight = await OfferExecution.count({
      where: { purchaserOfferId: offerId, status: { [Op.in]: ["QUEUED", "RUNNING"] }, id: { [Op.ne]: executionId } },
      transaction: t,
    });
    if (inFlight === 0) await offer.update({ offerStatus: "ACTIVE" }, { transaction: t });
  });
}

/** Recounts an execution from its results; `finish` ends a running one. A finished one stays finished. */
async function refreshExecution(t: Transaction, executionId: number, options: { finish: boolean }): Promise<void> {
  await sequelize.query(
    `UPDATE offer_executions x SET
       success_count = r.success, failed_count = r.failed,
       status = CASE WHEN x.status IN ('SUCCESS', 'FAILED') OR :finish
                     THEN CASE WHEN r.failed = 0 AND r.other = 0 THEN 'SUCCESS' ELSE 'FAILED' END
                     ELSE x.status END,
       progress = CASE WHEN x.status IN ('SUCCESS', 'FAILED') OR :finish THEN 100 ELSE x.progress END
     FROM (SELECT count(*) FILTER (WHERE status = 'SUCCESS')::int AS success,
                  count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
                  count(*) FILTER (WHERE status NOT IN ('SUCCESS', 'FAILED'))::int AS other
           FROM offer_execution_results WHERE execution_id = :executionId) r
     WHERE x.id = :executionId`,
    { replacements: { executionId, finish: options.finish }, transaction: t }
  );
}

// ---------------------------------------------------------------------------------------------------------
// VIRTUAL offers: settle PENDING results when funds arrive
// ---------------------------------------------------------------------------------------------------------

/**
 * Pays the PENDING results of the purchaser `companyId`, oldest first, while its Funds Available cover them; stops at
 * the first it cannot pay (order is kept: a later, smaller one does not jump the queue). Called in the transaction
 * that completes a top-up (top-up-hooks.server.ts). Idempotent: a paid result is no longer PENDING.
 */
export async function settlePendingExecutions(t: Transaction, companyId: number): Promise<{ paid: number; stillPending: number }> {
  const pending = await sequelize.query<{ id: number; invoice_id: number; execution_id: number; purchaser_offer_id: number; supplier_id: number }>(
    `SELECT r.id, r.invoice_id, r.execution_id, r.purchaser_offer_id, x.requested_by_company_id AS supplier_id
     FROM offer_execution_results r
     JOIN offer_executions x ON x.id = r.execution_id
     JOIN purchaser_offers o ON o.id = r.purchaser_offer_id
     WHERE r.status = 'PENDING' AND o.created_by_company = :companyId
     ORDER BY r.id`,
    { type: QueryTypes.SELECT, replacements: { companyId }, transaction: t }
  );
  if (pending.length === 0) return { paid: 0, stillPending: 0 };
  const purchaser = await findCompanyContext(companyId, { transaction: t });
  if (!purchaser) return { paid: 0, stillPending: pending.length };
  const { currency, today } = purchaser;
  // The one lock order (docs/decisions/031): every wallet involved (the top-up's completion locked them all before its
  // credit: walletsPaidOnCompletion), then the offers whose pool a failed result returns to, then the invoices.
  const wallets = await lockWallets(t, [...new Set([companyId, ...pending.map((row) => row.supplier_id)])], currency);
  await sequelize.query("SELECT id FROM purchaser_offers WHERE id IN (:ids) ORDER BY id FOR UPDATE", {
    type: QueryTypes.SELECT,
    replacements: { ids: [...new Set(pending.map((row) => row.purchaser_offer_id))] },
    transaction: t,
  });
  const invoices = await Invoice.findAll({ where: { id: pending.map((row) => row.invoice_id) }, transaction: t, lock: t.LOCK.UPDATE, order: [["id", "ASC"]] });
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  let paid = 0;
  const touched = new Set<number>();
  for (const [index, row] of pending.entries()) {
    const result = await OfferExecutionResult.findByPk(row.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!result || result.status !== "PENDING") continue;
    const invoice = invoiceById.get(row.invoice_id);
    touched.add(row.execution_id);
    if (
      !invoice ||
      invoice.deletedAt !== null ||
      invoice.invoiceStatus === "PAID" ||
      invoice.invoiceStatus === "PAYMENT_RECEIVED" ||
      invoice.billStatus === "PAID"
    ) {
      // Paid another way meanwhile: this acceptance pays nothing. Its pool share goes back to the offer.
      await result.update({ status: "FAILED", reason: EXECUTION_MESSAGES.ALREADY_PAID }, { transaction: t });
      if (invoice) await returnToPool(t, row.purchaser_offer_id, invoice.discountedTotal);
      continue;
    }
    const amounts = storedAmounts(result, invoice);
    const funds = await companyFunds(companyId, { transaction: t });
    if (funds.fundsAvailable < amounts.purchaserPays) return finishSettlement(t, touched, paid, pending.length - index);
    const execution = await OfferExecution.findByPk(row.execution_id, { attributes: ["id", "requestedByUserId"], transaction: t });
    await payResult(t, result, invoice, amounts, {
      purchaserId: companyId,
      supplierId: row.supplier_id,
      currency,
      today,
      userId: execution?.requestedByUserId ?? null,
      wallets,
    });
    paid += 1;
  }
  return finishSettlement(t, touched, paid, 0);
}

/**
 * The suppliers paid should `companyId`'s PENDING results settle now: their wallets are locked, with the purchaser's,
 * before a top-up's credit (decision 031: every wallet first, together).
 */
export async function pendingSettlementSuppliers(t: Transaction, companyId: number): Promise<number[]> {
  const rows = await sequelize.query<{ supplier_id: number }>(
    `SELECT DISTINCT x.requested_by_company_id AS supplier_id
     FROM offer_execution_results r
     JOIN offer_executions x ON x.id = r.execution_id
     JOIN purchaser_offers o ON o.id = r.purchaser_offer_id
     WHERE r.status = 'PENDING' AND o.created_by_company = :companyId`,
    { type: QueryTypes.SELECT, replacements: { companyId }, transaction: t }
  );
  return rows.map((row) => row.supplier_id);
}

async function finishSettlement(t: Transaction, executionIds: Set<number>, paid: number, stillPending: number) {
  for (const id of executionIds) await refreshExecution(t, id, { finish: false });
  return { paid, stillPending };
}

async function returnToPool(t: Transaction, offerId: number, total: Cents): Promise<void> {
  await sequelize.query("UPDATE purchaser_offers SET cashpool = cashpool + CAST(:total AS numeric) / 100 WHERE id = :id AND offer_status <> 'CANCELLED'", {
    replacements: { id: offerId, total },
    transaction: t,
  });
}

/** The amounts fixed when a PENDING result was accepted (D2 on the day of acceptance). */
function storedAmounts(result: OfferExecutionResult, invoice: Invoice): PurchaserOfferAmounts {
  const total = invoice.discountedTotal;
  const purchaserPays = result.amount ?? total;
  const cashback = (total - purchaserPays) as Cents;
  const fee = result.fee ?? 0;
  return { cashback, fee, earlybirdKeeps: (fee - cashback) as Cents, supplierReceives: (total - fee) as Cents, purchaserPays };
}

// ---------------------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------------------

/** GET /purchaseroffer/{id}/execute/{executionId}/status, for the supplier that asked (404 for anyone else). */
export async function purchaserOfferExecutionStatus(
  actor: Actor,
  input: { offerId: number | string; executionId: number | string }
): Promise<ExecutionStatusView> {
  const companyId = requireCompanyId(actor, "Only a company user can get paid");
  const offerId = Number(input.offerId);
  const executionId = Number(input.executionId);
  if (!Number.isSafeInteger(offerId) || !Number.isSafeInteger(executionId) || offerId <= 0 || executionId <= 0)
    throw notFound(EXECUTION_MESSAGES.EXECUTION_NOT_FOUND);
  const execution = await OfferExecution.findOne({
    where: { id: executionId, purchaserOfferId: offerId, requestedByCompanyId: companyId },
    attributes: ["id"],
  });
  if (!execution) throw notFound(EXECUTION_MESSAGES.EXECUTION_NOT_FOUND);
  return statusOf(executionId);
}

async function statusOf(executionId: number): Promise<ExecutionStatusView> {
  const execution = await OfferExecution.findByPk(executionId);
  if (!execution) throw notFound(EXECUTION_MESSAGES.EXECUTION_NOT_FOUND);
  const job = execution.jobId
    ? await sequelize.query<{ payload: { invoiceIds?: number[] } }>("SELECT payload FROM jobs WHERE id = :id", {
        type: QueryTypes.SELECT,
        replacements: { id: execution.jobId },
      })
    : [];
  const order: number[] = job[0]?.payload?.invoiceIds ?? [];
  const rows = await sequelize.query<{
    invoice_id: number;
    invoice_number: string;
    status: ExecutionResultStatus;
    amount_c: string | null;
    fee_c: string | null;
    total_c: string;
    reason: string | null;
  }>(
    `SELECT r.invoice_id, i.invoice_number, r.status, (r.amount * 100)::bigint AS amount_c, (r.fee * 100)::bigint AS fee_c,
            (i.discounted_total * 100)::bigint AS total_c, r.reason
     FROM offer_execution_results r JOIN invoices i ON i.id = r.invoice_id WHERE r.execution_id = :executionId`,
    { type: QueryTypes.SELECT, replacements: { executionId } }
  );
  const position = new Map(order.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.invoice_id) ?? Infinity) - (position.get(b.invoice_id) ?? Infinity));
  const executionResults: ExecutionResultView[] = rows.map((row) => {
    const fee = row.fee_c === null ? null : (Number(row.fee_c) as Cents);
    const total = Number(row.total_c) as Cents;
    const known = row.status !== "FAILED" && fee !== null;
    return {
      invoiceId: row.invoice_id,
      invoiceNumber: row.invoice_number,
      status: row.status,
      amount: known ? ((total - fee) as Cents) : null,
      total: known ? total : null,
      fee: known ? fee : null,
      reason: row.reason,
    };
  });
  const summary = summariseResults(executionResults);
  return {
    id: execution.id,
    offerId: execution.purchaserOfferId ?? 0,
    status: execution.status,
    progress: execution.progress,
    executionResults,
    ...summary,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The Get Paid dialog's data
// ---------------------------------------------------------------------------------------------------------

export interface GetPaidInvoice {
  id: number;
  invoiceNumber: string;
  dueDate: string;
  total: Cents;
  fee: Cents;
  receive: Cents;
  selected: boolean;
}

export interface GetPaidQuote {
  offerId: number;
  customerName: string;
  offerStatus: "ACTIVE" | "VIRTUAL" | "CLEARING";
  invoices: GetPaidInvoice[];
}

/**
 * What the Get Paid dialog offers for the supplier's invoice `invoiceId`: its customer's offer and the supplier's
 * invoices to that customer the offer can pay today, due date order, the chosen one first, each fitting in the cash
 * pool ("Dialog invoices are limited by the cash reserve", p2 §4). 404 "Offer not available to supplier" when none.
 */
export async function getPaidQuote(actor: Actor, input: { invoiceId: number | string }): Promise<GetPaidQuote> {
  const supplierId = requireCompanyId(actor, "Only a company user can get paid");
  const invoiceId = Number(input.invoiceId);
  if (!Number.isSafeInteger(invoiceId) || invoiceId <= 0) throw notFound(EXECUTION_MESSAGES.INVOICE_NOT_FOUND);
  const config = await offerConfig();
  return sequelize.transaction(async (t) => {
    const chosen = await Invoice.findOne({ where: { id: invoiceId, issuedBy: supplierId, deletedAt: null }, transaction: t });
    if (!chosen) throw notFound(EXECUTION_MESSAGES.INVOICE_NOT_FOUND);
    const offer = await PurchaserOffer.findOne({
      where: { createdByCompany: chosen.issuedFor, offerStatus: TAKEABLE_STATUSES as unknown as string[] },
      transaction: t,
    });
    if (!offer || !(await offersEnabledFor(offer.createdByCompany, supplierId, t))) throw offerNotAvailable();
    const ctx = await offerContext(offer, t);
    const candidates = await Invoice.findAll({
      where: { issuedBy: supplierId, issuedFor: chosen.issuedFor, deletedAt: null, includeInPurchaserOffer: true, dueDate: { [Op.gt]: ctx.today } },
      order: [
        ["dueDate", "ASC"],
        ["id", "ASC"],
      ],
      limit: 1_000,
      transaction: t,
    });
    const ordered = [chosen, ...candidates.filter((invoice) => invoice.id !== chosen.id)];
    const invoices: GetPaidInvoice[] = [];
    let left = offer.cashpool;
    for (const invoice of ordered) {
      const check = await checkInvoice(ctx, supplierId, invoice, left, config, t);
      if (!check.ok) {
        if (invoice.id === chosen.id) throw new AppError(409, check.reason, { code: "INVOICE_NOT_PAYABLE" });
        continue;
      }
      left = (left - check.total) as Cents;
      invoices.push({
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        dueDate: invoice.dueDate,
        total: check.total,
        fee: check.amounts.fee,
        receive: check.amounts.supplierReceives,
        selected: invoice.id === chosen.id,
      });
    }
    return { offerId: offer.id, customerName: ctx.purchaser.name, offerStatus: offer.offerStatus as GetPaidQuote["offerStatus"], invoices };
  });
}

/** The supplier's number format (D1), for the dialog's amounts. */
export async function supplierLocale(actor: Actor): Promise<"en-NZ" | "en-AU"> {
  const company = await findCompanyContext(requireCompanyId(actor, "Only a company user can get paid"));
  return company?.locale ?? LOCALES.NZ;
}
