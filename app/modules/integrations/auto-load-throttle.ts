/**
 * The automatic load's in-process throttle (p1 §4, decision 057): when each company was last checked for a sync to
 * start, so a page view does not query for it every time. A new connection forgets its company's check, so the first
 * page after connecting starts the first load at once rather than up to a minute later.
 */
const lastChecked = new Map<number, number>();

/** True (and noted) when the company was not checked within the last `intervalMs`. */
export function autoLoadCheckDue(companyId: number, now: number, intervalMs: number): boolean {
  if (now - (lastChecked.get(companyId) ?? 0) < intervalMs) return false;
  lastChecked.set(companyId, now);
  return true;
}

export function forgetAutoLoadCheck(companyId?: number): void {
  if (companyId === undefined) lastChecked.clear();
  else lastChecked.delete(companyId);
}
