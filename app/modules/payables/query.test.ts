import { describe, expect, it } from "vitest";
import {
  addMonthsToMonth,
  deleteToast,
  includeToast,
  monthChoices,
  monthLabel,
  monthRange,
  parseSupplierBillsQuery,
  parseSuppliersTabQuery,
  serializeSupplierBillsQuery,
  serializeSuppliersTabQuery,
  withSupplierSort,
} from "./query";
import { listSearchOf, parseInclusion, parseSelection, safeReturnTo } from "./schema";

const params = (search: string) => new URLSearchParams(search);

describe("months", () => {
  it("adds months across years and gives each month's first and last day", () => {
    expect(addMonthsToMonth("2026-12", 1)).toBe("2027-01");
    expect(addMonthsToMonth("2026-01", -1)).toBe("2025-12");
    expect(addMonthsToMonth("2026-05", -17)).toBe("2024-12");
    expect(monthRange("2028-02")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(monthRange("2026-11")).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(monthLabel("2026-11")).toBe("November 2026");
  });

  it("lists the month picker's months newest first, from the next month back five years, and an older month shown", () => {
    const choices = monthChoices("2026-11", "2026-12");
    expect(choices).toHaveLength(60);
    expect(choices.slice(0, 3)).toEqual(["2026-12", "2026-11", "2026-10"]);
    expect(choices.at(-1)).toBe("2022-01");
    expect(monthChoices("2019-03", "2026-12").at(-1)).toBe("2019-03");
    expect(monthChoices("2019-03", "2026-12")).toHaveLength(61);
  });
});

describe("supplier bills query", () => {
  it("defaults to the current month and round-trips", () => {
    const { query, issues } = parseSupplierBillsQuery(params(""), "2026-11");
    expect(issues).toEqual([]);
    expect(query).toEqual({ month: "2026-11", status: null, page: 1, size: 25 });
    const full = parseSupplierBillsQuery(params("month=2026-09&status=PAID&page=2&size=10"), "2026-11");
    expect(full.issues).toEqual([]);
    expect(parseSupplierBillsQuery(serializeSupplierBillsQuery(full.query, "2026-11"), "2026-11").query).toEqual(full.query);
    expect(serializeSupplierBillsQuery(query, "2026-11").toString()).toBe("");
  });

  it("has one month state: the next month is a month like any other, and period=next is read as it (issue 13 part 20)", () => {
    const next = parseSupplierBillsQuery(params("month=2026-12"), "2026-11");
    expect(next).toEqual({ query: { month: "2026-12", status: null, page: 1, size: 25 }, issues: [] });
    expect(serializeSupplierBillsQuery(next.query, "2026-11").toString()).toBe("month=2026-12");
    // The old tab parameter: the month after the month asked (or the current one), redirected to its own URL.
    const old = parseSupplierBillsQuery(params("period=next"), "2026-11");
    expect(old.query.month).toBe("2026-12");
    expect(old.issues.map((issue) => issue.param)).toEqual(["period"]);
    expect(serializeSupplierBillsQuery(old.query, "2026-11").toString()).toBe("month=2026-12");
    expect(parseSupplierBillsQuery(params("month=2026-09&period=next"), "2026-11").query.month).toBe("2026-10");
    expect(parseSupplierBillsQuery(params("period=current"), "2026-11").query.month).toBe("2026-11");
    // After the next month there is nothing to show.
    const tooFar = parseSupplierBillsQuery(params("month=2026-12&period=next"), "2026-11");
    expect(tooFar.query.month).toBe("2026-11");
    expect(tooFar.issues.map((issue) => issue.param)).toEqual(["period", "month"]);
  });

  it("refuses months after the next, bad months, unknown chips, and earlier months without the flag", () => {
    const future = parseSupplierBillsQuery(params("month=2027-01"), "2026-11");
    expect(future.query.month).toBe("2026-11");
    expect(future.issues[0]).toMatchObject({ param: "month", message: "Future months cannot be picked" });
    expect(parseSupplierBillsQuery(params("month=2026-13"), "2026-11").issues).toHaveLength(1);
    expect(parseSupplierBillsQuery(params("status=NOPE&period=later"), "2026-11").issues.map((i) => i.param)).toEqual(["period", "status"]);
    const noHistory = parseSupplierBillsQuery(params("month=2026-10"), "2026-11", { historical: false });
    expect(noHistory.query.month).toBe("2026-11");
    expect(noHistory.issues).toHaveLength(1);
    expect(parseSupplierBillsQuery(params("month=2026-12"), "2026-11", { historical: false }).issues).toEqual([]);
  });
});

describe("suppliers tab query", () => {
  it("reads status, search (minimum length), sort, paging and the match filter", () => {
    const { query, issues } = parseSuppliersTabQuery(
      params("status=PAID&supplier=%20kiwi%20&sort=totalCashReward,desc&page=3&size=50&isMatchedPayablesValue=true")
    );
    expect(issues).toEqual([]);
    expect(query).toEqual({
      status: "PAID",
      supplier: "kiwi",
      sort: { field: "totalCashReward", direction: "desc" },
      page: 3,
      size: 50,
      isMatchedPayablesValue: true,
    });
    expect(parseSuppliersTabQuery(serializeSuppliersTabQuery(query)).query).toEqual(query);
    expect(parseSuppliersTabQuery(params("supplier=k")).query.supplier).toBeNull();
    expect(parseSuppliersTabQuery(params("sort=id;drop,asc&status=BILLS&size=7")).issues).toHaveLength(3);
  });

  it("toggles the sort on the same column and starts a new column ascending on page 1", () => {
    const { query } = parseSuppliersTabQuery(params("page=4"));
    const byName = withSupplierSort(query, "supplierName");
    expect(byName).toMatchObject({ sort: { field: "supplierName", direction: "desc" }, page: 1 });
    expect(withSupplierSort(byName, "totalAmountPayable").sort).toEqual({ field: "totalAmountPayable", direction: "asc" });
  });
});

describe("toasts", () => {
  it("says what a delete did (p2 §8)", () => {
    expect(deleteToast({ bills: 3, creditNotes: 0, deleted: 3, firstError: null })).toEqual({ type: "success", message: "Deleted 3 bills" });
    expect(deleteToast({ bills: 1, creditNotes: 0, deleted: 1, firstError: null }).message).toBe("Deleted 1 bill");
    expect(deleteToast({ bills: 0, creditNotes: 2, deleted: 2, firstError: null }).message).toBe("Deleted 2 credit notes");
    expect(deleteToast({ bills: 2, creditNotes: 1, deleted: 2, firstError: "Bill not found" })).toEqual({
      type: "info",
      message: "Deleted 2 out of 3 bills and credit notes. Bill not found",
    });
    expect(deleteToast({ bills: 2, creditNotes: 0, deleted: 0, firstError: null })).toEqual({ type: "warning", message: "Could not perform deletion" });
  });

  it("says what include/exclude did (p2 §8)", () => {
    expect(includeToast(true, { applicable: 0, updated: 0, error: null })).toEqual({ type: "info", message: "No bills to include/exclude" });
    expect(includeToast(true, { applicable: 2, updated: 2, error: null }).message).toBe("Included 2 bill(s) in your offer");
    expect(includeToast(false, { applicable: 1, updated: 1, error: null }).message).toBe("Excluded 1 bill(s) from your offer");
    expect(includeToast(true, { applicable: 3, updated: 0, error: "Offer is clearing" })).toEqual({
      type: "error",
      message: "Could not include 3 bill(s) in your offer. Offer is clearing",
    });
    expect(includeToast(false, { applicable: 3, updated: 1, error: null }).message).toBe("Could not exclude 2 bill(s) from your offer.");
  });
});

describe("form inputs", () => {
  it("reads selections, drops forged ids, and prefers a row's own button", () => {
    expect(parseSelection(params("bill=3&bill=3&bill=x&bill=-1&creditNote=9"))).toEqual({ billIds: [3], creditNoteIds: [9] });
    expect(parseInclusion(params("intent=include&bill=1&bill=2"), params(""))).toEqual({ include: true, billIds: [1, 2], allUnpaid: false });
    expect(parseInclusion(params("intent=exclude&bill=1&bill=2"), params("only=7"))).toEqual({ include: false, billIds: [7], allUnpaid: false });
    expect(parseInclusion(params("intent=include&all=1"), params(""))).toEqual({ include: true, billIds: [], allUnpaid: true });
    expect(parseInclusion(params("intent=delete"), params(""))).toBeNull();
    // The shared row Include/Exclude (components/invoices/selection.tsx) posts its row as ids (decision 063).
    expect(parseInclusion(params("intent=include&ids=5&row=5"), params("month=2026-12"))).toEqual({ include: true, billIds: [5], allUnpaid: false });
    expect(parseInclusion(params("intent=include&ids=x"), params(""))).toEqual({ include: true, billIds: [], allUnpaid: false });
  });

  it("only returns to our own list pages", () => {
    expect(safeReturnTo("/bills?status=PAID", 4)).toBe("/bills?status=PAID");
    expect(safeReturnTo("/suppliers/4?month=2026-10", 4)).toBe("/suppliers/4?month=2026-10");
    for (const evil of ["https://evil.test/bills", "//evil.test", "/billsx", "/\\evil", null, "/bills/..//evil.test", "/bills/%2e%2e//evil.test", "/suppliers/4/../..//evil.test"]) expect(safeReturnTo(evil, 4)).toBe("/suppliers/4");
    expect(listSearchOf(params("bill=1&month=2026-10&creditNote=2&status=PAID"))).toBe("?month=2026-10&status=PAID");
  });
});
