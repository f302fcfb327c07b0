/**
 * SMS one-time codes (issue 14 part 4): one helper for activation's phone code and the bank account wizard's code.
 * A code is six random digits; only its argon2id hash is stored, with its expiry and the failed attempts (three lock
 * it until a new code is sent). Each caller keeps the code on its own row (users.sms_*, bank_accounts.code_*), writes
 * inside its own transaction under its row lock, and sends its own SMS text after the commit.
 */
import crypto from "node:crypto";
import { AppError } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { afterWrongCode, canResend, codeExpiry, codeState, type CodeRecord, type CodeRefusal } from "./rules";
import { CODE_DIGITS, CODE_EXPIRED, CODE_INVALID, CODE_LOCKED, CODE_RESEND_TOO_SOON } from "./schema";

export { attemptsLeft, codeState, resendAvailableAt, type CodeRecord, type CodeRefusal, type CodeState } from "./rules";

/** A new code to send, with what to store: its hash (never the code) and its expiry; failed attempts start at 0. */
export async function issueCode(now: Date): Promise<{ code: string; stored: { hash: string; expiresAt: Date; failedAttempts: 0 } }> {
  const code = String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
  return { code, stored: { hash: await hashPassword(code), expiresAt: codeExpiry(now), failedAttempts: 0 } };
}

/** 429 "Please wait 30 seconds..." on `field` while the last code is younger than the resend interval. */
export function assertResendAllowed(expiresAt: Date | null, now: Date, field = "code"): void {
  if (!canResend(expiresAt, now)) throw new AppError(429, CODE_RESEND_TOO_SOON, { code: "TOO_SOON", field });
}

export type CodeCheck =
  | { ok: true }
  /** `failedAttempts`: the count to store now (a wrong code was counted), or null when nothing changes. */
  | { ok: false; refusal: CodeRefusal; failedAttempts: number | null };

/**
 * Checks the typed code against the stored one (argon2's verify compares in constant time). Locked stays locked; an
 * expired code (or none) is refused without counting; a wrong code counts one attempt, the third locking the code.
 * The caller stores `failedAttempts` under its row lock and, after its transaction, throws `codeRefused(refusal)`.
 */
export async function checkCode(stored: CodeRecord & { hash: string | null }, typed: string, now: Date): Promise<CodeCheck> {
  const state = codeState({ expiresAt: stored.hash ? stored.expiresAt : null, failedAttempts: stored.failedAttempts }, now);
  if (state === "LOCKED") return { ok: false, refusal: "LOCKED", failedAttempts: null };
  if (state !== "OPEN") return { ok: false, refusal: "EXPIRED", failedAttempts: null };
  if (await verifyPassword(stored.hash, typed)) return { ok: true };
  return { ok: false, ...afterWrongCode(stored.failedAttempts) };
}

const REFUSALS: Record<CodeRefusal, { message: string; code: string }> = {
  LOCKED: { message: CODE_LOCKED, code: "CODE_LOCKED" },
  EXPIRED: { message: CODE_EXPIRED, code: "CODE_EXPIRED" },
  INVALID: { message: CODE_INVALID, code: "CODE_INVALID" },
};

/** The 400 a refused code answers, on the code field. */
export function codeRefused(refusal: CodeRefusal): AppError {
  const { message, code } = REFUSALS[refusal];
  return new AppError(400, message, { code, field: "code" });
}
