/**
 * An early payment's ledger entries, split by role (decisions D2, D4; docs/decisions/027-early-payment-split.md). Pure.
 *
 * A purchaser pays a bill of discounted total T early: through a purchaser offer (service fee F = fee, cashback C = cb)
 * or through Pay Now on a prompt payment request (F = A, the supplier's discount; C = s, the purchaser's saving). One
 * entry per party, each carrying the parts of its amount that are service fee and cashback, so every figure about fees
 * and cashback is a sum of entries:
 *
 *   purchaser wallet  −(T − C)   principal −T, cashback +C
 *   supplier wallet   +(T − F)   principal +T, service fee −F
 *   fee revenue       +(F − C)   service fee +F, cashback −C   (Earlybird keeps F − C)
 */
import type { Cents } from "../../lib/money";

export interface SplitEntry {
  accountId: number;
  amount: Cents;
  /** The part of amount that is a service fee (negative on the supplier's wallet). */
  serviceFeeAmount: Cents;
  /** The part of amount that is cashback (positive on the purchaser's wallet). */
  cashbackAmount: Cents;
}

export interface EarlyPaymentSplit {
  /** T: the bill's discounted total, what the payment settles. */
  total: Cents;
  /** F: what the supplier gives up (the offer's service fee, or the prompt payment discount A). */
  serviceFee: Cents;
  /** C: what the purchaser gets back (the offer's cashback, or the saving s). */
  cashback: Cents;
}

export function earlyPaymentEntries(
  accounts: { purchaserWalletId: number; supplierWalletId: number; feeRevenueId: number },
  { total, serviceFee, cashback }: EarlyPaymentSplit
): SplitEntry[] {
  for (const [name, value] of Object.entries({ total, serviceFee, cashback })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`An early payment's ${name} must be whole cents, not negative: ${value}`);
  }
  if (serviceFee > total || cashback > total) throw new RangeError("An early payment's fee and cashback cannot exceed its total");
  const entries: SplitEntry[] = [
    { accountId: accounts.purchaserWalletId, amount: -(total - cashback) as Cents, serviceFeeAmount: 0 as Cents, cashbackAmount: cashback },
    { accountId: accounts.supplierWalletId, amount: (total - serviceFee) as Cents, serviceFeeAmount: -serviceFee as Cents, cashbackAmount: 0 as Cents },
    { accountId: accounts.feeRevenueId, amount: (serviceFee - cashback) as Cents, serviceFeeAmount: serviceFee, cashbackAmount: -cashback as Cents },
  ];
  // An entry that moves nothing at all (fee revenue when F = C = 0) is left out; one that only carries parts stays.
  return entries.filter((entry) => entry.amount !== 0 || entry.serviceFeeAmount !== 0 || entry.cashbackAmount !== 0);
}

/** The principal of a split entry: its amount less its service fee and cashback parts (±T on the wallets, 0 on fees). */
export const principalOf = (entry: Pick<SplitEntry, "amount" | "serviceFeeAmount" | "cashbackAmount">): Cents =>
  (entry.amount - entry.serviceFeeAmount - entry.cashbackAmount) as Cents;
