/**
 * Messages, inputs and pure shaping of a purchaser offer's execution (the supplier's Get Paid: p2 §4, §7, §8, §9;
 * D2, D3). Browser-safe: the Get Paid dialog imports it.
 */
import { z } from "zod";
import type { Cents } from "../../lib/money";

export const EXECUTION_JOB_TYPE = "PURCHASER_OFFER_EXECUTION";

/** The most invoices one Get Paid takes (p2 §7: dialogs fetch 1000). */
export const MAX_EXECUTION_INVOICES = 1_000;

export const EXECUTION_MESSAGES = {
  /** p2 §8: a 404 with this message (case-insensitive) makes the dialog say OFFER_EXPIRED. */
  OFFER_NOT_AVAILABLE: "Offer not available to supplier",
  OFFER_EXPIRED: "Oops! This offer is no longer available.",
  EXECUTION_NOT_FOUND: "Execution not found",
  INVOICE_NOT_FOUND: "Invoice not found",
  NO_INVOICES: "List of invoice ids needed",
  TOO_MANY_INVOICES: `At most ${MAX_EXECUTION_INVOICES} invoices can be paid at once`,
  // The spec names no text for these; worded for the supplier.
  ALREADY_PAID: "Invoice has already been paid",
  PAYMENT_PENDING: "Payment of this invoice is pending",
  NOT_INCLUDED: "Invoice is not included in the offer",
  PAYMENT_REQUESTED: "Invoice has an open prompt payment request",
  INSUFFICIENT_FUNDS: "Insufficient funds",
  /** p2 §8 "Execute-status 404 ... other errors". */
  POLLING_FAILED: "Something went wrong. Please try again.",
} as const;

export const ExecuteRequestSchema = z.object({
  offerId: z.coerce.number().int().positive(EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE),
  invoiceIds: z
    .array(z.coerce.number().int().positive(EXECUTION_MESSAGES.INVOICE_NOT_FOUND))
    .min(1, EXECUTION_MESSAGES.NO_INVOICES)
    .max(MAX_EXECUTION_INVOICES, EXECUTION_MESSAGES.TOO_MANY_INVOICES),
  /** A fresh key per dialog: a double submit queues one execution. */
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
});
export type ExecuteRequest = z.input<typeof ExecuteRequestSchema>;

export type ExecutionResultStatus = "SUCCESS" | "FAILED" | "PENDING" | "CLEARING" | "TOPUP_PENDING";

export interface ExecutionResultView {
  invoiceId: number;
  invoiceNumber: string;
  status: ExecutionResultStatus;
  /** What the supplier receives for the invoice, T − fee (null when it failed before the amounts were known). */
  amount: Cents | null;
  /** T: the invoice's discounted total. */
  total: Cents | null;
  /** The service fee (D2). */
  fee: Cents | null;
  reason: string | null;
}

/** GET /purchaseroffer/{id}/execute/{executionId}/status (p2 §3 Execution status, §7), as the requesting supplier sees it. */
export interface ExecutionStatusView {
  id: number;
  offerId: number;
  status: "QUEUED" | "RUNNING" | "SUCCESS" | "FAILED";
  /** Invoices paid. */
  success: number;
  /** Invoices that could not be paid. */
  failed: number;
  /** Invoices accepted under a VIRTUAL offer, waiting for the purchaser's funds (D3). */
  pending: number;
  progress: number;
  /** The first failed invoice's reason (p2 §8 "Execute offer failure: Reason of the first invoice"). */
  reason: string | null;
  /** Σ (T − fee) over paid invoices, Σ fee, and Σ (T − fee) over pending ones. */
  totals: { received: Cents; fees: Cents; pending: Cents };
  executionResults: ExecutionResultView[];
}

/** Totals, counts and the first failure of a set of results, in request order. */
export function summariseResults(results: readonly ExecutionResultView[]): Pick<ExecutionStatusView, "success" | "failed" | "pending" | "reason" | "totals"> {
  let received = 0;
  let fees = 0;
  let pendingAmount = 0;
  let success = 0;
  let failed = 0;
  let pending = 0;
  let reason: string | null = null;
  for (const result of results) {
    if (result.status === "SUCCESS") {
      success += 1;
      received += result.amount ?? 0;
      fees += result.fee ?? 0;
    } else if (result.status === "FAILED") {
      failed += 1;
      reason ??= result.reason ?? EXECUTION_MESSAGES.POLLING_FAILED;
    } else {
      pending += 1;
      pendingAmount += result.amount ?? 0;
    }
  }
  return { success, failed, pending, reason, totals: { received: received as Cents, fees: fees as Cents, pending: pendingAmount as Cents } };
}

/** The dialog shows "Oops! This offer is no longer available." for this message, whatever its case (p2 §8). */
export function isOfferUnavailableMessage(message: string | null | undefined): boolean {
  return typeof message === "string" && message.toLowerCase().includes(EXECUTION_MESSAGES.OFFER_NOT_AVAILABLE.toLowerCase());
}
