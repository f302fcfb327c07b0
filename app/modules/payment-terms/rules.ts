/**
 * A company's payment terms (spec p3 §3 "Payment term", §5 "Payment terms", §9): pure rules, no I/O. A term is
 * MONTHLY on a day of the month (1-31) or WEEKLY on a day of the week; a company has at most one term per date or
 * day, and exactly one default once it has any.
 */

export const PAYMENT_TERM_FREQUENCIES = ["MONTHLY", "WEEKLY"] as const;
export type PaymentTermFrequency = (typeof PAYMENT_TERM_FREQUENCIES)[number];
/** Monday to Sunday (p3 §9), the order the pickers show. */
export const DAYS_OF_WEEK = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

// The spec's words (p3 §5, §8).
export const PAYMENT_DATE_REQUIRED = "Payment date is required";
export const PAYMENT_DAY_REQUIRED = "Payment day is required";
export const DUPLICATE_PAYMENT_TERMS = "Duplicate payment terms are not allowed";
export const DELETE_PAYMENT_TERM_CONFIRMATION = "Are you sure you want to delete this payment term?";
export const MANDATORY_PARAMS_MISSING = "Mandatory params missing";
export const PAYMENT_TERM_ADDED = "Payment term added";
export const PAYMENT_TERM_UPDATED = "Payment term updated";
export const PAYMENT_TERM_DELETED = "Payment term deleted";
export const NO_PAYMENT_TERMS = "No payment terms available";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const PAYMENT_FREQUENCY_REQUIRED = "Payment frequency is required";
export const PAYMENT_DATE_RANGE = "Payment date must be a day of the month from 1 to 31";
export const PAYMENT_DAY_INVALID = "Payment day must be a day of the week e.g. Monday";
export const DEFAULT_TERM_UNDELETABLE = "The default payment term cannot be deleted. Set another payment term as the default first.";
export const DEFAULT_TERM_REQUIRED = "A company needs a default payment term. Set another payment term as the default instead.";
export const PAYMENT_TERM_NOT_FOUND = "Payment term not found";
export const PAYMENT_TERM_IN_USE = "This payment term is used by counterparties with scheduled payments. Turn those off or give them another term first.";

export interface PaymentTermValue {
  frequency: PaymentTermFrequency;
  /** Day of the month for MONTHLY, else null. */
  date: number | null;
  /** Day of the week for WEEKLY, else null. */
  dayOfWeek: DayOfWeek | null;
}

/** What a form, a CLI option or a caller hands in: strings or numbers, any case, possibly blank. */
export interface PaymentTermInput {
  frequency?: string | null;
  date?: string | number | null;
  dayOfWeek?: string | null;
}

export type PaymentTermFieldErrors = Partial<Record<"frequency" | "date" | "dayOfWeek", string>>;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The input as a term, or its field errors (p3 §5): frequency required; Monthly needs a date 1-31, Weekly a day of
 * the week. Values are trimmed and upper-cased ("Monthly", "friday" are accepted); the other frequency's field is
 * dropped, so a Monthly term never carries a day.
 */
export function parsePaymentTerm(input: PaymentTermInput): { ok: true; value: PaymentTermValue } | { ok: false; fieldErrors: PaymentTermFieldErrors } {
  const frequency = blank(input.frequency) ? null : String(input.frequency).trim().toUpperCase();
  if (frequency === null || !(PAYMENT_TERM_FREQUENCIES as readonly string[]).includes(frequency)) {
    return { ok: false, fieldErrors: { frequency: PAYMENT_FREQUENCY_REQUIRED } };
  }
  if (frequency === "MONTHLY") {
    if (blank(input.date)) return { ok: false, fieldErrors: { date: PAYMENT_DATE_REQUIRED } };
    const text = String(input.date).trim();
    const date = Number(text);
    if (!/^\d{1,2}$/.test(text) || date < 1 || date > 31) return { ok: false, fieldErrors: { date: PAYMENT_DATE_RANGE } };
    return { ok: true, value: { frequency: "MONTHLY", date, dayOfWeek: null } };
  }
  if (blank(input.dayOfWeek)) return { ok: false, fieldErrors: { dayOfWeek: PAYMENT_DAY_REQUIRED } };
  const day = String(input.dayOfWeek).trim().toUpperCase();
  if (!(DAYS_OF_WEEK as readonly string[]).includes(day)) return { ok: false, fieldErrors: { dayOfWeek: PAYMENT_DAY_INVALID } };
  return { ok: true, value: { frequency: "WEEKLY", date: null, dayOfWeek: day as DayOfWeek } };
}

/** Two terms are the same when they pay on the same date of the month, or on the same day of the week (p3 §5). */
export function isSameTerm(a: PaymentTermValue, b: PaymentTermValue): boolean {
  if (a.frequency !== b.frequency) return false;
  return a.frequency === "MONTHLY" ? a.date === b.date : a.dayOfWeek === b.dayOfWeek;
}

/** Whether `candidate` repeats one of `existing` (the term being edited, `exceptId`, left out). */
export function isDuplicateTerm(existing: readonly (PaymentTermValue & { id: number })[], candidate: PaymentTermValue, exceptId?: number): boolean {
  return existing.some((term) => term.id !== exceptId && isSameTerm(term, candidate));
}

/** A default term cannot be deleted (p3 §5): null when it may be, else the reason. */
export const deleteRefusal = (term: { defaultTerm: boolean }): string | null => (term.defaultTerm ? DEFAULT_TERM_UNDELETABLE : null);

/**
 * Whether a term ends up the default: the first term of a company always does (exactly one default once it has any);
 * the current default cannot be unset (another term is made the default instead); otherwise as asked.
 */
export function resolveDefault(input: {
  requested: boolean | undefined;
  isCurrentDefault: boolean;
  companyHasDefault: boolean;
}): { ok: true; defaultTerm: boolean } | { ok: false; message: string } {
  if (input.isCurrentDefault) return input.requested === false ? { ok: false, message: DEFAULT_TERM_REQUIRED } : { ok: true, defaultTerm: true };
  if (!input.companyHasDefault) return { ok: true, defaultTerm: true };
  return { ok: true, defaultTerm: input.requested === true };
}

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

export const frequencyLabel = (frequency: PaymentTermFrequency) => titleCase(frequency);

/** "20th" of a month. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** The table's Day column: "20th" of the month, or "Friday". */
export const dayLabel = (term: PaymentTermValue) => (term.frequency === "MONTHLY" ? ordinal(term.date ?? 0) : titleCase(term.dayOfWeek ?? ""));

/** The default first, then monthly by date, then weekly Monday to Sunday. */
export function comparePaymentTerms(a: PaymentTermValue & { defaultTerm: boolean }, b: PaymentTermValue & { defaultTerm: boolean }): number {
  if (a.defaultTerm !== b.defaultTerm) return a.defaultTerm ? -1 : 1;
  if (a.frequency !== b.frequency) return a.frequency === "MONTHLY" ? -1 : 1;
  if (a.frequency === "MONTHLY") return (a.date ?? 0) - (b.date ?? 0);
  return DAYS_OF_WEEK.indexOf(a.dayOfWeek!) - DAYS_OF_WEEK.indexOf(b.dayOfWeek!);
}
