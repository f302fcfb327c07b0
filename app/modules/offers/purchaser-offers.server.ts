/**
 * Purchaser offers: a company's cash reserve offered to its suppliers at a required rate of return (spec p2 §3-§5,
 * §7 /purchaseroffer, §8; p1 §4 Top-up triggers; decisions D2-D4; docs/decisions/015).
 *
 * - One live (not CANCELLED) offer per purchaser; the database's partial unique index enforces it too.
 * - The bills it covers are the company's bills with include_in_purchaser_offer (include/exclude: invoices/bulk.server).
 * - Money (D4): the cash pool of an ACTIVE or CLEARING offer is the company's Cash Reserve; Funds Available = balance −
 *   Cash Reserve never goes negative. Creating or raising an offer beyond Funds Available does not fail: it creates a
 *   top-up for the shortfall (trigger PURCHASER_OFFER / PURCHASER_OFFER_EDIT) in the same database transaction, and the
 *   offer waits for it (TOPUP_PENDING with the whole cash pool pending, or an ACTIVE offer with `pendingCashpool` the
 *   raise). When the top-up completes, its listeners (purchaser-offer-funding.server.ts)
 *   fund what the wallet then covers.
 * - Split by responsibility: this file is the lifecycle (plan, create, edit, reset) and the /bills cards;
 *   purchaser-offer-suggestions.server.ts the suggested bills, purchaser-offer-check.server.ts the scheduled check,
 *   purchaser-offer-funding.server.ts what a top-up's end does, purchaser-offer-records.server.ts the shared reads.
 * - Lock order: the company's wallet, then the offer row (the same order as a top-up's completion, which posts to the
 *   wallet and then calls the hook), so an edit and a confirm never wait on each other in opposite orders.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount, PurchaserOffer, TopUp } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { todayIn } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { audit as writeAudit } from "../audit/service.server";
import { requireCompanyId, requireVerifiedCompany } from "../companies/service.server";
import { billAnalytics, monthStartOf } from "../analytics/service.server";
import { companyFunds, lockWallet } from "../ledger/service.server";
import { createTopUp } from "../ledger/top-ups.server";
import { checkSoon } from "./purchaser-offer-check.server";
import {
  currencyOf,
  liveOffer,
  offerConfig,
  RESERVING,
  toView,
  validationError,
  type Locale,
  type PurchaserOfferView,
} from "./purchaser-offer-records.server";
import { offerSuggestions, type OfferSuggestions } from "./purchaser-offer-suggestions.server";
import {
  CHANGE_NOT_PERMITTED,
  OFFER_EXISTS,
  OFFER_NOT_FOUND,
  parseOfferForm,
  TOPUP_ERROR_OFFER_NOT_ACCEPTED,
  TOPUP_STILL_PENDING,
  TRANSACTION_IN_PROGRESS,
} from "./purchaser-offers.schema";
import { basisPointsToPercent, type BasisPoints, type OfferConfig } from "./rules";

// The routes and the job registry import these from here (the file's public face before the split); new code imports
// them from their own files.
export type { Locale, PurchaserOfferStatus, PurchaserOfferView } from "./purchaser-offer-records.server";
export { checkPurchaserOffers, type CheckSummary } from "./purchaser-offer-check.server";
export { includeSuggestedBills, offerSuggestions, type OfferSuggestions, type SuggestedBill } from "./purchaser-offer-suggestions.server";

export interface OfferChangeResult {
  offer: PurchaserOfferView;
  /** The top-up created for the shortfall, when Funds Available did not cover the cash pool. */
  topUp: { id: number; paymentReference: string | null; topupAmount: Cents } | null;
}

export interface OfferChangeInput {
  cashpool: unknown;
  crr: unknown;
  /** Bills to include in the offer (the spec's invoiceIds): the company's own, set include_in_purchaser_offer. */
  invoiceIds?: readonly number[];
  /** A double submit with the same key makes one offer and one top-up (createTopUp's idempotency). */
  idempotencyKey?: string;
}


/** The company's live offer (GET /purchaseroffer), or null. */
export async function getLiveOffer(actor: Actor): Promise<PurchaserOfferView | null> {
  const offer = await liveOffer(requireCompanyId(actor));
  return offer ? toView(offer) : null;
}

/** The company has its Earlybird account (a SYSTEM bank account): a top-up is possible (p1 §2, decision 012). */
async function accountActive(companyId: number, t?: Transaction): Promise<boolean> {
  return (await BankAccount.count({ where: { companyId, loadedBy: "SYSTEM" }, transaction: t })) > 0;
}

