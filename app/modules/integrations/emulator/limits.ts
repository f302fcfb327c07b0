/**
 * Xero's rate limits, per tenant (calls a minute, calls a day, calls in flight) and per app (calls a minute across all
 * tenants), with its headers: X-DayLimit-Remaining, X-MinLimit-Remaining, X-AppMinLimit-Remaining, and over a limit
 * 429 with Retry-After (seconds) and X-Rate-Limit-Problem. Windows slide (a call counts for 60 s / 24 h from when it
 * was made); a refused call does not count. Also the emulator's fault injection (failNext) and call counters.
 */

export interface EmulatorLimits {
  /** Calls a minute per tenant (Xero: 60). */
  perMinute: number;
  /** Calls a day per tenant (Xero: 5,000). */
  perDay: number;
  /** Calls in flight per tenant (Xero: 5). */
  concurrent: number;
  /** Calls a minute per app across tenants (Xero: 10,000). */
  appPerMinute: number;
  /** Added latency of each API call, ms (0: none; the bench may set some to make concurrency matter). */
  latencyMs: number;
}

export const XERO_LIMITS: EmulatorLimits = { perMinute: 60, perDay: 5000, concurrent: 5, appPerMinute: 10_000, latencyMs: 0 };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Call times in a sliding window, oldest first, pruned as they age out. */
class Window {
  private times: number[] = [];
  private head = 0;

  constructor(private readonly span: number) {}

  count(now: number): number {
    while (this.head < this.times.length && this.times[this.head] <= now - this.span) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }

  /** Seconds until the `excess + 1`-th oldest call leaves the window. */
  retryAfter(now: number, limit: number): number {
    const index = this.head + Math.max(0, this.times.length - this.head - limit);
    const oldest = this.times[index] ?? now;
    return Math.max(1, Math.ceil((oldest + this.span - now) / 1000));
  }

  add(now: number): void {
    this.times.push(now);
  }
}

interface TenantUsage {
  minute: Window;
  day: Window;
  inFlight: number;
}

export type LimitProblem = "minute" | "day" | "concurrent" | "appminute";

export type Admission =
  | { ok: true; headers: Record<string, string>; done: () => void }
  | { ok: false; problem: LimitProblem; retryAfter: number; headers: Record<string, string> };

export class RateLimiter {
  limits: EmulatorLimits;
  private readonly initial: EmulatorLimits;
  private readonly tenants = new Map<string, TenantUsage>();
  private app = new Window(MINUTE);

  constructor(limits?: Partial<EmulatorLimits>) {
    this.initial = { ...XERO_LIMITS, ...limits };
    this.limits = { ...this.initial };
  }

  set(limits: Partial<EmulatorLimits>): EmulatorLimits {
    this.limits = { ...this.limits, ...Object.fromEntries(Object.entries(limits).filter(([, value]) => typeof value === "number" && Number.isFinite(value))) };
    return this.limits;
  }

  /** Forgets the calls made and restores the limits the emulator started with. */
  reset(): void {
    this.tenants.clear();
    this.app = new Window(MINUTE);
    this.limits = { ...this.initial };
  }

  /** Admits a call for `tenantId` or says which limit it is over. `done()` ends the call (frees its in-flight slot). */
  admit(tenantId: string, now = Date.now()): Admission {
    const usage = this.usage(tenantId);
    const { perMinute, perDay, concurrent, appPerMinute } = this.limits;
    const minuteUsed = usage.minute.count(now);
    const dayUsed = usage.day.count(now);
    const appUsed = this.app.count(now);
    const headers = (extra: number) => ({
      "X-DayLimit-Remaining": String(Math.max(0, perDay - dayUsed - extra)),
      "X-MinLimit-Remaining": String(Math.max(0, perMinute - minuteUsed - extra)),
      "X-AppMinLimit-Remaining": String(Math.max(0, appPerMinute - appUsed - extra)),
    });
    const refuse = (problem: LimitProblem, retryAfter: number): Admission => ({ ok: false, problem, retryAfter, headers: { ...headers(0), "Retry-After": String(retryAfter), "X-Rate-Limit-Problem": problem } });
    if (appUsed >= appPerMinute) return refuse("appminute", this.app.retryAfter(now, appPerMinute));
    if (dayUsed >= perDay) return refuse("day", usage.day.retryAfter(now, perDay));
    if (minuteUsed >= perMinute) return refuse("minute", usage.minute.retryAfter(now, perMinute));
    if (usage.inFlight >= concurrent) return refuse("concurrent", 1);
    usage.minute.add(now);
    usage.day.add(now);
    this.app.add(now);
    usage.inFlight += 1;
    let ended = false;
    return {
      ok: true,
      headers: headers(1),
      done: () => {
        if (ended) return;
        ended = true;
        usage.inFlight -= 1;
      },
    };
  }

  private usage(tenantId: string): TenantUsage {
    let usage = this.tenants.get(tenantId);
    if (!usage) {
      usage = { minute: new Window(MINUTE), day: new Window(DAY), inFlight: 0 };
      this.tenants.set(tenantId, usage);
    }
    return usage;
  }
}

/** Counts the API calls served per tenant or company file, and answers the next N with a failure when told to. */
export class CallLog {
  private readonly counts = new Map<string, number>();
  private failures: { count: number; status: number } = { count: 0, status: 503 };

  count(id: string): void {
    const key = id.toLowerCase();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  calls(id: string): number {
    return this.counts.get(id.toLowerCase()) ?? 0;
  }

  failNext(count: number, status = 503): void {
    this.failures = { count: Math.max(0, count), status };
  }

  /** The status to fail this call with, if any (consumes one). */
  takeFailure(): number | null {
    if (this.failures.count <= 0) return null;
    this.failures.count -= 1;
    return this.failures.status;
  }

  clear(): void {
    this.counts.clear();
    this.failures = { count: 0, status: 503 };
  }
}
