/**
 * The OAuth dance against the accounting emulator without a browser (tests of issue 18): consent by POSTing the consent
 * page's form, then the token endpoint. Returns what a client would hold.
 */
import crypto from "node:crypto";
import { EMULATOR_APPS, MYOB_SCOPES, XERO_SCOPES } from "../../app/modules/integrations/config.server";

export const XERO_REDIRECT = "http://localhost:3474/xero/callback";
export const MYOB_REDIRECT = "http://localhost:3474/myob/callback";
export const xeroBasic = `Basic ${Buffer.from(`${EMULATOR_APPS.xero.clientId}:${EMULATOR_APPS.xero.clientSecret}`).toString("base64")}`;
export const form = { "content-type": "application/x-www-form-urlencoded" };

export function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(40).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

/** Clicks **Allow access** (or Cancel) on Xero's consent page; returns the redirect's query. */
export async function xeroConsent(url: string, options: { email: string; challenge: string; state?: string; decision?: "allow" | "cancel" }): Promise<URLSearchParams> {
  const query = new URLSearchParams({ response_type: "code", client_id: EMULATOR_APPS.xero.clientId, redirect_uri: XERO_REDIRECT, scope: XERO_SCOPES, state: options.state ?? "state-1", code_challenge: options.challenge, code_challenge_method: "S256", login_hint: options.email });
  query.set("decision", options.decision ?? "allow");
  const response = await fetch(`${url}/xero/login/identity/connect/authorize`, { method: "POST", headers: form, body: query, redirect: "manual" });
  if (response.status !== 302) throw new Error(`consent answered ${response.status}`);
  return new URL(response.headers.get("location") as string).searchParams;
}

export async function xeroToken(url: string, body: Record<string, string>): Promise<Response> {
  return fetch(`${url}/xero/identity/connect/token`, { method: "POST", headers: { ...form, authorization: xeroBasic }, body: new URLSearchParams(body) });
}

/** A connected Xero grant for the e-mail's organisation: tokens and the tenant id. */
export async function connectXero(url: string, email: string): Promise<{ accessToken: string; refreshToken: string; tenantId: string }> {
  const { verifier, challenge } = pkce();
  const query = await xeroConsent(url, { email, challenge });
  const response = await xeroToken(url, { grant_type: "authorization_code", code: query.get("code") as string, redirect_uri: XERO_REDIRECT, code_verifier: verifier });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  const connections = (await (await fetch(`${url}/xero/api/connections`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Array<{ tenantId: string }>;
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, tenantId: connections[0].tenantId };
}

/** A connected MYOB grant (Essentials or AccountRight) for the e-mail's organisation. */
export async function connectMyob(url: string, email: string, product: keyof typeof MYOB_SCOPES): Promise<{ accessToken: string; refreshToken: string }> {
  const query = new URLSearchParams({ response_type: "code", client_id: EMULATOR_APPS.myob.clientId, redirect_uri: MYOB_REDIRECT, scope: MYOB_SCOPES[product], state: "m-1", login_hint: email, decision: "allow" });
  const consent = await fetch(`${url}/myob/secure/oauth2/account/authorize`, { method: "POST", headers: form, body: query, redirect: "manual" });
  const code = new URL(consent.headers.get("location") as string).searchParams.get("code") as string;
  const response = await fetch(`${url}/myob/secure/oauth2/v1/authorize`, { method: "POST", headers: form, body: new URLSearchParams({ client_id: EMULATOR_APPS.myob.clientId, client_secret: EMULATOR_APPS.myob.clientSecret, grant_type: "authorization_code", code, redirect_uri: MYOB_REDIRECT }) });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}

export function myobHeaders(accessToken: string, cftoken?: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, "x-myobapi-key": EMULATOR_APPS.myob.clientId, "x-myobapi-version": "v2", ...(cftoken ? { "x-myobapi-cftoken": cftoken } : {}) };
}
