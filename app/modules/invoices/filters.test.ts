import { describe, expect, it } from "vitest";
import {
  cursorForPage,
  activeFilterCount,
  amountFilterBounds,
  apiPage,
  BILL_LIST_STATUSES,
  dateFilterBounds,
  defaultListQuery,
  INVOICE_TAB_STATUSES,
  pageSummary,
  pageWindow,
  parseListQuery,
  resetFilters,
  serializeListQuery,
  showPagination,
  SORT_FIELDS,
  SUMMARY_STATUSES,
  toggleSort,
  totalPages,
  withSort,
  withStatus,
  makeCursor,
  MAX_CURSOR_SKIP,
  parseCursor,
  queryFingerprint,
  serializeCursor,
  type ListKind,
  type ListQuery,
} from "./filters";

const parse = (query: string, type: ListKind = "BILL") => parseListQuery(new URLSearchParams(query), { type });
const roundTrip = (query: ListQuery) => parseListQuery(serializeListQuery(query), { type: query.type });

describe("parseListQuery defaults", () => {
  it("gives the spec's defaults for an empty URL", () => {
    for (const type of ["INVOICE", "BILL"] as const) {
      const { query, issues } = parse("", type);
      expect(issues).toEqual([]);
      expect(query).toEqual(defaultListQuery(type));
      expect(query.page).toBe(1);
      expect(query.size).toBe(25);
      expect(query.sort).toEqual({ field: "dueDate", direction: "asc" });
    }
    expect(parse("", "INVOICE").query.status).toBe("ALL_ELIGIBLE");
    expect(parse("", "INVOICE").query.tab).toBeNull();
    expect(parse("", "BILL").query.status).toBeNull();
    expect(parse("", "BILL").query.tab).toBe("suppliers");
  });

  it("serialises the defaults to an empty query string", () => {
    expect(serializeListQuery(defaultListQuery("INVOICE")).toString()).toBe("");
    expect(serializeListQuery(defaultListQuery("BILL")).toString()).toBe("");
  });

  it("treats blank values as absent", () => {
    const { query, issues } = parse("amount=&date=%20&page=&size=&sort=&status=", "INVOICE");
    expect(issues).toEqual([]);
    expect(query).toEqual(defaultListQuery("INVOICE"));
  });
});

describe("amount filter", () => {
  it.each([
    ["BILL", "eq:100.00", { op: "eq", value: 10000 }],
    ["BILL", "gt:100", { op: "gt", value: 10000 }],
    ["BILL", "lt:0.5", { op: "lt", value: 50 }],
    ["BILL", "range:100.00..250.00", { op: "range", from: 10000, to: 25000 }],
    ["BILL", "range:100.00-250.00", { op: "range", from: 10000, to: 25000 }],
    ["BILL", "range:5..5", { op: "range", from: 500, to: 500 }],
    ["INVOICE", "eq:0.01", { op: "eq", value: 1 }],
    ["INVOICE", "gt:1234.56", { op: "gt", value: 123456 }],
    ["INVOICE", "lt:99999.99", { op: "lt", value: 9999999 }],
    ["INVOICE", "between:1.00..2.00", { op: "between", from: 100, to: 200 }],
  ] as const)("%s amount=%s", (type, value, expected) => {
    const { query, issues } = parse(`amount=${encodeURIComponent(value)}`, type);
    expect(issues).toEqual([]);
    expect(query.amount).toEqual(expected);
  });

  it.each([
    ["BILL", "between:1..2", 'Unknown amount operator "between"'],
    ["INVOICE", "range:1..2", 'Unknown amount operator "range"'],
    ["BILL", "gte:1", 'Unknown amount operator "gte"'],
    ["BILL", "100", "Expected operator:value"],
    ["BILL", ":100", "Expected operator:value"],
    ["BILL", "eq:", "Expected an amount such as 100.00"],
    ["BILL", "eq:-5", "Expected an amount such as 100.00"],
    ["BILL", "eq:1.234", "Expected an amount such as 100.00"],
    ["BILL", "eq:1,000", "Expected an amount such as 100.00"],
    ["BILL", "eq:abc", "Expected an amount such as 100.00"],
    ["BILL", "range:2..1", "The first amount is above the second"],
    ["BILL", "range:1", "Expected two amounts, from..to"],
    ["BILL", "range:1..2..3", "Expected two amounts, from..to"],
    ["INVOICE", "between:x..2", "Expected two amounts, from..to"],
  ] as const)("%s amount=%s is reported and dropped", (type, value, message) => {
    const { query, issues } = parse(`amount=${encodeURIComponent(value)}`, type);
    expect(query.amount).toBeNull();
    expect(issues).toEqual([{ param: "amount", value, message }]);
  });

  it("serialises with two decimals and the .. separator", () => {
    const bill = { ...defaultListQuery("BILL"), amount: { op: "range" as const, from: 10000, to: 25050 } };
    expect(serializeListQuery(bill).get("amount")).toBe("range:100.00..250.50");
    const invoice = { ...defaultListQuery("INVOICE"), amount: { op: "gt" as const, value: 5 } };
    expect(serializeListQuery(invoice).get("amount")).toBe("gt:0.05");
  });
});

