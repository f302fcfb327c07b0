/**
 * The admin directory section of `npm run bench:counterparties` (issue 15 part 8): the real directory loader
 * (app/routes/_app.companies.$companyId.directory.tsx, called with a Request carrying an admin's session cookie, so
 * authentication, parsing, the service and the JSON response are all timed) on a company with 100,000 counterparties,
 * at page 1 and at the last page, with no filter, a queue filter and the Members tab. Target: p95 < 20 ms.
 *
 * `benchDirectory(opts)` expects DATABASE_URL set and the schema migrated (the main script does that); it seeds the
 * company unless given one. Run alone (`tsx scripts/bench-counterparties/directory.ts [--rows N] [--runs N]`) it
 * starts a throwaway embedded PostgreSQL under .data/bench-pg and removes it at the end.
 */
import fs from "node:fs";
import path from "node:path";
import { register } from "node:module";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

export const DIRECTORY_TARGET_MS = 20;

export interface BenchDirectoryOptions {
  /** A company already holding its counterparties; seeded with `rows` when absent. */
  companyId?: number;
  rows?: number;
  runs?: number;
  log?: (line: string) => void;
}

export interface DirectoryTiming {
  name: string;
  page: number;
  total: number;
  median: number;
  p95: number;
  /** PostgreSQL's execution time of every statement of one load (EXPLAIN ANALYZE), without the machine's Node work. */
  databaseMs: number;
}

