/**
 * A purchaser offer's top-up ending (listeners of the ledger's top-up events, registered by top-up-listeners.server.ts;
 * the scheduled check calls them too, should a listener not have run). They run in the top-up's own transaction, the
 * top-up row locked; the lock order is the company's wallet, then the offer row.
 */
import type { Transaction } from "sequelize";
import { PurchaserOffer, type TopUp } from "../../../db/models/index";
import { companyFunds, lockWallet, type Currency } from "../ledger/service.server";
import type { TopUpCloseReason } from "../ledger/top-up-events.server";

/**
 * A top-up completed: the offer waiting for it is funded with what the wallet now covers, never more (Funds Available
 * stays ≥ 0 even if money was spent meanwhile): TOPUP_PENDING → ACTIVE with that cash pool; an ACTIVE offer's raise is
 * added. Idempotent: an offer with nothing pending is left alone.
 */
export async function activatePurchaserOfferTopUp(t: Transaction, topUp: TopUp): Promise<void> {
  if (topUp.companyId === null) return;
  const offer = await PurchaserOffer.findOne({ where: { topUpId: topUp.id, createdByCompany: topUp.companyId }, transaction: t });
  if (!offer || !["TOPUP_PENDING", "ACTIVE"].includes(offer.offerStatus)) return;
  if (offer.offerStatus === "ACTIVE" && offer.pendingCashpool === 0) return;
  // Wallet before offer (the module's lock order); the posting that credited the wallet already holds its lock.
  await lockWallet(t, topUp.companyId, topUp.currency as Currency);
  await offer.reload({ lock: t.LOCK.UPDATE, transaction: t });
  if (offer.offerStatus === "ACTIVE" && offer.pendingCashpool === 0) return;
  if (!["TOPUP_PENDING", "ACTIVE"].includes(offer.offerStatus)) return;
  const funds = await companyFunds(topUp.companyId, { transaction: t });
  const raise = Math.max(0, Math.min(offer.pendingCashpool, funds.fundsAvailable));
  if (offer.offerStatus === "TOPUP_PENDING") {
    await offer.update({ offerStatus: "ACTIVE", cashpool: raise, pendingCashpool: 0 }, { transaction: t });
  } else {
    await offer.update({ cashpool: offer.cashpool + raise, pendingCashpool: 0 }, { transaction: t });
  }
}

/** A top-up was cancelled or expired: the TOPUP_PENDING offer waiting for it is CANCELLED; an ACTIVE offer's raise is dropped. */
export async function cancelPurchaserOfferTopUp(t: Transaction, topUp: TopUp, reason: TopUpCloseReason): Promise<void> {
  void reason;
  if (topUp.companyId === null) return;
  const offer = await PurchaserOffer.findOne({ where: { topUpId: topUp.id, createdByCompany: topUp.companyId }, lock: t.LOCK.UPDATE, transaction: t });
  if (!offer) return;
  if (offer.offerStatus === "TOPUP_PENDING") {
    await offer.update({ offerStatus: "CANCELLED", cancelledAt: new Date(), pendingCashpool: 0 }, { transaction: t });
  } else if (offer.pendingCashpool > 0 && offer.offerStatus !== "CANCELLED") {
    await offer.update({ pendingCashpool: 0 }, { transaction: t });
  }
}

