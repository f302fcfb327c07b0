/**
 * The emulator's list filters (decision 054): Xero's `where` and `order`, MYOB's `$filter` and `$orderby`, on records
 * shaped like the APIs' (no HTTP needed).
 */
import { describe, expect, it } from "vitest";
import { odataFilter, orderBy, QueryError, xeroWhere } from "../../app/modules/integrations/emulator/query";

const invoices = [
  { InvoiceNumber: "XB-0002", Type: "ACCPAY", Status: "AUTHORISED", Total: 10, Date: "/Date(1790000000000+0000)/", Contact: { ContactID: "AAA", Name: "Tui" } },
  { InvoiceNumber: "XB-0001", Type: "ACCPAY", Status: "PAID", Total: 30, Date: "/Date(1780000000000+0000)/", Contact: { ContactID: "bbb", Name: "Kea" } },
  { InvoiceNumber: "XI-0001", Type: "ACCREC", Status: "AUTHORISED", Total: 20, Date: "/Date(1785000000000+0000)/", Contact: { ContactID: "aaa", Name: "Tui" } },
];

describe("Xero where and order", () => {
  it("compares text case-insensitively, with AND, OR, Guid, numbers and dates", () => {
    const numbers = (where: string) => invoices.filter(xeroWhere(where)).map((invoice) => invoice.InvoiceNumber);
    expect(numbers('Type=="ACCPAY"')).toEqual(["XB-0002", "XB-0001"]);
    expect(numbers('Type=="ACCPAY" AND Status=="AUTHORISED"')).toEqual(["XB-0002"]);
    expect(numbers('Type == "ACCPAY" && Status != "PAID"')).toEqual(["XB-0002"]);
    expect(numbers('Status=="PAID" OR Type=="ACCREC"')).toEqual(["XB-0001", "XI-0001"]);
    expect(numbers('Contact.ContactID==Guid("aaa")')).toEqual(["XB-0002", "XI-0001"]);
    expect(numbers("Total>=20")).toEqual(["XB-0001", "XI-0001"]);
    expect(numbers('Type=="ACCPAY" AND (Status=="PAID" OR Status=="DRAFT")')).toEqual(["XB-0001"]);
    expect(numbers('(Status=="PAID" OR Status=="DRAFT") AND Type=="ACCREC"')).toEqual([]);
    expect(numbers('(Type=="ACCREC")')).toEqual(["XI-0001"]);
    expect(numbers("Date>=DateTime(2026,09,01)")).toEqual(["XB-0002"]);
    expect(() => xeroWhere("Type.StartsWith(\"A\")")).toThrow(QueryError);
  });

  it("sorts by fields and directions, and keeps the stored order for UpdatedDateUTC", () => {
    const sorted = (order: string) => [...invoices].sort(orderBy(order, "UpdatedDateUTC") as (a: unknown, b: unknown) => number).map((invoice) => invoice.InvoiceNumber);
    expect(sorted("InvoiceNumber")).toEqual(["XB-0001", "XB-0002", "XI-0001"]);
    expect(sorted("Date DESC")).toEqual(["XB-0002", "XI-0001", "XB-0001"]);
    expect(sorted("Contact.Name, Total DESC")).toEqual(["XB-0001", "XI-0001", "XB-0002"]);
    expect(orderBy("UpdatedDateUTC ASC", "UpdatedDateUTC")).toBeNull();
    expect(orderBy(null, "UpdatedDateUTC")).toBeNull();
  });
});

describe("MYOB $filter", () => {
  const bills = [
    { Number: "MB-0001", Status: "Open", LastModified: "2026-11-27T07:00:00.100", Supplier: { UID: "s1" }, BalanceDueAmount: 5 },
    { Number: "MB-0002", Status: "Closed", LastModified: "2026-11-27T08:00:00.500", Supplier: { UID: "s2" }, BalanceDueAmount: 0 },
  ];
  it("filters on LastModified (UTC) and gives the lower bound for the binary search", () => {
    const filter = odataFilter("LastModified gt datetime'2026-11-27T07:30:00'");
    expect(bills.filter(filter.test).map((bill) => bill.Number)).toEqual(["MB-0002"]);
    expect(filter.modifiedAfter).toBe(Date.parse("2026-11-27T07:30:00Z") - 1);
  });

  it("understands eq, ne, and, or, guids, strings and numbers", () => {
    const numbers = (text: string) => bills.filter(odataFilter(text).test).map((bill) => bill.Number);
    expect(numbers("Status eq 'Open'")).toEqual(["MB-0001"]);
    expect(numbers("Status ne 'Open' and BalanceDueAmount eq 0")).toEqual(["MB-0002"]);
    expect(numbers("Supplier/UID eq guid's1' or Number eq 'MB-0002'")).toEqual(["MB-0001", "MB-0002"]);
    expect(odataFilter("Status eq 'Open' or LastModified gt datetime'2026-01-01T00:00:00'").modifiedAfter).toBeNull();
    expect(() => odataFilter("substringof('MB', Number)")).toThrow(QueryError);
  });
});