/** Every SELECT one load sends, run again under EXPLAIN ANALYZE: the sum of their execution times. */
async function databaseTime(run: () => Promise<unknown>): Promise<number> {
  const pg = (await import("pg")).default;
  const { captureReads } = await import("../../tests/support/query-capture");
  const seen = await captureReads(run, (text) => /^\s*SELECT\b/i.test(text));
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  let total = 0;
  try {
    for (const { text, values } of seen) {
      const result = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      total += Number((result.rows[0]["QUERY PLAN"] as { "Execution Time": number }[])[0]["Execution Time"]);
    }
  } finally {
    await client.end();
  }
  return total;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Node cannot load the stylesheet the route modules import; the loaders do not need it. */
function ignoreCss() {
  register(
    "data:text/javascript," +
      encodeURIComponent(
        'export async function load(url, context, next) { if (/\\.css(\\?|$)/.test(url)) return { format: "module", source: "export default \'\';", shortCircuit: true }; return next(url, context); }'
      )
  );
}

/** A company with `rows` counterparties (a third each ACTIVE, INACTIVE, INVITED; queues mixed; GL codes and terms set). */
async function seedDirectory(rows: number): Promise<number> {
  const { sequelize } = await import("../../db/index");
  const [[owner]] = (await sequelize.query(
    `INSERT INTO companies (company_name, country, status, verification_status) VALUES ('Bench Directory Co', 'NZ', 'ACTIVE', 'VERIFIED') RETURNING id`
  )) as [{ id: number }[], unknown];
  await sequelize.query(
    `INSERT INTO payment_terms (company_id, frequency, date) SELECT :owner, 'MONTHLY', d FROM generate_series(1, 5) d;
     INSERT INTO gl_accounts (company_id, account_code, account_name) SELECT :owner, (400 + g)::text, 'Expense ' || g FROM generate_series(1, 20) g;
     WITH parties AS (
       INSERT INTO companies (company_name, country, status, verification_status)
       SELECT 'Directory Party ' || md5(g::text), 'NZ', (ARRAY['ACTIVE','INACTIVE','INVITED'])[1 + g % 3], 'NOT_VERIFIED'
         FROM generate_series(1, :rows) g RETURNING id
     )
     INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_customer, default_processing_queue,
                                 gl_account_id, payment_term_id, external_account_id)
     SELECT :owner, p.id, p.id % 4 <> 0, p.id % 4 = 0, (ARRAY[NULL,'AUTOMATIC','MANUAL'])[1 + p.id % 3],
            (SELECT id FROM gl_accounts WHERE company_id = :owner ORDER BY id OFFSET (p.id % 20) LIMIT 1),
            CASE WHEN p.id % 2 = 0 THEN (SELECT id FROM payment_terms WHERE company_id = :owner ORDER BY id OFFSET (p.id % 5) LIMIT 1) END,
            'EXT-' || p.id
       FROM parties p`,
    { replacements: { owner: owner.id, rows } }
  );
  await sequelize.query("VACUUM ANALYZE companies");
  await sequelize.query("VACUUM ANALYZE counterparties");
  await sequelize.query("ANALYZE gl_accounts; ANALYZE payment_terms");
  return owner.id;
}

export async function benchDirectory(opts: BenchDirectoryOptions = {}): Promise<DirectoryTiming[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const rows = opts.rows ?? 100_000;
  const runs = opts.runs ?? 25;
  ignoreCss();
  const { sequelize } = await import("../../db/index");
  const { createSession } = await import("../../app/modules/auth/service.server");
  const { commitSessionToken } = await import("../../app/lib/session.server");
  const route = await import("../../app/routes/_app.companies.$companyId.directory");
  let companyId = opts.companyId;
  if (!companyId) {
    log(`Seeding a company with ${rows.toLocaleString("en-NZ")} counterparties...`);
    const started = performance.now();
    companyId = await seedDirectory(rows);
    log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const [[admin]] = (await sequelize.query(
    `INSERT INTO users (username, roles, first_name, last_name, onboarding_state, password_hash)
     VALUES ('bench-admin-' || md5(random()::text) || '@earlybird.test', ARRAY['ROLE_ADMIN'], 'Bench', 'Admin', 'ONBOARDED', 'x') RETURNING id`
  )) as [{ id: number }[], unknown];
  const cookie = (await commitSessionToken(await createSession(admin.id), 3600)).split(";")[0];
  const call = async (search: string) => {
    const request = new Request(`http://localhost/companies/${companyId}/directory${search ? `?${search}` : ""}`, { headers: { cookie } });
    const response = (await route.loader({ request, params: { companyId: String(companyId) }, context: { requestId: "bench", cspNonce: "", ip: "127.0.0.1" } } as never)) as Response;
    return (await response.json()) as { totalElements: number; rows: unknown[]; query: { size: number } };
  };
  const cases = [
    { name: "no filter", search: "" },
    { name: "queue AUTOMATIC", search: "queue=AUTOMATIC" },
    { name: "Members tab", search: "tab=members" },
  ];
  const timings: DirectoryTiming[] = [];
  for (const { name, search } of cases) {
    const first = await call(search);
    const last = Math.max(1, Math.ceil(first.totalElements / first.query.size));
    for (const page of [1, last]) {
      const query = [search, page > 1 ? `page=${page}` : ""].filter(Boolean).join("&");
      for (let i = 0; i < 10; i += 1) await call(query);
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        const body = await call(query);
        samples.push(performance.now() - t0);
        if (body.rows.length === 0) throw new Error(`${name} page ${page}: no rows`);
      }
      samples.sort((a, b) => a - b);
      const databaseMs = await databaseTime(() => call(query));
      timings.push({ name, page, total: first.totalElements, median: percentile(samples, 50), p95: percentile(samples, 95), databaseMs });
    }
  }
  log("Directory loader (admin), ms:");
  for (const t of timings) {
    const verdict = t.p95 < DIRECTORY_TARGET_MS ? "ok" : "OVER";
    log(`  ${t.name.padEnd(16)} page ${String(t.page).padStart(6)} of ${t.total.toLocaleString("en-NZ").padStart(7)}  median ${t.median.toFixed(1).padStart(6)}  p95 ${t.p95.toFixed(1).padStart(6)}  ${verdict}  (database ${t.databaseMs.toFixed(1)})`);
  }
  return timings;
}

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : Math.max(1, Math.trunc(Number(process.argv[index + 1]) || fallback));
}

async function main() {
  const { createDatabaseIfMissing, ensureDatabase } = await import("../../db/bootstrap");
  const dataDir = path.resolve(".data/bench-pg", `${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await ensureDatabase({ dataDir: path.join(dataDir, "pg"), databaseName: "postgres", quiet: true });
  try {
    const url = new URL(handle.url);
    url.pathname = "/postgres";
    await createDatabaseIfMissing(url.toString(), "earlybird_bench");
    url.pathname = "/earlybird_bench";
    process.env.DATABASE_URL = url.toString();
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";
    const { sequelize } = await import("../../db/index");
    const { migrate } = await import("../../db/migrator");
    await migrate(sequelize);
    await benchDirectory({ rows: argValue("--rows", 100_000), runs: argValue("--runs", 25) });
    await sequelize.close();
  } finally {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
