/**
 * The purchase order reads stay indexed on a big table (issue 16 part 1 and 4; docs/decisions/041): 100,000 purchase
 * orders, half of them one buyer's, ANALYZEd; the matching's look-up by number (findPurchaseOrdersByNumber) and the list
 * (page 1 and a later page, with and without a status) run again under EXPLAIN: none scans purchase_orders sequentially.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { operatorFor } from "../../app/lib/actor";
import { findPurchaseOrdersByNumber, listPurchaseOrders } from "../../app/modules/purchase-orders/service.server";
import { makeCompany } from "../support/factories";
import { captureReads, type CapturedQuery } from "../support/query-capture";

afterAll(() => sequelize.close());

const TOTAL = 100_000;
const OWN = TOTAL / 2;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function plans(statements: CapturedQuery[]): Promise<PlanNode[][]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const out: PlanNode[][] = [];
    for (const { text, values } of statements) {
      const result = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
      out.push(nodes((result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan));
    }
    return out;
  } finally {
    await client.end();
  }
}

const onPurchaseOrders = (text: string) => /\bpurchase_orders\b/.test(text);
const seqScanned = (plan: PlanNode[]) => plan.some((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "purchase_orders");

describe("purchase order query plans (no Seq Scan on purchase_orders at 100,000 rows)", () => {
  let companyId: number;

  beforeAll(async () => {
    companyId = (await makeCompany({ companyName: "Plan PO Buyer" })).id;
    const others = await Promise.all([1, 2, 3, 4].map((i) => makeCompany({ companyName: `Plan PO Other ${i}` })));
    await sequelize.query(
      `INSERT INTO purchase_orders (company_id, supplier_name, order_number, amount, status, order_date)
       SELECT CASE WHEN g <= :own THEN :companyId ELSE (:others::int[])[1 + g % 4] END,
              'Supplier ' || (g % 500), 'PO-' || lpad(g::text, 7, '0'), (g % 10000) + 0.5,
              (ARRAY['OPEN','RECEIPTED','CLOSED'])[1 + g % 3], DATE '2026-01-01' + (g % 300)
         FROM generate_series(1, :total) g`,
      { replacements: { own: OWN, companyId, others: `{${others.map((c) => c.id).join(",")}}`, total: TOTAL } }
    );
    await sequelize.query("VACUUM ANALYZE purchase_orders");
  }, 120_000);

  it("findPurchaseOrdersByNumber probes the (company_id, order_number_key) index", async () => {
    const numbers = Array.from({ length: 50 }, (_, i) => `po-${String(i * 997 + 1).padStart(7, "0")}`);
    let found = 0;
    const statements = await captureReads(async () => {
      found = (await findPurchaseOrdersByNumber(companyId, numbers)).size;
    }, onPurchaseOrders);
    expect(found).toBe(50);
    expect(statements).toHaveLength(1);
    const [plan] = await plans(statements);
    expect(seqScanned(plan)).toBe(false);
    expect(plan.some((node) => node["Index Name"] === "purchase_orders_number_key")).toBe(true);
  });

  const cases: [string, { status?: string; page?: number; size?: number }][] = [
    ["page 1", {}],
    ["page 1, OPEN", { status: "OPEN" }],
    ["page 40 of 100, CLOSED", { status: "CLOSED", page: 40, size: 100 }],
    ["page 100 of 25", { page: 100 }],
  ];
  it.each(cases)("listPurchaseOrders, %s", async (_name, input) => {
    let rows = 0;
    const statements = await captureReads(async () => {
      rows = (await listPurchaseOrders(operatorFor(companyId), input)).purchaseOrders.length;
    }, onPurchaseOrders);
    expect(rows).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
    const [plan] = await plans(statements);
    expect(seqScanned(plan)).toBe(false);
  });
});
