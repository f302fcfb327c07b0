/**
 * Inputs, messages and blocking states of a withdrawal (spec p1 §4 "Withdraw flow", §5 "Withdrawal", §8 "Withdrawal";
 * p3 §4.7 file processing). Pure: shared by the service, the routes and the unit tests.
 */
import { z } from "zod";
import { parseDecimalToCents, type Cents } from "../../lib/money";

// The spec's messages, verbatim.
export const AMOUNT_TOO_LOW = "Withdrawal amount must be equal to or higher than $1";
export const AMOUNT_EXCEEDS_AVAILABLE = "The amount entered exceeds the available balance. Please enter a lower amount.";
export const NO_SYSTEM_ACCOUNT = "No system bank account, please contact the provider";
export const NO_DEFAULT_ACCOUNT_HINT = "Add a default bank account to withdraw funds from Earlybird";
export const TITLE_SUCCESSFUL = "Withdrawal Successful";
export const TITLE_PENDING = "Withdrawal Pending";
export const TRANSFER_TIME = "Bank transfer may take up to 2 hours.";
/** The debug message of the 403 a company that is not verified gets on sensitive calls (p1 §6, §8). */
export const COMPANY_NOT_VERIFIED = "company not verified";
export const COULD_NOT_FETCH_STATUS = "Could not fetch status";
export const SUCCESS_UPDATED = "Success updated";
/** The get-verified prompt (p1 §2 Modals) and the withdrawal account card's failed verification (p1 §4). */
export const GET_VERIFIED_TITLE = "Let's get verified";
export const VERIFICATION_FAILED_MESSAGE = "Verification failed. Please try again.";

/** Not in the spec (it names these states but gives no wording); ours, in the spec's voice. */
export const AMOUNT_INVALID = "Please enter a valid amount";
export const PENDING_WITHDRAWAL = "You have a withdrawal pending. You can withdraw again once it has been processed.";
export const ACCOUNT_UNVERIFIED = "Please verify your bank account before withdrawing funds.";
export const ACCOUNT_NOT_PAYABLE_AU = "Withdrawals are paid to a bank account with a BSB and an account number of up to 9 digits. Please add one.";
export const VERIFICATION_PENDING_NOTICE = "Your bank account is waiting for verification. Your withdrawal will be processed once it is verified.";
export const GET_VERIFIED = "Your company is not verified yet. Please get verified to withdraw funds.";
export const ACCOUNT_NOT_FOUND = "Bank account not found";
export const WITHDRAWAL_NOT_FOUND = "Withdrawal not found";
export const SOURCE_ACCOUNT_MISMATCH = "Withdrawals are made from the company's Earlybird account";

/** p1 §9: minimum withdrawal $1. */
export const MIN_WITHDRAWAL_CENTS = 100 as Cents;

/**
 * A typed amount to cents: "$1,234.5" and " 12 " are fine; empty is below the minimum; anything else is invalid.
 * Throws nothing: returns the message to show.
 */
export function parseWithdrawalAmount(raw: unknown): { ok: true; cents: Cents } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.trim().replace(/^\$/, "").replace(/,/g, "") : typeof raw === "number" ? String(raw) : "";
  if (text === "") return { ok: false, message: AMOUNT_TOO_LOW };
  let cents: Cents;
  try {
    cents = parseDecimalToCents(text);
  } catch {
    return { ok: false, message: AMOUNT_INVALID };
  }
  if (cents < MIN_WITHDRAWAL_CENTS) return { ok: false, message: AMOUNT_TOO_LOW };
  return { ok: true, cents };
}

/** The amount checked against Funds Available (D4): the spec's message when it is above. */
export function checkAgainstFunds(amount: Cents, fundsAvailable: Cents): string | null {
  return amount > fundsAvailable ? AMOUNT_EXCEEDS_AVAILABLE : null;
}

const optionalId = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? undefined : value),
  z.coerce.number().int().positive().optional()
);

