/**
 * The review lists' queries (app/modules/documents/review-lists.server.ts; docs/decisions/048-review-lists.md) stay index
 * ranges of one company: 50,000 bill documents of one company (25,000 pending review) and 250,000 of 50 others, set-based and ANALYZEd. Every
 * query a list page and the statistics run is captured and EXPLAINed: none scans bill_documents sequentially, and every
 * count is capped (a Limit under it) or skipped for the planner's estimate.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { sequelize } from "../../db/index";
import type { Actor } from "../../app/lib/actor";
import { documentStatistics, listReviewDocuments } from "../../app/modules/documents/review-lists.server";
import { actorOf, makeCompany, makeUser } from "../support/factories";

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

let actor: Actor;
let companyId: number;

beforeAll(async () => {
  const company = await makeCompany({ companyName: "Plan Review Buyer Ltd" });
  companyId = company.id;
  actor = actorOf(await makeUser({ company }));
  const others: number[] = [];
  for (let i = 0; i < 50; i++) others.push((await makeCompany({ companyName: `Plan Review Other ${i} Ltd` })).id);
  await sequelize.query(
    `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256,
                                 processing_status, match_status, supplier_name, invoice_number, order_number, invoice_amount, pos_amount,
                                 date_issue, created_at, authorised_at, deleted_at)
     SELECT CASE WHEN g <= 50000 THEN :companyId ELSE (CAST(:others AS integer[]))[1 + g % 50] END,
            'UPLOAD', 'bill.pdf', 'application/pdf', 4, '\\x25504446'::bytea, md5(g::text) || md5((g + 1)::text),
            s.status, s.match, 'Supplier ' || (g % 500) || ' Ltd', 'INV-' || g, 'PO-' || (g % 5000),
            CASE WHEN g % 17 = 0 THEN NULL ELSE 10 + (g % 9000) END, CASE WHEN s.status = 'VARIANCE' THEN 5 + (g % 9000) END,
            CASE WHEN g % 13 = 0 THEN NULL ELSE DATE '2026-01-01' + (g % 300) END,
            now() - g * interval '1 minute',
            CASE WHEN s.status = 'AUTHORISED' THEN now() END, NULL
       FROM generate_series(1, 300000) g
       CROSS JOIN LATERAL (
         SELECT (ARRAY['PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','VARIANCE','BLOCKED','PENDING_REVIEW','PENDING_REVIEW','VARIANCE','RETRY','UNMATCHED'])[1 + g % 10] AS status
       ) s0
       CROSS JOIN LATERAL (
         SELECT s0.status,
                CASE s0.status WHEN 'PENDING_REVIEW' THEN (ARRAY['ORDER_NOT_FOUND_OCR','ORDER_NOT_FOUND_GPOS','STATUS_MISMATCH'])[1 + g % 3]
                               WHEN 'VARIANCE' THEN (ARRAY['AMOUNT_OVER','AMOUNT_UNDER'])[1 + (g / 10) % 2]
                               WHEN 'BLOCKED' THEN 'POTENTIAL_DUPLICATE' WHEN 'AUTHORISED' THEN 'MATCHED' END AS match
       ) s`,
    { replacements: { companyId, others: `{${others.join(",")}}` } }
  );
  // As autovacuum leaves a table: analysed, its visibility map set (index-only scans).
  await sequelize.query("VACUUM ANALYZE bill_documents;");
}, 240_000);
afterAll(() => sequelize.close());

/** Runs `run`, capturing the SQL it sends (EXPLAINs of countOf's estimate left out). */
async function captured(run: () => Promise<unknown>) {
  const calls: { sql: string; options: { replacements?: Record<string, unknown> } }[] = [];
  const original = sequelize.query.bind(sequelize);
  const spy = vi.spyOn(sequelize, "query").mockImplementation(((sql: string, options: { replacements?: Record<string, unknown> }) => {
    if (!sql.trimStart().startsWith("EXPLAIN")) calls.push({ sql, options });
    return original(sql, options as never);
  }) as never);
  const started = performance.now();
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return { calls, ms: performance.now() - started };
}

async function planOf(sql: string, replacements: Record<string, unknown> | undefined) {
  const [{ "QUERY PLAN": explained }] = await sequelize.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return explained[0].Plan;
}

