/**
 * The kept counts of counterparties (counterparty_counts, migration 2026.11.26T19.10.00; docs/decisions/035) stay
 * exact for every writer: multi-row and single inserts, upserts, role and queue changes, a company's status change
 * passed on to the rows naming it, a re-pointed row, deletes, an owner's deletion, a rolled-back transaction,
 * concurrent writers, the counterparty import and a merge. After each step every kept group equals a count of the
 * table, and the directory's totals (which read the kept counts) equal a count joined to the companies' live status.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { listDirectory, listOwnCounterparties } from "../../app/modules/counterparties/directory.server";
import { COUNTERPARTY_IMPORT_COLUMNS } from "../../app/modules/counterparties/import-rules";
import { runCounterpartyImport, startCounterpartyImport, type CounterpartyImportResult } from "../../app/modules/counterparties/import.server";
import { DEFAULT_DIRECTORY_QUERY, DIRECTORY_TAB_STATUSES, type DirectoryTab } from "../../app/modules/counterparties/rules";
import { runMerge, startMerge, type MergeResult } from "../../app/modules/merge/service.server";
import { actorOf, makeAdmin, makeCompany, makeCounterparty, makeUser } from "../support/factories";
import { insertBills, makeMergePair } from "../support/merge-factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cp-counts-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

/** Kept groups that differ from a count of the whole table (both ways), and any negative group: [] when exact. */
async function mismatches() {
  return sequelize.query(
    `WITH actual AS (
       SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, count(*) AS total
         FROM counterparties GROUP BY 1, 2, 3, 4, 5
     ), kept AS (
       SELECT company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, total FROM counterparty_counts WHERE total <> 0
     )
     (SELECT 'not kept' AS problem, * FROM actual EXCEPT SELECT 'not kept', * FROM kept)
     UNION ALL
     (SELECT 'not in the table', * FROM kept EXCEPT SELECT 'not in the table', * FROM actual)
     UNION ALL
     SELECT 'negative', company_id, counterparty_status, is_supplier, is_customer, default_processing_queue, total FROM counterparty_counts WHERE total < 0`,
    { type: QueryTypes.SELECT }
  );
}

/** The live count of a tab (the other company's status now, joined), to compare with the directory's total. */
async function liveCount(companyId: number, tab: DirectoryTab, extra = "") {
  const statuses = DIRECTORY_TAB_STATUSES[tab];
  const [{ count }] = await sequelize.query<{ count: string }>(
    `SELECT count(*) AS count FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id
      WHERE cp.company_id = :companyId ${statuses ? "AND c.status IN (:statuses)" : ""} ${extra}`,
    { replacements: { companyId, statuses }, type: QueryTypes.SELECT }
  );
  return Number(count);
}

/** Every tab of the directory, and the queue filters, total what the table holds now. */
async function expectDirectoryExact(companyId: number) {
  expect(await mismatches()).toEqual([]);
  const admin = await makeAdmin();
  for (const tab of ["all", "members", "non-members"] as const) {
    const page = await listDirectory(admin, companyId, { ...DEFAULT_DIRECTORY_QUERY, tab });
    expect(page.totalIsEstimate).toBe(false);
    expect({ tab, total: page.totalElements }).toEqual({ tab, total: await liveCount(companyId, tab) });
  }
  // MANUAL is the default queue (no entity preferences): it takes the rows without a queue of their own.
  const manual = await listDirectory(admin, companyId, { ...DEFAULT_DIRECTORY_QUERY, queue: "MANUAL" });
  expect(manual.totalElements).toBe(await liveCount(companyId, "all", "AND (cp.default_processing_queue = 'MANUAL' OR cp.default_processing_queue IS NULL)"));
  const automatic = await listDirectory(admin, companyId, { ...DEFAULT_DIRECTORY_QUERY, tab: "members", queue: "AUTOMATIC" });
  expect(automatic.totalElements).toBe(await liveCount(companyId, "members", "AND cp.default_processing_queue = 'AUTOMATIC'"));
}

