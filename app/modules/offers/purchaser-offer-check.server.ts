/**
 * The purchaser offers' background check (scheduled job check-purchaser-offers every 15 minutes; and ~2 s after an
 * offer is added or changed, p2 §4; docs/decisions/015).
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { PurchaserOffer, TopUp } from "../../../db/models/index";
import { daysBetween, todayIn } from "../../lib/dates";
import { centsToDecimal } from "../../lib/money";
import { logger } from "../../lib/logger.server";
import { companyFunds, lockWallet } from "../ledger/service.server";
import { activatePurchaserOfferTopUp, cancelPurchaserOfferTopUp } from "./purchaser-offer-funding.server";
import { currencyOf, offerConfig, RESERVING, type PurchaserOfferStatus } from "./purchaser-offer-records.server";
import { percentToBasisPoints, purchaserOfferEligibility } from "./rules";

/** "A background check of purchaser offers runs 2 seconds after an add" (p2 §4). */
const CHECK_DELAY_MS = 2_000;
let checkDelayMs: number | null = CHECK_DELAY_MS;

/** Tests that close their pool right away turn the delayed check off (null) or shorten it. */
export function setOfferCheckDelay(ms: number | null): void {
  checkDelayMs = ms;
}


/**
 * Runs the background check for this company ~2 s after an offer is added or changed, after commit, in this process (a
 * missed run is harmless: the scheduled job repeats it every 15 minutes).
 */
export function checkSoon(t: Transaction, companyId: number): void {
  const delay = checkDelayMs;
  if (delay === null) return;
  t.afterCommit(() => {
    const timer = setTimeout(() => {
      checkPurchaserOffers(new Date(), { companyId }).catch((error: unknown) => logger.error({ err: error, companyId }, "purchaser offer check failed"));
    }, delay);
    timer.unref?.();
  });
}

export interface CheckSummary {
  checked: number;
  activated: number;
  cancelled: number;
  clamped: number;
}

/**
 * For each live offer (of one company, when given), in its own transaction:
 * 1. reconciles it with its top-up, should a hook not have run (a TOPUP_PENDING offer whose top-up completed becomes
 *    ACTIVE, one whose top-up was cancelled or expired CANCELLED; an ACTIVE offer's raise likewise);
 * 2. never lets its cash pool reserve more than the balance (D4: Funds Available ≥ 0): an ACTIVE offer is lowered to
 *    what the wallet holds beyond nothing else (should money have left another way);
 * 3. recomputes, as of today in the company's time zone, the included bills eligible under it (due after today, within
 *    the cash pool and the caps: the bills list's rules) and stores their count and total with the time.
 * It writes nothing else: included bills whose due date passes stay included and show "Due date has passed" (p2 §4).
 */
export async function checkPurchaserOffers(now: Date = new Date(), options: { companyId?: number } = {}): Promise<CheckSummary> {
  const config = await offerConfig();
  const offers = await PurchaserOffer.findAll({
    where: {
      offerStatus: ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING"],
      ...(options.companyId !== undefined ? { createdByCompany: options.companyId } : {}),
    },
    attributes: ["id", "createdByCompany"],
    order: [["id", "ASC"]],
  });
  const summary: CheckSummary = { checked: 0, activated: 0, cancelled: 0, clamped: 0 };
  for (const { id, createdByCompany: companyId } of offers) {
    await sequelize.transaction(async (t) => {
      const { currency, country } = await currencyOf(companyId, t);
      const offer0 = await PurchaserOffer.findByPk(id, { transaction: t });
      const topUp = offer0?.topUpId ? await TopUp.findByPk(offer0.topUpId, { lock: t.LOCK.UPDATE, transaction: t }) : null;
      await lockWallet(t, companyId, currency);
      const offer = await PurchaserOffer.findOne({ where: { id, createdByCompany: companyId }, lock: t.LOCK.UPDATE, transaction: t });
      if (!offer || offer.offerStatus === "CANCELLED") return;
      summary.checked++;
      if (topUp && (offer.offerStatus === "TOPUP_PENDING" || offer.pendingCashpool > 0)) {
        if (topUp.topupStatus === "COMPLETED") {
          const wasPending = offer.offerStatus === "TOPUP_PENDING";
          await activatePurchaserOfferTopUp(t, topUp);
          await offer.reload({ transaction: t });
          if (wasPending && offer.offerStatus === "ACTIVE") summary.activated++;
        } else if (topUp.topupStatus === "CANCELLED" || topUp.topupStatus === "EXPIRED") {
          await cancelPurchaserOfferTopUp(t, topUp, topUp.topupStatus);
          await offer.reload({ transaction: t });
          if ((offer.offerStatus as PurchaserOfferStatus) === "CANCELLED") {
            summary.cancelled++;
            return;
          }
        }
      }
      if (RESERVING.includes(offer.offerStatus)) {
        const funds = await companyFunds(companyId, { transaction: t });
        if (funds.fundsAvailable < 0) {
          await offer.update({ cashpool: Math.max(0, offer.cashpool + funds.fundsAvailable) }, { transaction: t });
          summary.clamped++;
        }
      }
      const today = todayIn(country, now);
      const bills = await sequelize.query<{ amount_c: string; due_date: string }>(
        `SELECT (i.discounted_total * 100)::bigint AS amount_c, to_char(i.due_date, 'YYYY-MM-DD') AS due_date
         FROM invoices i
         JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled
         WHERE i.issued_for = :companyId AND i.type = 'BILL' AND i.include_in_purchaser_offer AND i.deleted_at IS NULL
           AND i.bill_status IS DISTINCT FROM 'PAID' AND i.due_date > CAST(:today AS date)`,
        { type: QueryTypes.SELECT, replacements: { companyId, today }, transaction: t }
      );
      const crrBp = percentToBasisPoints(String(offer.crr));
      let count = 0;
      let total = 0;
      for (const bill of bills) {
        const result = purchaserOfferEligibility(
          {
            crrBp,
            discountedTotal: Number(bill.amount_c),
            daysToDue: daysBetween(today, bill.due_date),
            cashpool: offer.cashpool,
            pendingCashpool: offer.pendingCashpool,
          },
          config
        );
        if (result.eligible) {
          count++;
          total += Number(bill.amount_c);
        }
      }
      await sequelize.query(`UPDATE purchaser_offers SET eligible_count = :count, eligible_total = :total, eligibility_checked_at = :now WHERE id = :id`, {
        replacements: { count, total: centsToDecimal(total), now, id },
        transaction: t,
      });
    });
  }
  return summary;
}

