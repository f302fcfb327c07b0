/**
 * `npm run bench:sync [-- --invoices N] [--scale K]`: sync in from Xero at volume (issue 18 part 7, decision 057).
 *
 * Starts the accounting emulator in this process (temp data directory) and a throwaway embedded PostgreSQL (under
 * .data/bench-pg, removed at the end), gives a new organisation `--invoices` more invoices (default 100,000, half bills
 * and half sales invoices) through the emulator's admin API, connects a company to it through the real OAuth code flow
 * (consent, token), and runs a full sync: invoices a minute against the ceiling Xero's limits allow (100 a page × 60
 * calls a minute = 6,000 a minute) and the ratio (target ≥ 90 %). Then changes 100 invoices and runs an incremental
 * sync (target: ≤ 3 calls for invoices).
 *
 * At the real limits 100,000 invoices take about 17 minutes. `--invoices 10000` is a shorter run at the real limits;
 * `--scale K` multiplies the emulator's minute limit by K for a quick look (the figure is then not Xero's and is
 * printed as scaled).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabaseIfMissing, ensureDatabase } from "../db/bootstrap";

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} expects a positive number`);
  return value;
}

const INVOICES = Math.trunc(argValue("--invoices", 100_000));
const SCALE = argValue("--scale", 1);
const PAGE = 100;
const PER_MINUTE = 60;

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function main() {
  const root = path.resolve(".data/bench-pg", `sync-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(root, { recursive: true });
  const emulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sync-emulator-"));
  const handle = await ensureDatabase({ dataDir: path.join(root, "pg"), databaseName: "postgres", quiet: true });
  try {
    const url = withDatabase(handle.url, "earlybird_bench");
    await createDatabaseIfMissing(withDatabase(handle.url, "postgres"), "earlybird_bench");
    process.env.DATABASE_URL = url;
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";
    process.env.LOG_LEVEL = "warn";
    process.env.EARLYBIRD_DATA_DIR = path.join(root, "data");

    const { startAccountingEmulator, emulatorAdmin } = await import("../app/modules/integrations/emulator/index");
    const emulator = await startAccountingEmulator({ port: 0, dataDir: emulatorDir });
    process.env.XERO_LOGIN_URL = `${emulator.url}/xero/login`;
    process.env.XERO_IDENTITY_URL = `${emulator.url}/xero/identity`;
    process.env.XERO_API_URL = `${emulator.url}/xero/api`;
    const { resetEnvCache } = await import("../app/lib/env.server");
    resetEnvCache();

    const { sequelize } = await import("../db/index");
    const { migrate } = await import("../db/migrator");
    await migrate(sequelize);
    const { AccountingConnection, Company } = await import("../db/models/index");
    const { encryptSecret } = await import("../app/modules/integrations/crypto.server");
    const { EMULATOR_APPS, XERO_SCOPES } = await import("../app/modules/integrations/config.server");
    const { runAccountingSyncNow, ACCOUNTING_SYNC_JOB_TYPE } = await import("../app/modules/integrations/sync/service.server");
    const { Job } = await import("../db/models/index");

    const admin = emulatorAdmin(emulator.url);
    const organisation = "Benchsync Ltd";
    const tenantId = await admin.xeroTenantId(organisation);
    const seeded = performance.now();
    for (let left = INVOICES, half = 0; left > 0; half++) {
      const count = Math.min(left, 10_000);
      await admin.addXeroInvoices(tenantId, { count, type: half % 2 === 0 ? "ACCPAY" : "ACCREC" });
      left -= count;
    }
    console.log(`Emulator: ${INVOICES.toLocaleString("en-NZ")} invoices added in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    // The OAuth code flow as a browser would do it: consent (Allow access), then the token endpoint with PKCE.
    const verifier = crypto.randomBytes(40).toString("base64url");
    const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
    const redirectUri = "http://localhost:3000/xero/callback";
    const consent = await fetch(`${emulator.url}/xero/login/identity/connect/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ response_type: "code", client_id: EMULATOR_APPS.xero.clientId, redirect_uri: redirectUri, scope: XERO_SCOPES, state: "bench", code_challenge: challenge, code_challenge_method: "S256", login_hint: "ap@benchsync.test", decision: "allow" }),
      redirect: "manual",
    });
    const code = new URL(consent.headers.get("location") as string).searchParams.get("code") as string;
    const tokenResponse = await fetch(`${emulator.url}/xero/identity/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${EMULATOR_APPS.xero.clientId}:${EMULATOR_APPS.xero.clientSecret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier }),
    });
    const tokens = (await tokenResponse.json()) as { access_token: string; refresh_token: string; expires_in: number };
    const company = await Company.create({ companyName: organisation, country: "NZ", status: "ACTIVE", connectedToXero: true });
    await AccountingConnection.create({
      companyId: company.id,
      provider: "XERO",
      status: "CONNECTED",
      externalTenantId: tenantId,
      accessToken: encryptSecret(tokens.access_token),
      refreshToken: encryptSecret(tokens.refresh_token),
      tokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    });
    const actor = { userId: 0, companyId: company.id, roles: ["ROLE_USER" as const] };

    await admin.setLimits({ perMinute: Math.round(PER_MINUTE * SCALE), perDay: 1_000_000, concurrent: 5 });
    const ceiling = PAGE * PER_MINUTE * SCALE;
    const lastResult = async () => (await Job.findOne({ where: { companyId: company.id, type: ACCOUNTING_SYNC_JOB_TYPE }, order: [["createdAt", "DESC"]] }))?.result as { callsByResource: Record<string, number> };

    console.log(`Full sync${SCALE !== 1 ? ` (minute limit scaled ×${SCALE}: ${Math.round(PER_MINUTE * SCALE)} calls a minute)` : " at Xero's limits (60 calls a minute)"}...`);
    // The invoices step alone is timed (the few calls for accounts, contacts, purchase orders and the report are not invoices).
    let lastPercent = -1;
    const started = performance.now();
    const full = await runAccountingSyncNow(actor, {
      full: true,
      onProgress: (percent) => {
        if (percent >= lastPercent + 10) {
          lastPercent = percent;
          console.log(`  ${percent}% after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const loaded = full.kinds.bills.created + full.kinds.invoices.created + full.kinds.bills.skipped + full.kinds.invoices.skipped + full.kinds.bills.failed + full.kinds.invoices.failed;
    const perMinute = (loaded / seconds) * 60;
    const fullCalls = (await lastResult()).callsByResource;
    console.log(
      `Full sync: ${loaded.toLocaleString("en-NZ")} invoices and bills read (${full.kinds.bills.created + full.kinds.invoices.created} created, ${full.kinds.bills.skipped + full.kinds.invoices.skipped} skipped, ${full.kinds.bills.failed + full.kinds.invoices.failed} failed) in ${seconds.toFixed(1)} s, ${full.calls} calls (${fullCalls.invoices} for invoices)`
    );
    console.log(
      `  ${Math.round(perMinute).toLocaleString("en-NZ")} invoices/minute against a ceiling of ${ceiling.toLocaleString("en-NZ")}/minute: ${((perMinute / ceiling) * 100).toFixed(1)} % (target ≥ 90 %)${SCALE !== 1 ? " [scaled limits: not Xero's figure]" : ""}`
    );

    // 100 changes, then an incremental sync.
    const numbers = Array.from({ length: 100 }, (_, index) => index + 1);
    const existing = await sequelize.query<{ external_id: string }>(`SELECT external_id FROM invoices WHERE issued_for = $1 AND type = 'BILL' AND deleted_at IS NULL ORDER BY id LIMIT 100`, {
      bind: [company.id],
      type: (await import("sequelize")).QueryTypes.SELECT,
    });
    for (const [index, row] of existing.entries()) await admin.upsertXeroInvoice(tenantId, { InvoiceID: row.external_id, DueDate: `2027-0${1 + (numbers[index] % 9)}-15` });
    const incStarted = performance.now();
    const incremental = await runAccountingSyncNow(actor, {});
    const incCalls = (await lastResult()).callsByResource;
    console.log(
      `Incremental sync after ${existing.length} changes: ${incremental.kinds.bills.updated + incremental.kinds.invoices.updated} updated, ${incCalls.invoices} calls for invoices (target ≤ 3), ${incremental.calls} calls in all, ${((performance.now() - incStarted) / 1000).toFixed(1)} s`
    );
    await sequelize.close();
    await emulator.close();
  } finally {
    await handle.stop();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(emulatorDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  }
);
