/**
 * Sync in from Xero (issue 18 part 4): accounts → GL codes, contacts → counterparties, invoices (ACCPAY → bills,
 * ACCREC → invoices, one listing for both), purchase orders, aged payables → the accounting balance. Incremental by
 * If-Modified-Since the last change seen (per resource), pages of 100; `full` ignores the cursors.
 *
 * Calls: an incremental run costs 1 (accounts) + 1 (contacts) + 1-2 (invoices: a full page of 100 needs the next
 * page to know it was the last) + 1 (purchase orders) + 1 (aged payables); a full run of N invoices ⌈N/100⌉+1 for
 * them. The client waits out 429s (Retry-After), so the pace is Xero's 60 calls a minute.
 */
import type { XeroApi } from "../xero/api.server";
import { applyAccounts, applyAgedPayables, applyContactPage, applyPurchaseOrderPage, applyRecordPage } from "./records.server";
import { agedPayablesByContact, mapXeroAccount, mapXeroInvoice, mapXeroPurchaseOrder, xeroContactKeys, XERO_PAGE_SIZE, type GlFields, type PurchaseOrderFields } from "./rules";
import { newest, pageThrough, type RunContext } from "./run-context.server";
import { parseXeroTimestamp } from "./rules";
import { oneCallRun } from "./cursors.server";

export const XERO_STEPS = 5;

export async function syncXero(run: RunContext, api: XeroApi): Promise<void> {
  // Accounts: one unpaged call (only the changed ones after the first run).
  run.callCounter = () => api.calls;
  await run.measure("accounts", () => oneCallRun(run.connection.id, "accounts", run.jobId, run.full, async (since) => {
    const accounts = await api.listPage("Accounts", { modifiedSince: since ?? undefined });
    run.add(await applyAccounts(run.target, accounts.map(mapXeroAccount).filter((a): a is GlFields => a !== null)));
    return newest(accounts.map((a) => parseXeroTimestamp(a.UpdatedDateUTC)));
  }));
  await run.nextStep();

  await run.measure("contacts", () => pageThrough(
    run,
    "contacts",
    async (page, since) => {
      const items = await api.listPage("Contacts", { page, modifiedSince: since ?? undefined });
      return { items, more: items.length >= XERO_PAGE_SIZE, highWater: newest(items.map((c) => parseXeroTimestamp(c.UpdatedDateUTC))), rowVersion: null };
    },
    (items, afterWrite) => applyContactPage(run.target, items.map(xeroContactKeys), afterWrite),
    { pageSize: XERO_PAGE_SIZE }
  ));
  await run.nextStep();

  await run.measure("invoices", () => pageThrough(
    run,
    "invoices",
    async (page, since) => {
      const items = await api.listPage("Invoices", { page, modifiedSince: since ?? undefined, order: "UpdatedDateUTC ASC" });
      return { items, more: items.length >= XERO_PAGE_SIZE, highWater: newest(items.map((i) => parseXeroTimestamp(i.UpdatedDateUTC))), rowVersion: null };
    },
    (items, afterWrite) => applyRecordPage(run.target, items.map(mapXeroInvoice), afterWrite),
    { pageSize: XERO_PAGE_SIZE }
  ));
  await run.nextStep();

  await run.measure("purchaseOrders", () => pageThrough(
    run,
    "purchaseOrders",
    async (page, since) => {
      const items = await api.listPage("PurchaseOrders", { page, modifiedSince: since ?? undefined });
      return { items, more: items.length >= XERO_PAGE_SIZE, highWater: newest(items.map((o) => parseXeroTimestamp(o.UpdatedDateUTC))), rowVersion: null };
    },
    async (items, afterWrite) => {
      const fields: PurchaseOrderFields[] = [];
      const skipped: Array<{ id: string; number: string; reason: string }> = [];
      for (const order of items) {
        const mapped = mapXeroPurchaseOrder(order);
        if (mapped.ok) fields.push(mapped.fields);
        else skipped.push({ id: order.PurchaseOrderID, number: order.PurchaseOrderNumber, reason: mapped.reason });
      }
      const outcome = await applyPurchaseOrderPage(run.target, fields, afterWrite);
      for (const s of skipped) {
        (outcome.counts.purchaseOrders ??= { created: 0, updated: 0, skipped: 0, failed: 0 }).skipped += 1;
        outcome.skipped.push({ kind: "purchaseOrders", externalId: s.id, number: s.number, reason: s.reason });
      }
      return outcome;
    },
    { pageSize: XERO_PAGE_SIZE }
  ));
  await run.nextStep();

  // Aged payables at today: one report call, the whole balance per supplier.
  const rows = await run.measure("agedPayables", () => api.agedPayables(run.target.today));
  run.add(await applyAgedPayables(run.target, agedPayablesByContact(rows), run.target.today));
  await run.progress(1);
}