describe("date filter", () => {
  it.each([
    ["BILL", "date", "eq:2026-03-31", { op: "eq", value: "2026-03-31" }],
    // DD/MM/YYYY, as the date inputs show and send (issue 20 part 5).
    ["BILL", "date", "eq:31/03/2026", { op: "eq", value: "2026-03-31" }],
    ["BILL", "date", "gt:2026-01-01", { op: "gt", value: "2026-01-01" }],
    ["BILL", "date", "gte:2026-01-01", { op: "gte", value: "2026-01-01" }],
    ["BILL", "date", "lt:2026-01-01", { op: "lt", value: "2026-01-01" }],
    ["BILL", "date", "lte:2026-01-01", { op: "lte", value: "2026-01-01" }],
    ["BILL", "date", "range:2026-02-01..2026-02-28", { op: "range", from: "2026-02-01", to: "2026-02-28" }],
    ["BILL", "date", "in:30:days", { op: "in", count: 30, unit: "days" }],
    ["BILL", "in", "30:days", { op: "in", count: 30, unit: "days" }],
    ["BILL", "in", "1:months", { op: "in", count: 1, unit: "months" }],
    ["INVOICE", "date", "eq:2028-02-29", { op: "eq", value: "2028-02-29" }],
    ["INVOICE", "date", "gt:2026-12-31", { op: "gt", value: "2026-12-31" }],
    ["INVOICE", "date", "ge:2026-12-31", { op: "ge", value: "2026-12-31" }],
    ["INVOICE", "date", "lt:2026-12-31", { op: "lt", value: "2026-12-31" }],
    ["INVOICE", "date", "le:2026-12-31", { op: "le", value: "2026-12-31" }],
    ["INVOICE", "date", "between:2025-12-31..2026-01-01", { op: "between", from: "2025-12-31", to: "2026-01-01" }],
  ] as const)("%s %s=%s", (type, param, value, expected) => {
    const { query, issues } = parse(`${param}=${encodeURIComponent(value)}`, type);
    expect(issues).toEqual([]);
    expect(query.date).toEqual(expected);
  });

  it.each([
    ["BILL", "date", "ge:2026-01-01", 'Unknown date operator "ge"'],
    ["BILL", "date", "between:2026-01-01..2026-01-02", 'Unknown date operator "between"'],
    ["INVOICE", "date", "gte:2026-01-01", 'Unknown date operator "gte"'],
    ["INVOICE", "date", "range:2026-01-01..2026-01-02", 'Unknown date operator "range"'],
    ["INVOICE", "date", "in:3:days", 'Unknown date operator "in"'],
    ["BILL", "date", "eq:2026-02-29", "Expected a date YYYY-MM-DD"],
    ["BILL", "date", "eq:2026-04-31", "Expected a date YYYY-MM-DD"],
    ["BILL", "date", "eq:2026-13-01", "Expected a date YYYY-MM-DD"],
    ["BILL", "date", "eq:31/02/2026", "Expected a date YYYY-MM-DD"],
    ["BILL", "date", "eq:2026-3-1", "Expected a date YYYY-MM-DD"],
    ["BILL", "date", "range:2026-03-02..2026-03-01", "The first date is after the second"],
    ["BILL", "date", "range:2026-03-01-2026-03-02", "Expected two dates, YYYY-MM-DD..YYYY-MM-DD"],
    ["BILL", "date", "in:0:days", "N must be at least 1"],
    ["BILL", "date", "in:3:weeks", "Expected N:days or N:months"],
    ["BILL", "in", "0:months", "N must be at least 1"],
    ["BILL", "in", "-1:days", "Expected N:days or N:months"],
    ["BILL", "in", "30", "Expected N:days or N:months"],
    ["BILL", "in", "1.5:days", "Expected N:days or N:months"],
    ["INVOICE", "in", "30:days", "The in-next-N filter is for bills"],
  ] as const)("%s %s=%s is reported and dropped", (type, param, value, message) => {
    const { query, issues } = parse(`${param}=${encodeURIComponent(value)}`, type);
    expect(query.date).toBeNull();
    expect(issues).toEqual([{ param, value, message }]);
  });

  it("keeps date when both date and in are given", () => {
    const { query, issues } = parse("date=eq:2026-01-01&in=30:days");
    expect(query.date).toEqual({ op: "eq", value: "2026-01-01" });
    expect(issues).toEqual([{ param: "in", value: "30:days", message: "Only one date filter applies; date was kept" }]);
  });

  it("serialises the in-next-N filter under the spec's `in` name", () => {
    const query = { ...defaultListQuery("BILL"), date: { op: "in" as const, count: 3, unit: "months" as const } };
    const params = serializeListQuery(query);
    expect(params.get("in")).toBe("3:months");
    expect(params.has("date")).toBe(false);
    const range = { ...defaultListQuery("BILL"), date: { op: "range" as const, from: "2026-01-01", to: "2026-01-31" } };
    expect(serializeListQuery(range).get("date")).toBe("range:2026-01-01..2026-01-31");
  });

  it("resolves to inclusive due-date bounds relative to today", () => {
    const today = "2026-01-31";
    expect(dateFilterBounds({ op: "in", count: 30, unit: "days" }, today)).toEqual({ from: today, to: "2026-03-02" });
    expect(dateFilterBounds({ op: "in", count: 1, unit: "months" }, today)).toEqual({ from: today, to: "2026-02-28" });
    expect(dateFilterBounds({ op: "in", count: 1, unit: "months" }, "2028-01-31")).toEqual({ from: "2028-01-31", to: "2028-02-29" });
    expect(dateFilterBounds({ op: "in", count: 12, unit: "months" }, "2028-02-29")).toEqual({ from: "2028-02-29", to: "2029-02-28" });
    expect(dateFilterBounds({ op: "eq", value: "2026-05-05" }, today)).toEqual({ from: "2026-05-05", to: "2026-05-05" });
    expect(dateFilterBounds({ op: "gt", value: "2026-12-31" }, today)).toEqual({ from: "2027-01-01", to: null });
    expect(dateFilterBounds({ op: "gte", value: "2026-12-31" }, today)).toEqual({ from: "2026-12-31", to: null });
    expect(dateFilterBounds({ op: "ge", value: "2026-12-31" }, today)).toEqual({ from: "2026-12-31", to: null });
    expect(dateFilterBounds({ op: "lt", value: "2028-03-01" }, today)).toEqual({ from: null, to: "2028-02-29" });
    expect(dateFilterBounds({ op: "lte", value: "2026-03-01" }, today)).toEqual({ from: null, to: "2026-03-01" });
    expect(dateFilterBounds({ op: "le", value: "2026-03-01" }, today)).toEqual({ from: null, to: "2026-03-01" });
    expect(dateFilterBounds({ op: "range", from: "2026-01-01", to: "2026-01-02" }, today)).toEqual({ from: "2026-01-01", to: "2026-01-02" });
    expect(dateFilterBounds({ op: "between", from: "2026-01-01", to: "2026-01-02" }, today)).toEqual({ from: "2026-01-01", to: "2026-01-02" });
  });

  it("resolves amount filters to inclusive cent bounds", () => {
    expect(amountFilterBounds({ op: "eq", value: 100 })).toEqual({ from: 100, to: 100 });
    expect(amountFilterBounds({ op: "gt", value: 100 })).toEqual({ from: 101, to: null });
    expect(amountFilterBounds({ op: "lt", value: 100 })).toEqual({ from: null, to: 99 });
    expect(amountFilterBounds({ op: "range", from: 1, to: 2 })).toEqual({ from: 1, to: 2 });
    expect(amountFilterBounds({ op: "between", from: 1, to: 2 })).toEqual({ from: 1, to: 2 });
  });
});

