/**
 * `npm run bench:lists [-- --rows N] [--runs N] [--explain] [--only text]`: how fast the /invoices and /bills loaders are on a big
 * company (issue 3 part 9a; docs/decisions/008-list-performance.md).
 *
 * A throwaway embedded PostgreSQL (its own data dir under .data/bench-pg, removed at the end) is migrated and seeded
 * in SQL with `--rows` records for one company (default 1,000,000): half INVOICE issued by it, half BILL issued for
 * it, several hundred counterparties, due dates ±1 year, amounts $10-$50,000, a status mix, half included in the
 * purchaser offer, a live purchaser offer, some open supplier offers. Then ANALYZE + VACUUM, and the real route loaders
 * (`loader` of app/routes/_app.invoices.tsx and _app.bills.tsx, called with a Request carrying a session cookie of a
 * user of that company, so authentication, parsing, the services and the JSON response are all timed) are timed at
 * page 1, a middle page (typed: OFFSET), the pager's links from it (next, 3 pages on and back: keyset plus an OFFSET
 * of at most 2 pages), a typed page at 3/4 and the last page, for the default sort, two filters and
 * a status tab. `--profile` times each query of the best and the worst case. Not part of `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { register } from "node:module";
import { performance } from "node:perf_hooks";
import { createDatabaseIfMissing, ensureDatabase } from "../db/bootstrap";
import type { PageCursor } from "../app/modules/invoices/filters";
import { seedBenchCompany } from "./lib/bench-company";

const LIMIT_MS = 20;

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} expects a positive number`);
  return Math.trunc(value);
}

const ROWS = argValue("--rows", 1_000_000);
const RUNS = argValue("--runs", 25);
const EXPLAIN = process.argv.includes("--explain");
/** `--profile`: the best and the worst case's queries, each with its own time, to see where a loader's time goes. */
const PROFILE = process.argv.includes("--profile");
/** `--only text`: time only the cases whose list and filter name contain it ("Payment", "bills"). */
const ONLY = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] ?? "" : "";

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  // BENCH_DATABASE_URL: a database seeded by an earlier run (kept running), to time again without seeding again.
  const reuse = process.env.BENCH_DATABASE_URL;
  // Under .data (git-ignored) like the tests' clusters: the embedded server may run as another user than ours.
  const dataDir = path.resolve(".data/bench-pg", `${process.pid}-${Date.now().toString(36)}`);
  if (!reuse) fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const handle = reuse
    ? { url: reuse, stop: async () => {} }
    : await ensureDatabase({ dataDir: path.join(dataDir, "pg"), databaseName: "postgres", quiet: true });
  try {
    const url = reuse ?? withDatabase(handle.url, "earlybird_bench");
    if (!reuse) await createDatabaseIfMissing(withDatabase(handle.url, "postgres"), "earlybird_bench");
    process.env.DATABASE_URL = url;
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";

    // The route modules import the stylesheet (root's CSS bundle); Node cannot load CSS, and the loaders do not need it.
    register(
      "data:text/javascript," +
        encodeURIComponent(
          'export async function load(url, context, next) { if (/\\.css(\\?|$)/.test(url)) return { format: "module", source: "export default \'\';", shortCircuit: true }; return next(url, context); }'
        )
    );
    const { sequelize } = await import("../db/index");
    const { migrate } = await import("../db/migrator");
    const { cursorForPage, parseListQuery, serializeListQuery } = await import("../app/modules/invoices/filters");
    const { createSession } = await import("../app/modules/auth/service.server");
    const { commitSessionToken } = await import("../app/lib/session.server");
    const invoicesRoute = await import("../app/routes/_app.invoices");
    const billsRoute = await import("../app/routes/_app.bills");
    const { addMonths, todayIn } = await import("../app/lib/dates");
    await migrate(sequelize);

    const today = todayIn("NZ");
    const [seeded] = (await sequelize.query("SELECT id FROM companies WHERE company_name = 'Bench Co'")) as [{ id: number }[], unknown];
    const companyId = seeded[0]?.id ?? (await seedBenchCompany(sequelize, { rows: ROWS, today }));
    const [[{ count: records }]] = (await sequelize.query("SELECT count(*)::int AS count FROM invoices")) as [{ count: number }[], unknown];
    const half = Math.ceil(records / 2);

    const [[user]] = (await sequelize.query(
      `INSERT INTO users (username, company_id, roles, first_name, last_name, onboarding_state)
       VALUES ('bench-' || extract(epoch from now())::bigint || '@example.test', :companyId, ARRAY['ROLE_USER'], 'Bench', 'User', 'ONBOARDED') RETURNING id`,
      { replacements: { companyId } }
    )) as [{ id: number }[], unknown];
    const cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
    type Side = "invoices" | "bills";
    interface LoadedPage {
      total: number;
      size: number;
      totalIsEstimate: boolean;
      pageCursors: { previous: PageCursor | null; next: PageCursor | null };
    }
    /** One request through the route's loader, as Remix calls it. */
    const callLoader = async (side: Side, search: string): Promise<Response> => {
      const request = new Request(`http://localhost/${side}?${search}`, { headers: { Cookie: cookie } });
      const route = side === "invoices" ? invoicesRoute : billsRoute;
      const response = (await route.loader({ request, params: {}, context: { requestId: "bench", cspNonce: "", ip: "127.0.0.1" } })) as Response;
      if (response.status !== 200) throw new Error(`${side}?${search} answered ${response.status}`);
      return response;
    };
    const load = async (side: Side, search: string): Promise<LoadedPage> => {
      const body = (await (await callLoader(side, search)).json()) as { result?: LoadedPage; bills?: LoadedPage };
      return (side === "invoices" ? body.result : body.bills) as LoadedPage;
    };
    const in3Months = addMonths(today, 3);
    const filters: { side: Side; name: string; search: string }[] = [
      { side: "invoices", name: "default sort", search: "" },
      { side: "invoices", name: "amount 1,000-5,000", search: "amount=between:1000.00..5000.00" },
      { side: "invoices", name: "due next 3 months", search: `date=between:${today}..${in3Months}` },
      { side: "invoices", name: "Payment Requested tab", search: "status=CASHBACK_OFFERED" },
      { side: "invoices", name: "Payment Available tab", search: "status=PAYMENT_READY" },
      { side: "bills", name: "default sort", search: "tab=bills" },
      { side: "bills", name: "amount 1,000-5,000", search: "tab=bills&amount=range:1000.00..5000.00" },
      { side: "bills", name: "due next 3 months", search: "tab=bills&in=3:months" },
      { side: "bills", name: "Payment Offered tab", search: "tab=bills&status=PAYMENT_OFFERED" },
    ];

    interface Line {
      side: Side;
      filter: string;
      page: string;
      total: string;
      median: number;
      p95: number;
      url: string;
    }
    const lines: Line[] = [];
    const time = async (side: Side, filter: string, label: string, search: string, total: string) => {
      for (let i = 0; i < 3; i += 1) await callLoader(side, search);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        await callLoader(side, search);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      lines.push({ side, filter, page: label, total, median: percentile(samples, 50), p95: percentile(samples, 95), url: `/${side}?${search}` });
    };

    for (const { side, name, search } of filters) {
      if (ONLY && !`${side} ${name}`.includes(ONLY)) continue;
      const first = await load(side, search);
      const pages = Math.max(1, Math.ceil(first.total / first.size));
      const total = `${first.totalIsEstimate ? "~" : ""}${first.total.toLocaleString("en-NZ")}`;
      const amp = search ? "&" : "";
      await time(side, name, "1", search, total);
      const middle = Math.max(1, Math.floor(pages / 2));
      const middleResult = await load(side, `${search}${amp}page=${middle}`);
      await time(side, name, `${middle} (jump)`, `${search}${amp}page=${middle}`, total);
      const { query } = parseListQuery(new URLSearchParams(`${search}${amp}page=${middle}`), { type: side === "invoices" ? "INVOICE" : "BILL" });
      // The pager's links from the middle page, as Pagination makes them (cursorForPage): the next page, and the
      // links furthest away (3 pages: keyset from the middle page's last/first row plus an OFFSET of 2 pages).
      for (const [target, label] of [
        [middle + 1, "next"],
        [middle + 3, "link +3"],
        [middle - 3, "link -3"],
      ] as const) {
        const cursor = cursorForPage(middleResult.pageCursors, target);
        if (!cursor || target < 1 || target > pages) continue;
        await time(side, name, `${target} (${label})`, serializeListQuery({ ...query, page: target, cursor }).toString(), total);
      }
      const late = Math.max(1, Math.floor((pages * 3) / 4));
      if (late !== middle && late !== pages) await time(side, name, `${late} (jump 3/4)`, `${search}${amp}page=${late}`, total);
      await time(side, name, `${pages} (last)`, `${search}${amp}page=${pages}`, total);
    }

    const pad = (text: string, width: number) => text.padEnd(width);
    const header = `${pad("list", 9)}${pad("filter", 24)}${pad("page", 18)}${pad("total", 13)}${pad("median ms", 11)}${pad("p95 ms", 9)}result`;
    console.log(
      `\n${ROWS.toLocaleString("en-NZ")} records (${half.toLocaleString("en-NZ")} per side), ${RUNS} runs after 3 warm-up runs, target ${LIMIT_MS} ms\n`
    );
    console.log(header);
    console.log("-".repeat(header.length));
    let failures = 0;
    for (const line of lines) {
      const pass = line.p95 < LIMIT_MS;
      if (!pass) failures += 1;
      console.log(
        `${pad(line.side, 9)}${pad(line.filter, 24)}${pad(line.page, 18)}${pad(line.total, 13)}${pad(line.median.toFixed(2), 11)}${pad(
          line.p95.toFixed(2),
          9
        )}${pass ? "PASS" : "FAIL"}`
      );
    }
    console.log(
      `\n${lines.length - failures}/${lines.length} cases under ${LIMIT_MS} ms at p95 (${((performance.now() - started) / 1000).toFixed(0)} s in all)`
    );

    if (PROFILE) {
      const byP95 = [...lines].sort((a, b) => a.p95 - b.p95);
      const original = sequelize.query.bind(sequelize);
      for (const line of [byP95[0], byP95[byP95.length - 1]]) {
        const timings: string[] = [];
        (sequelize as unknown as { query: typeof sequelize.query }).query = (async (sql: unknown, options?: Record<string, unknown>) => {
          const t0 = performance.now();
          try {
            return await original(sql as string, options as never);
          } finally {
            const text = typeof sql === "string" ? sql : String((sql as { query?: string })?.query ?? sql);
            timings.push(
              `  ${(performance.now() - t0).toFixed(2).padStart(7)} ms  started +${(t0 - loaderStart).toFixed(2)} ms  ${text
                .replace(/\s+/g, " ")
                .slice(0, 110)}`
            );
          }
        }) as unknown as typeof sequelize.query;
        const loaderStart = performance.now();
        await callLoader(line.side, new URL(line.url, "http://x").searchParams.toString());
        const wall = performance.now() - loaderStart;
        (sequelize as unknown as { query: typeof sequelize.query }).query = original;
        console.log(`\nProfile of ${line.url}: ${wall.toFixed(2)} ms in all\n${timings.join("\n")}`);
      }
    }

    if (EXPLAIN) {
      const worst = [...lines].sort((a, b) => b.p95 - a.p95)[0];
      console.log(`\nWorst case: ${worst.url} (p95 ${worst.p95.toFixed(2)} ms). Its queries with EXPLAIN ANALYZE:`);
      const explained: string[] = [];
      const original = sequelize.query.bind(sequelize);
      (sequelize as unknown as { query: typeof sequelize.query }).query = (async (sql: unknown, options?: Record<string, unknown>) => {
        if (typeof sql === "string" && /^\s*(SELECT|WITH)/i.test(sql) && options?.replacements) {
          const rows = (await original(`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${sql}`, { ...options, type: "SELECT" } as never)) as unknown as {
            "QUERY PLAN": string;
          }[];
          explained.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
        }
        return original(sql as string, options as never);
      }) as unknown as typeof sequelize.query;
      await callLoader(worst.side, new URL(worst.url, "http://x").searchParams.toString());
      (sequelize as unknown as { query: typeof sequelize.query }).query = original;
      console.log(explained.join("\n\n"));
    }
    await sequelize.close();
    process.exitCode = failures ? 1 : 0;
  } finally {
    await handle.stop();
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? `${error.message}\n${(error as { sql?: string }).sql ?? error.stack}` : error);
  process.exit(2);
});
