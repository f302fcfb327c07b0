/**
 * Money that comes back (issue 13 part 3; docs/decisions/030-money-that-comes-back.md): the inputs and messages of a
 * withdrawal the bank returned and of an unknown deposit returned to its sender. Browser-safe: the admin dialogs use
 * the same schemas; the server's check is the one that counts. The spec has no wording for these: ours, in its voice.
 */
import { z } from "zod";

export const DEFAULT_RETURN_REASON = "Returned by the bank";
export const RETURN_REASON_MAX = 200;

export const RETURN_MESSAGES = {
  withdrawalNotFound: "Withdrawal not found",
  notInFile: "Only a withdrawal paid by a bank payment file can be returned",
  reasonTooLong: `The reason can have at most ${RETURN_REASON_MAX} characters`,
  returned: (reference: string, amount: string, companyName: string) => `Withdrawal ${reference} returned: ${amount} is back in ${companyName}'s Funds Available`,
  alreadyReturned: (reference: string) => `Withdrawal ${reference} was already returned`,
  depositNotFound: "Deposit not found",
  depositNotUnknown: "Only an unknown deposit can be returned to its sender",
  depositTooEarly: (date: string) => `This deposit can be returned from ${date}, 30 days after it arrived`,
  depositReturned: (amount: string, accountName: string) => `${amount} will be returned to ${accountName} in the next bank payment file`,
  depositAlreadyReturned: "This deposit was already returned to its sender",
  fileRequired: "Please choose a bank returns file",
  csvOnly: "Please upload the bank returns as a CSV file",
  tooLarge: "The bank returns file is too large (at most 5 MB)",
  empty: "The bank returns file has no lines",
  header: "The bank returns file needs the columns Date, Reference and Amount",
  unreadable: "The bank returns file could not be read as CSV",
  lineDate: (line: number) => `Line ${line}: the date is not a valid date (DD/MM/YYYY or YYYY-MM-DD)`,
  lineAmount: (line: number) => `Line ${line}: the amount is not a valid amount above 0`,
  lineReference: (line: number) => `Line ${line}: the reference names no payment of ours (WD<id> or RT<id>)`,
  fileImported: (fileName: string, parts: string) => `Imported ${fileName}: ${parts}`,
} as const;

/** The reason an admin gives for a returned withdrawal (optional: "Returned by the bank"). */
export const ReturnWithdrawalSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : value),
    z.string().max(RETURN_REASON_MAX, RETURN_MESSAGES.reasonTooLong)
  ),
});
export type ReturnWithdrawalInput = z.input<typeof ReturnWithdrawalSchema>;

/** How a line of a bank returns file was settled. */
export type ReturnLineOutcome = "RETURNED" | "ALREADY_RETURNED" | "NOT_FOUND" | "NOT_PAID" | "AMOUNT_DIFFERS" | "NOT_A_WITHDRAWAL";

export const RETURN_LINE_REASONS: Record<Exclude<ReturnLineOutcome, "RETURNED">, string> = {
  ALREADY_RETURNED: "The withdrawal was already returned",
  NOT_FOUND: "No withdrawal has this reference",
  NOT_PAID: "The withdrawal is not in a bank payment file yet",
  AMOUNT_DIFFERS: "The amount differs from the withdrawal's",
  NOT_A_WITHDRAWAL:
    "A returned refund of an unknown deposit comes back as a deposit: import the bank statement and it is held as unknown again",
};

/** The admin's CLI and form ids: a positive integer, or WD12 / RT3 as the files and screens show them. */
export const PaymentIdSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().replace(/^(WD|RT)/i, "") : value),
  z.coerce.number().int().positive().max(2_147_483_647)
);
