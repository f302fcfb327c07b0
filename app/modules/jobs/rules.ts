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
