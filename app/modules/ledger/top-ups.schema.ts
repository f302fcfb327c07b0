/**
 * Inputs of top-ups and the bank statement import (spec p1 §5 Top-up, §8 Top-up; p3 §4.3): zod schemas carrying the
 * spec's messages verbatim. Form values arrive as strings; CLI options and service calls as strings or numbers.
 */
import { z } from "zod";
import { parseDecimalToCents, type Cents } from "../../lib/money";
import { TOP_UP_TABS, type TopUpTab } from "./top-ups.rules";

// The spec's messages (p1 §5, §8; p2 §5).
export const TOPUP_AMOUNT_ZERO = "Topup amount cannot be 0. Please enter a higher amount.";
export const TOPUP_CANCELLED_OFFER_NOT_CREATED = "Topup cancelled. Offer not created.";
export const TOPUP_ERROR_OFFER_NOT_ACCEPTED = "Error creating topup. Offer not accepted.";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const TOPUP_AMOUNT_DECIMALS = "Please enter an amount with at most 2 decimals";
export const TOPUP_AMOUNT_TOO_LARGE = "Topup amount is too large. Please enter a lower amount.";
export const TOPUP_AMOUNT_NEGATIVE = "Topup amount cannot be negative. Please enter a higher amount.";
export const TOPUP_AMOUNT_NOT_A_NUMBER = "Please enter the topup amount in numbers only";
export const TOPUP_ACCOUNT_NOT_ACTIVE = "Please activate your account before topping up.";
export const TOPUP_NOT_FOUND = "Topup not found";
export const TOPUP_ALREADY_FINAL = (status: string) => `This topup is already ${status.toLowerCase()}.`;
export const TOPUP_EXPIRED = "This topup has expired.";
export const TOPUP_CANNOT_CANCEL_UNKNOWN = "An unknown deposit cannot be cancelled. Please assign it to a company.";
export const TOPUP_NOT_UNKNOWN = "Only an unknown deposit can be assigned to a company.";
export const TOPUP_UNKNOWN_NEEDS_COMPANY = "An unknown deposit is confirmed by assigning it to a company.";
export const SELECT_COMPANY = "Please select a company";
export const COMPANY_CURRENCY_DIFFERS = (currency: string, companyCurrency: string) =>
  `This deposit is in ${currency}; the company's account is in ${companyCurrency}.`;
export const TOPUP_CONFIRMED = "Topup confirmed";
export const TOPUP_CANCELLED = "Topup cancelled";
export const TOPUP_ASSIGNED = (companyName: string) => `Deposit assigned to ${companyName}`;
export const TOPUP_ALREADY_CONFIRMED = "This topup was already confirmed";

/** The triggers of the top-up flow (p1 §4); the same list as the top_ups CHECK and db/models/top-up.ts (not imported: browser-safe). */
export const TOPUP_TRIGGERS = ["SUPPLIER_OFFER", "PURCHASER_OFFER", "PURCHASER_OFFER_EDIT", "NO_OFFER", "CUSTOM"] as const;
export type TopupTrigger = (typeof TOPUP_TRIGGERS)[number];

/** The largest amount lib/money.ts handles (NUMERIC(14,2) holds more). */
const MAX_CENTS = 99_999_999_999_99;

/**
 * The top-up amount as the Topup Entry sends it, with the message that fits each bad value (issue 13 part 19): no
 * amount (empty, ".") or 0 gets the spec's "cannot be 0"; a negative amount, one that is not a number and one with
 * more than 2 decimals each say so. The field keeps what was typed. "." reads as "0." and "$1,234.50" as 1234.50 (a
 * pasted amount).
 */
export function parseTopupAmount(value: unknown): { ok: true; amount: Cents } | { ok: false; message: string } {
  const text = (typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? value.toFixed(2) : "")
    .trim()
    .replace(/^(-?)\s*\$/, "$1")
    .replace(/,/g, "");
  const normalised = text.replace(/^(-?)\./, "$10.");
  if (!/^-?(?:\d+(?:\.\d*)?)?$/.test(normalised)) return { ok: false, message: TOPUP_AMOUNT_NOT_A_NUMBER };
  if (normalised.startsWith("-") && /[1-9]/.test(normalised)) return { ok: false, message: TOPUP_AMOUNT_NEGATIVE };
  if (/^-?\d+\.\d{3,}$/.test(normalised)) return { ok: false, message: TOPUP_AMOUNT_DECIMALS };
  if (!/^\d+(?:\.\d{0,2})?$/.test(normalised)) return { ok: false, message: TOPUP_AMOUNT_ZERO };
  if (normalised.replace(/\..*$/, "").replace(/^0+/, "").length > 11) return { ok: false, message: TOPUP_AMOUNT_TOO_LARGE };
  const amount = parseDecimalToCents(normalised.replace(/\.$/, ""));
  if (amount <= 0) return { ok: false, message: TOPUP_AMOUNT_ZERO };
  if (amount > MAX_CENTS) return { ok: false, message: TOPUP_AMOUNT_TOO_LARGE };
  return { ok: true, amount };
}