describe("number filter", () => {
  it.each([
    ["in:INV-1,INV-2", { op: "in", values: ["INV-1", "INV-2"] }],
    ["in: INV-1 , ,INV-2,INV-1", { op: "in", values: ["INV-1", "INV-2"] }],
    ["in:INV-1", { op: "in", values: ["INV-1"] }],
    ["eq:INV-1", { op: "eq", value: "INV-1" }],
    ["eq:A:B", { op: "eq", value: "A:B" }],
    ["like: 100 ", { op: "like", value: "100" }],
  ] as const)("number=%s", (value, expected) => {
    for (const type of ["INVOICE", "BILL"] as const) {
      const { query, issues } = parse(`number=${encodeURIComponent(value)}`, type);
      expect(issues).toEqual([]);
      expect(query.number).toEqual(expected);
    }
  });

  it.each([
    ["INV-1", "Expected operator:value"],
    ["contains:INV", 'Unknown number operator "contains"'],
    ["in:,,", "Expected at least one invoice number"],
    ["eq: ", "Expected an invoice number"],
    ["like:", "Expected an invoice number"],
  ])("number=%s is reported and dropped", (value, message) => {
    const { query, issues } = parse(`number=${encodeURIComponent(value)}`);
    expect(query.number).toBeNull();
    expect(issues).toEqual([{ param: "number", value, message }]);
  });

  it("serialises each operator", () => {
    const base = defaultListQuery("INVOICE");
    expect(serializeListQuery({ ...base, number: { op: "in", values: ["INV-1", "INV-2"] } }).toString()).toBe("number=in%3AINV-1%2CINV-2");
    expect(serializeListQuery({ ...base, number: { op: "eq", value: "INV 1" } }).get("number")).toBe("eq:INV 1");
    expect(serializeListQuery({ ...base, number: { op: "like", value: "&=?" } }).get("number")).toBe("like:&=?");
  });
});

