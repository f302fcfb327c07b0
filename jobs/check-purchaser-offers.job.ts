// Bree entry for "check-purchaser-offers" (every 15 minutes); the work is checkPurchaserOffers in app/modules/offers/purchaser-offers.server.ts.
import { runInWorker } from "./worker";

await runInWorker("check-purchaser-offers");
