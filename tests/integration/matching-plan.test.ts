/**
 * Matching reads through indexes (issue 16 part 7; docs/decisions/044-document-matching.md): a buyer with 300 suppliers
 * (that 60 other companies know too: 18,300 counterparties) among 20,000 companies, 30,000 purchase orders, 5,000 bills and 3,000 documents,
 * ANALYZEd; every statement matchDocuments sends for a batch of 500 is
 * run again under EXPLAIN, and none scans a big table (purchase orders, documents, bills, counterparties, companies)
 * sequentially. The batch's outcomes spread over the reasons the workload was built with.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { matchDocuments, type MatchOutcome } from "../../app/modules/matching/service.server";
import { captureReads } from "../support/query-capture";
import { seedMatchingWorkload } from "../support/matching-factories";

afterAll(() => sequelize.close());

const BIG_TABLES = ["purchase_orders", "bill_documents", "invoices", "counterparties", "companies"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe("matchDocuments' query plans", () => {
  it("reads every big table through an index", async () => {
    const { buyer, documentIds } = await seedMatchingWorkload({ suppliers: 300, orders: 30_000, bills: 5_000, documents: 3_000, otherBuyers: 60, otherCompanies: 20_000 });
    let outcomes: MatchOutcome[] = [];
    const statements = await captureReads(async () => {
      outcomes = await matchDocuments(buyer.id, documentIds.slice(0, 500));
    });
    expect(outcomes).toHaveLength(500);
    const count = (status: string) => outcomes.filter((outcome) => outcome.matchStatus === status).length;
    expect(count("ORDER_NOT_FOUND_OCR")).toBe(25);
    expect(count("ORDER_NOT_FOUND_GPOS")).toBe(25);
    expect(count("CONTACT_NOT_FOUND")).toBe(25);
    expect(count("POTENTIAL_DUPLICATE")).toBeGreaterThanOrEqual(25);
    expect(count("AMOUNT_OVER")).toBeGreaterThan(0);
    expect(count("MATCHED")).toBeGreaterThan(200);
    expect(outcomes.filter((outcome) => outcome.invoiceId !== null).length).toBeGreaterThan(100);

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const scans: string[] = [];
    try {
      expect(statements.length).toBeGreaterThan(5);
      for (const { text, values } of statements) {
        const result = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
        const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan;
        for (const node of nodes(plan)) {
          if (node["Node Type"] === "Seq Scan" && BIG_TABLES.includes(node["Relation Name"] ?? "")) scans.push(`${node["Relation Name"]}: ${text.replace(/\s+/g, " ").slice(0, 200)}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(scans).toEqual([]);
  });
});
