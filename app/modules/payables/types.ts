/** Shapes shared by the payables server code and its components (plain JSON: they cross the loader boundary). */
import type { Cents } from "../../lib/money";
import type { CompanyDisplayState, CompanyStatus, Locale, PayablesSummaryStatus, SupplierBillsAction } from "../invoices/rules";
import type { SupplierBillsQuery, SuppliersTabQuery } from "./query";

/** One row of the Suppliers tab: the payables summary of one supplier (p2 §3). */
export interface PayablesSummary {
  supplierId: number;
  supplierName: string;
  status: PayablesSummaryStatus;
  /** The display state (lib/status-labels PAYABLES_SUMMARY_STATUS) and its label ("Payment Offered", "No Offer", ...). */
  statusDisplay: string;
  statusLabel: string;
  /** Include or Exclude toggles inclusion of the supplier's unpaid bills; null when offers are off or nothing is unpaid. */
  action: "Include" | "Exclude" | null;
  /** Sum of the discounted totals of the unpaid bills. */
  totalAmountPayable: Cents;
  unallocatedCreditNoteBalance: Cents;
  /** Sum of the cashback the unpaid bills show (purchaser-offer cashback or a prompt payment's saving). */
  totalCashReward: Cents;
  isPurchaserOffersEnabled: boolean;
  companyOwedStatus: CompanyStatus;
  companyOwedEmail: string | null;
  companyDisplay: CompanyDisplayState | null;
  /** Earlybird payables agree with the accounting system's within 1 currency unit (p2 §4 Other). */
  isMatchedPayablesValue: boolean;
}

export interface SuppliersTabData {
  query: SuppliersTabQuery;
  rows: PayablesSummary[];
  total: number;
  /** The page shown (the last one when the URL asks past the end). */
  page: number;
  locale: Locale;
}


export interface SupplierBillsRowView {
  /** "BILL-12" / "CREDIT_NOTE-3": unique across both kinds. */
  key: string;
  id: number;
  type: "BILL" | "CREDIT_NOTE";
  issueDate: string | null;
  number: string;
  /** Bills: the due date, or the paid date once paid. Credit notes: none. */
  paymentDate: string | null;
  /** Bills: the discounted total. Credit notes: the credit still unallocated, shown as a credit. */
  amountDue: Cents;
  /** display: lib/status-labels SUPPLIER_BILLS_STATUS; offer: p3 §4.9's 'SAVE {amount}', shown in the Cashback cell. */
  status: { display: string; label: string; tooltip: string | null; offer: string | null; code: string };
  cashback: Cents | null;
  action: SupplierBillsAction | null;
  /** Where View / Allocate go (a child route dialog); null for the actions shared with /bills (Invite, Notify, Pay Now, ...). */
  actionHref: string | null;
  /** Invite without a valid contact email opens Edit Contact Email first (p2 §4). */
  inviteNeedsEmail: boolean;
  includeInPurchaserOffer: boolean;
  /** Bills may be selected for delete and include/exclude; credit notes for delete. Paid bills cannot be. */
  selectable: boolean;
}

export interface SupplierBillsData {
  supplier: {
    id: number;
    name: string;
    display: CompanyDisplayState | null;
    status: CompanyStatus;
    isPurchaserOffersEnabled: boolean;
    email: string | null;
  };
  query: SupplierBillsQuery;
  /** Today's month in the company's time zone: the month picker's upper bound. */
  currentMonth: string;
  /** The period the table shows (the picked month, or the month after it on the next-month tab). */
  period: { month: string; start: string; end: string; label: string };
  historicalEnabled: boolean;
  card: { amountDue: Cents; cashbackAvailable: Cents; paid: Cents; unallocatedCreditNoteBalance: Cents };
  pending: { count: number; total: Cents };
  rows: SupplierBillsRowView[];
  /** Rows matching the chip (all pages). */
  total: number;
  page: number;
  locale: Locale;
  /** Query values that were refused (a future month, ...): the route redirects to the canonical URL. */
  refused: boolean;
  /** The canonical query string of this view (without "?"). */
  search: string;
}
