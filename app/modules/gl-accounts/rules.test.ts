import { describe, expect, it } from "vitest";
import {
  diffGlAccount,
  editToast,
  GL_CODE_REQUIRED,
  GL_CODE_SET_DEFAULT,
  GL_CODE_SET_NON_DEFAULT,
  GL_CODE_TOO_LONG,
  GL_NAME_REQUIRED,
  GL_NAME_TOO_LONG,
  INVALID_GL_CODE,
  NOTHING_TO_UPDATE,
  parseGlCode,
  parseNewGlAccount,
  SUCCESS_UPDATED,
} from "./rules";

describe("parseGlCode (p3 §5)", () => {
  it("a blank code is 'GL Code is required'", () => {
    for (const value of [undefined, null, "", "   "]) expect(parseGlCode(value)).toEqual({ ok: false, message: GL_CODE_REQUIRED });
  });

  it("a code that cannot be one is 'Invalid GL Code, please try again'", () => {
    for (const value of ["20 0", "-200", "200!", "#", "é1"]) expect(parseGlCode(value)).toEqual({ ok: false, message: INVALID_GL_CODE });
    expect(parseGlCode("1".repeat(31))).toEqual({ ok: false, message: GL_CODE_TOO_LONG });
  });

  it("accepts the codes accounting systems use, trimmed", () => {
    for (const value of ["200", "4-1100", "EXP.01", "6/100", "a_b"]) expect(parseGlCode(value)).toEqual({ ok: true, code: value });
    expect(parseGlCode("  310 ")).toEqual({ ok: true, code: "310" });
  });
});

describe("parseNewGlAccount (the add dialog)", () => {
  it("requires the code and a name, reporting both at once", () => {
    expect(parseNewGlAccount({})).toEqual({ ok: false, fieldErrors: { accountCode: GL_CODE_REQUIRED, accountName: GL_NAME_REQUIRED } });
    expect(parseNewGlAccount({ accountCode: "", accountName: "Purchases" })).toEqual({ ok: false, fieldErrors: { accountCode: GL_CODE_REQUIRED } });
    expect(parseNewGlAccount({ accountCode: "300", accountName: " " })).toEqual({ ok: false, fieldErrors: { accountName: GL_NAME_REQUIRED } });
    expect(parseNewGlAccount({ accountCode: "300", accountName: "x".repeat(151) })).toEqual({ ok: false, fieldErrors: { accountName: GL_NAME_TOO_LONG } });
  });

  it("collapses spaces in the name; default only when asked", () => {
    expect(parseNewGlAccount({ accountCode: " 300 ", accountName: "  Cost   of goods " })).toEqual({
      ok: true,
      value: { accountCode: "300", accountName: "Cost of goods", isDefault: false },
    });
    expect(parseNewGlAccount({ accountCode: "300", accountName: "Purchases", isDefault: true })).toMatchObject({ ok: true, value: { isDefault: true } });
  });
});

describe("diffGlAccount (the edit dialog)", () => {
  const current = { accountName: "Purchases", isDefault: false };

  it("no change is 'Nothing to update'", () => {
    expect(diffGlAccount(current, {})).toEqual({ ok: false, message: NOTHING_TO_UPDATE });
    expect(diffGlAccount(current, { accountName: " Purchases ", isDefault: false })).toEqual({ ok: false, message: NOTHING_TO_UPDATE });
  });

  it("gives only what changes", () => {
    expect(diffGlAccount(current, { accountName: "Stock", isDefault: false })).toEqual({ ok: true, change: { accountName: "Stock" } });
    expect(diffGlAccount(current, { accountName: "Purchases", isDefault: true })).toEqual({ ok: true, change: { isDefault: true } });
    expect(diffGlAccount({ accountName: "Purchases", isDefault: true }, { isDefault: false })).toEqual({ ok: true, change: { isDefault: false } });
  });

  it("a blank name is refused on its field", () => {
    expect(diffGlAccount(current, { accountName: "  " })).toEqual({ ok: false, message: GL_NAME_REQUIRED, field: "accountName" });
  });
});

describe("editToast (p3 §8)", () => {
  it("says which way the default went, else 'Success updated'", () => {
    expect(editToast({ isDefault: true })).toBe(GL_CODE_SET_DEFAULT);
    expect(editToast({ isDefault: false })).toBe(GL_CODE_SET_NON_DEFAULT);
    expect(editToast({ accountName: "Stock" })).toBe(SUCCESS_UPDATED);
    expect(editToast({ accountName: "Stock", isDefault: true })).toBe(SUCCESS_UPDATED);
  });
});