describe("status and tab", () => {
  it("accepts each invoice tab status", () => {
    for (const status of INVOICE_TAB_STATUSES) {
      const { query, issues } = parse(`status=${status}`, "INVOICE");
      expect(issues).toEqual([]);
      expect(query.status).toBe(status);
    }
  });

  it("rejects statuses that are not invoice tabs", () => {
    for (const status of ["PAID", "EXPIRED", "CASHBACK_AVAILABLE", "all_eligible"]) {
      const { query, issues } = parse(`status=${status}`, "INVOICE");
      expect(query.status).toBe("ALL_ELIGIBLE");
      expect(issues).toEqual([{ param: "status", value: status, message: `Unknown status "${status}"` }]);
    }
  });

  it("accepts the bill statuses on the Bills tab and the summary statuses on the Suppliers tab", () => {
    for (const status of BILL_LIST_STATUSES) expect(parse(`tab=bills&status=${status}`).query.status).toBe(status);
    for (const status of SUMMARY_STATUSES) expect(parse(`tab=suppliers&status=${status}`).query.status).toBe(status);
    for (const status of SUMMARY_STATUSES) expect(parse(`status=${status}`).query.status).toBe(status);
    expect(parse("tab=bills&status=NO_OFFER").issues).toEqual([{ param: "status", value: "NO_OFFER", message: 'Unknown status "NO_OFFER"' }]);
    expect(parse("tab=suppliers&status=NOT_ELIGIBLE_EXPIRED").query.status).toBeNull();
    expect(parse("tab=bills&status=ALL_ELIGIBLE").query.status).toBeNull();
  });

  it("reads the tab on bills only", () => {
    expect(parse("tab=bills").query.tab).toBe("bills");
    expect(parse("tab=suppliers").query.tab).toBe("suppliers");
    expect(parse("tab=Bills").issues).toEqual([{ param: "tab", value: "Bills", message: 'Unknown tab "Bills"' }]);
    const invoice = parse("tab=bills", "INVOICE");
    expect(invoice.query.tab).toBeNull();
    expect(invoice.issues).toEqual([{ param: "tab", value: "bills", message: "Invoices have no tab; the status chooses it" }]);
  });

  it("choosing a tab shows page 1", () => {
    const query = { ...defaultListQuery("INVOICE"), page: 4 };
    expect(withStatus(query, "PAYMENT_READY")).toMatchObject({ status: "PAYMENT_READY", page: 1 });
  });
});

