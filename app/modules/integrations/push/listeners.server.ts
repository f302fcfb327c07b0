/**
 * Sync out's subscriptions (GUIDE's listener registry; docs/decisions/058): the ledger's "early payment completed"
 * and the invoices' "bills to create in the books". Both listeners run in the publisher's transaction and only write
 * outbox rows (accounting_pushes); the provider is called after the commit. Registered once per process beside
 * registerOfferTopUpListeners: server.ts, app/entry.server.tsx, jobs/worker.ts, cli/runtime.tsx and the test setup.
 */
import { onEarlyPaymentCompleted } from "../../ledger/early-payment-events.server";
import { onBillsForAccounting } from "../../invoices/bill-events.server";

// Loaded on first use, like the offers' listeners: registering costs a process nothing.
const pushes = () => import("./service.server");

let registered = false;

export function registerAccountingPushListeners(): void {
  if (registered) return;
  registered = true;
  onEarlyPaymentCompleted(async (t, event) => (await pushes()).enqueueEarlyPaymentPushes(t, event));
  onBillsForAccounting(async (t, event) => (await pushes()).enqueueBillCreates(t, { companyId: event.companyId, invoiceIds: event.invoiceIds }));
}
