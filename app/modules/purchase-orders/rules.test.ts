import { describe, expect, it } from "vitest";
import {
  PURCHASE_ORDER_IMPORT_COLUMNS,
  PURCHASE_ORDER_ROW_MESSAGES as M,
  checkAmount,
  checkOrderDate,
  checkOrderNumber,
  checkStatus,
  checkSupplierName,
  createOrderNumberTracker,
  duplicateOrderNumberMessage,
  isBlankCells,
  isPurchaseOrderTemplateHeader,
  normaliseOrderNumber,
  parsePurchaseOrderRow,
  supplierNameKey,
} from "./rules";

describe("normaliseOrderNumber", () => {
  it("trims, upper-cases and removes inner spaces (tabs and no-break spaces too)", () => {
    expect(normaliseOrderNumber("  po 1001 ")).toBe("PO1001");
    expect(normaliseOrderNumber("Po-10\t01")).toBe("PO-1001");
    expect(normaliseOrderNumber("po\u00a01001")).toBe("PO1001");
    expect(normaliseOrderNumber("PO1001")).toBe(normaliseOrderNumber("p o 1 0 0 1"));
    expect(normaliseOrderNumber("   ")).toBe("");
  });
});

describe("supplierNameKey", () => {
  it("ignores case, surrounding and repeated spaces", () => {
    expect(supplierNameKey("  Kiwi   Supplies LTD ")).toBe("kiwi supplies ltd");
    expect(supplierNameKey("kiwi supplies ltd")).toBe(supplierNameKey("KIWI SUPPLIES  Ltd"));
  });
});

describe("checkOrderNumber (required)", () => {
  it("requires an order number, at most 255 characters, no control characters", () => {
    expect(checkOrderNumber(" PO-1 ")).toEqual({ value: "PO-1", reason: null });
    expect(checkOrderNumber("   ").reason).toBe(M.orderNumberRequired);
    expect(checkOrderNumber("P".repeat(256)).reason).toBe(M.orderNumberTooLong);
    expect(checkOrderNumber("P".repeat(255)).reason).toBeNull();
    expect(checkOrderNumber("PO\u00071").reason).toBe(M.orderNumberInvalid);
  });
});

describe("checkSupplierName (required)", () => {
  it("requires a name, collapses repeated spaces, at most 200 characters", () => {
    expect(checkSupplierName("  Kiwi   Supplies ")).toEqual({ value: "Kiwi Supplies", reason: null });
    expect(checkSupplierName("").reason).toBe(M.supplierNameRequired);
    expect(checkSupplierName("a".repeat(201)).reason).toBe(M.supplierNameTooLong);
  });
});

describe("checkOrderDate (day/month/year, NZ/AU)", () => {
  it("reads day/month/year, so 5/3/2026 is 5 March; ISO too; empty is no date", () => {
    expect(checkOrderDate("5/3/2026")).toEqual({ value: "2026-03-05", reason: null });
    expect(checkOrderDate("31/12/2026").value).toBe("2026-12-31");
    expect(checkOrderDate("2026-11-05").value).toBe("2026-11-05");
    expect(checkOrderDate(" ")).toEqual({ value: null, reason: null });
  });
  it("refuses month/day/year, impossible dates and other text", () => {
    expect(checkOrderDate("12/31/2026").reason).toBe(M.orderDateInvalid);
    expect(checkOrderDate("30/2/2026").reason).toBe(M.orderDateInvalid);
    expect(checkOrderDate("5/3/26").reason).toBe(M.orderDateInvalid);
    expect(checkOrderDate("tomorrow").reason).toBe(M.orderDateInvalid);
  });
});

describe("checkAmount (to the cent)", () => {
  it("reads amounts with a dollar sign and thousands separators to the cent", () => {
    expect(checkAmount("$1,234.56")).toEqual({ value: 123_456, reason: null });
    expect(checkAmount("1234.5").value).toBe(123_450);
    expect(checkAmount("0.01").value).toBe(1);
    expect(checkAmount("99999999999.99").value).toBe(9_999_999_999_999);
  });
  it("refuses empty, more than 2 decimals, text, zero or negative, and amounts too large", () => {
    expect(checkAmount("").reason).toBe(M.amountRequired);
    expect(checkAmount("10.005").reason).toBe(M.amountInvalid);
    expect(checkAmount("ten").reason).toBe(M.amountInvalid);
    expect(checkAmount("1.2.3").reason).toBe(M.amountInvalid);
    expect(checkAmount("0").reason).toBe(M.amountNotPositive);
    expect(checkAmount("-5.00").reason).toBe(M.amountNotPositive);
    expect(checkAmount("100000000000").reason).toBe(M.amountTooLarge);
    expect(checkAmount("99999999999999999999").reason).toBe(M.amountTooLarge);
  });
});

