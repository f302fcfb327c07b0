import { describe, expect, it } from "vitest";
import { defaultListQuery, parseListQuery, serializeListQuery, type ListQuery } from "./filters";
import {
  EMPTY_FILTER_FORM,
  FILTER_AMOUNT_INVALID,
  FILTER_AMOUNT_ORDER,
  FILTER_DATE_INVALID,
  FILTER_DATE_ORDER,
  FILTER_FIELDS,
  FILTER_IN_COUNT_INVALID,
  FILTER_NUMBER_INVALID,
  amountOperatorOptions,
  applyFilterForm,
  dateOperatorOptions,
  filterFormValues,
  isFilterFormSubmission,
  readFilterForm,
  type FilterFormValues,
} from "./filter-form";

const bills = (search = "tab=bills"): ListQuery => parseListQuery(new URLSearchParams(search), { type: "BILL" }).query;
const invoices = (search = ""): ListQuery => parseListQuery(new URLSearchParams(search), { type: "INVOICE" }).query;
const form = (values: Partial<FilterFormValues>): FilterFormValues => ({ ...EMPTY_FILTER_FORM, ...values });
const url = (query: ListQuery) => serializeListQuery(query).toString();

describe("applyFilterForm", () => {
  it("turns each amount operator into the URL's op:value and resets the page, keeping tab, status, search, size and sort", () => {
    const base = bills("tab=bills&status=PAYMENT_OFFERED&entity=Kiwi&size=50&sort=total,desc&page=3");
    const eq = applyFilterForm(base, form({ amountOp: "eq", amount: "$1,200.5" }));
    expect(eq.errors).toEqual({});
    expect(url(eq.query)).toBe("tab=bills&status=PAYMENT_OFFERED&amount=eq%3A1200.50&entity=Kiwi&size=50&sort=total%2Cdesc");
    expect(applyFilterForm(base, form({ amountOp: "range", amount: "10", amountTo: "20" })).query.amount).toEqual({ op: "range", from: 1000, to: 2000 });
    expect(applyFilterForm(base, form({ amountOp: "gt", amount: "0" })).query.amount).toEqual({ op: "gt", value: 0 });
    expect(applyFilterForm(invoices(), form({ amountOp: "between", amount: "1", amountTo: "1" })).query.amount).toEqual({ op: "between", from: 100, to: 100 });
  });

  it("only accepts the kind's operators (bills range, invoices between)", () => {
    expect(applyFilterForm(invoices(), form({ amountOp: "range", amount: "1", amountTo: "2" })).query.amount).toBeNull();
    expect(applyFilterForm(bills(), form({ dateOp: "ge", date: "2026-01-01" })).query.date).toBeNull();
    expect(applyFilterForm(invoices(), form({ dateOp: "in", inCount: "3" })).query.date).toBeNull();
    expect(amountOperatorOptions("BILL").map((o) => o.value)).toEqual(["eq", "range", "gt", "lt"]);
    expect(dateOperatorOptions("INVOICE").map((o) => o.value)).toEqual(["eq", "between", "gt", "ge", "lt", "le"]);
  });

  it("reports bad amounts and leaves the filter out", () => {
    for (const [values, message] of [
      [{ amountOp: "eq", amount: "" }, FILTER_AMOUNT_INVALID],
      [{ amountOp: "eq", amount: "abc" }, FILTER_AMOUNT_INVALID],
      [{ amountOp: "lt", amount: "-5" }, FILTER_AMOUNT_INVALID],
      [{ amountOp: "eq", amount: "1.234" }, FILTER_AMOUNT_INVALID],
      [{ amountOp: "range", amount: "5", amountTo: "" }, FILTER_AMOUNT_INVALID],
      [{ amountOp: "range", amount: "5", amountTo: "4.99" }, FILTER_AMOUNT_ORDER],
    ] as const) {
      const result = applyFilterForm(bills(), form(values));
      expect(result.errors).toEqual({ amount: message });
      expect(result.query.amount).toBeNull();
    }
  });

  it("reads due-date filters: in the next N days or months (N >= 1), single dates, ranges", () => {
    expect(url(applyFilterForm(bills(), form({ dateOp: "in", inCount: "30", inUnit: "days" })).query)).toBe("tab=bills&in=30%3Adays");
    expect(applyFilterForm(bills(), form({ dateOp: "in", inCount: "2", inUnit: "months" })).query.date).toEqual({ op: "in", count: 2, unit: "months" });
    expect(applyFilterForm(bills(), form({ dateOp: "in", inCount: "0" })).errors).toEqual({ date: FILTER_IN_COUNT_INVALID });
    expect(applyFilterForm(bills(), form({ dateOp: "in", inCount: "1.5" })).errors).toEqual({ date: FILTER_IN_COUNT_INVALID });
    expect(applyFilterForm(bills(), form({ dateOp: "gte", date: "31/03/2026" })).query.date).toEqual({ op: "gte", value: "2026-03-31" });
    expect(applyFilterForm(invoices(), form({ dateOp: "between", date: "2026-03-01", dateTo: "2026-03-31" })).query.date).toEqual({
      op: "between",
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(applyFilterForm(bills(), form({ dateOp: "eq", date: "2026-02-30" })).errors).toEqual({ date: FILTER_DATE_INVALID });
    expect(applyFilterForm(bills(), form({ dateOp: "range", date: "2026-04-01", dateTo: "2026-03-01" })).errors).toEqual({ date: FILTER_DATE_ORDER });
  });

  it("reads invoice numbers: any of (comma list, repeats dropped), exact, contains", () => {
    expect(applyFilterForm(bills(), form({ numberOp: "in", number: "A-1, B-2,,A-1" })).query.number).toEqual({ op: "in", values: ["A-1", "B-2"] });
    expect(applyFilterForm(bills(), form({ numberOp: "like", number: "INV" })).query.number).toEqual({ op: "like", value: "INV" });
    expect(applyFilterForm(bills(), form({ numberOp: "eq", number: "" })).errors).toEqual({ number: FILTER_NUMBER_INVALID });
    expect(applyFilterForm(bills(), form({ numberOp: "in", number: " , " })).errors).toEqual({ number: FILTER_NUMBER_INVALID });
  });

  it("reads the Balance Payable match only behind its flag", () => {
    expect(applyFilterForm(bills(), form({ matched: "false" })).query.isMatchedPayablesValue).toBe(false);
    expect(applyFilterForm(bills(), form({ matched: "true" })).query.isMatchedPayablesValue).toBe(true);
    expect(
      applyFilterForm(bills("tab=bills&isMatchedPayablesValue=true"), form({ matched: "true" }), { matchedEnabled: false }).query.isMatchedPayablesValue
    ).toBeNull();
    expect(applyFilterForm(bills(), form({ matched: "maybe" })).query.isMatchedPayablesValue).toBeNull();
  });

  it("clears the dropdown's filters when the form is empty", () => {
    const base = bills("tab=bills&amount=gt:5.00&in=3:days&number=like:A&isMatchedPayablesValue=false&page=2");
    expect(applyFilterForm(base, EMPTY_FILTER_FORM).query).toEqual({ ...base, amount: null, date: null, number: null, isMatchedPayablesValue: null, page: 1 });
  });
});

describe("filterFormValues", () => {
  it("round-trips every filter through the form", () => {
    for (const search of [
      "tab=bills&amount=range:10.00..20.50&in=3:months&number=in:A-1,B-2&isMatchedPayablesValue=true",
      "tab=bills&amount=eq:0.99&date=lte:2026-05-01&number=eq:X",
      "tab=bills&date=range:2026-01-01..2026-02-01&number=like:INV",
    ]) {
      const query = bills(search);
      expect(applyFilterForm(query, filterFormValues(query)).query).toEqual({ ...query, page: 1 });
    }
    const invoice = invoices("amount=between:1.00..2.00&date=ge:2026-01-01");
    expect(applyFilterForm(invoice, filterFormValues(invoice)).query).toEqual(invoice);
    expect(filterFormValues(defaultListQuery("BILL"))).toEqual(EMPTY_FILTER_FORM);
  });
});

describe("reading a submission", () => {
  it("recognises the Apply button and reads the named fields", () => {
    const params = new URLSearchParams({ tab: "bills", filter: "apply", [FILTER_FIELDS.amountOp]: "gt", [FILTER_FIELDS.amount]: " 100 " });
    expect(isFilterFormSubmission(params)).toBe(true);
    expect(isFilterFormSubmission(new URLSearchParams("tab=bills"))).toBe(false);
    expect(readFilterForm(params)).toEqual({ ...EMPTY_FILTER_FORM, amountOp: "gt", amount: "100", inUnit: "days" });
  });
});
