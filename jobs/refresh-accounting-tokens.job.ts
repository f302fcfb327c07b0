// Bree entry for "refresh-accounting-tokens" (every 5 minutes); the work is refreshExpiringTokens in app/modules/integrations/connections.server.ts.
import { runInWorker } from "./worker";

await runInWorker("refresh-accounting-tokens");
