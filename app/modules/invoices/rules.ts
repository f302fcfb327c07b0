/**
 * Row status and action rules of the bills and invoices lists (p2 §4), the supplier bills page (p3 §4.9) and the
 * Suppliers tab summaries, as pure functions over plain inputs: no I/O and no models. Services map rows to these
 * inputs; the fee math is the offers module's (decisions D2).
 */
import { z } from "zod";
import { daysBetween } from "../../lib/dates";
import { formatMoney, type Cents } from "../../lib/money";
import { BILL_ROW_STATUS, INVOICE_ROW_STATUS, PAYABLES_SUMMARY_STATUS, SUPPLIER_BILLS_STATUS } from "../../lib/status-labels";

export type BillRowDisplay = keyof typeof BILL_ROW_STATUS;
export type InvoiceRowDisplay = keyof typeof INVOICE_ROW_STATUS;
export type SupplierBillsDisplay = keyof typeof SUPPLIER_BILLS_STATUS;
export type PayablesSummaryDisplay = keyof typeof PAYABLES_SUMMARY_STATUS;
import {
  DEFAULT_OFFER_CONFIG,
  INELIGIBLE_MESSAGES,
  maxFeeForSupplier,
  purchaserOfferEligibility,
  supplierOfferSavings,
  type BasisPoints,
  type OfferConfig,
} from "../offers/rules";

// The enumerations of db/models (company.ts, invoice.ts, purchaser-offer.ts, supplier-offer.ts), restated so this
// file stays free of Sequelize; the string values are the same, so model values pass straight in.
export type CompanyStatus = "INACTIVE" | "INVITED" | "PENDING" | "ACTIVE";
export type CompanyVerificationStatus = "NOT_VERIFIED" | "PARTIALLY_VERIFIED" | "VERIFICATION_PENDING" | "VERIFIED";
export type PurchaserOfferStatus = "TOPUP_PENDING" | "ACTIVE" | "VIRTUAL" | "CLEARING" | "CANCELLED";
export type SupplierOfferStatus = "CLEARING" | "TOPUP_PENDING" | "EXECUTED" | "EXPIRED" | "CANCELLED";
export type InvoiceStatus = "ALL_ELIGIBLE" | "PAYMENT_READY" | "PAYMENT_RECEIVED" | "PAID" | "CASHBACK_OFFERED" | "EXPIRED";
/** The BillStatus values a bills-list row can take. */
export type BillRowStatusCode =
  | "PAID"
  | "CASHBACK_AVAILABLE"
  | "PAYMENT_OFFERED"
  | "NOT_ELIGIBLE"
  | "NOT_ELIGIBLE_EXPIRED"
  | "NOT_ELIGIBLE_OFFER_PENDING"
  | "NO_CASHBACK";
export type Locale = "en-NZ" | "en-AU";

export interface OpenSupplierOffer {
  offerStatus: SupplierOfferStatus;
  /** A, the amount the supplier asked for. */
  cashReward: Cents;
}

export interface LivePurchaserOffer {
  offerStatus: PurchaserOfferStatus;
  /** What is left of the cash pool. */
  cashpool: Cents;
  pendingCashpool: Cents;
  /** crr in basis points ("8.00" → 800, offers/rules percentToBasisPoints). */
  crrBp: BasisPoints;
}

const emailSchema = z.string().trim().email();

/** The contact-email check of p2 §5 ("Enter valid email address"). */
export function isValidContactEmail(email: string | null | undefined): boolean {
  return typeof email === "string" && emailSchema.safeParse(email).success;
}

function isLive(offer: { offerStatus: string } | null | undefined): boolean {
  return !!offer && offer.offerStatus !== "CANCELLED";
}

function openSupplierOffer(offer: OpenSupplierOffer | null | undefined): OpenSupplierOffer | null {
  return offer && (offer.offerStatus === "CLEARING" || offer.offerStatus === "TOPUP_PENDING") ? offer : null;
}

