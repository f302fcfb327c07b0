/**
 * Inputs of the purchaser offer (spec p2 §5 "Get Paid / prompt payment request": cashpool at least $1, cashpool and
 * rate both required, numeric text with 2 decimals; D2 crr ≤ MAX_CASHBACK_PERCENT). Browser-safe: the offer card
 * uses the same parsing for instant feedback; the server's is the one that counts.
 */
import { parseDecimalToCents, type Cents } from "../../lib/money";
import { basisPointsToPercent, type BasisPoints } from "./rules";

// The spec's messages (p2 §5, §8).
export const FILL_BOTH_FIELDS = "Please fill both fields";
export const CHANGE_NOT_PERMITTED = "Change not permitted";
export const TRANSACTION_IN_PROGRESS = "Transaction in progress. Please reset the offer if you wish to change your bid.";
export const TOPUP_CANCELLED_OFFER_NOT_CREATED = "Topup cancelled. Offer not created.";
export const TOPUP_ERROR_OFFER_NOT_ACCEPTED = "Error creating topup. Offer not accepted.";

// Ours (the spec gives no wording for these), in the spec's voice ("Amount cannot be less than $1").
export const CASHPOOL_MIN = "Cashpool cannot be less than $1";
export const CASHPOOL_INVALID = "Please enter a valid amount";
export const CASHPOOL_TOO_LARGE = "Cashpool is too large";
export const CRR_INVALID = "Please enter a valid percentage with at most 2 decimals";
export const CRR_ZERO = "Cashback rate must be greater than 0";
export const crrAboveMax = (maxBp: BasisPoints) => `Cashback rate cannot be more than ${basisPointsToPercent(maxBp)}%`;
export const OFFER_EXISTS = "You already have a cash-reserve offer. Please edit or reset it.";
export const OFFER_NOT_FOUND = "Offer not found";
export const TOPUP_STILL_PENDING = "A topup for this offer is still pending. Please wait for it to complete or reset the offer.";
export const OFFER_CREATED = "Offer created";
export const OFFER_UPDATED = "Offer updated";
export const OFFER_RESET = "Offer reset";

const MAX_CASHPOOL: Cents = 99_999_999_999_99;

export type OfferFormResult = { ok: true; cashpool: Cents; crrBp: BasisPoints } | { ok: false; field: "cashpool" | "crr"; message: string };

const clean = (value: unknown) =>
  (typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "").trim().replace(/^\$/, "").replace(/,/g, "");

/**
 * The cashpool ($, at least 1, 2 decimals) and crr (% per year, above 0 and at most MAX_CASHBACK_PERCENT, 2 decimals).
 * Either empty: "Please fill both fields" (on the empty one). "." reads as "0." (p2 §5 Currency input).
 */
export function parseOfferForm(values: { cashpool?: unknown; crr?: unknown }, maxCashbackBp: BasisPoints): OfferFormResult {
  const cashpoolText = clean(values.cashpool);
  const crrText = clean(values.crr).replace(/%$/, "").trim();
  if (cashpoolText === "" || crrText === "") return { ok: false, field: cashpoolText === "" ? "cashpool" : "crr", message: FILL_BOTH_FIELDS };
  const normalisedCashpool = cashpoolText.startsWith(".") ? `0${cashpoolText}` : cashpoolText;
  if (!/^\d+(?:\.\d{0,2})?$/.test(normalisedCashpool)) return { ok: false, field: "cashpool", message: CASHPOOL_INVALID };
  if (normalisedCashpool.replace(/\..*$/, "").replace(/^0+/, "").length > 11) return { ok: false, field: "cashpool", message: CASHPOOL_TOO_LARGE };
  const cashpool = parseDecimalToCents(normalisedCashpool.replace(/\.$/, ""));
  if (cashpool > MAX_CASHPOOL) return { ok: false, field: "cashpool", message: CASHPOOL_TOO_LARGE };
  if (cashpool < 100) return { ok: false, field: "cashpool", message: CASHPOOL_MIN };
  const normalisedCrr = crrText.startsWith(".") ? `0${crrText}` : crrText;
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(normalisedCrr);
  if (!match) return { ok: false, field: "crr", message: CRR_INVALID };
  const crrBp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (crrBp <= 0) return { ok: false, field: "crr", message: CRR_ZERO };
  if (crrBp > maxCashbackBp) return { ok: false, field: "crr", message: crrAboveMax(maxCashbackBp) };
  return { ok: true, cashpool, crrBp };
}
