import type { Transaction } from "sequelize";
import type { TopUp } from "../../../db/models/index";
import { settlePendingExecutions } from "./execution.server";
import { onSupplierOfferTopUpClosed, onSupplierOfferTopUpCompleted } from "./pay-now.server";
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
  // What the top-up was made for comes first (each hook acts only on the offer naming this top-up); what is left then
  // settles the VIRTUAL offer's pending acceptances.
  if (topUp.trigger === "PURCHASER_OFFER" || topUp.trigger === "PURCHASER_OFFER_EDIT") {
    await activatePurchaserOfferTopUp(t, topUp);
    await onSupplierOfferTopUpCompleted(t, topUp);
  } else {
    await onSupplierOfferTopUpCompleted(t, topUp);
    await activatePurchaserOfferTopUp(t, topUp);
  }
  if (topUp.companyId !== null) await settlePendingExecutions(t, topUp.companyId);
}

export async function onTopUpClosed(t: Transaction, topUp: TopUp, reason: "CANCELLED" | "EXPIRED"): Promise<void> {
  await onSupplierOfferTopUpClosed(t, topUp, reason);
  await cancelPurchaserOfferTopUp(t, topUp, reason);
}
