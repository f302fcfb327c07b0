/**
 * Fee and cashback math of purchaser and supplier offers (decisions D2), as pure functions: no I/O.
 *
 * Exactness: amounts are integer cents (`Cents`); every percentage is an integer number of basis points
 * (hundredths of a percent: 8.00 % = 800), which covers crr's NUMERIC(5,2) exactly. The formulas run in
 * bigint and are rounded half-up once, where D2 says; no binary floating point touches an amount.
 */
import { formatMoney, roundHalfUpDivide, type Cents } from "../../lib/money";
import { RUNTIME_CONFIG } from "../../lib/flags";
import { numberFormat } from "../../lib/intl";

/** A percentage as an integer number of hundredths of a percent: 10 % = 1000, 8.25 % = 825. */
export type BasisPoints = number & { readonly __brand?: "BasisPoints" };

const HUNDRED_PERCENT = 10_000n; // in basis points
/** D2's denominator 36500 (365 days × 100 %), times 100 because crr is in basis points. */
const YEAR_BASIS = 3_650_000n;

export interface OfferConfig {
  /** MAX_CASHBACK_PERCENT: the highest crr a purchaser may set (% per year). */
  maxCashbackPercent: BasisPoints;
  /** MAX_FEE_PERCENT: the highest service fee, and a supplier offer amount, as % of the amount. */
  maxFeePercent: BasisPoints;
  /** PROVIDER_FEE_PERCENT: Earlybird's share of a purchaser-offer fee. Below 100 %. */
  providerFeePercent: BasisPoints;
  /** SUCCESS_FEE_PERCENT: Earlybird's share of a supplier offer amount. */
  successFeePercent: BasisPoints;
  /** FIXED_FEE per paid invoice, supplier side. */
  fixedFee: Cents;
  /** MIN_PURCHASER_OFFER_FEE: the lowest fee a purchaser-offer payment may carry. */
  minPurchaserOfferFee: Cents;
  /** MIN_SUPPLIER_OFFER_FEE: the lowest amount A of a supplier offer. */
  minSupplierOfferFee: Cents;
}

/** "8.00" | "10" | "8.5" → basis points. Refuses anything but a plain non-negative decimal with at most 2 places. */
export function percentToBasisPoints(value: string): BasisPoints {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not a percentage: ${value}`);
  return (Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))) as BasisPoints;
}

/** Basis points → "8.00" (the spec shows the cashback percentage with 2 decimals). */
export function basisPointsToPercent(bp: BasisPoints): string {
  assertInteger(bp, "percentage");
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
}

function parseMoneyConfig(name: string, text: string): Cents {
  const match = /^(\d{1,11})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`${name} is not an amount: ${text}`);
  return (Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))) as Cents;
}

function parsePercentConfig(name: string, text: string, max: number): BasisPoints {
  let bp: BasisPoints;
  try {
    bp = percentToBasisPoints(text);
  } catch {
    throw new RangeError(`${name} is not a percentage: ${text}`);
  }
  if (bp > max) throw new RangeError(`${name} is out of range: ${text}`);
  return bp;
}

/**
 * The offer constants from runtime configuration (names of lib/flags.ts RUNTIME_CONFIG); a missing or empty
 * value takes the D2 default. A malformed value throws, so a bad admin setting fails loudly, not as wrong money.
 */
export function offerConfigFrom(runtimeConfig: Readonly<Record<string, string | undefined>>): OfferConfig {
  const value = (name: keyof typeof RUNTIME_CONFIG): string => {
    const given = runtimeConfig[name];
    return given !== undefined && given.trim() !== "" ? given : RUNTIME_CONFIG[name].default;
  };
  return {
    maxCashbackPercent: parsePercentConfig("MAX_CASHBACK_PERCENT", value("MAX_CASHBACK_PERCENT"), 10_000),
    maxFeePercent: parsePercentConfig("MAX_FEE_PERCENT", value("MAX_FEE_PERCENT"), 10_000),
    // 100 % would divide the fee formula by zero.
    providerFeePercent: parsePercentConfig("PROVIDER_FEE_PERCENT", value("PROVIDER_FEE_PERCENT"), 9_999),
    successFeePercent: parsePercentConfig("SUCCESS_FEE_PERCENT", value("SUCCESS_FEE_PERCENT"), 10_000),
    fixedFee: parseMoneyConfig("FIXED_FEE", value("FIXED_FEE")),
    minPurchaserOfferFee: parseMoneyConfig("MIN_PURCHASER_OFFER_FEE", value("MIN_PURCHASER_OFFER_FEE")),
    minSupplierOfferFee: parseMoneyConfig("MIN_SUPPLIER_OFFER_FEE", value("MIN_SUPPLIER_OFFER_FEE")),
  };
}

/** The D2 defaults: 10 %, 10 %, 20 %, 40 %, $0.00, $0, $0. */
export const DEFAULT_OFFER_CONFIG: Readonly<OfferConfig> = Object.freeze(offerConfigFrom({}));

function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer: ${value}`);
}

