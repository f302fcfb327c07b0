/**
 * The admin directory's queries stay bounded on a big company (issue 15 part 1; docs/decisions/035): a company with
 * 20,000 counterparties (a sixth of a 120,000-row table), ANALYZEd, and every statement listDirectory sends for page 1 and
 * for the last page with a filter (queue; and the Members tab with a search) run again under EXPLAIN: none scans
 * `counterparties` sequentially, and the page query reads at most a page's worth of its rows through the name order.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { listDirectory } from "../../app/modules/counterparties/directory.server";
import { DEFAULT_DIRECTORY_QUERY, type DirectoryQuery } from "../../app/modules/counterparties/rules";
import { makeAdmin, makeCompany } from "../support/factories";
import { captureReads, type CapturedQuery } from "../support/query-capture";

afterAll(() => sequelize.close());

const ROWS = 20_000;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
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
    }, (text) => text.includes("counterparties"));
    expect(rows).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(await seqScans(statements)).toEqual([]);
  });
});
