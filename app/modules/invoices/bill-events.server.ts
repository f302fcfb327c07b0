/**
 * What the invoices module tells the rest of the product when bills marked "Create bill in Xero" (createBillInXero)
 * are written (issue 18 part 5; GUIDE's listener registry): integrations subscribes and creates them in the company's
 * books, so invoices never imports integrations.
 *
 * - By hand (createInvoiceRecord): published inside the creating transaction with the bill's id; a listener writes
 *   its outbox row there and calls the provider after the commit.
 * - By import (COPY in batches on its own connection): published once after the import, with no transaction and no
 *   ids: "this company has new bills to create"; the listener finds them (createBillInXero, no external id yet).
 * Publishing with no listener does nothing (the accounting push job's sweep finds such bills later).
 */
import type { Transaction } from "sequelize";

export interface BillsForAccounting {
  /** The purchaser: the company whose books get the bills. */
  companyId: number;
  /** The bills written, or null for "look for them" (after an import). */
  invoiceIds: number[] | null;
}

export type BillsForAccountingListener = (t: Transaction | null, event: BillsForAccounting) => Promise<unknown>;

const listeners: BillsForAccountingListener[] = [];

/** Subscribes; returns the unsubscribe function (for tests). */
export function onBillsForAccounting(listener: BillsForAccountingListener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

export async function publishBillsForAccounting(t: Transaction | null, event: BillsForAccounting): Promise<void> {
  for (const listener of [...listeners]) await listener(t, event);
}