describe("page, size, sort, search and balance filter", () => {
  it("reads page (1-based) and the allowed sizes", () => {
    expect(parse("page=3").query.page).toBe(3);
    expect(apiPage(parse("page=3").query)).toBe(2);
    for (const size of [10, 25, 50, 100]) expect(parse(`size=${size}`).query.size).toBe(size);
    for (const bad of ["0", "-1", "1.5", "x", "1e3"]) {
      const { query, issues } = parse(`page=${bad}`);
      expect(query.page).toBe(1);
      expect(issues).toEqual([{ param: "page", value: bad, message: "Expected a page number from 1" }]);
    }
    for (const bad of ["20", "1000", "25.0", "abc", "0"]) {
      const { query, issues } = parse(`size=${bad}`);
      expect(query.size).toBe(25);
      expect(issues).toEqual([{ param: "size", value: bad, message: "Page size must be one of 10, 25, 50, 100" }]);
    }
  });

  it("reads sort over each kind's allow-list, direction in any case", () => {
    for (const type of ["INVOICE", "BILL"] as const) {
      for (const field of SORT_FIELDS[type]) {
        expect(parse(`sort=${field},desc`, type).query.sort).toEqual({ field, direction: "desc" });
        expect(parse(`sort=${field},ASC`, type).query.sort).toEqual({ field, direction: "asc" });
      }
    }
    expect(parse("sort=cashReward,asc", "INVOICE").issues).toEqual([{ param: "sort", value: "cashReward,asc", message: 'Cannot sort by "cashReward"' }]);
    expect(parse("sort=serviceFee,asc", "BILL").issues[0].message).toBe('Cannot sort by "serviceFee"');
    expect(parse("sort=password,asc").query.sort).toEqual({ field: "dueDate", direction: "asc" });
    for (const bad of ["dueDate", "dueDate,up", "dueDate;asc", ",asc", "due_date,asc"]) {
      const { query, issues } = parse(`sort=${encodeURIComponent(bad)}`);
      expect(query.sort).toEqual({ field: "dueDate", direction: "asc" });
      expect(issues).toHaveLength(1);
    }
  });

  it("reads entity, supplier and isMatchedPayablesValue", () => {
    const { query, issues } = parse("entity=%20Acme%20Ltd%20&supplier=Bob&isMatchedPayablesValue=false");
    expect(issues).toEqual([]);
    expect(query).toMatchObject({ entity: "Acme Ltd", supplier: "Bob", isMatchedPayablesValue: false });
    expect(parse("isMatchedPayablesValue=true").query.isMatchedPayablesValue).toBe(true);
    expect(parse("isMatchedPayablesValue=yes").issues).toEqual([{ param: "isMatchedPayablesValue", value: "yes", message: "Expected true or false" }]);
  });

  it("reports every bad value at once and keeps the good ones", () => {
    const { query, issues } = parse("amount=eq:x&date=eq:2026-02-30&number=eq:INV-9&page=0&size=7&sort=x,asc&status=NOPE&tab=bills", "BILL");
    expect(issues.map((issue) => issue.param)).toEqual(["status", "amount", "date", "page", "size", "sort"]);
    expect(query).toEqual({ ...defaultListQuery("BILL"), tab: "bills", number: { op: "eq", value: "INV-9" } });
  });
});

