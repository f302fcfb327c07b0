/**
 * Sync in from MYOB AccountRight with a company file and its credentials (issue 18 part 4) against the emulator over
 * real HTTP and a real PostgreSQL: bills loaded (loadedBy MYOB_ACCOUNT_RIGHT), an incremental sync by LastModified
 * with the RowVersion kept, a bill deleted in MYOB voided by a full sync, and the open bills' balance per supplier.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { Invoice } from "../../db/models/index";
import { emulatorAdmin, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import { runAccountingSyncNow } from "../../app/modules/integrations/sync/service.server";
import { connectedAccountRightCompany, startSyncEmulator } from "../support/accounting-sync-setup";

let emulator: AccountingEmulatorHandle;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ emulator, stop } = await startSyncEmulator());
  await emulatorAdmin(emulator.url).setLimits({ perMinute: 600, perDay: 50_000, concurrent: 5 });
});
afterAll(async () => {
  await stop();
  await sequelize.close();
});

describe("MYOB AccountRight sync in", () => {
  it("loads the company file's bills, then only what changed; a bill deleted in MYOB is voided by a full sync", async () => {
    const { company, actor, externalId: fileId, connection } = await connectedAccountRightCompany(emulator.url);
    const first = await runAccountingSyncNow(actor, {});
    expect(first.provider).toBe("MYOB_ACCOUNT_RIGHT");
    expect(first.kinds.bills.created).toBeGreaterThan(20);
    expect(first.kinds.contacts.created).toBeGreaterThan(3);
    const bills = await Invoice.findAll({ where: { issuedFor: company.id, type: "BILL", deletedAt: null } });
    expect(bills.every((bill) => bill.loadedBy === "MYOB_ACCOUNT_RIGHT" && bill.externalId)).toBe(true);

    const [cursor] = await sequelize.query<{ modified_since: Date | null; row_version: string | null }>(
      `SELECT modified_since, row_version FROM accounting_sync_cursors WHERE connection_id = $1 AND resource = 'bills'`,
      { bind: [connection.id], type: QueryTypes.SELECT }
    );
    expect(cursor.modified_since).not.toBeNull();
    expect(cursor.row_version).toBeTruthy();

    const admin = emulatorAdmin(emulator.url);
    const open = bills.find((bill) => bill.billStatus !== "PAID") as Invoice;
    await admin.upsertMyobBill(fileId, { UID: open.externalId as string, Terms: { BalanceDueDate: "2027-02-26T00:00:00" } });
    const second = await runAccountingSyncNow(actor, {});
    expect(second.kinds.bills).toMatchObject({ created: 0, updated: 1, failed: 0 });
    await open.reload();
    expect(open.dueDate).toBe("2027-02-26");

    const doomed = bills.find((bill) => bill.id !== open.id && bill.billStatus !== "PAID") as Invoice;
    await admin.deleteMyobBill(fileId, doomed.externalId as string);
    await runAccountingSyncNow(actor, { full: true });
    await doomed.reload();
    expect(doomed.deletedAt).not.toBeNull();

    const balances = await sequelize.query<{ n: string }>(`SELECT count(*)::text AS n FROM accounting_payables_balances WHERE company_id = $1`, { bind: [company.id], type: QueryTypes.SELECT });
    expect(Number(balances[0].n)).toBeGreaterThan(0);
  });
});