/**
 * bigint → Cents, refusing a value a JavaScript number cannot hold exactly (beyond 2^53 cents). Without it an absurd
 * fee (a huge bill under a PROVIDER_FEE_PERCENT near 100 %) came back silently rounded to another amount; the
 * property tests (rules.property.test.ts) found it.
 */
function toCents(value: bigint, what: string): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is out of range: ${value}`);
  return Number(value) as Cents;
}

function assertNonNegativeInteger(value: number, what: string): void {
  assertInteger(value, what);
  if (value < 0) throw new RangeError(`${what} must not be negative: ${value}`);
}

// ---------------------------------------------------------------------------------------------------------
// Purchaser offer
// ---------------------------------------------------------------------------------------------------------

export interface PurchaserOfferAmountsInput {
  /** The offer's crr (% per year) in basis points: "8.00" → 800 (percentToBasisPoints). */
  crrBp: BasisPoints;
  /** T: the bill's total less allocated credit. */
  discountedTotal: Cents;
  /** d: calendar days from the payment day (today) to the due date; 0 when due today. */
  daysEarly: number;
}

export interface PurchaserOfferAmounts {
  /** cb = round(r × T × (d + 1) / 36500), what the purchaser earns. */
  cashback: Cents;
  /** fee = round(r × T × (d + 1) / (36500 × (100 − PROVIDER_FEE_PERCENT) / 100)) + FIXED_FEE. */
  fee: Cents;
  /** fee − cb. */
  earlybirdKeeps: Cents;
  /** T − fee. */
  supplierReceives: Cents;
  /** T − cb. */
  purchaserPays: Cents;
}

function checkAmountsInput(input: PurchaserOfferAmountsInput): void {
  assertNonNegativeInteger(input.crrBp, "crr");
  assertNonNegativeInteger(input.discountedTotal, "discountedTotal");
  assertNonNegativeInteger(input.daysEarly, "daysEarly");
}

/** D2's amounts of one bill paid d days early under a purchaser offer. */
export function purchaserOfferAmounts(input: PurchaserOfferAmountsInput, config: OfferConfig = DEFAULT_OFFER_CONFIG): PurchaserOfferAmounts {
  checkAmountsInput(input);
  assertNonNegativeInteger(config.fixedFee, "fixedFee");
  if (!(config.providerFeePercent >= 0 && config.providerFeePercent < 10_000)) throw new RangeError("providerFeePercent must be in [0, 100) %");
  // r × T × (d + 1) with r in basis points; cb divides it by 36500 × 100.
  const product = BigInt(input.crrBp) * BigInt(input.discountedTotal) * BigInt(input.daysEarly + 1);
  const cashback = roundHalfUpDivide(product, YEAR_BASIS);
  // 36500 × (100 − p) / 100 with r and p in basis points: product × 10000 / (3650000 × (10000 − p)).
  const feeBeforeFixed = roundHalfUpDivide(product * HUNDRED_PERCENT, YEAR_BASIS * (HUNDRED_PERCENT - BigInt(config.providerFeePercent)));
  const fee = feeBeforeFixed + BigInt(config.fixedFee);
  const total = BigInt(input.discountedTotal);
  return {
    cashback: toCents(cashback, "cashback"),
    fee: toCents(fee, "fee"),
    earlybirdKeeps: toCents(fee - cashback, "earlybirdKeeps"),
    supplierReceives: toCents(total - fee, "supplierReceives"),
    purchaserPays: toCents(total - cashback, "purchaserPays"),
  };
}

/** fee / T × 100 ≤ MAX_FEE_PERCENT, compared exactly (fee × 10000 ≤ maxFeeBp × T). */
export function feeWithinLimit(fee: Cents, discountedTotal: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): boolean {
  return BigInt(fee) * HUNDRED_PERCENT <= BigInt(config.maxFeePercent) * BigInt(discountedTotal);
}

/** cb / T × 100 ≤ MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100 (8 % with the defaults), compared exactly. */
export function discountWithinLimit(cashback: Cents, discountedTotal: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): boolean {
  return (
    BigInt(cashback) * HUNDRED_PERCENT * HUNDRED_PERCENT <=
    BigInt(config.maxFeePercent) * (HUNDRED_PERCENT - BigInt(config.providerFeePercent)) * BigInt(discountedTotal)
  );
}

/** The highest discount a purchaser offer may give, in basis points: MAX_FEE_PERCENT × (100 − PROVIDER_FEE_PERCENT) / 100. */
export function maxDiscountBasisPoints(config: OfferConfig = DEFAULT_OFFER_CONFIG): BasisPoints {
  return Number(roundHalfUpDivide(BigInt(config.maxFeePercent) * (HUNDRED_PERCENT - BigInt(config.providerFeePercent)), HUNDRED_PERCENT));
}

/** A crr a purchaser may set: above 0 and at most MAX_CASHBACK_PERCENT. */
export function crrWithinLimit(crrBp: BasisPoints, config: OfferConfig = DEFAULT_OFFER_CONFIG): boolean {
  return Number.isSafeInteger(crrBp) && crrBp > 0 && crrBp <= config.maxCashbackPercent;
}

export const INELIGIBLE_MESSAGES = {
  DUE_TODAY: "Due date is today",
  DUE_PASSED: "Due date has passed",
  ABOVE_CASH_POOL: "Invoice amount is higher than available cash pool",
  // The spec has one message for both caps (p2 §4 rule 7, "Cashback percentage above the allowed maximum").
  FEE_ABOVE_MAX: "Discount is higher than maximum permitted",
  DISCOUNT_ABOVE_MAX: "Discount is higher than maximum permitted",
  // MIN_PURCHASER_OFFER_FEE has no message in the spec; read like MIN_SUPPLIER_OFFER_FEE (D2: a lower bound).
  FEE_BELOW_MIN: "Fee is lower than minimum permitted",
} as const;

export type IneligibleCode = keyof typeof INELIGIBLE_MESSAGES;

export interface PurchaserOfferEligibilityInput {
  crrBp: BasisPoints;
  discountedTotal: Cents;
  /** Calendar days from today to the due date: 0 due today, negative once passed. */
  daysToDue: number;
  /** What is left of the offer's cash pool (the Cash Reserve). */
  cashpool: Cents;
  /** Cash promised by a top-up still under way. */
  pendingCashpool: Cents;
}

export type PurchaserOfferEligibility =
  | { eligible: true; amounts: PurchaserOfferAmounts }
  | {
      eligible: false;
      code: IneligibleCode;
      message: (typeof INELIGIBLE_MESSAGES)[IneligibleCode];
      /** ABOVE_CASH_POOL only: the bill fits once the pending top-up lands (p2 §4 rule 6, "Offer Pending"). */
      offerPending: boolean;
      /** The amounts when they can be computed (due after today). */
      amounts: PurchaserOfferAmounts | null;
    };

function ineligible(code: IneligibleCode, amounts: PurchaserOfferAmounts | null, offerPending = false): PurchaserOfferEligibility {
  return { eligible: false, code, message: INELIGIBLE_MESSAGES[code], offerPending, amounts };
}

/**
 * Whether a bill may be paid today under a purchaser offer (D2), with the first failing reason. The checks run in
 * the order of the bills list (p2 §4 rules 4-7): due today, due passed, cash pool, then the caps (fee, discount,
 * minimum fee), so this function and the bills list never disagree on the reason shown.
 */
export function purchaserOfferEligibility(input: PurchaserOfferEligibilityInput, config: OfferConfig = DEFAULT_OFFER_CONFIG): PurchaserOfferEligibility {
  assertInteger(input.daysToDue, "daysToDue");
  assertNonNegativeInteger(input.cashpool, "cashpool");
  assertNonNegativeInteger(input.pendingCashpool, "pendingCashpool");
  if (input.daysToDue === 0) return ineligible("DUE_TODAY", null);
  if (input.daysToDue < 0) return ineligible("DUE_PASSED", null);
  const amounts = purchaserOfferAmounts({ crrBp: input.crrBp, discountedTotal: input.discountedTotal, daysEarly: input.daysToDue }, config);
  if (input.discountedTotal > input.cashpool) {
    const offerPending = input.pendingCashpool > 0 && input.discountedTotal <= input.cashpool + input.pendingCashpool;
    return ineligible("ABOVE_CASH_POOL", amounts, offerPending);
  }
  if (!feeWithinLimit(amounts.fee, input.discountedTotal, config)) return ineligible("FEE_ABOVE_MAX", amounts);
  if (!discountWithinLimit(amounts.cashback, input.discountedTotal, config)) return ineligible("DISCOUNT_ABOVE_MAX", amounts);
  if (amounts.fee < config.minPurchaserOfferFee) return ineligible("FEE_BELOW_MIN", amounts);
  return { eligible: true, amounts };
}

/** Purchaser offer states under which a supplier can take the payment (p2 §4 "active or virtual"). */
const PAYABLE_PURCHASER_OFFER_STATUSES = ["ACTIVE", "VIRTUAL"] as const;

export interface AvailablePurchaserOffer {
  offerStatus: string;
  crrBp: BasisPoints;
  cashpool: Cents;
  pendingCashpool: Cents;
}

/**
 * The invoices list's "max fee" (D2): the fee at the best offer available to the supplier today, i.e. the lowest
 * fee among the ACTIVE or VIRTUAL offers under which the invoice is eligible; null when there is none.
 */
export function maxFeeForSupplier(
  input: { discountedTotal: Cents; daysToDue: number; offers: readonly AvailablePurchaserOffer[] },
  config: OfferConfig = DEFAULT_OFFER_CONFIG
): Cents | null {
  let best: Cents | null = null;
  for (const offer of input.offers) {
    if (!(PAYABLE_PURCHASER_OFFER_STATUSES as readonly string[]).includes(offer.offerStatus)) continue;
    const result = purchaserOfferEligibility({ ...offer, discountedTotal: input.discountedTotal, daysToDue: input.daysToDue }, config);
    if (result.eligible && (best === null || result.amounts.fee < best)) best = result.amounts.fee;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Supplier offer (prompt payment request)
// ---------------------------------------------------------------------------------------------------------

/** s = round(A × (100 − SUCCESS_FEE_PERCENT) / 100): what the purchaser saves ("SAVE s"). */
export function supplierOfferSavings(cashReward: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): Cents {
  assertNonNegativeInteger(cashReward, "cashReward");
  return Number(roundHalfUpDivide(BigInt(cashReward) * (HUNDRED_PERCENT - BigInt(config.successFeePercent)), HUNDRED_PERCENT)) as Cents;
}

export interface PayNowAmounts {
  savings: Cents;
  /** T − s */
  purchaserPays: Cents;
  /** T − A */
  supplierReceives: Cents;
  /** A − s */
  earlybirdKeeps: Cents;
}

/** Basis points → "40%" / "37.5%": a share as the dialogs and statements word it. */
export function percentLabel(bp: BasisPoints): string {
  assertInteger(bp, "percentage");
  return `${numberFormat("en-NZ", { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}

/**
 * Who gets what of a prompt payment discount A (D2, issue 13 part 2): the purchaser saves s, Earlybird's fee is A − s
 * (SUCCESS_FEE_PERCENT of A, rounded so that the two add up to A exactly).
 */
export interface DiscountSplit {
  discount: Cents;
  saving: Cents;
  earlybirdFee: Cents;
  /** "60%" and "40%" with the default SUCCESS_FEE_PERCENT. */
  savingShare: string;
  earlybirdShare: string;
}

export function discountSplit(discount: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): DiscountSplit {
  const saving = supplierOfferSavings(discount, config);
  return {
    discount,
    saving,
    earlybirdFee: (discount - saving) as Cents,
    savingShare: percentLabel((Number(HUNDRED_PERCENT) - config.successFeePercent) as BasisPoints),
    earlybirdShare: percentLabel(config.successFeePercent),
  };
}

/** Pay Now on a supplier offer of amount A for a bill of discounted total T (D2). */
export function payNowAmounts(input: { discountedTotal: Cents; cashReward: Cents }, config: OfferConfig = DEFAULT_OFFER_CONFIG): PayNowAmounts {
  assertNonNegativeInteger(input.discountedTotal, "discountedTotal");
  const savings = supplierOfferSavings(input.cashReward, config);
  return {
    savings,
    purchaserPays: (input.discountedTotal - savings) as Cents,
    supplierReceives: (input.discountedTotal - input.cashReward) as Cents,
    earlybirdKeeps: (input.cashReward - savings) as Cents,
  };
}

const PROMPT_PAYMENT_MIN_AMOUNT: Cents = 500; // $5 (p2 §5, §9)

export const PROMPT_PAYMENT_MESSAGES = {
  AMOUNT_REQUIRED: "Please enter an amount",
  EXPIRY_REQUIRED: "Please select an expiry date",
  // The spec gives no text for these two limits; worded like its own "Amount cannot be less than $5".
  EXPIRY_IN_PAST: "Expiry date cannot be in the past",
  EXPIRY_NOT_BEFORE_DUE: "Expiry date must be before the due date",
} as const;

/** "$5", "$1,234.50": a limit in a message, without ".00" for whole dollars as the spec writes "$5". */
function formatLimit(cents: Cents): string {
  return formatMoney(cents).replace(/\.00$/, "");
}

/** The highest amount A for an amount due: MAX_FEE_PERCENT % of it, rounded down so the bound itself is allowed. */
export function maxPromptPaymentAmount(amountDue: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): Cents {
  assertNonNegativeInteger(amountDue, "amountDue");
  return Number((BigInt(config.maxFeePercent) * BigInt(amountDue)) / HUNDRED_PERCENT) as Cents;
}

/**
 * The lowest amount A of a prompt payment request: $5 or MIN_SUPPLIER_OFFER_FEE, whichever is more (D2, p2 §5). With
 * maxPromptPaymentAmount, the one source of the request's limits: the form, the validation and the demo seed use them.
 */
export function minPromptPaymentAmount(config: OfferConfig = DEFAULT_OFFER_CONFIG): Cents {
  return Math.max(PROMPT_PAYMENT_MIN_AMOUNT, config.minSupplierOfferFee) as Cents;
}

/**
 * D2 / p2 §5 Get Paid: amount A required, at least $5 and MIN_SUPPLIER_OFFER_FEE, at most MAX_FEE_PERCENT % of the
 * amount due. Returns the message of the first failure, or null.
 */
export function validatePromptPaymentAmount(amount: Cents | null | undefined, amountDue: Cents, config: OfferConfig = DEFAULT_OFFER_CONFIG): string | null {
  if (amount === null || amount === undefined) return PROMPT_PAYMENT_MESSAGES.AMOUNT_REQUIRED;
  assertInteger(amount, "amount");
  const min = minPromptPaymentAmount(config);
  if (amount < min) return `Amount cannot be less than ${formatLimit(min)}`;
  // A × 10000 ≤ maxFeeBp × due, exactly; the message shows the bound rounded down to the cent.
  if (BigInt(amount) * HUNDRED_PERCENT > BigInt(config.maxFeePercent) * BigInt(amountDue)) {
    return `Amount cannot be more than ${formatLimit(maxPromptPaymentAmount(amountDue, config))}`;
  }
  return null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** D2: today ≤ E < due date (all YYYY-MM-DD in the company's time zone). Returns the first failure's message, or null. */
export function validatePromptPaymentExpiry(expiryDate: string | null | undefined, dates: { today: string; dueDate: string }): string | null {
  if (!expiryDate) return PROMPT_PAYMENT_MESSAGES.EXPIRY_REQUIRED;
  for (const date of [expiryDate, dates.today, dates.dueDate]) {
    if (!ISO_DATE.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  // ISO dates compare correctly as strings.
  if (expiryDate < dates.today) return PROMPT_PAYMENT_MESSAGES.EXPIRY_IN_PAST;
  if (expiryDate >= dates.dueDate) return PROMPT_PAYMENT_MESSAGES.EXPIRY_NOT_BEFORE_DUE;
  return null;
}
