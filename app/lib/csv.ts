/**
 * CSV formula injection (OWASP "CSV injection"; issue 13 part 12): the one rule for every CSV cell the product writes.
 * Spreadsheets run a cell that starts with = + - @ as a formula, also after blanks or a line break, and Excel reads the
 * full-width and small forms (＝ ＋ － ＠ ﹦ ﹢ ﹣) as the same characters; a tab or a carriage return at the start
 * can also start one. Such a cell gets a leading apostrophe, which spreadsheets hide and which stops the formula. A
 * plain number ("-50.00") is left alone: it can hold no formula and must stay a number. Quoting is the CSV writer's
 * job (csv-writer.server.ts); this only stops the formula.
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63]|^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export function escapeCsvFormula(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}
