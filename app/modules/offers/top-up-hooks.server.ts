import type { Transaction } from "sequelize";
import type { TopUp } from "../../../db/models/index";
import { pendingSettlementSuppliers, settlePendingExecutions } from "./execution.server";
import { onSupplierOfferTopUpClosed, onSupplierOfferTopUpCompleted, suppliersPaidByTopUp } from "./pay-now.server";
import { activatePurchaserOfferTopUp, cancelPurchaserOfferTopUp } from "./purchaser-offers.server";

/**
 * What a top-up's end means for the offers (part 1 §4 Top-up triggers, part 2 §4, D3). The money area calls these in
 * the same database transaction that completes or closes the top-up (creditTopUp, cancelTopUp, expireTopUps), with
 * the top-up row locked, so an offer and its top-up never disagree.
 *
 * - Completed: a TOPUP_PENDING purchaser offer waiting for it becomes ACTIVE (trigger PURCHASER_OFFER) or has its
 *   cash pool raised (PURCHASER_OFFER_EDIT); a TOPUP_PENDING supplier offer waiting for it is paid (SUPPLIER_OFFER);
 *   pending executions of the company's VIRTUAL offer settle when the funds cover them.
 * - Closed (cancelled or expired): the purchaser offer waiting for it is CANCELLED (or its raise dropped), the
 *   supplier offer goes back to CLEARING.
 *
 * Each offers service adds its own call below; a hook must be idempotent (a completed top-up is never completed
 * twice, but a retry of the surrounding work must not pay or activate twice).
 */
export async function onTopUpCompleted(t: Transaction, topUp: TopUp): Promise<void> {
  // What the top-up was made for comes first (each hook acts only on the offer naming this top-up: a purchaser offer's
  // own top-up, or the one Pay Now started, never both); what is left then settles the VIRTUAL offer's pending
  // acceptances. In the one lock order (decision 031): the purchaser offer before supplier offers, offers before bills.
  await activatePurchaserOfferTopUp(t, topUp);
  await onSupplierOfferTopUpCompleted(t, topUp);
  if (topUp.companyId !== null) await settlePendingExecutions(t, topUp.companyId);
}

/**
 * The companies whose wallets completing `topUp` for `companyId` may move: the company itself, the suppliers its Pay
 * Now waits to pay, and those its VIRTUAL offer's pending acceptances would pay. creditTopUp locks them all, together
 * and in account id order, before its credit (decision 031), so the hooks above never lock a wallet late.
 */
export async function walletsPaidOnCompletion(t: Transaction, topUp: TopUp, companyId: number): Promise<number[]> {
  return [companyId, ...(await suppliersPaidByTopUp(t, topUp.id)), ...(await pendingSettlementSuppliers(t, companyId))];
}

export async function onTopUpClosed(t: Transaction, topUp: TopUp, reason: "CANCELLED" | "EXPIRED"): Promise<void> {
  await onSupplierOfferTopUpClosed(t, topUp, reason);
  await cancelPurchaserOfferTopUp(t, topUp, reason);
}
