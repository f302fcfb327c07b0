/**
 * The bank returns file (fixtures/bank-returns-sample.csv; docs/decisions/030): the lines of our bank payment files the
 * bank could not pay and sent back, one a line: Date, Reference (the line's WD<id>, as the bank quotes our lodgement
 * reference, e.g. "Earlybird WD12"), Amount, and optionally Reason. Read without I/O; needs csv-parse, so server-only.
 */
import { parseInputDate } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { parsePaymentReference, type PaymentKind } from "./bank-files";
import { RETURN_MESSAGES } from "./returns.schema";
import { firstErrors, parseStatementAmount, readBankCsv } from "./statement-import.rules";

/** Header names (case and spacing ignored); the first is the one the sample uses. */
export const RETURN_COLUMNS = {
  date: ["Date", "Return Date", "Processed Date"],
  reference: ["Reference", "Lodgement Reference", "Payment Reference", "Their Reference"],
  amount: ["Amount", "Credit", "Debit"],
  reason: ["Reason", "Return Reason", "Description"],
} as const;

export interface ReturnLineInput {
  /** The line number in the file (header = 1). */
  fileLine: number;
  returnDate: string;
  /** As written in the file. */
  reference: string;
  payment: { kind: PaymentKind; id: number };
  /** Positive cents (a debit written negative counts the same). */
  amount: Cents;
  reason: string | null;
}

/** All or nothing, like a bank statement: any bad line refuses the file, with up to 10 problems listed. */
export function parseBankReturnsCsv(content: string): { ok: true; lines: ReturnLineInput[] } | { ok: false; errors: string[] } {
  const table = readBankCsv(content, RETURN_COLUMNS, ["date", "reference", "amount"], RETURN_MESSAGES);
  if (!table.ok) return table;
  const errors: string[] = [];
  const lines: ReturnLineInput[] = [];
  for (const { fileLine, cell } of table.rows) {
    const returnDate = parseInputDate(cell("date") ?? "");
    const amount = parseStatementAmount(cell("amount") ?? "");
    const reference = cell("reference") ?? "";
    const payment = parsePaymentReference(reference);
    if (!returnDate) errors.push(RETURN_MESSAGES.lineDate(fileLine));
    if (!amount) errors.push(RETURN_MESSAGES.lineAmount(fileLine));
    if (!payment) errors.push(RETURN_MESSAGES.lineReference(fileLine));
    if (!returnDate || !amount || !payment) continue;
    lines.push({ fileLine, returnDate, reference, payment, amount: Math.abs(amount) as Cents, reason: cell("reason") });
  }
  if (errors.length > 0) return { ok: false, errors: firstErrors(errors) };
  return { ok: true, lines };
}
