/** Dates follow decisions D1: "today" is the calendar day in the company's time zone. */
import { dateTimeFormat } from "./intl";
export type Country = "NZ" | "AU";

export type Locale = "en-NZ" | "en-AU";

/** The one table of time zones (D1): a company's zone is its country's. */
export const TIME_ZONES: Record<Country, string> = { NZ: "Pacific/Auckland", AU: "Australia/Sydney" };
export const LOCALES: Record<Country, Locale> = { NZ: "en-NZ", AU: "en-AU" };
export const CURRENCIES: Record<Country, "NZD" | "AUD"> = { NZ: "NZD", AU: "AUD" };

/** Earlybird's own zone, where its operators are: times not of one company (the mailbox, an invite code's expiry). */
export const HOME_TIME_ZONE = TIME_ZONES.NZ;

/** The time zone of a company's locale (a screen that knows the locale, not the country). */
export function timeZoneOfLocale(locale: Locale): string {
  return locale === "en-AU" ? TIME_ZONES.AU : TIME_ZONES.NZ;
}

/** YYYY-MM-DD of `at` in the company's time zone. */
export function todayIn(country: Country, at: Date = new Date()): string {
  const parts = dateTimeFormat("en-CA", { timeZone: TIME_ZONES[country], year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  return parts; // en-CA formats as YYYY-MM-DD
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-05" -> "05 Nov 2026" (the spec's DD MMM YYYY). */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return "";
  return `${match[3]} ${MONTHS[Number(match[2]) - 1]} ${match[1]}`;
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Parses the spec's input forms YYYY-M-D or D/M/YYYY; returns YYYY-MM-DD or "" when invalid. */
export function parseInputDate(input: string): string {
  const text = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return "";
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return "";
  return date.toISOString().slice(0, 10);
}

// ---- Instants in a time zone ------------------------------------------------------------------------------------------

interface ZonedParts {
  year: string;
  /** "01".."12" */
  month: string;
  day: string;
  /** "00".."23" */
  hour: string;
  minute: string;
  second: string;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a zone, zero-padded ("2026", "11", "05", "14", "03", "00"). */
function zonedParts(at: Date | number | string, timeZone: string): ZonedParts {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zonedFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in minutes (Pacific/Auckland in summer: +780). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant a local day starts (00:00 in the zone). NZ and AU change clocks at 2-3 am, never at midnight. */
export function startOfDayIn(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - zoneOffsetMinutes(guess, timeZone) * 60_000;
  // The offset at the guess may differ from the offset at the local midnight itself (a clock change in between).
  instant = guess - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
}

/** "2026-11-05 14:03" in the zone: unambiguous, and read as a date-time by spreadsheets (CSV files). */
export function csvDateTime(iso: string, timeZone: string): string {
  const parts = zonedParts(iso, timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** "22 Nov 2026" and "14:05" of an instant in the zone (the spec's DD MMM YYYY). */
export function dateAndTimeIn(at: Date | string, timeZone: string): { date: string; time: string; seconds: string } {
  const parts = zonedParts(at, timeZone);
  return { date: `${parts.day} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`, time: `${parts.hour}:${parts.minute}`, seconds: parts.second };
}
