/**
 * The providers' OAuth 2.0 code flows: Xero's and MYOB's consent pages (the organisation, **Allow access**, Cancel →
 * error=access_denied), their token endpoints (authorization_code with Xero's PKCE S256 check, refresh_token with
 * rotation: the old refresh token stops working), Xero's revocation and connections, and the bearer-token checks of
 * both APIs. Codes are single use and live 5 minutes; Xero's access tokens 30 minutes and refresh tokens 60 days;
 * MYOB's access tokens 20 minutes (expires_in sent as a string, as MYOB does) and refresh tokens a week.
 */
import crypto from "node:crypto";
import { EMULATOR_APPS, MYOB_SCOPES } from "../config.server";
import type { MyobTokenResponse } from "../myob/types";
import type { XeroTenantConnection, XeroTokenResponse } from "../xero/types";
import { organisationForEmail } from "./books";
import type { EmulatorContext, RequestInfo } from "./context";
import type { Grant, Provider, TokenRecord } from "./state";
import { escapeHtml, header, HttpError, nameGuid, randomGuid, randomToken, redirect, sendHtml, sendJson } from "./util";

const CODE_LIFE_MS = 5 * 60_000;
export const TOKEN_LIFE = {
  xero: { access: 30 * 60_000, refresh: 60 * 86_400_000 },
  myob: { access: 20 * 60_000, refresh: 7 * 86_400_000 },
} as const;

const APPS: Record<Provider, { clientId: string; clientSecret: string }> = { xero: EMULATOR_APPS.xero, myob: EMULATOR_APPS.myob };
const PROVIDER_NAME: Record<Provider, string> = { xero: "Xero", myob: "MYOB" };

function formParams(info: RequestInfo): URLSearchParams {
  const params = new URLSearchParams(info.url.search);
  if (info.method === "POST") for (const [key, value] of new URLSearchParams(info.body)) params.set(key, value);
  return params;
}

function errorPage(info: RequestInfo, provider: Provider, status: number, message: string): void {
  sendHtml(info.res, status, page(`${PROVIDER_NAME[provider]} (emulator): error`, `<h1>Sorry, something went wrong</h1><p>${escapeHtml(message)}</p>`));
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}.card{border:1px solid #d1d5db;border-radius:.5rem;padding:1.5rem}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #9ca3af;margin-right:.5rem;cursor:pointer}button[value=allow]{background:#13b5ea;color:#fff;border-color:#13b5ea}ul{padding-left:1.2rem}.note{color:#6b7280;font-size:.85rem}</style></head><body>${body}</body></html>`;
}

