/**
 * What the ledger tells the rest of the product when an early payment completes (GUIDE "When a lower module must
 * react to a higher one's event"; issue 18 part 5): an in-transaction listener registry, so neither the ledger nor the
 * offers import the modules that care (integrations: the payment, fee and cashback written into Xero or MYOB).
 *
 * - Published by the two places that post an early payment (offers: Pay Now's payBill and a purchaser offer
 *   execution's payResult, which also settles a VIRTUAL offer's pending results), right after the posting, inside
 *   the posting's database transaction; a listener that throws rolls the payment back, so listeners only write rows
 *   (an outbox) and leave the outside calls to after the commit.
 * - Each process that can complete an early payment registers its listeners once at start-up (integrations:
 *   registerAccountingPushListeners, called beside registerOfferTopUpListeners). Unlike the top-up events, publishing
 *   with no listener is allowed: the books are an extra, and the push job's sweep would not find a payment nobody
 *   recorded, so every entry point registers (server.ts, the Remix entry, the job worker, the CLI, the test setup).
 */
import type { Transaction } from "sequelize";
import type { Cents } from "../../lib/money";
import type { Currency } from "./service.server";

export interface EarlyPaymentCompleted {
  /** The PAYMENT ledger transaction that settled the bill: the key of everything written about it. */
  ledgerTransactionId: number;
  /** The invoices row paid (an INVOICE of the supplier or a BILL of the purchaser). */
  invoiceId: number;
  purchaserCompanyId: number;
  supplierCompanyId: number;
  currency: Currency;
  /** T: the discounted total the payment settled. */
  total: Cents;
  /** F: the supplier's service fee (or prompt payment discount). */
  serviceFee: Cents;
  /** C: the purchaser's cashback (or saving). */
  cashback: Cents;
  /** "YYYY-MM-DD": the paid date written on the invoice. */
  paidDate: string;
}

export type EarlyPaymentListener = (t: Transaction, event: EarlyPaymentCompleted) => Promise<unknown>;

const listeners: EarlyPaymentListener[] = [];

/** Subscribes to completed early payments; returns the unsubscribe function (for tests). */
export function onEarlyPaymentCompleted(listener: EarlyPaymentListener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** Only the early payment postings (offers/pay-now.server.ts, offers/execution.server.ts) call this. */
export async function publishEarlyPaymentCompleted(t: Transaction, event: EarlyPaymentCompleted): Promise<void> {
  for (const listener of [...listeners]) await listener(t, event);
}
