import type { Actor } from "../../lib/actor";
import { isAdminActor } from "../../lib/actor";
import { GENERIC_ERROR, isAppError } from "../../lib/errors";

/** Pure rules of job records: no I/O. */
export const TERMINAL_JOB_STATUSES = ["SUCCEEDED", "FAILED", "CANCELLED"] as const;

/** Progress only reaches 100 through completion (the database CHECK ties SUCCEEDED to 100). */
export const MAX_PROGRESS_BEFORE_COMPLETION = 99;

export function isTerminalStatus(status: string): boolean {
  return (TERMINAL_JOB_STATUSES as readonly string[]).includes(status);
}

/** Whole percent in 0..99; a NaN or infinite value is a bug in the caller. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Job progress must be a finite number, got ${value}`);
  return Math.min(MAX_PROGRESS_BEFORE_COMPLETION, Math.max(0, Math.floor(value)));
}

/** Admins see every job; a company user sees only jobs of their own company (never system jobs). */
export function canSeeJob(actor: Actor, job: { companyId: number | null }): boolean {
  if (isAdminActor(actor)) return true;
  return actor.companyId !== null && job.companyId === actor.companyId;
}

/**
 * What a failed job shows to whoever polls it: an AppError's message (written for users), a string as given,
 * anything else the generic text (GUIDE rule 4; the details go to the log).
 */
export function failureMessage(error: unknown): string {
  if (isAppError(error)) return error.message;
  if (typeof error === "string" && error.trim()) return error.slice(0, 2000);
  return GENERIC_ERROR;
}

// ---------------------------------------------------------------------------------------------------------------
// Leases, retries and the reaper (issue 14 part 6)

/** First retry waits this long; each further one twice as long, up to MAX_RETRY_DELAY_MS. */
export const BASE_RETRY_DELAY_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** What a job shows when its worker stopped (killed, machine lost) and it cannot be resumed, or has no attempts left. */
export const WORKER_LOST_MESSAGE = "The job stopped because its worker stopped before it finished";

/** The wait before attempt `attempts + 1`, after `attempts` (1, 2, ...) have failed: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`Attempts must be a whole number from 1, got ${attempts}`);
  return Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.min(attempts - 1, 30));
}

export type FailureOutcome = { action: "RETRY"; delayMs: number } | { action: "FAIL" };

/**
 * After an attempt threw. An AppError is an expected outcome with a message for users (a wrong template): retrying
 * cannot change it, so it is final. Anything else is retried with backoff while attempts remain, if the job's kind
 * can be retried at all; the last failure is final and keeps its error.
 */
export function afterFailure(input: { error: unknown; attempts: number; maxAttempts: number; retryable: boolean }): FailureOutcome {
  if (!input.retryable || isAppError(input.error) || input.attempts >= input.maxAttempts) return { action: "FAIL" };
  return { action: "RETRY", delayMs: retryDelayMs(input.attempts) };
}

/**
 * A running job whose lease expired (its worker died): back to QUEUED to resume from its checkpoint when its kind
 * can resume and attempts remain; otherwise FAILED (an in-process job no queue can pick up again, or one that killed
 * its worker every time).
 */
export function afterLeaseExpired(input: { attempts: number; maxAttempts: number; resumable: boolean }): "REQUEUE" | "FAIL" {
  return input.resumable && input.attempts < input.maxAttempts ? "REQUEUE" : "FAIL";
}

/** The heartbeat renews a lease three times per lease period, so two missed beats still leave it held. */
export function heartbeatIntervalMs(leaseMs: number): number {
  if (!Number.isFinite(leaseMs) || leaseMs <= 0) throw new RangeError(`Lease must be a positive duration, got ${leaseMs}`);
  return Math.max(250, Math.floor(leaseMs / 3));
}

/** A lease is held while it has not expired; one that expires exactly now is expired. */
export function isLeaseExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() <= now.getTime();
}
