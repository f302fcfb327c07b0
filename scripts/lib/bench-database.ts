/**
 * A benchmark's throwaway database: an embedded PostgreSQL in a temp directory inside the project (where the embedded
 * server may write), a database of `name` in it, DATABASE_URL and EARLYBIRD_DATA_DIR set (so db/ may be imported after),
 * and `remove()` to stop the server and delete the directory.
 */
import fs from "node:fs";
import path from "node:path";
import { createDatabaseIfMissing, ensureDatabase } from "../../db/bootstrap";

export async function startBenchDatabase(name: string): Promise<{ tmp: string; url: string; remove: () => Promise<void> }> {
  const tmp = path.resolve(".data", `${name}-${process.pid}-${Date.now().toString(36)}`);
  fs.mkdirSync(tmp, { recursive: true });
  process.env.EARLYBIRD_DATA_DIR = path.join(tmp, "data");
  process.env.APP_ENV = "test";
  const handle = await ensureDatabase({ dataDir: path.join(tmp, "pg"), databaseName: "postgres", quiet: true });
  const adminUrl = new URL(handle.url);
  adminUrl.pathname = "/postgres";
  const database = name.replace(/\W/g, "_");
  await createDatabaseIfMissing(adminUrl.toString(), database);
  const url = new URL(handle.url);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
  return {
    tmp,
    url: url.toString(),
    remove: async () => {
      await handle.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