// ---------------------------------------------------------------------------------------------------------
// Bills list (purchaser): p2 §4 "Bill row status and action (bills list)"
// ---------------------------------------------------------------------------------------------------------

export type BillRowAction = "View" | "Cancel" | "Pay Now" | "Include" | "Exclude" | "Notify" | "Invite";

export interface BillRowInput {
  bill: {
    billStatus: string | null;
    dueDate: string;
    /** T, total less allocated credit. */
    discountedTotal: Cents;
    includeInPurchaserOffer: boolean;
    sentToSupplier: boolean;
    contactEmail: string | null;
  };
  /** The purchaser company's calendar day (YYYY-MM-DD, lib/dates todayIn). */
  today: string;
  supplier: {
    /** The purchaser's counterparty setting for this supplier. */
    isPurchaserOffersEnabled: boolean;
    status: CompanyStatus;
    /** The purchaser is among the companies that invited this supplier. */
    invitedByUs: boolean;
  };
  /** The open (CLEARING or TOPUP_PENDING) supplier offer holding the bill, if any; other states are ignored. */
  supplierOffer: OpenSupplierOffer | null;
  /** The purchaser's live offer, if any (a CANCELLED one counts as none). */
  purchaserOffer: LivePurchaserOffer | null;
  config?: OfferConfig;
  locale?: Locale;
}

export interface BillRow {
  /** The display state; its label is BILL_ROW_STATUS[display].label (lib/status-labels). */
  display: BillRowDisplay;
  /** The shown label (Title Case, never blank). */
  label: string;
  /** Tooltip of a not-eligible row. */
  reason: string | null;
  action: BillRowAction | null;
  statusCode: BillRowStatusCode;
  /** The cashback column: cb of the purchaser offer on a Payment Offered row, s on a SAVE row. */
  cashback: Cents | null;
  /** Invite without a valid contact email opens the edit-contact-email flow instead of sending (p2 §4). */
  opensContactEmailEdit: boolean;
}

function billRow(statusCode: BillRowStatusCode, display: BillRowDisplay, action: BillRowAction | null, extra: Partial<BillRow> = {}): BillRow {
  return { display, label: BILL_ROW_STATUS[display].label, reason: null, action, statusCode, cashback: null, opensContactEmailEdit: false, ...extra };
}

/**
 * Inactive for invitations: INACTIVE, or INVITED by other companies only. p2 §4: "an inactive (invited-by-others)
 * supplier"; p2 §4 Other: batch invite covers "INACTIVE or INVITED (not by this company)".
 */
export function isInvitable(company: { status: CompanyStatus; invitedByUs: boolean }): boolean {
  return company.status === "INACTIVE" || (company.status === "INVITED" && !company.invitedByUs);
}

/**
 * The status and action of a bill row, in the exact order of p2 §4: PAID; open supplier offer (TOPUP_PENDING before
 * CLEARING); then rules 1-8.
 *
 * Readings:
 * - Rule 2 "no active purchaser offer" means no live offer (none, or CANCELLED). A TOPUP_PENDING offer counts as
 *   live, since rule 6's "Offer Pending" exists for the cash it is waiting for (D3); a CLEARING offer is live too.
 * - Rules 3, 6 and 7 name no action. The bill is included and offers are on for 6 and 7, so the action is Exclude
 *   (p3 §4.9: "otherwise Exclude or Include for bills if purchaser offers are enabled, else '-'"); rule 3 has none.
 * - Rule 7 also covers the fee cap (D2: fee / T ≤ MAX_FEE_PERCENT): the spec has one message for both caps.
 * - Rule 8 label: "Invited" when the supplier company is INVITED (p3 §4.9: "'Invited' if the company status is
 *   INVITED"), else "Notified" when sent to the supplier, else "Payment Offered". Action: Invite when the supplier
 *   is inactive (INACTIVE, or INVITED by others only); else Notify when it is ACTIVE and not yet sent; else Exclude.
 *   Every rule-8 row is PAYMENT_OFFERED, which is how "Payment Offered with an inactive supplier" reads.
 */