export interface OfferPlan {
  cashpool: Cents;
  crrBp: BasisPoints;
  crr: string;
  fundsAvailable: Cents;
  /** What a top-up must bring for the offer to be funded; 0 when Funds Available covers it. */
  shortfall: Cents;
  /** A top-up can be made (the account is activated). */
  accountActive: boolean;
  /** Whether an offer exists (edit) or not (create). */
  mode: "create" | "edit";
}

/** How much of a target cash pool is not yet covered: the raise over what the offer already reserves, less funds. */
function shortfallOf(target: Cents, offer: PurchaserOffer | null, fundsAvailable: Cents): Cents {
  if (offer?.offerStatus === "VIRTUAL") return 0; // funded at acceptance (D3)
  const reserved = offer && RESERVING.includes(offer.offerStatus) ? offer.cashpool : 0;
  return Math.max(0, target - reserved - Math.max(0, fundsAvailable));
}

function parseInput(input: OfferChangeInput, config: OfferConfig): { cashpool: Cents; crrBp: BasisPoints } {
  const parsed = parseOfferForm({ cashpool: input.cashpool, crr: input.crr }, config.maxCashbackPercent);
  if (!parsed.ok) throw validationError(parsed.field, parsed.message);
  return { cashpool: parsed.cashpool, crrBp: parsed.crrBp };
}

/**
 * What creating or editing would do, without writing: the parsed amounts and the shortfall a top-up must cover (the
 * route shows the top-up steps when it is above 0). Validation and permission are the same as the change's.
 */
export async function planOffer(actor: Actor, input: OfferChangeInput): Promise<OfferPlan> {
  const companyId = requireCompanyId(actor);
  const config = await offerConfig();
  const { cashpool, crrBp } = parseInput(input, config);
  await requireVerifiedCompany(companyId);
  const offer = await liveOffer(companyId);
  if (offer?.offerStatus === "CLEARING") throw changeNotPermitted();
  const funds = await companyFunds(companyId);
  return {
    cashpool,
    crrBp,
    crr: basisPointsToPercent(crrBp),
    fundsAvailable: funds.fundsAvailable,
    shortfall: shortfallOf(cashpool, offer, funds.fundsAvailable),
    accountActive: await accountActive(companyId),
    mode: offer ? "edit" : "create",
  };
}

function changeNotPermitted(): AppError {
  // The spec's 403 "Change not permitted", shown to users as "Transaction in progress..." (p2 §8).
  return new AppError(403, TRANSACTION_IN_PROGRESS, { code: "CHANGE_NOT_PERMITTED", details: { debugMessage: CHANGE_NOT_PERMITTED } });
}

async function includeBills(t: Transaction, companyId: number, invoiceIds: readonly number[] | undefined): Promise<void> {
  if (!invoiceIds || invoiceIds.length === 0) return;
  const ids = [...new Set(invoiceIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) return;
  // The company's own unpaid bills whose supplier has offers enabled; others are left as they are (like bulk Include).
  // Locked in id order first (decision 031), as every other writer of several bills does.
  await sequelize.query("SELECT id FROM invoices WHERE id IN (:ids) AND issued_for = :companyId ORDER BY id FOR UPDATE", {
    type: QueryTypes.SELECT,
    replacements: { ids, companyId },
    transaction: t,
  });
  await sequelize.query(
    `UPDATE invoices i SET include_in_purchaser_offer = true
     WHERE i.id IN (:ids) AND i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
       AND NOT i.include_in_purchaser_offer
       AND EXISTS (SELECT 1 FROM counterparties cp WHERE cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled)`,
    { replacements: { ids, companyId }, transaction: t }
  );
}

async function audit(t: Transaction, actor: Actor, companyId: number, action: string, offerId: number, details: Record<string, unknown>): Promise<void> {
  await writeAudit(actor, { companyId, action, entityType: "purchaser_offer", entityId: offerId, details }, { transaction: t });
}


/**
 * POST /purchaseroffer: a new offer with cash pool and crr (and optionally bills to include). Funds Available covers
 * it: ACTIVE at once, its cash pool reserved. Otherwise a top-up of the shortfall (trigger PURCHASER_OFFER) and the
 * offer TOPUP_PENDING with the whole cash pool pending, in one database transaction. A company without an activated
 * account cannot top up: 409 "Error creating topup. Offer not accepted." and nothing is written.
 */
export async function createPurchaserOffer(actor: Actor, input: OfferChangeInput): Promise<OfferChangeResult> {
  const companyId = requireCompanyId(actor);
  const config = await offerConfig();
  const { cashpool, crrBp } = parseInput(input, config);
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    const { currency } = await currencyOf(companyId, t);
    await lockWallet(t, companyId, currency);
    if (await liveOffer(companyId, t)) throw new AppError(409, OFFER_EXISTS, { code: "OFFER_EXISTS" });
    const funds = await companyFunds(companyId, { transaction: t });
    const shortfall = shortfallOf(cashpool, null, funds.fundsAvailable);
    let topUp: OfferChangeResult["topUp"] = null;
    let offer: PurchaserOffer;
    if (shortfall === 0) {
      offer = await PurchaserOffer.create(
        {
          createdByCompany: companyId,
          cashpool,
          pendingCashpool: 0,
          crr: basisPointsToPercent(crrBp),
          offerStatus: "ACTIVE",
          topUpId: null,
          cancelledAt: null,
        },
        { transaction: t }
      );
    } else {
      topUp = await topUpFor(t, actor, companyId, shortfall, "PURCHASER_OFFER", input.idempotencyKey);
      offer = await PurchaserOffer.create(
        {
          createdByCompany: companyId,
          cashpool: 0,
          pendingCashpool: cashpool,
          crr: basisPointsToPercent(crrBp),
          offerStatus: "TOPUP_PENDING",
          topUpId: topUp.id,
          cancelledAt: null,
        },
        { transaction: t }
      );
    }
    await includeBills(t, companyId, input.invoiceIds);
    await audit(t, actor, companyId, "purchaser_offer.create", offer.id, {
      cashpool,
      crr: offer.crr,
      offerStatus: offer.offerStatus,
      topUpId: topUp?.id ?? null,
    });
    // The invariant of D4, checked where it is made: an ACTIVE offer never reserves more than the balance.
    if ((await companyFunds(companyId, { transaction: t })).fundsAvailable < 0) throw new Error("Funds Available would be negative");
    checkSoon(t, companyId);
    return { offer: await toView(offer, t), topUp };
  });
}

