/**
 * What a top-up's end means for the offers (part 1 §4 Top-up triggers, part 2 §4, D3), subscribed to the ledger's
 * top-up events (app/modules/ledger/top-up-events.server.ts). The listeners run in the same database transaction that
 * completes or closes the top-up (creditTopUp, cancelTopUp, expireTopUps), with the top-up row locked, so an offer and
 * its top-up never disagree; a listener that throws rolls the top-up's change back.
 *
 * - Completed: a TOPUP_PENDING purchaser offer waiting for it becomes ACTIVE (trigger PURCHASER_OFFER) or has its
 *   cash pool raised (PURCHASER_OFFER_EDIT); a TOPUP_PENDING supplier offer waiting for it is paid (SUPPLIER_OFFER);
 *   pending executions of the company's VIRTUAL offer settle when the funds cover them.
 * - Closed (cancelled or expired): the supplier offer goes back to CLEARING, the purchaser offer waiting for it is
 *   CANCELLED (or its raise dropped).
 *
 * Every listener must be idempotent (a completed top-up is never completed twice, but a retry of the surrounding work
 * must not pay or activate twice).
 *
 * Every entry point that can complete or close a top-up calls registerOfferTopUpListeners() once at start-up: server.ts,
 * app/entry.server.tsx (the Remix bundle has its own copy of the modules), jobs/worker.ts, cli/runtime.tsx
 * (withDatabase) and tests/support/setup-env.ts. Without it the ledger refuses to complete a top-up.
 */
import { onTopUpClosed, onTopUpCompleted } from "../ledger/top-up-events.server";

// The listeners' code loads on first use: registering costs a process nothing (the CLI registers for every command,
// most of which never end a top-up), and the work is the same once loaded.
const purchaserOffers = () => import("./purchaser-offer-funding.server");
const payNow = () => import("./pay-now.server");
const executions = () => import("./execution.server");

let registered = false;

/** Subscribes the offers to the ledger's top-up events; calling it again changes nothing. */
export function registerOfferTopUpListeners(): void {
  if (registered) return;
  registered = true;
  // Completed. What the top-up was made for comes first (each listener acts only on the offer naming this top-up: a
  // purchaser offer's own top-up, or the one Pay Now started, never both); what is left then settles the VIRTUAL
  // offer's pending acceptances. In the one lock order (decision 031): the purchaser offer before supplier offers,
  // offers before bills. The wallets the last two pay are locked by the ledger before its credit (walletsMoved).
  onTopUpCompleted(async (t, topUp) => (await purchaserOffers()).activatePurchaserOfferTopUp(t, topUp));
  onTopUpCompleted(async (t, topUp) => (await payNow()).onSupplierOfferTopUpCompleted(t, topUp), {
    walletsMoved: async (t, topUp) => (await payNow()).suppliersPaidByTopUp(t, topUp.id),
  });
  onTopUpCompleted(
    async (t, topUp) => {
      if (topUp.companyId !== null) await (await executions()).settlePendingExecutions(t, topUp.companyId);
    },
    { walletsMoved: async (t, _topUp, companyId) => (await executions()).pendingSettlementSuppliers(t, companyId) }
  );
  // Closed: the supplier offer first, then the purchaser offer (the order before the events existed).
  onTopUpClosed(async (t, topUp, reason) => (await payNow()).onSupplierOfferTopUpClosed(t, topUp, reason));
  onTopUpClosed(async (t, topUp, reason) => (await purchaserOffers()).cancelPurchaserOfferTopUp(t, topUp, reason));
}
