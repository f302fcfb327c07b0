/**
 * Pure rules of top-ups (spec p1 §4 "Top-up flow", §5 "Top-up"; p3 §4.3; decisions D5): the knapsack suggestion of
 * amounts, payment references, the custom amount input's behaviour, which actions a status allows, and how a bank
 * statement line settles. No I/O, and safe in the browser (the Topup dialog uses the amount input rules).
 */
import type { Cents } from "../../lib/money";
import { labelsOf } from "../../lib/status-labels";

// ---------------------------------------------------------------------------------------------------------------
// Knapsack: "the offers whose discounted totals sum to the largest amount not above the available funds" (p1 §4).

export interface KnapsackItem {
  id: number;
  /** Integer cents, > 0. */
  amount: Cents;
}

export interface KnapsackChoice<Item extends KnapsackItem> {
  chosen: Item[];
  total: Cents;
  /** False only when the search budget ran out first: `total` is then the best found, maybe not the best there is. */
  exact: boolean;
}

/** Nodes the branch and bound may visit before the exact fallback takes over. */
export const KNAPSACK_NODE_BUDGET = 200_000;
/** Up to this many items the meet-in-the-middle fallback is exact (2^20 sums a half at most). */
export const KNAPSACK_EXACT_ITEMS = 40;

/**
 * 0/1 knapsack where an item's weight is its value (subset sum): the items whose amounts sum to the largest total not
 * above `capacity`, each item used at most once, in exact integer cents (no scaling, no float). First a depth-first
 * branch and bound over the items sorted largest first, pruned when all remaining items cannot beat the best total and
 * stopped when the best equals the capacity: it settles the usual case (a few offers, or many that fill the funds
 * exactly) at once. When it runs out of `nodeBudget`, up to KNAPSACK_EXACT_ITEMS items are solved exactly by meet in
 * the middle (the sorted subset sums of each half, matched by two pointers); beyond that the best found is returned
 * with `exact` false. Deterministic: the same input always gives the same subset.
 */
export function knapsack<Item extends KnapsackItem>(items: readonly Item[], capacity: Cents, nodeBudget = KNAPSACK_NODE_BUDGET): KnapsackChoice<Item> {
  if (!Number.isSafeInteger(capacity)) throw new RangeError(`capacity must be integer cents: ${capacity}`);
  for (const item of items) {
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0) throw new RangeError(`Item ${item.id}: amount must be positive integer cents`);
  }
  const candidates = items.filter((item) => item.amount <= capacity).sort((a, b) => b.amount - a.amount || a.id - b.id);
  const sumAll = candidates.reduce((sum, item) => sum + item.amount, 0);
  if (sumAll <= capacity) return { chosen: candidates, total: sumAll as Cents, exact: true };

  const searched = branchAndBound(
    candidates.map((item) => item.amount),
    capacity,
    nodeBudget
  );
  let picks = searched.picks;
  let exact = searched.exact;
  if (!exact && candidates.length <= KNAPSACK_EXACT_ITEMS) {
    picks = meetInTheMiddle(
      candidates.map((item) => item.amount),
      capacity
    );
    exact = true;
  }
  const chosen = picks.sort((a, b) => a - b).map((i) => candidates[i]);
  return { chosen, total: chosen.reduce((sum, item) => sum + item.amount, 0) as Cents, exact };
}

