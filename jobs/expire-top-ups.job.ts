// Bree entry for "expire-top-ups" (every 15 minutes); the work is expireTopUps in app/modules/ledger/top-ups.server.ts.
import { runInWorker } from "./worker";

await runInWorker("expire-top-ups");
