/**
 * Pure rules of the account screen (spec p1 §2 Account screen, §4 Account activation; decisions D4; docs/decisions/
 * 014-account-screen.md): the working-capital account number and PayID a company is issued, the pending-then-settled
 * paging of its transactions, how a ledger entry reads as one of the spec's transactions, and the CSV export's cells.
 * No I/O here.
 */
import { escapeCsvFormula } from "../../lib/csv";
import { csvDateTime, type Country } from "../../lib/dates";
import { centsToDecimal, type Cents } from "../../lib/money";
import { labelsOf } from "../../lib/status-labels";

// ---- Texts (the spec's, p1 §2 and §4; the product name written as Earlybird, spec README) --------------------------

export const ACCOUNT_MESSAGES = {
  payIdActive: "Your Earlybird PayID is now active!",
  workingCapitalActive: "Your Earlybird working capital account is now active!",
  noTransactions: "You have no transactions yet",
  // Ours, in the spec's voice: the spec does not word these.
  exportDisabled: "Export is not available",
  companyRequired: "Select a company first",
} as const;

export function activationSuccessMessage(country: Country): string {
  return country === "AU" ? ACCOUNT_MESSAGES.payIdActive : ACCOUNT_MESSAGES.workingCapitalActive;
}

/** What the SYSTEM account is called on the screen: a PayID in Australia, a working-capital account elsewhere. */
export function systemAccountLabel(country: Country): string {
  return country === "AU" ? "PayID" : "Working capital account";
}

// ---- The working-capital account number (NZ) and PayID (AU) -------------------------------------------------------

/**
 * NZ working-capital accounts are issued at Earlybird's bank and branch (02-0100, the branch of the top-up account in
 * TOPUP_BANK_ACCOUNT_NUMBER) as 02-0100-00DDDCC-SSS: DDD the company id modulo 1000, SSS the thousands of the company
 * id plus one, CC two check digits that make the number pass the banks' modulus-11 check (algorithm A). The number is
 * thus a function of the company id: unique per company without a counter, and the same on every retry. Stored as its
 * 16 digits (p1 §5: NZ numbers are kept as 16 digits, the suffix as 3).
 */
export const WORKING_CAPITAL_BANK = "02";
export const WORKING_CAPITAL_BRANCH = "0100";
/** Company ids the scheme covers: 3 digits in the base and 999 suffixes. */
export const MAX_WORKING_CAPITAL_COMPANY_ID = 998_999;

const BRANCH_WEIGHTS = [6, 3, 7, 9];
// Algorithm A weights of the account base padded to 8 digits; the base is 7 digits for bank 02, so its leading pad is 0.
const BASE_WEIGHTS = [0, 0, 10, 5, 8, 4, 2, 1];

function weightedSum(digits: string, weights: number[]): number {
  return [...digits].reduce((sum, digit, index) => sum + Number(digit) * weights[index], 0);
}

export function workingCapitalAccountNumber(companyId: number): string {
  if (!Number.isSafeInteger(companyId) || companyId < 1 || companyId > MAX_WORKING_CAPITAL_COMPANY_ID) {
    throw new RangeError(`No working-capital account number for company ${companyId}`);
  }
  const body = `00${String(companyId % 1000).padStart(3, "0")}`;
  const suffix = String(Math.floor(companyId / 1000) + 1).padStart(3, "0");
  const partial = weightedSum(WORKING_CAPITAL_BRANCH, BRANCH_WEIGHTS) + weightedSum(`0${body}00`, BASE_WEIGHTS);
  // The last two base digits weigh 2 and 1: pick the smallest pair (c1, c2) of digits with 2·c1 + c2 ≡ −partial (mod 11).
  const target = (11 - (partial % 11)) % 11;
  const [c1, c2] = target <= 9 ? [0, target] : [1, target - 2];
  return `${WORKING_CAPITAL_BANK}${WORKING_CAPITAL_BRANCH}${body}${c1}${c2}${suffix}`;
}

/**
 * The banks' modulus-11 check of an NZ account number (16 digits: bank 2, branch 4, base 7, suffix 3), algorithms A
 * and B only: the ones that apply to the major banks' 7-digit bases (A below base 0990000, B from it). Other banks
 * (08, 09, 25, 26-33) use other algorithms and are not judged here: the function answers false for them.
 */
export function passesNzModulus11(digits: string): boolean {
  if (!/^\d{16}$/.test(digits)) return false;
  const bank = digits.slice(0, 2);
  if (["08", "09", "25", "26", "27", "28", "29", "30", "31", "32", "33"].includes(bank)) return false;
  const branch = digits.slice(2, 6);
  const base8 = `0${digits.slice(6, 13)}`;
  const algorithmB = Number(base8) >= 990_000;
  const sum = (algorithmB ? 0 : weightedSum(branch, BRANCH_WEIGHTS)) + weightedSum(base8, BASE_WEIGHTS);
  return sum % 11 === 0;
}

