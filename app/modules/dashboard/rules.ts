/**
 * The dashboard's pure rules (spec part 3 §2.2 Dashboard, §7.1 ripe summary, §9): calendar months and due weeks of a
 * company's "today" (a YYYY-MM-DD day in its time zone, decisions D1), the bars' labels, and the percent's rounding.
 * The service (service.server.ts) turns months into instants with the company's time zone and fills these in.
 */
import { addDays, parseInputDate } from "../../lib/dates";

/** The bars: this month and the 5 before it. The tiles: this month to date, and the 12 months ending with it. */
export const BAR_MONTHS = 6;
export const TILE_MONTHS = 12;
/** Payables by due week: the next 8 weeks. Cashback earned: the last 6 months. */
export const DUE_WEEKS = 8;
export const CASHBACK_MONTHS = 6;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "YYYY-MM" of a "YYYY-MM-DD" day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** "2026-11" + n months ("2026-11", -11 → "2025-12"). */
export function addMonthsTo(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `count` months ending with today's, oldest first: lastMonths("2026-11-27", 3) = ["2026-09", "2026-10", "2026-11"]. */
export function lastMonths(today: string, count: number): string[] {
  const current = monthOf(today);
  return Array.from({ length: count }, (_, i) => addMonthsTo(current, i - (count - 1)));
}

/** "2026-11" → "Nov 2026" (the bars' and tooltips' label). */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** The first day of a month and the first day of the month after it: the half-open range [from, to). */
export const monthDays = (month: string) => ({ from: `${month}-01`, toExclusive: `${addMonthsTo(month, 1)}-01` });

/**
 * The automatic share of a month's bills, in whole percent, rounded half up (Math.round of a non-negative number):
 * 2 of 3 → 67, 1 of 8 (12.5) → 13, 0 of 0 → 0 (a month with no bills shows 0 %, never NaN). Only the automatic share is
 * rounded: the manual share, where shown, is 100 − automaticPercent, so the two always add up to 100 on a month with bills.
 */
export function automaticPercent(automatic: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((automatic * 100) / total);
}

/** One bar of 'Invoices Auto Processed per Month'. */
export interface MonthBar {
  /** "YYYY-MM" */
  month: string;
  /** "Nov 2026" */
  label: string;
  automatic: number;
  manual: number;
  total: number;
  /** Whole percent, half up; 0 on a month without bills. */
  automaticPercent: number;
}

/** The bars of `months` from counts by month; a month without a row is there with zeros. */
export function monthBars(months: string[], counts: ReadonlyMap<string, { automatic: number; manual: number }>): MonthBar[] {
  return months.map((month) => {
    const { automatic, manual } = counts.get(month) ?? { automatic: 0, manual: 0 };
    const total = automatic + manual;
    return { month, label: monthLabel(month), automatic, manual, total, automaticPercent: automaticPercent(automatic, total) };
  });
}

/**
 * The due weeks from today: week i holds the due dates today + 7i … today + 7i + 6 (rolling weeks from today, so the first
 * week is never a part-week and no day belongs to two weeks). Bills due before today are overdue, apart from the weeks.
 */
export function dueWeeks(today: string, count: number = DUE_WEEKS): { weekStart: string; weekEnd: string }[] {
  return Array.from({ length: count }, (_, i) => ({ weekStart: addDays(today, 7 * i), weekEnd: addDays(today, 7 * i + 6) }));
}

/** Validates the summary's inclusive day range ("YYYY-MM-DD", from ≤ to): the message, or null when it is fine. */
export function summaryRangeError(fromDate: string, toDate: string): string | null {
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseInputDate(value) === value;
  if (!isDay(fromDate)) return "fromDate must be a date (YYYY-MM-DD)";
  if (!isDay(toDate)) return "toDate must be a date (YYYY-MM-DD)";
  if (fromDate > toDate) return "fromDate must not be after toDate";
  return null;
}
