/**
 * The bank statement CSV (fixtures/bank-statement-sample.csv), read without I/O: one line per transaction on
 * Earlybird's bank account. Kept apart from top-ups.rules.ts, which the browser bundle uses, because it needs csv-parse.
 */
import { parse } from "csv-parse/sync";
import { parseInputDate } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { MAX_STATEMENT_LINES, STATEMENT_MESSAGES } from "./top-ups.schema";

export { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES, STATEMENT_MESSAGES } from "./top-ups.schema";

/** Header names (case and spacing ignored) and what each means; the first name is the one the template uses. */
export const STATEMENT_COLUMNS = {
  date: ["Date", "Transaction Date", "Processed Date"],
  amount: ["Amount", "Credit"],
  reference: ["Reference", "Payment Reference", "Description"],
  particulars: ["Particulars"],
  code: ["Code", "Analysis Code"],
  otherParty: ["Other Party", "Payee", "Payer", "Account Name"],
  bankTransactionId: ["Transaction ID", "Unique Id", "Bank Reference", "ID"],
} as const;
export type StatementColumn = keyof typeof STATEMENT_COLUMNS;

export interface StatementLineInput {
  /** 0-based index among the file's transactions. */
  lineIndex: number;
  /** The line number in the file (header = 1). */
  fileLine: number;
  transactionDate: string;
  /** Positive: a deposit; negative: money out (kept, IGNORED). */
  amount: Cents;
  reference: string | null;
  particulars: string | null;
  code: string | null;
  otherParty: string | null;
  bankTransactionId: string | null;
}

export type StatementParse = { ok: true; lines: StatementLineInput[] } | { ok: false; errors: string[] };

const normaliseHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/** "$1,234.56", "-12.5", "(12.50)" (debit), "1234" → cents; null when not an amount with at most 2 decimals. */
export function parseStatementAmount(text: string): Cents | null {
  let value = text.trim().replace(/[$,\s]/g, "");
  let negative = false;
  const parenthesised = /^\((.*)\)$/.exec(value);
  if (parenthesised) [negative, value] = [true, parenthesised[1]];
  if (value.startsWith("-")) [negative, value] = [!negative, value.slice(1)];
  else if (value.startsWith("+")) value = value.slice(1);
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return (negative && cents !== 0 ? -cents : cents) as Cents;
}

/**
 * Reads a bank statement CSV: a header line naming at least Date, Amount and Reference (other columns of
 * STATEMENT_COLUMNS are optional, unknown ones ignored), then one transaction a line. All or nothing: any bad line
 * fails the file (with every problem listed, up to 10), so a statement is never half imported. Blank lines are skipped.
 */
export function parseBankStatementCsv(content: string): StatementParse {
  let rows: string[][];
  try {
    rows = parse(content.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    return { ok: false, errors: [STATEMENT_MESSAGES.unreadable] };
  }
  if (rows.length === 0) return { ok: false, errors: [STATEMENT_MESSAGES.empty] };
  const header = rows[0].map(normaliseHeader);
  const index = {} as Record<StatementColumn, number>;
  for (const [column, names] of Object.entries(STATEMENT_COLUMNS) as [StatementColumn, readonly string[]][]) {
    index[column] = names.map(normaliseHeader).reduce((found, name) => (found >= 0 ? found : header.indexOf(name)), -1);
  }
  if (index.date < 0 || index.amount < 0 || index.reference < 0) return { ok: false, errors: [STATEMENT_MESSAGES.header] };
  const body = rows.slice(1).filter((row) => row.some((cell) => cell !== ""));
  if (body.length === 0) return { ok: false, errors: [STATEMENT_MESSAGES.empty] };
  if (body.length > MAX_STATEMENT_LINES) return { ok: false, errors: [STATEMENT_MESSAGES.tooLarge] };
  const errors: string[] = [];
  const lines: StatementLineInput[] = [];
  const cell = (row: string[], column: StatementColumn) => {
    const value = index[column] >= 0 ? (row[index[column]] ?? "").trim() : "";
    return value === "" ? null : value.slice(0, 200);
  };
  // Line numbers count from the header; skipped blank lines are not tracked by csv-parse, so this is the row number.
  body.forEach((row, i) => {
    const fileLine = i + 2;
    const date = parseInputDate(cell(row, "date") ?? "");
    const amount = parseStatementAmount(cell(row, "amount") ?? "");
    if (!date) errors.push(STATEMENT_MESSAGES.lineDate(fileLine));
    if (amount === null) errors.push(STATEMENT_MESSAGES.lineAmount(fileLine));
    else if (amount === 0) errors.push(STATEMENT_MESSAGES.lineZero(fileLine));
    if (!date || !amount) return;
    lines.push({
      lineIndex: i,
      fileLine,
      transactionDate: date,
      amount,
      reference: cell(row, "reference"),
      particulars: cell(row, "particulars"),
      code: cell(row, "code"),
      otherParty: cell(row, "otherParty"),
      bankTransactionId: cell(row, "bankTransactionId"),
    });
  });
  if (errors.length > 0) {
    const shown = errors.slice(0, 10);
    if (errors.length > 10) shown.push(STATEMENT_MESSAGES.tooManyErrors(errors.length - 10));
    return { ok: false, errors: shown };
  }
  return { ok: true, lines };
}
