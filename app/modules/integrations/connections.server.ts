/**
 * Accounting connections (decision 055). STUB: signatures first; bodies follow.
 */
import type { AccountingConnection, AccountingConnectionStatus, AccountingProvider } from "../../../db/models/accounting-connection";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import type { MyobCompanyFile } from "./myob/types";
import { MyobApi } from "./myob/api.server";
import { XeroApi } from "./xero/api.server";

export type { TokenSet } from "./http.server";
export { AccountingApiError } from "./http.server";

export type ConnectProvider = AccountingProvider;
export type ReturnTo = "settings" | "signup";

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

const notYet = () => new AppError(501, "Not implemented yet", { code: "NOT_IMPLEMENTED" });

export async function liveConnection(companyId: number, provider?: AccountingProvider): Promise<AccountingConnection | null> {
  void companyId;
  void provider;
  throw notYet();
}

export function xeroApiFor(connection: AccountingConnection): XeroApi {
  return new XeroApi({ tenantId: connection.externalTenantId ?? "", accessToken: async () => { throw notYet(); } });
}

export function myobApiFor(connection: AccountingConnection): MyobApi {
  return new MyobApi({ accessToken: async () => { throw notYet(); }, companyFileUri: connection.companyFileUri });
}

export async function startConnect(actor: Actor, input: { provider: ConnectProvider; returnTo: ReturnTo }): Promise<{ authorizeUrl: string }> {
  void actor;
  void input;
  throw notYet();
}

export async function completeXeroCallback(session: CallbackSession, query: CallbackQuery): Promise<{ redirectTo: string }> {
  void session;
  void query;
  throw notYet();
}

export async function completeMyobCallback(session: CallbackSession, query: CallbackQuery): Promise<{ redirectTo: string; companyFiles?: CompanyFileOption[] }> {
  void session;
  void query;
  throw notYet();
}

export async function connectionsOverview(actor: Actor): Promise<ConnectionOverview[]> {
  void actor;
  throw notYet();
}

export async function disconnect(actor: Actor, provider: AccountingProvider): Promise<void> {
  void actor;
  void provider;
  throw notYet();
}

export async function companyFiles(actor: Actor): Promise<CompanyFileOption[]> {
  void actor;
  throw notYet();
}

export async function selectCompanyFile(actor: Actor, input: { fileId: string; username: string; password: string }): Promise<{ redirectTo: string }> {
  void actor;
  void input;
  throw notYet();
}

export type { MyobCompanyFile };
