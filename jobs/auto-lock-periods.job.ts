// Bree entry for "auto-lock-periods" (hourly); the work is autoLockPeriods in app/modules/period-lock/service.server.ts.
import { runInWorker } from "./worker";

await runInWorker("auto-lock-periods");
