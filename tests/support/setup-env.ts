import crypto from "node:crypto";
import { inject } from "vitest";
import { cloneDatabase, withDatabase } from "./databases";

/**
 * Runs in each test worker before the test file imports db/index.ts. Every test file gets a database of its own, a
 * copy of the run's migrated template (CREATE DATABASE ... TEMPLATE), so no file ever sees another file's rows, and
 * a file may count or clear what it likes. The copies are dropped with the run in global-setup's teardown.
 */
process.env.APP_ENV = "test";
process.env.JOBS_ENABLED = "false";

const templateUrl = inject("templateDatabaseUrl");
const databaseName = `${new URL(templateUrl).pathname.slice(1)}_${crypto.randomBytes(4).toString("hex")}`;
const startedAt = performance.now();
await cloneDatabase(templateUrl, databaseName);
if (process.env.EARLYBIRD_CLONE_LOG === "1") console.log(`database copy ${databaseName}: ${Math.round(performance.now() - startedAt)} ms`);
process.env.DATABASE_URL = withDatabase(templateUrl, databaseName);

// As every entry point does: the offers subscribe to the ledger's top-up events (after DATABASE_URL is set).
const { registerOfferTopUpListeners } = await import("../../app/modules/offers/top-up-listeners.server");
registerOfferTopUpListeners();
(await import("../../app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
