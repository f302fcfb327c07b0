/**
 * Sync in from MYOB Essentials or AccountRight (issue 18 part 4): GeneralLedger/Account → GL codes, Contact/Supplier
 * and Contact/Customer → counterparties, Purchase/Bill/Service → bills, Sale/Invoice/Service → invoices, and the open
 * bills' balances per supplier → the accounting balance (MYOB's API has no aged payables report; the open bills'
 * BalanceDueAmount is the same figure). Incremental by `$filter=LastModified gt datetime'…'` (the newest change seen
 * and its RowVersion are stored), `$top`/`$skip` paging; `full` ignores the cursors. MYOB has no purchase orders in
 * the emulated subset, and a deleted bill disappears instead of changing: after a complete full listing the
 * company's MYOB records not in it are voided.
 */
import type { MyobAccount, MyobBill, MyobContact, MyobInvoice, MyobPage } from "../myob/types";
import type { MyobApi } from "../myob/api.server";
import { oneCallRun } from "./cursors.server";
import { applyAccounts, applyAgedPayables, applyContactPage, applyRecordPage, voidUnseenRecords } from "./records.server";
import { mapMyobAccount, mapMyobRecord, myobContactKeys, myobModifiedFilter, myobPayablesFromBills, MYOB_PAGE_SIZE, parseXeroTimestamp, type GlFields } from "./rules";
import { newest, pageThrough, type FetchedPage, type RunContext } from "./run-context.server";

export const MYOB_STEPS = 5;

function fetcher<T extends { LastModified: string; RowVersion: string }>(api: MyobApi, entity: string) {
  return async (page: number, since: Date | null): Promise<FetchedPage<T>> => {
    const result: MyobPage<T> = await api.listPage<T>(entity, {
      top: MYOB_PAGE_SIZE,
      skip: (page - 1) * MYOB_PAGE_SIZE,
      filter: myobModifiedFilter(since),
      orderby: "LastModified",
    });
    const items = result.Items;
    let highWater: Date | null = null;
    let rowVersion: string | null = null;
    for (const item of items) {
      const at = parseXeroTimestamp(item.LastModified);
      if (at && (!highWater || at >= highWater)) {
        highWater = at;
        rowVersion = item.RowVersion;
      }
    }
    const more = items.length >= MYOB_PAGE_SIZE && (result.NextPageLink !== null || result.Count > page * MYOB_PAGE_SIZE);
    return { items, more, highWater, rowVersion, total: result.Count || undefined };
  };
}

export async function syncMyob(run: RunContext, api: MyobApi): Promise<void> {
  run.callCounter = () => api.calls;
  await run.measure("accounts", () => oneCallRun(run.connection.id, "accounts", run.jobId, run.full, async (since) => {
    const accounts: MyobAccount[] = [];
    for (let page = 1; ; page++) {
      const result = await api.listPage<MyobAccount>("GeneralLedger/Account", { top: MYOB_PAGE_SIZE, skip: (page - 1) * MYOB_PAGE_SIZE, filter: myobModifiedFilter(since) });
      accounts.push(...result.Items);
      if (result.Items.length < MYOB_PAGE_SIZE) break;
    }
    run.add(await applyAccounts(run.target, accounts.map(mapMyobAccount).filter((a): a is GlFields => a !== null)));
    return newest(accounts.map((a) => parseXeroTimestamp(a.LastModified)));
  }));
  await run.nextStep();

  // Suppliers and customers: two listings, each with its cursor, one step.
  for (const role of ["SUPPLIER", "CUSTOMER"] as const) {
    await run.measure("contacts", () => pageThrough(
      run,
      role === "SUPPLIER" ? "contacts" : "customers",
      fetcher<MyobContact>(api, role === "SUPPLIER" ? "Contact/Supplier" : "Contact/Customer"),
      (items, afterWrite) => applyContactPage(run.target, items.map((contact) => myobContactKeys(contact, role)), afterWrite),
      { pageSize: MYOB_PAGE_SIZE }
    ));
  }
  await run.nextStep();

  const currency = run.target.currency;
  const seenBills = new Set<string>();
  const bills = await run.measure("bills", () => pageThrough(
    run,
    "bills",
    fetcher<MyobBill>(api, "Purchase/Bill/Service"),
    (items, afterWrite) => {
      for (const bill of items) seenBills.add(bill.UID);
      return applyRecordPage(run.target, items.map((bill) => mapMyobRecord(bill, "BILL", currency)), afterWrite);
    },
    { pageSize: MYOB_PAGE_SIZE }
  ));
  if (run.full && !bills.resumed) run.add(await voidUnseenRecords(run.target, "BILL", seenBills));
  await run.nextStep();

  const seenInvoices = new Set<string>();
  const invoices = await run.measure("invoices", () => pageThrough(
    run,
    "invoices",
    fetcher<MyobInvoice>(api, "Sale/Invoice/Service"),
    (items, afterWrite) => {
      for (const invoice of items) seenInvoices.add(invoice.UID);
      return applyRecordPage(run.target, items.map((invoice) => mapMyobRecord(invoice, "INVOICE", currency)), afterWrite);
    },
    { pageSize: MYOB_PAGE_SIZE }
  ));
  if (run.full && !invoices.resumed) run.add(await voidUnseenRecords(run.target, "INVOICE", seenInvoices));
  await run.nextStep();

  // The accounting balance: every open bill's balance due, per supplier (a listing of the open bills only).
  const open: MyobBill[] = [];
  await run.measure("agedPayables", async () => {
    for (let page = 1; ; page++) {
      const result = await api.listPage<MyobBill>("Purchase/Bill/Service", { top: MYOB_PAGE_SIZE, skip: (page - 1) * MYOB_PAGE_SIZE, filter: "Status eq 'Open'" });
      open.push(...result.Items);
      if (result.Items.length < MYOB_PAGE_SIZE) break;
    }
  });
  run.add(await applyAgedPayables(run.target, myobPayablesFromBills(open), run.target.today));
  await run.progress(1);
}
