import { describe, expect, it } from "vitest";
import {
  COUNTERPARTY_IMPORT_COLUMNS,
  COUNTERPARTY_ROW_MESSAGES as M,
  isBlankCells,
  isTemplateHeader,
  nameKey,
  normaliseGst,
  parseCounterpartyRow,
  parsePaymentTerm,
  paymentTermKey,
} from "./import-rules";

const context = { glCodeExists: (code: string) => ["400", "ADV-1"].includes(code.toUpperCase()) };
/** Name, external id, bank account, GST, GL code, frequency, day. */
const row = (...cells: string[]) => parseCounterpartyRow(cells, context);
const reasonsOf = (...cells: string[]) => {
  const parsed = row(...cells);
  return parsed.ok ? [] : parsed.reasons;
};

describe("counterparty import rows (p3 §5)", () => {
  it("accepts a row with only the mandatory fields", () => {
    expect(row("Acme Ltd", "EXT-1")).toEqual({
      ok: true,
      row: { entityName: "Acme Ltd", externalAccountId: "EXT-1", externalBankAccountNumber: null, gstNumber: null, glCode: null, paymentTerm: null },
    });
  });

  it("requires the company name and the external account id", () => {
    expect(reasonsOf("", "EXT-1")).toEqual([M.mandatory]);
    expect(reasonsOf("Acme", "")).toEqual([M.mandatory]);
    expect(reasonsOf("   ", "  ")).toEqual(["Company name and external account ID number are mandatory fields"]);
  });

  it("collapses repeated spaces in a company name and trims cells", () => {
    const parsed = row("  Acme    Trading \t Ltd ", "  EXT-9 ");
    expect(parsed.ok && parsed.row).toMatchObject({ entityName: "Acme Trading Ltd", externalAccountId: "EXT-9" });
    expect(nameKey(" ACME   trading ltd")).toBe("acme trading ltd");
  });

  it("GST: digits only, dashes and spaces removed first", () => {
    expect(normaliseGst("123-456-789")).toEqual({ ok: true, gst: "123456789" });
    expect(normaliseGst("123 456 789")).toEqual({ ok: true, gst: "123456789" });
    expect(normaliseGst("123456789")).toEqual({ ok: true, gst: "123456789" });
    expect(reasonsOf("Acme", "E", "", "12A456789")).toEqual(["GST Number must only contain numbers e.g. 123-456-789 or 123456789"]);
    expect(reasonsOf("Acme", "E", "", "123.456.789")).toEqual([M.gstDigits]);
  });

  it("GST: 8 or 9 digits, an 8-digit number padded with a leading 0", () => {
    expect(reasonsOf("Acme", "E", "", "1234567")).toEqual(["Invalid GST Number length (min: 8, max: 9)."]);
    expect(reasonsOf("Acme", "E", "", "1234567890")).toEqual([M.gstLength]);
    const parsed = row("Acme", "E", "", "12-345-678");
    expect(parsed.ok && parsed.row.gstNumber).toBe("012345678");
  });

  it("payment term: both fields or neither", () => {
    expect(reasonsOf("Acme", "E", "", "", "", "Monthly", "")).toEqual(["Invalid payment term, both payment term fields must be filled to be valid"]);
    expect(reasonsOf("Acme", "E", "", "", "", "", "15")).toEqual([M.termBoth]);
    expect(parsePaymentTerm("", "")).toEqual({ ok: true, term: null });
  });

  it("payment term: the frequency is Monthly or Weekly, in any case, and values are uppercased", () => {
    expect(parsePaymentTerm("monthly", "20")).toEqual({ ok: true, term: { frequency: "MONTHLY", date: 20, dayOfWeek: null } });
    expect(parsePaymentTerm("WeEkLy", "friday")).toEqual({ ok: true, term: { frequency: "WEEKLY", date: null, dayOfWeek: "FRIDAY" } });
    expect(reasonsOf("Acme", "E", "", "", "", "Fortnightly", "Monday")).toEqual(["Payment term frequency must be Monthly or Weekly"]);
  });

  it("payment term: monthly needs a date of 1-31", () => {
    for (const day of ["0", "32", "Monday", "1.5", "-1"]) expect(reasonsOf("Acme", "E", "", "", "", "Monthly", day)).toEqual(["Monthly payment term frequency must have date of 1-31"]);
    for (const day of ["1", "31", "07"]) expect(row("Acme", "E", "", "", "", "Monthly", day).ok).toBe(true);
  });

  it("payment term: weekly needs a day name", () => {
    for (const day of ["5", "Mon", "Someday"]) expect(reasonsOf("Acme", "E", "", "", "", "Weekly", day)).toEqual(["Weekly payment term frequency must have day of week e.g. Monday"]);
    for (const day of ["Monday", "SUNDAY", "saturday"]) expect(row("Acme", "E", "", "", "", "Weekly", day).ok).toBe(true);
  });

  it("external bank account: at least 16 characters", () => {
    expect(reasonsOf("Acme", "E", "12-3456-78901-2")).toEqual(["Bank account is invalid length"]);
    expect(reasonsOf("Acme", "E", "x".repeat(35))).toEqual([M.bankAccountLength]);
    const parsed = row("Acme", "E", "12-3456-7890123-45");
    expect(parsed.ok && parsed.row.externalBankAccountNumber).toBe("12-3456-7890123-45");
  });

  it("GL code: must be one of the company's codes", () => {
    expect(reasonsOf("Acme", "E", "", "", "999")).toEqual(["Invalid GL Code, please try again"]);
    const parsed = row("Acme", "E", "", "", "adv-1");
    expect(parsed.ok && parsed.row.glCode).toBe("adv-1");
  });

  it("reports every reason of a row, in column order", () => {
    expect(reasonsOf("", "E", "short", "abc", "999", "Monthly", "40")).toEqual([M.mandatory, M.bankAccountLength, M.gstDigits, M.glCode, M.monthlyDate]);
  });

  it("refuses over-long names and ids and NUL characters", () => {
    expect(reasonsOf("a".repeat(201), "E")).toEqual([M.nameTooLong]);
    expect(reasonsOf("Acme", "e".repeat(101))).toEqual([M.externalIdTooLong]);
    expect(reasonsOf("Ac\u0000me", "E")).toEqual([M.nulCharacter]);
  });

  it("checks the header line and blank rows", () => {
    expect(isTemplateHeader([...COUNTERPARTY_IMPORT_COLUMNS])).toBe(true);
    expect(isTemplateHeader(["\uFEFFcompany name", " External Account ID", "Bank Account Number", "GST Number", "GL Code", "Payment Term Frequency", "Payment Term Day", ""])).toBe(true);
    expect(isTemplateHeader(["Company Name", "External Account ID"])).toBe(false);
    expect(isTemplateHeader(["Invoice Number", ...COUNTERPARTY_IMPORT_COLUMNS.slice(1)])).toBe(false);
    expect(isBlankCells(["", " ", ""])).toBe(true);
    expect(isBlankCells(["", "x"])).toBe(false);
  });

  it("keys payment terms by frequency and day", () => {
    expect(paymentTermKey({ frequency: "MONTHLY", date: 5, dayOfWeek: null })).toBe("MONTHLY:5");
    expect(paymentTermKey({ frequency: "WEEKLY", date: null, dayOfWeek: "MONDAY" })).toBe("WEEKLY:MONDAY");
  });
});