describe("round trip", () => {
  const samples: ListQuery[] = [
    {
      type: "BILL",
      tab: "bills",
      status: "NOT_ELIGIBLE_EXPIRED",
      amount: { op: "range", from: 1, to: 99_999_999 },
      date: { op: "in", count: 30, unit: "days" },
      number: { op: "in", values: ["INV-1", "INV 2", "A:B"] },
      entity: "Smith & Sons, Ltd",
      supplier: "Acme",
      isMatchedPayablesValue: true,
      page: 7,
      size: 100,
      sort: { field: "cashReward", direction: "desc" },
    },
    {
      type: "BILL",
      tab: "suppliers",
      status: "UNALLOCATED_CREDIT",
      amount: { op: "lt", value: 0 },
      date: { op: "lte", value: "2028-02-29" },
      number: { op: "like", value: "100%" },
      entity: null,
      supplier: null,
      isMatchedPayablesValue: false,
      page: 1,
      size: 10,
      sort: { field: "dueDate", direction: "desc" },
    },
    {
      type: "INVOICE",
      tab: null,
      status: "PAYMENT_RECEIVED",
      amount: { op: "between", from: 100, to: 100 },
      date: { op: "between", from: "2025-12-31", to: "2026-01-31" },
      number: { op: "eq", value: "INV-0001" },
      entity: "Café Ltd",
      supplier: null,
      isMatchedPayablesValue: null,
      page: 2,
      size: 50,
      sort: { field: "issuedForCompanyName", direction: "asc" },
    },
  ];

  it.each(samples.map((sample) => [sample.type, sample] as const))("%s query survives serialise then parse", (_type, sample) => {
    expect(roundTrip(sample)).toEqual({ query: sample, issues: [] });
  });

  it("round-trips every operator of every filter", () => {
    const amounts = {
      BILL: [
        { op: "eq", value: 1 },
        { op: "gt", value: 250 },
        { op: "lt", value: 99 },
        { op: "range", from: 0, to: 1 },
      ],
      INVOICE: [
        { op: "eq", value: 1 },
        { op: "gt", value: 250 },
        { op: "lt", value: 99 },
        { op: "between", from: 5, to: 500 },
      ],
    } as const;
    const dates = {
      BILL: [
        { op: "in", count: 1, unit: "days" },
        { op: "in", count: 12, unit: "months" },
        { op: "eq", value: "2026-01-31" },
        { op: "gt", value: "2026-01-31" },
        { op: "gte", value: "2026-01-31" },
        { op: "lt", value: "2026-01-31" },
        { op: "lte", value: "2026-01-31" },
        { op: "range", from: "2026-01-31", to: "2026-02-28" },
      ],
      INVOICE: [
        { op: "eq", value: "2026-01-31" },
        { op: "gt", value: "2026-01-31" },
        { op: "ge", value: "2026-01-31" },
        { op: "lt", value: "2026-01-31" },
        { op: "le", value: "2026-01-31" },
        { op: "between", from: "2026-01-31", to: "2026-02-28" },
      ],
    } as const;
    let checked = 0;
    for (const type of ["INVOICE", "BILL"] as const) {
      for (const amount of amounts[type]) {
        for (const date of dates[type]) {
          const query: ListQuery = { ...defaultListQuery(type), amount, date };
          expect(roundTrip(query)).toEqual({ query, issues: [] });
          checked++;
        }
      }
    }
    expect(checked).toBe(4 * 8 + 4 * 6);
  });
});

