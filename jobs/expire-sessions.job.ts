// Bree entry for "expire-sessions" (every 15 minutes); the work is expireStaleSessions in app/modules/auth.
import { runInWorker } from "./worker";

await runInWorker("expire-sessions");
