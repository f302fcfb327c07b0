/**
 * `npm run bench:ledger [-- --seconds N] [--clients N] [--wallets N] [--rounds N] [--history N]`: ledger transfer throughput beside pgbench (issue
 * 4 part 9; docs/decisions/010-ledger.md).
 *
 * One throwaway embedded PostgreSQL (under .data/bench-ledger, removed at the end), migrated. `--wallets` companies
 * (default 1,000) get a wallet funded by one top-up, and `--history` earlier transfers (default 50,000) are written
 * first, so the ledger is not empty (plans made for empty tables would measure a cold start, not the product). Then `--clients` concurrent clients (default 16) run transfers
 * for `--seconds` in all (default 20), in `--rounds` slices (default 4) taking turns with pgbench: each transfer is the product's own posting, `postTransaction(null, …)` (PAYMENT, wallet
 * A → wallet B, random pair and amount), its own database transaction, through the app's Sequelize pool, with the
 * wallet locks, cached balances, balance-after stamps, overdraft and balance checks of the real path. Then pgbench's
 * built-in TPC-B-like script on another database of the same server, same clients and duration, scale = clients (so
 * its branch rows are not the bottleneck). Prints both rates and the ratio (target: at least 70 % of pgbench).
 * pgbench comes with Debian's postgresql-15 package; it is installed when absent (apt-get, as root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabaseIfMissing, ensureDatabase } from "../db/bootstrap";

const TARGET = 0.7;

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} expects a positive number`);
  return Math.trunc(value);
}

const SECONDS = argValue("--seconds", 20);
const CLIENTS = argValue("--clients", 16);
const WALLETS = argValue("--wallets", 1_000);
const ROUNDS = argValue("--rounds", 4);
const HISTORY = argValue("--history", 50_000);

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function pgbenchPath(): string {
  const found = spawnSync("sh", ["-c", "command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1"], { encoding: "utf8" }).stdout.trim();
  if (found) return found.split("\n")[0];
  console.log("pgbench is missing: installing Debian's postgresql-15 (it ships pgbench)...");
  execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null"], { stdio: "inherit" });
  const installed = spawnSync("sh", ["-c", "command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | head -1"], {
    encoding: "utf8",
  }).stdout.trim();
  if (!installed) throw new Error("pgbench could not be installed");
  return installed.split("\n")[0];
}

async function main() {
  const pgbench = pgbenchPath();
  const dataDir = path.resolve(".data/bench-ledger", `${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await ensureDatabase({ dataDir: path.join(dataDir, "pg"), databaseName: "postgres", quiet: true });
  try {
    await createDatabaseIfMissing(withDatabase(handle.url, "postgres"), "earlybird_bench");
    await createDatabaseIfMissing(withDatabase(handle.url, "postgres"), "pgbench_bench");
    process.env.DATABASE_URL = withDatabase(handle.url, "earlybird_bench");
    process.env.DATABASE_POOL_MAX = String(CLIENTS);
    process.env.APP_ENV = "test";
    process.env.JOBS_ENABLED = "false";
    const { sequelize } = await import("../db/index");
    const { migrate } = await import("../db/migrator");
    const { postTransaction, systemAccount, walletAccount } = await import("../app/modules/ledger/service.server");
    await migrate(sequelize);

    // Wallets, funded by one top-up posting.
    console.log(`Funding ${WALLETS.toLocaleString("en-NZ")} wallets...`);
    const [companies] = (await sequelize.query(
      `INSERT INTO companies (company_name, country, status, verification_status)
       SELECT 'Ledger Bench ' || g, 'NZ', 'ACTIVE', 'VERIFIED' FROM generate_series(1, ${WALLETS}) g RETURNING id`
    )) as [{ id: number }[], unknown];
    const wallets: number[] = [];
    await sequelize.transaction(async (t) => {
      for (const company of companies) wallets.push((await walletAccount(t, company.id, "NZD")).id);
      const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
      const each = 100_000_000; // $1,000,000 a wallet
      await postTransaction(t, {
        transactionClass: "TOPUP",
        currency: "NZD",
        entries: [{ accountId: clearing.id, amount: -each * wallets.length }, ...wallets.map((accountId) => ({ accountId, amount: each }))],
      });
    });
    // A ledger with history, as in production (an empty one gets plans, e.g. for the entries' foreign keys, made for
    // empty tables): HISTORY earlier transfers between random wallets, then statistics.
    console.log(`Writing ${HISTORY.toLocaleString("en-NZ")} earlier transfers...`);
    // A PL/pgSQL loop, one posting per turn (a set-returning ledger_post in a join can be memoised or run once). The
    // values are integers written by this script.
    await sequelize.query(
      `DO $$
       DECLARE wallets integer[] := '{${wallets.join(",")}}'::integer[]; n integer := cardinality(wallets); a integer; b integer;
       BEGIN
         FOR i IN 1 .. ${HISTORY} LOOP
           a := 1 + floor(random() * n)::int;
           b := 1 + floor(random() * (n - 1))::int;
           IF b >= a THEN b := b + 1; END IF;
           PERFORM ledger_post('PAYMENT', 'NZD', '{"description": "Earlier transfer"}'::jsonb,
             jsonb_build_array(jsonb_build_object('accountId', wallets[a], 'amount', -100), jsonb_build_object('accountId', wallets[b], 'amount', 100)));
         END LOOP;
       END $$`
    );
    const [[{ n: written }]] = (await sequelize.query("SELECT count(*)::int AS n FROM ledger_transactions")) as [{ n: number }[], unknown];
    if (written < HISTORY) throw new Error(`The history has ${written} transactions, expected at least ${HISTORY}`);
    await sequelize.query("VACUUM ANALYZE");

    // pgbench's tables, on another database of the same server.
    const url = new URL(withDatabase(handle.url, "pgbench_bench"));
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
    const connection = ["-h", url.hostname, "-p", url.port, "-U", decodeURIComponent(url.username)];
    console.log(`pgbench: initialising scale ${CLIENTS}...`);
    execFileSync(pgbench, [...connection, "-i", "-q", "-s", String(CLIENTS), "pgbench_bench"], { env, stdio: ["ignore", "ignore", "inherit"] });

    // The two take turns (ROUNDS slices each), so a machine whose load changes during the run weighs on both alike.
    const pick = () => Math.floor(Math.random() * wallets.length);
    let transfers = 0;
    let failures = 0;
    let ledgerSeconds = 0;
    let pgbenchTransactions = 0;
    let pgbenchSeconds = 0;
    const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
    // Warm-up, not counted: the pool's connections, the JIT and both sides' caches.
    const warmupDeadline = performance.now() + 2_000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < warmupDeadline) {
          const from = pick();
          let to = pick();
          while (to === from) to = pick();
          await postTransaction(null, {
            transactionClass: "PAYMENT",
            currency: "NZD",
            entries: [
              { accountId: wallets[from], amount: -1 },
              { accountId: wallets[to], amount: 1 },
            ],
          });
        }
      })
    );
    execFileSync(pgbench, [...connection, "-n", "-c", String(CLIENTS), "-j", "2", "-T", "2", "pgbench_bench"], { env, stdio: "ignore" });

    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const deadline = started + slice * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            const from = pick();
            let to = pick();
            while (to === from) to = pick();
            const amount = 1 + Math.floor(Math.random() * 10_000);
            try {
              // A transfer is the whole business change: the posting is its own database transaction (one statement).
              await postTransaction(null, {
                transactionClass: "PAYMENT",
                currency: "NZD",
                sourceCompanyId: companies[from].id,
                destinationCompanyId: companies[to].id,
                description: "Benchmark transfer",
                entries: [
                  { accountId: wallets[from], amount: -amount },
                  { accountId: wallets[to], amount },
                ],
              });
              transfers += 1;
            } catch (error) {
              failures += 1;
              if (failures <= 3) console.error(error instanceof Error ? error.message : error);
            }
          }
        })
      );
      ledgerSeconds += (performance.now() - started) / 1000;

      const output = execFileSync(pgbench, [...connection, "-n", "-c", String(CLIENTS), "-j", "2", "-T", String(slice), "pgbench_bench"], {
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN);
      const tpsRound = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
      if (!Number.isFinite(processed) || !Number.isFinite(tpsRound) || tpsRound <= 0) throw new Error(`Could not read pgbench's figures from:\n${output}`);
      pgbenchTransactions += processed;
      pgbenchSeconds += processed / tpsRound;
      console.log(`round ${round + 1}/${ROUNDS}: ledger ${transfers.toLocaleString("en-NZ")} transfers so far, pgbench ${tpsRound.toFixed(0)} tps`);
    }
    const ledgerRate = transfers / ledgerSeconds;
    const tps = pgbenchTransactions / pgbenchSeconds;

    // Every cached balance still equals its entries after the run.
    const [[check]] = (await sequelize.query(
      `SELECT count(*)::int AS drift FROM (SELECT a.id FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.kind = 'WALLET' GROUP BY a.id HAVING a.balance <> sum(e.amount)) d`
    )) as [{ drift: number }[], unknown];
    await sequelize.close();

    const ratio = ledgerRate / tps;
    console.log(`\n${CLIENTS} clients, ${SECONDS} s each, ${WALLETS.toLocaleString("en-NZ")} wallets`);
    console.log(`ledger transfers/s   ${ledgerRate.toFixed(1)}  (${transfers.toLocaleString("en-NZ")} transfers, ${failures} failed)`);
    console.log(`pgbench TPC-B tps    ${tps.toFixed(1)}`);
    console.log(`ratio                ${(ratio * 100).toFixed(1)} %  (target ${TARGET * 100} %): ${ratio >= TARGET ? "PASS" : "FAIL"}`);
    console.log(`cached balances      ${check.drift === 0 ? "all equal to their entries" : `${check.drift} wallets differ from their entries`}`);
    process.exitCode = ratio >= TARGET && check.drift === 0 && failures === 0 ? 0 : 1;
  } finally {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
