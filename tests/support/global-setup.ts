/**
 * One isolated PostgreSQL database per test run: an embedded cluster in .data/test-pg (or the server of
 * DATABASE_URL when set), a fresh database named for this run, migrated once, dropped at the end.
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, dropDatabase, ensureDatabase } from "../../db/bootstrap";

export default async function setup(project: TestProject) {
  const databaseName = `earlybird_test_${Date.now().toString(36)}_${process.pid}`;
  // A cluster of its own per run (unless DATABASE_URL names a server), so parallel runs never share state.
  const dataDir = path.resolve(".data/test-pg", `${process.pid}-${Date.now().toString(36)}`);
  const handle = await ensureDatabase({ dataDir, databaseName: "postgres", quiet: true });
  const adminUrl = withDatabase(handle.url, "postgres");
  await createDatabaseIfMissing(adminUrl, databaseName);
  const url = withDatabase(handle.url, databaseName);
  process.env.DATABASE_URL = url;
  process.env.APP_ENV = "test";

  const { sequelize } = await import("../../db/index");
  const { migrate } = await import("../../db/migrator");
  await migrate(sequelize);
  await sequelize.close();

  project.provide("databaseUrl", url);
  return async () => {
    await dropDatabase(adminUrl, databaseName);
    await handle.stop();
    if (handle.embedded) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