/** An amount for the services: integer cents or a decimal string. */
const TopupAmountSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    if (value < 0) context.addIssue({ code: z.ZodIssueCode.custom, message: TOPUP_AMOUNT_NEGATIVE });
    else if (value === 0) context.addIssue({ code: z.ZodIssueCode.custom, message: TOPUP_AMOUNT_ZERO });
    else if (value > MAX_CENTS) context.addIssue({ code: z.ZodIssueCode.custom, message: TOPUP_AMOUNT_TOO_LARGE });
    return value as Cents;
  }
  const parsed = parseTopupAmount(typeof value === "number" ? String(value) : value);
  if (!parsed.ok) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
    return z.NEVER;
  }
  return parsed.amount;
});

/**
 * createTopUp's input. `amount` in integer cents (number) or a decimal string ("1234.50"). The offer triggers
 * (PURCHASER_OFFER, PURCHASER_OFFER_EDIT, SUPPLIER_OFFER) are the offers issue's; this screen sends NO_OFFER or CUSTOM.
 * `companyId` is for admins only (a top-up on behalf of a company); a company user's top-up is always its own.
 */
export const CreateTopUpSchema = z.object({
  amount: TopupAmountSchema,
  trigger: z.enum(TOPUP_TRIGGERS, { errorMap: () => ({ message: "Unknown top-up trigger" }) }),
  companyId: z.number().int().positive().optional(),
  /** A double click or a retried request with the same key creates one top-up (withIdempotency). */
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
});
export type CreateTopUpInput = z.input<typeof CreateTopUpSchema>;

/** The Topup Entry form (GET): `choice` is a suggested amount ("1234.50") or "custom" with `customAmount`. */
export const TopupEntrySchema = z.object({
  choice: z.string().trim().max(32).default("custom"),
  customAmount: z.string().max(64).default(""),
});

/** Which trigger an entry choice makes: a suggested amount is a top-up without an offer (NO_OFFER), a typed one CUSTOM. */
export function entryChoice(form: z.input<typeof TopupEntrySchema>): { trigger: "NO_OFFER" | "CUSTOM"; raw: string } {
  const parsed = TopupEntrySchema.parse(form);
  return parsed.choice === "custom" ? { trigger: "CUSTOM", raw: parsed.customAmount } : { trigger: "NO_OFFER", raw: parsed.choice };
}

export const TopUpIdSchema = z.coerce
  .number({ invalid_type_error: TOPUP_NOT_FOUND })
  .int(TOPUP_NOT_FOUND)
  .positive(TOPUP_NOT_FOUND)
  .max(2_147_483_647, TOPUP_NOT_FOUND);

export const AssignTopUpSchema = z.object({
  companyId: z.coerce.number({ invalid_type_error: SELECT_COMPANY }).int(SELECT_COMPANY).positive(SELECT_COMPANY).max(2_147_483_647, SELECT_COMPANY),
});

/** The intents of the admin Topups page's forms (GUIDE rule 3: read an intent, switch exhaustively). */
export const AdminTopUpIntentSchema = z.enum(["confirm", "cancel", "assign", "import", "return"]);

export const TOP_UPS_PAGE_SIZE = 25;

/** The admin list's URL state: tab (default all), page (1-based). Unknown values fall back to the defaults. */
export function parseTopUpListQuery(params: URLSearchParams): { tab: TopUpTab; page: number; size: number } {
  const tabValue = params.get("tab") ?? "all";
  const tab = (TOP_UP_TABS.find((item) => item.value === tabValue)?.value ?? "all") as TopUpTab;
  const pageValue = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageValue) && pageValue >= 1 && pageValue <= 100_000 ? pageValue : 1;
  const sizeValue = Number(params.get("size") ?? String(TOP_UPS_PAGE_SIZE));
  const size = [10, 25, 50, 100].includes(sizeValue) ? sizeValue : TOP_UPS_PAGE_SIZE;
  return { tab, page, size };
}

/** `earlybird bank:import FILE --currency NZD`. */
export const BankImportCliSchema = z.object({
  currency: z.enum(["NZD", "AUD"], { errorMap: () => ({ message: "Currency must be NZD or AUD" }) }).default("NZD"),
});
export const StatementCurrencySchema = BankImportCliSchema.shape.currency;

/** The bank statement import's messages and limits (ours: the spec has none); here, not in statement-import.rules.ts, so the browser bundle can use them without csv-parse. */
export const STATEMENT_MESSAGES = {
  fileRequired: "Please choose a bank statement file",
  csvOnly: "Please upload the bank statement as a CSV file",
  tooLarge: "The bank statement is too large (at most 5 MB)",
  empty: "The bank statement has no transactions",
  header: "The bank statement needs the columns Date, Amount and Reference",
  unreadable: "The bank statement could not be read as CSV",
  alreadyImported: "This bank statement has already been imported",
  lineDate: (line: number) => `Line ${line}: the date is not a valid date (DD/MM/YYYY or YYYY-MM-DD)`,
  lineAmount: (line: number) => `Line ${line}: the amount is not a valid amount`,
  lineZero: (line: number) => `Line ${line}: the amount is 0`,
  tooManyErrors: (count: number) => `and ${count} more`,
} as const;

export const MAX_STATEMENT_BYTES = 5_000_000;
export const MAX_STATEMENT_LINES = 20_000;
