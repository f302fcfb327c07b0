/**
 * The amount input convention (spec p1 §5 Top-up, p2 §5 Currency input; issue 13 part 19), for every field where a
 * user types an amount: numbers only, at most two decimals; an edit that would make it anything else is refused and the
 * field keeps what was typed before it (it is never cleared); "." becomes "0."; a pasted "$1,234.50" reads as
 * 1234.50; on blur the value shows two decimals. Pure and browser-safe.
 */
const PARTIAL_AMOUNT = /^\d*(?:\.\d{0,2})?$/;

/** The value an amount field keeps after an edit to `raw`: the edit itself when it is (part of) an amount, else `previous`. */
export function editAmountInput(raw: string, previous: string): string {
  const text = raw.trim().replace(/^\$\s*/, "").replace(/,/g, "");
  if (text === ".") return "0.";
  return PARTIAL_AMOUNT.test(text) ? text : previous;
}

/** The field's value on blur: two decimals ("12" → "12.00", "12.5" → "12.50", "0." → "0.00", "007" → "7.00"); empty stays empty. */
export function formatAmountInputOnBlur(value: string): string {
  if (value === "") return "";
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(value);
  if (!match) return value;
  const whole = (match[1] || "0").replace(/^0+(?=\d)/, "");
  return `${whole}.${(match[2] ?? "").padEnd(2, "0")}`;
}

/** The value a money input shows once left: two decimals with thousands separators ("1234.5" → "1,234.50"); empty stays empty; anything not an amount is kept as typed. */
export function formatAmountForInput(value: string): string {
  const plain = value.trim().replace(/^\$\s*/, "").replace(/,/g, "");
  if (plain === "") return "";
  const fixed = formatAmountInputOnBlur(plain);
  const match = /^(\d+)\.(\d{2})$/.exec(fixed);
  if (!match) return value;
  return `${match[1].replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${match[2]}`;
}
