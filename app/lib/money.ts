/**
 * Money is integer cents in code and NUMERIC(14,2) in the database (decisions D1).
 * No binary floating point touches an amount: conversions go through strings.
 */
export type Cents = number & { readonly __brand?: "Cents" };

const MAX_CENTS = 99_999_999_999_99; // NUMERIC(14,2)

/** "1234.5" | "-0.07" | "12" -> cents. Throws on anything that is not a plain decimal with at most 2 places. */
export function parseDecimalToCents(value: string | number): Cents {
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim().replace(/,/g, "");
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${String(value)}`);
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) throw new RangeError(`Amount out of range: ${String(value)}`);
  return (sign && cents !== 0 ? -cents : cents) as Cents;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
  // Values from the database driver and forms arrive as strings; a number here is a literal in code.
  return value.toFixed(2);
}

/** cents -> "1234.56" for NUMERIC columns and CSV output. */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** $1,234.56 (decisions D1); locale en-NZ or en-AU follows the company's country. */
export function formatMoney(cents: Cents, locale: "en-NZ" | "en-AU" = "en-NZ"): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(locale, formatter);
  }
  const sign = cents < 0 ? "-" : "";
  // Format the whole dollars and the cents separately so no float ever carries the cents.
  const abs = Math.abs(cents);
  const dollars = formatter.format(Math.floor(abs / 100)).replace(/\.00$/, "");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Round half up (away from zero for positives) a rational numerator/denominator of integers to an integer. */
export function roundHalfUpDivide(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}
