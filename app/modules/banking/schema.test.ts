import { describe, expect, it } from "vitest";
import {
  ACCOUNT_NAME_REQUIRED,
  ACCOUNT_NAME_TOO_LONG,
  ACCOUNT_NUMBER_INVALID,
  ACCOUNT_NUMBER_MIN_AU,
  ACCOUNT_NUMBER_REQUIRED,
  AdminListQuerySchema,
  bankAccountFormSchema,
  BSB_REQUIRED,
  BSB_SIX_DIGITS,
  CODE_INVALID,
  CODE_LOCKED,
  CODE_REQUIRED,
  CodeSchema,
  formErrors,
  NO_DEFAULT_ACCOUNT,
  PAY_ID_REQUIRED,
  STATEMENT_MISSING,
  STATEMENT_TOO_LARGE,
  STATEMENT_UNSUPPORTED,
  VALUES_MISSING,
  VERIFICATION_FAILED_MESSAGE,
  NO_DEFAULT_ACCOUNT_HINT,
} from "./schema";

const nz = bankAccountFormSchema("NZ");
const au = bankAccountFormSchema("AU");
const blank = { bankAccountName: "", accountKind: "", bsb: "", bankAccountNumber: "", payId: "" };

function errorsOf(schema: ReturnType<typeof bankAccountFormSchema>, values: Partial<typeof blank>) {
  const result = schema.safeParse({ ...blank, ...values });
  return result.success ? {} : formErrors(result.error);
}

describe("the spec's messages, verbatim", () => {
  it("keeps every text of p1 §5 and p3 §5 as written", () => {
    expect(ACCOUNT_NAME_REQUIRED).toBe("Account name is required");
    expect(PAY_ID_REQUIRED).toBe("PayID is required");
    expect(BSB_REQUIRED).toBe("BSB is required");
    expect(BSB_SIX_DIGITS).toBe("BSB should be 6 digits");
    expect(ACCOUNT_NUMBER_REQUIRED).toBe("Account number is required");
    expect(ACCOUNT_NUMBER_MIN_AU).toBe("Account number should have minimum 6 digits");
    expect(ACCOUNT_NUMBER_INVALID).toBe("Enter valid account number");
    expect(CODE_REQUIRED).toBe("Please enter the code recieved on your phone number");
    expect(CODE_INVALID).toBe("Invalid code. Please check the code you received.");
    expect(CODE_LOCKED).toBe("You have made 3 failed attempts. Please request for a new code.");
    expect(STATEMENT_UNSUPPORTED).toBe("Unsupported file format. Please select a JPG, PNG or PDF file.");
    expect(STATEMENT_TOO_LARGE).toBe("Please choose a file which is less than 10 MB in size");
    expect(STATEMENT_MISSING).toBe("No statement file selected");
    expect(NO_DEFAULT_ACCOUNT).toBe("No default account added to verify");
    expect(VALUES_MISSING).toBe("Values are missing");
    expect(VERIFICATION_FAILED_MESSAGE).toBe("Verification failed. Please try again.");
    expect(NO_DEFAULT_ACCOUNT_HINT).toBe("Add a default bank account to withdraw funds from Earlybird");
  });
});

describe("NZ bank account form", () => {
  it("asks for the name and the number when both are empty", () => {
    expect(errorsOf(nz, {})).toEqual({ bankAccountName: ACCOUNT_NAME_REQUIRED, bankAccountNumber: ACCOUNT_NUMBER_REQUIRED });
  });

  it("treats a name of spaces as empty and refuses one over 100 characters", () => {
    expect(errorsOf(nz, { bankAccountName: "   ", bankAccountNumber: "12-3456-1234567-123" })).toEqual({ bankAccountName: ACCOUNT_NAME_REQUIRED });
    expect(errorsOf(nz, { bankAccountName: "x".repeat(101), bankAccountNumber: "12-3456-1234567-123" })).toEqual({ bankAccountName: ACCOUNT_NAME_TOO_LONG });
  });

  it("strips non-digits: a number of only dashes and letters is empty", () => {
    expect(errorsOf(nz, { bankAccountName: "Ops", bankAccountNumber: "--ab-" })).toEqual({ bankAccountNumber: ACCOUNT_NUMBER_REQUIRED });
  });

  it("refuses fewer than 15 digits and more than 16 with 'Enter valid account number'", () => {
    for (const number of ["1", "123456", "12-3456-1234567-1", "12345678901234"]) {
      expect(errorsOf(nz, { bankAccountName: "Ops", bankAccountNumber: number })).toEqual({ bankAccountNumber: ACCOUNT_NUMBER_INVALID });
    }
    expect(errorsOf(nz, { bankAccountName: "Ops", bankAccountNumber: "12345678901234567" })).toEqual({ bankAccountNumber: ACCOUNT_NUMBER_INVALID });
  });

  it("keeps 16 digits and inserts a 0 after the first 13 of a 15-digit number", () => {
    expect(nz.parse({ ...blank, bankAccountName: " Operating ", bankAccountNumber: "12-3456-1234567-123" })).toEqual({
      country: "NZ",
      bankAccountName: "Operating",
      bankAccountNumber: "1234561234567123",
      bsb: null,
      payId: null,
    });
    expect(nz.parse({ ...blank, bankAccountName: "Ops", bankAccountNumber: "12 3456 1234567 12" }).bankAccountNumber).toBe("1234561234567012");
  });

  it("ignores BSB, PayID and the AU choice", () => {
    const parsed = nz.parse({ bankAccountName: "Ops", accountKind: "PAY_ID", bsb: "1", payId: "x@y.z", bankAccountNumber: "1234561234567123" });
    expect(parsed).toMatchObject({ bsb: null, payId: null, bankAccountNumber: "1234561234567123" });
  });
});

