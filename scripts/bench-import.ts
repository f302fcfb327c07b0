/**
 * `npm run bench:import [-- --rows N]`: CSV import throughput against a plain COPY of the same rows.
 *
 * On a throwaway embedded PostgreSQL (temp data dir, migrated), writes an N-row Earlybird-template CSV to disk
 * (streamed; default 1,000,000 rows, 1,000 customers), imports it for one company through the real import job
 * (startImport + runImport), then empties the invoices table (DELETE + VACUUM FULL) and COPYs the same rows, pre-parsed to the table's
 * columns, into it. Prints rows/s of both, their ratio (target ≥ 50%) and the import's RSS before, at its peak
 * (sampled every 100 ms) and after, with the peak JS heap. The import keeps a constant live heap (~36 MB after a
 * full collection, measured per batch with --expose-gc); without a heap cap V8 lets the old generation grow to
 * several times that before collecting, so RSS rises by ~50-100 MB; run with NODE_OPTIONS=--max-old-space-size=96
 * to see the flat figure (+14 MB over 200k rows, same speed).
 *
 * Why both rates are far below PostgreSQL's usual COPY speed: every invoice row maintains 30 indexes (partial,
 * expression and covering ones for the lists), fires a BEFORE INSERT trigger (credit_note_value) and two foreign-key
 * checks, and the embedded server runs with 128 MB of shared buffers. Measured on 50k rows: ~7k rows/s with every
 * index, ~12k with only the primary key and unique indexes, ~23k with those and no triggers. Both sides pay this.
 */
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { startBenchDatabase } from "./lib/bench-database";

const args = process.argv.slice(2);
const rowsArg = args.indexOf("--rows");
const ROWS = rowsArg >= 0 ? Number(args[rowsArg + 1]) : 1_000_000;
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error("--rows must be a positive whole number");
const CUSTOMERS = 1_000;

const bench = await startBenchDatabase("bench_import");
const tmp = bench.tmp;

const { sequelize } = await import("../db/index");
const { migrate } = await import("../db/migrator");
const { Company } = await import("../db/models/index");
const { todayIn, addDays } = await import("../app/lib/dates");
const { startImport, runImport } = await import("../app/modules/invoices/import.server");

function fmt(n: number) {
  return Math.round(n).toLocaleString("en-NZ");
}

try {
  await migrate(sequelize);
  const company = await Company.create({ companyName: "Bench Supplier Ltd", country: "NZ", status: "ACTIVE" });
  const today = todayIn("NZ");
  const dmy = (iso: string) => {
    const [y, m, d] = iso.split("-");
    return `${Number(d)}/${Number(m)}/${y}`;
  };
  const dueDates = Array.from({ length: 90 }, (_, i) => addDays(today, 10 + i));
  const issueDates = Array.from({ length: 30 }, (_, i) => addDays(today, -i));
  const row = (i: number) => ({
    number: `INV-${String(i).padStart(7, "0")}`,
    customer: `Customer ${String(i % CUSTOMERS).padStart(4, "0")} Ltd`,
    order: `PO-${i}`,
    issue: issueDates[i % issueDates.length],
    due: dueDates[i % dueDates.length],
    cents: 1_000 + ((i * 7_919) % 5_000_000),
    email: `ap${i % CUSTOMERS}@customer.test`,
  });
  const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

  // 1. The CSV, streamed to disk.
  const csvPath = path.join(tmp, "invoices.csv");
  let started = Date.now();
  await pipeline(
    Readable.from(
      (function* () {
        yield "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email\n";
        let chunk = "";
        for (let i = 1; i <= ROWS; i++) {
          const r = row(i);
          chunk += `${r.number},${r.customer},${r.order},${dmy(r.issue)},${dmy(r.due)},${money(r.cents)},${r.email}\n`;
          if (chunk.length > 1 << 16) {
            yield chunk;
            chunk = "";
          }
        }
        if (chunk) yield chunk;
      })()
    ),
    fs.createWriteStream(csvPath)
  );
  const size = fs.statSync(csvPath).size;
  console.log(`Wrote ${fmt(ROWS)} rows (${(size / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 2. The import, with RSS sampled every 100 ms.
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }, 100);
  const actor = { userId: 0, companyId: company.id, roles: ["ROLE_USER" as const] };
  started = performance.now();
  const job = await startImport(actor, { kind: "INVOICE", format: "EARLYBIRD", filePath: csvPath });
  const done = await runImport(job.id);
  const importSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssAfter = process.memoryUsage().rss;
  const result = done.result as { success: number; failed: number; duplicates: number };
  if (done.status !== "SUCCEEDED" || result.success !== ROWS)
    throw new Error(`Import did not import every row: ${JSON.stringify({ status: done.status, error: done.error, result })}`);

  // 3. A plain COPY of the same rows, pre-parsed to the table's columns, into the emptied table.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  client.on("error", () => {});
  await client.connect();
  const customers = await client.query<{ id: number; company_name: string }>(
    `SELECT co.id, co.company_name FROM counterparties cp JOIN companies co ON co.id = cp.counterparty_company_id WHERE cp.company_id = $1`,
    [company.id]
  );
  const customerIds = new Map(customers.rows.map((r) => [r.company_name, r.id]));
  // TRUNCATE cascades into the append-only ledger, which refuses it: delete, then rewrite the table and its indexes.
  await client.query("DELETE FROM invoices");
  await client.query("VACUUM FULL ANALYZE invoices");
  started = performance.now();
  await client.query("BEGIN");
  await pipeline(
    Readable.from(
      (function* () {
        let chunk = "";
        for (let i = 1; i <= ROWS; i++) {
          const r = row(i);
          chunk += `INVOICE\t${company.id}\t${customerIds.get(r.customer)}\tBench Supplier Ltd\t${r.customer}\t${r.number}\t${r.order}\t${r.issue}\t${
            r.due
          }\tNZD\t${money(r.cents)}\tALL_ELIGIBLE\t${r.email}\tf\tEARLYBIRD\n`;
          if (chunk.length > 1 << 16) {
            yield chunk;
            chunk = "";
          }
        }
        if (chunk) yield chunk;
      })()
    ),
    client.query(
      copyFrom(
        `COPY invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, order_number, issue_date, due_date, currency, total, invoice_status, issuer_contact_email, create_bill_in_xero, loaded_by) FROM STDIN`
      )
    )
  );
  await client.query("COMMIT");
  const copySeconds = (performance.now() - started) / 1000;
  const copied = await client.query<{ count: string }>("SELECT count(*) FROM invoices");
  await client.end();
  if (Number(copied.rows[0].count) !== ROWS) throw new Error(`COPY wrote ${copied.rows[0].count} rows`);

  const importRate = ROWS / importSeconds;
  const copyRate = ROWS / copySeconds;
  console.log(`Import: ${fmt(importRate)} rows/s (${importSeconds.toFixed(1)} s)`);
  console.log(`COPY:   ${fmt(copyRate)} rows/s (${copySeconds.toFixed(1)} s)`);
  console.log(`Ratio:  ${((importRate / copyRate) * 100).toFixed(0)}% of COPY (target ≥ 50%)`);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  console.log(
    `RSS: before ${mb(rssBefore)}, peak ${mb(peakRss)} (+${mb(peakRss - rssBefore)}), after ${mb(rssAfter)}; peak JS heap ${mb(peakHeap)}; file ${mb(size)}`
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await sequelize.close();
  await bench.remove();
}
