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

/** The messages a headered bank CSV is refused with (a statement's or a returns file's). */
export interface BankCsvMessages {
  unreadable: string;
  empty: string;
  header: string;
  tooLarge: string;
}

/**
 * A bank CSV: a header line naming at least the `required` columns (by any of the names `columns` gives them; case,
 * spacing and punctuation ignored; unknown columns ignored), then one row a line, blank lines skipped. Gives each row's
 * cells by column (trimmed, at most 200 characters, null when empty) with its line number (header = 1).
 */
export function readBankCsv<Column extends string>(
  content: string,
  columns: Record<Column, readonly string[]>,
  required: readonly NoInfer<Column>[],
  messages: BankCsvMessages
): { ok: true; rows: { index: number; fileLine: number; cell: (column: Column) => string | null }[] } | { ok: false; errors: string[] } {
  let rows: string[][];
  try {
    rows = parse(content.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    return { ok: false, errors: [messages.unreadable] };
  }
  if (rows.length === 0) return { ok: false, errors: [messages.empty] };
  const header = rows[0].map(normaliseHeader);
  const index = {} as Record<Column, number>;
  for (const [column, names] of Object.entries(columns) as [Column, readonly string[]][]) {
    index[column] = names.map(normaliseHeader).reduce((found: number, name) => (found >= 0 ? found : header.indexOf(name)), -1);
  }
  if (required.some((column) => index[column] < 0)) return { ok: false, errors: [messages.header] };
  const body = rows.slice(1).filter((row) => row.some((cell) => cell !== ""));
  if (body.length === 0) return { ok: false, errors: [messages.empty] };
  if (body.length > MAX_STATEMENT_LINES) return { ok: false, errors: [messages.tooLarge] };
  // Line numbers count from the header; skipped blank lines are not tracked by csv-parse, so this is the row number.
  return {
    ok: true,
    rows: body.map((row, i) => ({
      index: i,
      fileLine: i + 2,
      cell: (column: Column) => {
        const value = index[column] >= 0 ? (row[index[column]] ?? "").trim() : "";
        return value === "" ? null : value.slice(0, 200);
      },
    })),
  };
}

/** Up to 10 problems, and how many more there were. */
export function firstErrors(errors: string[]): string[] {
  const shown = errors.slice(0, 10);
  if (errors.length > 10) shown.push(STATEMENT_MESSAGES.tooManyErrors(errors.length - 10));
  return shown;
}

/**
 * Reads a bank statement CSV: a header line naming at least Date, Amount and Reference (other columns of
 * STATEMENT_COLUMNS are optional, unknown ones ignored), then one transaction a line. All or nothing: any bad line
 * fails the file (with every problem listed, up to 10), so a statement is never half imported. Blank lines are skipped.
 */
export function parseBankStatementCsv(content: string): StatementParse {
  const table = readBankCsv(content, STATEMENT_COLUMNS, ["date", "amount", "reference"], STATEMENT_MESSAGES);
  if (!table.ok) return table;
  const errors: string[] = [];
  const lines: StatementLineInput[] = [];
  for (const { index, fileLine, cell } of table.rows) {
    const date = parseInputDate(cell("date") ?? "");
    const amount = parseStatementAmount(cell("amount") ?? "");
    if (!date) errors.push(STATEMENT_MESSAGES.lineDate(fileLine));
    if (amount === null) errors.push(STATEMENT_MESSAGES.lineAmount(fileLine));
    else if (amount === 0) errors.push(STATEMENT_MESSAGES.lineZero(fileLine));
    if (!date || !amount) continue;
    lines.push({
      lineIndex: index,
      fileLine,
      transactionDate: date,
      amount,
      reference: cell("reference"),
      particulars: cell("particulars"),
      code: cell("code"),
      otherParty: cell("otherParty"),
      bankTransactionId: cell("bankTransactionId"),
    });
  }
  if (errors.length > 0) return { ok: false, errors: firstErrors(errors) };
  return { ok: true, lines };
}
