/**
 * The deliveries started after a commit in this process (issue 18 part 5): tracked so a process that is about to close
 * its database pool (a job worker, a CLI command, a test) can wait for them first. A delivery cut short is not lost
 * (its push is retried by the push-accounting job once its claim lapses), only late. No imports: cheap to load.
 */
const inFlight = new Set<Promise<unknown>>();

export function trackDelivery(work: Promise<unknown>, onError: (error: unknown) => void): void {
  const guarded = work.catch(onError);
  inFlight.add(guarded);
  void guarded.finally(() => inFlight.delete(guarded));
}

/** Resolves when every delivery started after a commit in this process has ended. */
export async function settleAccountingPushes(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
