/**
 * Monthly statements (part 2 §7 "Statement", p1 §9 page size 25; docs/decisions/015-statements.md): the pure part.
 * A statement covers one calendar month in the company's time zone (D1) and lists every settled movement of its
 * wallet in that month, with the fee or cashback of the early payments among them (their entries' parts, decision 027)
 * and who got what (decision 028).
 */
import { startOfDayIn } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { centsToDecimal } from "../../lib/money";
import { dateTimeFormat } from "../../lib/intl";

export const STATEMENTS_PAGE_SIZE = 25;
/** Lines of a statement's details page: startAt (exclusive) to endAt (inclusive), 25 by default (p2 §7). */
export const STATEMENT_LINES_PAGE = 25;

export const STATEMENT_MESSAGES = {
  notFound: "Statement not found",
  monthInvalid: "Choose a month",
  monthNotEnded: "A statement can be generated once its month has ended",
  monthTooEarly: "There is no activity before this month",
  companyRequired: "Statements belong to a company",
  generating: "Your statement is being generated",
  notReady: "This statement is not ready yet",
} as const;

export type StatementRecordType = "INVOICE" | "BILL" | "PAYMENT" | "TOPUP" | "WITHDRAWAL" | "REVERSAL";

export const RECORD_TYPE_LABELS: Record<StatementRecordType, string> = {
  INVOICE: "Invoice paid early",
  BILL: "Bill paid early",
  PAYMENT: "Payment",
  TOPUP: "Topup",
  WITHDRAWAL: "Withdrawal",
  REVERSAL: "Reversal",
};

// ---- Months and periods ---------------------------------------------------------------------------------------------

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-10" → true. */
export const isMonth = (value: string): boolean => MONTH_RE.test(value);

/** The month a day ("YYYY-MM-DD") falls in: "YYYY-MM". */
export const monthOf = (isoDate: string): string => isoDate.slice(0, 7);

/** The month `n` months after `month` (n may be negative). */
export function addMonthsTo(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Months from `from` to `to` inclusive, newest first (empty when from is after to). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = to; month >= from; month = addMonthsTo(month, -1)) months.push(month);
  return months;
}

/** "October 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return dateTimeFormat("en-NZ", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** A month's period as instants: [first day 00:00, next month's first day 00:00) in the company's zone (D1). */
export function monthPeriod(month: string, timeZone: string): { month: string; startAt: Date; endAt: Date } {
  if (!isMonth(month)) throw new Error(`Not a month: ${month}`);
  return { month: `${month}-01`, startAt: startOfDayIn(`${month}-01`, timeZone), endAt: startOfDayIn(`${addMonthsTo(month, 1)}-01`, timeZone) };
}

/** The most recent month that has ended, given today's date in the company's zone. */
export const lastEndedMonth = (today: string): string => addMonthsTo(monthOf(today), -1);

/**
 * Why a month cannot be generated now, or null: it must have ended (a statement never changes once generated) and not
 * be before the company's first month.
 */
export function monthRefusal(month: string, today: string, firstMonth: string): string | null {
  if (!isMonth(month)) return STATEMENT_MESSAGES.monthInvalid;
  if (month > lastEndedMonth(today)) return STATEMENT_MESSAGES.monthNotEnded;
  if (month < firstMonth) return STATEMENT_MESSAGES.monthTooEarly;
  return null;
}

// ---- Lines ----------------------------------------------------------------------------------------------------------

/** A settled wallet movement (ledger/account.server.ts walletMovements). */
export interface MovementFacts {
  ledgerTransactionId: number;
  occurredAt: string;
  transactionClass: "PAYMENT" | "TOPUP" | "WITHDRAWAL";
  amount: Cents;
  balanceAfter: Cents | null;
  from: string | null;
  to: string | null;
  particulars: string | null;
  reference: string | null;
  /** A REVERSAL ledger transaction (a withdrawal the bank returned): a REVERSAL line. */
  reversal?: boolean;
  /** The entry's early-payment parts (decision 027): service fee (≤ 0) and cashback (≥ 0); null on any other entry. */
  split: { serviceFeeAmount: Cents; cashbackAmount: Cents } | null;
}

export type OfferKind = "PURCHASER" | "SUPPLIER";

/** The early payment behind a ledger transaction: what it paid and, from its entries, how the payment was split. */
export interface EarlyPaymentFacts {
  invoiceId: number | null;
  invoiceNumber: string | null;
  /** PURCHASER: a cash-reserve offer (service fee, cashback); SUPPLIER: a prompt payment request (discount, saving). */
  offerKind: OfferKind | null;
  /** The supplier's service fee or discount F (its entry's part, as a positive amount). */
  serviceFee: Cents;
  /** The purchaser's cashback or saving C (its entry's part). */
  cashback: Cents;
}

export interface StatementLineView {
  lineNumber: number;
  recordType: StatementRecordType;
  occurredAt: string;
  reference: string | null;
  description: string | null;
  counterpartyName: string | null;
  invoiceId: number | null;
  ledgerTransactionId: number | null;
  amount: Cents;
  /** The service fee this company paid on the line (an early payment received), from its entry. */
  fee: Cents | null;
  /** The cashback this company earned on the line (a bill paid early), from its entry. */
  cashback: Cents | null;
  balance: Cents | null;
  /** An early payment's share kept by Earlybird (F − C), for the split's explanation (decision 028). */
  earlybirdFee: Cents | null;
  offerKind: OfferKind | null;
}

/**
 * The statement's lines, numbered from 1 in the wallet's order. An entry carrying an early payment's split (decision
 * 027) is an INVOICE line (principal in: the company was paid early) with the service fee it paid, or a BILL line
 * (principal out) with the cashback it earned; both figures are the entry's own parts, so the statement's totals are
 * sums of the wallet's entries. Other movements keep their class.
 */