/** GET shows the consent page; POST (its buttons) redirects back with a code, or error=access_denied on Cancel. */
export function authorize(context: EmulatorContext, info: RequestInfo, provider: Provider): void {
  const params = formParams(info);
  const clientId = params.get("client_id") ?? "";
  const redirectUri = params.get("redirect_uri") ?? "";
  const state = params.get("state");
  const scope = (params.get("scope") ?? "").trim();
  if (clientId !== APPS[provider].clientId) return errorPage(info, provider, 400, "unauthorized_client: this app is not known to the emulator.");
  let target: URL;
  try {
    target = new URL(redirectUri);
    if (!/^https?:$/.test(target.protocol)) throw new Error("scheme");
  } catch {
    return errorPage(info, provider, 400, "invalid_request: redirect_uri is missing or not an http(s) address.");
  }
  const back = (values: Record<string, string | null>) => {
    for (const [key, value] of Object.entries(values)) if (value !== null) target.searchParams.set(key, value);
    redirect(info.res, target.toString());
  };
  if (params.get("response_type") !== "code") return back({ error: "unsupported_response_type", state });
  const challenge = params.get("code_challenge");
  const challengeMethod = challenge ? (params.get("code_challenge_method") ?? "plain") : null;
  if (challengeMethod && challengeMethod !== "S256" && challengeMethod !== "plain") return back({ error: "invalid_request", error_description: "code_challenge_method", state });
  if (provider === "myob" && !Object.values(MYOB_SCOPES).some((known) => scope.split(/\s+/).includes(known))) return back({ error: "invalid_scope", state });
  if (provider === "xero" && !scope.split(/\s+/).some((item) => item.startsWith("accounting."))) return back({ error: "invalid_scope", state });
  const email = params.get("login_hint");
  const organisationName = organisationForEmail(email);
  if (info.method === "POST") {
    const decision = params.get("decision");
    if (decision !== "allow") return back({ error: "access_denied", state });
    const organisation = context.state.organisation(organisationName);
    const now = Date.now();
    const grant: Grant = {
      id: randomGuid(),
      provider,
      clientId,
      organisation: organisation.name,
      scope,
      email,
      createdMs: now,
      revoked: false,
      connections: provider === "xero" ? [{ id: randomGuid(), tenantId: organisation.xero.tenantId, createdMs: now, updatedMs: now }] : [],
      userUid: nameGuid("myob-user", email ?? organisation.name),
    };
    context.state.grants.set(grant.id, grant);
    const code = randomToken(24);
    context.state.codes.set(code, { code, provider, grantId: grant.id, clientId, redirectUri, codeChallenge: challenge, codeChallengeMethod: challengeMethod, expiresMs: now + CODE_LIFE_MS, used: false });
    context.state.changed();
    return back(provider === "xero" ? { code, scope, state } : { code, state });
  }
  const hidden = [...params.entries()].filter(([key]) => key !== "decision").map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`).join("");
  const what =
    provider === "xero"
      ? `<ul>${scope.split(/\s+/).filter(Boolean).map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`
      : `<p>Product: ${scope.split(/\s+/).includes(MYOB_SCOPES.MYOB_ACCOUNT_RIGHT) ? "MYOB AccountRight (company files)" : "MYOB Essentials (business)"}</p>`;
  sendHtml(
    info.res,
    200,
    page(
      `${PROVIDER_NAME[provider]} (emulator): allow access`,
      `<div class="card"><p class="note">${PROVIDER_NAME[provider]} emulator: local demo data, not the real ${PROVIDER_NAME[provider]}.</p>` +
        `<h1>Earlybird wants to connect to ${escapeHtml(organisationName)}</h1>` +
        `<p>Organisation: <strong data-testid="organisation">${escapeHtml(organisationName)}</strong>${email ? ` (signed in as ${escapeHtml(email)})` : ""}</p>${what}` +
        `<form method="post" action="${escapeHtml(info.url.pathname)}">${hidden}<button type="submit" name="decision" value="allow">Allow access</button><button type="submit" name="decision" value="cancel">Cancel</button></form></div>`,
    ),
  );
}

function clientOf(info: RequestInfo, params: URLSearchParams): { clientId: string | null; clientSecret: string | null } {
  const basic = header(info.req, "authorization");
  if (basic?.startsWith("Basic ")) {
    const decoded = Buffer.from(basic.slice(6), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return { clientId: params.get("client_id"), clientSecret: params.get("client_secret") };
}

function issueTokens(context: EmulatorContext, grant: Grant): { access: TokenRecord; refresh: TokenRecord } {
  const now = Date.now();
  const life = TOKEN_LIFE[grant.provider];
  const make = (kind: "access" | "refresh"): TokenRecord => {
    const record: TokenRecord = { token: `${grant.provider}-${kind === "access" ? "at" : "rt"}-${randomToken(32)}`, kind, provider: grant.provider, grantId: grant.id, issuedMs: now, expiresMs: now + life[kind], revoked: false };
    context.state.tokens.set(record.token, record);
    return record;
  };
  const tokens = { access: make("access"), refresh: make("refresh") };
  context.state.changed();
  return tokens;
}

function idToken(grant: Grant, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ iss: "https://identity.xero.com", aud: grant.clientId, sub: grant.userUid, email: grant.email, iat: now, exp: now + 300, authentication_event_id: grant.id })}`;
  return `${body}.${crypto.createHmac("sha256", secret).update(body).digest("base64url")}`;
}

const invalidGrant = () => new HttpError(400, { error: "invalid_grant" });

/** POST token endpoint of either provider (Xero: HTTP Basic client credentials; MYOB: client_id/client_secret in the form). */
export function token(context: EmulatorContext, info: RequestInfo, provider: Provider): void {
  if (info.method !== "POST") throw new HttpError(405, { error: "invalid_request" });
  const params = new URLSearchParams(info.body);
  const { clientId, clientSecret } = clientOf(info, params);
  const app = APPS[provider];
  const grantType = params.get("grant_type");
  // A PKCE client may leave its secret out (Xero's PKCE flow); a secret that is given must be right.
  const publicPkce = provider === "xero" && grantType === "authorization_code" && params.has("code_verifier") && !clientSecret;
  if (clientId !== app.clientId || (!publicPkce && clientSecret !== app.clientSecret)) throw new HttpError(400, { error: "invalid_client" });
  let grant: Grant;
  if (grantType === "authorization_code") {
    const code = context.state.codes.get(params.get("code") ?? "");
    if (!code || code.provider !== provider || code.used || code.expiresMs <= Date.now() || code.clientId !== clientId) throw invalidGrant();
    if (code.redirectUri !== (params.get("redirect_uri") ?? "")) throw invalidGrant();
    if (code.codeChallenge) {
      const verifier = params.get("code_verifier") ?? "";
      const computed = code.codeChallengeMethod === "S256" ? crypto.createHash("sha256").update(verifier).digest("base64url") : verifier;
      if (!verifier || computed !== code.codeChallenge) throw invalidGrant();
    }
    code.used = true;
    const found = context.state.grants.get(code.grantId);
    if (!found || found.revoked) throw invalidGrant();
    grant = found;
  } else if (grantType === "refresh_token") {
    const refresh = context.state.tokens.get(params.get("refresh_token") ?? "");
    if (!refresh || refresh.kind !== "refresh" || refresh.provider !== provider || refresh.revoked || refresh.expiresMs <= Date.now()) throw invalidGrant();
    const found = context.state.grants.get(refresh.grantId);
    if (!found || found.revoked || found.clientId !== clientId) throw invalidGrant();
    // Rotation: the used refresh token stops working.
    refresh.revoked = true;
    grant = found;
  } else {
    throw new HttpError(400, { error: "unsupported_grant_type" });
  }
  const { access, refresh } = issueTokens(context, grant);
  if (provider === "xero") {
    const answer: XeroTokenResponse = { id_token: idToken(grant, app.clientSecret), access_token: access.token, expires_in: TOKEN_LIFE.xero.access / 1000, token_type: "Bearer", refresh_token: refresh.token, scope: grant.scope };
    return sendJson(info.res, 200, answer);
  }
  const answer: MyobTokenResponse = { access_token: access.token, token_type: "bearer", expires_in: String(TOKEN_LIFE.myob.access / 1000), refresh_token: refresh.token, scope: grant.scope, user: { uid: grant.userUid, username: grant.email ?? "" } };
  sendJson(info.res, 200, answer);
}

/** POST /connect/revocation (Xero): revokes the refresh token's grant, its tokens and connections. */
export function revoke(context: EmulatorContext, info: RequestInfo): void {
  const params = new URLSearchParams(info.body);
  const { clientId, clientSecret } = clientOf(info, params);
  if (clientId !== APPS.xero.clientId || clientSecret !== APPS.xero.clientSecret) throw new HttpError(400, { error: "invalid_client" });
  const record = context.state.tokens.get(params.get("token") ?? "");
  if (record && record.provider === "xero") {
    const grant = context.state.grants.get(record.grantId);
    if (grant) {
      grant.revoked = true;
      grant.connections = [];
    }
    for (const other of context.state.tokens.values()) if (other.grantId === record.grantId) other.revoked = true;
    context.state.changed();
  }
  // As OAuth revocation (RFC 7009): 200 also for an unknown token.
  sendJson(info.res, 200, undefined);
}

/** The grant of a request's bearer token, or the provider's 401. */
export function bearerGrant(context: EmulatorContext, info: RequestInfo, provider: Provider): Grant {
  const authorization = header(info.req, "authorization") ?? "";
  const value = authorization.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
  const record = value ? context.state.tokens.get(value) : undefined;
  const grant = record && record.kind === "access" && record.provider === provider && !record.revoked ? context.state.grants.get(record.grantId) : undefined;
  if (provider === "xero") {
    if (record && grant && !grant.revoked && record.expiresMs <= Date.now()) {
      throw new HttpError(401, { Type: null, Title: "Unauthorized", Status: 401, Detail: `TokenExpired: token expired at ${new Date(record.expiresMs).toUTCString()}`, Instance: randomGuid(), Extensions: {} }, { "WWW-Authenticate": 'Bearer error="invalid_token", error_description="The token expired"' });
    }
    if (!record || !grant || grant.revoked) throw new HttpError(401, { Type: null, Title: "Unauthorized", Status: 401, Detail: "AuthenticationUnsuccessful", Instance: randomGuid(), Extensions: {} }, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    return grant;
  }
  if (!record || !grant || grant.revoked || record.expiresMs <= Date.now()) {
    throw new HttpError(401, myobErrors("OAuthTokenIsInvalid", "The supplied OAuth token (Bearer) is not valid", "Header 'Authorization'", 31001));
  }
  return grant;
}

export function myobErrors(name: string, message: string, details: string | null, code: number): unknown {
  return { Errors: [{ Name: name, Message: message, AdditionalDetails: details, ErrorCode: code, Severity: "Error", LearnMore: null }], Information: "Warning, error messages have not been finalised in this release and may change" };
}

/** GET /connections (the grant's tenants) and DELETE /connections/{id}. */
export function connections(context: EmulatorContext, info: RequestInfo, connectionId: string | null): void {
  const grant = bearerGrant(context, info, "xero");
  if (info.method === "DELETE" && connectionId) {
    const before = grant.connections.length;
    grant.connections = grant.connections.filter((connection) => connection.id !== connectionId);
    if (grant.connections.length === before) throw new HttpError(404, { Title: "Not Found", Status: 404, Detail: "Connection not found" });
    context.state.changed();
    return sendJson(info.res, 204, undefined);
  }
  if (info.method !== "GET" || connectionId) throw new HttpError(405, { Title: "Method Not Allowed", Status: 405 });
  const list: XeroTenantConnection[] = grant.connections.map((connection) => ({
    id: connection.id,
    authEventId: grant.id,
    tenantId: connection.tenantId,
    tenantType: "ORGANISATION",
    tenantName: context.state.tenant(connection.tenantId)?.name ?? grant.organisation,
    createdDateUtc: new Date(connection.createdMs).toISOString().replace(/Z$/, ""),
    updatedDateUtc: new Date(connection.updatedMs).toISOString().replace(/Z$/, ""),
  }));
  sendJson(info.res, 200, list);
}
