import { describe, expect, it } from "vitest";
import {
  ACTIVE_PERIOD,
  ALREADY_LOCKED,
  autoLockMonths,
  effectiveLockDate,
  isDateInLockedPeriod,
  isMonth,
  isMonthEnd,
  isMonthLocked,
  lastLockedMonth,
  laterLockDate,
  lockButtonState,
  lockDateFor,
  lockedMessage,
  lockGapMessage,
  lockRefusal,
  monthEnd,
  monthName,
  nextLockableMonth,
  PERIOD_LOCKED,
  PERIOD_UNLOCKED,
  periodOfSelectedMonth,
  settingsControlState,
  shiftMonth,
} from "./rules";

describe("months", () => {
  it("shifts across years both ways", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-11", -13)).toBe("2025-10");
  });

  it("knows each month's last day, leap years included", () => {
    expect(monthEnd("2026-10")).toBe("2026-10-31");
    expect(monthEnd("2026-11")).toBe("2026-11-30");
    expect(monthEnd("2026-02")).toBe("2026-02-28");
    expect(monthEnd("2028-02")).toBe("2028-02-29");
  });

  it("accepts only month ends as lock dates", () => {
    expect(isMonthEnd("2026-10-31")).toBe(true);
    expect(isMonthEnd("2028-02-29")).toBe(true);
    expect(isMonthEnd("2026-02-28")).toBe(true);
    expect(isMonthEnd("2026-10-30")).toBe(false);
    expect(isMonthEnd("2026-02-29")).toBe(false);
    expect(isMonthEnd("2026-13-31")).toBe(false);
    expect(isMonthEnd("31/10/2026")).toBe(false);
  });

  it("reads YYYY-MM months only", () => {
    expect(isMonth("2026-10")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth("2026-1")).toBe(false);
  });

  it("a lock sets the lock date to the month's end", () => {
    expect(lockDateFor("2026-09")).toBe("2026-09-30");
  });
});

describe("messages", () => {
  it("names the locked month in the success toast", () => {
    expect(lockedMessage("2026-10")).toBe("Locked October invoices");
    expect(monthName("2027-01")).toBe("January");
  });

  it("says which month to lock first on a gap", () => {
    expect(lockGapMessage("2026-09")).toBe("Lock September 2026 invoices first");
  });
});

describe("lock dates", () => {
  it("takes the later of the company's and the counterparty's with counterparty locks on", () => {
    expect(laterLockDate(null, null)).toBeNull();
    expect(laterLockDate("2026-08-31", null)).toBe("2026-08-31");
    expect(laterLockDate(null, "2026-09-30")).toBe("2026-09-30");
    expect(effectiveLockDate({ companyLockDate: "2026-08-31", counterpartyLockDate: "2026-09-30", counterpartyLocks: true })).toBe("2026-09-30");
    expect(effectiveLockDate({ companyLockDate: "2026-10-31", counterpartyLockDate: "2026-09-30", counterpartyLocks: true })).toBe("2026-10-31");
  });

  it("ignores the counterparty's lock date with counterparty locks off", () => {
    expect(effectiveLockDate({ companyLockDate: "2026-08-31", counterpartyLockDate: "2026-09-30", counterpartyLocks: false })).toBe("2026-08-31");
    expect(effectiveLockDate({ companyLockDate: null, counterpartyLockDate: "2026-09-30", counterpartyLocks: false })).toBeNull();
  });

  it("a date on or before the lock date is in a locked period", () => {
    expect(isDateInLockedPeriod("2026-10-31", "2026-10-31")).toBe(true);
    expect(isDateInLockedPeriod("2026-10-01", "2026-10-31")).toBe(true);
    expect(isDateInLockedPeriod("2025-01-01", "2026-10-31")).toBe(true);
    expect(isDateInLockedPeriod("2026-11-01", "2026-10-31")).toBe(false);
    expect(isDateInLockedPeriod("2026-10-01T10:00:00Z", "2026-10-31")).toBe(true);
    expect(isDateInLockedPeriod(null, "2026-10-31")).toBe(false);
    expect(isDateInLockedPeriod("2026-10-01", null)).toBe(false);
  });

  it("a month is locked once the lock date reaches its end", () => {
    expect(isMonthLocked("2026-10", "2026-10-31")).toBe(true);
    expect(isMonthLocked("2026-09", "2026-10-31")).toBe(true);
    expect(isMonthLocked("2026-11", "2026-10-31")).toBe(false);
    expect(isMonthLocked("2026-10", null)).toBe(false);
  });

  it("reports the last locked and the next lockable month", () => {
    expect(lastLockedMonth(null)).toBeNull();
    expect(lastLockedMonth("2026-09-30")).toBe("2026-09");
    expect(nextLockableMonth("2026-09-30", "2026-11")).toBe("2026-10");
    expect(nextLockableMonth(null, "2026-11")).toBe("2026-10");
    // October locked in November: November is in progress, nothing to lock.
    expect(nextLockableMonth("2026-10-31", "2026-11")).toBeNull();
  });
});

