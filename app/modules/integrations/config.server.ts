/**
 * The OAuth apps and base addresses of Xero and MYOB (decisions D7, GUIDE rule 12). Each address comes from the
 * environment; outside production an unset one points at the local emulator (`<emulator>/xero/login`, ...), whose
 * built-in apps are the default client ids. In production an unset address is the provider's real one, and an unset
 * client id means that provider cannot be connected (`configured: false`).
 */
import { appOrigin } from "../../lib/app-url.server";
import { env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { localEmulatorUrl } from "./emulator-address.server";

/** The emulator's built-in OAuth apps (outside production only). */
export const EMULATOR_APPS = {
  xero: { clientId: "earlybird-local-xero", clientSecret: "earlybird-local-xero-secret" },
  myob: { clientId: "earlybird-local-myob", clientSecret: "earlybird-local-myob-secret" },
} as const;

export const XERO_SCOPES = "openid profile email offline_access accounting.transactions accounting.contacts accounting.settings accounting.reports.read";
/** MYOB grants by product: Essentials (la.global) and AccountRight (CompanyFile, whose files need their own credentials). */
export const MYOB_SCOPES = { MYOB_ESSENTIALS: "la.global", MYOB_ACCOUNT_RIGHT: "CompanyFile" } as const;

export interface XeroEndpoints {
  configured: boolean;
  clientId: string;
  clientSecret: string;
  /** Base of /identity/connect/authorize. */
  loginUrl: string;
  /** Base of /connect/token and /connect/revocation. */
  identityUrl: string;
  /** Base of /connections and /api.xro/2.0/... */
  apiUrl: string;
  scopes: string;
  redirectUri: string;
}

export interface MyobEndpoints {
  configured: boolean;
  clientId: string;
  clientSecret: string;
  /** Base of /oauth2/account/authorize and /oauth2/v1/authorize. */
  secureUrl: string;
  /** Base of /accountright/ */
  apiUrl: string;
  scopes: typeof MYOB_SCOPES;
  redirectUri: string;
}

export interface AccountingEndpoints {
  xero: XeroEndpoints;
  myob: MyobEndpoints;
  /** True when any address points at the local emulator. */
  emulated: boolean;
}

const trim = (url: string) => url.replace(/\/+$/, "");

export function accountingEndpoints(): AccountingEndpoints {
  const config = env();
  const production = config.APP_ENV === "production";
  const emulator = production ? null : localEmulatorUrl();
  const pick = (value: string | undefined, emulated: string, real: string): { url: string; emulated: boolean } => {
    if (value) return { url: trim(value), emulated: false };
    if (emulator) return { url: `${emulator}${emulated}`, emulated: true };
    return { url: real, emulated: false };
  };
  const xeroLogin = pick(config.XERO_LOGIN_URL, "/xero/login", "https://login.xero.com");
  const xeroIdentity = pick(config.XERO_IDENTITY_URL, "/xero/identity", "https://identity.xero.com");
  const xeroApi = pick(config.XERO_API_URL, "/xero/api", "https://api.xero.com");
  const myobSecure = pick(config.MYOB_SECURE_URL, "/myob/secure", "https://secure.myob.com");
  const myobApi = pick(config.MYOB_API_URL, "/myob/api", "https://api.myob.com");
  const xeroClientId = config.XERO_CLIENT_ID ?? (production ? "" : EMULATOR_APPS.xero.clientId);
  const xeroClientSecret = config.XERO_CLIENT_SECRET ?? (production ? "" : EMULATOR_APPS.xero.clientSecret);
  const myobClientId = config.MYOB_CLIENT_ID ?? (production ? "" : EMULATOR_APPS.myob.clientId);
  const myobClientSecret = config.MYOB_CLIENT_SECRET ?? (production ? "" : EMULATOR_APPS.myob.clientSecret);
  const origin = appOrigin();
  return {
    xero: {
      configured: Boolean(xeroClientId && xeroClientSecret),
      clientId: xeroClientId,
      clientSecret: xeroClientSecret,
      loginUrl: xeroLogin.url,
      identityUrl: xeroIdentity.url,
      apiUrl: xeroApi.url,
      scopes: XERO_SCOPES,
      redirectUri: `${origin}/xero/callback`,
    },
    myob: {
      configured: Boolean(myobClientId && myobClientSecret),
      clientId: myobClientId,
      clientSecret: myobClientSecret,
      secureUrl: myobSecure.url,
      apiUrl: myobApi.url,
      scopes: MYOB_SCOPES,
      redirectUri: `${origin}/myob/callback`,
    },
    emulated: [xeroLogin, xeroIdentity, xeroApi, myobSecure, myobApi].some((entry) => entry.emulated),
  };
}

/** Throws the spec's kind of failure when a provider's app is not configured (production without client ids). */
export function requireConfigured<T extends { configured: boolean }>(endpoints: T, provider: "Xero" | "MYOB"): T {
  if (!endpoints.configured) throw new AppError(503, `${provider} is not configured on this server`, { code: "ACCOUNTING_NOT_CONFIGURED" });
  return endpoints;
}
