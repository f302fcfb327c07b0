/** Set-up shared by the browser tests of bank files (withdrawals, returns): the e2e server's database and its jobs. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The e2e server's data directory (scripts/e2e-server.sh); its embedded PostgreSQL publishes its URL beside the cluster.
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

export interface WrittenFiles {
  status: string;
  result: { files: { fileName: string; withdrawalIds: number[]; depositReturnIds: number[] }[] };
}

/** Runs the scheduled bank file job with the real CLI against the server's database, as an operator would. */
export async function runWithdrawalsJob(): Promise<WrittenFiles> {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { stdout } = await run(process.execPath, [path.join(root, "bin/earlybird.js"), "jobs:run", "process-withdrawals", "--json"], { cwd: root, env });
  return JSON.parse(stdout) as WrittenFiles;
}

/** One query on the e2e server's database. */
export async function e2eQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, "pg.url"), "utf8").trim() });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
