/**
 * The invoices and bills lists (app/modules/invoices/list.server.ts) against PostgreSQL: scoping, the tab/status
 * mapping agreeing with the rules module, sort, paging, search, filters and the summary cards. Each test file run
 * makes its own companies, so other data in the database never matters.
 */
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyAnalytics, type InvoiceAnalyticsResponse } from "../../app/modules/analytics/service.server";
import { sequelize } from "../../db/index";
import { Invoice, PurchaserOffer, SupplierOffer, SupplierOfferInvoice, type Company } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import {
  cursorForPage,
  pageWindow,
  parseListQuery,
  serializeListQuery,
  type ListKind,
  type ListQuery,
  type PageCursor,
} from "../../app/modules/invoices/filters";
import { EXACT_COUNT_CAP, listBills, listInvoices, type ListActor, type ListPage } from "../../app/modules/invoices/list.server";
import { earlyPaymentEntries } from "../../app/modules/ledger/early-payment.rules";
import { postTransaction, systemAccount, walletAccount } from "../../app/modules/ledger/service.server";
import { makeCompany, makeSupplierLink } from "../support/factories";

afterAll(() => sequelize.close());

const today = todayIn("NZ");
const actorOf = (company: Company): ListActor => ({ userId: 0, companyId: company.id, roles: ["ROLE_USER"] });
const numbersOf = (rows: { number: string }[]) => rows.map((row) => row.number);
/** The URL the Pagination link carries for a cursor, parsed back as the loader does. */
const viaUrl = (query: ListQuery, cursor: PageCursor) =>
  parseListQuery(serializeListQuery({ ...query, page: cursor.page, cursor }), { type: query.type }).query;
const q = (type: ListKind, search = "") => parseListQuery(new URLSearchParams(search), { type }).query;

let seq = 0;
async function record(
  supplier: Company,
  purchaser: Company,
  fields: Partial<{
    number: string;
    total: Cents;
    due: number;
    include: boolean;
    invoiceStatus: Invoice["invoiceStatus"];
    billStatus: Invoice["billStatus"];
    paidDate: string;
    cashReward: Cents;
    serviceFee: Cents;
    type: "INVOICE" | "BILL";
  }> = {}
) {
  seq += 1;
  return Invoice.create({
    type: fields.type ?? "INVOICE",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: fields.number ?? `N-${seq}`,
    dueDate: addDays(today, fields.due ?? 30),
    total: fields.total ?? 10_000,
    includeInPurchaserOffer: fields.include ?? false,
    invoiceStatus: fields.invoiceStatus ?? null,
    billStatus: fields.billStatus ?? null,
    paidDate: fields.paidDate ?? null,
    cashReward: fields.cashReward ?? null,
    serviceFee: fields.serviceFee ?? null,
    totalPaid: fields.paidDate ? fields.total ?? 10_000 : 0,
  });
}

let supplier: Company, purchaser: Company, otherSupplier: Company, otherPurchaser: Company;
const ids: Record<string, number> = {};

beforeAll(async () => {
  supplier = await makeCompany({ companyName: `Lists Supplier ${Date.now()}` });
  purchaser = await makeCompany({ companyName: `Lists Purchaser ${Date.now()}` });
  otherSupplier = await makeCompany({ companyName: `Other 50%_Supplier ${Date.now()}` });
  otherPurchaser = await makeCompany({ companyName: `Other Purchaser ${Date.now()}` });
  await makeSupplierLink(purchaser, supplier);
  await PurchaserOffer.create({
    createdByCompany: purchaser.id,
    cashpool: 100_000,
    pendingCashpool: 0,
    crr: "8.00",
    offerStatus: "ACTIVE",
    topUpId: null,
    cancelledAt: null,
  });

  ids.offered = (await record(supplier, purchaser, { number: "A-100", total: 50_000, due: 30, include: true })).id;
  const requested = await record(supplier, purchaser, { number: "B-200", total: 20_000, due: 20, include: true });
  ids.requested = requested.id;
  const so = await SupplierOffer.create({
    createdByCompany: supplier.id,
    cashReward: 1_000,
    expirationDate: addDays(today, 5),
    offerStatus: "CLEARING",
    topUpId: null,
  });
  await SupplierOfferInvoice.create({ supplierOfferId: so.id, invoiceId: requested.id });
  ids.expired = (await record(supplier, purchaser, { number: "C-300", total: 30_000, due: -1, include: true })).id;
  ids.paid = (
    await record(supplier, purchaser, {
      number: "D-400",
      total: 40_000,
      due: 10,
      include: true,
      invoiceStatus: "PAYMENT_RECEIVED",
      billStatus: "PAID",
      paidDate: today,
      cashReward: 350,
      serviceFee: 400,
    })
  ).id;
  // D-400's payment, as the ledger holds it (the cards read only the ledger, decision 027): T $400.00, fee $4.00, cashback $3.50.
  await sequelize.transaction(async (t) => {
    const accounts = {
      purchaserWalletId: (await walletAccount(t, purchaser.id, "NZD")).id,
      supplierWalletId: (await walletAccount(t, supplier.id, "NZD")).id,
      feeRevenueId: (await systemAccount(t, "FEE_REVENUE", "NZD")).id,
    };
    const clearing = await systemAccount(t, "BANK_CLEARING", "NZD");
    await postTransaction(t, {
      transactionClass: "TOPUP",
      currency: "NZD",
      entries: [
        { accountId: clearing.id, amount: -100_000 as Cents },
        { accountId: accounts.purchaserWalletId, amount: 100_000 as Cents },
      ],
    });
    await postTransaction(t, {
      transactionClass: "PAYMENT",
      currency: "NZD",
      entries: earlyPaymentEntries(accounts, { total: 40_000 as Cents, serviceFee: 400 as Cents, cashback: 350 as Cents }),
      sourceCompanyId: purchaser.id,
      destinationCompanyId: supplier.id,
    });
  });
  ids.aboveCashPool = (await record(supplier, purchaser, { number: "E-500", total: 500_000, due: 40, include: true })).id;
  ids.notIncluded = (await record(supplier, purchaser, { number: "F-600", total: 60_000, due: 10 })).id;
  // 400 days early at 8 %: the fee is above 10 % of the amount (D2), so not eligible though everything else fits.
  ids.feeTooHigh = (await record(supplier, purchaser, { number: "G-700", total: 70_000, due: 400, include: true, type: "BILL" })).id;
  // Other companies' records.
  ids.toOtherPurchaser = (await record(supplier, otherPurchaser, { number: "H-800", total: 80_000, due: 15 })).id;
  ids.fromOtherSupplier = (await record(otherSupplier, purchaser, { number: "I-900", total: 90_000, due: 25, type: "BILL" })).id;
  ids.unrelated = (await record(otherSupplier, otherPurchaser, { number: "J-1000", total: 11_000, due: 25 })).id;
  ids.deleted = (await record(supplier, purchaser, { number: "K-1100" })).id;
  await Invoice.update({ deletedAt: new Date() }, { where: { id: ids.deleted } });
});

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

