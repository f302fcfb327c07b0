/**
 * The import section of `npm run bench:counterparties` (issue 15 part 8; decision 036): writes an N-row
 * import_counterparties.csv (streamed; default 100,000 rows, --rows N), imports it for one company through the real job
 * (startCounterpartyImport + runCounterpartyImport, as the CLI does), imports it again (every row matched, nothing
 * changes), then COPYs the same rows (a) as the file into a scratch table of its seven text columns, (b) pre-parsed into
 * companies and counterparties themselves, for another buying company (their indexes, checks, foreign keys and triggers:
 * the rows as the import writes them; the target, ≥ 50%, is against this COPY), and (c) pre-parsed into scratch copies of
 * the two tables (every index and check, no foreign keys or triggers). Prints rows/s of each and the ratios, and the
 * process's RSS sampled every 100 ms: before, peak over the first 10% of the file
 * (≈10k rows), peak over the whole file, after, so a flat memory profile shows as two close peaks.
 */
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { OPERATOR } from "../../app/lib/actor";
import { COUNTERPARTY_IMPORT_COLUMNS, parsePaymentTerm, paymentTermKey, type DayOfWeek } from "../../app/modules/counterparties/import-rules";
import { runCounterpartyImport, startCounterpartyImport, type CounterpartyImportResult } from "../../app/modules/counterparties/import.server";
import { Company, GlAccount } from "../../db/models/index";
import { fmt, mb, numberArg, type BenchContext } from "./context";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

function csvLine(i: number): string {
  const bank = i % 3 === 0 ? `12-3456-${String(i).padStart(7, "0")}-00` : "";
  const gst = i % 2 === 0 ? String(100_000_000 + i) : "";
  const gl = i % 5 === 0 ? "400" : "";
  const term = i % 4 === 0 ? ["Monthly", String((i % 28) + 1)] : i % 4 === 1 ? ["Weekly", DAYS[i % DAYS.length]] : ["", ""];
  return `Bench Supplier ${i} Ltd,EXT-${i},${bank},${gst},${gl},${term[0]},${term[1]}\n`;
}

