import { describe, expect, it } from "vitest";
import { flattenAgedPayables, formatXeroDate, parseXeroDate, xeroCents } from "./api.server";

describe("Xero wire values", () => {
  it("parses /Date(ms+0000)/ and plain timestamps", () => {
    expect(parseXeroDate("/Date(1700000000000+0000)/")?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(parseXeroDate("/Date(1700000000000)/")?.getTime()).toBe(1700000000000);
    expect(parseXeroDate("2026-11-01T00:00:00")?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseXeroDate(formatXeroDate(new Date(86_400_000)))?.getTime()).toBe(86_400_000);
    expect(parseXeroDate("")).toBeNull();
    expect(parseXeroDate("soon")).toBeNull();
  });

  it("converts dollars to integer cents", () => {
    expect(xeroCents(1234.56)).toBe(123456);
    expect(xeroCents("0.1")).toBe(10);
    expect(xeroCents(-2.005)).toBe(-201);
    expect(xeroCents(null)).toBe(0);
  });

  it("flattens the aged payables report: one row per bill, the Due column, the section's contact", () => {
    const cell = (Value: string | number, contact?: string) => ({ Value, ...(contact ? { Attributes: [{ Id: "invoiceID", Value: "i" }, { Id: "contactID", Value: contact }] } : {}) });
    const body = {
      Reports: [
        {
          Rows: [
            { RowType: "Header", Cells: ["Date", "Reference", "Due Date", "", "Total", "Paid", "Credited", "Due"].map((value) => cell(value)) },
            {
              RowType: "Section",
              Title: "Kauri Produce Ltd",
              Rows: [
                { RowType: "Row", Cells: [cell("2026-11-01", "c1"), cell("XB-1", "c1"), cell("", "c1"), cell("", "c1"), cell(100, "c1"), cell(40, "c1"), cell(0, "c1"), cell(60, "c1")] },
                { RowType: "Row", Cells: [cell("2026-11-02", "c1"), cell("XB-2", "c1"), cell("", "c1"), cell("", "c1"), cell(10.5, "c1"), cell(0, "c1"), cell(0, "c1"), cell(10.5, "c1")] },
                { RowType: "SummaryRow", Cells: [cell("Total"), cell(""), cell(""), cell(""), cell(110.5), cell(40), cell(0), cell(70.5)] },
              ],
            },
          ],
        },
      ],
    };
    expect(flattenAgedPayables(body)).toEqual([
      { contactId: "c1", contactName: "Kauri Produce Ltd", amountDue: 60 },
      { contactId: "c1", contactName: "Kauri Produce Ltd", amountDue: 10.5 },
    ]);
    expect(flattenAgedPayables({})).toEqual([]);
  });
});