describe("scoping", () => {
  it("lists only the actor's company's records, as supplier and as purchaser, never deleted ones", async () => {
    const invoices = await listInvoices(actorOf(supplier), q("INVOICE"));
    expect(idsOf(invoices.rows)).toEqual(
      sorted(ids.offered, ids.requested, ids.expired, ids.aboveCashPool, ids.notIncluded, ids.feeTooHigh, ids.toOtherPurchaser)
    );
    const bills = await listBills(actorOf(purchaser), q("BILL", "tab=bills"));
    expect(idsOf(bills.rows)).toEqual(
      sorted(ids.offered, ids.requested, ids.expired, ids.aboveCashPool, ids.notIncluded, ids.feeTooHigh, ids.fromOtherSupplier)
    );
    // The purchaser has no invoices of its own; the other purchaser's bills are its own.
    expect((await listInvoices(actorOf(purchaser), q("INVOICE"))).rows).toEqual([]);
    expect(idsOf((await listBills(actorOf(otherPurchaser), q("BILL", "tab=bills"))).rows)).toEqual(sorted(ids.toOtherPurchaser, ids.unrelated));
  });

  it("reports whether the company has any records at all", async () => {
    const lonely = await makeCompany();
    const result = await listInvoices(actorOf(lonely), q("INVOICE"));
    expect(result).toMatchObject({ total: 0, hasAnyRecords: false });
    const filtered = await listInvoices(actorOf(supplier), q("INVOICE", "entity=nobody-matches-this"));
    expect(filtered).toMatchObject({ total: 0, hasAnyRecords: true });
  });
});

describe("tab and status mapping agrees with the rules", () => {
  it.each([
    ["CASHBACK_OFFERED", ["requested"], "CASHBACK_OFFERED", "Payment Requested"],
    ["PAYMENT_READY", ["offered"], "PAYMENT_READY", "Payment Available"],
    ["PAYMENT_RECEIVED", ["paid"], "PAYMENT_RECEIVED", "Paid"],
  ])("invoices status=%s", async (status, keys, code, label) => {
    const result = await listInvoices(actorOf(supplier), q("INVOICE", `status=${status}`));
    expect(idsOf(result.rows)).toEqual(sorted(...keys.map((key) => ids[key])));
    for (const row of result.rows) expect(row.status).toMatchObject({ statusCode: code, label });
  });

  it("the All tab holds every unpaid invoice with the rules' statuses", async () => {
    const result = await listInvoices(actorOf(supplier), q("INVOICE"));
    const byId = new Map(result.rows.map((row) => [row.id, row]));
    expect(byId.get(ids.offered)?.status).toMatchObject({ statusCode: "PAYMENT_READY", action: "Get Paid" });
    expect(byId.get(ids.offered)?.maxFee).toBeGreaterThan(0);
    expect(byId.get(ids.requested)?.status).toMatchObject({ statusCode: "CASHBACK_OFFERED", action: "Edit" });
    expect(byId.get(ids.requested)?.maxFee).toBe(1_000);
    expect(byId.get(ids.expired)?.status).toMatchObject({ statusCode: "EXPIRED", label: "Expired" });
    expect(byId.get(ids.aboveCashPool)?.status).toMatchObject({ statusCode: "ALL_ELIGIBLE", action: "Request Payment" });
    expect(byId.get(ids.feeTooHigh)?.status).toMatchObject({ statusCode: "ALL_ELIGIBLE" });
    expect(byId.get(ids.toOtherPurchaser)?.status).toMatchObject({ statusCode: "ALL_ELIGIBLE" });
  });

  it.each([
    ["CASHBACK_AVAILABLE", ["requested"], "CASHBACK_AVAILABLE"],
    ["CASHBACK_OFFERED", ["requested"], "CASHBACK_AVAILABLE"],
    ["PAYMENT_OFFERED", ["offered"], "PAYMENT_OFFERED"],
    ["NOT_ELIGIBLE_EXPIRED", ["expired"], "NOT_ELIGIBLE_EXPIRED"],
    ["PAID", ["paid"], "PAID"],
  ])("bills status=%s", async (status, keys, code) => {
    const result = await listBills(actorOf(purchaser), q("BILL", `tab=bills&status=${status}`));
    expect(idsOf(result.rows)).toEqual(sorted(...keys.map((key) => ids[key])));
    for (const row of result.rows) expect(row.status.statusCode).toBe(code);
  });

  it("shapes bill rows with the rules' labels, reasons, actions and cashback", async () => {
    const result = await listBills(actorOf(purchaser), q("BILL", "tab=bills"));
    const byId = new Map(result.rows.map((row) => [row.id, row]));
    expect(byId.get(ids.requested)).toMatchObject({
      // The saving is the Cashback column ("SAVE $6.00" there); the status says what the bill is (issue 20 part 5).
      status: { label: "Cashback Available", display: "CASHBACK_AVAILABLE", action: "Pay Now" },
      cashback: 600,
      supplierOffer: { status: "CLEARING", amount: 1_000 },
    });
    expect(byId.get(ids.offered)?.status.label).toBe("Payment Offered");
    expect(byId.get(ids.offered)?.cashback).toBeGreaterThan(0);
    expect(byId.get(ids.expired)?.status).toMatchObject({ label: "Not Eligible", reason: "Due date has passed", action: "Exclude" });
    expect(byId.get(ids.aboveCashPool)?.status).toMatchObject({ statusCode: "NOT_ELIGIBLE", reason: "Invoice amount is higher than available cash pool" });
    expect(byId.get(ids.feeTooHigh)?.status).toMatchObject({ statusCode: "NOT_ELIGIBLE", reason: "Discount is higher than maximum permitted" });
    expect(byId.get(ids.notIncluded)?.status).toMatchObject({ label: "Not Included", action: "Include" });
    // No counterparty row for the other supplier: offers are off, so Not Eligible without an action.
    expect(byId.get(ids.fromOtherSupplier)).toMatchObject({ offersEnabled: false, status: { label: "Not Eligible", action: null } });
    const paid = await listBills(actorOf(purchaser), q("BILL", "tab=bills&status=PAID"));
    expect(paid.rows[0]).toMatchObject({ status: { label: "Paid", action: "View" }, cashback: 350 });
  });
});