export function billRowStatus(input: BillRowInput): BillRow {
  const { bill, supplier, today } = input;
  const config = input.config ?? DEFAULT_OFFER_CONFIG;

  if (bill.billStatus === "PAID") return billRow("PAID", "PAID", "View");

  const supplierOffer = openSupplierOffer(input.supplierOffer);
  if (supplierOffer?.offerStatus === "TOPUP_PENDING") return billRow("CASHBACK_AVAILABLE", "TOPUP_PENDING", "Cancel");
  if (supplierOffer?.offerStatus === "CLEARING") {
    const savings = supplierOfferSavings(supplierOffer.cashReward, config);
    return billRow("CASHBACK_AVAILABLE", "CASHBACK_AVAILABLE", "Pay Now", { cashback: savings });
  }

  // 1. Not included.
  if (!bill.includeInPurchaserOffer) {
    return supplier.isPurchaserOffersEnabled ? billRow("NO_CASHBACK", "NOT_INCLUDED", "Include") : billRow("NO_CASHBACK", "NOT_ELIGIBLE", null);
  }
  // 2. Included but no live purchaser offer.
  const offer = isLive(input.purchaserOffer) ? input.purchaserOffer : null;
  if (!offer) return billRow("NO_CASHBACK", "NO_OFFER", "Exclude");
  // 3. Offers disabled for the supplier.
  if (!supplier.isPurchaserOffersEnabled) return billRow("NO_CASHBACK", "NOT_ELIGIBLE", null);

  const eligibility = purchaserOfferEligibility(
    {
      crrBp: offer.crrBp,
      discountedTotal: bill.discountedTotal,
      daysToDue: daysBetween(today, bill.dueDate),
      cashpool: offer.cashpool,
      pendingCashpool: offer.pendingCashpool,
    },
    config
  );
  if (!eligibility.eligible) {
    switch (eligibility.code) {
      // 4, 5. Due today, due passed.
      case "DUE_TODAY":
      case "DUE_PASSED":
        return billRow("NOT_ELIGIBLE_EXPIRED", "NOT_ELIGIBLE", "Exclude", { reason: eligibility.message });
      // 6. Above the cash pool; "Offer Pending" when a pending top-up would cover it.
      case "ABOVE_CASH_POOL":
        return eligibility.offerPending
          ? billRow("NOT_ELIGIBLE_OFFER_PENDING", "OFFER_PENDING", "Exclude")
          : billRow("NOT_ELIGIBLE", "NOT_ELIGIBLE", "Exclude", { reason: eligibility.message });
      // 7. Above the caps (and below the minimum fee, which has no place of its own in the list).
      case "FEE_ABOVE_MAX":
      case "DISCOUNT_ABOVE_MAX":
      case "FEE_BELOW_MIN":
        return billRow("NOT_ELIGIBLE", "NOT_ELIGIBLE", "Exclude", { reason: eligibility.message });
      default: {
        const unreachable: never = eligibility.code;
        throw new Error(`Unknown eligibility code ${String(unreachable)}`);
      }
    }
  }

  // 8. Payment offered.
  const display: BillRowDisplay = supplier.status === "INVITED" ? "INVITED" : bill.sentToSupplier ? "NOTIFIED" : "PAYMENT_OFFERED";
  const cashback = eligibility.amounts.cashback;
  if (isInvitable(supplier)) {
    return billRow("PAYMENT_OFFERED", display, "Invite", { cashback, opensContactEmailEdit: !isValidContactEmail(bill.contactEmail) });
  }
  const action: BillRowAction = supplier.status === "ACTIVE" && !bill.sentToSupplier ? "Notify" : "Exclude";
  return billRow("PAYMENT_OFFERED", display, action, { cashback });
}

// ---------------------------------------------------------------------------------------------------------
// Invoices list (supplier): p2 §4 "Invoice row status (invoices list)"
// ---------------------------------------------------------------------------------------------------------

