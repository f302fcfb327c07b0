import { inject } from "vitest";

// Runs in each test worker before test files import db/index.ts.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_ENV = "test";
process.env.JOBS_ENABLED = "false";