describe("AU bank account form", () => {
  it("with account number: asks for name, BSB and number", () => {
    expect(errorsOf(au, { accountKind: "BANK_ACCOUNT" })).toEqual({
      bankAccountName: ACCOUNT_NAME_REQUIRED,
      bsb: BSB_REQUIRED,
      bankAccountNumber: ACCOUNT_NUMBER_REQUIRED,
    });
  });

  it("BSB must be 6 digits, written ###-### or not", () => {
    for (const bsb of ["06200", "0620001", "062-00", "abc"]) {
      expect(errorsOf(au, { bankAccountName: "Ops", bsb, bankAccountNumber: "12345678" })).toEqual({ bsb: BSB_SIX_DIGITS });
    }
    expect(au.parse({ ...blank, bankAccountName: "Ops", bsb: "062-000", bankAccountNumber: "1234 5678" })).toEqual({
      country: "AU",
      bankAccountName: "Ops",
      bsb: "062000",
      bankAccountNumber: "12345678",
      payId: null,
    });
  });

  it("account number: at least 6 digits, at most 10, never padded", () => {
    expect(errorsOf(au, { bankAccountName: "Ops", bsb: "062000", bankAccountNumber: "12345" })).toEqual({ bankAccountNumber: ACCOUNT_NUMBER_MIN_AU });
    expect(errorsOf(au, { bankAccountName: "Ops", bsb: "062000", bankAccountNumber: "12345678901" })).toEqual({ bankAccountNumber: ACCOUNT_NUMBER_INVALID });
    expect(au.parse({ ...blank, bankAccountName: "Ops", bsb: "062000", bankAccountNumber: "123456" }).bankAccountNumber).toBe("123456");
    expect(au.parse({ ...blank, bankAccountName: "Ops", bsb: "062000", bankAccountNumber: "123 456 789 0" }).bankAccountNumber).toBe("1234567890");
    // A 15-digit AU number is not a NZ number: no 0 inserted, and refused.
    expect(errorsOf(au, { bankAccountName: "Ops", bsb: "062000", bankAccountNumber: "123456789012345" })).toEqual({
      bankAccountNumber: ACCOUNT_NUMBER_INVALID,
    });
  });

  it("with the PayID option: PayID required; BSB and number not asked", () => {
    expect(errorsOf(au, { accountKind: "PAY_ID", bankAccountName: "Ops" })).toEqual({ payId: PAY_ID_REQUIRED });
    expect(errorsOf(au, { accountKind: "PAY_ID", bankAccountName: "Ops", payId: "   " })).toEqual({ payId: PAY_ID_REQUIRED });
    expect(au.parse({ ...blank, accountKind: "PAY_ID", bankAccountName: "Ops", payId: " pay@outback.test ", bsb: "1", bankAccountNumber: "2" })).toEqual({
      country: "AU",
      bankAccountName: "Ops",
      bankAccountNumber: null,
      bsb: null,
      payId: "pay@outback.test",
    });
  });

  it("accepts missing fields as empty strings (a form without them)", () => {
    expect(au.safeParse({ accountKind: "PAY_ID" }).success).toBe(false);
    expect(formErrors(au.safeParse({}).error!)).toEqual({
      bankAccountName: ACCOUNT_NAME_REQUIRED,
      bsb: BSB_REQUIRED,
      bankAccountNumber: ACCOUNT_NUMBER_REQUIRED,
    });
  });
});

describe("SMS code", () => {
  it("is six digits; empty, short, long or non-digit gives the 'recieved' message", () => {
    for (const value of ["", "12345", "1234567", "12a456", undefined, null, 123456]) {
      const result = CodeSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(CODE_REQUIRED);
    }
    expect(CodeSchema.parse("123456")).toBe("123456");
    expect(CodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(CodeSchema.parse("000000")).toBe("000000");
  });
});

describe("admin list query", () => {
  it("defaults to tab all, page 1, size 20 and falls back on nonsense", () => {
    expect(AdminListQuerySchema.parse({})).toEqual({ tab: "all", page: 1, size: 20 });
    expect(AdminListQuerySchema.parse({ tab: "pending", page: "3", size: "50" })).toEqual({ tab: "pending", page: 3, size: 50 });
    expect(AdminListQuerySchema.parse({ tab: "x", page: "-1", size: "7" })).toEqual({ tab: "all", page: 1, size: 20 });
  });
});
