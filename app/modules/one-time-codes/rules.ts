/**
 * Pure rules of SMS one-time codes (issue 14 part 4), shared by activation and bank accounts: a code's state, its
 * expiry, the resend interval and the failed-attempt lockout. No I/O; the service (hashing, the random code) and the
 * callers (their own columns, their own SMS text) build on these.
 */
import { CODE_RESEND_INTERVAL_MS, CODE_TTL_MS, MAX_CODE_ATTEMPTS } from "./schema";

export type CodeState = "NONE" | "LOCKED" | "EXPIRED" | "OPEN";

/** A stored code as the rules see it: no expiry means no code. */
export interface CodeRecord {
  expiresAt: Date | null;
  failedAttempts: number;
}

/** Where a code stands: none sent, locked after 3 failures (until a new code), expired, or open. */
export function codeState(code: CodeRecord, now: Date): CodeState {
  if (!code.expiresAt) return "NONE";
  if (code.failedAttempts >= MAX_CODE_ATTEMPTS) return "LOCKED";
  if (code.expiresAt.getTime() <= now.getTime()) return "EXPIRED";
  return "OPEN";
}

/** The tries left before the lock. */
export const attemptsLeft = (failedAttempts: number) => Math.max(0, MAX_CODE_ATTEMPTS - failedAttempts);

/** When a code sent at `now` expires. */
export const codeExpiry = (now: Date) => new Date(now.getTime() + CODE_TTL_MS);

/** When the next code may be asked for: the resend interval after the last one was sent; null when none was. */
export function resendAvailableAt(expiresAt: Date | null): Date | null {
  return expiresAt ? new Date(expiresAt.getTime() - CODE_TTL_MS + CODE_RESEND_INTERVAL_MS) : null;
}

/** A new code may be sent: none was, or the last one is at least the resend interval old. */
export function canResend(expiresAt: Date | null, now: Date): boolean {
  const available = resendAvailableAt(expiresAt);
  return !available || now.getTime() >= available.getTime();
}

export type CodeRefusal = "LOCKED" | "EXPIRED" | "INVALID";

/** A wrong code counts one failed attempt; the one that reaches the limit locks the code. */
export function afterWrongCode(failedAttempts: number): { failedAttempts: number; refusal: "LOCKED" | "INVALID" } {
  const attempts = failedAttempts + 1;
  return { failedAttempts: attempts, refusal: attempts >= MAX_CODE_ATTEMPTS ? "LOCKED" : "INVALID" };
}
