import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canReviewStatement,
  canUploadStatement,
  describeAccountDetails,
  digitsOnly,
  formatAccountNumber,
  formatBsb,
  isListedAccount,
  maskAccountNumberInput,
  maskBsbInput,
  maskPhoneNumber,
  normaliseAccountNumber,
  sniffStatementType,
  statementFileName,
  withdrawalCard,
  type BankAccountStatus,
} from "./rules";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe("account numbers", () => {
  it("strip everything but digits", () => {
    expect(digitsOnly("12-3456 1234567/123")).toBe("1234561234567123");
    expect(digitsOnly(null)).toBe("");
  });

  it("NZ: 15 digits get a 0 after the first 13; other lengths and AU are kept", () => {
    expect(normaliseAccountNumber("123456123456712", "NZ")).toBe("1234561234567012");
    expect(normaliseAccountNumber("1234561234567123", "NZ")).toBe("1234561234567123");
    expect(normaliseAccountNumber("123456123456712", "AU")).toBe("123456123456712");
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (digits) => {
        const normal = normaliseAccountNumber(digits, "NZ");
        return normal.length === 16 && normal.slice(0, 13) === digits.slice(0, 13) && normal[13] === "0" && normal.slice(14) === digits.slice(13);
      })
    );
  });

  it("display by length: 16 ##-####-#######-###, 15 ##-####-#######-##, 11 and up to 10 spaced", () => {
    expect(formatAccountNumber("1234561234567123")).toBe("12-3456-1234567-123");
    expect(formatAccountNumber("123456123456712")).toBe("12-3456-1234567-12");
    expect(formatAccountNumber("12345678901")).toBe("123 456 789 01");
    expect(formatAccountNumber("1234567890")).toBe("123 456 789 0");
    expect(formatAccountNumber("12345678")).toBe("123 456 78");
    expect(formatAccountNumber("123456")).toBe("123 456");
    expect(formatAccountNumber("1234567890123")).toBe("1234567890123");
    expect(formatAccountNumber(null)).toBe("");
  });

  it("formatting never changes the digits", () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{0,20}$/), (digits) => digitsOnly(formatAccountNumber(digits)) === digits));
  });

  it("BSB ###-###", () => {
    expect(formatBsb("062000")).toBe("062-000");
    expect(formatBsb("062-000")).toBe("062-000");
    expect(formatBsb("06")).toBe("06");
  });

  it("input masks: NZ ##-####-#######-### up to 16 digits, AU ### ### ### # up to 10, BSB ###-###", () => {
    expect(maskAccountNumberInput("12", "NZ")).toBe("12");
    expect(maskAccountNumberInput("123", "NZ")).toBe("12-3");
    expect(maskAccountNumberInput("1234561234567123999", "NZ")).toBe("12-3456-1234567-123");
    expect(maskAccountNumberInput("12-3456-1234567-12", "NZ")).toBe("12-3456-1234567-12");
    expect(maskAccountNumberInput("1234", "AU")).toBe("123 4");
    expect(maskAccountNumberInput("123456789012", "AU")).toBe("123 456 789 0");
    expect(maskBsbInput("0620001")).toBe("062-000");
    expect(maskBsbInput("06a2")).toBe("062");
  });

  it("describe an account in one line", () => {
    expect(describeAccountDetails({ bankAccountNumber: "1234561234567123", bsb: null, payId: null })).toBe("12-3456-1234567-123");
    expect(describeAccountDetails({ bankAccountNumber: "12345678", bsb: "062000", payId: null })).toBe("BSB 062-000 · 123 456 78");
    expect(describeAccountDetails({ bankAccountNumber: null, bsb: null, payId: "pay@x.test" })).toBe("PayID pay@x.test");
  });

  it("lists AU accounts with number and BSB, or a PayID; others with a number (p1 §3)", () => {
    expect(isListedAccount("AU", { bankAccountNumber: "123456", bsb: "062000", payId: null })).toBe(true);
    expect(isListedAccount("AU", { bankAccountNumber: "123456", bsb: null, payId: null })).toBe(false);
    expect(isListedAccount("AU", { bankAccountNumber: null, bsb: null, payId: "p@x.test" })).toBe(true);
    expect(isListedAccount("NZ", { bankAccountNumber: "1234561234567123", bsb: null, payId: null })).toBe(true);
    expect(isListedAccount("NZ", { bankAccountNumber: null, bsb: null, payId: "p@x.test" })).toBe(false);
  });
});

