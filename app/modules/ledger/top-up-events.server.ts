/**
 * What the ledger tells the rest of the product when a top-up ends (GUIDE "When a lower module must react to a higher
 * one's event"): an in-transaction listener registry, so the ledger imports nothing from the modules that care (offers).
 *
 * - Listeners run inside the database transaction that completes or closes the top-up (creditTopUp, cancelTopUp,
 *   expireTopUps), with the top-up row locked, one after the other in registration order; a listener that throws rolls
 *   the whole transaction back (the top-up stays as it was), exactly as if its work were written inline.
 * - A completion listener may name the companies whose wallets it will move: creditTopUp locks all of them, with the
 *   credited company's, in one account id order before the credit (decision 031), so no listener locks a wallet late.
 * - Each process that can complete a top-up registers its listeners once at start-up (offers:
 *   registerOfferTopUpListeners in app/modules/offers/top-up-listeners.server.ts, called by server.ts, the Remix
 *   server entry, the job worker, the CLI and the test setup). Publishing with no listener at all is a wiring bug, and
 *   fails loudly rather than completing a top-up whose offers would never hear of it.
 */
import type { Transaction } from "sequelize";
import type { TopUp } from "../../../db/models/index";

export type TopUpCloseReason = "CANCELLED" | "EXPIRED";

/** Runs in the completing transaction; `topUp` is already COMPLETED, its companyId the credited company. */
export type TopUpCompletedListener = (t: Transaction, topUp: TopUp) => Promise<unknown>;
/** Runs in the closing transaction; `topUp` is already CANCELLED or EXPIRED. */
export type TopUpClosedListener = (t: Transaction, topUp: TopUp, reason: TopUpCloseReason) => Promise<unknown>;
/** The companies (besides `companyId`, the one credited) whose wallets a completion listener may move. */
export type WalletsMovedOnCompletion = (t: Transaction, topUp: TopUp, companyId: number) => Promise<number[]>;

interface CompletedEntry {
  listener: TopUpCompletedListener;
  walletsMoved: WalletsMovedOnCompletion | null;
}

const completedListeners: CompletedEntry[] = [];
const closedListeners: TopUpClosedListener[] = [];

/** Subscribes to top-up completions; returns the unsubscribe function (for tests). */
export function onTopUpCompleted(listener: TopUpCompletedListener, options: { walletsMoved?: WalletsMovedOnCompletion } = {}): () => void {
  const entry: CompletedEntry = { listener, walletsMoved: options.walletsMoved ?? null };
  completedListeners.push(entry);
  return () => removeFrom(completedListeners, entry);
}

/** Subscribes to top-ups being cancelled or expiring; returns the unsubscribe function (for tests). */
export function onTopUpClosed(listener: TopUpClosedListener): () => void {
  closedListeners.push(listener);
  return () => removeFrom(closedListeners, listener);
}

function removeFrom<T>(list: T[], item: T): void {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
}

function assertWired(): void {
  if (completedListeners.length === 0 && closedListeners.length === 0) {
    throw new Error("No top-up listeners are registered in this process: call registerOfferTopUpListeners() at start-up");
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing: only top-ups.server.ts calls these.

/** Every wallet completing `topUp` for `companyId` may move: the company's own first, then each listener's. */
export async function walletsMovedOnCompletion(t: Transaction, topUp: TopUp, companyId: number): Promise<number[]> {
  assertWired();
  const companies = [companyId];
  for (const { walletsMoved } of completedListeners) {
    if (walletsMoved) companies.push(...(await walletsMoved(t, topUp, companyId)));
  }
  return companies;
}

export async function publishTopUpCompleted(t: Transaction, topUp: TopUp): Promise<void> {
  assertWired();
  // A copy: a listener (un)subscribing while it runs does not change this round.
  for (const { listener } of [...completedListeners]) await listener(t, topUp);
}

export async function publishTopUpClosed(t: Transaction, topUp: TopUp, reason: TopUpCloseReason): Promise<void> {
  assertWired();
  for (const listener of [...closedListeners]) await listener(t, topUp, reason);
}