export type InvoiceRowAction = "Edit" | "Get Paid" | "Request Payment";

export interface InvoiceRowInput {
  invoice: {
    /** The stored status: PAID, PAYMENT_RECEIVED and EXPIRED are settled; others are computed here. */
    invoiceStatus: string | null;
    dueDate: string;
    discountedTotal: Cents;
    /** The customer (purchaser) included the record in its offer. */
    includeInPurchaserOffer: boolean;
    sentToSupplier: boolean;
  };
  /** The supplier company's calendar day. */
  today: string;
  customer: {
    status: CompanyStatus;
    /** The customer's counterparty setting for this supplier (purchaser offers enabled). */
    isPurchaserOffersEnabled: boolean;
  };
  supplierOffer: OpenSupplierOffer | null;
  /** The customer's live purchaser offer, if any. */
  purchaserOffer: LivePurchaserOffer | null;
  config?: OfferConfig;
}

export interface InvoiceRow {
  /** The display state (lib/status-labels INVOICE_ROW_STATUS). */
  display: InvoiceRowDisplay;
  /** "Paid", "Payment Requested", "Expired", "Payment Available", "Invited", "Notified" or "Open" (p2 §4 left it blank). */
  label: string;
  action: InvoiceRowAction | null;
  /** The invoice status (tab) the row belongs to. */
  statusCode: InvoiceStatus;
  /** The "max fee" column: the fee at the offer available today (D2), or A of the supplier's own request. */
  maxFee: Cents | null;
}

/**
 * The status of an invoice row, in the order of p2 §4: Paid; Payment Requested (an open supplier offer, action
 * Edit); Payment Available (an ACTIVE or VIRTUAL purchaser offer, invoice included, payment offered, fee within the
 * cap; action Get Paid); otherwise action Request Payment.
 *
 * Readings of "Labels Invited, Notified, Expired also occur":
 * - "Expired" (no action) when the stored status is EXPIRED or the due date is today or past, checked after
 *   Payment Requested: no purchaser offer can pay it (D2: "due after today") and no request can be made
 *   (D2: today ≤ E < due), matching p3 §4.9's 'Expired' tooltip "due date is today or has passed".
 * - "Invited" (the customer company is INVITED) and "Notified" (sent to the supplier) label the remaining
 *   Request Payment rows, in that order as in the bills list; otherwise the label is blank.
 * - "payment offered" is the customer's bill row being Payment Offered: offers enabled for this supplier and
 *   eligible under D2 (due, cash pool, caps).
 */
export function invoiceRowStatus(input: InvoiceRowInput): InvoiceRow {
  const { invoice, customer, today } = input;
  const config = input.config ?? DEFAULT_OFFER_CONFIG;

  if (invoice.invoiceStatus === "PAID" || invoice.invoiceStatus === "PAYMENT_RECEIVED") {
    return { ...invoiceDisplay("PAID"), action: null, statusCode: invoice.invoiceStatus, maxFee: null };
  }
  const supplierOffer = openSupplierOffer(input.supplierOffer);
  if (supplierOffer) return { ...invoiceDisplay("PAYMENT_REQUESTED"), action: "Edit", statusCode: "CASHBACK_OFFERED", maxFee: supplierOffer.cashReward };

  const daysToDue = daysBetween(today, invoice.dueDate);
  if (invoice.invoiceStatus === "EXPIRED" || daysToDue <= 0) return { ...invoiceDisplay("EXPIRED"), action: null, statusCode: "EXPIRED", maxFee: null };

  const offer = input.purchaserOffer;
  if (offer && invoice.includeInPurchaserOffer && customer.isPurchaserOffersEnabled) {
    const maxFee = maxFeeForSupplier({ discountedTotal: invoice.discountedTotal, daysToDue, offers: [offer] }, config);
    if (maxFee !== null) return { ...invoiceDisplay("PAYMENT_AVAILABLE"), action: "Get Paid", statusCode: "PAYMENT_READY", maxFee };
  }

  const display: InvoiceRowDisplay = customer.status === "INVITED" ? "INVITED" : invoice.sentToSupplier ? "NOTIFIED" : "OPEN";
  return { ...invoiceDisplay(display), action: "Request Payment", statusCode: "ALL_ELIGIBLE", maxFee: null };
}

