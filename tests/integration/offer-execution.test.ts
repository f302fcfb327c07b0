/**
 * Issue 5 parts 4, 6 and 9: the supplier's Get Paid on a purchaser offer, executed invoice by invoice through the
 * ledger (decisions D2-D4), against a real PostgreSQL. Every test makes its own companies, offer and invoices.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, Job, OfferExecution, OfferExecutionResult, PurchaserOffer, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, daysBetween, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { setQueuedJobsTrigger } from "../../app/modules/jobs/queue-trigger.server";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { EXECUTION_MESSAGES } from "../../app/modules/offers/execution.rules";
import {
  getPaidQuote,
  purchaserOfferExecutionStatus,
  requestPurchaserOfferExecution,
  runPurchaserOfferExecution,
} from "../../app/modules/offers/execution.server";
import { purchaserOfferAmounts } from "../../app/modules/offers/rules";
import { runQueuedJobs } from "../../jobs/queue";
import { errorOf } from "./top-ups.support";
import { fundWallet, makeActivatedCompany, makeAdmin, makeSupplierLink } from "../support/factories";

// Jobs run where the test says, not in a background runner of this process.
beforeAll(() => setQueuedJobsTrigger(() => {}));
afterAll(async () => {
  setQueuedJobsTrigger(null);
  await sequelize.close();
});

const today = todayIn("NZ");
let sequence = 0;

/** A deterministic spread of amounts and due dates. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}


interface World {
  purchaser: Company;
  supplier: Company;
  purchaserActor: Actor;
  supplierActor: Actor;
  offer: PurchaserOffer;
  invoices: Invoice[];
}

async function world(options: {
  invoices: number;
  cashpool: number;
  wallet: number;
  crr?: string;
  status?: "ACTIVE" | "VIRTUAL";
  seed?: number;
  maxAmount?: number;
}): Promise<World> {
  const purchaserSide = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
  const supplierSide = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
  const purchaser = purchaserSide.company;
  const supplier = supplierSide.company;
  await makeSupplierLink(purchaser, supplier);
  if (options.wallet > 0) await fundWallet(purchaserSide.actor, options.wallet as Cents);
  const offer = await PurchaserOffer.create({
    createdByCompany: purchaser.id,
    cashpool: options.cashpool,
    pendingCashpool: 0,
    crr: options.crr ?? "8.00",
    offerStatus: options.status ?? "ACTIVE",
    topUpId: null,
    cancelledAt: null,
  });
  const random = rng(options.seed ?? 7);
  const maxAmount = options.maxAmount ?? 500_000;
  const batch = (sequence += 1);
  const invoices = await Invoice.bulkCreate(
    Array.from({ length: options.invoices }, (_, i) => ({
      type: "INVOICE" as const,
      issuedBy: supplier.id,
      issuedFor: purchaser.id,
      issuedByCompanyName: supplier.companyName,
      issuedForCompanyName: purchaser.companyName,
      invoiceNumber: `EX-${process.pid}-${batch}-${i + 1}`,
      dueDate: addDays(today, 1 + Math.floor(random() * 90)),
      issueDate: addDays(today, -10),
      total: (1_000 + Math.floor(random() * (maxAmount - 1_000))) as Cents,
      currency: "NZD" as const,
      invoiceStatus: "PAYMENT_READY" as const,
      billStatus: "PAYMENT_OFFERED" as const,
      includeInPurchaserOffer: true,
    })),
    { returning: true }
  );
  return { purchaser, supplier, purchaserActor: purchaserSide.actor, supplierActor: supplierSide.actor, offer, invoices };
}

/** Requests an execution and runs its job to the end, as the queue worker would. */
async function getPaid(w: World, invoiceIds: number[], idempotencyKey?: string) {
  const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds, idempotencyKey });
  await runPurchaserOfferExecution(requested.jobId);
  return { requested, status: await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: requested.executionId }) };
}

const c = (value: string | number | null) => Number(value ?? 0);

