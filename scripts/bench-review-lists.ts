/**
 * `npm run bench:review-lists [-- --rows N] [--runs N]`: how fast the six review lists' data is at 100,000 documents of
 * one company (issue 17 part 1; decisions 048 and 050). A throwaway embedded PostgreSQL (under .data/bench-pg, removed at
 * the end) is migrated and seeded in one set-based INSERT (generate_series) with `--rows` documents (default 100,000)
 * of one company over the review statuses and their reasons, plus as many of another company; then VACUUM ANALYZE, and
 * listReviewDocuments and documentStatistics are timed (p50/p95 over `--runs`): the first page of Pending review, a deep
 * page reached by its keyset cursor, a filtered page (tab + amount + supplier search), a page sorted by amount, and the
 * statistics. The target is 20 ms p95. `--explain` prints each case's plans first. Not part of `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabaseIfMissing, ensureDatabase } from "../db/bootstrap";

const LIMIT_MS = 20;

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} expects a positive number`);
  return Math.trunc(value);
}

const ROWS = argValue("--rows", 100_000);
const RUNS = argValue("--runs", 30);

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = path.resolve(".data/bench-pg", `review-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await ensureDatabase({ dataDir: path.join(dataDir, "pg"), databaseName: "postgres", quiet: true });
  try {
    const url = withDatabase(handle.url, "earlybird_bench");
    await createDatabaseIfMissing(withDatabase(handle.url, "postgres"), "earlybird_bench");
    process.env.DATABASE_URL = url;
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";
    const { sequelize } = await import("../db/index");
    const { migrate } = await import("../db/migrator");
    const { listReviewDocuments, documentStatistics } = await import("../app/modules/documents/review-lists.server");
    await migrate(sequelize);

    const seeded = performance.now();
    const companyIds: number[] = [];
    for (const name of ["Review Bench Co", "Other Bench Co"]) {
      const [[row]] = (await sequelize.query(
        `INSERT INTO companies (company_name, country, status, verification_status) VALUES (:name, 'NZ', 'ACTIVE', 'VERIFIED') RETURNING id`,
        { replacements: { name } }
      )) as [{ id: number }[], unknown];
      companyIds.push(row.id);
    }
    for (const companyId of companyIds) {
      // Status by i % 20: 8 PENDING_REVIEW (3 reasons), 4 VARIANCE (over/under), 2 BLOCKED, 2 UNMATCHED, 1 PENDING_APPROVAL,
      // 1 RETRY, 1 FAILED, 1 PROCESSING. 200 suppliers, amounts $10-$10,000, issue dates over two years.
      await sequelize.query(
        `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256,
           processing_status, match_status, supplier_name, invoice_number, order_number, invoice_amount, pos_amount, date_issue, created_at, updated_at)
         SELECT :companyId, 'UPLOAD', 'bill-' || i || '.pdf', 'application/pdf', 4, '\\x25504446'::bytea,
           md5(:companyId || '-' || i) || md5('x' || i),
           (ARRAY['PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW','PENDING_REVIEW',
                  'VARIANCE','VARIANCE','VARIANCE','VARIANCE','BLOCKED','BLOCKED','UNMATCHED','UNMATCHED','PENDING_APPROVAL','RETRY','FAILED','PROCESSING'])[i % 20 + 1],
           (ARRAY['ORDER_NOT_FOUND_OCR','ORDER_NOT_FOUND_GPOS','STATUS_MISMATCH','ORDER_NOT_FOUND_OCR','ORDER_NOT_FOUND_GPOS','STATUS_MISMATCH','ORDER_NOT_FOUND_OCR','ORDER_NOT_FOUND_OCR',
                  'AMOUNT_OVER','AMOUNT_UNDER','AMOUNT_OVER','AMOUNT_UNDER','POTENTIAL_DUPLICATE','INVOICE_DETAILS_MISSING',NULL,NULL,'AMOUNT_OVER',NULL,NULL,NULL])[i % 20 + 1],
           'Supplier ' || (i % 200) || ' Ltd', 'INV-' || i, 'PO-' || (i % 5000),
           round((10 + (i * 7919 % 999000) / 100.0)::numeric, 2), round((10 + (i * 7919 % 999000) / 100.0)::numeric, 2) - 5,
           DATE '2025-01-01' + (i % 700), now() - (i || ' minutes')::interval, now()
         FROM generate_series(1, :rows) AS i`,
        { replacements: { companyId, rows: ROWS } }
      );
    }
    await sequelize.query("VACUUM ANALYZE bill_documents");
    console.log(`Seeded ${ROWS.toLocaleString("en-NZ")} documents for each of 2 companies in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const companyId = companyIds[0];
    const actor = { userId: 1, companyId, roles: ["ROLE_USER" as const] };
    const params = (text: string) => new URLSearchParams(text);
    // The deep page's cursor: the pager's link from page 800 (read once by number, untimed).
    const before = await listReviewDocuments(actor, "pending-review", params("page=800"));
    const deep = `page=801&cursor=${encodeURIComponent(before.pageCursors.next ?? "")}`;
    const cases: [string, () => Promise<unknown>][] = [
      ["Pending review, first page", () => listReviewDocuments(actor, "pending-review", params(""))],
      ["Pending review, page 801 by cursor", () => listReviewDocuments(actor, "pending-review", params(deep))],
      ["Pending review, page 801 by number (no cursor)", () => listReviewDocuments(actor, "pending-review", params("page=801"))],
      ["Pending review, tab + amount filter", () => listReviewDocuments(actor, "pending-review", params("tab=no-po-match&amount=gt:5000.00"))],
      ["Pending review, supplier search", () => listReviewDocuments(actor, "pending-review", params("supplier=Supplier%2017%20Ltd"))],
      ["Variances, sorted by amount", () => listReviewDocuments(actor, "variances", params("sort=invoiceAmount,desc&size=100"))],
      ["Processing, first page", () => listReviewDocuments(actor, "processing", params(""))],
      ["documentStatistics", () => documentStatistics(companyId)],
    ];
    if (process.argv.includes("--explain")) {
      // Each case's queries once, with their plans (EXPLAIN ANALYZE), before the timing.
      const { QueryTypes } = await import("sequelize");
      const original = sequelize.query.bind(sequelize);
      for (const [name, run] of cases) {
        const calls: { sql: string; options: { replacements?: Record<string, unknown> } }[] = [];
        (sequelize as unknown as { query: unknown }).query = (sql: string, options: { replacements?: Record<string, unknown> }) => {
          if (!sql.trimStart().startsWith("EXPLAIN")) calls.push({ sql, options });
          return original(sql, options as never);
        };
        await run();
        (sequelize as unknown as { query: unknown }).query = original;
        console.log(`\n== ${name}`);
        for (const call of calls) {
          const plan = await original(`EXPLAIN (ANALYZE, BUFFERS) ${call.sql}`, { type: QueryTypes.SELECT, replacements: call.options.replacements } as never);
          console.log((plan as unknown as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n"));
        }
      }
    }
    let failed = false;
    console.log(`\n${"case".padEnd(50)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`);
    for (const [name, run] of cases) {
      await run();
      await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (p95 > LIMIT_MS) failed = true;
      console.log(`${name.padEnd(50)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${p95 > LIMIT_MS ? "  over 20 ms" : ""}`);
    }
    if (deep.endsWith("cursor=")) console.log("(no cursor for the deep page)");
    await sequelize.close();
    if (failed) process.exitCode = 1;
  } finally {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