/** The form of every step: the amount, plus the key the confirm step carries (a double submit withdraws once). */
export const WithdrawFormSchema = z.object({
  amount: z.unknown(),
  idempotencyKey: z.string().trim().min(8).max(200).optional(),
  /** Admin on behalf: the destination account and the source (the company's Earlybird account). */
  bankAccountId: optionalId,
  sourceAccountId: optionalId,
});
export type WithdrawFormInput = z.input<typeof WithdrawFormSchema>;

export const WithdrawIntentSchema = z.enum(["review", "back", "confirm"]);

export const FileProcessingStatusSchema = z.object({ status: z.enum(["RUNNING", "SUSPENDED"]) });

export const IdSchema = z.coerce.number().int().positive();

// --- Blocking states (p1 §4: no account; a pending withdrawal; verification pending (allowed); unverified) -----

export type WithdrawBlock = "COMPANY_NOT_VERIFIED" | "NO_SYSTEM_ACCOUNT" | "NO_ACCOUNT" | "PENDING_WITHDRAWAL" | "ACCOUNT_UNVERIFIED" | "ACCOUNT_NOT_PAYABLE";

export const BLOCK_MESSAGES: Record<WithdrawBlock, string> = {
  COMPANY_NOT_VERIFIED: GET_VERIFIED,
  NO_SYSTEM_ACCOUNT: NO_SYSTEM_ACCOUNT,
  NO_ACCOUNT: NO_DEFAULT_ACCOUNT_HINT,
  PENDING_WITHDRAWAL: PENDING_WITHDRAWAL,
  ACCOUNT_UNVERIFIED: ACCOUNT_UNVERIFIED,
  ACCOUNT_NOT_PAYABLE: ACCOUNT_NOT_PAYABLE_AU,
};

export type DestinationStatus = "UNVERIFIED" | "VERIFICATION_PENDING" | "VERIFIED" | "VERIFICATION_FAILED" | "DELETED";

export interface WithdrawState {
  companyVerified: boolean;
  hasSystemAccount: boolean;
  hasPendingWithdrawal: boolean;
  /** The destination: the default account (company users) or the one chosen (admins); null when there is none. */
  destination: { status: DestinationStatus; payable: boolean } | null;
}

/**
 * What stops a withdrawal, first reason first, or null when it may go ahead. An account waiting for verification
 * does not block: the withdrawal is held and paid once the account is VERIFIED (D5).
 */
export function withdrawBlock(state: WithdrawState): WithdrawBlock | null {
  if (!state.companyVerified) return "COMPANY_NOT_VERIFIED";
  if (!state.hasSystemAccount) return "NO_SYSTEM_ACCOUNT";
  if (!state.destination || state.destination.status === "DELETED") return "NO_ACCOUNT";
  if (state.hasPendingWithdrawal) return "PENDING_WITHDRAWAL";
  if (state.destination.status === "UNVERIFIED" || state.destination.status === "VERIFICATION_FAILED") return "ACCOUNT_UNVERIFIED";
  if (!state.destination.payable) return "ACCOUNT_NOT_PAYABLE";
  return null;
}

/** The placed step's title (p1 §4). */
export const placedTitle = (accountStatus: DestinationStatus) => (accountStatus === "VERIFICATION_PENDING" ? TITLE_PENDING : TITLE_SUCCESSFUL);

/** A destination the bank file of its country can pay (AU: BSB and up to 9 digits, not a PayID; NZ: a number). */
export function isPayableDestination(country: "NZ" | "AU", account: { bankAccountNumber: string | null; bsb: string | null }): boolean {
  if (country === "AU") return Boolean(account.bsb && /^\d{6}$/.test(account.bsb) && account.bankAccountNumber && /^\d{1,9}$/.test(account.bankAccountNumber));
  return Boolean(account.bankAccountNumber && /^\d{15,16}$/.test(account.bankAccountNumber));
}
