import { describe, expect, it } from "vitest";
import {
  AMOUNT_EXCEEDS_AVAILABLE,
  AMOUNT_INVALID,
  AMOUNT_TOO_LOW,
  BLOCK_MESSAGES,
  checkAgainstFunds,
  COULD_NOT_FETCH_STATUS,
  GET_VERIFIED_TITLE,
  isPayableDestination,
  NO_DEFAULT_ACCOUNT_HINT,
  NO_SYSTEM_ACCOUNT,
  parseWithdrawalAmount,
  placedTitle,
  SUCCESS_UPDATED,
  TITLE_PENDING,
  TITLE_SUCCESSFUL,
  TRANSFER_TIME,
  VERIFICATION_FAILED_MESSAGE,
  withdrawBlock,
  type WithdrawState,
} from "./withdrawals.schema";
import type { Cents } from "../../lib/money";

describe("the spec's texts", () => {
  it("are verbatim", () => {
    expect(AMOUNT_TOO_LOW).toBe("Withdrawal amount must be equal to or higher than $1");
    expect(AMOUNT_EXCEEDS_AVAILABLE).toBe("The amount entered exceeds the available balance. Please enter a lower amount.");
    expect(NO_SYSTEM_ACCOUNT).toBe("No system bank account, please contact the provider");
    expect(NO_DEFAULT_ACCOUNT_HINT).toBe("Add a default bank account to withdraw funds from Earlybird");
    expect(TITLE_SUCCESSFUL).toBe("Withdrawal Successful");
    expect(TITLE_PENDING).toBe("Withdrawal Pending");
    expect(TRANSFER_TIME).toBe("Bank transfer may take up to 2 hours.");
    expect(COULD_NOT_FETCH_STATUS).toBe("Could not fetch status");
    expect(SUCCESS_UPDATED).toBe("Success updated");
    expect(GET_VERIFIED_TITLE).toBe("Let's get verified");
    expect(VERIFICATION_FAILED_MESSAGE).toBe("Verification failed. Please try again.");
  });
});

describe("parseWithdrawalAmount", () => {
  it.each([
    ["1", 100],
    ["1.00", 100],
    ["$1,234.5", 123_450],
    [" 12 ", 1_200],
    ["0.1e3", null],
  ])("%s", (input, cents) => {
    const parsed = parseWithdrawalAmount(input);
    if (cents === null) expect(parsed).toEqual({ ok: false, message: AMOUNT_INVALID });
    else expect(parsed).toEqual({ ok: true, cents });
  });

  it("gives the $1 message below the minimum or when empty, and the invalid one for anything not an amount", () => {
    for (const input of ["", "   ", "0", "0.99", "-3", undefined, null]) expect(parseWithdrawalAmount(input)).toEqual({ ok: false, message: AMOUNT_TOO_LOW });
    for (const input of ["abc", "1.234", "1..2", "12a", "1 000"]) expect(parseWithdrawalAmount(input)).toEqual({ ok: false, message: AMOUNT_INVALID });
  });

  it("checks Funds Available to the cent", () => {
    expect(checkAgainstFunds(10_001 as Cents, 10_000 as Cents)).toBe(AMOUNT_EXCEEDS_AVAILABLE);
    expect(checkAgainstFunds(10_000 as Cents, 10_000 as Cents)).toBeNull();
  });
});

describe("withdrawBlock (p1 §4 blocking states)", () => {
  const ok: WithdrawState = { companyVerified: true, hasSystemAccount: true, hasPendingWithdrawal: false, destination: { status: "VERIFIED", payable: true } };

  it("lets a verified default account, or one waiting for verification, through", () => {
    expect(withdrawBlock(ok)).toBeNull();
    expect(withdrawBlock({ ...ok, destination: { status: "VERIFICATION_PENDING", payable: true } })).toBeNull();
  });

  it("names the first reason that blocks", () => {
    expect(withdrawBlock({ ...ok, companyVerified: false, hasSystemAccount: false })).toBe("COMPANY_NOT_VERIFIED");
    expect(withdrawBlock({ ...ok, hasSystemAccount: false, destination: null })).toBe("NO_SYSTEM_ACCOUNT");
    expect(withdrawBlock({ ...ok, destination: null, hasPendingWithdrawal: true })).toBe("NO_ACCOUNT");
    expect(withdrawBlock({ ...ok, destination: { status: "DELETED", payable: true } })).toBe("NO_ACCOUNT");
    expect(withdrawBlock({ ...ok, hasPendingWithdrawal: true, destination: { status: "UNVERIFIED", payable: true } })).toBe("PENDING_WITHDRAWAL");
    expect(withdrawBlock({ ...ok, destination: { status: "UNVERIFIED", payable: true } })).toBe("ACCOUNT_UNVERIFIED");
    expect(withdrawBlock({ ...ok, destination: { status: "VERIFICATION_FAILED", payable: true } })).toBe("ACCOUNT_UNVERIFIED");
    expect(withdrawBlock({ ...ok, destination: { status: "VERIFIED", payable: false } })).toBe("ACCOUNT_NOT_PAYABLE");
    expect(BLOCK_MESSAGES.NO_ACCOUNT).toBe(NO_DEFAULT_ACCOUNT_HINT);
    expect(BLOCK_MESSAGES.NO_SYSTEM_ACCOUNT).toBe(NO_SYSTEM_ACCOUNT);
  });

  it("titles the placed step by the account's status", () => {
    expect(placedTitle("VERIFICATION_PENDING")).toBe(TITLE_PENDING);
    expect(placedTitle("VERIFIED")).toBe(TITLE_SUCCESSFUL);
  });
});

describe("destinations", () => {
  it("AU needs a BSB and up to 9 digits; NZ a 15 or 16 digit number", () => {
    expect(isPayableDestination("AU", { bsb: "062000", bankAccountNumber: "12345678" })).toBe(true);
    expect(isPayableDestination("AU", { bsb: null, bankAccountNumber: "12345678" })).toBe(false);
    expect(isPayableDestination("AU", { bsb: "062000", bankAccountNumber: "1234567890" })).toBe(false);
    expect(isPayableDestination("NZ", { bsb: null, bankAccountNumber: "1202330123456000" })).toBe(true);
    expect(isPayableDestination("NZ", { bsb: null, bankAccountNumber: "12345678" })).toBe(false);
  });
});
