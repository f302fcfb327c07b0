// Bree entry for "expire-supplier-offers" (every 5 minutes); the work is expireSupplierOffers in app/modules/offers/supplier-offers.server.ts.
import { runInWorker } from "./worker";

await runInWorker("expire-supplier-offers");