describe("statement files by content", () => {
  it("recognises PDF, PNG and JPEG by their first bytes", () => {
    expect(sniffStatementType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffStatementType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR"))).toBe("image/png");
    expect(sniffStatementType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF"))).toBe("image/jpeg");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(sniffStatementType(bytes("GIF89a"))).toBeNull();
    expect(sniffStatementType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffStatementType(bytes("PK", 3, 4))).toBeNull();
    expect(sniffStatementType(bytes(" %PDF-1.7"))).toBeNull();
    expect(sniffStatementType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBeNull(); // signature without a header chunk
    expect(sniffStatementType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffStatementType(new Uint8Array())).toBeNull();
  });

  it("stores a clean file name with the extension of its real type", () => {
    expect(statementFileName("statement.pdf", "application/pdf")).toBe("statement.pdf");
    expect(statementFileName("C:\\Users\\me\\march.JPEG", "image/jpeg")).toBe("march.JPEG");
    expect(statementFileName("../../etc/passwd", "image/png")).toBe("passwd.png");
    expect(statementFileName('a"b<c>\u0000.pdf', "application/pdf")).toBe("abc.pdf");
    expect(statementFileName("", "application/pdf")).toBe("statement.pdf");
    expect(statementFileName("scan.pdf", "image/png")).toBe("scan.pdf.png");
    expect(statementFileName(`${"x".repeat(300)}.pdf`, "application/pdf")).toHaveLength(120);
  });
});

describe("the phone hint", () => {
  it("shows only the end of the phone number", () => {
    expect(maskPhoneNumber("+64211234567")).toBe("+64 ••••••567");
    expect(maskPhoneNumber(null)).toBe("");
  });
});

describe("verification", () => {
  const statuses: BankAccountStatus[] = ["UNVERIFIED", "VERIFICATION_PENDING", "VERIFIED", "VERIFICATION_FAILED", "DELETED"];
  it("admins review only a pending account with a statement (p3 §4.4)", () => {
    for (const status of statuses) {
      expect(canReviewStatement(status, true)).toBe(status === "VERIFICATION_PENDING");
      expect(canReviewStatement(status, false)).toBe(false);
    }
  });

  it("a statement is uploaded for an unverified or failed account only", () => {
    expect(statuses.filter(canUploadStatement)).toEqual(["UNVERIFIED", "VERIFICATION_FAILED"]);
  });
});

describe("withdrawal account card (p1 §4)", () => {
  it("no accounts: Add Bank Account", () => {
    expect(withdrawalCard({ accountCount: 0, defaultStatus: null, connectedToXero: false })).toEqual({
      state: "NO_ACCOUNTS",
      actions: ["ADD"],
      badge: null,
      failed: false,
    });
  });
  it("accounts but no default: Select Account", () => {
    expect(withdrawalCard({ accountCount: 2, defaultStatus: null, connectedToXero: true })).toEqual({
      state: "NO_DEFAULT",
      actions: ["SELECT"],
      badge: null,
      failed: false,
    });
  });
  it("default VERIFIED: Delete with the VERIFIED badge", () => {
    expect(withdrawalCard({ accountCount: 1, defaultStatus: "VERIFIED", connectedToXero: false })).toEqual({
      state: "DEFAULT",
      actions: ["DELETE"],
      badge: "VERIFIED",
      failed: false,
    });
  });
  it("default UNVERIFIED or VERIFICATION_FAILED: Verify and Delete, or Reset when connected to Xero", () => {
    expect(withdrawalCard({ accountCount: 1, defaultStatus: "UNVERIFIED", connectedToXero: false }).actions).toEqual(["VERIFY", "DELETE"]);
    expect(withdrawalCard({ accountCount: 1, defaultStatus: "UNVERIFIED", connectedToXero: true }).actions).toEqual(["VERIFY", "RESET"]);
    const failed = withdrawalCard({ accountCount: 1, defaultStatus: "VERIFICATION_FAILED", connectedToXero: false });
    expect(failed).toEqual({ state: "DEFAULT", actions: ["VERIFY", "DELETE"], badge: null, failed: true });
  });
  it("default pending: the Verification Pending badge", () => {
    expect(withdrawalCard({ accountCount: 1, defaultStatus: "VERIFICATION_PENDING", connectedToXero: false })).toEqual({
      state: "DEFAULT",
      actions: ["DELETE"],
      badge: "Verification Pending",
      failed: false,
    });
  });
});
