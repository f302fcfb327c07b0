/**
 * First run (issue 20 part 3, docs/decisions/065-first-run.md): what a company has done so far, read from its real
 * data, decides where its users land after login and what the Get started checklist ticks. Pure: no I/O.
 */

/** What the company has, each a fact of the database (first-run service). */
export interface FirstRunFacts {
  /** Records on the purchaser side (bills, and suppliers' invoices to it), not deleted. */
  hasBills: boolean;
  /** Records on the supplier side (its invoices, and purchasers' bills from it), not deleted. */
  hasInvoices: boolean;
  /** Records the company brought in itself (imported, synced or added): its own bills and invoices. */
  hasOwnRecords: boolean;
  /** A live connection to Xero or MYOB. */
  connectedToAccounting: boolean;
  hasSuppliers: boolean;
  hasCustomers: boolean;
  /** A bank account of its own (not the Earlybird working-capital account), not deleted. */
  hasBankAccount: boolean;
  bankAccountVerified: boolean;
  /** The Earlybird working-capital account (PayID in AU) is issued: top-ups are possible. */
  accountActive: boolean;
  hasCompletedTopUp: boolean;
  hasPendingTopUp: boolean;
  hasPurchaserOffer: boolean;
  /** A prompt payment request (supplier offer) made by the company. */
  hasPaymentRequest: boolean;
  /** How many purchaser-side and supplier-side records it has, each counted up to LANDING_COUNT_CAP. */
  billCount?: number;
  invoiceCount?: number;
}

/** Where a count of records stops (the landing only compares the two sides). */
export const LANDING_COUNT_CAP = 500;

/** Which side of a trade the company is on, by what it has; "unknown" for a company with nothing yet (or both). */
export type CompanySide = "PURCHASER" | "SUPPLIER" | "UNKNOWN";

export function companySide(facts: FirstRunFacts): CompanySide {
  const purchaser = facts.hasBills || facts.hasSuppliers || facts.hasCompletedTopUp || facts.hasPendingTopUp || facts.hasPurchaserOffer;
  const supplier = facts.hasInvoices || facts.hasCustomers || facts.hasPaymentRequest;
  if (purchaser && !supplier) return "PURCHASER";
  if (supplier && !purchaser) return "SUPPLIER";
  return "UNKNOWN";
}

export const GET_STARTED_PATH = "/get-started";

/**
 * Where a company user lands (after login, activation, sign-up, or on /): a company with no invoices or bills yet gets
 * the checklist, not an empty list; a purchaser lands on Bills, a supplier on Invoices. A company on both sides is the
 * side it trades on most: a live purchaser offer makes it a purchaser, else the side with more records (a supplier that
 * got a few bills of its own still lands on its invoices).
 */
export function homePathFor(facts: Pick<FirstRunFacts, "hasBills" | "hasInvoices" | "billCount" | "invoiceCount"> & { hasPurchaserOffer?: boolean }): string {
  if (facts.hasBills && !facts.hasInvoices) return "/bills";
  if (facts.hasInvoices && !facts.hasBills) return "/invoices";
  if (!facts.hasBills && !facts.hasInvoices) return GET_STARTED_PATH;
  if (facts.hasPurchaserOffer) return "/bills";
  return (facts.billCount ?? 0) > (facts.invoiceCount ?? 0) ? "/bills" : "/invoices";
}

/** The flags that decide which screens the checklist may link to. */
export interface FirstRunFlags {
  canConnect: boolean;
  importBills: boolean;
}

export interface ChecklistLink {
  label: string;
  to: string;
}

export interface ChecklistItem {
  id: "records" | "bank-account" | "top-up" | "request-payment" | "first-payment";
  title: string;
  description: string;
  done: boolean;
  /** What is under way but not done yet ("Waiting for your bank transfer"), or what was done ("Connected"). */
  note: string | null;
  links: ChecklistLink[];
}

export const CHECKLIST_TEXT = {
  records: "Connect your accounting software or import your invoices and bills",
  bankAccount: "Add a bank account",
  topUp: "Top up your account",
  requestPayment: "Request payment on an invoice",
  firstPayment: "Top up your account or request payment",
} as const;

const TOP_UP_LINK = (facts: FirstRunFacts): ChecklistLink =>
  facts.accountActive ? { label: "Top up", to: "/account/topup" } : { label: "Activate your account to top up", to: "/account/activate" };
const REQUEST_PAYMENT_LINK: ChecklistLink = { label: "Request payment", to: "/invoices" };

/** The checklist: bring records in, add a bank account, then top up (purchaser) or request payment (supplier). */
export function checklistFor(facts: FirstRunFacts, flags: FirstRunFlags): ChecklistItem[] {
  const recordLinks: ChecklistLink[] = [
    ...(flags.canConnect ? [{ label: "Connect accounting software", to: "/settings?tab=connected-apps" }] : []),
    ...(flags.importBills ? [{ label: "Import bills", to: "/bills/import" }] : []),
    { label: "Import invoices", to: "/invoices/import" },
  ];
  const records: ChecklistItem = {
    id: "records",
    title: CHECKLIST_TEXT.records,
    description: "Earlybird works from your invoices and bills: sync them from Xero or MYOB, or import a CSV file.",
    done: facts.connectedToAccounting || facts.hasOwnRecords,
    note: facts.connectedToAccounting ? "Accounting software connected" : facts.hasOwnRecords ? "Your invoices and bills are in" : null,
    links: recordLinks,
  };
  const bankAccount: ChecklistItem = {
    id: "bank-account",
    title: CHECKLIST_TEXT.bankAccount,
    description: "Your business bank account is where withdrawals from Earlybird are paid.",
    done: facts.hasBankAccount,
    note: facts.hasBankAccount ? (facts.bankAccountVerified ? "Bank account verified" : "Bank account added, verification pending") : null,
    links: [{ label: "Add bank account", to: "/settings/bank-accounts/add" }],
  };
  const topUpNote = facts.hasCompletedTopUp ? "Top-up received" : facts.hasPendingTopUp ? "Waiting for your bank transfer" : null;
  const side = companySide(facts);
  const third: ChecklistItem =
    side === "PURCHASER"
      ? {
          id: "top-up",
          title: CHECKLIST_TEXT.topUp,
          description: "Funds in your Earlybird account pay your suppliers early and earn you cashback.",
          done: facts.hasCompletedTopUp,
          note: topUpNote,
          links: [TOP_UP_LINK(facts)],
        }
      : side === "SUPPLIER"
        ? {
            id: "request-payment",
            title: CHECKLIST_TEXT.requestPayment,
            description: "Ask a customer to pay an invoice early, for a fee you choose.",
            done: facts.hasPaymentRequest,
            note: facts.hasPaymentRequest ? "Payment requested" : null,
            links: [REQUEST_PAYMENT_LINK],
          }
        : {
            id: "first-payment",
            title: CHECKLIST_TEXT.firstPayment,
            description: "Paying bills? Top up to pay suppliers early and earn cashback. Sending invoices? Ask a customer to pay early.",
            done: facts.hasCompletedTopUp || facts.hasPaymentRequest,
            note: facts.hasPaymentRequest ? "Payment requested" : topUpNote,
            links: [TOP_UP_LINK(facts), REQUEST_PAYMENT_LINK],
          };
  return [records, bankAccount, third];
}
