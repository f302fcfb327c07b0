/**
 * Inputs of the prompt payment request (p2 §5 "Get Paid / prompt payment request") and of Pay Now, browser-safe: the
 * dialog and the services share them. The limits and messages themselves live in rules.ts
 * (validatePromptPaymentAmount / validatePromptPaymentExpiry).
 */
import { z } from "zod";
import { parseDecimalToCents, type Cents } from "../../lib/money";

/** An amount as the currency input sends it ("$1,234.50", "12", "12."): cents, or null when there is none to read. */
export function parsePromptPaymentAmount(value: unknown): Cents | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? (value as Cents) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/^\$/, "").replace(/,/g, "").replace(/\.$/, "");
  if (text === "") return null;
  try {
    return parseDecimalToCents(text);
  } catch {
    return null;
  }
}

/** A date input's value (YYYY-MM-DD, or the spec's D/M/YYYY); "" when missing or not a date. */
export function parseExpiryDate(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  let y: number, m: number, d: number;
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return "";
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return "";
  return date.toISOString().slice(0, 10);
}

export const PromptPaymentFormSchema = z.object({
  /** Amount A as typed; cents when a service is called from code. */
  amount: z.union([z.string().max(64), z.number()]).nullish(),
  /** Day E. */
  expirationDate: z.string().max(32).nullish(),
});
export type PromptPaymentInput = z.input<typeof PromptPaymentFormSchema>;

export type PromptPaymentField = "amount" | "expirationDate";
export type PromptPaymentFieldErrors = Partial<Record<PromptPaymentField, string>>;

export const CANNOT_PAY_NOW = "Cannot pay now!";
export const TOPUP_ERROR_OFFER_NOT_ACCEPTED = "Error creating topup. Offer not accepted.";
/** p2 §8 "Offer change 403 'Change not permitted'": the request is being paid (a top-up is under way). */
export const CHANGE_NOT_PERMITTED = "Transaction in progress. Please reset the offer if you wish to change your bid.";
export const PAYMENT_REQUEST_EXISTS = "A prompt payment request already exists for this invoice";
export const PAYMENT_REQUEST_NOT_AVAILABLE = "This invoice cannot get a prompt payment request";
export const PAYMENT_REQUEST_NOT_FOUND = "Payment request not found";
export const OFFER_CHANGED = "The payment request has just changed. Please check the amounts and try again.";

export const PayNowSchema = z.object({
  supplierOfferId: z.coerce.number().int().positive(),
  invoiceIds: z.array(z.coerce.number().int().positive()).min(1).max(1000),
  /** Amount A the purchaser was shown: if the supplier edited it since, nothing is paid (OFFER_CHANGED). */
  expectedCashReward: z.coerce.number().int().nonnegative().optional(),
});
export type PayNowInput = z.input<typeof PayNowSchema>;

export type PayNowResultStatus = "SUCCESS" | "FAILED" | "PENDING" | "CLEARING" | "TOPUP_PENDING";

/** The execute call's answer (p2 §7: status, invoicesExecutionResult[] with status and reason). */
export interface PayNowResponse {
  status: "SUCCESS" | "FAILED" | "TOPUP_PENDING";
  invoicesExecutionResult: { invoiceId: number; status: PayNowResultStatus; reason: string | null }[];
  /** The top-up started for the shortfall (status TOPUP_PENDING). */
  topUpId: number | null;
  /** A repeated request found the bill already paid through this offer: nothing moved this time. */
  alreadyPaid: boolean;
}

/**
 * How the purchaser's screen reads the answer (p2 §4 Pay Now): success, a top-up under way, or the first invoice's
 * reason. "A FAILED result whose first invoice is PENDING still counts as success."
 */
export function payNowOutcome(response: PayNowResponse): { kind: "paid" } | { kind: "topup"; topUpId: number } | { kind: "failed"; message: string } {
  if (response.status === "TOPUP_PENDING" && response.topUpId !== null) return { kind: "topup", topUpId: response.topUpId };
  const first = response.invoicesExecutionResult[0];
  if (response.status === "SUCCESS") return { kind: "paid" };
  if (response.status === "FAILED" && first?.status === "PENDING") return { kind: "paid" };
  return { kind: "failed", message: first?.reason || CANNOT_PAY_NOW };
}