describe("sort, paging, search and filters", () => {
  it("sorts by an allowed column both ways with a stable tie-break", async () => {
    const asc = await listBills(actorOf(purchaser), q("BILL", "tab=bills&sort=discountedTotal,asc"));
    const amounts = asc.rows.map((row) => row.amountDue);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await listBills(actorOf(purchaser), q("BILL", "tab=bills&sort=discountedTotal,desc"));
    expect(desc.rows.map((row) => row.id)).toEqual(asc.rows.map((row) => row.id).reverse());
    const byDue = await listInvoices(actorOf(supplier), q("INVOICE", "sort=dueDate,desc"));
    const dues = byDue.rows.map((row) => row.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());
    // An unknown column falls back to the default (dueDate asc) and never reaches SQL.
    const bad = await listInvoices(actorOf(supplier), q("INVOICE", "sort=id;drop table invoices,asc"));
    expect(bad.rows.map((row) => row.dueDate)).toEqual([...dues].sort());
  });

  it("pages with a total count and clamps a page past the end", async () => {
    const many = await makeCompany();
    const buyer = await makeCompany();
    for (let i = 0; i < 12; i += 1) await record(many, buyer, { number: `P-${String(i).padStart(2, "0")}`, due: 10 + i });
    const first = await listInvoices(actorOf(many), q("INVOICE", "size=10"));
    expect(first).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.rows).toHaveLength(10);
    const second = await listInvoices(actorOf(many), q("INVOICE", "size=10&page=2"));
    expect(second.rows.map((row) => row.number)).toEqual(["P-10", "P-11"]);
    const past = await listInvoices(actorOf(many), q("INVOICE", "size=10&page=9"));
    expect(past).toMatchObject({ page: 2, total: 12 });
    expect(past.rows).toHaveLength(2);
  });

  it("searches the other party's name, with LIKE wildcards taken literally", async () => {
    const hit = await listBills(actorOf(purchaser), q("BILL", "tab=bills&entity=50%25_sup"));
    expect(idsOf(hit.rows)).toEqual([ids.fromOtherSupplier]);
    const wildcard = await listBills(actorOf(purchaser), q("BILL", "tab=bills&entity=%25"));
    expect(idsOf(wildcard.rows)).toEqual([ids.fromOtherSupplier]);
    const customer = await listInvoices(actorOf(supplier), q("INVOICE", "entity=other purchaser"));
    expect(idsOf(customer.rows)).toEqual([ids.toOtherPurchaser]);
  });

  it("filters by amount due, due date and number", async () => {
    const supplierActor = actorOf(supplier);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "amount=eq:500.00"))).rows)).toEqual([ids.offered]);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "amount=gt:700.00"))).rows)).toEqual(sorted(ids.aboveCashPool, ids.toOtherPurchaser));
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "amount=lt:300.00"))).rows)).toEqual([ids.requested]);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "amount=between:200.00..500.00"))).rows)).toEqual(
      sorted(ids.offered, ids.requested, ids.expired)
    );
    const due = addDays(today, 30);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", `date=eq:${due}`))).rows)).toEqual([ids.offered]);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", `date=gt:${addDays(today, 35)}`))).rows)).toEqual(sorted(ids.aboveCashPool, ids.feeTooHigh));
    expect(idsOf((await listBills(actorOf(purchaser), q("BILL", "tab=bills&in=12:days"))).rows)).toEqual([ids.notIncluded]);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "number=eq:A-100"))).rows)).toEqual([ids.offered]);
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "number=in:A-100,C-300"))).rows)).toEqual(sorted(ids.offered, ids.expired));
    expect(idsOf((await listInvoices(supplierActor, q("INVOICE", "number=like:b-2"))).rows)).toEqual([ids.requested]);
  });
});

