/**
 * The admin directory's queries stay bounded on a big company (issue 15 part 1; docs/decisions/035): a company with
 * 20,000 counterparties (a sixth of a 120,000-row table), ANALYZEd, and every statement listDirectory sends for page 1 and
 * for the last page with a filter (queue; and the Members tab with a search) run again under EXPLAIN: none scans
 * `counterparties` sequentially. Without a filter (or with only the tab and the queue) the count is the kept counts'
 * (counterparty_counts): run again under EXPLAIN ANALYZE, it reads no row of `counterparties`, and the whole load
 * reads a few pages' worth of them (under 2% of the company's 20,000), not an index range of the company's rows.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { listDirectory } from "../../app/modules/counterparties/directory.server";
import { DEFAULT_DIRECTORY_QUERY, type DirectoryQuery } from "../../app/modules/counterparties/rules";
import { makeAdmin, makeCompany } from "../support/factories";
import { makeGlAccount } from "../support/directory-factories";
import { captureReads, type CapturedQuery } from "../support/query-capture";

afterAll(() => sequelize.close());

const ROWS = 20_000;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function seqScans(statements: CapturedQuery[]) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const found: string[] = [];
  try {
    for (const { text, values } of statements) {
      const result = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
      const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan;
      if (nodes(plan).some((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "counterparties")) {
        found.push(text.replace(/\s+/g, " ").slice(0, 300));
      }
    }
  } finally {
    await client.end();
  }
  return found;
}

/** Rows of `counterparties` each statement reads (EXPLAIN ANALYZE: the rows its scans return or filter out). */
async function counterpartyRowsRead(statements: CapturedQuery[]) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const read: { text: string; rows: number }[] = [];
    for (const { text, values } of statements) {
      const result = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan;
      const rows = nodes(plan)
        .filter((node) => node["Relation Name"] === "counterparties")
        .reduce((sum, node) => sum + ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * (node["Actual Loops"] ?? 1), 0);
      read.push({ text: text.replace(/\s+/g, " ").slice(0, 120), rows });
    }
    return read;
  } finally {
    await client.end();
  }
}

/** The statements of one load that name counterparties or their kept counts. */
const touchesCounterparties = (text: string) => /\bcounterpart(ies|y_counts)\b/.test(text);

describe("directory query plans (no Seq Scan on counterparties)", () => {
  let companyId: number;

  beforeAll(async () => {
    const owner = await makeCompany({ companyName: "Plan Directory Owner" });
    companyId = owner.id;
    // The company's parties, and five other owners with relationships to the same parties: the company's rows are a
    // sixth of the table, where a scan of the whole table would otherwise be the planner's choice.
    await sequelize.query(
      `WITH parties AS (
         INSERT INTO companies (company_name, country, status, verification_status)
         SELECT 'Party ' || lpad(g::text, 6, '0'), 'NZ', (ARRAY['ACTIVE','INACTIVE','INVITED'])[1 + g % 3], 'NOT_VERIFIED'
         FROM generate_series(1, :rows) g RETURNING id
       ), owners AS (
         INSERT INTO companies (company_name, country, status) SELECT 'Plan Other Owner ' || g, 'NZ', 'ACTIVE' FROM generate_series(1, 5) g RETURNING id
       ), everyone AS (SELECT :companyId AS id UNION ALL SELECT id FROM owners)
       INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, default_processing_queue)
       SELECT everyone.id, parties.id, true, (ARRAY[NULL,'AUTOMATIC','MANUAL'])[1 + parties.id % 3]
         FROM everyone CROSS JOIN parties`,
      { replacements: { rows: ROWS, companyId } }
    );
    await sequelize.query("VACUUM ANALYZE companies");
    await sequelize.query("VACUUM ANALYZE counterparties");
  }, 120_000);

  const cases: [string, Partial<DirectoryQuery>][] = [
    ["page 1", {}],
    ["page 1, Members tab", { tab: "members" }],
    ["page 1, search", { q: "party 0012" }],
    ["last page, queue filter", { queue: "AUTOMATIC", page: Math.ceil(ROWS / 3 / 10) }],
    ["last page, Members tab", { tab: "members", page: Math.ceil(ROWS / 3 / 10) }],
  ];

  it.each(cases)("%s", async (_name, changes) => {
    const admin = await makeAdmin();
    const query = { ...DEFAULT_DIRECTORY_QUERY, ...changes };
    let rows = 0;
    const statements = await captureReads(async () => {
      const page = await listDirectory(admin, companyId, query);
      rows = page.rows.length;
    }, touchesCounterparties);
    expect(rows).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(await seqScans(statements)).toEqual([]);
  });

  // The count without a row-only filter: the kept counts, whatever the company's size (docs/decisions/035).
  const kept: [string, Partial<DirectoryQuery>, boolean][] = [
    ["page 1, no filter", {}, true],
    ["last page, no filter", { page: ROWS / 10 }, true],
    ["page 1, Members tab", { tab: "members" }, true],
    ["last page, Non-Members tab", { tab: "non-members", page: Math.ceil(((ROWS / 3) * 2) / 10) }, true],
    ["last page, queue filter", { queue: "AUTOMATIC", page: Math.ceil(ROWS / 3 / 10) }, false],
  ];

  it.each(kept)("%s: counted from counterparty_counts, reading no index range of the company's rows", async (_name, changes, pageBounded) => {
    const admin = await makeAdmin();
    const query = { ...DEFAULT_DIRECTORY_QUERY, ...changes };
    let page: Awaited<ReturnType<typeof listDirectory>> | undefined;
    const statements = await captureReads(async () => {
      page = await listDirectory(admin, companyId, query);
    }, touchesCounterparties);
    expect(page!.rows.length).toBeGreaterThan(0);
    expect(page!.totalIsEstimate).toBe(false);
    const read = await counterpartyRowsRead(statements);
    const counts = read.filter((statement) => statement.text.includes("counterparty_counts"));
    expect(counts).toHaveLength(1);
    expect(counts[0].rows).toBe(0);
    // The page itself: a few pages' worth of index entries (tab and no filter), read from the nearer end, not the
    // company's 20,000 (or a tab's 6,666) as the count over the rows read.
    if (pageBounded) expect(read.reduce((sum, statement) => sum + statement.rows, 0)).toBeLessThan(ROWS / 50);
  });

  it("counts a GL-code filter exactly over the company's rows, without a Seq Scan", async () => {
    const admin = await makeAdmin();
    const gl = await makeGlAccount(companyId, { code: "610", name: "Freight" });
    await sequelize.query(`UPDATE counterparties SET gl_account_id = :gl
        WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM counterparties WHERE company_id = :companyId) x WHERE n % 10 = 0)`, { replacements: { gl: gl.id, companyId } });
    await sequelize.query("ANALYZE counterparties");
    const statements = await captureReads(async () => {
      const page = await listDirectory(admin, companyId, { ...DEFAULT_DIRECTORY_QUERY, glcode: [gl.id], page: ROWS / 10 / 10 });
      expect(page.totalElements).toBe(ROWS / 10);
      expect(page.totalIsEstimate).toBe(false);
      expect(page.rows).toHaveLength(10);
    }, touchesCounterparties);
    expect(statements.some((statement) => statement.text.includes("counterparty_counts"))).toBe(false);
    expect(await seqScans(statements)).toEqual([]);
  });
});
