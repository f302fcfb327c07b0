// Bree entry for "process-withdrawals" (every 15 minutes); the work is processPendingWithdrawals in app/modules/ledger.
import { runInWorker } from "./worker";

await runInWorker("process-withdrawals");