describe("summary cards", () => {
  it("invoices: active prompt payment requests and prompt payments received this month", async () => {
    const { cards } = await listInvoices(actorOf(supplier), q("INVOICE"));
    expect(cards.activeRequests).toEqual({ count: 1, maxServiceFee: 1_000, amountRequested: 20_000 });
    expect(cards.receivedThisMonth).toEqual({ count: 1, serviceFees: 400, amountPaid: 40_000 });
  });

  it("bills: the live offer's cash reserve and the cashback received this month", async () => {
    const { cards } = await listBills(actorOf(purchaser), q("BILL", "tab=bills"));
    expect(cards.cashReserve).toEqual({ offerStatus: "ACTIVE", cashpool: 100_000, pendingCashpool: 0, crr: "8.00" });
    expect(cards.cashbackThisMonth).toEqual({ count: 1, cashback: 350 });
    const none = await listBills(actorOf(otherPurchaser), q("BILL", "tab=bills"));
    expect(none.cards).toEqual({ cashReserve: null, cashbackThisMonth: { count: 0, cashback: 0 } });
  });

  it("GET /analytics/{type} gives the cards' figures, from fromTime (default: this month)", async () => {
    const invoices = await companyAnalytics(actorOf(supplier), "invoices");
    expect(invoices).toMatchObject({ totalAmountRequested: 20_000, maxServiceFeesRequested: 1_000, totalAmountPaid: 40_000, maxServiceFeesReceived: 400 });
    const { total: unpaid } = await listInvoices(actorOf(supplier), q("INVOICE"));
    expect((invoices as InvoiceAnalyticsResponse).unpaidInvoicesCount).toBe(unpaid);
    expect(await companyAnalytics(actorOf(purchaser), "bills")).toEqual({ paidEarlyCount: 1, cashbackReceived: 350 });
    // From tomorrow on nothing has been paid yet; the open requests do not depend on fromTime.
    const later = await companyAnalytics(actorOf(supplier), "invoices", { fromTime: "2999-01-01" });
    expect(later).toMatchObject({ totalAmountPaid: 0, maxServiceFeesReceived: 0, totalAmountRequested: 20_000 });
    await expect(companyAnalytics(actorOf(supplier), "invoices", { fromTime: "01/11/2026" })).rejects.toMatchObject({ status: 422, field: "fromTime" });
  });
});