export function statementLines(movements: readonly MovementFacts[], earlyPayments: ReadonlyMap<number, EarlyPaymentFacts>): StatementLineView[] {
  return movements.map((movement, index) => {
    const counterparty = movement.amount < 0 ? movement.to : movement.from;
    const split = movement.split;
    const common = {
      lineNumber: index + 1,
      occurredAt: movement.occurredAt,
      reference: movement.reference,
      counterpartyName: counterparty,
      ledgerTransactionId: movement.ledgerTransactionId,
      amount: movement.amount,
      balance: movement.balanceAfter,
    };
    if (!split) {
      return {
        ...common,
        recordType: movement.reversal ? "REVERSAL" : movement.transactionClass,
        description: movement.particulars,
        invoiceId: null,
        fee: null,
        cashback: null,
        earlybirdFee: null,
        offerKind: null,
      };
    }
    const received = movement.amount - split.serviceFeeAmount - split.cashbackAmount > 0;
    const early = earlyPayments.get(movement.ledgerTransactionId);
    const number = early?.invoiceNumber ?? early?.invoiceId ?? movement.reference;
    const what = number === null || number === undefined ? "" : ` ${number}`;
    return {
      ...common,
      recordType: received ? "INVOICE" : "BILL",
      description: received
        ? `Invoice${what} paid early${counterparty ? ` by ${counterparty}` : ""}`
        : `Bill${what} paid early${counterparty ? ` to ${counterparty}` : ""}`,
      invoiceId: early?.invoiceId ?? null,
      fee: received || split.serviceFeeAmount !== 0 ? (-split.serviceFeeAmount as Cents) : null,
      cashback: !received || split.cashbackAmount !== 0 ? split.cashbackAmount : null,
      earlybirdFee: early ? ((early.serviceFee - early.cashback) as Cents) : null,
      offerKind: early?.offerKind ?? null,
    };
  });
}

/** "Harbour Foods Ltd's", "Tui Traders'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/**
 * Who got what in an early payment line (issue 13 part 2, D2): the supplier's service fee (or prompt payment discount)
 * is the purchaser's cashback (or saving) plus Earlybird's fee. Null on any other line.
 */
export function splitExplanation(
  line: Pick<StatementLineView, "recordType" | "fee" | "cashback" | "earlybirdFee" | "offerKind" | "counterpartyName">,
  money: (cents: Cents) => string
): string | null {
  if (line.earlybirdFee === null || (line.recordType !== "INVOICE" && line.recordType !== "BILL")) return null;
  const promptPayment = line.offerKind === "SUPPLIER";
  const earlybird = `Earlybird's fee ${money(line.earlybirdFee)}`;
  if (line.recordType === "INVOICE") {
    const fee = line.fee ?? (0 as Cents);
    const customer = line.counterpartyName ? possessive(line.counterpartyName) : "your customer's";
    const theirs = money((fee - line.earlybirdFee) as Cents);
    return promptPayment
      ? `Your discount ${money(fee)} = ${customer} saving ${theirs} + ${earlybird}`
      : `Your service fee ${money(fee)} = ${customer} cashback ${theirs} + ${earlybird}`;
  }
  const cashback = line.cashback ?? (0 as Cents);
  const supplier = line.counterpartyName ? possessive(line.counterpartyName) : "The supplier's";
  const theirs = money((cashback + line.earlybirdFee) as Cents);
  return promptPayment
    ? `${supplier} discount ${theirs} = your saving ${money(cashback)} + ${earlybird}`
    : `${supplier} service fee ${theirs} = your cashback ${money(cashback)} + ${earlybird}`;
}

export interface StatementTotals {
  moneyIn: Cents;
  moneyOut: Cents;
  fees: Cents;
  cashback: Cents;
}

export function statementTotals(lines: readonly Pick<StatementLineView, "amount" | "fee" | "cashback">[]): StatementTotals {
  let moneyIn = 0;
  let moneyOut = 0;
  let fees = 0;
  let cashback = 0;
  for (const line of lines) {
    if (line.amount >= 0) moneyIn += line.amount;
    else moneyOut -= line.amount;
    fees += line.fee ?? 0;
    cashback += line.cashback ?? 0;
  }
  return { moneyIn: moneyIn as Cents, moneyOut: moneyOut as Cents, fees: fees as Cents, cashback: cashback as Cents };
}

/** The page window of a statement's details (p2 §7: startAt default 0, endAt default 25), clamped to sane bounds. */
export function linesWindow(startAt: number | undefined, endAt: number | undefined): { startAt: number; endAt: number } {
  const start = Number.isInteger(startAt) && startAt! >= 0 ? startAt! : 0;
  const end = Number.isInteger(endAt) && endAt! > start ? Math.min(endAt!, start + 100) : start + STATEMENT_LINES_PAGE;
  return { startAt: start, endAt: end };
}

// ---- CSV ------------------------------------------------------------------------------------------------------------

export const STATEMENT_CSV_HEADER = [
  "Line",
  "Date",
  "Type",
  "Reference",
  "Description",
  "Counterparty",
  "Amount",
  "Fee",
  "Cashback",
  "Balance",
  "Earlybird fee",
  "Split",
] as const;

/** A statement's file name: statement-2026-10.csv / .pdf. */
export const statementFileName = (month: string, extension: "csv" | "pdf") => `statement-${month.slice(0, 7)}.${extension}`;

/** Plain signed decimal for a spreadsheet ("-50.00"), empty when absent. */
export const csvAmount = (cents: Cents | null): string => (cents === null ? "" : centsToDecimal(cents));
