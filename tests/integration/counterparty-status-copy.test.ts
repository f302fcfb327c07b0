/**
 * The copy of the other company's status on a counterparty row (migration 2026.11.26T18.11.00): an INSERT
 * that leaves it out takes the company's status; the counterparty import, which gives it for the companies it has just
 * created, writes the right one; a row re-pointed to another company takes that one's; a company's new status reaches
 * every row.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { COUNTERPARTY_IMPORT_COLUMNS } from "../../app/modules/counterparties/import-rules";
import { runCounterpartyImport, startCounterpartyImport } from "../../app/modules/counterparties/import.server";
import { makeAdmin, makeCompany, makeCounterparty } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cp-status-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const statusOf = async (counterpartyId: number) => {
  const [row] = await sequelize.query<{ counterparty_status: string }>("SELECT counterparty_status FROM counterparties WHERE id = :id", {
    replacements: { id: counterpartyId },
    type: QueryTypes.SELECT,
  });
  return row.counterparty_status;
};

describe("counterparty status copy", () => {
  it("takes the company's status when an insert leaves it out, and when a row is re-pointed", async () => {
    const owner = await makeCompany();
    const invited = await makeCompany({ status: "INVITED" });
    const row = await makeCounterparty(owner, invited, { supplier: true });
    expect(await statusOf(row.id)).toBe("INVITED");

    const pending = await makeCompany({ status: "PENDING" });
    await sequelize.query("UPDATE counterparties SET counterparty_company_id = :other WHERE id = :id", { replacements: { other: pending.id, id: row.id } });
    expect(await statusOf(row.id)).toBe("PENDING");

    await pending.update({ status: "ACTIVE" });
    expect(await statusOf(row.id)).toBe("ACTIVE");
  });

  it("keeps a status the insert gives: the import's new companies and their rows are INACTIVE, an attached row keeps its company's", async () => {
    const admin = await makeAdmin();
    const owner = await makeCompany();
    const member = await makeCompany({ companyName: "Member Supplies Ltd", status: "ACTIVE" });
    const attached = await makeCounterparty(owner, member, { customer: true });
    const file = path.join(dir, "status.csv");
    fs.writeFileSync(file, [COUNTERPARTY_IMPORT_COLUMNS.join(","), "Member Supplies Ltd,M-1,,,,,", "New Supplier Ltd,N-1,,,,,"].join("\n") + "\n");
    const job = await startCounterpartyImport(admin, owner.id, { filePath: file });
    expect((await runCounterpartyImport(job.id)).result).toMatchObject({ attached: 1, created: 1 });

    const rows = await sequelize.query<{ external_account_id: string; counterparty_status: string; status: string }>(
      `SELECT cp.external_account_id, cp.counterparty_status, c.status FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id
        WHERE cp.company_id = :owner ORDER BY cp.external_account_id`,
      { replacements: { owner: owner.id }, type: QueryTypes.SELECT }
    );
    expect(rows).toEqual([
      { external_account_id: "M-1", counterparty_status: "ACTIVE", status: "ACTIVE" },
      { external_account_id: "N-1", counterparty_status: "INACTIVE", status: "INACTIVE" },
    ]);
    expect(await statusOf(attached.id)).toBe("ACTIVE");
  });
});