describe("sorting, filter badge and reset", () => {
  it("toggles the same column and starts a new column ascending", () => {
    expect(toggleSort({ field: "dueDate", direction: "asc" }, "dueDate")).toEqual({ field: "dueDate", direction: "desc" });
    expect(toggleSort({ field: "dueDate", direction: "desc" }, "dueDate")).toEqual({ field: "dueDate", direction: "asc" });
    expect(toggleSort({ field: "dueDate", direction: "desc" }, "total")).toEqual({ field: "total", direction: "asc" });
    expect(toggleSort({ field: "total", direction: "asc" }, "invoiceNumber")).toEqual({ field: "invoiceNumber", direction: "asc" });
    expect(withSort({ ...defaultListQuery("BILL"), page: 5 }, "total")).toMatchObject({ sort: { field: "total", direction: "asc" }, page: 1 });
  });

  it("counts the dropdown's active filters", () => {
    const base = defaultListQuery("BILL");
    expect(activeFilterCount(base)).toBe(0);
    expect(activeFilterCount({ ...base, amount: { op: "eq", value: 1 } })).toBe(1);
    expect(activeFilterCount({ ...base, isMatchedPayablesValue: false })).toBe(1);
    const full: ListQuery = {
      ...base,
      amount: { op: "eq", value: 1 },
      date: { op: "in", count: 3, unit: "days" },
      number: { op: "like", value: "A" },
      isMatchedPayablesValue: true,
      entity: "Acme",
      supplier: "Bob",
      status: "PAID",
      page: 3,
    };
    expect(activeFilterCount(full)).toBe(4);
  });

  it("Reset all clears the filters, goes to page 1, keeps tab, status, size, sort and search", () => {
    const query: ListQuery = {
      ...defaultListQuery("BILL"),
      tab: "bills",
      status: "PAID",
      amount: { op: "eq", value: 1 },
      date: { op: "eq", value: "2026-01-01" },
      number: { op: "in", values: ["A"] },
      isMatchedPayablesValue: true,
      entity: "Acme",
      supplier: "Bob",
      page: 9,
      size: 50,
      sort: { field: "total", direction: "desc" },
    };
    const reset = resetFilters(query);
    expect(reset).toEqual({ ...query, amount: null, date: null, number: null, isMatchedPayablesValue: null, page: 1 });
    expect(activeFilterCount(reset)).toBe(0);
  });
});

describe("pagination", () => {
  it("shows the bar only above 10 rows", () => {
    expect([0, 1, 10, 11, 1000].map(showPagination)).toEqual([false, false, false, true, true]);
  });

  it("counts pages", () => {
    expect([totalPages(0, 25), totalPages(1, 25), totalPages(25, 25), totalPages(26, 25), totalPages(101, 10)]).toEqual([0, 1, 1, 2, 11]);
  });

  it("gives 4 page links around the current page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 10)).toEqual([2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(8, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(99, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("always gives min(4, pages) consecutive links containing the (clamped) page", () => {
    for (let pages = 1; pages <= 12; pages++) {
      for (let page = -1; page <= pages + 2; page++) {
        const links = pageWindow(page, pages);
        const current = Math.min(Math.max(1, page), pages);
        expect(links).toHaveLength(Math.min(4, pages));
        expect(links).toContain(current);
        links.forEach((link, index) => expect(link).toBe(links[0] + index));
        expect(links[0]).toBeGreaterThanOrEqual(1);
        expect(links[links.length - 1]).toBeLessThanOrEqual(pages);
      }
    }
  });

  it("summarises x-y of total", () => {
    expect(pageSummary(1, 25, 100)).toBe("1-25 of 100");
    expect(pageSummary(4, 25, 100)).toBe("76-100 of 100");
    expect(pageSummary(3, 10, 21)).toBe("21-21 of 21");
    expect(pageSummary(2, 50, 51)).toBe("51-51 of 51");
    expect(pageSummary(1, 25, 11)).toBe("1-11 of 11");
    expect(pageSummary(9, 25, 30)).toBe("26-30 of 30");
    expect(pageSummary(1, 25, 0)).toBe("0-0 of 0");
  });
});

