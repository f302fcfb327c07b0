import { describe, expect, it } from "vitest";
import { CANNOT_PAY_NOW, parseExpiryDate, parsePromptPaymentAmount, payNowOutcome, type PayNowResponse } from "./supplier-offers.schema";

const answer = (status: PayNowResponse["status"], results: PayNowResponse["invoicesExecutionResult"], topUpId: number | null = null): PayNowResponse => ({
  status,
  invoicesExecutionResult: results,
  topUpId,
  alreadyPaid: false,
});

describe("payNowOutcome (p2 §4 Pay Now)", () => {
  it("reads SUCCESS, a top-up under way, and a FAILED result whose first invoice is PENDING as success", () => {
    expect(payNowOutcome(answer("SUCCESS", [{ invoiceId: 1, status: "SUCCESS", reason: null }]))).toEqual({ kind: "paid" });
    expect(payNowOutcome(answer("TOPUP_PENDING", [{ invoiceId: 1, status: "TOPUP_PENDING", reason: null }], 7))).toEqual({ kind: "topup", topUpId: 7 });
    expect(
      payNowOutcome(
        answer("FAILED", [
          { invoiceId: 1, status: "PENDING", reason: "Waiting for funds" },
          { invoiceId: 2, status: "FAILED", reason: "Nope" },
        ])
      )
    ).toEqual({ kind: "paid" });
  });

  it("otherwise shows the first invoice's reason", () => {
    expect(
      payNowOutcome(
        answer("FAILED", [
          { invoiceId: 1, status: "FAILED", reason: "Invoice has already been paid" },
          { invoiceId: 2, status: "FAILED", reason: "Other" },
        ])
      )
    ).toEqual({ kind: "failed", message: "Invoice has already been paid" });
    expect(payNowOutcome(answer("FAILED", []))).toEqual({ kind: "failed", message: CANNOT_PAY_NOW });
  });
});

describe("prompt payment inputs", () => {
  it("reads the currency input's text as cents, or no amount", () => {
    expect(parsePromptPaymentAmount("$1,234.50")).toBe(123_450);
    expect(parsePromptPaymentAmount("12.")).toBe(1_200);
    expect(parsePromptPaymentAmount("5")).toBe(500);
    for (const bad of ["", " ", "abc", "1.234", "-", null, undefined]) expect(parsePromptPaymentAmount(bad)).toBeNull();
  });

  it("reads YYYY-MM-DD and D/M/YYYY dates, refusing impossible ones", () => {
    expect(parseExpiryDate("2027-3-5")).toBe("2027-03-05");
    expect(parseExpiryDate("5/3/2027")).toBe("2027-03-05");
    expect(parseExpiryDate("31/02/2027")).toBe("");
    expect(parseExpiryDate(undefined)).toBe("");
  });
});
