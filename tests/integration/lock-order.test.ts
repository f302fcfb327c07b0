/**
 * Issue 13 part 4 (docs/decisions/031-one-lock-order.md): Get Paid and Pay Now on the same bill at the same time.
 * Get Paid used to lock the wallets, then the offer, then the invoice; Pay Now the offer, then the bill, then the
 * wallet: PostgreSQL aborted one of them with a deadlock and Pay Now answered with the generic error. Both now take
 * the one order of every money path (wallets, offers, invoices), so they wait for each other instead.
 *
 * 100 pairs, in rounds of 10 bills at once. Each bill has a queued Get Paid on the purchaser's live offer and an open
 * prompt payment request (the Get Paid is asked first: a bill with an open request cannot be asked for). Exactly one
 * pays each bill; the other ends with one of the spec's messages; PostgreSQL reports no deadlock.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, OfferExecutionResult } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { isAppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { setQueuedJobsTrigger } from "../../app/modules/jobs/queue-trigger.server";
import { EXECUTION_MESSAGES } from "../../app/modules/offers/execution.rules";
import { requestPurchaserOfferExecution, runPurchaserOfferExecution } from "../../app/modules/offers/execution.server";
import { ALREADY_PAID, payNow } from "../../app/modules/offers/pay-now.server";
import { setOfferCheckDelay } from "../../app/modules/offers/purchaser-offer-check.server";
import { createPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import { CANNOT_PAY_NOW } from "../../app/modules/offers/supplier-offers.schema";
import { requestPayment } from "../../app/modules/offers/supplier-offers.server";
import { fundWallet, makeSupplierLink, makeVerifiedCompany } from "../support/factories";

beforeAll(() => {
  setQueuedJobsTrigger(() => {});
  setOfferCheckDelay(null);
});
afterAll(async () => {
  setQueuedJobsTrigger(null);
  await sequelize.close();
});

const today = todayIn("NZ");

async function deadlocksSoFar(): Promise<number> {
  // Backends flush their statistics within a second (PostgreSQL 15+): wait for them before reading.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  await sequelize.query("SELECT pg_stat_clear_snapshot()");
  const [row] = await sequelize.query<{ deadlocks: string }>("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()", {
    type: QueryTypes.SELECT,
  });
  return Number(row.deadlocks);
}

type Outcome = { kind: "paid" } | { kind: "refused"; message: string } | { kind: "error"; error: unknown };

describe("one lock order: Get Paid and Pay Now on the same bill", () => {
  it("100 concurrent pairs: exactly one pays each bill, the other gets the spec's message, never a deadlock", async () => {
    const supplier = await makeVerifiedCompany();
    const purchaser = await makeVerifiedCompany();
    await makeSupplierLink(purchaser.company, supplier.company);
    await fundWallet(purchaser.actor, 40_000_000 as Cents);
    const { offer } = await createPurchaserOffer(purchaser.actor, { cashpool: "150000", crr: "8" });
    expect(offer.offerStatus).toBe("ACTIVE");
    const deadlocksBefore = await deadlocksSoFar();

    const rounds = 10;
    const perRound = 10;
    const payNowOutcomes: Outcome[] = [];
    const getPaidReasons: (string | null)[] = [];
    const billIds: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const bills = await Invoice.bulkCreate(
        Array.from({ length: perRound }, (_, i) => ({
          type: "INVOICE" as const,
          issuedBy: supplier.company.id,
          issuedFor: purchaser.company.id,
          issuedByCompanyName: supplier.company.companyName,
          issuedForCompanyName: purchaser.company.companyName,
          invoiceNumber: `LO-${process.pid}-${round}-${i}`,
          dueDate: addDays(today, 20 + i),
          issueDate: addDays(today, -5),
          total: (100_000 + round * 1_000 + i * 37) as Cents,
          currency: "NZD",
          includeInPurchaserOffer: true,
        }))
      );
      const pairs = [];
      for (const bill of bills) {
        // Get Paid first (queued: no result yet), then the prompt payment request on the same bill.
        const execution = await requestPurchaserOfferExecution(supplier.actor, { offerId: offer.id, invoiceIds: [bill.id] });
        const { offerId } = await requestPayment(supplier.actor, { invoiceId: bill.id, amount: "50.00", expirationDate: addDays(today, 5) });
        pairs.push({ bill, jobId: execution.jobId, supplierOfferId: offerId });
        billIds.push(bill.id);
      }
      await Promise.all(
        pairs.flatMap(({ bill, jobId, supplierOfferId }) => [
          runPurchaserOfferExecution(jobId),
          payNow(purchaser.actor, { supplierOfferId, invoiceIds: [bill.id], expectedCashReward: 5_000 as Cents })
            .then(
              (response): Outcome =>
                response.status === "SUCCESS" ? { kind: "paid" } : { kind: "refused", message: response.invoicesExecutionResult[0]?.reason ?? response.status },
              (error: unknown): Outcome => (isAppError(error) && error.status < 500 ? { kind: "refused", message: error.message } : { kind: "error", error })
            )
            .then((outcome) => payNowOutcomes.push(outcome)),
        ])
      );
    }

    // Neither side ever got a generic error: Pay Now paid or answered with the spec's words.
    const errors = payNowOutcomes.filter((outcome) => outcome.kind === "error");
    expect(errors.map((outcome) => String((outcome as { error: unknown }).error))).toEqual([]);
    for (const outcome of payNowOutcomes) if (outcome.kind === "refused") expect([ALREADY_PAID, CANNOT_PAY_NOW]).toContain(outcome.message);

    // Exactly one payment per bill: one live (SUCCESS) result and one PAYMENT ledger transaction.
    const paid = await sequelize.query<{ invoice_id: number; results: number; payments: number }>(
      `SELECT i.id AS invoice_id,
              (SELECT count(*)::int FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status = 'SUCCESS') AS results,
              (SELECT count(*)::int FROM offer_execution_results r JOIN ledger_transactions t ON t.offer_execution_result_id = r.id
                WHERE r.invoice_id = i.id AND t.transaction_class = 'PAYMENT') AS payments
         FROM invoices i WHERE i.id IN (:ids)`,
      { type: QueryTypes.SELECT, replacements: { ids: billIds } }
    );
    expect(paid).toHaveLength(rounds * perRound);
    expect(paid.filter((row) => row.results !== 1 || row.payments !== 1)).toEqual([]);
    expect(await Invoice.count({ where: { id: billIds, billStatus: "PAID" } })).toBe(rounds * perRound);

    // Get Paid's side: paid, or failed with the spec's reason (the bill was paid, or had an open request).
    const failed = await OfferExecutionResult.findAll({ where: { invoiceId: billIds, status: "FAILED" }, attributes: ["reason"] });
    for (const result of failed) getPaidReasons.push(result.reason);
    for (const reason of getPaidReasons) expect([EXECUTION_MESSAGES.ALREADY_PAID, EXECUTION_MESSAGES.PAYMENT_REQUESTED]).toContain(reason);
    expect(
      payNowOutcomes.filter((o) => o.kind === "paid").length +
        (await OfferExecutionResult.count({ where: { invoiceId: billIds, status: "SUCCESS", supplierOfferId: null } }))
    ).toBe(rounds * perRound);

    expect(await deadlocksSoFar()).toBe(deadlocksBefore);
  }, 240_000);
});
