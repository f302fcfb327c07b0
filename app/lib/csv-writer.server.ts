/**
 * The one CSV writer (GUIDE "Screens": every CSV the product writes goes through one formula-escaping writer): csv-stringify
 * with every text cell passed through escapeCsvFormula, so no export can forget a cell. Used by the import results
 * (failed rows, duplicates), transactions.csv and the statements. Bank payment files are not written here: they are a
 * bank's machine format with its own character set (ledger/bank-files.ts), read by the bank, not by a spreadsheet.
 */
import { stringify, type Options, type Stringifier } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import { escapeCsvFormula } from "./csv";

const castOptions = (options: Options): Options => ({ ...options, cast: { ...options.cast, string: (value: string) => escapeCsvFormula(value) } });

/** A streaming CSV writer (rows in, text out, with backpressure). */
export function csvStringifier(options: Options = {}): Stringifier {
  return stringify(castOptions(options));
}

/** A whole CSV at once, for small files. */
export function stringifyCsv(rows: unknown[][], options: Options = {}): string {
  return stringifySync(rows, castOptions(options));
}
