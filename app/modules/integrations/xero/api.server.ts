/**
 * The Xero client (decision 055): the OAuth helpers (authorize URL with PKCE and login_hint, code exchange, refresh,
 * revocation, /connections) and `XeroApi`, one organisation's Accounting API. Addresses come from
 * accountingEndpoints() on every call (never cached at import), so tests and the emulator can move them.
 * Wire shapes are Xero's own (./types.ts): "/Date(ms+0000)/" dates (parseXeroDate) and decimal dollars (xeroCents).
 */
import { accountingEndpoints } from "../config.server";
import { AccountingApiError, basicAuth, isBearerRejection, Limiter, postForm, sendWithRetries, tokenSetFrom, type AccessTokenSource, type RetryPolicy, type TokenSet } from "../http.server";
import type {
  XeroAccount,
  XeroAccountInput,
  XeroAgedPayablesRow,
  XeroContact,
  XeroInvoice,
  XeroInvoiceInput,
  XeroListResource,
  XeroPayment,
  XeroPaymentInput,
  XeroPurchaseOrder,
  XeroTenantConnection,
} from "./types";

export { AccountingApiError } from "../http.server";
export type { TokenSet } from "../http.server";

/** A credit note as Earlybird reads it (the parts it uses). */
export interface XeroCreditNote {
  CreditNoteID: string;
  CreditNoteNumber?: string;
  Type: "ACCPAYCREDIT" | "ACCRECCREDIT";
  Contact: { ContactID: string; Name?: string };
  Date: string;
  Status: string;
  Total: number;
  RemainingCredit?: number;
  CurrencyCode?: string;
  UpdatedDateUTC: string;
  [key: string]: unknown;
}

/** The item type of each list resource. */
export interface XeroListItems {
  Contacts: XeroContact;
  Invoices: XeroInvoice;
  Accounts: XeroAccount;
  Payments: XeroPayment;
  PurchaseOrders: XeroPurchaseOrder;
  CreditNotes: XeroCreditNote;
}

export interface XeroListOptions {
  /** 1-based; Xero pages 100 records. */
  page?: number;
  /** Only records changed since (If-Modified-Since). */
  modifiedSince?: Date | string;
  where?: string;
  order?: string;
}

/** "/Date(1700000000000+0000)/" (or an ISO string) → Date; null when absent or unreadable. */
export function parseXeroDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value.trim());
  if (match) return new Date(Number(match[1]));
  const parsed = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

/** A Date as Xero's JSON date. */
export const formatXeroDate = (date: Date): string => `/Date(${date.getTime()}+0000)/`;

/** Decimal dollars → integer cents (rounded half away from zero). */
export function xeroCents(amount: number | string | null | undefined): number {
  const value = Number(amount ?? 0);
  if (!Number.isFinite(value)) return 0;
  return Math.sign(value) * Math.round(Math.abs(value) * 100);
}

/** Integer cents → decimal dollars for a request body. */
export const centsToXeroAmount = (cents: number): number => Math.round(cents) / 100;

