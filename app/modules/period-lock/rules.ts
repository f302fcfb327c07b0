/**
 * Period lock rules (p3 §4.10, §8, §9; docs/decisions/038-period-lock.md). Pure: no I/O, no clock (the caller passes
 * the company's current month, which is its today in its own time zone, lib/dates).
 *
 * A lock date is the last day of a month ("locks are set to month end"); everything dated on or before it is locked.
 * A month "YYYY-MM" is locked when the lock date is on or after its last day. On the supplier bills page the period of
 * a selected month M is the month before M (the month whose bills are closed while M's are paid): it is locked when the
 * lock date is in or after that month, and locking it sets the lock date to its end ("the end of the previous month").
 */

export const ALREADY_LOCKED = "Period is already locked";
export const ACTIVE_PERIOD = "Active period can not be locked";
export const COUNTERPARTY_DATA_MISSING = "Counterparty data is missing";
/** The supplier page button's tooltips (p3 §4.10). */
export const PERIOD_LOCKED = "Period Locked";
export const PERIOD_UNLOCKED = "Period Unlocked";

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isMonth(value: string): boolean {
  return MONTH_RE.test(value);
}

function parts(month: string): [number, number] {
  const match = MONTH_RE.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  return [Number(match[1]), Number(match[2])];
}

/** "2026-10" + 1 = "2026-11"; negative steps go back. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = parts(month);
  const index = y * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month "YYYY-MM" of a date "YYYY-MM-DD". */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** The last day of a month: "2026-02" → "2026-02-28". */
export function monthEnd(month: string): string {
  const [y, m] = parts(month);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, "0")}`;
}

/** True for a real date that is the last day of its month (the only dates a lock may hold). */
export function isMonthEnd(date: string): boolean {
  const match = DATE_RE.exec(date);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return false;
  return monthEnd(date.slice(0, 7)) === date;
}

/** "2026-10" → "October" (the success toast names only the month). */
export function monthName(month: string): string {
  return MONTH_NAMES[parts(month)[1] - 1];
}

/** "2026-10" → "October 2026". */
export function monthTitle(month: string): string {
  const [y, m] = parts(month);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** The success message (p3 §8): 'Locked October invoices'. */
export function lockedMessage(month: string): string {
  return `Locked ${monthName(month)} invoices`;
}

/** Locking month M out of turn, when an earlier month is still open (ours: the spec names no message). */
export function lockGapMessage(nextMonth: string): string {
  return `Lock ${monthTitle(nextMonth)} invoices first`;
}

/** The later of two lock dates (either may be unset). Dates compare as strings (YYYY-MM-DD). */
export function laterLockDate(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}

/**
 * The lock date that applies: the company's preference, or with counterparty locks on the later of the company's and
 * the counterparty's.
 */
export function effectiveLockDate(input: { companyLockDate: string | null; counterpartyLockDate?: string | null; counterpartyLocks: boolean }): string | null {
  return input.counterpartyLocks ? laterLockDate(input.companyLockDate, input.counterpartyLockDate ?? null) : input.companyLockDate;
}

/**
 * Whether a date falls in a locked period: on or before the lock date. Document matching reads this as EXPIRED
 * (decisions D6), bills dated so are refused. No date or no lock: not locked.
 */
export function isDateInLockedPeriod(date: string | null | undefined, lockDate: string | null | undefined): boolean {
  if (!date || !lockDate) return false;
  return date.slice(0, 10) <= lockDate;
}

/** Whether month M is locked (the lock date is on or after its last day). */
export function isMonthLocked(month: string, lockDate: string | null): boolean {
  return lockDate !== null && lockDate >= monthEnd(month);
}

/** The last locked month, or null when nothing is locked. */
export function lastLockedMonth(lockDate: string | null): string | null {
  return lockDate === null ? null : monthOfDate(lockDate);
}

/**
 * The month that can be locked next: the one after the last locked month (with no lock yet, the month before the
 * current one), or null when that month is the current one or later (still in progress).
 */
export function nextLockableMonth(lockDate: string | null, currentMonth: string): string | null {
  const next = lockDate === null ? shiftMonth(currentMonth, -1) : shiftMonth(monthOfDate(lockDate), 1);
  return next < currentMonth ? next : null;
}

/**
 * Why month M cannot be locked now, or null when it can: the current and future months are in progress, a locked
 * month is not locked again, and only the month after the last locked one may be locked (no gap). With no lock yet,
 * any ended month may be locked: a lock date covers everything before it.
 */
export function lockRefusal(input: { month: string; lockDate: string | null; currentMonth: string }): string | null {
  const { month, lockDate, currentMonth } = input;
  if (month >= currentMonth) return ACTIVE_PERIOD;
  if (isMonthLocked(month, lockDate)) return ALREADY_LOCKED;
  if (lockDate !== null) {
    const next = shiftMonth(monthOfDate(lockDate), 1);
    if (month > next) return lockGapMessage(next);
  }
  return null;
}

/** The lock date a lock of month M sets: M's last day. */
export function lockDateFor(month: string): string {
  return monthEnd(month);
}

/** The period the supplier page's button locks for a selected month M: the month before it. */
export function periodOfSelectedMonth(selectedMonth: string): string {
  return shiftMonth(selectedMonth, -1);
}

export interface LockButtonState {
  /** The month the button would lock. */
  period: string;
  locked: boolean;
  disabled: boolean;
  tooltip: typeof ACTIVE_PERIOD | typeof PERIOD_LOCKED | typeof PERIOD_UNLOCKED;
}

/**
 * The supplier bills page's lock button for selected month M (p3 §4.10): its period is M's previous month. A period
 * that is the current month or later ('Active period can not be locked': the next-month tab and any future month) and a
 * locked period ('Period Locked') disable it; otherwise 'Period Unlocked'.
 */
export function lockButtonState(input: { selectedMonth: string; currentMonth: string; lockDate: string | null }): LockButtonState {
  const period = periodOfSelectedMonth(input.selectedMonth);
  if (period >= input.currentMonth) return { period, locked: false, disabled: true, tooltip: ACTIVE_PERIOD };
  if (isMonthLocked(period, input.lockDate)) return { period, locked: true, disabled: true, tooltip: PERIOD_LOCKED };
  return { period, locked: false, disabled: false, tooltip: PERIOD_UNLOCKED };
}

/** The settings control (p3 §4.10 second bullet): it locks the previous calendar month and is fixed on once locked. */
export function settingsControlState(input: { currentMonth: string; lockDate: string | null }): { period: string; locked: boolean; refusal: string | null } {
  const period = shiftMonth(input.currentMonth, -1);
  return { period, locked: isMonthLocked(period, input.lockDate), refusal: lockRefusal({ month: period, lockDate: input.lockDate, currentMonth: input.currentMonth }) };
}

/**
 * The months the scheduled auto-lock locks for a company on `today` (its own date): on the first day of a month, every
 * month from the one after the last locked month up to the previous month, in order (each an ordinary lock, so no gap
 * is left); none on other days or when the previous month is already locked.
 */
export function autoLockMonths(input: { today: string; lockDate: string | null }): string[] {
  if (!input.today.endsWith("-01")) return [];
  const currentMonth = monthOfDate(input.today);
  const previous = shiftMonth(currentMonth, -1);
  if (isMonthLocked(previous, input.lockDate)) return [];
  const months: string[] = [];
  for (let month = input.lockDate === null ? previous : shiftMonth(monthOfDate(input.lockDate), 1); month <= previous; month = shiftMonth(month, 1)) months.push(month);
  return months;
}
