/**
 * Accounting connections (spec p1 §2-§4, §7, §8; decisions D7, 055): the OAuth 2.0 code flows of Xero and MYOB,
 * the stored (encrypted) tokens and their refresh under a row lock, one live connection per company, Settings →
 * Connected apps' overview, disconnect, and the MYOB AccountRight company file.
 *
 * Every function takes the actor and works on the actor's company only. Connecting needs a signed-in user of the
 * company (an admin on their own company too); disconnecting may also be done by the operator (CLI) for a company.
 */
import { Op, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { AccountingConnection, type AccountingConnectionStatus, type AccountingProvider } from "../../../db/models/accounting-connection";
import { Company } from "../../../db/models/company";
import { RelayAccount } from "../../../db/models/relay-account";
import { User } from "../../../db/models/user";
import { isOperator, type Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import { audit } from "../audit/service.server";
import { accountingEndpoints, requireConfigured } from "./config.server";
import { decryptSecret, encryptSecret } from "./crypto.server";
import { AccountingApiError, type AccessTokenSource, type TokenSet } from "./http.server";
import { exchangeMyobCode, MyobApi, myobAuthorizeUrl, refreshMyobToken, type MyobCredentials } from "./myob/api.server";
import type { MyobCompanyFile } from "./myob/types";
import { consumeOauthState, createOauthState, type ReturnTo } from "./oauth.server";
import { CREDENTIALS_REQUIRED, INVALID_CREDENTIALS, MYOB_CALLBACK_ERROR, OTHER_COMPANY, SELECT_COMPANY_FILE, XERO_CONNECT_ERROR } from "./schema";
import { myobAccountRightRedirect, myobEssentialsRedirect, xeroSuccessRedirect } from "./rules";
import { recordSyncEvent } from "./sync-log.server";
import { exchangeXeroCode, refreshXeroToken, revokeXeroToken, XeroApi, xeroAuthorizeUrl, xeroTenants } from "./xero/api.server";
import { forgetAutoLoadCheck } from "./auto-load-throttle";

export type { TokenSet } from "./http.server";
export { AccountingApiError } from "./http.server";
export type { ReturnTo } from "./oauth.server";
export type { MyobCompanyFile };

export type ConnectProvider = AccountingProvider;

export interface CallbackSession {
  actor: Actor;
  sessionId: string;
}

export interface CallbackQuery {
  code?: string | null;
  state?: string | null;
  error?: string | null;
  scope?: string | null;
}

export interface CompanyFileOption {
  id: string;
  name: string;
  uri: string;
  country: string | null;
}

export interface ConnectionOverview {
  provider: AccountingProvider;
  status: AccountingConnectionStatus | "NOT_CONNECTED";
  tenantName: string | null;
  companyFileName: string | null;
  connectedAt: string | null;
  lastSyncAt: string | null;
  lastError: string | null;
  accountsConfigured: boolean;
}

export const PROVIDER_LABELS: Record<AccountingProvider, string> = {
  XERO: "Xero",
  MYOB_ESSENTIALS: "MYOB Essentials",
  MYOB_ACCOUNT_RIGHT: "MYOB AccountRight",
};

const OTHER_COMPANY_MESSAGE = OTHER_COMPANY;
const SELECT_COMPANY_FILE_MESSAGE = SELECT_COMPANY_FILE;
const INVALID_CREDENTIALS_MESSAGE = INVALID_CREDENTIALS;
const CREDENTIALS_REQUIRED_MESSAGE = CREDENTIALS_REQUIRED;

/** Refresh an access token this long before it expires. */
export const REFRESH_MARGIN_MS = 2 * 60_000;

const FLAG_OF: Record<AccountingProvider, "connectedToXero" | "connectedToMyobEssentials" | "connectedToMyobAccountRight"> = {
  XERO: "connectedToXero",
  MYOB_ESSENTIALS: "connectedToMyobEssentials",
  MYOB_ACCOUNT_RIGHT: "connectedToMyobAccountRight",
};

const isMyobProvider = (provider: AccountingProvider): provider is "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT" => provider !== "XERO";

function companyOf(actor: Actor): number {
  if (actor.companyId === null) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  return actor.companyId;
}

/** Connecting is done by a signed-in user of the company (never the operator, who has no consent to give). */
function connectingCompany(actor: Actor): number {
  if (isOperator(actor) || actor.userId <= 0) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  return companyOf(actor);
}

/** The one live (not DISCONNECTED) connection of a company, of one provider or any. */
export async function liveConnection(companyId: number, provider?: AccountingProvider, options: { transaction?: Transaction } = {}): Promise<AccountingConnection | null> {
  return AccountingConnection.findOne({
    where: { companyId, status: { [Op.ne]: "DISCONNECTED" }, ...(provider ? { provider } : {}) },
    order: [["id", "DESC"]],
    transaction: options.transaction,
  });
}

/** Whether the company has mapped all three Earlybird accounts for a provider. */
export async function accountsConfigured(companyId: number, provider: AccountingProvider, options: { transaction?: Transaction } = {}): Promise<boolean> {
  if (provider !== "XERO") {
    const company = await Company.findByPk(companyId, { attributes: ["id", "myobEssentialsAccountsConfigured", "myobAccountRightAccountsConfigured"], transaction: options.transaction });
    if (!company) return false;
    return provider === "MYOB_ESSENTIALS" ? company.myobEssentialsAccountsConfigured : company.myobAccountRightAccountsConfigured;
  }
  const mapped = await RelayAccount.count({ where: { companyId, provider }, transaction: options.transaction });
  return mapped >= 3;
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens

function connectionError(connection: Pick<AccountingConnection, "provider">, message: string) {
  return new AppError(409, message, { code: "ACCOUNTING_RECONNECT", details: { provider: connection.provider } });
}

function isInvalidGrant(error: unknown): boolean {
  if (!(error instanceof AccountingApiError)) return false;
  if (error.status !== 400 && error.status !== 401) return false;
  const problem = error.problem;
  const code = problem && typeof problem === "object" ? (problem as Record<string, unknown>).error : problem;
  return code === "invalid_grant" || error.status === 401 || (typeof code === "string" && code.includes("invalid_grant"));
}

async function markTokenFailed(connectionId: number, message: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const row = await AccountingConnection.findByPk(connectionId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || row.status === "DISCONNECTED") return;
    await row.update({ status: "ERROR", lastError: message }, { transaction });
    await recordSyncEvent(
      { companyId: row.companyId, connectionId: row.id, provider: row.provider, direction: "CONNECTION", kind: "TOKEN", outcome: "FAILED", message },
      { transaction },
    );
  });
}

/**
 * A valid access token of a connection: the stored one while it has more than `marginMs` left, else a refreshed one
 * (under `SELECT ... FOR UPDATE`, so two workers never spend one rotating refresh token; the new pair is stored in
 * the same transaction). An invalid grant marks the connection ERROR with lastError and logs a TOKEN FAILED event.
 */
export async function validAccessToken(connectionId: number, options: { marginMs?: number; force?: boolean; stale?: string } = {}): Promise<{ accessToken: string; expiresAt: Date }> {
  const marginMs = options.marginMs ?? REFRESH_MARGIN_MS;
  let failure: { message: string } | null = null;
  try {
    return await sequelize.transaction(async (transaction) => {
      const row = await AccountingConnection.findByPk(connectionId, { transaction, lock: transaction.LOCK.UPDATE });
      if (!row || row.status === "DISCONNECTED" || !row.accessToken || !row.refreshToken) throw connectionError(row ?? { provider: "XERO" }, "The accounting connection is not connected");
      if (row.status === "ERROR" && row.lastError?.startsWith("Token refresh failed")) throw connectionError(row, `${PROVIDER_LABELS[row.provider]} needs to be connected again`);
      const expiresAt = row.tokenExpiresAt ?? new Date(0);
      const current = decryptSecret(row.accessToken);
      // `stale`: the provider refused that token; unless another caller has renewed it meanwhile, refresh now.
      const refused = options.stale !== undefined && options.stale === current;
      if (!options.force && !refused && expiresAt.getTime() - Date.now() > marginMs) return { accessToken: current, expiresAt };
      let tokens: TokenSet;
      try {
        const refreshToken = decryptSecret(row.refreshToken);
        tokens = row.provider === "XERO" ? await refreshXeroToken(refreshToken) : await refreshMyobToken(refreshToken);
      } catch (error) {
        if (isInvalidGrant(error)) {
          failure = { message: `Token refresh failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000) };
          throw connectionError(row, `${PROVIDER_LABELS[row.provider]} needs to be connected again`);
        }
        throw error;
      }
      await row.update(
        {
          accessToken: encryptSecret(tokens.accessToken),
          refreshToken: encryptSecret(tokens.refreshToken),
          tokenExpiresAt: tokens.expiresAt,
          scope: tokens.scope ?? row.scope,
          ...(row.status === "ERROR" ? { status: "CONNECTED" as const, lastError: null } : {}),
        },
        { transaction },
      );
      return { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt };
    });
  } finally {
    const failed = failure as { message: string } | null;
    if (failed) await markTokenFailed(connectionId, failed.message);
  }
}

/** A token source for a client: cached in memory until near expiry, then validAccessToken (which refreshes). */
function tokenSource(connectionId: number): AccessTokenSource {
  let cached: { accessToken: string; expiresAt: Date } | null = null;
  let pending: Promise<{ accessToken: string; expiresAt: Date }> | null = null;
  return async (options) => {
    const stale = options?.stale;
    if (cached && cached.accessToken !== stale && cached.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) return cached.accessToken;
    pending ??= validAccessToken(connectionId, stale ? { stale } : {}).finally(() => {
      pending = null;
    });
    cached = await pending;
    return cached.accessToken;
  };
}

export function xeroApiFor(connection: AccountingConnection): XeroApi {
  if (connection.provider !== "XERO" || !connection.externalTenantId) throw connectionError(connection, "Not a Xero connection");
  return new XeroApi({ tenantId: connection.externalTenantId, accessToken: tokenSource(connection.id) });
}

function credentialsOf(connection: AccountingConnection): MyobCredentials | null {
  if (!connection.companyFileCredentials) return null;
  const parsed = JSON.parse(decryptSecret(connection.companyFileCredentials)) as Partial<MyobCredentials>;
  return { username: String(parsed.username ?? ""), password: String(parsed.password ?? "") };
}

export function myobApiFor(connection: AccountingConnection): MyobApi {
  if (!isMyobProvider(connection.provider)) throw connectionError(connection, "Not a MYOB connection");
  return new MyobApi({ accessToken: tokenSource(connection.id), companyFileUri: connection.companyFileUri, credentials: credentialsOf(connection) });
}

/** Refreshes every live connection whose access token expires within `withinMs` (the scheduled job). */
export async function refreshExpiringTokens(options: { withinMs?: number; now?: Date } = {}): Promise<{ refreshed: number; failed: number }> {
  const withinMs = options.withinMs ?? 10 * 60_000;
  const now = options.now ?? new Date();
  const due = await AccountingConnection.findAll({
    attributes: ["id"],
    where: { status: "CONNECTED", refreshToken: { [Op.ne]: null }, tokenExpiresAt: { [Op.lt]: new Date(now.getTime() + withinMs) } },
    order: [["id", "ASC"]],
  });
  let refreshed = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await validAccessToken(id, { marginMs: withinMs });
      refreshed += 1;
    } catch (error) {
      failed += 1;
      logger.warn({ connectionId: id, err: error instanceof Error ? error.message : String(error) }, "accounting token refresh failed");
    }
  }
  return { refreshed, failed };
}

// ---------------------------------------------------------------------------------------------------------------
// Connect

async function loginHint(actor: Actor): Promise<string | null> {
  const user = await User.findOne({ where: { id: actor.userId, companyId: actor.companyId }, attributes: ["id", "username"] });
  return user?.username ?? null;
}

/** One live connection per company: refuses another provider while one is live. */
async function refuseOtherLive(companyId: number, provider: AccountingProvider, transaction?: Transaction): Promise<void> {
  const live = await liveConnection(companyId, undefined, { transaction });
  if (live && live.provider !== provider) {
    throw new AppError(409, `This company is connected to ${PROVIDER_LABELS[live.provider]}. Disconnect it before connecting ${PROVIDER_LABELS[provider]}.`, {
      code: "ACCOUNTING_ALREADY_CONNECTED",
      details: { connected: live.provider },
    });
  }
}

export async function startConnect(
  actor: Actor,
  input: { provider: ConnectProvider; returnTo: ReturnTo; sessionId?: string | null },
): Promise<{ authorizeUrl: string }> {
  const companyId = connectingCompany(actor);
  const endpoints = accountingEndpoints();
  requireConfigured(input.provider === "XERO" ? endpoints.xero : endpoints.myob, input.provider === "XERO" ? "Xero" : "MYOB");
  await refuseOtherLive(companyId, input.provider);
  const hint = await loginHint(actor);
  const created = await createOauthState(actor, { provider: input.provider, returnTo: input.returnTo, sessionId: input.sessionId ?? null });
  const authorizeUrl =
    input.provider === "XERO"
      ? xeroAuthorizeUrl({ state: created.state, codeChallenge: created.codeChallenge, loginHint: hint })
      : myobAuthorizeUrl({ state: created.state, product: input.provider, loginHint: hint, codeChallenge: created.codeChallenge });
  return { authorizeUrl };
}

function providerRefused(provider: AccountingProvider, query: CallbackQuery) {
  return new AppError(400, provider === "XERO" ? XERO_CONNECT_ERROR : MYOB_CALLBACK_ERROR, {
    code: "OAUTH_DENIED",
    details: { error: query.error },
  });
}

function exchangeFailed(provider: AccountingProvider, error: unknown) {
  logger.warn({ provider, err: error instanceof Error ? error.message : String(error) }, "accounting code exchange failed");
  return new AppError(400, provider === "XERO" ? XERO_CONNECT_ERROR : MYOB_CALLBACK_ERROR, { code: "OAUTH_EXCHANGE_FAILED" });
}

/** The latest connection of a provider that named a tenant (or a company file), live or not: "once onboarded". */
async function onboardedTenant(companyId: number, provider: AccountingProvider, transaction: Transaction, field: "externalTenantId" | "companyFileId"): Promise<string | null> {
  const previous = await AccountingConnection.findOne({
    where: { companyId, provider, [field]: { [Op.ne]: null } },
    order: [["id", "DESC"]],
    transaction,
  });
  return previous?.[field] ?? null;
}

interface StoreInput {
  companyId: number;
  userId: number;
  provider: AccountingProvider;
  tokens: TokenSet;
  externalTenantId: string | null;
  tenantName: string | null;
  companyFile?: { id: string; name: string; uri: string } | null;
  /** Whether the connection is complete (sets the company's connectedTo* flag); AccountRight waits for its file. */
  complete: boolean;
}

/** Stores (or renews) the live connection of a provider in one transaction, under the company's row lock. */
async function storeConnection(input: StoreInput): Promise<AccountingConnection> {
  return sequelize.transaction(async (transaction) => {
    const company = await Company.findByPk(input.companyId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!company) throw new AppError(404, "Not found", { code: "NOT_FOUND" });
    await refuseOtherLive(input.companyId, input.provider, transaction);
    if (input.externalTenantId) {
      const onboarded = await onboardedTenant(input.companyId, input.provider, transaction, "externalTenantId");
      if (onboarded && onboarded !== input.externalTenantId) throw new AppError(403, OTHER_COMPANY_MESSAGE, { code: "OTHER_COMPANY" });
    }
    const fields = {
      status: "CONNECTED" as const,
      externalTenantId: input.externalTenantId,
      tenantName: input.tenantName,
      accessToken: encryptSecret(input.tokens.accessToken),
      refreshToken: encryptSecret(input.tokens.refreshToken),
      tokenExpiresAt: input.tokens.expiresAt,
      scope: input.tokens.scope,
      connectedByUserId: input.userId,
      lastError: null,
      ...(input.companyFile !== undefined
        ? { companyFileId: input.companyFile?.id ?? null, companyFileName: input.companyFile?.name ?? null, companyFileUri: input.companyFile?.uri ?? null }
        : {}),
    };
    const existing = await liveConnection(input.companyId, input.provider, { transaction });
    let connection: AccountingConnection;
    if (existing) {
      await AccountingConnection.findByPk(existing.id, { transaction, lock: transaction.LOCK.UPDATE });
      connection = await existing.update({ ...fields, connectedAt: new Date() }, { transaction });
    } else {
      connection = await AccountingConnection.create({ companyId: input.companyId, provider: input.provider, ...fields }, { transaction });
    }
    if (input.complete) await company.update({ [FLAG_OF[input.provider]]: true, accountingSoftware: input.provider }, { transaction });
    await recordSyncEvent(
      {
        companyId: input.companyId,
        connectionId: connection.id,
        provider: input.provider,
        direction: "CONNECTION",
        kind: "CONNECTION",
        outcome: "CONNECTED",
        externalId: input.externalTenantId,
        message: `Connected to ${PROVIDER_LABELS[input.provider]}${input.tenantName ? ` (${input.tenantName})` : ""}`,
      },
      { transaction },
    );
    transaction.afterCommit(() => forgetAutoLoadCheck(input.companyId));
    await audit(input.userId, { action: "ACCOUNTING_CONNECTED", companyId: input.companyId, entityType: "accounting_connection", entityId: connection.id, details: { provider: input.provider, tenant: input.externalTenantId } }, { transaction });
    return connection;
  });
}

export async function completeXeroCallback(session: CallbackSession, query: CallbackQuery): Promise<{ redirectTo: string }> {
  connectingCompany(session.actor);
  const consumed = await consumeOauthState(session, query.state, ["XERO"]);
  if (query.error || !query.code) throw providerRefused("XERO", query);
  let tokens: TokenSet;
  let tenants: Awaited<ReturnType<typeof xeroTenants>>;
  try {
    tokens = await exchangeXeroCode({ code: query.code, codeVerifier: consumed.codeVerifier ?? "" });
    tenants = await xeroTenants(tokens.accessToken);
  } catch (error) {
    throw exchangeFailed("XERO", error);
  }
  const tenant = tenants.find((entry) => entry.tenantType === "ORGANISATION") ?? tenants[0];
  if (!tenant) throw new AppError(400, XERO_CONNECT_ERROR, { code: "XERO_NO_TENANT" });
  try {
    await storeConnection({
      companyId: consumed.companyId,
      userId: consumed.userId,
      provider: "XERO",
      tokens,
      externalTenantId: tenant.tenantId,
      tenantName: tenant.tenantName,
      complete: true,
    });
  } catch (error) {
    // A refused grant (another organisation, another provider live) is not kept at Xero either.
    await revokeXeroToken(tokens.refreshToken).catch(() => undefined);
    throw error;
  }
  return { redirectTo: xeroSuccessRedirect(consumed.returnTo, await accountsConfigured(consumed.companyId, "XERO")) };
}

const fileOption = (file: MyobCompanyFile): CompanyFileOption => ({ id: file.Id, name: file.Name, uri: file.Uri, country: file.Country ?? null });

export async function completeMyobCallback(session: CallbackSession, query: CallbackQuery): Promise<{ redirectTo: string; companyFiles?: CompanyFileOption[] }> {
  connectingCompany(session.actor);
  const consumed = await consumeOauthState(session, query.state, ["MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"]);
  const provider = consumed.provider;
  if (query.error || !query.code) throw providerRefused(provider, query);
  let tokens: TokenSet;
  let files: MyobCompanyFile[];
  try {
    tokens = await exchangeMyobCode({ code: query.code, codeVerifier: consumed.codeVerifier ?? undefined });
    files = await new MyobApi({ accessToken: tokens.accessToken }).companyFiles();
  } catch (error) {
    throw exchangeFailed(provider, error);
  }
  if (provider === "MYOB_ESSENTIALS") {
    const business = files[0];
    if (!business) throw new AppError(400, MYOB_CALLBACK_ERROR, { code: "MYOB_NO_BUSINESS" });
    await storeConnection({
      companyId: consumed.companyId,
      userId: consumed.userId,
      provider,
      tokens,
      externalTenantId: business.Id,
      tenantName: business.Name,
      companyFile: { id: business.Id, name: business.Name, uri: business.Uri },
      complete: true,
    });
    return { redirectTo: myobEssentialsRedirect(consumed.returnTo, await accountsConfigured(consumed.companyId, provider)) };
  }
  // AccountRight: the grant is stored now; the connection is complete once a company file is chosen (selectCompanyFile).
  const previous = await liveConnection(consumed.companyId, provider);
  const keepFile = previous?.companyFileId ? files.find((file) => file.Id === previous.companyFileId) : undefined;
  await storeConnection({
    companyId: consumed.companyId,
    userId: consumed.userId,
    provider,
    tokens,
    externalTenantId: keepFile?.Id ?? null,
    tenantName: keepFile?.Name ?? null,
    complete: Boolean(keepFile && previous?.companyFileCredentials),
  });
  const configured = await accountsConfigured(consumed.companyId, provider);
  return {
    redirectTo: myobAccountRightRedirect(consumed.returnTo, configured && Boolean(keepFile && previous?.companyFileCredentials)),
    companyFiles: files.map(fileOption),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Overview and disconnect

export async function connectionsOverview(actor: Actor): Promise<ConnectionOverview[]> {
  const companyId = companyOf(actor);
  const connections = await AccountingConnection.findAll({ where: { companyId }, order: [["id", "DESC"]] });
  const company = await Company.findByPk(companyId, { attributes: ["id", "myobEssentialsAccountsConfigured", "myobAccountRightAccountsConfigured"] });
  const xeroMapped = (await RelayAccount.count({ where: { companyId, provider: "XERO" } })) >= 3;
  return (["XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const).map((provider) => {
    const live = connections.find((row) => row.provider === provider && row.status !== "DISCONNECTED");
    const latest = live ?? connections.find((row) => row.provider === provider) ?? null;
    const configured =
      provider === "XERO" ? xeroMapped : provider === "MYOB_ESSENTIALS" ? Boolean(company?.myobEssentialsAccountsConfigured) : Boolean(company?.myobAccountRightAccountsConfigured);
    return {
      provider,
      status: live ? live.status : latest ? "DISCONNECTED" : "NOT_CONNECTED",
      tenantName: latest?.tenantName ?? latest?.companyFileName ?? null,
      companyFileName: latest?.companyFileName ?? null,
      connectedAt: live ? live.connectedAt.toISOString() : null,
      lastSyncAt: latest?.lastSyncAt ? latest.lastSyncAt.toISOString() : null,
      lastError: live?.lastError ?? null,
      accountsConfigured: configured,
    };
  });
}

/** Disconnects the company's live connection of a provider: revoked at Xero (MYOB has no revocation), tokens cleared. */
export async function disconnect(actor: Actor, provider: AccountingProvider): Promise<{ revoked: boolean }> {
  const companyId = companyOf(actor);
  const live = await liveConnection(companyId, provider);
  if (!live) throw new AppError(400, `Not connected to ${PROVIDER_LABELS[provider]}`, { code: "NOT_CONNECTED" });
  let revoked = false;
  if (provider === "XERO" && live.refreshToken) {
    try {
      await revokeXeroToken(decryptSecret(live.refreshToken));
      revoked = true;
    } catch (error) {
      // The connection is forgotten either way; a token Xero no longer knows needs no revoking.
      logger.warn({ connectionId: live.id, err: error instanceof Error ? error.message : String(error) }, "Xero token revocation failed");
    }
  }
  await sequelize.transaction(async (transaction) => {
    const company = await Company.findByPk(companyId, { transaction, lock: transaction.LOCK.UPDATE });
    const row = await AccountingConnection.findByPk(live.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || row.status === "DISCONNECTED") return;
    await row.update(
      { status: "DISCONNECTED", disconnectedAt: new Date(), accessToken: null, refreshToken: null, tokenExpiresAt: null, companyFileCredentials: null },
      { transaction },
    );
    if (company) await company.update({ [FLAG_OF[provider]]: false }, { transaction });
    await recordSyncEvent(
      {
        companyId,
        connectionId: row.id,
        provider,
        direction: "CONNECTION",
        kind: "CONNECTION",
        outcome: "DISCONNECTED",
        externalId: row.externalTenantId,
        message: `Disconnected from ${PROVIDER_LABELS[provider]}${provider === "XERO" ? (revoked ? " (access revoked)" : " (revocation failed)") : ""}`,
      },
      { transaction },
    );
    await audit(actor, { action: "ACCOUNTING_DISCONNECTED", companyId, entityType: "accounting_connection", entityId: row.id, details: { provider, revoked } }, { transaction });
  });
  return { revoked };
}

// ---------------------------------------------------------------------------------------------------------------
// MYOB AccountRight company file

async function accountRightConnection(actor: Actor): Promise<AccountingConnection> {
  const companyId = companyOf(actor);
  const live = await liveConnection(companyId, "MYOB_ACCOUNT_RIGHT");
  if (!live) throw new AppError(400, "Not connected to MYOB AccountRight", { code: "NOT_CONNECTED" });
  return live;
}

/** The company files the AccountRight grant can open. */
export async function companyFiles(actor: Actor): Promise<CompanyFileOption[]> {
  const connection = await accountRightConnection(actor);
  const api = new MyobApi({ accessToken: tokenSource(connection.id) });
  return (await api.companyFiles()).map(fileOption);
}

/**
 * Chooses the company file and validates its credentials against it (GET {Uri}/): no file → 400 'Please select a
 * company file'; a 401 without credentials → the credential prompt (422 on username); a 401 with credentials →
 * 'Invalid credentials. Please check the username and password you entered.'. Stores the credentials encrypted.
 */
export async function selectCompanyFile(
  actor: Actor,
  input: { fileId?: string | null; username?: string | null; password?: string | null; returnTo?: ReturnTo },
): Promise<{ redirectTo: string }> {
  const companyId = connectingCompany(actor);
  if (!input.fileId) throw new AppError(400, SELECT_COMPANY_FILE_MESSAGE, { code: "VALIDATION", field: "fileId", details: { fieldErrors: { fileId: SELECT_COMPANY_FILE_MESSAGE } } });
  const connection = await accountRightConnection(actor);
  const token = tokenSource(connection.id);
  const files = await new MyobApi({ accessToken: token }).companyFiles();
  const file = files.find((entry) => entry.Id === input.fileId);
  if (!file) throw new AppError(400, SELECT_COMPANY_FILE_MESSAGE, { code: "VALIDATION", field: "fileId", details: { fieldErrors: { fileId: SELECT_COMPANY_FILE_MESSAGE } } });
  const username = input.username?.trim() ?? "";
  const password = input.password ?? "";
  const credentials = username || password ? { username, password } : null;
  try {
    await new MyobApi({ accessToken: token, companyFileUri: file.Uri, credentials }).checkFile();
  } catch (error) {
    if (error instanceof AccountingApiError && error.status === 401) {
      if (!credentials) throw AppError.validation({ username: CREDENTIALS_REQUIRED_MESSAGE }, CREDENTIALS_REQUIRED_MESSAGE);
      throw new AppError(401, INVALID_CREDENTIALS_MESSAGE, { code: "MYOB_INVALID_CREDENTIALS", field: "password" });
    }
    throw error;
  }
  await sequelize.transaction(async (transaction) => {
    const company = await Company.findByPk(companyId, { transaction, lock: transaction.LOCK.UPDATE });
    const row = await AccountingConnection.findByPk(connection.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!company || !row || row.status === "DISCONNECTED") throw new AppError(400, "Not connected to MYOB AccountRight", { code: "NOT_CONNECTED" });
    const onboarded = await onboardedTenant(companyId, "MYOB_ACCOUNT_RIGHT", transaction, "companyFileId");
    if (onboarded && onboarded !== file.Id) throw new AppError(403, OTHER_COMPANY_MESSAGE, { code: "OTHER_COMPANY" });
    await row.update(
      {
        externalTenantId: file.Id,
        tenantName: file.Name,
        companyFileId: file.Id,
        companyFileName: file.Name,
        companyFileUri: file.Uri,
        companyFileCredentials: credentials ? encryptSecret(JSON.stringify(credentials)) : null,
        // The connection is complete (readable) from here.
        connectedAt: new Date(),
      },
      { transaction },
    );
    await company.update({ connectedToMyobAccountRight: true, accountingSoftware: "MYOB_ACCOUNT_RIGHT" }, { transaction });
    await recordSyncEvent(
      { companyId, connectionId: row.id, provider: "MYOB_ACCOUNT_RIGHT", direction: "CONNECTION", kind: "CONNECTION", outcome: "CONNECTED", externalId: file.Id, message: `Company file ${file.Name} selected` },
      { transaction },
    );
    transaction.afterCommit(() => forgetAutoLoadCheck(companyId));
  });
  const configured = await accountsConfigured(companyId, "MYOB_ACCOUNT_RIGHT");
  const returnTo = input.returnTo ?? "settings";
  if (configured) return { redirectTo: "/settings?tab=connected-apps" };
  return { redirectTo: returnTo === "signup" ? "/signup?step=map-accounts" : "/settings/connect-business-account?config=map-accounts" };
}
