/**
 * Sync-in cursors (issue 18 part 4, decision 057): a run resumes after its last committed page when the same job is
 * taken back from a dead worker, a new job starts from the stored cursor, `full` ignores it, and the next cursor is the
 * second after the newest change but never later than the run's start.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AccountingConnection } from "../../db/models/index";
import { finishRun, pageDone, readCursor, startingPoint } from "../../app/modules/integrations/sync/cursors.server";
import { makeCompany } from "../support/factories";

afterAll(async () => {
  await sequelize.close();
});

const JOB_A = "00000000-0000-4000-8000-00000000000a";
const JOB_B = "00000000-0000-4000-8000-00000000000b";

describe("sync cursors", () => {
  it("resume, restart, full, and the next cursor", async () => {
    const company = await makeCompany();
    const connection = await AccountingConnection.create({ companyId: company.id, provider: "XERO", status: "CONNECTED", externalTenantId: "tenant-x" });
    expect(await startingPoint(connection.id, "invoices", JOB_A, false)).toEqual({ since: null, page: 1, resumed: false });
    await sequelize.transaction((t) => pageDone(connection.id, "invoices", 1, new Date("2026-11-01T10:00:00.400Z"), null, t));
    await sequelize.transaction((t) => pageDone(connection.id, "invoices", 2, new Date("2026-11-01T10:00:05.900Z"), null, t));
    // The same job again (its worker died): after page 2.
    expect(await startingPoint(connection.id, "invoices", JOB_A, false)).toEqual({ since: null, page: 3, resumed: true });
    await finishRun(connection.id, "invoices", new Date("2026-11-27T08:00:00.000Z"));
    const cursor = await readCursor(connection.id, "invoices");
    expect(cursor.modifiedSince?.toISOString()).toBe("2026-11-01T10:00:06.000Z");
    expect(cursor.runJobId).toBeNull();
    // A new job starts from the cursor; a full one from nothing.
    expect(await startingPoint(connection.id, "invoices", JOB_B, false)).toEqual({ since: new Date("2026-11-01T10:00:06.000Z"), page: 1, resumed: false });
    expect(await startingPoint(connection.id, "invoices", JOB_A, true)).toEqual({ since: null, page: 1, resumed: false });
    // A change newer than the run's start: the cursor stays at the run's start second.
    await sequelize.transaction((t) => pageDone(connection.id, "invoices", 1, new Date("2026-11-27T08:00:00.500Z"), null, t));
    await finishRun(connection.id, "invoices", new Date("2026-11-27T08:00:00.200Z"));
    expect((await readCursor(connection.id, "invoices")).modifiedSince?.toISOString()).toBe("2026-11-27T08:00:00.000Z");
  });
});