async function topUpFor(
  t: Transaction,
  actor: Actor,
  companyId: number,
  amount: Cents,
  trigger: "PURCHASER_OFFER" | "PURCHASER_OFFER_EDIT",
  idempotencyKey: string | undefined
): Promise<NonNullable<OfferChangeResult["topUp"]>> {
  if (!(await accountActive(companyId, t))) throw new AppError(409, TOPUP_ERROR_OFFER_NOT_ACCEPTED, { code: "TOPUP_NOT_POSSIBLE" });
  const created = await createTopUp(
    { ...actor, companyId },
    { amount, trigger, ...(idempotencyKey ? { idempotencyKey: `${trigger}:${idempotencyKey}` } : {}) },
    { transaction: t }
  );
  return { id: created.id, paymentReference: created.paymentReference, topupAmount: created.topupAmount };
}

/**
 * PUT /purchaseroffer/{id}: new cash pool, crr and included bills. A CLEARING offer (an execution in flight) refuses
 * with 403 "Change not permitted" (shown as "Transaction in progress..."). Lowering, or raising within Funds Available,
 * applies at once; raising beyond them makes a top-up of the shortfall (PURCHASER_OFFER_EDIT) and keeps the status, the
 * raise in pendingCashpool until it completes. While a top-up for the offer is pending the cash pool may go up to what
 * the funds and that top-up cover, not beyond (one pending top-up per offer).
 */
export async function editPurchaserOffer(actor: Actor, offerId: number, input: OfferChangeInput): Promise<OfferChangeResult> {
  const companyId = requireCompanyId(actor);
  const config = await offerConfig();
  const { cashpool, crrBp } = parseInput(input, config);
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    const { currency } = await currencyOf(companyId, t);
    await lockWallet(t, companyId, currency);
    const offer = await PurchaserOffer.findOne({ where: { id: offerId, createdByCompany: companyId }, lock: t.LOCK.UPDATE, transaction: t });
    if (!offer || offer.offerStatus === "CANCELLED") throw new AppError(404, OFFER_NOT_FOUND, { code: "NOT_FOUND" });
    if (offer.offerStatus === "CLEARING") throw changeNotPermitted();
    const funds = await companyFunds(companyId, { transaction: t });
    const crr = basisPointsToPercent(crrBp);
    const reserved = RESERVING.includes(offer.offerStatus) ? offer.cashpool : 0;
    let topUp: OfferChangeResult["topUp"] = null;
    if (offer.offerStatus === "VIRTUAL") {
      await offer.update({ cashpool, crr }, { transaction: t });
    } else if (cashpool - reserved <= Math.max(0, funds.fundsAvailable)) {
      // Covered now: funded at once (a TOPUP_PENDING offer becomes ACTIVE; its top-up, if it still comes, is plain funds).
      await offer.update({ cashpool, pendingCashpool: 0, crr, offerStatus: "ACTIVE" }, { transaction: t });
    } else {
      const pending = offer.topUpId ? await TopUp.findOne({ where: { id: offer.topUpId, companyId, topupStatus: "PENDING" }, transaction: t }) : null;
      if (pending && (offer.offerStatus === "TOPUP_PENDING" || offer.pendingCashpool > 0)) {
        if (cashpool - reserved > Math.max(0, funds.fundsAvailable) + pending.topupAmount)
          throw new AppError(409, TOPUP_STILL_PENDING, { code: "TOPUP_PENDING" });
        await offer.update({ pendingCashpool: cashpool - reserved, crr }, { transaction: t });
      } else {
        const shortfall = shortfallOf(cashpool, offer, funds.fundsAvailable);
        const trigger = offer.offerStatus === "TOPUP_PENDING" ? "PURCHASER_OFFER" : "PURCHASER_OFFER_EDIT";
        topUp = await topUpFor(t, actor, companyId, shortfall, trigger, input.idempotencyKey);
        await offer.update({ pendingCashpool: cashpool - reserved, crr, topUpId: topUp.id }, { transaction: t });
      }
    }
    await includeBills(t, companyId, input.invoiceIds);
    await audit(t, actor, companyId, "purchaser_offer.edit", offer.id, { cashpool, crr, offerStatus: offer.offerStatus, topUpId: topUp?.id ?? null });
    if ((await companyFunds(companyId, { transaction: t })).fundsAvailable < 0) throw new Error("Funds Available would be negative");
    checkSoon(t, companyId);
    return { offer: await toView(offer, t), topUp };
  });
}

