/**
 * Sync out's pure rules (issue 18 part 5; docs/decisions/058): the idempotency keys, which pushes an early payment
 * makes on each side, the retry policy, and the bodies sent to Xero and MYOB. No I/O.
 */
import type { AccountingProvider } from "../../../../db/models/accounting-connection";
import type { AccountingPushKind, AccountingPushSide } from "../../../../db/models/accounting-push";
import type { RelayAccountType } from "../../../../db/models/relay-account";
import type { Cents } from "../../../lib/money";
import type { XeroInvoiceInput, XeroPaymentInput } from "../xero/types";
import type { MyobPaymentInput } from "../myob/types";

/** How many deliveries a push gets before it is FAILED. */
export const MAX_PUSH_ATTEMPTS = 8;
/** The first retry's wait; each next one doubles, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a delivery holds its push (claimed by moving next_attempt_at ahead) before another deliverer may try. */
export const DELIVERY_LEASE_MS = 5 * 60_000;

/** One key per ledger transaction, kind and side: the row's unique key and the provider's Idempotency-Key. */
export const paymentPushKey = (ledgerTransactionId: number, kind: Exclude<AccountingPushKind, "BILL_CREATE">, side: AccountingPushSide) =>
  `${ledgerTransactionId}:${kind}:${side}`;
/** A bill is created once per provider. */
export const billCreateKey = (invoiceId: number, provider: AccountingProvider) => `bill-${invoiceId}:BILL_CREATE:${provider}`;

export interface PlannedPayment {
  kind: Exclude<AccountingPushKind, "BILL_CREATE">;
  side: AccountingPushSide;
  amount: Cents;
  /** The mapped account the money goes to or from (the fee or cashback's own account for those kinds). */
  account: RelayAccountType;
}

/**
 * An early payment in each side's books (D2; decision 027's split), as Earlybird's wallet sees it: the purchaser's
 * wallet pays T − C, the supplier's receives T − F. Expressed per provider (docs/decisions/058):
 *
 * - Xero: the bill (invoice) of T is paid in full from (into) the Earlybird bank account; the cashback C is a small
 *   ACCREC invoice from the contact "Earlybird" on the cashback income account, paid into the Earlybird bank account;
 *   the fee F a small ACCPAY bill from "Earlybird" on the fees account, paid from the Earlybird bank account. Net: the
 *   bank account moves −(T − C) or +(T − F), the income or expense account C or F, and every payment goes through a
 *   bank account (Xero refuses payments from accounts without "enable payments").
 * - MYOB: T − C (T − F) paid from (into) the Earlybird bank account, and C (F) applied from the mapped cashback (fees)
 *   account to the same bill (invoice).
 *
 * Zero parts are left out.
 */
export function plannedPayments(
  provider: AccountingProvider,
  side: AccountingPushSide,
  amounts: { total: Cents; serviceFee: Cents; cashback: Cents },
): PlannedPayment[] {
  const { total, serviceFee, cashback } = amounts;
  const part = side === "PURCHASER" ? cashback : serviceFee;
  const planned: PlannedPayment[] = [
    { kind: "PAYMENT", side, amount: (provider === "XERO" ? total : total - part) as Cents, account: "EARLYBIRD_BANK_ACCOUNT" },
    side === "PURCHASER"
      ? { kind: "CASHBACK", side, amount: cashback, account: "EARLYBIRD_REWARDS" }
      : { kind: "FEE", side, amount: serviceFee, account: "EARLYBIRD_FEES" },
  ];
  return planned.filter((payment) => payment.amount > 0);
}

/** The contact Earlybird's fee bills and cashback invoices are from (Xero creates it by name on first use). */
export const EARLYBIRD_CONTACT_NAME = "Earlybird";

/**
 * True for a fee bill or cashback invoice sync out wrote (contact "Earlybird", Reference "Earlybird service fee …" or
 * "Earlybird cashback …"): sync in should skip these rather than load them as a bill or invoice of a company
 * "Earlybird" (docs/decisions/058).
 */
export function isEarlybirdAdjustment(document: { contactName?: string | null; reference?: string | null }): boolean {
  return (
    (document.contactName ?? "").trim().toLowerCase() === EARLYBIRD_CONTACT_NAME.toLowerCase() &&
    /^Earlybird (service fee|cashback) /.test(document.reference ?? "")
  );
}

/** The wait before attempt `attempts + 1` (attempts already made ≥ 1): 30 s, 1 min, 2 min, ... at most an hour. */
export function backoffMs(attempts: number, retryAfterSeconds?: number | null): number {
  const exponential = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.max(exponential, (retryAfterSeconds ?? 0) * 1000);
}

/**
 * What a failed delivery means: try again later (the provider is down or busy, the network failed (status 0), the
 * token is being renewed, the connection is in error), or stop (the provider refused the content: 400, 404; or a
 * failure that is not the provider's at all, such as a bug, which no retry mends).
 */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === null) return false;
  return status === 0 || status >= 500 || status === 429 || status === 408 || status === 401 || status === 403 || status === 409;
}

/** The HTTP status of a provider's error (AccountingApiError; 0 for a network failure), or null for anything else. */
export function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
}

