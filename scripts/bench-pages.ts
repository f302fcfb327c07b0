/**
 * `npm run bench:pages [-- --duration S] [--connections 10,50] [--only TEXT] [--no-build] [--rows N]`: how fast the
 * product serves its pages (issue 19; docs/decisions/061-page-speed.md).
 *
 * Builds the app (unless --no-build), seeds a throwaway embedded PostgreSQL with the demo data plus a large company
 * (`--rows` invoices and as many bills, default 100,000 each, 500 counterparties), starts the product as a deployment
 * runs it (server.ts with NODE_ENV=production and APP_ENV=production: one web process per CPU and the job worker),
 * logs in through POST /login as each kind of user (the large company's user, who buys and sells; the demo purchaser
 * with a live offer; the demo supplier; the administrator) and measures each page with autocannon at each connection
 * count: requests/s, p50 and p99 latency, bytes per response (raw and as sent with `Accept-Encoding: br, gzip`), the
 * server's CPU (cores busy, all its processes) and peak memory (the sum of its processes' RSS), and the database's CPU
 * (the embedded PostgreSQL's processes; not measured with BENCH_DATABASE_URL). Each page's rate is
 * printed as a ratio of /login's in the same run, and the targets are checked:
 *   - every logged-in page at >= 50 % of /login's rate;  - p99 < 300 ms at 50 connections;
 *   - /login >= 500 requests/s;                          - a list page's HTML <= 40 kB compressed (25 rows).
 * Exits 1 when a target is missed. Not part of `npm test`. BENCH_DATABASE_URL: a database an earlier run seeded (a
 * PostgreSQL you keep running) is measured again without seeding; SERVER_NODE_OPTIONS (e.g. `--cpu-prof
 * --cpu-prof-dir=.data/prof`) goes to the server's node (its web processes inherit it: one flame graph each).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { startBenchDatabase } from "./lib/bench-database";
import { seedBenchCompany } from "./lib/bench-company";

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : (process.argv[index + 1] ?? fallback);
};
const DURATION = Number(argValue("--duration", "10"));
const CONNECTIONS = argValue("--connections", "10,50").split(",").map(Number);
const ONLY = argValue("--only", "");
const ROWS = Number(argValue("--rows", "100000"));
const BUILD = !process.argv.includes("--no-build");
const PORT = Number(argValue("--port", "3290"));
const BASE = `http://127.0.0.1:${PORT}`;

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 300;
const TARGET_LOGIN_RPS = 500;
const TARGET_LIST_KB = 40;

interface Page {
  name: string;
  path: string;
  user: "anonymous" | "bench" | "purchaser" | "supplier" | "admin";
  list?: boolean;
}

interface Row {
  page: Page;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rawBytes: number;
  sentBytes: number;
  cpuCores: number;
  dbCores: number;
  peakMb: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

/** The pids of a process and all its descendants (from /proc). */
function processTree(rootPid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** The embedded PostgreSQL's processes (this process started it): their CPU is the database's share of a page. */
function databasePids(): number[] {
  return processTree(process.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
    } catch {
      return false;
    }
  });
}

const CLOCK_TICKS = 100;
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const rest = fields.slice(fields.lastIndexOf(")") + 2).split(" ");
      // utime and stime, and cutime and cstime: what the process's ended children used (a PostgreSQL backend or a web
      // process that ends during a run moves its time to its parent, so the sum only grows).
      ticks += Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
    } catch {
      // Gone.
    }
  }
  return ticks / CLOCK_TICKS;
}

function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return kb / 1024;
}

