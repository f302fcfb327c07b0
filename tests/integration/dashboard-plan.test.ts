/**
 * The dashboard's queries (app/modules/dashboard/service.server.ts) stay index ranges of the one company on big tables:
 * 40,000 bill documents and 40,000 bills over 20 companies, ANALYZEd; under EXPLAIN none of them scans bill_documents or
 * invoices sequentially, and the documents' counts read the partial index bill_documents_authorised_idx. (The cashback per
 * month is earlyPaymentTotals' query grouped by month, on the same index ledger_entries_split_idx.)
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AUTO_PROCESSED_BY_MONTH_SQL, AUTO_PROCESSED_SQL, PAYABLES_BY_WEEK_SQL } from "../../app/modules/dashboard/service.server";
import { makeCompany } from "../support/factories";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const companyIds: number[] = [];
let supplierId: number;
beforeAll(async () => {
  for (let i = 0; i < 20; i++) companyIds.push((await makeCompany({ companyName: `Plan Buyer ${i} Ltd` })).id);
  supplierId = (await makeCompany({ companyName: "Plan Supplier Ltd" })).id;
  await sequelize.query(
    `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256,
                                 processing_status, processing_queue, auto_processed, authorised_at, deleted_at)
     SELECT (CAST(:companyIds AS integer[]))[1 + g % 20], 'UPLOAD', 'bill.pdf', 'application/pdf', 4, '\\x25504446'::bytea, md5(g::text) || md5((g + 1)::text),
            s.status, CASE WHEN g % 2 = 0 THEN 'AUTOMATIC' ELSE 'MANUAL' END, s.status = 'AUTHORISED' AND g % 2 = 0,
            CASE WHEN s.status = 'AUTHORISED' THEN now() - (g % 700) * interval '1 day' END,
            CASE WHEN s.status = 'DELETED' THEN now() END
       FROM generate_series(1, 40000) g
       CROSS JOIN LATERAL (SELECT (ARRAY['AUTHORISED','AUTHORISED','AUTHORISED','PENDING_REVIEW','DELETED','VARIANCE'])[1 + g % 6] AS status) s`,
    { replacements: { companyIds: `{${companyIds.join(",")}}` } }
  );
  await sequelize.query(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total, bill_status)
     SELECT 'BILL', :supplierId, (CAST(:companyIds AS integer[]))[1 + g % 20], 'Plan Supplier Ltd', 'Plan Buyer', 'PLAN-' || g, current_date + (g % 400) - 200, 100 + g % 900,
            CASE WHEN g % 3 = 0 THEN 'PAID' END
       FROM generate_series(1, 40000) g`,
    { replacements: { supplierId, companyIds: `{${companyIds.join(",")}}` } }
  );
  await sequelize.query("ANALYZE bill_documents; ANALYZE invoices;");
}, 180_000);
afterAll(() => sequelize.close());

async function plan(sql: string, replacements: Record<string, unknown>) {
  const [{ "QUERY PLAN": explained }] = await sequelize.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return nodes(explained[0].Plan);
}
const seqScans = (planNodes: PlanNode[]) => planNodes.filter((node) => node["Node Type"] === "Seq Scan").map((node) => node["Relation Name"]);
const BIG = ["bill_documents", "invoices"];

it("counts a company's authorised documents through bill_documents_authorised_idx", async () => {
  const range = { companyId: companyIds[3], startAt: new Date(Date.now() - 365 * 86_400_000), endAt: new Date(Date.now() + 86_400_000) };
  for (const [sql, replacements] of [
    [AUTO_PROCESSED_SQL, range],
    [AUTO_PROCESSED_BY_MONTH_SQL, { ...range, timeZone: "Pacific/Auckland" }],
  ] as const) {
    const planNodes = await plan(sql, replacements);
    expect(seqScans(planNodes).filter((name) => BIG.includes(name!))).toEqual([]);
    expect(planNodes.some((node) => node["Index Name"] === "bill_documents_authorised_idx")).toBe(true);
  }
});

it("sums a company's unpaid bills by due week from an index range", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const toDay = new Date(Date.now() + 56 * 86_400_000).toISOString().slice(0, 10);
  const planNodes = await plan(PAYABLES_BY_WEEK_SQL, { companyId: companyIds[5], fromDay: today, toDay });
  expect(seqScans(planNodes).filter((name) => BIG.includes(name!))).toEqual([]);
  expect(planNodes.some((node) => node["Index Name"]?.startsWith("invoices_"))).toBe(true);
});
