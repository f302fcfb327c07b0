/**
 * The supplier lookup extractDocument runs for every document stays an index lookup on a big directory: 40,000
 * companies, a buyer with 20,000 supplier rows, ANALYZEd; the statement under EXPLAIN scans neither companies nor
 * counterparties sequentially.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { KNOWN_SUPPLIERS_SQL } from "../../app/modules/extraction/service.server";
import { supplierNameCandidates, textLines } from "../../app/modules/extraction/fields";
import { makeCompany } from "../support/factories";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

let buyerId: number;
beforeAll(async () => {
  buyerId = (await makeCompany({ companyName: "Harbour Foods Ltd" })).id;
  await sequelize.query(`INSERT INTO companies (company_name, country, status) SELECT 'Supplier ' || g || ' Ltd', 'NZ', 'ACTIVE' FROM generate_series(1, 40000) g`);
  await sequelize.query(
    `INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier)
     SELECT :buyerId, id, true FROM companies WHERE company_name LIKE 'Supplier %' ORDER BY id LIMIT 20000`,
    { replacements: { buyerId } },
  );
  await sequelize.query("ANALYZE companies; ANALYZE counterparties;");
}, 120_000);
afterAll(() => sequelize.close());

it("looks suppliers up by index, not by scanning companies or counterparties", async () => {
  const candidates = supplierNameCandidates(textLines("Supplier 123 Ltd TAX INVOICE\n14 Quay Street\nAuckland 1010\nInvoice Number: INV-1"));
  const [{ "QUERY PLAN": plan }] = await sequelize.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${KNOWN_SUPPLIERS_SQL}`, {
    replacements: { companyId: buyerId, candidates },
    type: QueryTypes.SELECT,
  });
  const scans = nodes(plan[0].Plan).filter((node) => node["Node Type"] === "Seq Scan").map((node) => node["Relation Name"]);
  expect(scans).toEqual([]);
  const found = await sequelize.query<{ name: string }>(KNOWN_SUPPLIERS_SQL, { replacements: { companyId: buyerId, candidates }, type: QueryTypes.SELECT });
  expect(found.map((r) => r.name)).toEqual(["Supplier 123 Ltd"]);
});