async function expectIndexed(run: () => Promise<unknown>) {
  const { calls, ms } = await captured(run);
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    const plan = await planOf(call.sql, call.options.replacements);
    const all = nodes(plan);
    expect(
      all.filter((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "bill_documents"),
      call.sql
    ).toEqual([]);
    if (/count\(\*\)/i.test(call.sql) && !/GROUP BY/i.test(call.sql)) {
      // A count is of a LIMITed subquery (countOf's cap).
      expect(
        all.some((node) => node["Node Type"] === "Limit"),
        call.sql
      ).toBe(true);
    }
  }
  return ms;
}

const PAGES: [Parameters<typeof listReviewDocuments>[1], Record<string, string>][] = [
  ["pending-review", {}],
  ["pending-review", { size: "100", sort: "invoiceAmount,asc" }],
  ["pending-review", { sort: "dateIssue,desc", page: "40" }],
  ["pending-review", { tab: "no-po-match" }],
  ["pending-review", { supplier: "supplier 42 " }],
  ["pending-review", { amount: "range:100..200", sort: "invoiceAmount,desc" }],
  ["pending-review", { invoiceNumber: "eq:INV-4000" }],
  ["variances", { tab: "over", sort: "createdAt,asc" }],
  ["blocked", { page: "3", size: "50" }],
  ["processing", {}],
];

it("reads every list page from an index, counting at most a capped range", async () => {
  for (const [list, params] of PAGES) {
    await expectIndexed(() => listReviewDocuments(actor, list, new URLSearchParams(params)));
  }
}, 60_000);

it("reads a cursor page by keyset and stays fast", async () => {
  const first = await listReviewDocuments(actor, "pending-review", new URLSearchParams({ size: "100" }));
  expect(first.totalIsEstimate).toBe(true);
  expect(first.total).toBeGreaterThan(20_000);
  const timings: number[] = [];
  let cursor = first.pageCursors.next!;
  for (let page = 2; page <= 6; page++) {
    let next: Awaited<ReturnType<typeof listReviewDocuments>> | undefined;
    timings.push(
      await expectIndexed(async () => {
        next = await listReviewDocuments(actor, "pending-review", new URLSearchParams({ size: "100", page: String(page), cursor }));
      })
    );
    expect(next!.page).toBe(page);
    expect(next!.ids).toHaveLength(100);
    cursor = next!.pageCursors.next!;
  }
  const warm = await captured(() =>
    listReviewDocuments(actor, "pending-review", new URLSearchParams({ size: "100", page: "2", cursor: first.pageCursors.next! }))
  );
  // Loose bound (a shared test machine); the measured time is well under 20 ms on an idle one.
  expect(warm.ms).toBeLessThan(250);
}, 60_000);

it("reads the statistics from the running totals by key, and a supplier's from an index", async () => {
  const ms = await expectIndexed(() => documentStatistics(companyId));
  await expectIndexed(() => documentStatistics(companyId, { supplier: "Supplier 7" }));
  const { calls } = await captured(() => documentStatistics(companyId));
  expect(calls).toHaveLength(1);
  const plan = nodes(await planOf(calls[0].sql, calls[0].options.replacements));
  // Decision 053: no aggregate over the documents, only the company's few total rows.
  expect(plan.map((node) => node["Relation Name"]).filter(Boolean)).toEqual(["bill_document_reason_totals"]);
  const searched = await captured(() => documentStatistics(companyId, { supplier: "Supplier 7" }));
  // The matching counterparties first (a company's few), then the documents narrowed by the search.
  expect(searched.calls).toHaveLength(2);
  const last = searched.calls[searched.calls.length - 1];
  const used = nodes(await planOf(last.sql, last.options.replacements)).map((node) => node["Index Name"]);
  expect(used.some((name) => name?.startsWith("bill_documents_"))).toBe(true);
  const stats = await documentStatistics(companyId);
  expect(stats.variance.totalCount).toBe(10_000);
  expect(stats.retry.totalCount).toBe(5_000);
  expect(stats.amountOver.totalCount + stats.amountUnder.totalCount).toBe(10_000);
  expect(stats.amountOver.totalCount).toBe(5_000);
  expect(ms).toBeLessThan(1_000);
}, 60_000);
