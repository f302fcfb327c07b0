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
 *   raise). When the top-up completes, the hooks (top-up-hooks.server.ts) fund what the wallet then covers.
 * - Lock order: the company's wallet, then the offer row (the same order as a top-up's completion, which posts to the
 *   wallet and then calls the hook), so an edit and a confirm never wait on each other in opposite orders.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BankAccount, Company, PurchaserOffer, TopUp } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { CURRENCIES, daysBetween, todayIn, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { centsToDecimal, type Cents } from "../../lib/money";
import { requireVerifiedCompany, requireCompanyId } from "../companies/service.server";
import { billAnalytics, monthStartOf } from "../analytics/service.server";
import { companyFunds, lockWallet, type Currency } from "../ledger/service.server";
import { createTopUp } from "../ledger/top-ups.server";
import {
  CHANGE_NOT_PERMITTED,
  OFFER_EXISTS,
  OFFER_NOT_FOUND,
  parseOfferForm,
  TOPUP_ERROR_OFFER_NOT_ACCEPTED,
  TOPUP_STILL_PENDING,
  TRANSACTION_IN_PROGRESS,
} from "./purchaser-offers.schema";
import { basisPointsToPercent, offerConfigFrom, percentToBasisPoints, purchaserOfferEligibility, type BasisPoints, type OfferConfig } from "./rules";
import type { Selection } from "./selection";
import { cachedForVersion, computeSuggestionSets, suggestionVersion } from "./suggestion-cache.server";
import { audit as writeAudit } from "../audit/service.server";

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

async function offerConfig(): Promise<OfferConfig> {
  return offerConfigFrom(await getRuntimeConfig());
}

function validationError(field: string, message: string): AppError {
  return new AppError(422, message, { code: "VALIDATION", field });
}

async function currencyOf(companyId: number, t?: Transaction): Promise<{ currency: Currency; country: Country }> {
  const company = await Company.findByPk(companyId, { attributes: ["id", "country"], transaction: t });
  if (!company) throw new AppError(404, "Company not found", { code: "NOT_FOUND" });
  const country = (company.country ?? "NZ") as Country;
  return { currency: CURRENCIES[country], country };
}

const RESERVING: readonly string[] = ["ACTIVE", "CLEARING"];

async function toView(offer: PurchaserOffer, t?: Transaction): Promise<PurchaserOfferView> {
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

async function liveOffer(companyId: number, t?: Transaction, lock = false): Promise<PurchaserOffer | null> {
  return PurchaserOffer.findOne({
    where: { createdByCompany: companyId, offerStatus: ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING"] },
    transaction: t,
    ...(lock && t ? { lock: t.LOCK.UPDATE } : {}),
  });
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

/** "A background check of purchaser offers runs 2 seconds after an add" (p2 §4). */
export const CHECK_DELAY_MS = 2_000;
let checkDelayMs: number | null = CHECK_DELAY_MS;

/** Tests that close their pool right away turn the delayed check off (null) or shorten it. */
export function setOfferCheckDelay(ms: number | null): void {
  checkDelayMs = ms;
}

/**
 * Runs the background check for this company ~2 s after an offer is added or changed, after commit, in this process (a
 * missed run is harmless: the scheduled job repeats it every 15 minutes).
 */
function checkSoon(t: Transaction, companyId: number): void {
  const delay = checkDelayMs;
  if (delay === null) return;
  t.afterCommit(() => {
    const timer = setTimeout(() => {
      checkPurchaserOffers(new Date(), { companyId }).catch((error: unknown) => console.error("purchaser offer check failed", error));
    }, delay);
    timer.unref?.();
  });
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

// ---------------------------------------------------------------------------------------------------------------
// Top-up hooks (called by top-up-hooks.server.ts in the top-up's own transaction, the top-up row locked).

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
export async function cancelPurchaserOfferTopUp(t: Transaction, topUp: TopUp, reason: "CANCELLED" | "EXPIRED"): Promise<void> {
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

// ---------------------------------------------------------------------------------------------------------------
// Suggestions (optimal selection) and the cards.

interface CandidateRow {
  id: number;
  invoice_number: string;
  supplier_name: string;
  due_date: string;
  amount_c: string;
  included: boolean;
}

export interface SuggestedBill {
  id: number;
  invoiceNumber: string;
  supplierName: string;
  dueDate: string;
  amount: Cents;
  cashback: Cents;
}

export interface OfferSuggestions {
  /** The bills considered: unpaid, due after today, supplier offers enabled, no open supplier offer, within the caps. */
  candidates: number;
  capacity: Cents;
  largestTotal: Selection & { bills: SuggestedBill[] };
  maxCashback: Selection & { bills: SuggestedBill[] };
  /** Ids currently included (to tell whether a suggestion is already in place). */
  includedIds: number[];
}

/** Bills considered per suggestion; beyond this, the earliest due (the list's default order). */
export const SUGGESTION_CANDIDATE_LIMIT = 2_000;

/**
 * Which bills to include (issue 5 part 3): the spec's knapsack (largest total within `capacity`, by default the
 * offer's cash pool plus what is pending) and the set earning the most cashback within it, each as if paid today.
 * Computed once per change of what they depend on and cached (suggestion-cache.server.ts, docs/decisions/029).
 */
export async function offerSuggestions(actor: Actor, options: { crrBp?: BasisPoints; capacity?: Cents } = {}): Promise<OfferSuggestions | null> {
  const companyId = requireCompanyId(actor);
  const offer = options.crrBp !== undefined && options.capacity !== undefined ? null : await liveOffer(companyId);
  const crrBp = options.crrBp ?? (offer ? percentToBasisPoints(String(offer.crr)) : null);
  const capacity = options.capacity ?? (offer ? offer.cashpool + offer.pendingCashpool : null);
  if (crrBp === null || capacity === null) return null;
  // The version first: whatever is read after it is at least as new (suggestion-cache.server.ts).
  const [version, config, { country }] = await Promise.all([suggestionVersion(companyId), offerConfig(), currencyOf(companyId)]);
  const today = todayIn(country);
  const key = JSON.stringify([companyId, version, today, crrBp, capacity, config]);
  return cachedForVersion("suggestions", key, () => computeOfferSuggestions(companyId, { today, crrBp, capacity, config }));
}

/**
 * The first SUGGESTION_CANDIDATE_LIMIT candidate bills, earliest due first, read in windows of the unpaid bills'
 * (issued_for, due_date, id) index (an index range of SUGGESTION_CANDIDATE_LIMIT entries each, in order) and filtered
 * by id, until enough are found or the bills run out: never every future bill of the company at once, whatever plan a
 * single filtered query would get (issue 13 part 22's guard, docs/decisions/029).
 */
async function candidateBills(companyId: number, today: string): Promise<CandidateRow[]> {
  const found: CandidateRow[] = [];
  let after: { due: string; id: number } | null = null;
  while (found.length < SUGGESTION_CANDIDATE_LIMIT) {
    const window: { id: number; due: string }[] = await sequelize.query<{ id: number; due: string }>(
      `SELECT i.id, to_char(i.due_date, 'YYYY-MM-DD') AS due FROM invoices i
       WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID' AND i.due_date > CAST(:today AS date)
         ${after ? "AND i.due_date >= CAST(:afterDue AS date) AND (i.due_date > CAST(:afterDue AS date) OR i.id > :afterId)" : ""}
       ORDER BY i.due_date ASC, i.id ASC
       LIMIT ${SUGGESTION_CANDIDATE_LIMIT}`,
      { type: QueryTypes.SELECT, replacements: { companyId, today, afterDue: after?.due ?? null, afterId: after?.id ?? null } }
    );
    if (window.length === 0) break;
    const rows = await sequelize.query<CandidateRow>(
      `SELECT i.id, i.invoice_number, c.company_name AS supplier_name, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
              (i.discounted_total * 100)::bigint AS amount_c, i.include_in_purchaser_offer AS included
       FROM invoices i
       JOIN companies c ON c.id = i.issued_by
       JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled
       WHERE i.id IN (:ids) AND i.issued_for = :companyId AND i.type = 'BILL' AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'
         AND i.due_date > CAST(:today AS date) AND i.discounted_total > 0
         AND NOT EXISTS (SELECT 1 FROM supplier_offer_invoices soi WHERE soi.invoice_id = i.id AND soi.offer_status IN ('CLEARING','TOPUP_PENDING'))
         AND NOT EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status <> 'FAILED')
       ORDER BY i.due_date ASC, i.id ASC`,
      { type: QueryTypes.SELECT, replacements: { companyId, today, ids: window.map((row) => row.id) } }
    );
    found.push(...rows.slice(0, SUGGESTION_CANDIDATE_LIMIT - found.length));
    if (window.length < SUGGESTION_CANDIDATE_LIMIT) break;
    const last = window[window.length - 1];
    after = { due: last.due, id: last.id };
  }
  return found;
}

async function computeOfferSuggestions(
  companyId: number,
  { today, crrBp, capacity, config }: { today: string; crrBp: BasisPoints; capacity: Cents; config: OfferConfig }
): Promise<OfferSuggestions> {
  const rows = await candidateBills(companyId, today);
  const sets = await computeSuggestionSets({
    bills: rows.map((row) => ({ id: row.id, amount: Number(row.amount_c) as Cents, dueDate: row.due_date })),
    today,
    crrBp,
    capacity,
    config,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bills = new Map<number, SuggestedBill>();
  for (const { id, cashback } of sets.eligible) {
    const row = byId.get(id)!;
    bills.set(id, { id, invoiceNumber: row.invoice_number, supplierName: row.supplier_name, dueDate: row.due_date, amount: Number(row.amount_c) as Cents, cashback });
  }
  const withBills = (selection: Selection) => ({ ...selection, bills: selection.ids.map((id) => bills.get(id)!) });
  return {
    candidates: sets.eligible.length,
    capacity,
    largestTotal: withBills(sets.largestTotal),
    maxCashback: withBills(sets.maxCashback),
    includedIds: rows.filter((row) => row.included).map((row) => row.id),
  };
}

/**
 * "Include these bills": the offer covers exactly the chosen set: they are included, and the other included bills
 * excluded, in one transaction (the company's own unpaid bills, suppliers with offers enabled; a bill with a payment in
 * progress keeps its flag).
 */
export async function includeSuggestedBills(actor: Actor, invoiceIds: readonly number[]): Promise<{ included: number; excluded: number }> {
  const companyId = requireCompanyId(actor);
  const ids = [...new Set(invoiceIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) throw validationError("invoiceIds", "List of invoice ids needed");
  return sequelize.transaction(async (t) => {
    const inProgress = `NOT EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status IN ('PENDING','CLEARING','TOPUP_PENDING'))`;
    await sequelize.query(
      `SELECT i.id FROM invoices i WHERE i.issued_for = :companyId AND i.deleted_at IS NULL AND (i.id IN (:ids) OR i.include_in_purchaser_offer)
       ORDER BY i.id FOR UPDATE`,
      { type: QueryTypes.SELECT, replacements: { companyId, ids }, transaction: t }
    );
    const [, included] = await sequelize.query(
      `UPDATE invoices i SET include_in_purchaser_offer = true
       WHERE i.id IN (:ids) AND i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID' AND NOT i.include_in_purchaser_offer
         AND EXISTS (SELECT 1 FROM counterparties cp WHERE cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by AND cp.is_purchaser_offers_enabled)
         AND ${inProgress}`,
      { replacements: { ids, companyId }, transaction: t }
    );
    const [, excluded] = await sequelize.query(
      `UPDATE invoices i SET include_in_purchaser_offer = false
       WHERE i.issued_for = :companyId AND i.include_in_purchaser_offer AND i.id NOT IN (:ids) AND i.deleted_at IS NULL
         AND i.bill_status IS DISTINCT FROM 'PAID' AND ${inProgress}`,
      { replacements: { ids, companyId }, transaction: t }
    );
    const count = (result: unknown) => (typeof result === "number" ? result : (result as { rowCount?: number })?.rowCount ?? 0);
    await writeAudit(actor, { companyId, action: "bill.use-suggestion", entityType: "invoice", entityId: null, details: { invoiceIds: ids } }, { transaction: t });
    return { included: count(included), excluded: count(excluded) };
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
// The background check (scheduled job check-purchaser-offers; and ~2 s after an offer is added or changed).

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
