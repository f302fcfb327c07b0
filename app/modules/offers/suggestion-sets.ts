/**
 * The CPU part of the offer suggestions (issue 5 part 3, issue 13 part 21; docs/decisions/015, 029), pure: which of
 * the candidate bills could be paid under the offer today (D2, each on its own against the whole capacity) and the two
 * suggested sets over them (selection.ts). It runs in the suggestions worker thread (jobs/offer-suggestions.worker.ts)
 * or, where no worker is built, in the caller's process; its input and output are plain data so they cross a thread.
 */
import { daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { purchaserOfferEligibility, type BasisPoints, type OfferConfig } from "./rules";
import { largestTotalSelection, maxCashbackSelection, type Selection, type SelectionItem } from "./selection";

export interface SuggestionSetsInput {
  /** The candidate bills, earliest due first: id, discounted total and due date (YYYY-MM-DD). */
  bills: { id: number; amount: Cents; dueDate: string }[];
  today: string;
  crrBp: BasisPoints;
  capacity: Cents;
  config: OfferConfig;
}

export interface SuggestionSets {
  /** The eligible bills with the cashback each earns if paid today. */
  eligible: { id: number; cashback: Cents }[];
  largestTotal: Selection;
  maxCashback: Selection;
}

export function suggestionSets(input: SuggestionSetsInput): SuggestionSets {
  const items: SelectionItem[] = [];
  for (const bill of input.bills) {
    const daysToDue = daysBetween(input.today, bill.dueDate);
    const eligibility = purchaserOfferEligibility(
      { crrBp: input.crrBp, discountedTotal: bill.amount, daysToDue, cashpool: input.capacity, pendingCashpool: 0 },
      input.config
    );
    if (eligibility.eligible) items.push({ id: bill.id, amount: bill.amount, cashback: eligibility.amounts.cashback, daysToDue });
  }
  return {
    eligible: items.map((item) => ({ id: item.id, cashback: item.cashback })),
    largestTotal: largestTotalSelection(items, input.capacity),
    maxCashback: maxCashbackSelection(items, input.capacity),
  };
}
