/**
 * Inputs of the banking module (spec p1 §5 "Bank account form", "2FA code", "Bank statement upload"; p3 §5): zod
 * schemas carrying the spec's messages verbatim (typos kept). Form values arrive as strings; the schemas strip what
 * the spec says to strip and report every field's first error at once.
 */
import { z } from "zod";
import { OneTimeCodeSchema } from "../one-time-codes/schema";
import type { Country } from "../../lib/dates";
import { digitsOnly, normaliseAccountNumber } from "./rules";

// Bank account form (p1 §5, p3 §5).
export const ACCOUNT_NAME_REQUIRED = "Account name is required";
export const PAY_ID_REQUIRED = "PayID is required";
export const BSB_REQUIRED = "BSB is required";
export const BSB_SIX_DIGITS = "BSB should be 6 digits";
export const ACCOUNT_NUMBER_REQUIRED = "Account number is required";
export const ACCOUNT_NUMBER_MIN_AU = "Account number should have minimum 6 digits";
export const ACCOUNT_NUMBER_INVALID = "Enter valid account number";
// 2FA code (p1 §5, §8; p3 §5): the one-time-codes module's words and limits (the same as activation's).
export { CODE_EXPIRED, CODE_INVALID, CODE_LOCKED, CODE_REQUIRED, CODE_RESEND_TOO_SOON, CODE_TTL_MS } from "../one-time-codes/schema";
/** The server's answer to an account posted without its code (p1 §8 "Bank account"). */
export const CODE_MISSING = "2fa code missing";
// Bank statement upload (p1 §5, p3 §5).
export const STATEMENT_UNSUPPORTED = "Unsupported file format. Please select a JPG, PNG or PDF file.";
export const STATEMENT_TOO_LARGE = "Please choose a file which is less than 10 MB in size";
export const STATEMENT_MISSING = "No statement file selected";
export const NO_DEFAULT_ACCOUNT = "No default account added to verify";
export const VALUES_MISSING = "Values are missing";
// Withdrawal account card and verification (p1 §4, p3 §4.5, §8).
export const VERIFICATION_FAILED_MESSAGE = "Verification failed. Please try again.";
export const NO_DEFAULT_ACCOUNT_HINT = "Add a default bank account to withdraw funds from Earlybird";
export const PHONE_NOT_PROVIDED = "Phone number not provided";
export const ERROR_FETCHING_BANK_ACCOUNTS = "Error fetching bank accounts";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const ACCOUNT_NAME_TOO_LONG = "Account name should have at most 100 characters";
export const PAY_ID_TOO_LONG = "PayID should have at most 256 characters";
export const ACCOUNT_ALREADY_ADDED = "This bank account has already been added";
export const STATEMENT_NOT_EXPECTED = "This bank account does not need a statement";
export const REVIEW_NOT_ALLOWED = "This bank account has no statement waiting for review";
export const BANK_ACCOUNT_NOT_FOUND = "Bank account not found";
export const SYSTEM_ACCOUNT_NOT_EDITABLE = "The Earlybird working capital account cannot be changed here";

/** 10,000,000 bytes (p1 §9, p3 §9 "Statement file maximum"). */
export const STATEMENT_MAX_BYTES = 10_000_000;
export const ACCOUNT_NAME_MAX = 100;
export const PAY_ID_MAX = 256;

/** AU accounts are a BSB and number, or a PayID (p1 §5). NZ accounts are always a number. */
export const AU_ACCOUNT_KINDS = ["BANK_ACCOUNT", "PAY_ID"] as const;
export type AuAccountKind = (typeof AU_ACCOUNT_KINDS)[number];

export interface BankAccountFormValues {
  bankAccountName: string;
  /** AU only: which kind of details; NZ ignores it. */
  accountKind: string;
  bsb: string;
  bankAccountNumber: string;
  payId: string;
}

/** What the form normalises to: digits only, NZ numbers 16 digits. */
export type BankAccountDetails =
  | { country: "NZ"; bankAccountName: string; bankAccountNumber: string; bsb: null; payId: null }
  | { country: "AU"; bankAccountName: string; bankAccountNumber: string; bsb: string; payId: null }
  | { country: "AU"; bankAccountName: string; bankAccountNumber: null; bsb: null; payId: string };

const text = z.preprocess((value) => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value)), z.string());

