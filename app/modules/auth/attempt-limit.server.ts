/**
 * Attempt limits that hold under concurrency (issue 13 part 7, docs/decisions/032). A limit is "at most N failures per
 * key in a window"; counting the failures and recording this attempt happen in one transaction that holds an advisory
 * lock per key, and the attempt is recorded as a failure *before* it is evaluated. So twenty concurrent guesses can never
 * all read "4 failures so far": each one takes the lock in turn, and only the first N find room. Once evaluated, an
 * attempt is settled: kept as a failure, marked a success, or dropped (it decided nothing, e.g. a missing MFA code).
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";

/**
 * Takes a transaction-scoped advisory lock for each key, in sorted order, so two callers sharing keys never wait on
 * each other in opposite orders. Released when `t` ends.
 */
export async function lockAttemptKeys(t: Transaction, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await sequelize.query("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))", {
      type: QueryTypes.SELECT,
      replacements: { key: `attempt-limit:${key}` },
      transaction: t,
    });
  }
}

/** Runs `work` in a transaction holding the keys' locks (lockAttemptKeys). */
export async function underAttemptLocks<T>(keys: string[], work: (t: Transaction) => Promise<T>): Promise<T> {
  return sequelize.transaction(async (t) => {
    await lockAttemptKeys(t, keys);
    return work(t);
  });
}

/** How an attempt recorded ahead of its evaluation ends. */
export type AttemptOutcome = "failed" | "succeeded" | "uncounted";

/**
 * Evaluates an attempt already recorded as a failure (`claim`), then settles it: a thrown error keeps the failure
 * unless `outcomeOfError` says otherwise; a result is settled as `outcomeOfResult` says.
 */
export async function settleAttempt<Id, T>(
  claim: Id,
  evaluate: () => Promise<T>,
  settle: (claim: Id, outcome: AttemptOutcome) => Promise<unknown>,
  outcomes: { ofResult: (result: T) => AttemptOutcome; ofError?: (error: unknown) => AttemptOutcome }
): Promise<T> {
  let result: T;
  try {
    result = await evaluate();
  } catch (error) {
    const outcome = outcomes.ofError?.(error) ?? "failed";
    if (outcome !== "failed") await settle(claim, outcome);
    throw error;
  }
  const outcome = outcomes.ofResult(result);
  if (outcome !== "failed") await settle(claim, outcome);
  return result;
}
