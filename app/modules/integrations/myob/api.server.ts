/**
 * The MYOB client (decision 055): the OAuth helpers (authorize URL with the product's scope and login_hint, code
 * exchange, refresh; MYOB has no revocation endpoint) and `MyobApi`: the company files of a grant and one file's
 * entities. Every call sends x-myobapi-key (the client id), x-myobapi-version v2, and for a company file
 * x-myobapi-cftoken base64(user:password). Addresses come from accountingEndpoints() on every call.
 */
import { accountingEndpoints } from "../config.server";
import { AccountingApiError, isBearerRejection, Limiter, postForm, sendWithRetriesFull, tokenSetFrom, type AccessTokenSource, type RetryPolicy, type TokenSet } from "../http.server";
import type { MyobAccount, MyobBill, MyobCompanyFile, MyobInvoice, MyobPage, MyobPaymentInput } from "./types";

export { AccountingApiError } from "../http.server";
export type { TokenSet } from "../http.server";

export type MyobProduct = "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT";

export function myobAuthorizeUrl({ state, product, loginHint, codeChallenge }: { state: string; product: MyobProduct; loginHint?: string | null; codeChallenge?: string }): string {
  const myob = accountingEndpoints().myob;
  const url = new URL(`${myob.secureUrl}/oauth2/account/authorize`);
  url.searchParams.set("client_id", myob.clientId);
  url.searchParams.set("redirect_uri", myob.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", myob.scopes[product]);
  url.searchParams.set("state", state);
  if (codeChallenge) {
    url.searchParams.set("code_challenge", codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  return url.toString();
}

export async function exchangeMyobCode({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<TokenSet> {
  const myob = accountingEndpoints().myob;
  const form: Record<string, string> = {
    client_id: myob.clientId,
    client_secret: myob.clientSecret,
    grant_type: "authorization_code",
    code,
    redirect_uri: myob.redirectUri,
  };
  if (codeVerifier) form.code_verifier = codeVerifier;
  return tokenSetFrom(await postForm(`${myob.secureUrl}/oauth2/v1/authorize`, form));
}

export async function refreshMyobToken(refreshToken: string): Promise<TokenSet> {
  const myob = accountingEndpoints().myob;
  return tokenSetFrom(
    await postForm(`${myob.secureUrl}/oauth2/v1/authorize`, {
      client_id: myob.clientId,
      client_secret: myob.clientSecret,
      grant_type: "refresh_token",
      refresh_token: refreshToken,
    }),
  );
}

export interface MyobCredentials {
  username: string;
  password: string;
}

export interface MyobListOptions {
  top?: number;
  skip?: number;
  filter?: string;
  orderby?: string;
}

export interface MyobApiOptions {
  /** The access token, or a function giving a fresh one per call (given `stale` after a 401, a refreshed one). */
  accessToken: string | AccessTokenSource;
  /** The company file's Uri (from companyFiles()); needed for everything but companyFiles(). */
  companyFileUri?: string | null;
  credentials?: MyobCredentials | null;
  policy?: Partial<RetryPolicy>;
}

/** A created entity: MYOB answers 201 with a Location; `?returnBody=true` adds the body. */
export interface MyobCreated<T> {
  uid: string;
  location: string | null;
  entity: T | null;
}

export const myobCfToken = (credentials: MyobCredentials): string => Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64");

export class MyobApi {
  /** HTTP requests sent (retries included). */
  calls = 0;
  readonly companyFileUri: string | null;
  private readonly token: AccessTokenSource;
  private readonly credentials: MyobCredentials | null;
  private readonly limiter: Limiter;
  private readonly policy: Partial<RetryPolicy> | undefined;

  constructor({ accessToken, companyFileUri, credentials, policy }: MyobApiOptions) {
    this.token = typeof accessToken === "string" ? async () => accessToken : accessToken;
    this.companyFileUri = companyFileUri ? companyFileUri.replace(/\/+$/, "") : null;
    this.credentials = credentials ?? null;
    this.policy = policy;
    this.limiter = new Limiter(Math.min(policy?.concurrency ?? 5, 5));
  }

  private async send(method: "GET" | "POST" | "PUT" | "DELETE", url: string, options: { body?: unknown; headers?: Record<string, string>; file?: boolean } = {}) {
    try {
      return await this.sendOnce(method, url, options);
    } catch (error) {
      if (isBearerRejection(error) && this.lastToken) return this.sendOnce(method, url, options, this.lastToken);
      throw error;
    }
  }

  private lastToken = "";

  private async sendOnce(method: "GET" | "POST" | "PUT" | "DELETE", url: string, options: { body?: unknown; headers?: Record<string, string>; file?: boolean }, stale?: string) {
    return sendWithRetriesFull(
      this.limiter,
      async () => {
        this.lastToken = await this.token(stale ? { stale } : undefined);
        const headers: Record<string, string> = {
          Authorization: `Bearer ${this.lastToken}`,
          "x-myobapi-key": accountingEndpoints().myob.clientId,
          "x-myobapi-version": "v2",
          ...options.headers,
        };
        if (options.file !== false && this.credentials) headers["x-myobapi-cftoken"] = myobCfToken(this.credentials);
        return { method, url, headers, body: options.body };
      },
      { policy: this.policy, onCall: () => (this.calls += 1) },
    );
  }

  private fileUrl(path: string): string {
    if (!this.companyFileUri) throw new AccountingApiError(400, null, null, "No MYOB company file selected");
    return `${this.companyFileUri}/${path.replace(/^\/+/, "")}`;
  }

  /** The company files the grant can open (GET {api}/accountright/). */
  async companyFiles(): Promise<MyobCompanyFile[]> {
    const { body } = await this.send("GET", `${accountingEndpoints().myob.apiUrl}/accountright/`, { file: false });
    if (Array.isArray(body)) return body as MyobCompanyFile[];
    const items = body && typeof body === "object" ? (body as { Items?: unknown }).Items : undefined;
    return Array.isArray(items) ? (items as MyobCompanyFile[]) : [];
  }

  /** Opens the file (GET {Uri}/) with the credentials: AccountingApiError 401 when they are missing or wrong. */
  async checkFile(): Promise<void> {
    await this.send("GET", `${this.fileUrl("")}`);
  }

  async listPage<T>(entityPath: string, options: MyobListOptions = {}): Promise<MyobPage<T>> {
    const url = new URL(this.fileUrl(entityPath));
    if (options.top !== undefined) url.searchParams.set("$top", String(options.top));
    if (options.skip !== undefined) url.searchParams.set("$skip", String(options.skip));
    if (options.filter) url.searchParams.set("$filter", options.filter);
    if (options.orderby) url.searchParams.set("$orderby", options.orderby);
    const { body } = await this.send("GET", url.toString());
    const page = (body ?? {}) as Partial<MyobPage<T>>;
    return { Items: Array.isArray(page.Items) ? page.Items : [], NextPageLink: page.NextPageLink ?? null, Count: Number(page.Count ?? 0) };
  }

  /** Follows a page's NextPageLink. */
  async nextPage<T>(nextPageLink: string): Promise<MyobPage<T>> {
    const { body } = await this.send("GET", nextPageLink);
    const page = (body ?? {}) as Partial<MyobPage<T>>;
    return { Items: Array.isArray(page.Items) ? page.Items : [], NextPageLink: page.NextPageLink ?? null, Count: Number(page.Count ?? 0) };
  }

  async get<T>(entityPath: string): Promise<T> {
    const { body } = await this.send("GET", this.fileUrl(entityPath));
    return body as T;
  }

  /** POST an entity (returnBody=true); the UID from the body or the Location. */
  async create<T extends { UID?: string }>(entityPath: string, input: unknown, idempotencyKey?: string): Promise<MyobCreated<T>> {
    const url = new URL(this.fileUrl(entityPath));
    url.searchParams.set("returnBody", "true");
    const { body, location } = await this.send("POST", url.toString(), { body: input, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} });
    const entity = body && typeof body === "object" ? (body as T) : null;
    const uid = entity?.UID ?? (location ? (location.replace(/\/+$/, "").split("/").pop() ?? "") : "");
    if (!uid) throw new AccountingApiError(502, body, null, "MYOB answered a create without a UID");
    return { uid, location, entity };
  }

  async createBill(input: Partial<MyobBill> & Record<string, unknown>, idempotencyKey?: string): Promise<MyobCreated<MyobBill>> {
    return this.create<MyobBill>("Purchase/Bill/Service", input, idempotencyKey);
  }

  async createInvoice(input: Partial<MyobInvoice> & Record<string, unknown>, idempotencyKey?: string): Promise<MyobCreated<MyobInvoice>> {
    return this.create<MyobInvoice>("Sale/Invoice/Service", input, idempotencyKey);
  }

  /** Every general-ledger account (all pages). */
  async accounts(): Promise<MyobAccount[]> {
    const accounts: MyobAccount[] = [];
    let page = await this.listPage<MyobAccount>("GeneralLedger/Account", { top: 1000 });
    accounts.push(...page.Items);
    for (let guard = 0; page.NextPageLink && guard < 50; guard += 1) {
      page = await this.nextPage<MyobAccount>(page.NextPageLink);
      accounts.push(...page.Items);
    }
    return accounts;
  }

  async createAccount(input: { Name: string; DisplayID: string; Number?: number; Classification: MyobAccount["Classification"]; Type: MyobAccount["Type"]; IsHeader?: boolean; TaxCode?: { UID: string } } & Record<string, unknown>, idempotencyKey?: string): Promise<MyobCreated<MyobAccount>> {
    return this.create<MyobAccount>("GeneralLedger/Account", { IsHeader: false, ...input }, idempotencyKey);
  }

  async createSupplierPayment(input: MyobPaymentInput, idempotencyKey?: string): Promise<MyobCreated<Record<string, unknown> & { UID?: string }>> {
    return this.create("Purchase/SupplierPayment", input, idempotencyKey);
  }

  async createCustomerPayment(input: MyobPaymentInput, idempotencyKey?: string): Promise<MyobCreated<Record<string, unknown> & { UID?: string }>> {
    return this.create("Sale/CustomerPayment", input, idempotencyKey);
  }
}

/** MYOB amounts are decimal dollars: → integer cents. */
export function myobCents(amount: number | string | null | undefined): number {
  const value = Number(amount ?? 0);
  if (!Number.isFinite(value)) return 0;
  return Math.sign(value) * Math.round(Math.abs(value) * 100);
}
