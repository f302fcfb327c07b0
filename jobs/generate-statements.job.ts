// Bree entry for "generate-statements" (hourly); the work is generateMonthEndStatements in app/modules/statements/service.server.ts.
import { runInWorker } from "./worker";

await runInWorker("generate-statements");