/** Depth-first over amounts sorted largest first; returns the indexes of the best subset found. */
function branchAndBound(amounts: number[], capacity: number, nodeBudget: number): { picks: number[]; exact: boolean } {
  // suffix[i]: the sum of amounts[i..], the most the remaining items can add.
  const suffix = new Array<number>(amounts.length + 1).fill(0);
  for (let i = amounts.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + amounts[i];
  let best = 0;
  let bestPicks: number[] = [];
  const picks: number[] = [];
  let nodes = 0;
  let exhausted = false;
  // Returns true to stop the whole search: capacity reached exactly, or the budget spent.
  const visit = (index: number, total: number): boolean => {
    if (total > best) {
      best = total;
      bestPicks = [...picks];
      if (best === capacity) return true;
    }
    if (index === amounts.length || total + suffix[index] <= best) return false;
    if (++nodes > nodeBudget) {
      exhausted = true;
      return true;
    }
    if (total + amounts[index] <= capacity) {
      picks.push(index);
      if (visit(index + 1, total + amounts[index])) return true;
      picks.pop();
    }
    return visit(index + 1, total);
  };
  visit(0, 0);
  return { picks: bestPicks, exact: !exhausted };
}

/** The subset sums (≤ capacity) of amounts[from..to), ascending and distinct, each with one subset (bit mask) reaching it. */
function subsetSums(amounts: number[], from: number, to: number, capacity: number): { sums: Float64Array; masks: Int32Array } {
  let sums = new Float64Array([0]);
  let masks = new Int32Array([0]);
  for (let j = from; j < to; j++) {
    const amount = amounts[j];
    const bit = 1 << (j - from);
    const nextSums = new Float64Array(sums.length * 2);
    const nextMasks = new Int32Array(sums.length * 2);
    // Merge the sorted sums without item j and with it (capped), dropping repeats.
    let a = 0;
    let b = 0;
    let n = 0;
    while (a < sums.length || (b < sums.length && sums[b] + amount <= capacity)) {
      const withItem = b < sums.length && sums[b] + amount <= capacity ? sums[b] + amount : Infinity;
      const without = a < sums.length ? sums[a] : Infinity;
      let value: number;
      let mask: number;
      if (without <= withItem) {
        [value, mask] = [without, masks[a]];
        a++;
        if (without === withItem) b++;
      } else {
        [value, mask] = [withItem, masks[b] | bit];
        b++;
      }
      nextSums[n] = value;
      nextMasks[n] = mask;
      n++;
    }
    sums = nextSums.slice(0, n);
    masks = nextMasks.slice(0, n);
  }
  return { sums, masks };
}

/** Exact subset sum for up to 40 items: every pair of half sums, by two pointers over the two ascending lists. */
function meetInTheMiddle(amounts: number[], capacity: number): number[] {
  const half = Math.floor(amounts.length / 2);
  const left = subsetSums(amounts, 0, half, capacity);
  const right = subsetSums(amounts, half, amounts.length, capacity);
  let best = -1;
  let bestLeft = 0;
  let bestRight = 0;
  let r = right.sums.length - 1;
  for (let l = 0; l < left.sums.length; l++) {
    while (r >= 0 && left.sums[l] + right.sums[r] > capacity) r--;
    if (r < 0) break;
    if (left.sums[l] + right.sums[r] > best) [best, bestLeft, bestRight] = [left.sums[l] + right.sums[r], left.masks[l], right.masks[r]];
  }
  const picks: number[] = [];
  for (let i = 0; i < half; i++) if (bestLeft & (1 << i)) picks.push(i);
  for (let i = half; i < amounts.length; i++) if (bestRight & (1 << (i - half))) picks.push(i);
  return picks;
}

/** A bill the company could pay early now, with what paying it costs the company (its discounted total less savings). */
export interface OpenOffer extends KnapsackItem {
  /** "INV-1042 · Kiwi Supplies Ltd" */
  label: string;
}

export type TopUpSuggestionKind = "UNCOVERED_OFFERS" | "ALL_OFFERS";

export interface TopUpSuggestion {
  kind: TopUpSuggestionKind;
  amount: Cents;
  /** The offers this amount pays for. */
  offerIds: number[];
}

export interface TopUpSuggestions {
  offers: OpenOffer[];
  /** The knapsack choice: the offers Funds Available pays for now, whole bills only. */
  covered: OpenOffer[];
  /** The other offers: what a top-up is for. */
  uncovered: OpenOffer[];
  suggestions: TopUpSuggestion[];
}

/**
 * The Topup Entry's suggested amounts (p1 §4). The knapsack picks the offers that Funds Available already pays for
 * (each bill is paid whole); the first suggestion is the sum of the others, so the top-up pays exactly the bills the
 * funds do not cover and the funds stay on the bills they do. The second, shown when it differs, is the least amount
 * that makes every offer payable (total − Funds Available): smaller, but it spends the funds left over by the knapsack.
 * No offers, or funds that already cover them all: no suggestion (the user types a custom amount).
 */
export function suggestTopUpAmounts(offers: readonly OpenOffer[], fundsAvailable: Cents): TopUpSuggestions {
  const funds = Math.max(0, fundsAvailable) as Cents;
  const choice = knapsack(offers, funds);
  const coveredIds = new Set(choice.chosen.map((offer) => offer.id));
  const covered = offers.filter((offer) => coveredIds.has(offer.id));
  const uncovered = offers.filter((offer) => !coveredIds.has(offer.id));
  const suggestions: TopUpSuggestion[] = [];
  const uncoveredSum = uncovered.reduce((sum, offer) => sum + offer.amount, 0);
  if (uncoveredSum > 0) {
    suggestions.push({ kind: "UNCOVERED_OFFERS", amount: uncoveredSum as Cents, offerIds: uncovered.map((offer) => offer.id) });
    const total = offers.reduce((sum, offer) => sum + offer.amount, 0);
    const least = total - funds;
    if (least > 0 && least !== uncoveredSum) suggestions.push({ kind: "ALL_OFFERS", amount: least as Cents, offerIds: offers.map((offer) => offer.id) });
  }
  return { offers: [...offers], covered, uncovered, suggestions };
}

// ---------------------------------------------------------------------------------------------------------------
// Payment references (D5): unique, quoted by the payer on the bank transfer; the top_ups CHECK is ^[A-Z0-9]{4,12}$.

/** Without 0/O, 1/I/L and U/V, which payers mistype or misread: 29 symbols (a prime, for the check symbol). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const REFERENCE_PREFIX = "EB";
export const REFERENCE_RANDOM_LENGTH = 7;
/** EB + 7 random symbols + 1 check symbol = 10 characters: fits a bank's 12-character reference field. */
export const REFERENCE_LENGTH = REFERENCE_PREFIX.length + REFERENCE_RANDOM_LENGTH + 1;
const REFERENCE_PATTERN = /^[A-Z0-9]{4,12}$/;

/**
 * The check symbol of a reference body: a weighted sum modulo the (prime) alphabet size, so any single mistyped symbol
 * and any swap of two neighbours changes it. A typo therefore never turns one top-up's reference into another's.
 */
export function referenceCheckSymbol(body: string): string {
  const n = REFERENCE_ALPHABET.length;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const value = REFERENCE_ALPHABET.indexOf(body[i]);
    if (value < 0) throw new RangeError(`Not a reference symbol: ${body[i]}`);
    sum = (sum + value * (i + 1)) % n;
  }
  return REFERENCE_ALPHABET[sum];
}

