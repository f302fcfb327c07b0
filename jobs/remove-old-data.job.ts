// Bree entry for "remove-old-data" (daily); the work is removeOldData in app/modules/retention/service.server.ts.
import { runInWorker } from "./worker";

await runInWorker("remove-old-data");