function base64url(bytes: Buffer): string {
  return bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function xeroAuthorizeUrl({ state, codeChallenge, loginHint }: { state: string; codeChallenge: string; loginHint?: string | null }): string {
  const xero = accountingEndpoints().xero;
  const url = new URL(`${xero.loginUrl}/identity/connect/authorize`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", xero.clientId);
  url.searchParams.set("redirect_uri", xero.redirectUri);
  url.searchParams.set("scope", xero.scopes);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  return url.toString();
}

export { base64url as pkceEncode };

export async function exchangeXeroCode({ code, codeVerifier }: { code: string; codeVerifier: string }): Promise<TokenSet> {
  const xero = accountingEndpoints().xero;
  const body = await postForm(
    `${xero.identityUrl}/connect/token`,
    { grant_type: "authorization_code", code, redirect_uri: xero.redirectUri, code_verifier: codeVerifier },
    { Authorization: basicAuth(xero.clientId, xero.clientSecret) },
  );
  return tokenSetFrom(body);
}

export async function refreshXeroToken(refreshToken: string): Promise<TokenSet> {
  const xero = accountingEndpoints().xero;
  const body = await postForm(
    `${xero.identityUrl}/connect/token`,
    { grant_type: "refresh_token", refresh_token: refreshToken },
    { Authorization: basicAuth(xero.clientId, xero.clientSecret) },
  );
  return tokenSetFrom(body);
}

export async function revokeXeroToken(refreshToken: string): Promise<void> {
  const xero = accountingEndpoints().xero;
  await postForm(`${xero.identityUrl}/connect/revocation`, { token: refreshToken, token_type_hint: "refresh_token" }, { Authorization: basicAuth(xero.clientId, xero.clientSecret) });
}

/** The organisations a grant covers (GET /connections). */
export async function xeroTenants(accessToken: string): Promise<XeroTenantConnection[]> {
  const xero = accountingEndpoints().xero;
  const body = await sendWithRetries(new Limiter(1), async () => ({
    method: "GET",
    url: `${xero.apiUrl}/connections`,
    headers: { Authorization: `Bearer ${accessToken}` },
  }));
  return Array.isArray(body) ? (body as XeroTenantConnection[]) : [];
}

/** Removes one tenant connection of a grant (DELETE /connections/{id}). */
export async function deleteXeroTenantConnection(accessToken: string, connectionId: string): Promise<void> {
  const xero = accountingEndpoints().xero;
  await sendWithRetries(new Limiter(1), async () => ({
    method: "DELETE",
    url: `${xero.apiUrl}/connections/${encodeURIComponent(connectionId)}`,
    headers: { Authorization: `Bearer ${accessToken}` },
  }));
}

export interface XeroApiOptions {
  tenantId: string;
  /** Called per request; given `stale` after a 401 TokenExpired, it must return a refreshed token. */
  accessToken: AccessTokenSource;
  policy?: Partial<RetryPolicy>;
}

/** One organisation's Accounting API: ≤ 5 calls in flight, 429 and 5xx retried (bounded), AccountingApiError otherwise. */
export class XeroApi {
  readonly tenantId: string;
  /** HTTP requests sent (retries included). */
  calls = 0;
  private readonly accessToken: AccessTokenSource;
  private readonly limiter: Limiter;
  private readonly policy: Partial<RetryPolicy> | undefined;

  constructor({ tenantId, accessToken, policy }: XeroApiOptions) {
    this.tenantId = tenantId;
    this.accessToken = accessToken;
    this.policy = policy;
    this.limiter = new Limiter(Math.min(policy?.concurrency ?? 5, 5));
  }

  private async request(method: "GET" | "PUT" | "POST" | "DELETE", path: string, options: { query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> } = {}): Promise<unknown> {
    let used = "";
    const send = (stale?: string) =>
      sendWithRetries(
        this.limiter,
        async () => {
          const url = new URL(`${accountingEndpoints().xero.apiUrl}/api.xro/2.0/${path}`);
          for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
          used = await this.accessToken(stale ? { stale } : undefined);
          return { method, url: url.toString(), headers: { Authorization: `Bearer ${used}`, "xero-tenant-id": this.tenantId, ...options.headers }, body: options.body };
        },
        { policy: this.policy, onCall: () => (this.calls += 1) },
      );
    try {
      return await send();
    } catch (error) {
      // An access token that expired early (or was revoked and renewed elsewhere): refresh once and retry.
      if (isBearerRejection(error) && used) return send(used);
      throw error;
    }
  }

  async listPage<R extends XeroListResource>(resource: R, options: XeroListOptions = {}): Promise<Array<XeroListItems[R]>> {
    const headers: Record<string, string> = {};
    if (options.modifiedSince) {
      const since = typeof options.modifiedSince === "string" ? new Date(options.modifiedSince) : options.modifiedSince;
      headers["If-Modified-Since"] = since.toISOString().replace(/\.\d{3}Z$/, "");
    }
    const body = await this.request("GET", resource, {
      query: { page: resource === "Accounts" ? undefined : (options.page ?? 1), where: options.where, order: options.order },
      headers,
    });
    return listOf<XeroListItems[R]>(body, resource);
  }

  /** Reports/AgedPayablesByContact at a date ("YYYY-MM-DD"), flattened to one row per contact. */
  async agedPayables(date: string): Promise<XeroAgedPayablesRow[]> {
    const body = await this.request("GET", "Reports/AgedPayablesByContact", { query: { date } });
    return flattenAgedPayables(body);
  }

  async createInvoice(input: XeroInvoiceInput, idempotencyKey?: string): Promise<XeroInvoice> {
    const body = await this.request("PUT", "Invoices", { body: { Invoices: [input] }, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });
    return firstOf<XeroInvoice>(body, "Invoices");
  }

  async createPayment(input: XeroPaymentInput, idempotencyKey?: string): Promise<XeroPayment> {
    const body = await this.request("PUT", "Payments", { body: { Payments: [input] }, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });
    return firstOf<XeroPayment>(body, "Payments");
  }

  async accounts(): Promise<XeroAccount[]> {
    return this.listPage("Accounts");
  }

  async createAccount(input: XeroAccountInput, idempotencyKey?: string): Promise<XeroAccount> {
    const body = await this.request("PUT", "Accounts", { body: input, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });
    return firstOf<XeroAccount>(body, "Accounts");
  }
}

function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const list = body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? (list as T[]) : [];
}

function firstOf<T>(body: unknown, key: string): T {
  const [first] = listOf<T>(body, key);
  if (!first) throw new AccountingApiError(502, body, null, `Xero answered without ${key}`);
  return first;
}

interface ReportCell {
  Value?: string | number;
  Attributes?: Array<{ Id?: string; Value?: string }>;
}
interface ReportRow {
  RowType?: string;
  Title?: string;
  Cells?: ReportCell[];
  Rows?: ReportRow[];
}

/**
 * Xero's report shape → { contactId, contactName, amountDue } per bill row: Reports[0].Rows is a Header (Date,
 * Reference, Due Date, "", Total, Paid, Credited, Due), then a Section per contact (Title: its name) of Rows (cells
 * carry contactID and invoiceID attributes) and a SummaryRow. The amount is the "Due" column; a contact's rows are
 * summed by the caller.
 */
export function flattenAgedPayables(body: unknown): XeroAgedPayablesRow[] {
  const reports = body && typeof body === "object" ? (body as { Reports?: Array<{ Rows?: ReportRow[] }> }).Reports : undefined;
  const top = reports?.[0]?.Rows ?? [];
  const header = top.find((row) => row.RowType === "Header")?.Cells?.map((cell) => String(cell.Value ?? "").trim().toLowerCase()) ?? [];
  const dueIndex = header.lastIndexOf("due") >= 0 ? header.lastIndexOf("due") : header.lastIndexOf("total");
  const rows: XeroAgedPayablesRow[] = [];
  const visit = (list: ReportRow[], title: string | null) => {
    for (const row of list) {
      if (row.Rows) visit(row.Rows, row.Title ?? title);
      if (row.RowType !== "Row" || !row.Cells?.length) continue;
      const cells = row.Cells;
      const contactId = cells.flatMap((cell) => cell.Attributes ?? []).find((attribute) => attribute.Id?.toLowerCase() === "contactid")?.Value ?? "";
      const amountCell = cells[dueIndex >= 0 ? dueIndex : cells.length - 1];
      const amount = Number(amountCell?.Value ?? 0);
      // A per-contact section carries the name as its title; the summary (one row a contact) in its first cell.
      const contactName = title?.trim() || String(cells[0]?.Value ?? "").trim();
      rows.push({ contactId, contactName, amountDue: Number.isFinite(amount) ? amount : 0 });
    }
  };
  visit(top, null);
  return rows;
}
