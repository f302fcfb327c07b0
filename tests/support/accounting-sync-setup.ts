/**
 * Sync-in tests (issue 18 part 4): an emulator started in this process on a temp data directory, the accounting
 * addresses pointed at it, and a company connected to a new emulated organisation (the grant from the emulator's code
 * flow, its tokens stored encrypted in an accounting_connections row as B1's connect does).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Company } from "../../db/models/index";
import { AccountingConnection } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { resetEnvCache } from "../../app/lib/env.server";
import { encryptSecret } from "../../app/modules/integrations/crypto.server";
import { MYOB_FILE_USER, emulatorAdmin, startAccountingEmulator, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import { connectMyob, connectXero } from "./accounting-emulator-flow";
import { makeCompany, makeUser } from "./factories";

export async function startSyncEmulator(): Promise<{ emulator: AccountingEmulatorHandle; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounting-sync-"));
  const emulator = await startAccountingEmulator({ dataDir });
  process.env.XERO_LOGIN_URL = `${emulator.url}/xero/login`;
  process.env.XERO_IDENTITY_URL = `${emulator.url}/xero/identity`;
  process.env.XERO_API_URL = `${emulator.url}/xero/api`;
  process.env.MYOB_SECURE_URL = `${emulator.url}/myob/secure`;
  process.env.MYOB_API_URL = `${emulator.url}/myob/api`;
  resetEnvCache();
  return {
    emulator,
    dataDir,
    stop: async () => {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ConnectedCompany {
  company: Company;
  actor: Actor;
  connection: AccountingConnection;
  /** The Xero tenant id or the MYOB company file id. */
  externalId: string;
  organisation: string;
}

/** A new company connected to a new emulated organisation (named from a fresh e-mail domain) in Xero. */
export async function connectedXeroCompany(url: string, overrides: Partial<Parameters<typeof makeCompany>[0]> = {}): Promise<ConnectedCompany> {
  const label = `syncorg${crypto.randomBytes(4).toString("hex")}`;
  const organisation = `${label.charAt(0).toUpperCase()}${label.slice(1)} Ltd`;
  const company = await makeCompany({ companyName: organisation, connectedToXero: true, ...overrides });
  const user = await makeUser({ company });
  const grant = await connectXero(url, `ap@${label}.test`);
  const connection = await AccountingConnection.create({
    companyId: company.id,
    provider: "XERO",
    status: "CONNECTED",
    externalTenantId: grant.tenantId,
    accessToken: encryptSecret(grant.accessToken),
    refreshToken: encryptSecret(grant.refreshToken),
    tokenExpiresAt: new Date(Date.now() + 30 * 60_000),
    connectedByUserId: user.id,
  });
  return { company, actor: { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] }, connection, externalId: grant.tenantId, organisation };
}

/** A new company connected to a new emulated organisation's MYOB AccountRight "Live" company file, with its credentials. */
export async function connectedAccountRightCompany(url: string): Promise<ConnectedCompany> {
  const label = `syncmyob${crypto.randomBytes(4).toString("hex")}`;
  const organisation = `${label.charAt(0).toUpperCase()}${label.slice(1)} Ltd`;
  const company = await makeCompany({ companyName: organisation, connectedToMyobAccountRight: true });
  const user = await makeUser({ company });
  const grant = await connectMyob(url, `ap@${label}.test`, "MYOB_ACCOUNT_RIGHT");
  const files = await emulatorAdmin(url).myobFileIds(organisation);
  const organisations = await emulatorAdmin(url).organisations();
  const file = organisations.find((o) => o.name === organisation)?.myobFiles.find((f) => f.id === files.live);
  if (!file) throw new Error(`No AccountRight file for ${organisation}`);
  const connection = await AccountingConnection.create({
    companyId: company.id,
    provider: "MYOB_ACCOUNT_RIGHT",
    status: "CONNECTED",
    externalTenantId: null,
    companyFileId: file.id,
    companyFileName: file.name,
    companyFileUri: file.uri,
    companyFileCredentials: encryptSecret(JSON.stringify(MYOB_FILE_USER)),
    accessToken: encryptSecret(grant.accessToken),
    refreshToken: encryptSecret(grant.refreshToken),
    tokenExpiresAt: new Date(Date.now() + 20 * 60_000),
    connectedByUserId: user.id,
  });
  return { company, actor: { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] }, connection, externalId: file.id, organisation };
}