/**
 * Reset (p2 §7 "reset by offer id (result status CANCELLED)"): the live offer becomes CANCELLED and its cash pool is
 * released. Allowed in every live state: it is what the spec tells a user to do while a transaction is in progress.
 * The row lock waits for an execution's invoice transaction to finish first. A pending top-up stays: the money, if it
 * arrives, is the company's funds. Resetting again changes nothing.
 */
export async function resetPurchaserOffer(actor: Actor, offerId: number): Promise<PurchaserOfferView> {
  const companyId = requireCompanyId(actor);
  return sequelize.transaction(async (t) => {
    const { currency } = await currencyOf(companyId, t);
    await lockWallet(t, companyId, currency);
    const offer = await PurchaserOffer.findOne({ where: { id: offerId, createdByCompany: companyId }, lock: t.LOCK.UPDATE, transaction: t });
    if (!offer) throw new AppError(404, OFFER_NOT_FOUND, { code: "NOT_FOUND" });
    if (offer.offerStatus !== "CANCELLED") {
      await offer.update({ offerStatus: "CANCELLED", cancelledAt: new Date(), pendingCashpool: 0 }, { transaction: t });
      await audit(t, actor, companyId, "purchaser_offer.reset", offer.id, {});
    }
    return toView(offer, t);
  });
}


/**
 * The cashback-received card: the cashback the company earned this month (its calendar month, D1) on bills paid early
 * (purchaser offers' cashback, Pay Now's saving), summed from its wallet's ledger entries like its statement's
 * "Cashback earned" (analytics billAnalytics, decision 027). Bills marked paid outside Earlybird moved no money: none.
 */
export async function cashbackThisMonth(actor: Actor, now: Date = new Date()): Promise<{ cashback: Cents; count: number }> {
  const companyId = requireCompanyId(actor);
  const { country } = await currencyOf(companyId);
  const today = todayIn(country, now);
  const { cashbackReceived, paidEarlyCount } = await billAnalytics(companyId, { fromDate: monthStartOf(today), today, country });
  return { cashback: cashbackReceived, count: paidEarlyCount };
}


// ---------------------------------------------------------------------------------------------------------------
// The /bills cards in one call.

export interface OfferPanel {
  locale: Locale;
  offer: PurchaserOfferView | null;
  /** MAX_CASHBACK_PERCENT as "10.00", for the form's hint. */
  maxCashbackPercent: string;
  fundsAvailable: Cents;
  suggestions: OfferSuggestions | null;
  cashback: { cashback: Cents; count: number };
}

/** What the cash-reserve offer card and the cashback-received card show (p2 §2 Bills page). */
export async function offerPanel(actor: Actor): Promise<OfferPanel> {
  const companyId = requireCompanyId(actor);
  const live = getLiveOffer(actor);
  const [offer, config, funds, cashback, { country }, suggestions] = await Promise.all([
    live,
    offerConfig(),
    companyFunds(companyId),
    cashbackThisMonth(actor),
    currencyOf(companyId),
    live.then((view) =>
      view && view.offerStatus !== "CLEARING" ? offerSuggestions(actor, { crrBp: view.crrBp, capacity: (view.cashpool + view.pendingCashpool) as Cents }) : null
    ),
  ]);
  return {
    locale: country === "AU" ? "en-AU" : "en-NZ",
    offer,
    maxCashbackPercent: basisPointsToPercent(config.maxCashbackPercent),
    fundsAvailable: funds.fundsAvailable,
    suggestions,
    cashback,
  };
}