describe("page cursor (docs/decisions/008)", () => {
  const base = parse("status=PAYMENT_READY&amount=gt:10.00&size=10", "INVOICE").query;

  it("round-trips through the URL when it fits the query and its page", () => {
    const cursor = makeCursor(base, 3, "after", { id: 42, value: "2026-05-01" });
    const params = serializeListQuery({ ...base, page: 3, cursor });
    expect(params.get("cursor")).toBe(`a3.${cursor.fingerprint}.42.2026-05-01`);
    expect(parseListQuery(params, { type: "INVOICE" }).query).toEqual({ ...base, page: 3, cursor });
    const text = makeCursor(base, 2, "before", { id: 7, value: "Acme. Ltd: 50% & co" });
    expect(parseCursor(serializeCursor(text))).toEqual(text);
  });

  it("is dropped when the page, a filter, the size or the sort changes", () => {
    const cursor = makeCursor(base, 3, "after", { id: 42, value: "2026-05-01" });
    expect(serializeListQuery({ ...base, page: 4, cursor }).has("cursor")).toBe(false);
    expect(serializeListQuery({ ...base, page: 3, size: 25, cursor }).has("cursor")).toBe(false);
    expect(serializeListQuery(withSort({ ...base, page: 3, cursor }, "total")).has("cursor")).toBe(false);
    expect(serializeListQuery(resetFilters({ ...base, page: 3, cursor })).has("cursor")).toBe(false);
    const edited = new URLSearchParams(serializeListQuery({ ...base, page: 3, cursor }));
    edited.set("amount", "gt:11.00");
    expect(parseListQuery(edited, { type: "INVOICE" }).query.cursor).toBeUndefined();
  });

  it("a fingerprint depends on what picks and orders the rows, not on the page", () => {
    expect(queryFingerprint({ ...base, page: 7 })).toBe(queryFingerprint(base));
    expect(queryFingerprint({ ...base, status: "CASHBACK_OFFERED" })).not.toBe(queryFingerprint(base));
    expect(queryFingerprint({ ...base, type: "BILL", tab: null })).not.toBe(queryFingerprint({ ...base, tab: null }));
  });

  it.each(["", "x", "a3", "a0.abc.1.x", "c3.abc.1.x", "a3.ABC.1.x", "a3.abc.0.x", "a3.abc.-1.x", "a3.abc.1"])("rejects %j", (text) => {
    expect(parseCursor(text)).toBeNull();
  });

  it("never becomes part of page 1 links", () => {
    const cursor = makeCursor(base, 1, "before", { id: 1, value: "2026-01-01" });
    expect(serializeListQuery({ ...base, page: 1, cursor }).has("cursor")).toBe(false);
  });

  it("carries up to MAX_CURSOR_SKIP whole pages for the links further away", () => {
    const next = makeCursor(base, 11, "after", { id: 42, value: "2026-05-01" });
    const previous = makeCursor(base, 9, "before", { id: 41, value: "2026-04-30" });
    const cursors = { previous, next };
    expect(cursorForPage(cursors, 11)).toEqual(next);
    expect(cursorForPage(cursors, 13)).toEqual({ ...next, page: 13, skip: 2 });
    expect(cursorForPage(cursors, 14)).toBeNull();
    expect(cursorForPage(cursors, 7)).toEqual({ ...previous, page: 7, skip: 2 });
    expect(cursorForPage(cursors, 6)).toBeNull();
    expect(cursorForPage(cursors, 10)).toBeNull();
    expect(cursorForPage(cursors, 1)).toBeNull();
    expect(cursorForPage(undefined, 3)).toBeNull();
    expect(MAX_CURSOR_SKIP).toBe(2);

    const far = { ...next, page: 13, skip: 2 };
    const params = serializeListQuery({ ...base, page: 13, cursor: far });
    expect(params.get("cursor")).toBe(`a13_2.${next.fingerprint}.42.2026-05-01`);
    expect(parseListQuery(params, { type: "INVOICE" }).query.cursor).toEqual(far);
    // A skip beyond the limit is no cursor (the page is read by number).
    expect(parseCursor(`a13_3.${next.fingerprint}.42.2026-05-01`)).toBeNull();
    expect(serializeListQuery({ ...base, page: 13, cursor: { ...far, skip: 3 } }).has("cursor")).toBe(false);
  });

  it.each(["a3_.abc.1.x", "a3_12.abc.1.x", "a3_-1.abc.1.x", "a3_x.abc.1.x", "a3~1.abc.1.x"])("rejects a bad skip %j", (text) => {
    expect(parseCursor(text)).toBeNull();
  });
});

describe("estimated totals", () => {
  it("reads 'about' with the estimate rounded to 2 significant digits", () => {
    expect(pageSummary(1, 25, 1_003_417, true)).toBe("1-25 of about 1,000,000");
    expect(pageSummary(2, 25, 456_789, true)).toBe("26-50 of about 460,000");
    expect(pageSummary(401, 25, 10_050, true)).toBe("10,001-10,025 of about 10,025");
    expect(pageSummary(3, 25, 10_050, true)).toBe("51-75 of about 10,000");
  });
});