/**
 * The bank account form of a company in `country` (p1 §5). Each field reports its first error:
 * - name: required;
 * - AU PayID: required;
 * - AU BSB: required, then exactly 6 digits (anything but digits is dropped, so "062-000" is fine);
 * - account number: stripped of non-digits, required; AU at least 6 digits and at most 10 ("### ### ### #");
 *   otherwise 15 or 16 digits ("Enter valid account number" when shorter or longer), a 15-digit number
 *   getting a 0 after its first 13 digits.
 */
export function bankAccountFormSchema(country: Country) {
  return z
    .object({ bankAccountName: text, accountKind: text, bsb: text, bankAccountNumber: text, payId: text })
    .superRefine((values, ctx) => {
      const issue = (path: keyof BankAccountFormValues, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      const name = values.bankAccountName.trim();
      if (!name) issue("bankAccountName", ACCOUNT_NAME_REQUIRED);
      else if (name.length > ACCOUNT_NAME_MAX) issue("bankAccountName", ACCOUNT_NAME_TOO_LONG);

      if (country === "AU" && values.accountKind === "PAY_ID") {
        const payId = values.payId.trim();
        if (!payId) issue("payId", PAY_ID_REQUIRED);
        else if (payId.length > PAY_ID_MAX) issue("payId", PAY_ID_TOO_LONG);
        return;
      }
      if (country === "AU") {
        const bsb = digitsOnly(values.bsb);
        if (!values.bsb.trim()) issue("bsb", BSB_REQUIRED);
        else if (bsb.length !== 6) issue("bsb", BSB_SIX_DIGITS);
      }
      const message = accountNumberError(country, values.bankAccountNumber);
      if (message) issue("bankAccountNumber", message);
    })
    .transform((values): BankAccountDetails => {
      const bankAccountName = values.bankAccountName.trim();
      if (country === "AU" && values.accountKind === "PAY_ID")
        return { country, bankAccountName, bankAccountNumber: null, bsb: null, payId: values.payId.trim() };
      const bankAccountNumber = normaliseAccountNumber(digitsOnly(values.bankAccountNumber), country);
      if (country === "AU") return { country, bankAccountName, bankAccountNumber, bsb: digitsOnly(values.bsb), payId: null };
      return { country: "NZ", bankAccountName, bankAccountNumber, bsb: null, payId: null };
    });
}

/** The account number's message, or null when it is valid for the country (p1 §5). */
export function accountNumberError(country: Country, input: string): string | null {
  const digits = digitsOnly(input);
  if (!digits) return ACCOUNT_NUMBER_REQUIRED;
  if (country === "AU") {
    if (digits.length < 6) return ACCOUNT_NUMBER_MIN_AU;
    if (digits.length > 10) return ACCOUNT_NUMBER_INVALID;
    return null;
  }
  if (digits.length < 15 || digits.length > 16) return ACCOUNT_NUMBER_INVALID;
  return null;
}

/** Every field's first message, keyed by field name (for the form). */
export function formErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.length ? issue.path.join(".") : "form"] ??= issue.message;
  return errors;
}

/** The SMS code: six digits; empty or short gives the spec's "recieved" message (p3 §5). Spaces are dropped. */
export const CodeSchema = OneTimeCodeSchema;

export const IdSchema = z.coerce.number({ invalid_type_error: VALUES_MISSING }).int().positive(VALUES_MISSING);

/** Admin /bank-accounts tabs (p3 §2.3) and the statuses each shows (p3 §7.3). */
export const ADMIN_TABS = ["all", "pending", "approved", "cancelled"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_TAB_LABELS: Record<AdminTab, string> = { all: "All", pending: "Pending", approved: "Approved", cancelled: "Cancelled" };
export const ADMIN_PAGE_SIZES = [10, 20, 25, 50, 100] as const;
/** p3 §9: admin bank accounts 20. */
export const ADMIN_DEFAULT_PAGE_SIZE = 20;

export const AdminListQuerySchema = z.object({
  tab: z.enum(ADMIN_TABS).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((value) => (ADMIN_PAGE_SIZES as readonly number[]).includes(value))
    .catch(ADMIN_DEFAULT_PAGE_SIZE),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

export const REVIEW_DECISIONS = ["APPROVE", "REJECT"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
