/**
 * The HTTP edge shared by the Xero and MYOB clients (decision 055): bounded concurrency (≤ 5 calls in flight per
 * client), 429 → wait Retry-After then retry (bounded), 5xx → retry with backoff a few times, everything else →
 * AccountingApiError(status, problem, retryAfterSeconds).
 */

/** One OAuth token set as Earlybird keeps it (both providers). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string | null;
}

/** A provider call that failed for good: its HTTP status (0 for a network failure), the provider's problem body. */
export class AccountingApiError extends Error {
  readonly status: number;
  readonly problem: unknown;
  readonly retryAfterSeconds: number | null;
  /** The WWW-Authenticate header of a 401: "Bearer ..." (the access token) or "Basic ..." (MYOB company file credentials). */
  authenticate: string | null = null;

  constructor(status: number, problem: unknown, retryAfterSeconds: number | null = null, message?: string) {
    super(message ?? `Accounting API error ${status}${problemText(problem) ? `: ${problemText(problem)}` : ""}`);
    this.name = "AccountingApiError";
    this.status = status;
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function problemText(problem: unknown): string {
  if (problem === null || problem === undefined) return "";
  if (typeof problem === "string") return problem.slice(0, 300);
  if (typeof problem === "object") {
    const record = problem as Record<string, unknown>;
    // Xero's ValidationException: the useful words are in Elements[].ValidationErrors[].Message.
    const elements = record.Elements;
    if (Array.isArray(elements)) {
      const messages = elements.flatMap((element) => {
        const errors = element && typeof element === "object" ? (element as { ValidationErrors?: Array<{ Message?: unknown }> }).ValidationErrors : undefined;
        return Array.isArray(errors) ? errors.map((error) => (typeof error?.Message === "string" ? error.Message : "")).filter(Boolean) : [];
      });
      if (messages.length) return messages.join(" ").slice(0, 300);
    }
    for (const key of ["error_description", "Detail", "detail", "Message", "message", "error", "Title", "title"]) {
      if (typeof record[key] === "string") return (record[key] as string).slice(0, 300);
    }
    const errors = record.Errors;
    if (Array.isArray(errors) && errors[0] && typeof errors[0] === "object") {
      const first = errors[0] as Record<string, unknown>;
      if (typeof first.Message === "string") return first.Message.slice(0, 300);
    }
    try {
      return JSON.stringify(problem).slice(0, 300);
    } catch {
      return "";
    }
  }
  return String(problem).slice(0, 300);
}

export interface RetryPolicy {
  /** How many times a 429 is waited out and retried. */
  maxRateLimitRetries: number;
  /** How many times a 5xx or network failure is retried. */
  maxServerRetries: number;
  /** First backoff (ms), doubled each time. */
  backoffMs: number;
  /** Longest single Retry-After wait (s); longer ones are thrown to the caller. */
  maxRetryAfterSeconds: number;
  /** Calls in flight at once. */
  concurrency: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRateLimitRetries: 3,
  maxServerRetries: 3,
  backoffMs: 200,
  maxRetryAfterSeconds: 60,
  concurrency: 5,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A counting semaphore: at most `limit` holders. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  get inFlight(): number {
    return this.active;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * One call with the retry policy, under the limiter. `onCall` counts each HTTP request actually sent.
 * Returns the parsed body (JSON, or text, or null when empty).
 */
export async function sendWithRetries(
  limiter: Limiter,
  request: () => Promise<ApiRequest>,
  options: { policy?: Partial<RetryPolicy>; onCall?: () => void } = {},
): Promise<unknown> {
  return (await sendWithRetriesFull(limiter, request, options)).body;
}

/** Like sendWithRetries, also giving the answer's Location header (MYOB creates answer 201 with it). */
export async function sendWithRetriesFull(
  limiter: Limiter,
  request: () => Promise<ApiRequest>,
  options: { policy?: Partial<RetryPolicy>; onCall?: () => void } = {},
): Promise<{ body: unknown; location: string | null }> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  let rateLimited = 0;
  let failures = 0;
  for (;;) {
    const outcome = await limiter.run(async () => {
      const spec = await request();
      options.onCall?.();
      const headers: Record<string, string> = { Accept: "application/json", ...spec.headers };
      let body: string | undefined;
      if (spec.body !== undefined) {
        headers["Content-Type"] ??= "application/json";
        body = typeof spec.body === "string" ? spec.body : JSON.stringify(spec.body);
      }
      try {
        const response = await fetch(spec.url, { method: spec.method, headers, body, signal: AbortSignal.timeout(30_000) });
        return { response, parsed: await readBody(response) };
      } catch (error) {
        return { response: null, parsed: error instanceof Error ? error.message : String(error) };
      }
    });
    const { response, parsed } = outcome;
    if (response && response.ok) return { body: parsed, location: response.headers.get("location") };
    const status = response?.status ?? 0;
    const retryAfter = response ? retryAfterSeconds(response.headers.get("retry-after")) : null;
    if (status === 429) {
      const wait = retryAfter ?? 1;
      if (rateLimited < policy.maxRateLimitRetries && wait <= policy.maxRetryAfterSeconds) {
        rateLimited += 1;
        await sleep(wait * 1000);
        continue;
      }
      throw new AccountingApiError(429, parsed, wait);
    }
    if (status === 0 || status >= 500) {
      if (failures < policy.maxServerRetries) {
        await sleep(policy.backoffMs * 2 ** failures);
        failures += 1;
        continue;
      }
      throw new AccountingApiError(status, parsed, retryAfter);
    }
    const failure = new AccountingApiError(status, parsed, retryAfter);
    failure.authenticate = response?.headers.get("www-authenticate") ?? null;
    throw failure;
  }
}

/** A token source: `stale` is the token a call was refused with (401), so a fresh one is needed. */
export type AccessTokenSource = (options?: { stale?: string }) => Promise<string>;

/** Whether a 401 is about the bearer token (refresh and retry once) rather than, say, MYOB file credentials. */
export function isBearerRejection(error: unknown): boolean {
  if (!(error instanceof AccountingApiError) || error.status !== 401) return false;
  if (error.authenticate) return /^\s*bearer/i.test(error.authenticate);
  const text = JSON.stringify(error.problem ?? "");
  return !/cftoken|InvalidCredentials|company file/i.test(text);
}

/** A form-encoded POST to an OAuth token endpoint (no retries of 4xx; 5xx retried like any call). */
export async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const limiter = new Limiter(1);
  return sendWithRetries(limiter, async () => ({
    method: "POST",
    url,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  }));
}

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

/** A token endpoint's answer as a TokenSet. */
export function tokenSetFrom(body: unknown, now = Date.now()): TokenSet {
  const record = (body ?? {}) as Record<string, unknown>;
  const accessToken = record.access_token;
  const refreshToken = record.refresh_token;
  if (typeof accessToken !== "string" || typeof refreshToken !== "string") throw new AccountingApiError(502, body, null, "The token endpoint answered without tokens");
  const expiresIn = Number(record.expires_in ?? 1800);
  return {
    accessToken,
    refreshToken,
    expiresAt: new Date(now + (Number.isFinite(expiresIn) ? expiresIn : 1800) * 1000),
    scope: typeof record.scope === "string" ? record.scope : null,
  };
}