/** 16 digits → "02-0100-0001234-001" (p1 §5 display format ##-####-#######-###); anything else is returned as is. */
export function formatNzAccountNumber(digits: string): string {
  const match = /^(\d{2})(\d{4})(\d{7})(\d{3})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}-${match[4]}` : digits;
}

/** The domain of the e-mail-style PayIDs Earlybird issues (the PayID scheme allows e-mail addresses as PayIDs). */
export const PAY_ID_DOMAIN = "payid.earlybird.com.au";

/**
 * An AU company's PayID: its name as a lower-case slug (at most 40 characters) and its id, at Earlybird's PayID domain,
 * e.g. outback-coffee-pty-ltd.3@payid.earlybird.com.au. The id makes it unique; the name makes it recognisable to the
 * payer whose banking app shows the PayID's name check.
 */
export function payIdFor(companyId: number, companyName: string): string {
  if (!Number.isSafeInteger(companyId) || companyId < 1) throw new RangeError(`No PayID for company ${companyId}`);
  const slug =
    companyName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 40)
      .replace(/^-+|-+$/g, "") || "company";
  return `${slug}.${companyId}@${PAY_ID_DOMAIN}`;
}

/** The SYSTEM bank account's name, as the demo seed writes it. */
export function systemAccountName(companyName: string, country: Country): string {
  return `${companyName} - Earlybird ${country === "AU" ? "PayID" : "working capital"}`;
}

// ---- Paging: pending first, then settled, spilling over page boundaries -------------------------------------------

export const TRANSACTION_PAGE_SIZES = [10, 25, 50, 100] as const;
/** p1 §7 "initial size 25", §9 "25 for ... the transactions table". */
export const DEFAULT_TRANSACTION_PAGE_SIZE = 25;

export interface Window {
  offset: number;
  limit: number;
}

/**
 * Which slice of each list a page shows when the pending rows come first and the settled rows continue after them
 * (p1 §7 "merge pending first, then settled, with spill-over across pages"): page 1 of size 25 with 30 pending rows is
 * pending 0-24; page 2 is pending 25-29 then settled 0-19; page 3 is settled 20-44.
 */
export function transactionPageWindows(page: number, size: number, pendingCount: number): { pending: Window; settled: Window } {
  const start = (Math.max(1, Math.trunc(page)) - 1) * size;
  const pendingOffset = Math.min(start, pendingCount);
  const pendingLimit = Math.max(0, Math.min(size, pendingCount - start));
  return {
    pending: { offset: pendingOffset, limit: pendingLimit },
    settled: { offset: Math.max(0, start - pendingCount), limit: size - pendingLimit },
  };
}

/**
 * How to read a window of the settled rows (newest first) out of `count`: a window in the older half is read from the
 * oldest end (ascending, then reversed), so no page skips more than half the rows in the index.
 */
export function settledReadPlan(window: Window, count: number): { direction: "desc" | "asc"; offset: number; limit: number } {
  if (window.limit <= 0 || window.offset >= count) return { direction: "desc", offset: 0, limit: 0 };
  const end = Math.min(count, window.offset + window.limit);
  if (window.offset <= count - end) return { direction: "desc", offset: window.offset, limit: end - window.offset };
  return { direction: "asc", offset: count - end, limit: end - window.offset };
}

/** The last page that has rows (at least 1). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

// ---- Transactions as the spec shows them --------------------------------------------------------------------------

/** The user-facing classes and statuses (D4; p1 §3 Transaction). */
export type TransactionClass = "PAYMENT" | "TOPUP" | "WITHDRAWAL";
export type TransactionStatus = "PENDING" | "COMPLETED";
export type LedgerClass = "PAYMENT" | "TOPUP" | "WITHDRAWAL" | "FEE" | "REVERSAL" | "ADJUSTMENT";

export const TRANSACTION_CLASS_LABELS: Record<TransactionClass, string> = { PAYMENT: "Payment", TOPUP: "Topup", WITHDRAWAL: "Withdrawal" };
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = labelsOf("transaction");

/**
 * The class a wallet entry shows under. The ledger's own classes pass through; the ledger's internal ones are shown as
 * what they are to the company, so every movement of its money is a row and the balances after each follow on: a
 * reversal as the class it reverses (a withdrawal returned is a withdrawal row), a fee as part of a payment, an
 * adjustment as money in (Topup) or out (Withdrawal).
 */
export function displayClass(ledgerClass: LedgerClass, amount: Cents, reversedClass: LedgerClass | null): TransactionClass {
  switch (ledgerClass) {
    case "PAYMENT":
    case "TOPUP":
    case "WITHDRAWAL":
      return ledgerClass;
    case "FEE":
      return "PAYMENT";
    case "REVERSAL":
      return reversedClass && reversedClass !== "REVERSAL" ? displayClass(reversedClass, -amount as Cents, null) : amount >= 0 ? "TOPUP" : "WITHDRAWAL";
    case "ADJUSTMENT":
      return amount >= 0 ? "TOPUP" : "WITHDRAWAL";
  }
}

/** One row of the transactions table and of transactions.csv. Amounts are signed from the company's side. */
export interface AccountTransaction {
  /** Stable React key: e<entry id>, t<top-up id>, w<withdrawal id>. */
  key: string;
  /** When it happened, ISO 8601 (UTC). */
  occurredAt: string;
  transactionClass: TransactionClass;
  status: TransactionStatus;
  /** + money in, − money out of the wallet. */
  amount: Cents;
  /** The wallet's balance just after (ledger_entries.balance_after); null while no money has moved (a pending top-up). */
  balanceAfter: Cents | null;
  /** Who the money came from and went to (company names, the payer's particulars, the bank account's name). */
  from: string | null;
  to: string | null;
  particulars: string | null;
  reference: string | null;
}

/** The columns a ledger entry's row is built from (account.server.ts reads them for a page's entries). */
export interface LedgerEntryFacts {
  entryId: string;
  createdAt: Date;
  amount: Cents;
  balanceAfter: Cents | null;
  ledgerClass: LedgerClass;
  reversedClass: LedgerClass | null;
  description: string | null;
  sourceCompanyId: number | null;
  destinationCompanyId: number | null;
  sourceCompanyName: string | null;
  destinationCompanyName: string | null;
  sourceParticulars: string | null;
  destinationParticulars: string | null;
  sourceReference: string | null;
  destinationReference: string | null;
  topUpReference: string | null;
  withdrawalStatus: string | null;
  withdrawalAccountName: string | null;
}

/** A wallet entry as the company sees it: its side of the transaction (source when money left the wallet). */
export function ledgerEntryView(facts: LedgerEntryFacts, company: { id: number; name: string }): AccountTransaction {
  const isSource =
    facts.sourceCompanyId === company.id && facts.destinationCompanyId !== company.id
      ? true
      : facts.destinationCompanyId === company.id && facts.sourceCompanyId !== company.id
      ? false
      : facts.amount < 0;
  const transactionClass = displayClass(facts.ledgerClass, facts.amount, facts.reversedClass);
  const ownParticulars = isSource ? facts.sourceParticulars : facts.destinationParticulars;
  const ownReference = isSource ? facts.sourceReference : facts.destinationReference;
  let from: string | null;
  let to: string | null;
  if (transactionClass === "TOPUP") {
    from = facts.sourceCompanyName ?? facts.sourceParticulars ?? BANK_TRANSFER;
    to = company.name;
  } else if (transactionClass === "WITHDRAWAL" && facts.withdrawalAccountName) {
    [from, to] = facts.amount < 0 ? [company.name, facts.withdrawalAccountName] : [facts.withdrawalAccountName, company.name];
  } else {
    from = facts.sourceCompanyName ?? (isSource ? company.name : null);
    to = facts.destinationCompanyName ?? (isSource ? null : company.name);
  }
  return {
    key: `e${facts.entryId}`,
    occurredAt: facts.createdAt.toISOString(),
    transactionClass,
    status: facts.withdrawalStatus === "PENDING" ? "PENDING" : "COMPLETED",
    amount: facts.amount,
    balanceAfter: facts.balanceAfter,
    from,
    to,
    particulars: ownParticulars ?? facts.description,
    reference: ownReference ?? facts.topUpReference,
  };
}

/** Where a top-up's money came from when no company sent it. */
export const BANK_TRANSFER = "Bank transfer";

/** The party on the other side of a row, as the table's Details column names it ("To …" / "From …"). */
export function counterpartyText(row: Pick<AccountTransaction, "amount" | "from" | "to">): string | null {
  if (row.amount < 0) return row.to ? `To ${row.to}` : null;
  if (row.from === BANK_TRANSFER) return BANK_TRANSFER;
  return row.from ? `From ${row.from}` : null;
}

// ---- transactions.csv ---------------------------------------------------------------------------------------------

export const TRANSACTIONS_CSV_FILE_NAME = "transactions.csv";
export const TRANSACTIONS_CSV_HEADER = ["Date", "Type", "Status", "From", "To", "Particulars", "Reference", "Amount", "Balance"] as const;

/** A text cell: empty for none, else escaped against formula injection by the product's one rule (lib/csv.ts). */
export function csvTextCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return escapeCsvFormula(value);
}

/** An amount cell: a plain signed decimal ("-50.00") a spreadsheet reads as a number; it can never hold a formula. */
export function csvMoneyCell(cents: Cents | null): string {
  if (cents === null) return "";
  const text = centsToDecimal(cents);
  return /^-?\d+\.\d{2}$/.test(text) ? text : csvTextCell(text);
}

export function transactionCsvRow(row: AccountTransaction, timeZone: string): string[] {
  return [
    csvDateTime(row.occurredAt, timeZone),
    TRANSACTION_CLASS_LABELS[row.transactionClass],
    TRANSACTION_STATUS_LABELS[row.status],
    csvTextCell(row.from),
    csvTextCell(row.to),
    csvTextCell(row.particulars),
    csvTextCell(row.reference),
    csvMoneyCell(row.amount),
    csvMoneyCell(row.balanceAfter),
  ];
}
