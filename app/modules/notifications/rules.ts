/** Pure helpers of the notifications module: no I/O. */
import type { AddressObject } from "mailparser";
import { dateAndTimeIn, HOME_TIME_ZONE } from "../../lib/dates";

/** True for 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1): the only clients the built-in mailbox serves. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:/, "");
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** "Earlybird <no-reply@earlybird.test>" as written, without the quotes mailparser's `text` adds around names. */
export function addressList(value: AddressObject | AddressObject[] | undefined): string {
  const addresses = (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) => object.value);
  return addresses.map((a) => (a.name && a.address ? `${a.name} <${a.address}>` : (a.address ?? a.name))).filter(Boolean).join(", ");
}

/** A user's text inside an ILIKE pattern matches literally: %, _ and \ are escaped (PostgreSQL's default escape is \). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An SMTP URL fit to print: no user name or password (smtp://user:secret@host:587 → smtp://host:587). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(invalid URL)";
  }
}

/** One line of a message for a list: whitespace collapsed, cut with an ellipsis. */
export function previewText(text: string | null | undefined, max = 140): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The header carrying `relatedUserId` to the built-in mailbox. It is added only for local delivery (never to mail
 * that leaves through SMTP_URL) and read as a hint: a bad value is ignored, not an error.
 */
export const RELATED_USER_HEADER = "X-Earlybird-Related-User";

export function parseRelatedUserId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * "22 Nov 2026 15:04:05" in New Zealand time, where Earlybird's operators are (dates as DD MMM YYYY, GUIDE).
 * Formatted on the server so the page renders the same text before and after hydration.
 */
export function formatMailboxTime(at: Date): string {
  const { date, time, seconds } = dateAndTimeIn(at, HOME_TIME_ZONE);
  return `${date} ${time}:${seconds}`;
}
