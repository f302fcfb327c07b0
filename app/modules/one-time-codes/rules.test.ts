import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterWrongCode, attemptsLeft, canResend, codeExpiry, codeState, resendAvailableAt } from "./rules";
import { CODE_REQUIRED, CODE_RESEND_INTERVAL_MS, CODE_TTL_MS, MAX_CODE_ATTEMPTS, OneTimeCodeSchema } from "./schema";

const now = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

describe("a code's state", () => {
  it("is open before expiry with fewer than 3 failures, locked at 3, expired at and after expiry, none without a code", () => {
    expect(codeState({ expiresAt: at(60_000), failedAttempts: 0 }, now)).toBe("OPEN");
    expect(codeState({ expiresAt: at(60_000), failedAttempts: 2 }, now)).toBe("OPEN");
    expect(codeState({ expiresAt: at(60_000), failedAttempts: 3 }, now)).toBe("LOCKED");
    expect(codeState({ expiresAt: now, failedAttempts: 0 }, now)).toBe("EXPIRED");
    expect(codeState({ expiresAt: at(-1), failedAttempts: 0 }, now)).toBe("EXPIRED");
    expect(codeState({ expiresAt: null, failedAttempts: 0 }, now)).toBe("NONE");
  });

  it("stays locked after expiry: only a new code opens it again", () => {
    expect(codeState({ expiresAt: at(-60_000), failedAttempts: 3 }, now)).toBe("LOCKED");
  });
});

describe("expiry", () => {
  it("is 10 minutes after the code is sent", () => {
    expect(CODE_TTL_MS).toBe(600_000);
    expect(codeExpiry(now).toISOString()).toBe("2026-11-22T10:10:00.000Z");
    expect(codeState({ expiresAt: codeExpiry(now), failedAttempts: 0 }, at(CODE_TTL_MS - 1))).toBe("OPEN");
    expect(codeState({ expiresAt: codeExpiry(now), failedAttempts: 0 }, at(CODE_TTL_MS))).toBe("EXPIRED");
  });
});

describe("failed attempts", () => {
  it("counts each wrong code; the third locks", () => {
    expect(MAX_CODE_ATTEMPTS).toBe(3);
    expect(afterWrongCode(0)).toEqual({ failedAttempts: 1, refusal: "INVALID" });
    expect(afterWrongCode(1)).toEqual({ failedAttempts: 2, refusal: "INVALID" });
    expect(afterWrongCode(2)).toEqual({ failedAttempts: 3, refusal: "LOCKED" });
    expect([0, 1, 2, 3, 4].map(attemptsLeft)).toEqual([3, 2, 1, 0, 0]);
  });

  it("a code is locked exactly when no attempts are left (property)", () => {
    fc.assert(
      fc.property(fc.nat(10), (failed) => {
        const state = codeState({ expiresAt: at(60_000), failedAttempts: failed }, now);
        expect(state === "LOCKED").toBe(attemptsLeft(failed) === 0);
      })
    );
  });
});

describe("the resend interval", () => {
  it("allows a new code 30 seconds after the last one was sent, and any time when none was", () => {
    expect(CODE_RESEND_INTERVAL_MS).toBe(30_000);
    const expiresAt = codeExpiry(now);
    expect(resendAvailableAt(expiresAt)?.toISOString()).toBe("2026-11-22T10:00:30.000Z");
    expect(canResend(expiresAt, now)).toBe(false);
    expect(canResend(expiresAt, at(29_999))).toBe(false);
    expect(canResend(expiresAt, at(30_000))).toBe(true);
    expect(canResend(null, now)).toBe(true);
    expect(resendAvailableAt(null)).toBeNull();
  });
});

describe("the code typed", () => {
  it("is six digits from one field or six boxes, spaces dropped; anything else is the spec's message", () => {
    expect(OneTimeCodeSchema.parse(" 123 456 ")).toBe("123456");
    expect(OneTimeCodeSchema.parse(["1", "2", "3", "4", "5", "6"])).toBe("123456");
    for (const bad of ["", "12345", "1234567", "12a456", null, undefined, 123456]) {
      const result = OneTimeCodeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(CODE_REQUIRED);
    }
  });
});