async function walletFigures(companyId: number) {
  const [row] = await sequelize.query<{ balance_c: string; sum_c: string | null }>(
    `SELECT (a.balance * 100)::bigint AS balance_c, (SELECT (sum(amount) * 100)::bigint FROM ledger_entries e WHERE e.account_id = a.id) AS sum_c
     FROM ledger_accounts a WHERE a.company_id = :companyId AND a.kind = 'WALLET'`,
    { type: QueryTypes.SELECT, replacements: { companyId } }
  );
  return { balance: c(row?.balance_c ?? 0), sum: c(row?.sum_c ?? 0) };
}

/** The payments posted for an offer's results, per account kind and company. */
async function paymentEntries(offerId: number) {
  return sequelize.query<{ transaction_id: number; kind: string; company_id: number | null; amount_c: string; result_id: number; idempotency_key: string }>(
    `SELECT t.id AS transaction_id, a.kind, a.company_id, (e.amount * 100)::bigint AS amount_c, r.id AS result_id, t.idempotency_key
     FROM offer_execution_results r
     JOIN ledger_transactions t ON t.offer_execution_result_id = r.id
     JOIN ledger_entries e ON e.transaction_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE r.purchaser_offer_id = :offerId`,
    { type: QueryTypes.SELECT, replacements: { offerId } }
  );
}