/** The body's length as sent (compressed when the server compresses) and its content-encoding. */
function fetchSize(url: string, cookie: string, encoding: string): Promise<{ status: number; bytes: number; encoding: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Cookie: cookie, "Accept-Encoding": encoding, Accept: "text/html" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: body.length, encoding: String(res.headers["content-encoding"] ?? "identity"), body: body.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const session = cookies.find((cookie) => !cookie.endsWith("="));
  if (response.status !== 302 || !session) throw new Error(`Login of ${email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return cookies.join("; ");
}

async function waitForServer(child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it listened`);
    try {
      if ((await fetch(`${BASE}/login`)).ok) return;
    } catch {
      // Not yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not start within 2 minutes");
}

/** The demo data, a big company (`--rows` invoices and bills, 500 counterparties) and its user, who logs in with the demo password. */
async function seed(url: string) {
  process.env.DATABASE_URL = url;
  const { sequelize } = await import("../db/index");
  const { migrate } = await import("../db/migrator");
  const { seedDemoDataIfEmpty } = await import("../db/seed/index");
  const { todayIn } = await import("../app/lib/dates");
  await migrate(sequelize);
  await seedDemoDataIfEmpty();
  const seedStarted = performance.now();
  const companyId = await seedBenchCompany(sequelize, { rows: ROWS * 2, parties: 500, today: todayIn("NZ"), name: "Bench Co" });
  // The bench company's user logs in with the demo password (its hash copied from the demo purchaser).
  await sequelize.query(
    `INSERT INTO users (username, company_id, roles, first_name, last_name, onboarding_state, password_hash, phone_number, phone_number_verified)
     SELECT 'bench@benchco.test', :companyId, ARRAY['ROLE_USER'], 'Bench', 'User', 'ONBOARDED', password_hash, phone_number, phone_number_verified
     FROM users WHERE username = 'pat@harbourfoods.test'`,
    { replacements: { companyId } }
  );
  await sequelize.query("ANALYZE");
  console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  await sequelize.close();
}

async function main() {
  const started = performance.now();
  if (BUILD) await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" });
  // BENCH_DATABASE_URL: a database an earlier run seeded (a PostgreSQL kept running): measure again, no seeding.
  const reuse = process.env.BENCH_DATABASE_URL;
  const database = reuse ? { url: reuse, remove: async () => {} } : await startBenchDatabase("bench-pages");
  let server: ChildProcess | undefined;
  try {
    if (!reuse) await seed(database.url);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "production",
      APP_URL: BASE,
      PORT: String(PORT),
      DATABASE_URL: database.url,
      SESSION_SECRET: "bench-pages-session-secret-0123456789",
      ENCRYPTION_KEY: "0".repeat(64),
      SMTP_URL: "smtp://127.0.0.1:1",
      LOG_LEVEL: "warn",
      ACCOUNTING_EMULATOR: "false",
    };
    server = spawn(process.execPath, [...(process.env.SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean), "--import", "tsx", "server.ts"], { env, stdio: ["ignore", "inherit", "inherit"] });
    await waitForServer(server);
    const cookies: Record<Page["user"], string> = {
      anonymous: "",
      bench: await login("bench@benchco.test", "Earlybird#2026"),
      purchaser: await login("pat@harbourfoods.test", "Earlybird#2026"),
      supplier: await login("sam@kiwisupplies.test", "Earlybird#2026"),
      admin: await login("admin@earlybird.test", "Earlybird#2026"),
    };
    // A supplier of the big company: the first link of its Suppliers tab.
    const suppliersTab = await fetchSize(`${BASE}/bills?tab=suppliers`, cookies.bench, "identity");
    const supplierId = /href="\/suppliers\/(\d+)/.exec(suppliersTab.body)?.[1];
    if (!supplierId) throw new Error("The Suppliers tab of the bench company links no supplier");

    const pages: Page[] = [
      { name: "/login", path: "/login", user: "anonymous" },
      { name: "/invoices (big company)", path: "/invoices", user: "bench", list: true },
      { name: "/bills (big company)", path: "/bills", user: "bench", list: true },
      { name: "/bills?tab=suppliers (big company)", path: "/bills?tab=suppliers", user: "bench", list: true },
      { name: "/suppliers/{id} (big company)", path: `/suppliers/${supplierId}`, user: "bench", list: true },
      { name: "/account (big company)", path: "/account", user: "bench" },
      { name: "/account/statements/current (big company)", path: "/account/statements/current", user: "bench" },
      { name: "/bills (purchaser, live offer)", path: "/bills", user: "purchaser", list: true },
      { name: "/invoices (supplier)", path: "/invoices", user: "supplier", list: true },
      { name: "/companies (admin)", path: "/companies", user: "admin", list: true },
    ].filter((page) => !ONLY || page.name.includes(ONLY) || page.path === "/login") as Page[];

    const serverPids = () => processTree(server!.pid!);
    console.log(`Server: ${serverPids().length} process(es) on ${os.availableParallelism()} CPU(s); ${DURATION} s a run\n`);
    const rows: Row[] = [];
    for (const page of pages) {
      const url = `${BASE}${page.path}`;
      const cookie = cookies[page.user];
      const raw = await fetchSize(url, cookie, "identity");
      const sent = await fetchSize(url, cookie, "br, gzip");
      if (raw.status !== 200) throw new Error(`${page.path} as ${page.user} answered ${raw.status}`);
      const headers = { Cookie: cookie, "Accept-Encoding": "br, gzip", Accept: "text/html" };
      // A short warm-up (JIT, caches, the pool's connections) that is not measured.
      await autocannon({ url, connections: 10, duration: 2, headers });
      for (const connections of CONNECTIONS) {
        const pids = serverPids();
        const cpuBefore = cpuSeconds(pids);
        const dbBefore = cpuSeconds(databasePids());
        let peak = rssMb(pids);
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPids()))), 250);
        const wall = performance.now();
        const result = await autocannon({ url, connections, duration: DURATION, headers });
        clearInterval(sampler);
        const seconds = (performance.now() - wall) / 1000;
        const row: Row = {
          page,
          connections,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          rawBytes: raw.bytes,
          sentBytes: sent.bytes,
          cpuCores: (cpuSeconds(serverPids()) - cpuBefore) / seconds,
          dbCores: (cpuSeconds(databasePids()) - dbBefore) / seconds,
          peakMb: peak,
        };
        rows.push(row);
        console.log(
          `${page.name.padEnd(44)} c=${String(connections).padStart(2)}  ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${row.p50.toFixed(0).padStart(4)} ms  p99 ${row.p99.toFixed(0).padStart(5)} ms  ${(row.rawBytes / 1024).toFixed(1)} kB raw, ${(row.sentBytes / 1024).toFixed(1)} kB ${sent.encoding}  CPU ${row.cpuCores.toFixed(2)} (DB ${row.dbCores.toFixed(2)})  ${row.peakMb.toFixed(0)} MB${row.errors || row.non2xx ? `  (${row.errors} errors, ${row.non2xx} non-2xx)` : ""}`
        );
      }
    }

    // The table and the targets.
    const failures: string[] = [];
    const loginRate = new Map(rows.filter((row) => row.page.path === "/login").map((row) => [row.connections, row.rps]));
    console.log("\n| Page | Conns | req/s | vs /login | p50 ms | p99 ms | HTML kB raw / sent | Server CPU | DB CPU | Peak MB |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const row of rows) {
      const ratio = row.rps / (loginRate.get(row.connections) ?? row.rps);
      console.log(
        `| ${row.page.name} | ${row.connections} | ${row.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)} % | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${(row.rawBytes / 1024).toFixed(1)} / ${(row.sentBytes / 1024).toFixed(1)} | ${row.cpuCores.toFixed(2)} | ${row.dbCores.toFixed(2)} | ${row.peakMb.toFixed(0)} |`
      );
      const where = `${row.page.name} at ${row.connections} connections`;
      if (row.errors || row.non2xx) failures.push(`${where}: ${row.errors} errors, ${row.non2xx} non-2xx answers`);
      if (row.page.path === "/login" && row.rps < TARGET_LOGIN_RPS) failures.push(`${where}: ${row.rps.toFixed(0)} req/s, target >= ${TARGET_LOGIN_RPS}`);
      if (row.page.user !== "anonymous" && ratio < TARGET_RATIO) failures.push(`${where}: ${(ratio * 100).toFixed(0)} % of /login's rate, target >= ${TARGET_RATIO * 100} %`);
      if (row.connections >= 50 && row.p99 >= TARGET_P99_MS) failures.push(`${where}: p99 ${row.p99.toFixed(0)} ms, target < ${TARGET_P99_MS} ms`);
      if (row.page.list && row.connections === rows.find((other) => other.page === row.page)?.connections && row.sentBytes > TARGET_LIST_KB * 1024)
        failures.push(`${row.page.name}: ${(row.sentBytes / 1024).toFixed(1)} kB compressed, target <= ${TARGET_LIST_KB} kB`);
    }
    console.log(`\n${rows.length} runs in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    if (failures.length) {
      console.log(`\nMissed ${failures.length} target(s):\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
      process.exitCode = 1;
    } else console.log("\nEvery page meets its targets.");
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    await database.remove();
  }
}

await main();
