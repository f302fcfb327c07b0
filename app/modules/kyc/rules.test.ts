import { describe, expect, it } from "vitest";
import { companyVerificationStatus, detectImageType } from "./rules";

describe("company verification follows its people", () => {
  it("moves NOT_VERIFIED → PARTIALLY_VERIFIED → VERIFICATION_PENDING → VERIFIED", () => {
    expect(companyVerificationStatus(["NOT_VERIFIED", "NOT_VERIFIED"], false)).toBe("NOT_VERIFIED");
    expect(companyVerificationStatus(["VERIFICATION_FAILED", "NOT_VERIFIED"], true)).toBe("NOT_VERIFIED");
    expect(companyVerificationStatus(["VERIFIED", "NOT_VERIFIED"], true)).toBe("PARTIALLY_VERIFIED");
    expect(companyVerificationStatus(["VERIFIED", "VERIFICATION_FAILED"], true)).toBe("PARTIALLY_VERIFIED");
    expect(companyVerificationStatus(["VERIFIED", "VERIFICATION_PENDING"], false)).toBe("PARTIALLY_VERIFIED");
    expect(companyVerificationStatus(["VERIFIED", "VERIFICATION_PENDING"], true)).toBe("VERIFICATION_PENDING");
    expect(companyVerificationStatus(["VERIFIED", "VERIFIED"], false)).toBe("PARTIALLY_VERIFIED");
    expect(companyVerificationStatus(["VERIFIED", "VERIFIED"], true)).toBe("VERIFIED");
    expect(companyVerificationStatus([], true)).toBe("NOT_VERIFIED");
  });
});

describe("identity documents are typed by their bytes", () => {
  it("knows JPEG and PNG signatures and nothing else", () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectImageType(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