export function retryAfterOf(error: unknown): number | null {
  const value = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === "number" ? value : null;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const status = statusOf(error);
    return (status ? `${status} ` : "") + error.message;
  }
  return String(error);
}

const dollars = (cents: Cents) => Math.round(cents) / 100;

export interface BillForBooks {
  invoiceNumber: string;
  orderNumber: string | null;
  issueDate: string;
  dueDate: string;
  total: Cents;
  subTotal: Cents | null;
  gst: Cents | null;
  glCode: string | null;
  supplier: { name: string; externalId: string | null };
  items: { description: string | null; units: string | null; unitPrice: Cents | null; amount: Cents }[];
}

/** A bill as Xero's ACCPAY invoice: the supplier contact, billOrderNumber as Reference, the GL code on every line. */
export function xeroBillInput(bill: BillForBooks): XeroInvoiceInput {
  const contact = bill.supplier.externalId ? { ContactID: bill.supplier.externalId } : { Name: bill.supplier.name };
  const accountCode = bill.glCode ? { AccountCode: bill.glCode } : {};
  // Items carry the amounts before GST (the Create screen adds 15 % on the sub-total); a bill without items is its total.
  const itemised = bill.items.length > 0 && bill.subTotal !== null;
  const lines = itemised
    ? bill.items.map((item) => {
        const quantity = item.units !== null && Number(item.units) > 0 ? Number(item.units) : 1;
        const unit = item.unitPrice !== null && item.units !== null ? dollars(item.unitPrice) : dollars(item.amount) / quantity;
        return { Description: item.description ?? bill.invoiceNumber, Quantity: quantity, UnitAmount: unit, LineAmount: dollars(item.amount), ...accountCode };
      })
    : [{ Description: `Bill ${bill.invoiceNumber}`, Quantity: 1, UnitAmount: dollars(bill.total), LineAmount: dollars(bill.total), ...accountCode }];
  return {
    Type: "ACCPAY",
    InvoiceNumber: bill.invoiceNumber,
    ...(bill.orderNumber ? { Reference: bill.orderNumber } : {}),
    Contact: contact,
    Date: bill.issueDate,
    DueDate: bill.dueDate,
    Status: "AUTHORISED",
    LineAmountTypes: itemised && bill.gst ? "Exclusive" : "Inclusive",
    LineItems: lines,
  };
}

export interface PaymentForBooks {
  documentExternalId: string;
  account: { code: string; externalId: string | null };
  amount: Cents;
  date: string;
  reference: string;
}

export interface AdjustmentForBooks {
  kind: "FEE" | "CASHBACK";
  /** The fees (expense) or cashback income account the line posts to. */
  lineAccount: { code: string };
  /** The Earlybird bank account it is paid from (fee) or into (cashback). */
  bankAccount: { code: string; externalId: string | null };
  amount: Cents;
  date: string;
  /** The paid bill's or invoice's number, named on the line. */
  documentNumber: string;
  reference: string;
}

/** Xero: the fee as an ACCPAY bill from Earlybird, the cashback as an ACCREC invoice to Earlybird; no tax. */
export function xeroAdjustmentInput(adjustment: AdjustmentForBooks): XeroInvoiceInput {
  const fee = adjustment.kind === "FEE";
  return {
    Type: fee ? "ACCPAY" : "ACCREC",
    Reference: adjustment.reference,
    Contact: { Name: EARLYBIRD_CONTACT_NAME },
    Date: adjustment.date,
    DueDate: adjustment.date,
    Status: "AUTHORISED",
    LineAmountTypes: "NoTax",
    LineItems: [
      {
        Description: `Earlybird ${fee ? "service fee" : "cashback"} on ${adjustment.documentNumber}`,
        Quantity: 1,
        UnitAmount: dollars(adjustment.amount),
        LineAmount: dollars(adjustment.amount),
        AccountCode: adjustment.lineAccount.code,
      },
    ],
  };
}

export function xeroPaymentInput(payment: PaymentForBooks): XeroPaymentInput {
  return {
    Invoice: { InvoiceID: payment.documentExternalId },
    Account: payment.account.externalId ? { AccountID: payment.account.externalId } : { Code: payment.account.code },
    Date: payment.date,
    Amount: dollars(payment.amount),
    Reference: payment.reference,
  };
}

/** A supplier payment (purchaser's bill) or customer payment (supplier's invoice) in MYOB. */
export function myobPaymentInput(side: AccountingPushSide, payment: PaymentForBooks & { contactUid: string }): MyobPaymentInput {
  if (!payment.account.externalId) throw new Error(`The mapped MYOB account ${payment.account.code} has no UID`);
  const line =
    side === "PURCHASER"
      ? { Type: "Bill" as const, Purchase: { UID: payment.documentExternalId }, AmountApplied: dollars(payment.amount) }
      : { Type: "Invoice" as const, Sale: { UID: payment.documentExternalId }, AmountApplied: dollars(payment.amount) };
  return {
    PayFrom: "Account",
    Account: { UID: payment.account.externalId },
    ...(side === "PURCHASER" ? { Supplier: { UID: payment.contactUid } } : { Customer: { UID: payment.contactUid } }),
    Date: payment.date,
    Memo: payment.reference,
    Lines: [line],
  };
}