function invoiceDisplay(display: InvoiceRowDisplay): { display: InvoiceRowDisplay; label: string } {
  return { display, label: INVOICE_ROW_STATUS[display].label };
}

// ---------------------------------------------------------------------------------------------------------
// Company display state: p2 §4
// ---------------------------------------------------------------------------------------------------------

export interface CompanyDisplayState {
  label: "Offers disabled" | "Member" | "Invited";
  tone: "red" | "neutral";
}

/**
 * p2 §4: "Disabled offers (red, 'Offers disabled'); VERIFIED or PARTIALLY_VERIFIED shows 'Member'; INVITED shows
 * 'Invited'", first match wins; null when none applies (no badge).
 */
export function companyDisplayState(
  company: { status: CompanyStatus; verificationStatus: CompanyVerificationStatus },
  counterparty: { isPurchaserOffersEnabled: boolean }
): CompanyDisplayState | null {
  if (!counterparty.isPurchaserOffersEnabled) return { label: "Offers disabled", tone: "red" };
  if (company.verificationStatus === "VERIFIED" || company.verificationStatus === "PARTIALLY_VERIFIED") return { label: "Member", tone: "neutral" };
  if (company.status === "INVITED") return { label: "Invited", tone: "neutral" };
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Supplier bills page (/suppliers/{supplierId}): p3 §4.9
// ---------------------------------------------------------------------------------------------------------

export type SupplierBillsStatus = BillRowStatusCode | "PARTIALLY_ALLOCATED" | "UNALLOCATED" | "ALLOCATED";

export type SupplierBillsAction = "View" | "Allocate" | "Invite" | "Exclude" | "Notify" | "Cancel" | "Pay Now" | "Include";

export interface SupplierBillsRowInput {
  record: {
    type: "BILL" | "CREDIT_NOTE";
    status: SupplierBillsStatus;
    dueDate: string | null;
    /** For CASHBACK_AVAILABLE: the saving shown, s of the open supplier offer (offers/rules supplierOfferSavings). */
    cashReward: Cents | null;
    includedInPurchaserOffer: boolean;
    notified: boolean;
    contactEmail: string | null;
    /** A TOPUP_PENDING supplier offer holds the bill. */
    topupPending: boolean;
    /** For NOT_ELIGIBLE: billRowStatus's reason, when known; p3's cash-pool tooltip otherwise. */
    notEligibleReason?: string | null;
  };
  today: string;
  /** The purchaser's counterparty setting for this supplier. */
  isPurchaserOffersEnabled: boolean;
  /** The supplier company's status. */
  companyOwedStatus: CompanyStatus;
  locale?: Locale;
}

export interface SupplierBillsRow {
  /** The display state (lib/status-labels SUPPLIER_BILLS_STATUS) and its label. */
  display: SupplierBillsDisplay;
  label: string;
  tooltip: string | null;
  /** p3 §4.9's 'SAVE {amount}' of a CASHBACK_AVAILABLE row: shown in the Cashback cell, not as the status. */
  offer: string | null;
  /** null is shown as "-". */
  action: SupplierBillsAction | null;
  opensContactEmailEdit: boolean;
}

function supplierBillsLabel(input: SupplierBillsRowInput): { display: SupplierBillsDisplay; tooltip: string | null; offer: string | null } {
  const { record, isPurchaserOffersEnabled } = input;
  const shown = (display: SupplierBillsDisplay, tooltip: string | null = null, offer: string | null = null) => ({ display, tooltip, offer });
  switch (record.status) {
    case "PAID":
      return shown("PAID");
    case "CASHBACK_AVAILABLE":
      if (record.topupPending) return shown("TOPUP_PENDING");
      if (record.cashReward === null) throw new RangeError("A CASHBACK_AVAILABLE record needs its cashReward");
      return shown("CASHBACK_AVAILABLE", null, `SAVE ${formatMoney(record.cashReward, input.locale)}`);
    case "PAYMENT_OFFERED":
      if (!isPurchaserOffersEnabled) return shown("NOT_ELIGIBLE");
      if (input.companyOwedStatus === "INVITED") return shown("INVITED");
      return shown(record.notified ? "NOTIFIED" : "PAYMENT_OFFERED");
    case "NOT_ELIGIBLE":
      return shown("NOT_ELIGIBLE", record.notEligibleReason ?? INELIGIBLE_MESSAGES.ABOVE_CASH_POOL);
    case "NOT_ELIGIBLE_EXPIRED":
      return shown("EXPIRED", record.dueDate === input.today ? INELIGIBLE_MESSAGES.DUE_TODAY : INELIGIBLE_MESSAGES.DUE_PASSED);
    case "NOT_ELIGIBLE_OFFER_PENDING":
      return shown("OFFER_PENDING");
    case "PARTIALLY_ALLOCATED":
    case "UNALLOCATED":
      return shown("UNALLOCATED");
    case "ALLOCATED":
      return shown("ALLOCATED");
    case "NO_CASHBACK":
      return shown(isPurchaserOffersEnabled ? "NO_CASHBACK" : "NOT_ELIGIBLE");
    default: {
      const unreachable: never = record.status;
      throw new RangeError(`Unknown supplier bills status ${String(unreachable)}`);
    }
  }
}

/**
 * A row of the supplier bills page, p3 §4.9, labels and then actions in the order written there: credit note
 * (View when ALLOCATED, else Allocate); expired View; paid View; payment offered with offers on: Invite (company
 * INACTIVE), Exclude (notified) or Notify; cashback available: Cancel (topup pending) or Pay Now; otherwise Exclude
 * or Include for bills when offers are on, else "-".
 *
 * This page follows p3 literally, which differs from the bills list (p2 §4): expired rows get View (not Exclude),
 * Invite needs status INACTIVE, and Notify is not limited to ACTIVE suppliers. A PAYMENT_OFFERED record with offers
 * off is shown like NO_CASHBACK ('Not eligible'), p3 naming 'Payment Offered' only "when purchaser offers are enabled".
 */
export function supplierBillsRow(input: SupplierBillsRowInput): SupplierBillsRow {
  const { record, isPurchaserOffersEnabled } = input;
  const { display, tooltip, offer } = supplierBillsLabel(input);
  const label = SUPPLIER_BILLS_STATUS[display].label;
  const row = (action: SupplierBillsAction | null, opensContactEmailEdit = false): SupplierBillsRow => ({ display, label, tooltip, offer, action, opensContactEmailEdit });

  if (record.type === "CREDIT_NOTE") return row(record.status === "ALLOCATED" ? "View" : "Allocate");
  if (record.status === "NOT_ELIGIBLE_EXPIRED" || record.status === "PAID") return row("View");
  if (record.status === "PAYMENT_OFFERED" && isPurchaserOffersEnabled) {
    if (input.companyOwedStatus === "INACTIVE") return row("Invite", !isValidContactEmail(record.contactEmail));
    return row(record.notified ? "Exclude" : "Notify");
  }
  if (record.status === "CASHBACK_AVAILABLE") return row(record.topupPending ? "Cancel" : "Pay Now");
  if (isPurchaserOffersEnabled) return row(record.includedInPurchaserOffer ? "Exclude" : "Include");
  return row(null);
}

// ---------------------------------------------------------------------------------------------------------
// Suppliers tab: payables summary per supplier (p2 §3, §4)
// ---------------------------------------------------------------------------------------------------------

export type PayablesSummaryStatus = "PAYMENT_OFFERED" | "CASHBACK_AVAILABLE" | "NO_OFFER" | "NOT_ELIGIBLE_NEGATIVE_BALANCE" | "PAID" | "UNALLOCATED_CREDIT";

export interface PayablesSummaryInput {
  /**
   * How many of the supplier's bills are unpaid, and of those how many are not included in the offer, show Cashback
   * Available and show Payment Offered (their bills-list statuses, billRowStatus): counts, so the Suppliers tab can
   * take them from totals and grouped queries instead of every bill (docs/decisions/029).
   */
  unpaid: number;
  excluded: number;
  cashbackAvailable: number;
  paymentOffered: number;
  /** Sum of the discounted totals of the unpaid bills. */
  totalAmountPayable: Cents;
  unallocatedCreditNoteBalance: Cents;
  isPurchaserOffersEnabled: boolean;
  companyOwedStatus: CompanyStatus;
}

export interface PayablesSummaryRow {
  status: PayablesSummaryStatus;
  /** The display state (lib/status-labels PAYABLES_SUMMARY_STATUS) and its label. */
  display: PayablesSummaryDisplay;
  label: string;
  action: "Include" | "Exclude" | null;
}

/**
 * The summary status of a supplier on the Suppliers tab. p2 §4 lists the statuses and the labels "Payment Offered,
 * Invited, Cashback Available, Not Eligible; action Exclude or Include toggles inclusion"; the derivation is ours:
 * 1. nothing unpaid: UNALLOCATED_CREDIT ("Unallocated Credit", the filter chip's text) when credit is left, else
 *    PAID ("Paid");
 * 2. unpaid bills but the unallocated credit exceeds what is payable: NOT_ELIGIBLE_NEGATIVE_BALANCE ("Not Eligible");
 * 3. a bill with an open supplier offer: CASHBACK_AVAILABLE ("Cashback Available");
 * 4. a bill offered payment: PAYMENT_OFFERED ("Payment Offered", or "Invited" when the supplier company is INVITED);
 * 5. otherwise NO_OFFER (blank).
 * Action (steps 2-5, offers enabled): Include while some unpaid bill is not included, else Exclude.
 */
export function payablesSummaryStatus(input: PayablesSummaryInput): PayablesSummaryRow {
  if (input.unpaid === 0) {
    return input.unallocatedCreditNoteBalance > 0
      ? summaryRow("UNALLOCATED_CREDIT", "UNALLOCATED_CREDIT", null)
      : summaryRow("PAID", "PAID", null);
  }
  const action = !input.isPurchaserOffersEnabled ? null : input.excluded > 0 ? "Include" : "Exclude";
  if (input.totalAmountPayable - input.unallocatedCreditNoteBalance < 0) return summaryRow("NOT_ELIGIBLE_NEGATIVE_BALANCE", "NOT_ELIGIBLE_NEGATIVE_BALANCE", action);
  if (input.cashbackAvailable > 0) return summaryRow("CASHBACK_AVAILABLE", "CASHBACK_AVAILABLE", action);
  if (input.paymentOffered > 0) {
    return summaryRow("PAYMENT_OFFERED", input.companyOwedStatus === "INVITED" ? "INVITED" : "PAYMENT_OFFERED", action);
  }
  return summaryRow("NO_OFFER", "NO_OFFER", action);
}

function summaryRow(status: PayablesSummaryStatus, display: PayablesSummaryDisplay, action: PayablesSummaryRow["action"]): PayablesSummaryRow {
  return { status, display, label: PAYABLES_SUMMARY_STATUS[display].label, action };
}

/** p2 §4: Earlybird and accounting payables match when they differ by at most 1 currency unit (100 cents), inclusive. */
export function payablesMatch(earlybirdTotal: Cents, accountingTotal: Cents): boolean {
  if (!Number.isSafeInteger(earlybirdTotal) || !Number.isSafeInteger(accountingTotal)) throw new RangeError("Totals must be integer cents");
  return Math.abs(earlybirdTotal - accountingTotal) <= 100;
}