/** `count` new companies (statuses in turn ACTIVE, INACTIVE, INVITED) as counterparties of `owner`, in one statement. */
async function insertParties(ownerId: number, count: number, prefix: string) {
  const rows = await sequelize.query<{ id: number; counterparty_company_id: number }>(
    `WITH parties AS (
       INSERT INTO companies (company_name, country, status)
       SELECT :prefix || ' ' || g, 'NZ', (ARRAY['ACTIVE','INACTIVE','INVITED'])[1 + g % 3] FROM generate_series(1, :count) g RETURNING id
     )
     INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_customer, default_processing_queue)
     SELECT :ownerId, id, id % 2 = 0, id % 2 = 1, (ARRAY[NULL,'AUTOMATIC','MANUAL'])[1 + id % 3] FROM parties
     RETURNING id, counterparty_company_id`,
    { replacements: { ownerId, count, prefix }, type: QueryTypes.SELECT }
  );
  return rows;
}

describe("kept counterparty counts", () => {
  it("stay exact after inserts, upserts, role and queue changes, a status change, a re-pointed row and deletes", async () => {
    const owner = await makeCompany({ companyName: "Counts Owner" });
    const second = await makeCompany({ companyName: "Counts Second Owner" });
    await expectDirectoryExact(owner.id);

    // Inserts: one statement of 30 rows, and single rows through the model.
    const rows = await insertParties(owner.id, 30, "Counts Party");
    const single = await makeCompany({ companyName: "Counts Single", status: "INVITED" });
    const singleRow = await makeCounterparty(owner, single, { supplier: true });
    await makeCounterparty(second, single, { customer: true });
    await expectDirectoryExact(owner.id);
    await expectDirectoryExact(second.id);

    // An upsert as the invites write it: the existing row is updated (no change to the counts), a new one inserted.
    const fresh = await makeCompany({ companyName: "Counts Invited", status: "INVITED" });
    await sequelize.query(
      `INSERT INTO counterparties (company_id, counterparty_company_id, is_customer, is_supplier, invited_at)
       SELECT :owner, id, true, false, now() FROM unnest(ARRAY[:ids]::int[]) AS t(id)
       ON CONFLICT (company_id, counterparty_company_id) DO UPDATE SET invited_at = COALESCE(counterparties.invited_at, now())`,
      { replacements: { owner: owner.id, ids: [single.id, fresh.id] } }
    );
    await expectDirectoryExact(owner.id);

    // Role and queue changes of many rows in one statement, and of one row through the model.
    await sequelize.query(`UPDATE counterparties SET is_supplier = true, default_processing_queue = 'AUTOMATIC' WHERE company_id = :owner AND id % 4 = 0`, {
      replacements: { owner: owner.id },
    });
    await singleRow.update({ isCustomer: true, defaultProcessingQueue: "MANUAL" });
    // A statement that changes nothing counted (a payment-term-like column) leaves the counts alone.
    const before = await sequelize.query(`SELECT * FROM counterparty_counts WHERE company_id = :owner ORDER BY 2, 3, 4, 5`, { replacements: { owner: owner.id }, type: QueryTypes.SELECT });
    await sequelize.query(`UPDATE counterparties SET is_purchaser_offers_enabled = NOT is_purchaser_offers_enabled WHERE company_id = :owner`, { replacements: { owner: owner.id } });
    expect(await sequelize.query(`SELECT * FROM counterparty_counts WHERE company_id = :owner ORDER BY 2, 3, 4, 5`, { replacements: { owner: owner.id }, type: QueryTypes.SELECT })).toEqual(before);
    await expectDirectoryExact(owner.id);

    // A company's status changes: every row naming it (two owners) moves between the tabs.
    await single.update({ status: "ACTIVE" });
    const inactive = rows.map((row) => row.counterparty_company_id);
    await sequelize.query(`UPDATE companies SET status = 'ACTIVE' WHERE id IN (:ids) AND status = 'INACTIVE'`, { replacements: { ids: inactive } });
    await expectDirectoryExact(owner.id);
    await expectDirectoryExact(second.id);

    // A row re-pointed to another company takes that company's status.
    const other = await makeCompany({ companyName: "Counts Other", status: "INACTIVE" });
    await singleRow.update({ counterpartyCompanyId: other.id });
    await expectDirectoryExact(owner.id);

    // Deletes: several in one statement, one through the model.
    await sequelize.query(`DELETE FROM counterparties WHERE id IN (:ids)`, { replacements: { ids: rows.slice(0, 7).map((row) => row.id) } });
    await singleRow.destroy();
    await expectDirectoryExact(owner.id);

    // The settings Suppliers / Customers tabs of the owner itself read the same counts, by role.
    const user = actorOf(await makeUser({ company: owner }));
    for (const role of ["SUPPLIER", "CUSTOMER"] as const) {
      const page = await listOwnCounterparties(user, role, DEFAULT_DIRECTORY_QUERY);
      expect(page.totalElements).toBe(await liveCount(owner.id, "all", role === "SUPPLIER" ? "AND cp.is_supplier" : "AND cp.is_customer"));
    }

    // An owner deleted: its rows go (the cascade), and its counts with them.
    await sequelize.query(`DELETE FROM companies WHERE id = :id`, { replacements: { id: second.id } });
    expect(await mismatches()).toEqual([]);
    const [{ left }] = await sequelize.query<{ left: string }>(`SELECT coalesce(sum(total), 0) AS left FROM counterparty_counts WHERE company_id = :id`, {
      replacements: { id: second.id },
      type: QueryTypes.SELECT,
    });
    expect(Number(left)).toBe(0);
  });

  it("stay exact when a transaction rolls back and when writers of one company run at once", async () => {
    const owner = await makeCompany({ companyName: "Counts Concurrent Owner" });
    await insertParties(owner.id, 12, "Counts Base");
    const rolledBack = sequelize.transaction(async (transaction) => {
      await sequelize.query(`DELETE FROM counterparties WHERE company_id = :owner`, { replacements: { owner: owner.id }, transaction });
      throw new Error("roll back");
    });
    await expect(rolledBack).rejects.toThrow("roll back");
    await expectDirectoryExact(owner.id);

    // Five transactions insert, update and delete rows of the same company at the same time.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        sequelize.transaction(async (transaction) => {
          const [inserted] = (await sequelize.query(
            `WITH parties AS (
               INSERT INTO companies (company_name, country, status)
               SELECT 'Counts Writer ' || :i || '-' || g, 'NZ', (ARRAY['ACTIVE','INVITED'])[1 + g % 2] FROM generate_series(1, 20) g RETURNING id
             )
             INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier) SELECT :owner, id, true FROM parties RETURNING id`,
            { replacements: { owner: owner.id, i }, transaction }
          )) as [{ id: number }[], unknown];
          await sequelize.query(`UPDATE counterparties SET is_customer = true WHERE id IN (:ids)`, { replacements: { ids: inserted.slice(0, 5).map((row) => row.id) }, transaction });
          await sequelize.query(`DELETE FROM counterparties WHERE id IN (:ids)`, { replacements: { ids: inserted.slice(15).map((row) => row.id) }, transaction });
        })
      )
    );
    await expectDirectoryExact(owner.id);
    expect(await liveCount(owner.id, "all")).toBe(12 + 5 * 15);
  });

  it("stay exact through a counterparty import that creates and updates rows", async () => {
    const admin = await makeAdmin();
    const owner = await makeCompany({ companyName: "Counts Import Owner" });
    const known = await makeCompany({ companyName: "Counts Known Customer", status: "ACTIVE" });
    await makeCounterparty(owner, known, { customer: true });
    const file = path.join(dir, "import.csv");
    const lines = Array.from({ length: 40 }, (_, i) => `Counts Imported ${i},CNT-${i},,,,,`);
    // The known customer is attached by name and becomes a supplier too.
    lines.push(`Counts Known Customer,CNT-KNOWN,,,,,`);
    fs.writeFileSync(file, [COUNTERPARTY_IMPORT_COLUMNS.join(","), ...lines].join("\n") + "\n");
    const job = await startCounterpartyImport(admin, owner.id, { filePath: file });
    const done = await runCounterpartyImport(job.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.result as CounterpartyImportResult).toMatchObject({ created: 40, attached: 1 });
    await expectDirectoryExact(owner.id);
    expect(await liveCount(owner.id, "all")).toBe(41);
    expect(await liveCount(owner.id, "non-members")).toBe(40);
  });

  it("stay exact through a merge that removes the duplicate", async () => {
    const { root, fromCompany, from, to } = await makeMergePair();
    await insertBills(root, fromCompany, 3, "CNT");
    await expectDirectoryExact(root.id);
    expect(await liveCount(root.id, "all")).toBe(2);
    const job = await startMerge(await makeAdmin(), { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id }, { runSoon: false });
    const done = await runMerge(job.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.result as MergeResult).toMatchObject({ fromRemoved: true });
    await expectDirectoryExact(root.id);
    expect(await liveCount(root.id, "all")).toBe(1);
    expect(await liveCount(root.id, "non-members")).toBe(0);
  });
});
