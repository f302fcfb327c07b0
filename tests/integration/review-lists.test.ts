/**
 * The review lists' data against PostgreSQL (issue 17 part 1; docs/decisions/048-review-lists.md): filters and their
 * operators, sorts, paging across pages with cursors, tabs, the lock flag with its holder's name, statistics, scoping.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { documentStatistics, listReviewDocuments, parseReviewListQuery } from "../../app/modules/documents/review-lists.server";
import { lockDocument } from "../../app/modules/review/locking.server";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

const q = (params: Record<string, string>) => new URLSearchParams(params);

let alice: Actor;
let bob: Actor;
let companyId: number;
const ids: Record<string, number> = {};

async function doc(
  name: string,
  fields: Parameters<typeof makeReadDocument>[1],
  status: string,
  matchStatus: string | null,
  extra: Record<string, unknown> = {}
) {
  const document = await makeReadDocument(companyId, fields, "PENDING_REVIEW");
  await document.update({ processingStatus: status as never, matchStatus: matchStatus as never, ...extra });
  ids[name] = document.id;
  return document;
}

beforeAll(async () => {
  const company = await makeCompany();
  companyId = company.id;
  alice = actorOf(await makeUser({ company, firstName: "Alice", lastName: "Viewer" }));
  bob = actorOf(await makeUser({ company, firstName: "Bob", lastName: "Holder" }));
  await doc(
    "kiwi1",
    { supplierName: "Kiwi Supplies Ltd", invoiceNumber: "INV-100", orderNumber: "PO-1", amount: 10_000, issueDate: "2026-03-01" },
    "PENDING_REVIEW",
    "ORDER_NOT_FOUND_OCR"
  );
  await doc(
    "kiwi2",
    { supplierName: "KIWI SUPPLIES LTD", invoiceNumber: "INV-200", orderNumber: "PO-2", amount: 25_050, issueDate: "2026-03-15" },
    "PENDING_REVIEW",
    "ORDER_NOT_FOUND_GPOS"
  );
  await doc(
    "tui",
    { supplierName: "Tui Traders", invoiceNumber: "TT-9", orderNumber: "PO-3", amount: 5_000, issueDate: null },
    "PENDING_REVIEW",
    "STATUS_MISMATCH"
  );
  await doc("noname", { supplierName: null, invoiceNumber: "X-1", amount: null }, "PENDING_REVIEW", "ORDER_NOT_FOUND_OCR");
  await doc("over", { supplierName: "Kiwi Supplies Ltd", amount: 12_000 }, "VARIANCE", "AMOUNT_OVER", { posAmount: 100_00 });
  await doc("under", { supplierName: "Tui Traders", amount: 8_000 }, "VARIANCE", "AMOUNT_UNDER", { posAmount: 90_00 });
  await doc("retry", { supplierName: "Kiwi Supplies Ltd", amount: 3_000 }, "RETRY", null);
  await doc("dup", { supplierName: "Tui Traders", amount: 1_000 }, "BLOCKED", "POTENTIAL_DUPLICATE");
  // Another company's documents never show.
  const other = await makeCompany();
  const foreign = await makeReadDocument(other.id, { supplierName: "Kiwi Supplies Ltd", amount: 10_000 }, "PENDING_REVIEW");
  await foreign.update({ matchStatus: "ORDER_NOT_FOUND_OCR" });
  ids.foreign = foreign.id;
});

const listIds = async (list: Parameters<typeof listReviewDocuments>[1], params: Record<string, string> = {}) =>
  (await listReviewDocuments(alice, list, q(params), "2026-03-10")).ids;

describe("the query", () => {
  it("falls back to defaults for bad values", () => {
    const query = parseReviewListQuery(
      "pending-review",
      q({ size: "7", page: "-3", sort: "nope,up", tab: "zzz", amount: "bad", issueDate: "eq:2026-02-30", supplier: "ab" })
    );
    expect(query).toMatchObject({
      size: 25,
      page: 1,
      sort: { field: "createdAt", direction: "desc" },
      tab: "all",
      amount: null,
      issueDate: null,
      supplier: null,
    });
    expect(parseReviewListQuery("variances", q({ size: "100", sort: "invoiceAmount,asc", tab: "over", supplier: "kiw" }))).toMatchObject({
      size: 100,
      sort: { field: "invoiceAmount", direction: "asc" },
      tab: "over",
      supplier: "kiw",
    });
  });
});

describe("filters, sort and tabs", () => {
  it("lists the list's documents newest first, scoped to the company", async () => {
    const page = await listReviewDocuments(alice, "pending-review", q({}), "2026-03-10");
    expect(page.ids).toEqual([ids.noname, ids.tui, ids.kiwi2, ids.kiwi1]);
    expect(page.ids).not.toContain(ids.foreign);
    expect(page.total).toBe(4);
    expect(page.totalIsEstimate).toBe(false);
    const kiwi2 = page.rows.find((row) => row.id === ids.kiwi2)!;
    expect(kiwi2).toMatchObject({
      supplier: "KIWI SUPPLIES LTD",
      invoiceNumber: "INV-200",
      orderNumber: "PO-2",
      amount: 25_050,
      issueDate: "2026-03-15",
      reason: "No PO Match",
      locked: false,
      lockedBy: null,
    });
    expect(page.rows.find((row) => row.id === ids.noname)!.supplier).toBe("bill.pdf");
  });

  it("searches the supplier case-insensitively from 3 characters", async () => {
    expect(await listIds("pending-review", { supplier: "kiwi" })).toEqual([ids.kiwi2, ids.kiwi1]);
    expect((await listIds("pending-review", { supplier: "ki" })).length).toBe(4);
  });

  it("filters by amount, numbers and issue date with the bills list's operators", async () => {
    expect(await listIds("pending-review", { amount: "gt:99.99" })).toEqual([ids.kiwi2, ids.kiwi1]);
    expect(await listIds("pending-review", { amount: "eq:100.00" })).toEqual([ids.kiwi1]);
    expect(await listIds("pending-review", { amount: "range:40..120" })).toEqual([ids.tui, ids.kiwi1]);
    expect(await listIds("pending-review", { invoiceNumber: "like:inv" })).toEqual([ids.kiwi2, ids.kiwi1]);
    expect(await listIds("pending-review", { invoiceNumber: "in:INV-100,TT-9" })).toEqual([ids.tui, ids.kiwi1]);
    expect(await listIds("pending-review", { orderNumber: "eq:PO-2" })).toEqual([ids.kiwi2]);
    expect(await listIds("pending-review", { issueDate: "lt:2026-03-10" })).toEqual([ids.kiwi1]);
    expect(await listIds("pending-review", { issueDate: "range:2026-03-01..2026-03-31" })).toEqual([ids.kiwi2, ids.kiwi1]);
    expect(await listIds("pending-review", { issueDate: "in:10:days" })).toEqual([ids.kiwi2]);
  });

  it("sorts by issue date and amount (missing values first ascending)", async () => {
    expect(await listIds("pending-review", { sort: "invoiceAmount,asc" })).toEqual([ids.noname, ids.tui, ids.kiwi1, ids.kiwi2]);
    expect(await listIds("pending-review", { sort: "invoiceAmount,desc" })).toEqual([ids.kiwi2, ids.kiwi1, ids.tui, ids.noname]);
    expect(await listIds("pending-review", { sort: "dateIssue,desc" })).toEqual([ids.kiwi2, ids.kiwi1, ids.noname, ids.tui]);
  });

  it("keeps a tab's reasons", async () => {
    expect(await listIds("pending-review", { tab: "no-po-found" })).toEqual([ids.noname, ids.kiwi1]);
    expect(await listIds("pending-review", { tab: "no-status-match" })).toEqual([ids.tui]);
    expect(await listIds("variances", { tab: "over" })).toEqual([ids.over]);
    expect(await listIds("variances")).toEqual([ids.under, ids.over]);
    expect(await listIds("blocked", { tab: "duplicate" })).toEqual([ids.dup]);
    expect(await listIds("processing", { tab: "retry" })).toEqual([ids.retry]);
  });
});

describe("paging", () => {
  it("walks the pages forward and back with the cursors and by number", async () => {
    const company = await makeCompany();
    const viewer = actorOf(await makeUser({ company }));
    const made: number[] = [];
    for (let i = 0; i < 25; i++) made.push((await makeReadDocument(company.id, { amount: 1_000 + (i % 7) * 100, supplierName: `S${i}` }, "PENDING_REVIEW")).id);
    const params = { size: "10", sort: "invoiceAmount,desc" };
    const all = (await listReviewDocuments(viewer, "pending-review", q({ ...params, size: "50" }))).ids;
    expect(all).toHaveLength(25);
    const first = await listReviewDocuments(viewer, "pending-review", q(params));
    expect(first).toMatchObject({ page: 1, pages: 3, total: 25 });
    expect(first.pageCursors.previous).toBeNull();
    const second = await listReviewDocuments(viewer, "pending-review", q({ ...params, page: "2", cursor: first.pageCursors.next! }));
    const third = await listReviewDocuments(viewer, "pending-review", q({ ...params, page: "3", cursor: second.pageCursors.next! }));
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(all);
    expect(third.pageCursors.next).toBeNull();
    const back = await listReviewDocuments(viewer, "pending-review", q({ ...params, page: "2", cursor: third.pageCursors.previous! }));
    expect(back.ids).toEqual(second.ids);
    const byNumber = await listReviewDocuments(viewer, "pending-review", q({ ...params, page: "3" }));
    expect(byNumber.ids).toEqual(third.ids);
    // A cursor made on another query is ignored (the page is read by number).
    const stale = await listReviewDocuments(viewer, "pending-review", q({ size: "10", page: "2", cursor: first.pageCursors.next! }));
    expect(stale.ids).toEqual((await listReviewDocuments(viewer, "pending-review", q({ size: "10", page: "2" }))).ids);
    // A page past the end is the last page.
    expect((await listReviewDocuments(viewer, "pending-review", q({ ...params, page: "99" }))).page).toBe(3);
    expect(made).toHaveLength(25);
  });
});

describe("locks", () => {
  it("flags a document someone else holds, with their name, but not the viewer's own", async () => {
    expect(await lockDocument(bob, ids.kiwi1)).toMatchObject({ locked: true });
    const aliceView = await listReviewDocuments(alice, "pending-review", q({}));
    expect(aliceView.rows.find((row) => row.id === ids.kiwi1)).toMatchObject({ locked: true, lockedBy: "Bob Holder" });
    expect(aliceView.rows.find((row) => row.id === ids.kiwi2)).toMatchObject({ locked: false, lockedBy: null });
    const bobView = await listReviewDocuments(bob, "pending-review", q({}));
    expect(bobView.rows.find((row) => row.id === ids.kiwi1)).toMatchObject({ locked: false, lockedBy: null });
    // An expired lease shows as free.
    await sequelize.query(`UPDATE bill_documents SET locked_at = now() - interval '1 day' WHERE id = $id`, { bind: { id: ids.kiwi1 } });
    expect((await listReviewDocuments(alice, "pending-review", q({}))).rows.find((row) => row.id === ids.kiwi1)!.locked).toBe(false);
  });
});

describe("statistics", () => {
  it("counts and sums the reasons of the company", async () => {
    const stats = await documentStatistics(companyId);
    expect(stats).toEqual({
      retry: { totalAmountDue: 3_000, totalCount: 1 },
      orderNotFoundOcr: { totalAmountDue: 10_000, totalCount: 2 },
      orderNotFoundGpos: { totalAmountDue: 25_050, totalCount: 1 },
      statusMismatch: { totalAmountDue: 5_000, totalCount: 1 },
      amountOver: { totalAmountDue: 12_000, totalCount: 1 },
      amountUnder: { totalAmountDue: 8_000, totalCount: 1 },
      variance: { totalAmountDue: 20_000, totalCount: 2, totalPosAmount: 19_000 },
    });
    const kiwi = await documentStatistics(companyId, { supplier: "KIWI" });
    expect(kiwi.orderNotFoundOcr).toEqual({ totalAmountDue: 10_000, totalCount: 1 });
    expect(kiwi.variance).toEqual({ totalAmountDue: 12_000, totalCount: 1, totalPosAmount: 10_000 });
    expect(kiwi.statusMismatch.totalCount).toBe(0);
    expect(await BillDocument.count({ where: { companyId } })).toBe(8);
  });
});