/** Lines 1..rows made by `make`, in chunks of about 64 kB (streamed: the rows are never all in memory). */
function chunked(rows: number, make: (i: number) => string, header = ""): Readable {
  return Readable.from(
    (function* () {
      let chunk = header;
      for (let i = 1; i <= rows; i++) {
        chunk += make(i);
        if (chunk.length > 1 << 16) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    })()
  );
}

async function writeCsv(file: string, rows: number) {
  await pipeline(chunked(rows, csvLine, `${COUNTERPARTY_IMPORT_COLUMNS.join(",")}\n`), fs.createWriteStream(file));
}

/** Runs one import of `file` for `companyId`, sampling RSS; returns the time, result and memory figures. */
async function timedImport(companyId: number, file: string) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  let peakAtTenth: number | null = null;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const job = await startCounterpartyImport(OPERATOR, companyId, { filePath: file });
  const done = await runCounterpartyImport(job.id, {
    onProgress: (percent) => {
      if (percent >= 10 && peakAtTenth === null) peakAtTenth = Math.max(peak, process.memoryUsage().rss);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (done.status !== "SUCCEEDED") throw new Error(`The import ended ${done.status}: ${done.error}`);
  return { seconds, result: done.result as CounterpartyImportResult, rssBefore, peakAtTenth: peakAtTenth ?? peak, peak, rssAfter: process.memoryUsage().rss };
}

/** --trace: the time each kind of statement of the import takes, summed (the first 60 characters name a statement). */
function traceStatements(): () => string[] {
  const totals = new Map<string, number>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string })?.text ?? "COPY");
    const key = text.replace(/\s+/g, " ").trim().slice(0, 60);
    const started = performance.now();
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      void (result as Promise<unknown>).then(
        () => totals.set(key, (totals.get(key) ?? 0) + performance.now() - started),
        () => {}
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
  return () => [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([key, ms]) => `  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
}

export async function benchImport({ databaseUrl, tmpDir, args, report }: BenchContext): Promise<void> {
  const rows = numberArg(args, "rows", 100_000);
  const trace = args.includes("--trace") ? traceStatements() : null;
  const company = await Company.create({ companyName: "Bench Buyer Ltd", country: "NZ", status: "ACTIVE" });
  const gl = await GlAccount.create({ companyId: company.id, accountCode: "400", accountName: "Purchases" });
  const file = path.join(tmpDir, "import_counterparties.csv");
  let started = performance.now();
  await writeCsv(file, rows);
  const size = fs.statSync(file).size;
  report(`Wrote ${fmt(rows)} rows (${(size / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const first = await timedImport(company.id, file);
  if (first.result.success !== rows || first.result.created !== rows) throw new Error(`The import did not create every row: ${JSON.stringify(first.result)}`);
  if (trace) for (const line of trace()) report(line);
  const again = await timedImport(company.id, file);
  if (again.result.unchanged !== rows) throw new Error(`The second import changed rows: ${JSON.stringify(again.result)}`);

  // Plain COPYs in one transaction each: (a) the file as it is into a scratch table of its seven text columns; (b) the same
  // rows, pre-parsed, into scratch tables shaped like companies and counterparties (LIKE ... INCLUDING ALL: their
  // columns, defaults, checks and indexes), the rows the import writes, without its matching and look-ups.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    "CREATE TABLE bench_counterparty_rows (company_name text, external_account_id text, bank_account_number text, gst_number text, gl_code text, payment_term_frequency text, payment_term_day text)"
  );
  started = performance.now();
  await client.query("BEGIN");
  await pipeline(fs.createReadStream(file), client.query(copyFrom("COPY bench_counterparty_rows FROM STDIN WITH (FORMAT csv, HEADER true)")));
  await client.query("COMMIT");
  const copySeconds = (performance.now() - started) / 1000;
  const copied = await client.query<{ count: string }>("SELECT count(*) FROM bench_counterparty_rows");
  if (Number(copied.rows[0].count) !== rows) throw new Error(`COPY wrote ${copied.rows[0].count} rows`);
  await client.query("DROP TABLE bench_counterparty_rows");

  // The same rows the import wrote: the buying company's payment-term and GL-account ids, and the other company's status
  // (INACTIVE). Another buying company gets the same terms and GL account (the foreign keys are by company).
  const other = await Company.create({ companyName: "Bench Copy Buyer Ltd", country: "NZ", status: "ACTIVE" });
  const otherGl = await GlAccount.create({ companyId: other.id, accountCode: "400", accountName: "Purchases" });
  await client.query(
    "INSERT INTO payment_terms (company_id, frequency, date, day_of_week) SELECT $2, frequency, date, day_of_week FROM payment_terms WHERE company_id = $1",
    [company.id, other.id]
  );
  /** The rows' counterparty lines for one buying company: its id, its term ids by key, its GL account id. */
  const counterpartyLine = async (owner: number, glId: number, firstId: number) => {
    const termIds = new Map<string, number>();
    const terms = await client.query<{ id: number; frequency: "MONTHLY" | "WEEKLY"; date: number | null; day_of_week: DayOfWeek | null }>(
      "SELECT id, frequency, date, day_of_week FROM payment_terms WHERE company_id = $1",
      [owner]
    );
    for (const term of terms.rows) termIds.set(paymentTermKey({ frequency: term.frequency, date: term.date, dayOfWeek: term.day_of_week }), term.id);
    return (i: number) => {
      const [, , bank, gst, glCode, frequency, day] = csvLine(i).trimEnd().split(",");
      const term = parsePaymentTerm(frequency, day);
      const termId = term.ok && term.term ? termIds.get(paymentTermKey(term.term)) : undefined;
      return `${owner}\t${firstId + i}\tt\tEXT-${i}\t${bank || "\\N"}\t${gst || "\\N"}\t${glCode ? glId : "\\N"}\t${termId ?? "\\N"}\tINACTIVE\n`;
    };
  };
  const lines = (make: (i: number) => string) => chunked(rows, make);
  /** COPYs the rows the import wrote (their companies, then their counterparty rows) into two tables, in one transaction. */
  const copyRows = async (companies: string, counterparties: string, owner: number, glId: number, firstId: number) => {
    const counterpartyOf = await counterpartyLine(owner, glId, firstId);
    const began = performance.now();
    await client.query("BEGIN");
    await pipeline(lines((i) => `${firstId + i}\tBench Supplier ${i} Ltd\tINACTIVE\tNZ\n`), client.query(copyFrom(`COPY ${companies} (id, company_name, status, country) FROM STDIN`)));
    await pipeline(
      lines(counterpartyOf),
      client.query(
        copyFrom(
          `COPY ${counterparties} (company_id, counterparty_company_id, is_supplier, external_account_id, external_bank_account_number, gst_number, gl_account_id, payment_term_id, counterparty_status) FROM STDIN`
        )
      )
    );
    await client.query("COMMIT");
    return (performance.now() - began) / 1000;
  };

  // (b) Into companies and counterparties themselves, for another buying company (so no external id clashes): the
  // destination's indexes, checks, foreign keys and triggers, as the import writes them; the rows are removed after.
  const realSeconds = await copyRows("companies", "counterparties", other.id, otherGl.id, 20_000_000);
  await client.query("DELETE FROM counterparties WHERE company_id = $1", [other.id]);
  await client.query("DELETE FROM companies WHERE id > 20000000 AND id <= $1", [20_000_000 + rows]);
  // (c) Into scratch copies of the two tables (LIKE ... INCLUDING ALL: columns, defaults, checks and every index; no
  // foreign keys, no triggers).
  await client.query("CREATE TABLE bench_companies (LIKE companies INCLUDING ALL)");
  await client.query("CREATE TABLE bench_counterparties (LIKE counterparties INCLUDING ALL)");
  const shapedSeconds = await copyRows("bench_companies", "bench_counterparties", company.id, gl.id, 10_000_000);
  await client.query("DROP TABLE bench_companies, bench_counterparties");
  await client.end();

  const copyRate = rows / copySeconds;
  const rate = (seconds: number) => rows / seconds;
  report(`Import (all new):         ${fmt(rate(first.seconds))} rows/s (${first.seconds.toFixed(1)} s), ${((rate(first.seconds) / copyRate) * 100).toFixed(0)}% of COPY (a)`);
  report(`Import again (no change): ${fmt(rate(again.seconds))} rows/s (${again.seconds.toFixed(1)} s), ${((rate(again.seconds) / copyRate) * 100).toFixed(0)}% of COPY (a)`);
  const realRate = rows / realSeconds;
  const shapedRate = rows / shapedSeconds;
  report(`Plain COPY (a), the file into a 7-column text table:                            ${fmt(copyRate)} rows/s (${copySeconds.toFixed(2)} s)`);
  report(`Plain COPY (b), the same rows into companies + counterparties:                  ${fmt(realRate)} rows/s (${realSeconds.toFixed(2)} s)`);
  report(`Plain COPY (c), the same rows into scratch copies (indexes, no foreign keys):   ${fmt(shapedRate)} rows/s (${shapedSeconds.toFixed(2)} s)`);
  report(`Import (all new) vs (b): ${((rate(first.seconds) / realRate) * 100).toFixed(0)}%   (target ≥ 50%)`);
  report(`Import (all new) vs (c): ${((rate(first.seconds) / shapedRate) * 100).toFixed(0)}%`);
  report(
    `RSS (first import): before ${mb(first.rssBefore)}, peak after 10% of the rows ${mb(first.peakAtTenth)}, peak after all ${mb(first.peak)}, after ${mb(first.rssAfter)}`
  );
  report(`RSS (second import): peak after 10% ${mb(again.peakAtTenth)}, peak after all ${mb(again.peak)}`);
}