describe("lockRefusal", () => {
  const currentMonth = "2026-11";

  it("allows the month after the last locked one", () => {
    expect(lockRefusal({ month: "2026-10", lockDate: "2026-09-30", currentMonth })).toBeNull();
  });

  it("allows any ended month when nothing is locked yet", () => {
    expect(lockRefusal({ month: "2026-10", lockDate: null, currentMonth })).toBeNull();
    expect(lockRefusal({ month: "2025-03", lockDate: null, currentMonth })).toBeNull();
  });

  it("refuses the current month and any future month: 'Active period can not be locked'", () => {
    expect(lockRefusal({ month: "2026-11", lockDate: "2026-10-31", currentMonth })).toBe(ACTIVE_PERIOD);
    expect(lockRefusal({ month: "2026-12", lockDate: null, currentMonth })).toBe(ACTIVE_PERIOD);
    expect(lockRefusal({ month: "2027-01", lockDate: "2026-10-31", currentMonth })).toBe(ACTIVE_PERIOD);
  });

  it("refuses a locked month: 'Period is already locked'", () => {
    expect(lockRefusal({ month: "2026-10", lockDate: "2026-10-31", currentMonth })).toBe(ALREADY_LOCKED);
    expect(lockRefusal({ month: "2026-08", lockDate: "2026-10-31", currentMonth })).toBe(ALREADY_LOCKED);
  });

  it("refuses a gap: only the month after the last locked one", () => {
    expect(lockRefusal({ month: "2026-10", lockDate: "2026-08-31", currentMonth })).toBe("Lock September 2026 invoices first");
  });

  it("checks the active period first", () => {
    expect(lockRefusal({ month: "2026-11", lockDate: "2026-12-31", currentMonth })).toBe(ACTIVE_PERIOD);
  });
});

describe("the supplier page's button", () => {
  const currentMonth = "2026-11";

  it("locks the month before the selected one", () => {
    expect(periodOfSelectedMonth("2026-11")).toBe("2026-10");
    expect(periodOfSelectedMonth("2027-01")).toBe("2026-12");
  });

  it("on the current month's tab it locks last month: 'Period Unlocked' until locked", () => {
    expect(lockButtonState({ selectedMonth: "2026-11", currentMonth, lockDate: "2026-09-30" })).toEqual({
      period: "2026-10",
      locked: false,
      disabled: false,
      tooltip: PERIOD_UNLOCKED,
    });
  });

  it("is 'Period Locked' and disabled when the lock date is in or after the month before the selected month's end", () => {
    expect(lockButtonState({ selectedMonth: "2026-11", currentMonth, lockDate: "2026-10-31" })).toMatchObject({ locked: true, disabled: true, tooltip: PERIOD_LOCKED });
    expect(lockButtonState({ selectedMonth: "2026-09", currentMonth, lockDate: "2026-10-31" })).toMatchObject({ locked: true, tooltip: PERIOD_LOCKED });
    expect(lockButtonState({ selectedMonth: "2026-11", currentMonth, lockDate: "2026-09-30" })).toMatchObject({ locked: false });
  });

  it("is disabled on the next-month tab and any later month: 'Active period can not be locked'", () => {
    expect(lockButtonState({ selectedMonth: "2026-12", currentMonth, lockDate: null })).toEqual({ period: "2026-11", locked: false, disabled: true, tooltip: ACTIVE_PERIOD });
    expect(lockButtonState({ selectedMonth: "2027-03", currentMonth, lockDate: null })).toMatchObject({ disabled: true, tooltip: ACTIVE_PERIOD });
  });
});

describe("the settings control", () => {
  it("locks the previous calendar month and is fixed on once it is locked", () => {
    expect(settingsControlState({ currentMonth: "2026-11", lockDate: null })).toEqual({ period: "2026-10", locked: false, refusal: null });
    expect(settingsControlState({ currentMonth: "2026-11", lockDate: "2026-10-31" })).toEqual({ period: "2026-10", locked: true, refusal: ALREADY_LOCKED });
    expect(settingsControlState({ currentMonth: "2026-11", lockDate: "2026-08-31" }).refusal).toBe("Lock September 2026 invoices first");
  });
});

describe("autoLockMonths", () => {
  it("locks the previous month on the first day of a month", () => {
    expect(autoLockMonths({ today: "2026-12-01", lockDate: "2026-10-31" })).toEqual(["2026-11"]);
    expect(autoLockMonths({ today: "2026-12-01", lockDate: null })).toEqual(["2026-11"]);
    expect(autoLockMonths({ today: "2027-01-01", lockDate: "2026-11-30" })).toEqual(["2026-12"]);
  });

  it("does nothing on other days or when the previous month is already locked (idempotent)", () => {
    expect(autoLockMonths({ today: "2026-12-02", lockDate: "2026-10-31" })).toEqual([]);
    expect(autoLockMonths({ today: "2026-12-01", lockDate: "2026-11-30" })).toEqual([]);
  });

  it("closes a gap month by month, never skipping one", () => {
    expect(autoLockMonths({ today: "2026-12-01", lockDate: "2026-08-31" })).toEqual(["2026-09", "2026-10", "2026-11"]);
  });
});