async function ledgerWideChecks() {
  const unbalanced = await sequelize.query("SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0", {
    type: QueryTypes.SELECT,
  });
  expect(unbalanced).toEqual([]);
  const drift = await sequelize.query(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind = 'WALLET' GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) OR a.balance < 0`,
    { type: QueryTypes.SELECT }
  );
  expect(drift).toEqual([]);
}

describe("an execution of 500 invoices", () => {
  it("pays each invoice once, to the cent, and keeps every ledger invariant", { timeout: 240_000 }, async () => {
    const w = await world({ invoices: 500, cashpool: 150_000_000, wallet: 160_000_000, seed: 500, maxAmount: 250_000 });
    const ids = w.invoices.map((invoice) => invoice.id);
    const before = await companyFunds(w.purchaser.id);
    expect(before).toMatchObject({ balance: 160_000_000, cashReserve: 150_000_000, fundsAvailable: 10_000_000 });

    const { requested, status } = await getPaid(w, ids);
    expect(status).toMatchObject({ status: "SUCCESS", success: 500, failed: 0, pending: 0, progress: 100, reason: null });
    expect(status.executionResults.map((r) => r.invoiceId)).toEqual(ids);

    // The expected D2 amounts, from the fee module, per invoice.
    let sumT = 0;
    let sumPurchaser = 0;
    let sumSupplier = 0;
    let sumFeeRevenue = 0;
    let sumFees = 0;
    for (const invoice of w.invoices) {
      const amounts = purchaserOfferAmounts({ crrBp: 800, discountedTotal: invoice.discountedTotal, daysEarly: daysBetween(today, invoice.dueDate) });
      sumT += invoice.discountedTotal;
      sumPurchaser += amounts.purchaserPays;
      sumSupplier += amounts.supplierReceives;
      sumFeeRevenue += amounts.earlybirdKeeps;
      sumFees += amounts.fee;
      const paid = await Invoice.findByPk(invoice.id);
      expect(paid).toMatchObject({
        invoiceStatus: "PAYMENT_RECEIVED",
        billStatus: "PAID",
        paidDate: today,
        cashReward: amounts.cashback,
        serviceFee: amounts.fee,
        totalPaid: invoice.total,
      });
    }
    expect(status.totals).toEqual({ received: sumSupplier, fees: sumFees, pending: 0 });

    // One balanced PAYMENT transaction per result, keyed by the result.
    const entries = await paymentEntries(w.offer.id);
    const transactions = new Set(entries.map((e) => e.transaction_id));
    expect(transactions.size).toBe(500);
    for (const e of entries) expect(e.idempotency_key).toBe(`offer-exec-${e.result_id}`);
    const total = (kind: string, companyId: number | null) =>
      entries.filter((e) => e.kind === kind && e.company_id === companyId).reduce((sum, e) => sum + c(e.amount_c), 0);
    expect(total("WALLET", w.purchaser.id)).toBe(-sumPurchaser);
    expect(total("WALLET", w.supplier.id)).toBe(sumSupplier);
    expect(total("FEE_REVENUE", null)).toBe(sumFeeRevenue);
    expect(sumPurchaser - sumSupplier).toBe(sumFeeRevenue);

    // Cached balances equal the entries; the cash pool dropped by ΣT; Funds Available rose by Σcb, never negative.
    expect(await walletFigures(w.purchaser.id)).toEqual({ balance: 160_000_000 - sumPurchaser, sum: 160_000_000 - sumPurchaser });
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: sumSupplier, sum: sumSupplier });
    const offer = await PurchaserOffer.findByPk(w.offer.id);
    expect(offer).toMatchObject({ cashpool: 150_000_000 - sumT, offerStatus: "ACTIVE" });
    const after = await companyFunds(w.purchaser.id);
    expect(after.fundsAvailable).toBe(10_000_000 + (sumT - sumPurchaser));
    expect(after.fundsAvailable).toBeGreaterThanOrEqual(0);
    await ledgerWideChecks();

    // The same invoices again pays nothing: refused at once with the first invoice's reason.
    const again = await errorOf(requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids }));
    expect(again).toMatchObject({ status: 409, message: EXECUTION_MESSAGES.ALREADY_PAID });
    // Running the finished job again does nothing either.
    await runPurchaserOfferExecution(requested.jobId);
    expect(new Set((await paymentEntries(w.offer.id)).map((e) => e.transaction_id)).size).toBe(500);
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: sumSupplier, sum: sumSupplier });
  });
});

describe("a repeated execute pays nothing twice", () => {
  it("two requests for the same invoices, queued before either runs, pay each invoice once", async () => {
    const w = await world({ invoices: 20, cashpool: 5_000_000, wallet: 5_000_000, seed: 11, maxAmount: 100_000 });
    const ids = w.invoices.map((invoice) => invoice.id);
    const first = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids });
    const second = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: [...ids].reverse() });
    expect(second.executionId).not.toBe(first.executionId);
    expect((await PurchaserOffer.findByPk(w.offer.id))?.offerStatus).toBe("CLEARING");
    // Both jobs at once, on separate connections.
    await Promise.all([runPurchaserOfferExecution(first.jobId), runPurchaserOfferExecution(second.jobId)]);
    const a = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: first.executionId });
    const b = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: second.executionId });
    expect(a.success + b.success).toBe(20);
    expect(a.failed + b.failed).toBe(20);
    for (const status of [a, b])
      for (const r of status.executionResults.filter((x) => x.status === "FAILED")) expect(r.reason).toBe(EXECUTION_MESSAGES.ALREADY_PAID);
    const entries = await paymentEntries(w.offer.id);
    expect(new Set(entries.map((e) => e.transaction_id)).size).toBe(20);
    const live = await OfferExecutionResult.count({ where: { invoiceId: ids, status: "SUCCESS" } });
    expect(live).toBe(20);
    const sumT = w.invoices.reduce((sum, invoice) => sum + invoice.discountedTotal, 0);
    expect(await PurchaserOffer.findByPk(w.offer.id)).toMatchObject({ cashpool: 5_000_000 - sumT, offerStatus: "ACTIVE" });
    await ledgerWideChecks();
  });

  it("the same idempotency key twice queues one execution", async () => {
    const w = await world({ invoices: 3, cashpool: 1_000_000, wallet: 1_000_000, seed: 3, maxAmount: 100_000 });
    const ids = w.invoices.map((invoice) => invoice.id);
    const key = `dialog-${w.offer.id}`;
    const first = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids, idempotencyKey: key });
    const second = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids, idempotencyKey: key });
    expect(second).toEqual(first);
    expect(await OfferExecution.count({ where: { purchaserOfferId: w.offer.id } })).toBe(1);
  });
});

describe("refusals and failures", () => {
  it("refuses with the first invoice's reason, writing nothing, when an invoice does not fit the remaining cash pool", async () => {
    const w = await world({ invoices: 3, cashpool: 0, wallet: 2_000_000, seed: 5, maxAmount: 400_000 });
    const [a, b, c3] = w.invoices;
    await w.offer.update({ cashpool: (a.discountedTotal + b.discountedTotal) as Cents });
    const error = await errorOf(requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: [a.id, b.id, c3.id] }));
    expect(error).toMatchObject({ status: 409, message: "Invoice amount is higher than available cash pool" });
    expect(await OfferExecution.count({ where: { purchaserOfferId: w.offer.id } })).toBe(0);
    expect((await PurchaserOffer.findByPk(w.offer.id))?.offerStatus).toBe("ACTIVE");
  });

  it("fails an invoice whose offer was reset after the request, with the reason the dialog turns into 'no longer available'", async () => {
    const w = await world({ invoices: 2, cashpool: 1_000_000, wallet: 1_000_000, seed: 9, maxAmount: 100_000 });
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: w.invoices.map((i) => i.id) });
    await w.offer.update({ offerStatus: "CANCELLED", cancelledAt: new Date() });
    await runPurchaserOfferExecution(requested.jobId);
    const status = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: requested.executionId });
    expect(status).toMatchObject({ status: "FAILED", success: 0, failed: 2, reason: EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE });
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: 0, sum: 0 });
  });

  it("fails an invoice that is due today by the time the job runs, and pays the rest", async () => {
    const w = await world({ invoices: 3, cashpool: 2_000_000, wallet: 2_000_000, seed: 21, maxAmount: 100_000 });
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: w.invoices.map((i) => i.id) });
    await w.invoices[0].update({ dueDate: today });
    await runPurchaserOfferExecution(requested.jobId);
    const status = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: requested.executionId });
    expect(status).toMatchObject({ status: "FAILED", success: 2, failed: 1, reason: "Due date is today" });
    expect(status.executionResults[0]).toMatchObject({ invoiceId: w.invoices[0].id, status: "FAILED", amount: null, reason: "Due date is today" });
  });

  it("is scoped: another company cannot take the offer, see the execution, or name another supplier's invoice", async () => {
    const w = await world({ invoices: 1, cashpool: 1_000_000, wallet: 1_000_000, seed: 1, maxAmount: 100_000 });
    const stranger = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    expect(await errorOf(requestPurchaserOfferExecution(stranger.actor, { offerId: w.offer.id, invoiceIds: [w.invoices[0].id] }))).toMatchObject({
      status: 404,
      message: EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE,
    });
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: [w.invoices[0].id] });
    expect(await errorOf(purchaserOfferExecutionStatus(stranger.actor, { offerId: w.offer.id, executionId: requested.executionId }))).toMatchObject({
      status: 404,
    });
    const unverified = await makeActivatedCompany();
    expect(await errorOf(requestPurchaserOfferExecution(unverified.actor, { offerId: w.offer.id, invoiceIds: [w.invoices[0].id] }))).toMatchObject({
      status: 403,
    });
  });

  it("the Get Paid quote lists what the cash pool can pay, the chosen invoice first", async () => {
    const w = await world({ invoices: 4, cashpool: 0, wallet: 2_000_000, seed: 17, maxAmount: 300_000 });
    const [a, b] = w.invoices;
    await w.offer.update({ cashpool: (a.discountedTotal + b.discountedTotal) as Cents });
    const quote = await getPaidQuote(w.supplierActor, { invoiceId: b.id });
    expect(quote.invoices[0]).toMatchObject({ id: b.id, selected: true });
    const sum = quote.invoices.reduce((s, i) => s + i.total, 0);
    expect(sum).toBeLessThanOrEqual(a.discountedTotal + b.discountedTotal);
    for (const line of quote.invoices) expect(line.receive).toBe(line.total - line.fee);
    // Once the offer is reset, the dialog has nothing to offer: "Offer not available to supplier" (shown as expired).
    await w.offer.update({ offerStatus: "CANCELLED", cancelledAt: new Date() });
    expect(await errorOf(getPaidQuote(w.supplierActor, { invoiceId: b.id }))).toMatchObject({ status: 404, message: EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE });
  });
});

describe("a failed attempt (issue 14 part 6)", () => {
  it("is retried by the queue after a backoff: it carries on where it stopped and pays each invoice once", async () => {
    const w = await world({ invoices: 3, cashpool: 2_000_000, wallet: 2_000_000, seed: 33, maxAmount: 100_000 });
    const second = w.invoices[1];
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: w.invoices.map((i) => i.id) });
    // A real failure of PostgreSQL: a trigger refuses the second invoice's result while it exists.
    await sequelize.query(`
      CREATE OR REPLACE FUNCTION test_refuse_result() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'payments down'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER test_refuse_result BEFORE INSERT ON offer_execution_results FOR EACH ROW
        WHEN (NEW.invoice_id = ${Number(second.id)}) EXECUTE FUNCTION test_refuse_result();`);
    try {
      // The queue's first attempt: the first invoice is paid, the second fails; the job waits for its retry.
      expect(await runQueuedJobs({ companyId: w.supplier.id, reap: false })).toBe(1);
      const waiting = await Job.findByPk(requested.jobId);
      expect(waiting).toMatchObject({ status: "QUEUED", attempts: 1 });
      expect(waiting!.runAfter!.getTime()).toBeGreaterThan(Date.now());
      expect(await OfferExecution.findByPk(requested.executionId)).toMatchObject({ status: "RUNNING" });
      expect(await w.offer.reload()).toMatchObject({ offerStatus: "CLEARING" });
      expect(await OfferExecutionResult.count({ where: { executionId: requested.executionId } })).toBe(1);
      // Not before its backoff.
      expect(await runQueuedJobs({ companyId: w.supplier.id, reap: false })).toBe(0);
    } finally {
      await sequelize.query("DROP TRIGGER IF EXISTS test_refuse_result ON offer_execution_results");
    }
    await Job.update({ runAfter: new Date(Date.now() - 1_000) }, { where: { id: requested.jobId } });
    expect(await runQueuedJobs({ companyId: w.supplier.id, reap: false })).toBe(1);
    expect(await Job.findByPk(requested.jobId)).toMatchObject({ status: "SUCCEEDED", attempts: 2, progress: 100 });
    const status = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: requested.executionId });
    expect(status).toMatchObject({ status: "SUCCESS", success: 3, failed: 0 });
    const entries = await paymentEntries(w.offer.id);
    expect(new Set(entries.map((entry) => entry.result_id)).size).toBe(3);
    expect(new Set(entries.map((entry) => entry.transaction_id)).size).toBe(3);
    expect(await w.offer.reload()).toMatchObject({ offerStatus: "ACTIVE" });
    await ledgerWideChecks();
  });

  it("fails for good after the maximum attempts, keeping its error, and the execution ends with what it did", async () => {
    const w = await world({ invoices: 2, cashpool: 2_000_000, wallet: 2_000_000, seed: 35, maxAmount: 100_000 });
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: w.invoices.map((i) => i.id) });
    await sequelize.query(`
      CREATE OR REPLACE FUNCTION test_refuse_result() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'payments down'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER test_refuse_result BEFORE INSERT ON offer_execution_results FOR EACH ROW
        WHEN (NEW.invoice_id = ${Number(w.invoices[1].id)}) EXECUTE FUNCTION test_refuse_result();`);
    try {
      // One attempt allowed (as the seed and the CLI run it): the failure is final.
      await expect(runPurchaserOfferExecution(requested.jobId, { maxAttempts: 1 })).rejects.toThrow("payments down");
    } finally {
      await sequelize.query("DROP TRIGGER IF EXISTS test_refuse_result ON offer_execution_results");
    }
    expect(await Job.findByPk(requested.jobId)).toMatchObject({ status: "FAILED", attempts: 1, error: expect.any(String) });
    expect((await OfferExecution.findByPk(requested.executionId))!.status).not.toBe("RUNNING");
    expect(await w.offer.reload()).toMatchObject({ offerStatus: "ACTIVE" });
    await ledgerWideChecks();
  });
});

describe("VIRTUAL offers are funded at acceptance", () => {
  it("leaves results PENDING when funds fall short, and settles them in order when a top-up completes", async () => {
    const w = await world({ invoices: 3, cashpool: 3_000_000, wallet: 0, status: "VIRTUAL", seed: 33, maxAmount: 400_000 });
    const ids = w.invoices.map((invoice) => invoice.id);
    const { status } = await getPaid(w, ids);
    expect(status).toMatchObject({ status: "FAILED", success: 0, failed: 0, pending: 3 });
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: 0, sum: 0 });
    const sumT = w.invoices.reduce((sum, invoice) => sum + invoice.discountedTotal, 0);
    const offer = await PurchaserOffer.findByPk(w.offer.id);
    expect(offer).toMatchObject({ offerStatus: "VIRTUAL", cashpool: 3_000_000 - sumT });
    // A repeat while pending pays nothing and says so.
    expect(await errorOf(requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids }))).toMatchObject({
      message: EXECUTION_MESSAGES.PAYMENT_PENDING,
    });

    const amounts = w.invoices.map((invoice) =>
      purchaserOfferAmounts({ crrBp: 800, discountedTotal: invoice.discountedTotal, daysEarly: daysBetween(today, invoice.dueDate) })
    );
    // A top-up that covers only the first invoice pays only the first (in order).
    const adminActor = await makeAdmin();
    const small = await createTopUp(w.purchaserActor, { amount: amounts[0].purchaserPays, trigger: "CUSTOM" });
    await confirmTopUp(adminActor, small.id);
    let now = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: status.id });
    expect(now.executionResults.map((r) => r.status)).toEqual(["SUCCESS", "PENDING", "PENDING"]);
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: amounts[0].supplierReceives, sum: amounts[0].supplierReceives });
    expect((await companyFunds(w.purchaser.id)).fundsAvailable).toBe(0);

    // The rest arrives: both settle, the execution is now a success, and no Funds Available went negative.
    const rest = amounts[1].purchaserPays + amounts[2].purchaserPays + 1_234;
    const big = await createTopUp(w.purchaserActor, { amount: rest, trigger: "CUSTOM" });
    await confirmTopUp(adminActor, big.id);
    now = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: status.id });
    expect(now).toMatchObject({ status: "SUCCESS", success: 3, pending: 0 });
    const received = amounts.reduce((sum, a) => sum + a.supplierReceives, 0);
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: received, sum: received });
    expect((await companyFunds(w.purchaser.id)).fundsAvailable).toBe(1_234);
    const entries = await paymentEntries(w.offer.id);
    expect(new Set(entries.map((e) => e.transaction_id)).size).toBe(3);
    await ledgerWideChecks();
  });

  it("an execution and top-ups completing at the same time settle every invoice exactly once", { timeout: 120_000 }, async () => {
    const w = await world({ invoices: 40, cashpool: 10_000_000, wallet: 0, status: "VIRTUAL", seed: 77, maxAmount: 200_000 });
    const ids = w.invoices.map((invoice) => invoice.id);
    const amounts = w.invoices.map((invoice) =>
      purchaserOfferAmounts({ crrBp: 800, discountedTotal: invoice.discountedTotal, daysEarly: daysBetween(today, invoice.dueDate) })
    );
    const owed = amounts.reduce((sum, a) => sum + a.purchaserPays, 0);
    const requested = await requestPurchaserOfferExecution(w.supplierActor, { offerId: w.offer.id, invoiceIds: ids });
    const adminActor = await makeAdmin();
    // Four top-ups that together cover everything, confirmed while the job runs.
    const quarter = Math.ceil(owed / 4);
    const topUps = await Promise.all([0, 1, 2, 3].map(() => createTopUp(w.purchaserActor, { amount: quarter, trigger: "CUSTOM" })));
    await Promise.all([runPurchaserOfferExecution(requested.jobId), ...topUps.map((topUp) => confirmTopUp(adminActor, topUp.id))]);
    const status = await purchaserOfferExecutionStatus(w.supplierActor, { offerId: w.offer.id, executionId: requested.executionId });
    expect(status).toMatchObject({ status: "SUCCESS", success: 40, failed: 0, pending: 0 });
    const received = amounts.reduce((sum, a) => sum + a.supplierReceives, 0);
    expect(await walletFigures(w.supplier.id)).toEqual({ balance: received, sum: received });
    expect(await walletFigures(w.purchaser.id)).toEqual({ balance: quarter * 4 - owed, sum: quarter * 4 - owed });
    expect(new Set((await paymentEntries(w.offer.id)).map((e) => e.transaction_id)).size).toBe(40);
    await ledgerWideChecks();
  });

  it("pays at once when the purchaser's funds cover the invoice", async () => {
    const w = await world({ invoices: 1, cashpool: 1_000_000, wallet: 1_000_000, status: "VIRTUAL", seed: 41, maxAmount: 200_000 });
    const { status } = await getPaid(w, [w.invoices[0].id]);
    expect(status).toMatchObject({ status: "SUCCESS", success: 1 });
    expect((await PurchaserOffer.findByPk(w.offer.id))?.offerStatus).toBe("VIRTUAL");
  });
});
