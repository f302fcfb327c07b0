import { describe, expect, it } from "vitest";
import { activeReviewFilterCount, listStateSearch, reviewFilterFormValues, reviewFilterTarget } from "./review-list-form";
import { parseReviewListQuery } from "./review-lists.server";

const form = (values: Record<string, string>) => new URLSearchParams({ filter: "apply", ...values });

describe("review list Filter form (decision 050)", () => {
  it("turns a submission into the canonical URL with the bills list's operators, keeping tab, sort and search, dropping page and cursor", () => {
    const { location, errors } = reviewFilterTarget(
      "/bills/pending-review",
      form({
        tab: "no-po-found",
        sort: "invoiceAmount,asc",
        supplier: "Acme",
        page: "4",
        cursor: "a4.xxxxxxxxxx.1.1",
        filterAmountOp: "range",
        filterAmount: "10",
        filterAmountTo: "20.5",
        filterDateOp: "in",
        filterInCount: "30",
        filterInUnit: "days",
        filterNumberOp: "in",
        filterNumber: "INV-1, INV-2",
        filterOrderOp: "like",
        filterOrder: "PO-9",
      })
    );
    expect(errors).toEqual({});
    const url = new URL(location, "http://x");
    expect(url.pathname).toBe("/bills/pending-review");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tab: "no-po-found",
      sort: "invoiceAmount,asc",
      supplier: "Acme",
      amount: "range:10.00..20.50",
      issueDate: "in:30:days",
      invoiceNumber: "in:INV-1,INV-2",
      orderNumber: "like:PO-9",
    });
    // What the lists' query parser reads back.
    const query = parseReviewListQuery("pending-review", url.searchParams);
    expect(query.amount).toEqual({ op: "range", from: 1000, to: 2050 });
    expect(query.issueDate).toEqual({ op: "in", count: 30, unit: "days" });
    expect(query.invoiceNumber).toEqual({ op: "in", values: ["INV-1", "INV-2"] });
    expect(query.orderNumber).toEqual({ op: "like", value: "PO-9" });
    // And the form shows it again.
    const values = reviewFilterFormValues(query);
    expect(values).toMatchObject({
      amountOp: "range",
      amount: "10.00",
      amountTo: "20.50",
      dateOp: "in",
      inCount: "30",
      numberOp: "in",
      number: "INV-1, INV-2",
      orderOp: "like",
      order: "PO-9",
    });
    expect(activeReviewFilterCount(query)).toBe(4);
  });

  it("drops a bad value with its message, and an empty operator clears a filter", () => {
    const { location, errors } = reviewFilterTarget(
      "/bills/variances",
      form({ amount: "gt:5.00", filterAmountOp: "gt", filterAmount: "abc", filterOrderOp: "eq", filterOrder: "" })
    );
    expect(errors).toEqual({ amount: "Enter an amount such as 100.00", number: "Enter an order number" });
    expect(location).toBe("/bills/variances");
  });

  it("keeps the list's state but not the transient parameters", () => {
    expect(listStateSearch("tab=over&page=2&cursor=c&deleteJob=j&confirmDelete=1&ids=3")).toBe("tab=over&page=2&cursor=c");
  });
});
