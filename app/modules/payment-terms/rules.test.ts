import { describe, expect, it } from "vitest";
import {
  comparePaymentTerms,
  dayLabel,
  DEFAULT_TERM_REQUIRED,
  DEFAULT_TERM_UNDELETABLE,
  deleteRefusal,
  isDuplicateTerm,
  isSameTerm,
  ordinal,
  parsePaymentTerm,
  PAYMENT_DATE_RANGE,
  PAYMENT_DATE_REQUIRED,
  PAYMENT_DAY_INVALID,
  PAYMENT_DAY_REQUIRED,
  PAYMENT_FREQUENCY_REQUIRED,
  resolveDefault,
} from "./rules";

describe("parsePaymentTerm (p3 §5)", () => {
  it("frequency is required and must be Monthly or Weekly", () => {
    for (const frequency of [undefined, null, "", "  ", "DAILY"])
      expect(parsePaymentTerm({ frequency, date: "5" })).toEqual({ ok: false, fieldErrors: { frequency: PAYMENT_FREQUENCY_REQUIRED } });
  });

  it("Monthly needs a date: 'Payment date is required', 1-31", () => {
    expect(parsePaymentTerm({ frequency: "MONTHLY" })).toEqual({ ok: false, fieldErrors: { date: PAYMENT_DATE_REQUIRED } });
    expect(parsePaymentTerm({ frequency: "MONTHLY", date: " ", dayOfWeek: "FRIDAY" })).toEqual({ ok: false, fieldErrors: { date: PAYMENT_DATE_REQUIRED } });
    for (const date of ["0", "32", "-1", "1.5", "x", 40])
      expect(parsePaymentTerm({ frequency: "MONTHLY", date })).toEqual({ ok: false, fieldErrors: { date: PAYMENT_DATE_RANGE } });
    expect(parsePaymentTerm({ frequency: "monthly", date: " 31 " })).toEqual({ ok: true, value: { frequency: "MONTHLY", date: 31, dayOfWeek: null } });
    expect(parsePaymentTerm({ frequency: "Monthly", date: 1, dayOfWeek: "MONDAY" })).toEqual({
      ok: true,
      value: { frequency: "MONTHLY", date: 1, dayOfWeek: null },
    });
  });

  it("Weekly needs a day of the week: 'Payment day is required'", () => {
    expect(parsePaymentTerm({ frequency: "WEEKLY", date: "5" })).toEqual({ ok: false, fieldErrors: { dayOfWeek: PAYMENT_DAY_REQUIRED } });
    expect(parsePaymentTerm({ frequency: "WEEKLY", dayOfWeek: "Funday" })).toEqual({ ok: false, fieldErrors: { dayOfWeek: PAYMENT_DAY_INVALID } });
    expect(parsePaymentTerm({ frequency: "weekly", dayOfWeek: " friday ", date: "5" })).toEqual({
      ok: true,
      value: { frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" },
    });
    for (const day of ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"])
      expect(parsePaymentTerm({ frequency: "WEEKLY", dayOfWeek: day }).ok).toBe(true);
  });
});

describe("duplicates (p3 §5 'Duplicate payment terms are not allowed')", () => {
  const monthly20 = { id: 1, frequency: "MONTHLY" as const, date: 20, dayOfWeek: null };
  const friday = { id: 2, frequency: "WEEKLY" as const, date: null, dayOfWeek: "FRIDAY" as const };

  it("the same date, or the same day of the week, is the same term", () => {
    expect(isSameTerm(monthly20, { frequency: "MONTHLY", date: 20, dayOfWeek: null })).toBe(true);
    expect(isSameTerm(monthly20, { frequency: "MONTHLY", date: 21, dayOfWeek: null })).toBe(false);
    expect(isSameTerm(friday, { frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" })).toBe(true);
    expect(isSameTerm(friday, { frequency: "WEEKLY", date: null, dayOfWeek: "MONDAY" })).toBe(false);
    expect(isSameTerm(monthly20, friday)).toBe(false);
  });

  it("the term being edited is not its own duplicate", () => {
    expect(isDuplicateTerm([monthly20, friday], { frequency: "MONTHLY", date: 20, dayOfWeek: null })).toBe(true);
    expect(isDuplicateTerm([monthly20, friday], { frequency: "MONTHLY", date: 20, dayOfWeek: null }, 1)).toBe(false);
    expect(isDuplicateTerm([monthly20, friday], { frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" }, 1)).toBe(true);
    expect(isDuplicateTerm([], { frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" })).toBe(false);
  });
});

describe("the default term", () => {
  it("cannot be deleted; any other can", () => {
    expect(deleteRefusal({ defaultTerm: true })).toBe(DEFAULT_TERM_UNDELETABLE);
    expect(deleteRefusal({ defaultTerm: false })).toBeNull();
  });

  it("a company's first term is its default; the default cannot be unset; otherwise as asked", () => {
    expect(resolveDefault({ requested: undefined, isCurrentDefault: false, companyHasDefault: false })).toEqual({ ok: true, defaultTerm: true });
    expect(resolveDefault({ requested: false, isCurrentDefault: false, companyHasDefault: false })).toEqual({ ok: true, defaultTerm: true });
    expect(resolveDefault({ requested: false, isCurrentDefault: true, companyHasDefault: true })).toEqual({ ok: false, message: DEFAULT_TERM_REQUIRED });
    expect(resolveDefault({ requested: undefined, isCurrentDefault: true, companyHasDefault: true })).toEqual({ ok: true, defaultTerm: true });
    expect(resolveDefault({ requested: true, isCurrentDefault: false, companyHasDefault: true })).toEqual({ ok: true, defaultTerm: true });
    expect(resolveDefault({ requested: false, isCurrentDefault: false, companyHasDefault: true })).toEqual({ ok: true, defaultTerm: false });
    expect(resolveDefault({ requested: undefined, isCurrentDefault: false, companyHasDefault: true })).toEqual({ ok: true, defaultTerm: false });
  });
});

describe("labels and order", () => {
  it("ordinals and the Day column", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"]);
    expect(dayLabel({ frequency: "MONTHLY", date: 20, dayOfWeek: null })).toBe("20th");
    expect(dayLabel({ frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" })).toBe("Friday");
  });

  it("the default first, then monthly by date, then weekly Monday to Sunday", () => {
    const terms = [
      { frequency: "WEEKLY" as const, date: null, dayOfWeek: "SUNDAY" as const, defaultTerm: false },
      { frequency: "WEEKLY" as const, date: null, dayOfWeek: "MONDAY" as const, defaultTerm: false },
      { frequency: "MONTHLY" as const, date: 20, dayOfWeek: null, defaultTerm: false },
      { frequency: "MONTHLY" as const, date: 5, dayOfWeek: null, defaultTerm: false },
      { frequency: "WEEKLY" as const, date: null, dayOfWeek: "FRIDAY" as const, defaultTerm: true },
    ];
    expect([...terms].sort(comparePaymentTerms).map(dayLabel)).toEqual(["Friday", "5th", "20th", "Monday", "Sunday"]);
  });
});
