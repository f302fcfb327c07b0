/**
 * Issue 18 connection tests (B1): the emulator started in-process with the config pointed at it, and the browser's part
 * of a code flow done over HTTP (the consent page's **Allow access** form posted, the redirect's query read).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "../../app/lib/env.server";
import { startAccountingEmulator, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";

const ADDRESS_VARS = ["XERO_LOGIN_URL", "XERO_IDENTITY_URL", "XERO_API_URL", "MYOB_SECURE_URL", "MYOB_API_URL"] as const;

export async function startConnectEmulator(): Promise<{ emulator: AccountingEmulatorHandle; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounting-connect-"));
  const emulator = await startAccountingEmulator({ dataDir });
  process.env.XERO_LOGIN_URL = `${emulator.url}/xero/login`;
  process.env.XERO_IDENTITY_URL = `${emulator.url}/xero/identity`;
  process.env.XERO_API_URL = `${emulator.url}/xero/api`;
  process.env.MYOB_SECURE_URL = `${emulator.url}/myob/secure`;
  process.env.MYOB_API_URL = `${emulator.url}/myob/api`;
  process.env.EARLYBIRD_DATA_DIR = dataDir;
  resetEnvCache();
  return {
    emulator,
    stop: async () => {
      await emulator.close();
      for (const name of ADDRESS_VARS) delete process.env[name];
      resetEnvCache();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Clicks **Allow access** (or Cancel) on the consent page an authorize URL opens; returns the redirect's query. */
export async function consent(authorizeUrl: string, decision: "allow" | "cancel" = "allow"): Promise<URLSearchParams> {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const body = new URLSearchParams(url.searchParams);
  body.set("decision", decision);
  const response = await fetch(`${url.origin}${url.pathname}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
  if (response.status !== 302) throw new Error(`consent answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get("location") as string).searchParams;
}

export const callbackQuery = (query: URLSearchParams) => ({ code: query.get("code"), state: query.get("state"), error: query.get("error") });
