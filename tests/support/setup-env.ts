import { inject } from "vitest";

// Runs in each test worker before test files import db/index.ts.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_ENV = "test";
process.env.JOBS_ENABLED = "false";

// As every entry point does: the offers subscribe to the ledger's top-up events (after DATABASE_URL is set).
const { registerOfferTopUpListeners } = await import("../../app/modules/offers/top-up-listeners.server");
registerOfferTopUpListeners();
