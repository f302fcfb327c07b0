// Bree entry for "push-accounting" (every minute); the work is runDuePushes in app/modules/integrations/push/service.server.ts.
import { runInWorker } from "./worker";

await runInWorker("push-accounting");