/** A new reference from a source of random integers in [0, n) (crypto.randomInt in the service). */
export function generatePaymentReference(randomInt: (n: number) => number): string {
  let random = "";
  for (let i = 0; i < REFERENCE_RANDOM_LENGTH; i++) random += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX}${random}${referenceCheckSymbol(random)}`;
}

/** True for a reference this module generates (prefix, alphabet, length and check symbol). */
export function isGeneratedReference(reference: string): boolean {
  if (reference.length !== REFERENCE_LENGTH || !reference.startsWith(REFERENCE_PREFIX)) return false;
  const body = reference.slice(REFERENCE_PREFIX.length, -1);
  if ([...body].some((symbol) => !REFERENCE_ALPHABET.includes(symbol))) return false;
  return referenceCheckSymbol(body) === reference.at(-1);
}

/** Whether the database's CHECK accepts it as a payment reference. */
export const fitsReferenceColumn = (reference: string) => REFERENCE_PATTERN.test(reference);

/**
 * What a statement line may quote as our reference: each of its fields (reference, particulars, code) upper-cased with
 * spaces and punctuation removed ("eb 7kq-2m9x" → "EB7KQ2M9X"), and each word of it, kept when it could be a reference
 * at all. Payers put the reference in any of the three NZ fields, split by spaces or dashes, in any case.
 */
export function referenceCandidates(fields: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const field of fields) {
    if (!field) continue;
    const upper = field.toUpperCase();
    const joined = upper.replace(/[^A-Z0-9]/g, "");
    if (fitsReferenceColumn(joined)) found.add(joined);
    for (const word of upper.split(/[^A-Z0-9]+/)) if (fitsReferenceColumn(word)) found.add(word);
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------------------------
// Statuses and actions (p3 §4.3, D5).

export type TopUpStatus = "PENDING" | "UNKNOWN" | "COMPLETED" | "CANCELLED" | "EXPIRED" | "RETURNED";

export type TopUpAction = "confirm" | "assign" | "cancel" | "return";

/** An unknown deposit nobody claimed for this many days may be returned to its sender (docs/decisions/030). */
export const DEPOSIT_RETURN_AFTER_DAYS = 30;

/** When an unknown deposit held since `heldSince` may be returned: 30 days (of 24 hours) later. */
export const depositReturnableFrom = (heldSince: Date): Date => new Date(heldSince.getTime() + DEPOSIT_RETURN_AFTER_DAYS * 86_400_000);

/**
 * What an admin may do with a top-up: confirm a PENDING one (COMPLETED, wallet credited), assign an UNKNOWN deposit
 * to a company (its "confirm": COMPLETED, suspense → wallet), cancel a PENDING one. An UNKNOWN deposit is money we
 * hold: it is assigned, never cancelled; once nobody has claimed it for 30 days it may be returned to its sender (a
 * bank payment from suspense, RETURNED).
 */
export function adminActions(status: TopUpStatus, options: { returnable?: boolean } = {}): TopUpAction[] {
  if (status === "PENDING") return ["confirm", "cancel"];
  if (status === "UNKNOWN") return options.returnable ? ["assign", "return"] : ["assign"];
  return [];
}

/** Labels from the one table (lib/status-labels TOP_UP_STATUS). */
export const TOP_UP_STATUS_LABELS: Record<TopUpStatus, string> = labelsOf("topUp");

/** The admin Topups tabs (p3 §2.3): All, Pending, Unknown, Approved (COMPLETED), Cancelled. */
export const TOP_UP_TABS = [
  { value: "all", label: "All", status: null },
  { value: "pending", label: "Pending", status: "PENDING" },
  { value: "unknown", label: "Unknown", status: "UNKNOWN" },
  { value: "approved", label: "Approved", status: "COMPLETED" },
  { value: "cancelled", label: "Cancelled", status: "CANCELLED" },
] as const satisfies readonly { value: string; label: string; status: TopUpStatus | null }[];
export type TopUpTab = (typeof TOP_UP_TABS)[number]["value"];

/**
 * How a deposit line is settled, given the top-ups its candidates name (found by the service, status as read under
 * the row lock). D5 plus our decisions (docs/decisions/012-top-ups.md):
 * - exactly one PENDING top-up, same currency, same amount, not past its expiry → COMPLETE it (bank clearing → wallet);
 * - exactly one COMPLETED top-up with no statement line yet, same currency and amount → RECONCILE: an admin confirmed
 *   it before the statement came; the line is its evidence, nothing is posted again;
 * - anything else (no match, several, another amount or currency, cancelled or expired, or a second deposit for a
 *   completed top-up) → UNKNOWN: the money is held in suspense until an admin assigns it.
 */
export interface MatchCandidate {
  id: number;
  status: TopUpStatus;
  currency: string;
  amount: Cents;
  expired: boolean;
  hasStatementLine: boolean;
}

export type LineSettlement =
  | { kind: "COMPLETE"; topUpId: number }
  | { kind: "RECONCILE"; topUpId: number }
  | { kind: "UNKNOWN"; reason: "NO_MATCH" | "AMBIGUOUS" | "AMOUNT_DIFFERS" | "CURRENCY_DIFFERS" | "NOT_PENDING" | "ALREADY_PAID" };

export function settleDepositLine(line: { amount: Cents; currency: string }, candidates: readonly MatchCandidate[]): LineSettlement {
  if (candidates.length === 0) return { kind: "UNKNOWN", reason: "NO_MATCH" };
  if (candidates.length > 1) return { kind: "UNKNOWN", reason: "AMBIGUOUS" };
  const [topUp] = candidates;
  if (topUp.currency !== line.currency) return { kind: "UNKNOWN", reason: "CURRENCY_DIFFERS" };
  if (topUp.amount !== line.amount) return { kind: "UNKNOWN", reason: "AMOUNT_DIFFERS" };
  if (topUp.status === "PENDING" && !topUp.expired) return { kind: "COMPLETE", topUpId: topUp.id };
  if (topUp.status === "COMPLETED") return topUp.hasStatementLine ? { kind: "UNKNOWN", reason: "ALREADY_PAID" } : { kind: "RECONCILE", topUpId: topUp.id };
  return { kind: "UNKNOWN", reason: "NOT_PENDING" };
}