describe("pages at scale: keyset cursors, capped count, last page (docs/decisions/008)", () => {
  let seller: Company, buyer: Company, stranger: Company;

  beforeAll(async () => {
    seller = await makeCompany({ companyName: `Keyset Seller ${Date.now()}` });
    buyer = await makeCompany({ companyName: `Keyset Buyer ${Date.now()}` });
    stranger = await makeCompany({ companyName: `Keyset Stranger ${Date.now()}` });
    // 57 records with many ties on due date and amount, so the id tie-break decides the order inside a tie.
    for (let i = 0; i < 57; i += 1) {
      await record(seller, buyer, { number: `K-${String((i * 37) % 57).padStart(3, "0")}`, due: 5 + (i % 6), total: (1_000 + (i % 4) * 250) as Cents });
    }
    for (let i = 0; i < 5; i += 1) await record(stranger, buyer, { number: `S-${i}`, due: 5 + i });
  });

  it.each(["", "sort=dueDate,desc", "sort=discountedTotal,asc", "sort=total,desc", "sort=invoiceNumber,desc", "amount=between:10.00..15.00"])(
    "next and previous pages by cursor equal the pages by number (%s)",
    async (search) => {
      const base = q("INVOICE", `size=10${search ? `&${search}` : ""}`);
      const byNumber: string[][] = [];
      const first = await listInvoices(actorOf(seller), base);
      const pages = Math.ceil(first.total / 10);
      expect(pages).toBeGreaterThan(2);
      for (let page = 1; page <= pages; page += 1) byNumber.push(numbersOf((await listInvoices(actorOf(seller), { ...base, page })).rows));
      expect(new Set(byNumber.flat()).size).toBe(first.total);

      let current = first;
      for (let page = 2; page <= pages; page += 1) {
        const next = current.pageCursors.next;
        expect(next).toMatchObject({ page, dir: "after" });
        const query = viaUrl(base, next!);
        expect(query.cursor).toEqual(next);
        current = await listInvoices(actorOf(seller), query);
        expect(current.page).toBe(page);
        expect(numbersOf(current.rows)).toEqual(byNumber[page - 1]);
      }
      expect(current.pageCursors.next).toBeNull();
      for (let page = pages - 1; page >= 1; page -= 1) {
        const previous = current.pageCursors.previous;
        // Page 1 needs no cursor: its link is the plain list URL.
        current = previous ? await listInvoices(actorOf(seller), viaUrl(base, previous)) : await listInvoices(actorOf(seller), { ...base, page });
        if (page > 1) expect(previous).toMatchObject({ page, dir: "before" });
        expect(numbersOf(current.rows)).toEqual(byNumber[page - 1]);
      }
    }
  );

  it("ignores a stale, edited or malformed cursor and reads the page by its number", async () => {
    const base = q("INVOICE", "size=10");
    const page3 = numbersOf((await listInvoices(actorOf(seller), { ...base, page: 3 })).rows);
    const { pageCursors } = await listInvoices(actorOf(seller), { ...base, page: 2 });
    const next = pageCursors.next!;
    // Made for another query (another page size): dropped when the URL is parsed.
    expect(viaUrl(q("INVOICE", "size=25"), { ...next, page: 2 }).cursor).toBeUndefined();
    expect(parseListQuery(new URLSearchParams(`size=10&page=3&cursor=${encodeURIComponent("a3.zz.1.x")}`), { type: "INVOICE" }).query.cursor).toBeUndefined();
    expect(parseListQuery(new URLSearchParams("size=10&page=3&cursor=garbage"), { type: "INVOICE" }).query.cursor).toBeUndefined();
    // For another page than the URL's: dropped.
    expect(
      parseListQuery(new URLSearchParams(`size=10&page=4&cursor=${encodeURIComponent("a3." + next.fingerprint + ".1.2026-01-01")}`), { type: "INVOICE" }).query
        .cursor
    ).toBeUndefined();
    // Well-formed but pointing nowhere useful: past the end, a value that is no date, an impossible date.
    for (const value of ["9999-12-31", "not-a-date", "2026-02-31", "'; drop table invoices; --"]) {
      const result = await listInvoices(actorOf(seller), { ...base, page: 3, cursor: { ...next, value } });
      expect(numbersOf(result.rows)).toEqual(page3);
    }
    const before = await listInvoices(actorOf(seller), { ...base, page: 3, cursor: { ...next, dir: "before", value: "1900-01-01" } });
    expect(numbersOf(before.rows)).toEqual(page3);
  });

  it("a cursor never reaches another company's records", async () => {
    const base = q("INVOICE", "size=10");
    const { pageCursors } = await listInvoices(actorOf(seller), base);
    const strangers = await listInvoices(actorOf(stranger), q("INVOICE"));
    const own = new Set((await listInvoices(actorOf(seller), { ...base, size: 100 })).rows.map((row) => row.id));
    // The seller's cursor replayed by another company, and a cursor forged from another company's row.
    const replayed = await listInvoices(actorOf(stranger), { ...q("INVOICE", "size=10"), page: 2, cursor: pageCursors.next });
    expect(replayed.rows.every((row) => strangers.rows.some((mine) => mine.id === row.id))).toBe(true);
    const forged = { ...pageCursors.next!, id: strangers.rows[0].id, value: strangers.rows[0].dueDate };
    const result = await listInvoices(actorOf(seller), { ...base, page: 2, cursor: forged });
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every((row) => own.has(row.id))).toBe(true);
  });

  it("counts exactly up to the cap, estimates beyond it, and still shows the real last page", async () => {
    const big = await makeCompany({ companyName: `Big Seller ${Date.now()}` });
    const rows = EXACT_COUNT_CAP + 2_000;
    await sequelize.query(
      `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total)
       SELECT 'INVOICE', :big, :buyer, 'Big', 'Buyer', 'BIG-' || lpad(g::text, 6, '0'), CAST(:today AS date) + (g % 90), 10 + g % 500
       FROM generate_series(1, :rows) g`,
      { replacements: { big: big.id, buyer: buyer.id, today, rows } }
    );
    await sequelize.query("ANALYZE invoices");
    const exactOrder = (
      await sequelize.query<{ invoice_number: string }>("SELECT invoice_number FROM invoices WHERE issued_by = :big ORDER BY due_date, id", {
        type: QueryTypes.SELECT,
        replacements: { big: big.id },
      })
    ).map((row) => row.invoice_number);

    const first = await listInvoices(actorOf(big), q("INVOICE"));
    expect(first.totalIsEstimate).toBe(true);
    expect(first.total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(numbersOf(first.rows)).toEqual(exactOrder.slice(0, 25));
    // A jump into the list (within 2,500 rows: read by OFFSET, exactly) and the next page by cursor.
    const deep = await listInvoices(actorOf(big), q("INVOICE", "page=80"));
    expect(numbersOf(deep.rows)).toEqual(exactOrder.slice(79 * 25, 80 * 25));
    const after = await listInvoices(actorOf(big), viaUrl(q("INVOICE"), deep.pageCursors.next!));
    expect(numbersOf(after.rows)).toEqual(exactOrder.slice(80 * 25, 81 * 25));
    // The last page by the estimate ends with the real last record; a page past the real end shows the real last rows.
    const lastPage = Math.ceil(first.total / 25);
    const last = await listInvoices(actorOf(big), q("INVOICE", `page=${lastPage}`));
    expect(numbersOf(last.rows).at(-1)).toBe(exactOrder.at(-1));
    const past = await listInvoices(actorOf(big), q("INVOICE", "page=999999"));
    expect(numbersOf(past.rows).at(-1)).toBe(exactOrder.at(-1));
    // A typed page further in than 2,500 rows under an estimated total is placed from the column statistics (pageAnchor): a
    // contiguous slice of the exact order near its place (the place is "about", like the total), and the pager's
    // next link from it continues exactly. The same in a descending list.
    const deepPage = Math.floor(first.total / 25) - 20;
    expect((deepPage - 1) * 25).toBeGreaterThan(2_500);
    for (const [sort, order] of [
      ["", exactOrder],
      ["sort=dueDate,desc&", [...exactOrder].reverse()],
    ] as const) {
      const anchored = await listInvoices(actorOf(big), q("INVOICE", `${sort}page=${deepPage}`));
      expect(anchored.page).toBe(deepPage);
      const at = order.indexOf(numbersOf(anchored.rows)[0]);
      expect(numbersOf(anchored.rows)).toEqual(order.slice(at, at + 25));
      expect(Math.abs(at - (deepPage - 1) * 25)).toBeLessThan(rows * 0.05);
      const next = await listInvoices(actorOf(big), viaUrl(q("INVOICE", sort), anchored.pageCursors.next!));
      expect(numbersOf(next.rows)).toEqual(order.slice(at + 25, at + 50));
    }
    // Filtered below the cap: exact again.
    const filtered = await listInvoices(actorOf(big), q("INVOICE", "amount=between:10.00..20.00"));
    expect(filtered.totalIsEstimate).toBe(false);
    const [{ n }] = await sequelize.query<{ n: string }>("SELECT count(*) AS n FROM invoices WHERE issued_by = :big AND total BETWEEN 10 AND 20", {
      type: QueryTypes.SELECT,
      replacements: { big: big.id },
    });
    expect(filtered.total).toBe(Number(n));
  });
});

