/** Pure rules of activation (spec p1 §5 Activation): name splitting and phone number normalisation. No I/O. */

export interface FullName {
  firstName: string;
  middleName: string | null;
  lastName: string;
}

/** Letters of any script, with the marks, apostrophes, hyphens and full stops names carry (O'Brien, Smith-Jones, St. John). */
const NAME_WORD = /^[\p{L}\p{M}][\p{L}\p{M}'’.-]*$/u;
const MAX_NAME_PART = 100;

/**
 * "Mary Jane van der Berg" → first "Mary", middle "Jane van der", last "Berg": the first word is the first name, the
 * last word the last name, the rest middle names. One word is incomplete ("Please enter your full legal name");
 * digits or symbols are not a name ("... in valid format.").
 */
export function splitFullName(value: string): { kind: "ok"; name: FullName } | { kind: "incomplete" } | { kind: "invalid" } {
  const words = value.normalize("NFC").trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words.length === 1 && !NAME_WORD.test(words[0]) ? { kind: "invalid" } : { kind: "incomplete" };
  if (!words.every((word) => NAME_WORD.test(word))) return { kind: "invalid" };
  const firstName = words[0];
  const lastName = words[words.length - 1];
  const middle = words.slice(1, -1).join(" ");
  if (firstName.length > MAX_NAME_PART || lastName.length > MAX_NAME_PART || middle.length > MAX_NAME_PART) return { kind: "invalid" };
  return { kind: "ok", name: { firstName, middleName: middle || null, lastName } };
}

/** The name as the form shows it again. */
export const joinFullName = (name: { firstName?: string | null; middleName?: string | null; lastName?: string | null }) =>
  [name.firstName, name.middleName, name.lastName].filter(Boolean).join(" ");

/** decisions D1: the phone prefix follows the company's country, +61 for AU, else +64. */
export const phonePrefixOf = (country: string | null | undefined): "+61" | "+64" => (country === "AU" ? "+61" : "+64");

export const MIN_PHONE_DIGITS = 8;
/** The longest national number we take: E.164 allows 15 digits, the country code uses 2. */
export const MAX_PHONE_DIGITS = 12;

/**
 * The number typed next to the fixed prefix → E.164. Non-digits are stripped, the prefix's own country code is dropped
 * if typed ("+64 21 …", "0064 21 …"), then a leading 0 (trunk prefix "021 …" → "21 …"). At least 8 digits are needed.
 */
export function normalisePhoneNumber(
  value: string,
  country: string | null | undefined
): { kind: "ok"; e164: string; national: string } | { kind: "empty" } | { kind: "short" } | { kind: "long" } {
  const prefix = phonePrefixOf(country);
  const countryCode = prefix.slice(1);
  const trimmed = value.trim();
  if (!trimmed) return { kind: "empty" };
  let digits = trimmed.replace(/\D/g, "");
  if (!digits) return { kind: "empty" };
  if (trimmed.startsWith("+") && digits.startsWith(countryCode)) digits = digits.slice(countryCode.length);
  else if (digits.startsWith(`00${countryCode}`)) digits = digits.slice(2 + countryCode.length);
  if (!digits) return { kind: "short" };
  if (digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length < MIN_PHONE_DIGITS) return { kind: "short" };
  if (digits.length > MAX_PHONE_DIGITS) return { kind: "long" };
  return { kind: "ok", e164: `${prefix}${digits}`, national: digits };
}

/** The national part of a stored E.164 number, for the form to show again next to its prefix. */
export function nationalNumberOf(e164: string | null | undefined, country: string | null | undefined): string {
  if (!e164) return "";
  const prefix = phonePrefixOf(country);
  return e164.startsWith(prefix) ? e164.slice(prefix.length) : e164;
}

/** "+64212345678" → "+64 21 234 5678", "+61412345678" → "+61 412 345 678": the number as people read it. */
export function formatPhoneNumber(e164: string | null | undefined): string {
  if (!e164) return "";
  const match = /^\+(61|64)(\d+)$/.exec(e164);
  if (!match) return e164;
  const [, code, national] = match;
  const groups =
    code === "61" ? [national.slice(0, 3), national.slice(3, 6), national.slice(6)] : [national.slice(0, 2), national.slice(2, 5), national.slice(5)];
  return `+${code} ${groups.filter(Boolean).join(" ")}`;
}
