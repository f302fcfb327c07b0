/**
 * Purchaser offers' records as every part of them reads them (lifecycle, suggestions, scheduled check, top-up funding):
 * the actor's company, the live offer, its view, and the runtime config the rules need.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { PurchaserOffer, TopUp } from "../../../db/models/index";
import { getRuntimeConfig } from "../settings/service.server";
import type { Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import type { Currency } from "../ledger/service.server";
import { companyContextOf } from "../companies/service.server";
import { basisPointsToPercent, offerConfigFrom, percentToBasisPoints, type BasisPoints, type OfferConfig } from "./rules";

export type PurchaserOfferStatus = "TOPUP_PENDING" | "ACTIVE" | "VIRTUAL" | "CLEARING" | "CANCELLED";
export type Locale = "en-NZ" | "en-AU";

export interface PurchaserOfferView {
  id: number;
  offerStatus: PurchaserOfferStatus;
  cashpool: Cents;
  pendingCashpool: Cents;
  /** "8.00" (% per year, 2 decimals as the spec shows it). */
  crr: string;
  crrBp: BasisPoints;
  /** The top-up the offer waits for (TOPUP_PENDING, or a raise): its reference, amount and status. */
  topUp: { id: number; paymentReference: string | null; topupAmount: Cents; topupStatus: string } | null;
  /** The background check's last findings (docs/decisions/015). */
  check: { eligibleCount: number; eligibleTotal: Cents; checkedAt: string } | null;
  /** The spec's modificationTime. */
  modificationTime: string;
}



export async function offerConfig(): Promise<OfferConfig> {
  return offerConfigFrom(await getRuntimeConfig());
}

export function validationError(field: string, message: string): AppError {
  return new AppError(422, message, { code: "VALIDATION", field });
}

export async function currencyOf(companyId: number, t?: Transaction): Promise<{ currency: Currency; country: Country }> {
  const { currency, country } = await companyContextOf(companyId, { transaction: t });
  return { currency, country };
}

/** The statuses whose cash pool is the company's Cash Reserve (D4). */
export const RESERVING: readonly string[] = ["ACTIVE", "CLEARING"];

export async function toView(offer: PurchaserOffer, t?: Transaction): Promise<PurchaserOfferView> {
  const topUp = offer.topUpId ? await TopUp.findByPk(offer.topUpId, { transaction: t }) : null;
  const [check] = await sequelize.query<{ eligible_count: number | null; eligible_total_c: string | null; checked_at: Date | null }>(
    `SELECT eligible_count, (eligible_total * 100)::bigint AS eligible_total_c, eligibility_checked_at AS checked_at FROM purchaser_offers WHERE id = :id`,
    { type: QueryTypes.SELECT, replacements: { id: offer.id }, transaction: t }
  );
  const crrBp = percentToBasisPoints(String(offer.crr));
  const waiting = offer.offerStatus === "TOPUP_PENDING" || offer.pendingCashpool > 0;
  return {
    id: offer.id,
    offerStatus: offer.offerStatus,
    cashpool: offer.cashpool,
    pendingCashpool: offer.pendingCashpool,
    crr: basisPointsToPercent(crrBp),
    crrBp,
    topUp:
      topUp && (waiting || topUp.topupStatus === "PENDING")
        ? { id: topUp.id, paymentReference: topUp.paymentReference, topupAmount: topUp.topupAmount, topupStatus: topUp.topupStatus }
        : null,
    check:
      check?.checked_at && check.eligible_count !== null
        ? { eligibleCount: check.eligible_count, eligibleTotal: Number(check.eligible_total_c ?? 0), checkedAt: new Date(check.checked_at).toISOString() }
        : null,
    modificationTime: offer.updatedAt.toISOString(),
  };
}

export async function liveOffer(companyId: number, t?: Transaction, lock = false): Promise<PurchaserOffer | null> {
  return PurchaserOffer.findOne({
    where: { createdByCompany: companyId, offerStatus: ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING"] },
    transaction: t,
    ...(lock && t ? { lock: t.LOCK.UPDATE } : {}),
  });
}

