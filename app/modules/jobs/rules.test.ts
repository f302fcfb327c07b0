import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { canSeeJob, clampProgress, failureMessage, isTerminalStatus } from "./rules";

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