describe("offer tabs at their range bounds (docs/decisions/008, offer tabs)", () => {
  it("Payment Offered / Payment Available hold exactly the rules' eligible rows at the percent-cap day, tiny amounts and T = cash pool", async () => {
    const buyer = await makeCompany({ companyName: `Bounds Purchaser ${Date.now()}` });
    const seller = await makeCompany({ companyName: `Bounds Supplier ${Date.now()}` });
    await makeSupplierLink(buyer, seller);
    await PurchaserOffer.create({
      createdByCompany: buyer.id,
      cashpool: 100_000,
      pendingCashpool: 0,
      crr: "8.00",
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    // crr 8 % with the D2 defaults: the percentage cap allows d + 1 ≤ 365 days; beyond, only amounts that round to a
    // small enough cashback (≤ $22.81 on day 365) stay eligible. T = cash pool is eligible, a cent more is not.
    const cases: [string, number, Cents][] = [
      ["d363", 363, 100_000],
      ["d364", 364, 100_000],
      ["d365", 365, 100_000],
      ["d365-tiny", 365, 1],
      ["d365-small", 365, 2_281],
      ["d365-over-small", 365, 2_300],
      ["d700-tiny", 700, 1],
      ["d1", 1, 100_001],
      ["d1-pool", 1, 100_000],
      ["d0", 0, 500],
    ];
    const made: Record<string, number> = {};
    for (const [name, due, total] of cases) {
      made[name] = (await record(seller, buyer, { number: `BND-${name}`, total, due, include: true })).id;
    }
    const all = await listBills(actorOf(buyer), q("BILL", "tab=bills&size=100"));
    const expected = all.rows.filter((row) => row.status.statusCode === "PAYMENT_OFFERED").map((row) => row.id);
    expect(expected).toEqual(expect.arrayContaining([made.d363, made.d364, made["d365-tiny"], made["d1-pool"]]));
    expect(expected).not.toContain(made.d365);
    expect(expected).not.toContain(made.d1);
    const tab = await listBills(actorOf(buyer), q("BILL", "tab=bills&status=PAYMENT_OFFERED&size=100"));
    expect(tab.rows.map((row) => row.id).sort()).toEqual([...expected].sort());

    const invoices = await listInvoices(actorOf(seller), q("INVOICE", "size=100"));
    const ready = invoices.rows.filter((row) => row.status.statusCode === "PAYMENT_READY").map((row) => row.id);
    expect(ready.sort()).toEqual([...expected].sort());
    const readyTab = await listInvoices(actorOf(seller), q("INVOICE", "status=PAYMENT_READY&size=100"));
    expect(readyTab.rows.map((row) => row.id).sort()).toEqual([...expected].sort());
  });
});

describe("Payment Available with customers whose offers differ", () => {
  it("checks each invoice against its own customer's crr and cash pool, and leaves out customers without offers for us", async () => {
    const seller = await makeCompany({ companyName: `Multi Supplier ${Date.now()}` });
    const customers = await Promise.all(
      ["Low", "High", "Small", "Disabled", "Cancelled"].map((name) => makeCompany({ companyName: `Multi ${name} ${Date.now()}` }))
    );
    const [low, high, small, disabled, cancelled] = customers;
    const offers: [Company, number, string, boolean, "ACTIVE" | "VIRTUAL" | "CANCELLED"][] = [
      [low, 100_000, "4.00", true, "ACTIVE"],
      [high, 100_000, "30.00", true, "VIRTUAL"],
      [small, 15_000, "8.00", true, "ACTIVE"],
      [disabled, 100_000, "8.00", false, "ACTIVE"],
      [cancelled, 100_000, "8.00", true, "CANCELLED"],
    ];
    for (const [customer, cashpool, crr, enabled, offerStatus] of offers) {
      await makeSupplierLink(customer, seller, { offersEnabled: enabled });
      const cancelledAt = offerStatus === "CANCELLED" ? new Date() : null;
      await PurchaserOffer.create({ createdByCompany: customer.id, cashpool, pendingCashpool: 0, crr, offerStatus, topUpId: null, cancelledAt });
    }
    // The same spread of amounts and due dates for every customer: which are eligible depends on the customer's offer.
    for (const customer of customers) {
      for (const [due, total] of [
        [10, 10_000],
        [60, 14_999],
        [60, 15_001],
        [200, 50_000],
        [300, 2_000],
        [364, 100],
      ] as const) {
        await record(seller, customer, { number: `MUL-${customer.id}-${due}-${total}`, total: total as Cents, due, include: true });
      }
    }
    const all = await listInvoices(actorOf(seller), q("INVOICE", "size=100"));
    const expected = all.rows.filter((row) => row.status.statusCode === "PAYMENT_READY").map((row) => row.id);
    const customerOf = new Map(all.rows.map((row) => [row.id, row.companyName]));
    // Some of each enabled, live customer's invoices, none of the others', and not all of the high crr's.
    for (const customer of [low, high, small]) expect(expected.some((id) => customerOf.get(id) === customer.companyName)).toBe(true);
    for (const customer of [disabled, cancelled]) expect(expected.some((id) => customerOf.get(id) === customer.companyName)).toBe(false);
    expect(expected.filter((id) => customerOf.get(id) === high.companyName).length).toBeLessThan(6);
    expect(expected.filter((id) => customerOf.get(id) === small.companyName).length).toBeLessThan(6);
    const tab = await listInvoices(actorOf(seller), q("INVOICE", "status=PAYMENT_READY&size=100"));
    expect(tab.rows.map((row) => row.id).sort()).toEqual([...expected].sort());
    expect(tab.total).toBe(expected.length);
  });
});

describe("every page link by keyset plus a small OFFSET; typed pages nearer the end reversed (docs/decisions/008, third pass)", () => {
  let seller: Company, buyer: Company, stranger: Company;

  beforeAll(async () => {
    seller = await makeCompany({ companyName: `Links Seller ${Date.now()}` });
    buyer = await makeCompany({ companyName: `Links Buyer ${Date.now()}` });
    stranger = await makeCompany({ companyName: `Links Stranger ${Date.now()}` });
    // 131 records (14 pages of 10) with many ties on due date and amount, so the id tie-break decides inside a tie.
    for (let i = 0; i < 131; i += 1) {
      await record(seller, buyer, { number: `L-${String((i * 37) % 131).padStart(3, "0")}`, due: 5 + (i % 6), total: (1_000 + (i % 4) * 250) as Cents });
    }
    for (let i = 0; i < 5; i += 1) await record(stranger, buyer, { number: `LS-${i}`, due: 5 + i, total: 2_000 as Cents });
  });

  /** Every OFFSET the page reads use while `run` runs (the ids query's `:offset` replacement). */
  async function offsetsOf<T>(run: () => Promise<T>): Promise<{ result: T; offsets: number[] }> {
    const offsets: number[] = [];
    const original = sequelize.query.bind(sequelize);
    const spy = vi.spyOn(sequelize, "query").mockImplementation(((sql: unknown, options?: { replacements?: Record<string, unknown> }) => {
      const offset = options?.replacements?.offset;
      if (typeof offset === "number") offsets.push(offset);
      return original(sql as string, options as never);
    }) as never);
    try {
      return { result: await run(), offsets };
    } finally {
      spy.mockRestore();
    }
  }

  /** The list order straight from SQL: the seller's invoices or the buyer's bills, `order` over columns of `i`. */
  async function sqlOrder(side: "INVOICE" | "BILL", order: string, extra = ""): Promise<string[]> {
    const rows = await sequelize.query<{ invoice_number: string }>(
      `SELECT i.invoice_number FROM invoices i WHERE ${
        side === "INVOICE" ? "i.issued_by = :seller" : "i.issued_for = :buyer"
      } AND i.deleted_at IS NULL ${extra} ORDER BY ${order}`,
      { type: QueryTypes.SELECT, replacements: { seller: seller.id, buyer: buyer.id } }
    );
    return rows.map((row) => row.invoice_number);
  }

  const linkCases: [string, "INVOICE" | "BILL", string, string][] = [
    ["default sort", "INVOICE", "size=10", "i.due_date, i.id"],
    ["amount desc", "INVOICE", "size=10&sort=discountedTotal,desc", "i.discounted_total DESC, i.id DESC"],
    ["amount filter", "INVOICE", "size=10&amount=between:10.00..15.00", "i.due_date, i.id"],
    ["bills tab, amount filter", "BILL", "size=10&tab=bills&amount=gt:11.00&sort=invoiceNumber,asc", "i.invoice_number, i.id"],
  ];

  it.each(linkCases)("every page link the pager shows is a keyset read (OFFSET ≤ 2 pages) equal to the page by number (%s)", async (_, side, search, order) => {
    const who = side === "INVOICE" ? seller : buyer;
    const list = (
      actor: ListActor,
      query: ListQuery
    ): Promise<{ rows: { number: string }[]; page: number; total: number; pageCursors: ListPage<never>["pageCursors"] }> =>
      side === "INVOICE" ? listInvoices(actor, query) : listBills(actor, query);
    const base = q(side, search);
    const extra = search.includes("between:10.00..15.00")
      ? "AND i.discounted_total BETWEEN 10 AND 15"
      : search.includes("gt:11.00")
      ? "AND i.discounted_total > 11"
      : "";
    const expected = await sqlOrder(side, order, extra);
    const first = await list(actorOf(who), base);
    expect(first.total).toBe(expected.length);
    const pages = Math.ceil(first.total / 10);
    expect(pages).toBeGreaterThan(6);
    const byNumber = (n: number) => expected.slice((n - 1) * 10, n * 10);

    let links = 0;
    for (let page = 1; page <= pages; page += 1) {
      const shown = await list(actorOf(who), { ...base, page });
      // Typed pages: by number (the reversed order nearer the end) equal the SQL order.
      expect(numbersOf(shown.rows)).toEqual(byNumber(page));
      const targets = new Set([...pageWindow(page, pages), page - 1, page + 1].filter((n) => n >= 1 && n <= pages && n !== page));
      for (const target of targets) {
        const cursor = cursorForPage(shown.pageCursors, target);
        if (target === 1) {
          expect(cursor).toBeNull();
          continue;
        }
        expect(cursor, `page ${page} -> ${target}`).not.toBeNull();
        expect(cursor!.skip).toBe(Math.abs(target - page) - 1);
        const { result, offsets } = await offsetsOf(() => list(actorOf(who), viaUrl(base, cursor!)));
        expect(result.page).toBe(target);
        expect(numbersOf(result.rows), `page ${page} -> ${target}`).toEqual(byNumber(target));
        expect(Math.max(...offsets)).toBeLessThanOrEqual(2 * 10);
        links += 1;
      }
    }
    expect(links).toBeGreaterThan(2 * pages);
  });

  it("a typed page nearer the end reads the reversed order with the smaller OFFSET, and equals the forward read", async () => {
    const base = q("INVOICE", "size=10&sort=discountedTotal,desc");
    const expected = await sqlOrder("INVOICE", "i.discounted_total DESC, i.id DESC");
    const pages = Math.ceil(expected.length / 10);
    for (const page of [2, Math.ceil(pages / 2), pages - 2, pages - 1, pages]) {
      const { result, offsets } = await offsetsOf(() => listInvoices(actorOf(seller), { ...base, page }));
      expect(numbersOf(result.rows)).toEqual(expected.slice((page - 1) * 10, page * 10));
      const forward = (page - 1) * 10;
      const backward = Math.max(0, expected.length - page * 10);
      expect(offsets).toContain(Math.min(forward, backward));
      expect(Math.max(...offsets)).toBe(Math.min(forward, backward));
    }
  });

  it("ignores a far cursor that is stale, forged or too far and reads the page by its number; never another company's rows", async () => {
    const base = q("INVOICE", "size=10");
    const expected = await sqlOrder("INVOICE", "i.due_date, i.id");
    const page4 = await listInvoices(actorOf(seller), { ...base, page: 4 });
    const far = cursorForPage(page4.pageCursors, 7)!;
    expect(far).toMatchObject({ page: 7, skip: 2, dir: "after" });
    // Made for another page size, or with a skip beyond the limit: dropped when the URL is parsed.
    expect(viaUrl(q("INVOICE", "size=25"), far).cursor).toBeUndefined();
    expect(
      parseListQuery(new URLSearchParams(`size=10&page=7&cursor=${encodeURIComponent(`a7_3.${far.fingerprint}.${far.id}.${far.value}`)}`), { type: "INVOICE" })
        .query.cursor
    ).toBeUndefined();
    // Given to the service directly with a skip beyond the limit, or a value past the end: read by number.
    for (const cursor of [
      { ...far, skip: 9 },
      { ...far, value: "9999-12-31" },
      { ...far, dir: "before" as const, value: "1900-01-01" },
    ]) {
      const result = await listInvoices(actorOf(seller), { ...base, page: 7, cursor });
      expect(numbersOf(result.rows)).toEqual(expected.slice(60, 70));
    }
    // Replayed by another company, and forged from another company's row: only the actor's own rows.
    const strangers = await listInvoices(actorOf(stranger), q("INVOICE"));
    const replayed = await listInvoices(actorOf(stranger), { ...q("INVOICE", "size=10"), page: 7, cursor: far });
    expect(replayed.rows.every((row) => strangers.rows.some((mine) => mine.id === row.id))).toBe(true);
    const own = new Set(expected);
    const forged = { ...far, id: strangers.rows[0].id, value: strangers.rows[0].dueDate };
    const result = await listInvoices(actorOf(seller), { ...base, page: 7, cursor: forged });
    expect(result.rows.length).toBeGreaterThan(0);
    expect(numbersOf(result.rows).every((number) => own.has(number))).toBe(true);
    const backward = { ...cursorForPage(page4.pageCursors, 1 + 1)!, id: strangers.rows[0].id, value: strangers.rows[0].dueDate };
    const back = await listInvoices(actorOf(seller), { ...base, page: 2, cursor: backward });
    expect(numbersOf(back.rows).every((number) => own.has(number))).toBe(true);
  });
});

describe("Balance Payable filter (bills)", () => {
  it("keeps the bills of suppliers whose unpaid total matches the accounting-loaded part within $1, or the others", async () => {
    const buyer = await makeCompany({ companyName: `Matcher ${Date.now()}` });
    const matched = await makeCompany({ companyName: `Matched Supplier ${Date.now()}` });
    const unmatched = await makeCompany({ companyName: `Unmatched Supplier ${Date.now()}` });
    const fromXero = await record(matched, buyer, { type: "BILL", total: 50_000 });
    await fromXero.update({ loadedBy: "XERO" });
    // 50 cents loaded by hand: still within 1 unit of the accounting balance.
    const small = await record(matched, buyer, { type: "BILL", total: 50 });
    const byHand = await record(unmatched, buyer, { type: "BILL", total: 20_000 });
    const list = async (value: string) => idsOf((await listBills(actorOf(buyer), q("BILL", `tab=bills&isMatchedPayablesValue=${value}`))).rows);
    expect(await list("true")).toEqual(sorted(fromXero.id, small.id));
    expect(await list("false")).toEqual([byHand.id]);
    expect(idsOf((await listBills(actorOf(buyer), q("BILL", "tab=bills"))).rows)).toEqual(sorted(fromXero.id, small.id, byHand.id));
  });
});
