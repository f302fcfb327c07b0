/**
 * `earlybird accounting:status`, `accounting:sync` and `accounting:disconnect` (issue 18 part 6) through the real CLI
 * (bin shim → tsx, a process of its own) against the test database and the accounting emulator running here over real
 * HTTP: status and sync with --json, exit 1 with a clear message when the company is not connected, disconnect
 * refused without --yes off a terminal and done with it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AccountingConnection, AccountingPush, Invoice } from "../../db/models/index";
import { resetEnvCache } from "../../app/lib/env.server";
import { resetEncryptionKeyCache } from "../../app/modules/integrations/crypto.server";
import { settleAccountingPushes } from "../../app/modules/integrations/push/service.server";
import { runEarlybird } from "../support/cli";
import { makeCompany } from "../support/factories";
import { connectXero, makeBooksCompany, startPushWorld, type PushWorld } from "../support/accounting-push-world";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-accounting-cli-"));
let world: PushWorld;
beforeAll(async () => {
  // One key for this process and the CLI's: the CLI decrypts the tokens stored here.
  process.env.ENCRYPTION_KEY = "5a".repeat(32);
  resetEnvCache();
  resetEncryptionKeyCache();
  world = await startPushWorld();
});
afterAll(async () => {
  await settleAccountingPushes();
  await world?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

describe("earlybird accounting:*", () => {
  it("accounting:status --json reports the connection, tenant, counts and pushes; accounting:sync --json the summary per kind", async () => {
    const { company, actor, organisation } = await makeBooksCompany();
    await connectXero(actor);
    const status = await earlybird(["--json", "accounting:status", "--company", String(company.id)]);
    expect(status.stderr).toBe("");
    expect(status.code).toBe(0);
    const before = JSON.parse(status.stdout);
    expect(before).toMatchObject({ companyId: company.id, connected: true, synced: { bills: 0, invoices: 0 }, pushes: { pending: 0, failed: 0, done: 0 }, lastErrors: [] });
    expect(before.connections.find((connection: { provider: string }) => connection.provider === "XERO")).toMatchObject({ status: "CONNECTED", tenantName: organisation });

    const sync = await earlybird(["--json", "accounting:sync", "--company", String(company.id)]);
    expect(sync.stderr).toBe("");
    expect(sync.code).toBe(0);
    const summary = JSON.parse(sync.stdout);
    expect(summary).toMatchObject({ companyId: company.id, provider: "XERO" });
    expect(summary.calls).toBeGreaterThan(0);
    for (const kind of ["contacts", "bills", "invoices", "accounts"]) {
      expect(summary.kinds[kind]).toEqual({ created: expect.any(Number), updated: expect.any(Number), skipped: expect.any(Number), failed: expect.any(Number) });
    }
    expect(summary.kinds.bills.created).toBeGreaterThan(0);
    expect(await Invoice.count({ where: { issuedFor: company.id, type: "BILL", loadedBy: "XERO" } })).toBe(summary.kinds.bills.created);

    // Status after the sync: the bills and contacts it brought, a failed push and its error among the last errors.
    const [anyBill] = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL" }, limit: 1 });
    await AccountingPush.create({
      companyId: company.id,
      provider: "XERO",
      kind: "BILL_CREATE",
      side: "PURCHASER",
      invoiceId: anyBill.id,
      idempotencyKey: `cli-test-${anyBill.id}`,
      status: "FAILED",
      attempts: 8,
      lastError: "503 Service Unavailable",
    });
    const after = JSON.parse((await earlybird(["--json", "accounting:status", "--company", String(company.id)])).stdout);
    expect(after.synced.bills).toBe(summary.kinds.bills.created);
    expect(after.synced.contacts).toBeGreaterThan(0);
    expect(after.pushes).toEqual({ pending: 0, failed: 1, done: 0 });
    expect(after.lastErrors[0]).toMatchObject({ source: "PUSH", kind: "BILL_CREATE", message: "503 Service Unavailable" });
  });

  it("accounting:sync exits 1 with a clear message when the company is not connected; status says so", async () => {
    const company = await makeCompany();
    const sync = await earlybird(["--json", "accounting:sync", "--company", String(company.id), "--full"]);
    expect(sync.code).toBe(1);
    expect(JSON.parse(sync.stderr)).toMatchObject({ error: { message: `Company ${company.id} is not connected to Xero or MYOB`, code: "NOT_CONNECTED" } });
    const status = await earlybird(["accounting:status", "--company", String(company.id)]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/Connection:\s+not connected/);
  });

  it("accounting:disconnect needs --yes off a terminal, then disconnects the live connection", async () => {
    const { company, actor } = await makeBooksCompany();
    await connectXero(actor);
    const refused = await earlybird(["accounting:disconnect", "--company", String(company.id)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("Error: accounting:disconnect needs a confirmation: pass --yes.\n");
    const done = await earlybird(["accounting:disconnect", "--company", String(company.id), "--yes"]);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    expect(done.stdout).toBe(`Company ${company.id} disconnected from Xero\n`);
    expect(await AccountingConnection.count({ where: { companyId: company.id, status: "CONNECTED" } })).toBe(0);
  });
});
