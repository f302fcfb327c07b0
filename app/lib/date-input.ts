/**
 * The DD/MM/YYYY date input convention (issue 20 part 5, docs/decisions/067). Pure and browser-safe; the server
 * parses with lib/dates parseInputDate (DD/MM/YYYY, ISO still accepted).
 */

/** "2026-03-05" → "05/03/2026"; a DD/MM/YYYY value stays; anything else is returned as typed. */
export function isoToInputDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * The field's value after an edit: digits and slashes only, at most DD/MM/YYYY; a slash is added after the day and
 * the month as digits are typed ("0503" → "05/03/"), and deleting keeps what the user left.
 */
export function maskInputDate(raw: string, previous: string): string {
  // A pasted ISO date (from a spreadsheet or another system) is taken as that date.
  if (/^\s*\d{4}-\d{2}-\d{2}\s*$/.test(raw)) return isoToInputDate(raw.trim());
  if (raw.length < previous.length) return raw.replace(/[^\d/]/g, "");
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  if (/[^\d/]/.test(raw)) return previous;
  // A typed slash after a single-digit day or month pads it ("5/" → "05/").
  const parts = raw.split("/");
  if (parts.length > 1 && parts.length <= 3 && parts.slice(0, -1).every((part) => /^\d{1,2}$/.test(part))) {
    const head = parts.slice(0, -1).map((part) => part.padStart(2, "0"));
    const tail = parts[parts.length - 1].replace(/\D/g, "");
    const joined = [...head, tail].join("/");
    if (joined.length <= 10) return joined + (head.length < 2 && tail.length === 2 ? "/" : "");
  }
  let out = digits.slice(0, 2);
  if (digits.length >= 2) out += "/";
  out += digits.slice(2, 4);
  if (digits.length >= 4) out += "/";
  out += digits.slice(4, 8);
  return out;
}