describe("checkStatus (OPEN, RECEIPTED, CLOSED)", () => {
  it("accepts the three statuses without case", () => {
    expect(checkStatus("OPEN").value).toBe("OPEN");
    expect(checkStatus(" receipted ").value).toBe("RECEIPTED");
    expect(checkStatus("Closed").value).toBe("CLOSED");
  });
  it("refuses empty and any other status", () => {
    expect(checkStatus("").reason).toBe(M.statusRequired);
    expect(checkStatus("PAID").reason).toBe(M.statusInvalid);
    expect(checkStatus("OPENED").reason).toBe(M.statusInvalid);
  });
});

describe("parsePurchaseOrderRow", () => {
  it("gives a valid row with its normalised key", () => {
    expect(parsePurchaseOrderRow([" po 77 ", "Kiwi  Supplies", "1/2/2026", "$1,150.00", "open"])).toEqual({
      ok: true,
      row: { orderNumber: "po 77", orderNumberKey: "PO77", supplierName: "Kiwi Supplies", orderDate: "2026-02-01", amountCents: 115_000, status: "OPEN" },
    });
  });
  it("reports every reason of a bad row in column order; missing trailing cells are empty", () => {
    expect(parsePurchaseOrderRow(["", "", "31/2/2026", "abc", "LOST"])).toEqual({
      ok: false,
      reasons: [M.orderNumberRequired, M.supplierNameRequired, M.orderDateInvalid, M.amountInvalid, M.statusInvalid],
    });
    expect(parsePurchaseOrderRow(["PO-1", "Kiwi"])).toEqual({ ok: false, reasons: [M.amountRequired, M.statusRequired] });
  });
  it("refuses a NUL character", () => {
    expect(parsePurchaseOrderRow(["PO\u00001", "Kiwi", "", "1", "OPEN"])).toEqual({ ok: false, reasons: [M.nulCharacter] });
  });
});

describe("isPurchaseOrderTemplateHeader", () => {
  it("accepts the template's columns, ignoring case, spacing, a BOM and a trailing empty column", () => {
    expect(isPurchaseOrderTemplateHeader([...PURCHASE_ORDER_IMPORT_COLUMNS])).toBe(true);
    expect(isPurchaseOrderTemplateHeader(["\uFEFForder number", " Supplier  Name", "ORDER DATE", "amount (inc. gst)", "status", ""])).toBe(true);
  });
  it("refuses other columns, another order, missing or extra columns", () => {
    expect(isPurchaseOrderTemplateHeader(["Order Number", "Supplier Name", "Order Date", "Amount", "Status"])).toBe(false);
    expect(isPurchaseOrderTemplateHeader(["Supplier Name", "Order Number", "Order Date", "Amount (inc. GST)", "Status"])).toBe(false);
    expect(isPurchaseOrderTemplateHeader(PURCHASE_ORDER_IMPORT_COLUMNS.slice(0, 4))).toBe(false);
    expect(isPurchaseOrderTemplateHeader([...PURCHASE_ORDER_IMPORT_COLUMNS, "Notes"])).toBe(false);
  });
});

describe("duplicate order numbers in one file", () => {
  it("lets the first line of a key count and names it for the later ones", () => {
    const seen = createOrderNumberTracker();
    expect(seen("PO1", 2)).toBeNull();
    expect(seen("PO2", 3)).toBeNull();
    expect(seen("PO1", 7)).toBe(2);
    expect(seen("PO1", 9)).toBe(2);
    expect(duplicateOrderNumberMessage(2)).toBe("Order number appears more than once in the file (first on line 2)");
  });
  it("treats blank rows as blank", () => {
    expect(isBlankCells(["", " ", ""])).toBe(true);
    expect(isBlankCells(["", "x"])).toBe(false);
  });
});
