import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import {
  BASE_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  afterFailure,
  afterLeaseExpired,
  canSeeJob,
  clampProgress,
  failureMessage,
  heartbeatIntervalMs,
  isLeaseExpired,
  isTerminalStatus,
  retryDelayMs,
} from "./rules";

describe("jobs rules", () => {
  it("clamps progress to whole percent in 0..99", () => {
    expect([-5, 0, 12.9, 99, 100, 1e9].map(clampProgress)).toEqual([0, 0, 12, 99, 99, 99]);
    expect(() => clampProgress(Number.NaN)).toThrow(RangeError);
    expect(() => clampProgress(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("knows the terminal statuses", () => {
    expect(["QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"].map(isTerminalStatus)).toEqual([false, false, true, true, true]);
  });

  it("scopes visibility: admins all, company users their company only", () => {
    const admin = { userId: 1, companyId: null, roles: ["ROLE_ADMIN" as const] };
    const user = { userId: 2, companyId: 7, roles: ["ROLE_USER" as const] };
    const orphan = { userId: 3, companyId: null, roles: ["ROLE_USER" as const] };
    expect(canSeeJob(admin, { companyId: null })).toBe(true);
    expect(canSeeJob(admin, { companyId: 8 })).toBe(true);
    expect(canSeeJob(user, { companyId: 7 })).toBe(true);
    expect(canSeeJob(user, { companyId: 8 })).toBe(false);
    expect(canSeeJob(user, { companyId: null })).toBe(false);
    expect(canSeeJob(orphan, { companyId: null })).toBe(false);
  });

  it("shows AppError messages and strings, hides everything else", () => {
    expect(failureMessage(new AppError(400, "No rows"))).toBe("No rows");
    expect(failureMessage("Bank file rejected")).toBe("Bank file rejected");
    expect(failureMessage(new Error("ECONNRESET"))).toBe("Something went wrong");
    expect(failureMessage(undefined)).toBe("Something went wrong");
  });
});

describe("retries, leases and the reaper", () => {
  it("backs off exponentially from 30 s, capped at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (attempts) => {
        const delay = retryDelayMs(attempts);
        return delay >= BASE_RETRY_DELAY_MS && delay <= MAX_RETRY_DELAY_MS && retryDelayMs(attempts + 1) >= delay;
      })
    );
  });

  it("retries an unexpected error while attempts remain; an AppError, the last attempt or a kind without retries fails", () => {
    const crash = new Error("ECONNRESET");
    expect(afterFailure({ error: crash, attempts: 1, maxAttempts: 3, retryable: true })).toEqual({ action: "RETRY", delayMs: 30_000 });
    expect(afterFailure({ error: crash, attempts: 2, maxAttempts: 3, retryable: true })).toEqual({ action: "RETRY", delayMs: 60_000 });
    expect(afterFailure({ error: crash, attempts: 3, maxAttempts: 3, retryable: true })).toEqual({ action: "FAIL" });
    expect(afterFailure({ error: new AppError(400, "Incorrect template"), attempts: 1, maxAttempts: 3, retryable: true })).toEqual({ action: "FAIL" });
    expect(afterFailure({ error: crash, attempts: 1, maxAttempts: 3, retryable: false })).toEqual({ action: "FAIL" });
  });

  it("requeues an expired lease's job only when its kind resumes and attempts remain", () => {
    expect(afterLeaseExpired({ attempts: 1, maxAttempts: 5, resumable: true })).toBe("REQUEUE");
    expect(afterLeaseExpired({ attempts: 4, maxAttempts: 5, resumable: true })).toBe("REQUEUE");
    expect(afterLeaseExpired({ attempts: 5, maxAttempts: 5, resumable: true })).toBe("FAIL");
    expect(afterLeaseExpired({ attempts: 1, maxAttempts: 5, resumable: false })).toBe("FAIL");
  });

  it("beats three times per lease, never faster than 4 times a second, and counts an expiry at the instant as expired", () => {
    expect(heartbeatIntervalMs(60_000)).toBe(20_000);
    expect(heartbeatIntervalMs(2_000)).toBe(666);
    expect(heartbeatIntervalMs(100)).toBe(250);
    expect(() => heartbeatIntervalMs(0)).toThrow(RangeError);
    const now = new Date("2026-11-26T12:00:00Z");
    expect(isLeaseExpired(new Date("2026-11-26T12:00:01Z"), now)).toBe(false);
    expect(isLeaseExpired(now, now)).toBe(true);
    expect(isLeaseExpired(null, now)).toBe(true);
  });
});
