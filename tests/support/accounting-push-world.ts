/**
 * Sync out's test world (issue 18 part 5): the accounting emulator in this process over real HTTP, companies connected
 * to Xero through the real code flow (startConnect → the consent page's Allow access → completeXeroCallback), their
 * Earlybird accounts mapped to accounts created in the emulator, and bills/invoices placed in their books.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AccountingConnection, RelayAccount, type Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { resetEnvCache } from "../../app/lib/env.server";
import { completeMyobCallback, completeXeroCallback, myobApiFor, startConnect, xeroApiFor } from "../../app/modules/integrations/connections.server";
import { emulatorAdmin, startAccountingEmulator, type AccountingEmulatorHandle, type EmulatorAdmin } from "../../app/modules/integrations/emulator/index";
import { actorOf, makeActivatedCompany, makeUser } from "./factories";

export interface PushWorld {
  emulator: AccountingEmulatorHandle;
  admin: EmulatorAdmin;
  close(): Promise<void>;
}

export async function startPushWorld(): Promise<PushWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-accounting-push-"));
  const emulator = await startAccountingEmulator({ port: 0, dataDir, limits: { perMinute: 10_000, perDay: 100_000, concurrent: 50 } });
  process.env.XERO_LOGIN_URL = `${emulator.url}/xero/login`;
  process.env.XERO_IDENTITY_URL = `${emulator.url}/xero/identity`;
  process.env.XERO_API_URL = `${emulator.url}/xero/api`;
  process.env.MYOB_SECURE_URL = `${emulator.url}/myob/secure`;
  process.env.MYOB_API_URL = `${emulator.url}/myob/api`;
  resetEnvCache();
  return {
    emulator,
    admin: emulatorAdmin(emulator.url),
    async close() {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const unique = () => crypto.randomBytes(4).toString("hex");

/** A verified company whose user's e-mail names its own organisation in the emulator ("Push<hex> Ltd"). */
export async function makeBooksCompany(): Promise<{ company: Company; actor: Actor; organisation: string }> {
  const made = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
  const domain = `push${unique()}`;
  const user = await makeUser({ company: made.company, email: `ap@${domain}.test` });
  return { company: made.company, actor: actorOf(user), organisation: `${domain[0].toUpperCase()}${domain.slice(1)} Ltd` };
}

/** Connects the actor's company to Xero through the code flow, pressing Allow access on the emulator's page. */
export async function connectXero(actor: Actor): Promise<AccountingConnection> {
  const sessionId = `push-session-${unique()}`;
  const { authorizeUrl } = await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId });
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set("decision", "allow");
  const response = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: form, redirect: "manual" });
  const location = response.headers.get("location");
  if (!location) throw new Error(`The consent page answered ${response.status} without a redirect`);
  const back = new URL(location);
  await completeXeroCallback({ actor, sessionId }, { code: back.searchParams.get("code"), state: back.searchParams.get("state") });
  const connection = await AccountingConnection.findOne({ where: { companyId: actor.companyId!, provider: "XERO", status: "CONNECTED" } });
  if (!connection) throw new Error("No live Xero connection after the callback");
  return connection;
}

/** The consent page's Allow access: the redirect back, with its code and state. */
async function allowAccess(authorizeUrl: string): Promise<{ code: string | null; state: string | null }> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set("decision", "allow");
  const response = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: form, redirect: "manual" });
  const location = response.headers.get("location");
  if (!location) throw new Error(`The consent page answered ${response.status} without a redirect`);
  const back = new URL(location);
  return { code: back.searchParams.get("code"), state: back.searchParams.get("state") };
}

/** Connects the actor's company to MYOB Essentials (one business, no company-file credentials). */
export async function connectMyobEssentials(actor: Actor): Promise<AccountingConnection> {
  const sessionId = `push-session-${unique()}`;
  const { authorizeUrl } = await startConnect(actor, { provider: "MYOB_ESSENTIALS", returnTo: "settings", sessionId });
  await completeMyobCallback({ actor, sessionId }, await allowAccess(authorizeUrl));
  const connection = await AccountingConnection.findOne({ where: { companyId: actor.companyId!, provider: "MYOB_ESSENTIALS", status: "CONNECTED" } });
  if (!connection) throw new Error("No live MYOB connection after the callback");
  return connection;
}

/** Maps the company's accounts to accounts of its MYOB file: a bank account, an expense and an income account. */
export async function mapMyobAccounts(connection: AccountingConnection): Promise<void> {
  const accounts = (await myobApiFor(connection).accounts()).filter((account) => !account.IsHeader && account.IsActive);
  const pick = (types: string[]) => {
    const found = accounts.find((account) => types.includes(account.Type));
    if (!found) throw new Error(`No ${types.join("/")} account in the MYOB file`);
    return found;
  };
  for (const [type, account] of [
    ["EARLYBIRD_BANK_ACCOUNT", pick(["Bank"])],
    ["EARLYBIRD_FEES", pick(["Expense", "CostOfSales"])],
    ["EARLYBIRD_REWARDS", pick(["OtherIncome", "Income"])],
  ] as const) {
    await RelayAccount.create({
      companyId: connection.companyId,
      provider: connection.provider,
      earlybirdAccountType: type,
      code: account.DisplayID,
      accountName: account.Name,
      providerAccountType: account.Type,
      externalAccountId: account.UID,
    });
  }
}

/** Maps the company's fees, cashback and bank accounts to new accounts created in its Xero organisation. */
export async function mapXeroAccounts(connection: AccountingConnection): Promise<{ bank: string; fees: string; rewards: string }> {
  const api = xeroApiFor(connection);
  const tag = unique().slice(0, 4).toUpperCase();
  const codes = { bank: `B${tag}`, fees: `F${tag}`, rewards: `R${tag}` };
  const bank = await api.createAccount({ Code: codes.bank, Name: `Earlybird Bank Account ${tag}`, Type: "BANK", BankAccountNumber: "0201000000000000" });
  const fees = await api.createAccount({ Code: codes.fees, Name: `Earlybird Fees ${tag}`, Type: "EXPENSE" });
  const rewards = await api.createAccount({ Code: codes.rewards, Name: `Earlybird Cashback Income ${tag}`, Type: "OTHERINCOME" });
  for (const [type, account] of [
    ["EARLYBIRD_BANK_ACCOUNT", bank],
    ["EARLYBIRD_FEES", fees],
    ["EARLYBIRD_REWARDS", rewards],
  ] as const) {
    await RelayAccount.create({
      companyId: connection.companyId,
      provider: "XERO",
      earlybirdAccountType: type,
      code: account.Code,
      accountName: account.Name,
      providerAccountType: account.Type,
      externalAccountId: account.AccountID,
    });
  }
  return codes;
}
