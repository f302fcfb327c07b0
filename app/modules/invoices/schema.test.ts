import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addInvoiceSchema,
  BulkDeleteSchema,
  canConfirmContactEmail,
  canConfirmCreateScreen,
  computeTotals,
  ContactEmailSchema,
  counterpartyPresenceSchema,
  createCreditNoteSchema,
  createInvoiceScreenSchema,
  CreditNoteEditSchema,
  CreditNoteTotalSchema,
  defaultDueDate,
  INITIAL_ITEM_COUNT,
  InviteSchema,
  NUMBER_CONTROL_CHARACTER,
  NUMBER_TOO_LONG,
  isPurchaseOrderRequired,
  parseMoneyInput,
  SupplierReferenceSchema,
} from "./schema";

const TODAY = "2026-03-15";

/** The messages of a failed parse, by field path ("" for the form). */
function messages(schema: z.ZodTypeAny, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

function ok<T extends z.ZodTypeAny>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("parseMoneyInput", () => {
  it.each([
    ["1", 100],
    ["1.5", 150],
    [".5", 50],
    ["0.01", 1],
    ["$1,234.56", 123456],
    ["-$2.50", -250],
    [12.5, 1250],
    ["  7  ", 700],
  ] as const)("%j -> %j", (value, cents) => expect(parseMoneyInput(value)).toBe(cents));

  it.each(["", "abc", "1.234", "1e3", ".", "$", null, undefined, {}, Number.NaN, 1.005])("%j is not an amount", (value) => expect(parseMoneyInput(value)).toBeNull());
});

describe("computeTotals (bigint, half-up)", () => {
  it("multiplies units by price, sums, adds 15% GST", () => {
    expect(computeTotals([{ units: "2", unitPrice: 1000 }, { units: "1.5", unitPrice: 2000 }])).toEqual({ amounts: [2000, 3000], subTotal: 5000, gst: 750, total: 5750 });
  });

  it("rounds each amount half-up to the cent", () => {
    expect(computeTotals([{ units: "1.5", unitPrice: 33 }]).amounts).toEqual([50]); // 49.5c -> 50c
    expect(computeTotals([{ units: "0.5", unitPrice: 1 }]).amounts).toEqual([1]); // 0.5c -> 1c
    expect(computeTotals([{ units: "0.49", unitPrice: 1 }]).amounts).toEqual([0]); // 0.49c -> 0c
    expect(computeTotals([{ units: "0.25", unitPrice: 2 }]).amounts).toEqual([1]); // exactly half
    expect(computeTotals([{ units: "0.33", unitPrice: 3 }]).amounts).toEqual([1]); // 0.99c
    expect(computeTotals([{ units: "1.005", unitPrice: 100 }]).amounts).toEqual([101]); // 100.5c, no float error
    expect(computeTotals([{ units: "3", unitPrice: 33 }]).amounts).toEqual([99]);
  });

  it("rounds GST half-up on the sub-total, not per item", () => {
    expect(computeTotals([{ units: "1", unitPrice: 10 }])).toMatchObject({ subTotal: 10, gst: 2, total: 12 }); // 1.5c -> 2c
    expect(computeTotals([{ units: "1", unitPrice: 3 }])).toMatchObject({ gst: 0 }); // 0.45c
    expect(computeTotals([{ units: "1", unitPrice: 7 }, { units: "1", unitPrice: 3 }])).toMatchObject({ subTotal: 10, gst: 2, total: 12 }); // not 1c + 0c
    expect(computeTotals([{ units: "1", unitPrice: 1 }])).toMatchObject({ gst: 0 }); // 0.15c
    expect(computeTotals([{ units: "1", unitPrice: 30 }])).toMatchObject({ gst: 5 }); // 4.5c -> 5c
    expect(computeTotals([{ units: "1", unitPrice: 29 }])).toMatchObject({ gst: 4 }); // 4.35c
  });

  it("treats empty units as 0 and an empty list as zero totals", () => {
    expect(computeTotals([{ units: "", unitPrice: 500 }])).toEqual({ amounts: [0], subTotal: 0, gst: 0, total: 0 });
    expect(computeTotals([])).toEqual({ amounts: [], subTotal: 0, gst: 0, total: 0 });
  });

  it("handles large values exactly and refuses totals beyond NUMERIC(14,2)", () => {
    expect(computeTotals([{ units: "9999999999.99", unitPrice: 1 }])).toEqual({ amounts: [10_000_000_000], subTotal: 10_000_000_000, gst: 1_500_000_000, total: 11_500_000_000 });
    expect(() => computeTotals([{ units: "9999999999", unitPrice: 99_999_999 }])).toThrow(RangeError);
  });

  it("rejects negative or malformed inputs", () => {
    expect(() => computeTotals([{ units: "-1", unitPrice: 1 }])).toThrow(RangeError);
    expect(() => computeTotals([{ units: "1", unitPrice: -1 }])).toThrow(RangeError);
    expect(() => computeTotals([{ units: "1", unitPrice: 1.5 }])).toThrow(RangeError);
    expect(() => computeTotals([{ units: "x", unitPrice: 1 }])).toThrow(RangeError);
    expect(() => computeTotals([{ units: ".", unitPrice: 1 }])).toThrow(RangeError);
  });

  it("equals the exact rational arithmetic over many seeded cases", () => {
    let state = 12345;
    const next = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    for (let run = 0; run < 2000; run++) {
      const items = Array.from({ length: 1 + next(6) }, () => ({ units: `${next(1000)}.${String(next(100)).padStart(2, "0")}`, unitPrice: next(1_000_000) }));
      const result = computeTotals(items);
      let sub = 0n;
      items.forEach((item, i) => {
        const hundredths = BigInt(item.units.replace(".", ""));
        const exact = hundredths * BigInt(item.unitPrice); // in 1/100 cents
        const rounded = (exact + 50n) / 100n;
        expect(result.amounts[i]).toBe(Number(rounded));
        sub += rounded;
      });
      expect(result.subTotal).toBe(Number(sub));
      expect(result.gst).toBe(Number((sub * 15n + 50n) / 100n));
      expect(result.total).toBe(result.subTotal + result.gst);
    }
  });
});

describe("defaultDueDate", () => {
  it("invoices: one month ahead, clamped to the month's end", () => {
    expect(defaultDueDate("2026-03-15", null, "INVOICE")).toBe("2026-04-15");
    expect(defaultDueDate("2026-01-31", null, "INVOICE")).toBe("2026-02-28");
    expect(defaultDueDate("2028-01-31", null, "INVOICE")).toBe("2028-02-29");
    expect(defaultDueDate("2026-03-31", null, "INVOICE")).toBe("2026-04-30");
    expect(defaultDueDate("2026-12-31", null, "INVOICE")).toBe("2027-01-31");
  });

  it("bills without a term: the 20th of next month", () => {
    expect(defaultDueDate("2026-03-15", null)).toBe("2026-04-20");
    expect(defaultDueDate("2026-03-15", null, "BILL")).toBe("2026-04-20");
    expect(defaultDueDate("2026-03-31", null)).toBe("2026-04-20");
    expect(defaultDueDate("2026-12-01", null)).toBe("2027-01-20");
    expect(defaultDueDate("2026-01-20", null)).toBe("2026-02-20");
  });

  it("bills with a monthly term: that date of next month, clamped", () => {
    const monthly = (date: number | null) => ({ frequency: "MONTHLY" as const, date, dayOfWeek: null });
    expect(defaultDueDate("2026-03-15", monthly(5))).toBe("2026-04-05");
    expect(defaultDueDate("2026-03-15", monthly(31))).toBe("2026-04-30");
    expect(defaultDueDate("2026-01-31", monthly(31))).toBe("2026-02-28");
    expect(defaultDueDate("2028-01-10", monthly(30))).toBe("2028-02-29");
    expect(defaultDueDate("2028-01-10", monthly(29))).toBe("2028-02-29");
    expect(defaultDueDate("2026-11-30", monthly(31))).toBe("2026-12-31");
    expect(defaultDueDate("2026-12-31", monthly(1))).toBe("2027-01-01");
    // An unusable term falls back to the 20th.
    expect(defaultDueDate("2026-03-15", monthly(null))).toBe("2026-04-20");
    expect(defaultDueDate("2026-03-15", monthly(0))).toBe("2026-04-20");
    expect(defaultDueDate("2026-03-15", monthly(32))).toBe("2026-04-20");
  });

  it("bills with a weekly term: that weekday of next week (Monday to Sunday)", () => {
    const weekly = (dayOfWeek: string | null) => ({ frequency: "WEEKLY" as const, date: null, dayOfWeek });
    // 2026-03-11 is a Wednesday; next week runs Mon 16 to Sun 22 March.
    expect(defaultDueDate("2026-03-11", weekly("MONDAY"))).toBe("2026-03-16");
    expect(defaultDueDate("2026-03-11", weekly("WEDNESDAY"))).toBe("2026-03-18");
    expect(defaultDueDate("2026-03-11", weekly("FRIDAY"))).toBe("2026-03-20");
    expect(defaultDueDate("2026-03-11", weekly("SUNDAY"))).toBe("2026-03-22");
    // From a Sunday (2026-03-15) next week starts tomorrow.
    expect(defaultDueDate("2026-03-15", weekly("MONDAY"))).toBe("2026-03-16");
    expect(defaultDueDate("2026-03-15", weekly("SUNDAY"))).toBe("2026-03-22");
    // From a Monday (2026-03-16).
    expect(defaultDueDate("2026-03-16", weekly("MONDAY"))).toBe("2026-03-23");
    expect(defaultDueDate("2026-03-16", weekly("SUNDAY"))).toBe("2026-03-29");
    // Across a month and a leap day.
    expect(defaultDueDate("2028-02-24", weekly("TUESDAY"))).toBe("2028-02-29");
    expect(defaultDueDate("2026-12-30", weekly("friday"))).toBe("2027-01-08");
    expect(defaultDueDate("2026-03-11", weekly("FUNDAY"))).toBe("2026-04-20");
    expect(defaultDueDate("2026-03-11", weekly(null))).toBe("2026-04-20");
  });

  it("is always after today", () => {
    const days = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
    for (let offset = 0; offset < 800; offset += 3) {
      const today = new Date(Date.UTC(2027, 0, 1 + offset)).toISOString().slice(0, 10);
      for (const day of days) {
        const due = defaultDueDate(today, { frequency: "WEEKLY", date: null, dayOfWeek: day });
        const gap = (Date.parse(due) - Date.parse(today)) / 86_400_000;
        expect(gap).toBeGreaterThanOrEqual(1);
        expect(gap).toBeLessThanOrEqual(13);
      }
      for (let date = 1; date <= 31; date++) expect(defaultDueDate(today, { frequency: "MONTHLY", date, dayOfWeek: null }) > today).toBe(true);
      expect(defaultDueDate(today, null, "INVOICE") > today).toBe(true);
    }
  });

  it("refuses a malformed today", () => {
    expect(() => defaultDueDate("15/03/2026", null)).toThrow(RangeError);
    expect(() => defaultDueDate("2026-02-30", null)).toThrow(RangeError);
  });
});

describe("add invoice/bill modal", () => {
  const bill = addInvoiceSchema({ kind: "BILL", today: TODAY });
  const invoice = addInvoiceSchema({ kind: "INVOICE", today: TODAY });
  const auBill = addInvoiceSchema({ kind: "BILL", today: TODAY, country: "AU" });
  const validBill = { counterpartyId: "12", invoiceNumber: " B-1 ", dueDate: "16/03/2026", issueDate: "15/03/2026", amount: "1,000.00" };

  it("accepts a valid bill and normalises it", () => {
    expect(ok(bill, validBill)).toEqual({
      kind: "BILL",
      counterpartyId: 12,
      counterpartyName: null,
      invoiceNumber: "B-1",
      dueDate: "2026-03-16",
      issueDate: "2026-03-15",
      total: 100000,
      orderNumber: null,
      createInXero: false,
      poNotRequired: false,
    });
  });

  it("reports every required field with the spec's messages", () => {
    expect(messages(bill, {})).toEqual({
      counterpartyId: ["Please select company"],
      invoiceNumber: ["This field is required *"],
      dueDate: ["This field is required *"],
      issueDate: ["This field is required *"],
      amount: ["This field is required *"],
    });
    expect(messages(invoice, { invoiceNumber: "   " })).toEqual({
      counterpartyId: ["Please select company"],
      invoiceNumber: ["This field is required *"],
      dueDate: ["This field is required *"],
      amount: ["This field is required *"],
    });
  });

  it("AU types the company name", () => {
    expect(messages(auBill, { ...validBill, counterpartyId: "" })).toEqual({ counterpartyName: ["Please type company name"] });
    expect(ok(auBill, { ...validBill, counterpartyId: "", counterpartyName: "  New   Co " })).toMatchObject({ counterpartyId: null, counterpartyName: "New Co" });
  });

  it("needs a due date after today", () => {
    expect(messages(bill, { ...validBill, dueDate: "14/03/2026" })).toEqual({ dueDate: ["Cannot add invoice with past due date"] });
    expect(messages(bill, { ...validBill, dueDate: "2026-03-15" })).toEqual({ dueDate: ["Cannot add invoice with current due date"] });
    expect(messages(bill, { ...validBill, dueDate: "31/02/2026" })).toEqual({ dueDate: ["Please enter a valid date (DD/MM/YYYY)"] });
    expect(ok(bill, { ...validBill, dueDate: "2026-03-16" }).dueDate).toBe("2026-03-16");
    // Month and year ends, leap day.
    const endOfYear = addInvoiceSchema({ kind: "INVOICE", today: "2026-12-31" });
    expect(messages(endOfYear, { counterpartyId: 1, invoiceNumber: "I", amount: 5, dueDate: "31/12/2026" })).toEqual({ dueDate: ["Cannot add invoice with current due date"] });
    expect(ok(endOfYear, { counterpartyId: 1, invoiceNumber: "I", amount: 5, dueDate: "1/1/2027" }).dueDate).toBe("2027-01-01");
    const leap = addInvoiceSchema({ kind: "INVOICE", today: "2028-02-28" });
    expect(ok(leap, { counterpartyId: 1, invoiceNumber: "I", amount: 5, dueDate: "29/02/2028" }).dueDate).toBe("2028-02-29");
  });

  it("needs an issue date on bills, not in the future; optional on invoices", () => {
    expect(messages(bill, { ...validBill, issueDate: "16/03/2026" })).toEqual({ issueDate: ["Cannot add invoice with future issue date"] });
    expect(ok(bill, { ...validBill, issueDate: "1/1/2020" }).issueDate).toBe("2020-01-01");
    expect(ok(invoice, { ...validBill, issueDate: "" }).issueDate).toBeNull();
    expect(messages(invoice, { ...validBill, issueDate: "16/03/2026" })).toEqual({ issueDate: ["Cannot add invoice with future issue date"] });
  });

  it("needs an amount of at least $1", () => {
    expect(messages(bill, { ...validBill, amount: "0.99" })).toEqual({ amount: ["Amount cannot be less than $1"] });
    expect(messages(bill, { ...validBill, amount: "-5" })).toEqual({ amount: ["Amount cannot be less than $1"] });
    expect(messages(bill, { ...validBill, amount: "1.001" })).toEqual({ amount: ["Please enter an amount with at most 2 decimals"] });
    expect(ok(bill, { ...validBill, amount: "1" }).total).toBe(100);
    expect(ok(bill, { ...validBill, amount: 1 }).total).toBe(100);
    expect(ok(bill, { ...validBill, amount: "1000000" }).total).toBe(100_000_000);
  });

  it("Xero: an order number is required unless PO not required is ticked, and then the amount must be below $5000", () => {
    const xero = { ...validBill, createInXero: "on" };
    expect(isPurchaseOrderRequired("BILL", true, false)).toBe(true);
    expect(isPurchaseOrderRequired("BILL", true, true)).toBe(false);
    expect(isPurchaseOrderRequired("BILL", false, false)).toBe(false);
    expect(isPurchaseOrderRequired("INVOICE", true, false)).toBe(false);
    expect(messages(bill, xero)).toEqual({ orderNumber: ["This field is required *"] });
    expect(messages(bill, { ...xero, orderNumber: "PO-1", amount: "5000.00" })).toEqual({ amount: ["Amount should be less than $5000"] });
    expect(ok(bill, { ...xero, orderNumber: "PO-1", amount: "4999.99" })).toMatchObject({ total: 499999, orderNumber: "PO-1", createInXero: true });
    expect(ok(bill, { ...xero, poNotRequired: "on", amount: "5000" })).toMatchObject({ total: 500000, orderNumber: null, poNotRequired: true });
    expect(ok(bill, { ...validBill, amount: "5000" }).total).toBe(500000);
    // Invoices are not created in Xero from here.
    expect(ok(invoice, { ...validBill, createInXero: "true", amount: "9000" })).toMatchObject({ createInXero: false, total: 900000 });
  });

  it("refuses a malformed today", () => {
    expect(() => addInvoiceSchema({ kind: "BILL", today: "2026-3-5" })).toThrow(RangeError);
  });
});

describe("counterparty presence (create command)", () => {
  it("cannot create without a company", () => {
    expect(messages(counterpartyPresenceSchema("BILL"), {})).toEqual({ counterpartyId: ["Cannot create bill without company"] });
    expect(messages(counterpartyPresenceSchema("INVOICE"), { counterpartyId: "x", counterpartyName: " " })).toEqual({ counterpartyId: ["Cannot create invoice without company"] });
    expect(ok(counterpartyPresenceSchema("BILL"), { counterpartyName: "Acme" })).toEqual({ counterpartyId: null, counterpartyName: "Acme" });
    expect(ok(counterpartyPresenceSchema("INVOICE"), { counterpartyId: 4 })).toEqual({ counterpartyId: 4, counterpartyName: null });
  });
});

describe("Create Invoice / Create Bill screens", () => {
  const screen = createInvoiceScreenSchema({ kind: "INVOICE", today: TODAY });
  const billScreen = createInvoiceScreenSchema({ kind: "BILL", today: TODAY });
  const emptyItems = Array.from({ length: INITIAL_ITEM_COUNT }, () => ({ description: "", units: "", unitPrice: "", unitType: "" }));
  const valid = {
    counterpartyId: "3",
    invoiceNumber: "INV-1",
    dueDate: "15/04/2026",
    items: [{ itemNumber: "77", description: "Consulting", units: "1.5", unitType: "hours", unitPrice: "0.33" }, { description: "Parts", units: "2", unitPrice: "$1,000" }, ...emptyItems],
  };

  it("computes the items and totals, ignoring untouched items", () => {
    expect(ok(screen, valid)).toEqual({
      kind: "INVOICE",
      counterpartyId: 3,
      invoiceNumber: "INV-1",
      dueDate: "2026-04-15",
      issueDate: null,
      orderNumber: null,
      createInXero: false,
      poNotRequired: false,
      items: [
        { itemNumber: 77, description: "Consulting", units: "1.5", unitType: "HOURS", unitPrice: 33, amount: 50 },
        { itemNumber: null, description: "Parts", units: "2", unitType: null, unitPrice: 100000, amount: 200000 },
      ],
      subTotal: 200050,
      gst: 30008, // 30007.5 -> 30008
      total: 230058,
    });
  });

  it("uses the create screens' wording", () => {
    expect(messages(screen, { ...valid, counterpartyId: "" })).toEqual({ counterpartyId: ["Please select your company"] });
    expect(messages(screen, { ...valid, dueDate: "14/03/2026" })).toEqual({ dueDate: ["Cannot add invoice with past date."] });
    expect(messages(screen, { ...valid, dueDate: "15/03/2026" })).toEqual({ dueDate: ["Cannot add invoice with current date."] });
    expect(messages(screen, { ...valid, dueDate: "" })).toEqual({ dueDate: ["This field is required *"] });
    expect(messages(screen, { ...valid, invoiceNumber: "" })).toEqual({ invoiceNumber: ["This field is required *"] });
  });

  it("needs numeric units and unit price of 0 or more", () => {
    const items = [{ description: "A", units: "-1", unitPrice: "-2" }, { description: "B", units: "abc", unitPrice: "1.234" }, { description: "C", units: "1.555", unitPrice: "1" }];
    expect(messages(screen, { ...valid, items })).toEqual({
      "items.0.units": ["Please enter a number of 0 or more"],
      "items.0.unitPrice": ["Please enter a number of 0 or more"],
      "items.1.units": ["Please enter a number of 0 or more"],
      "items.1.unitPrice": ["Please enter a number of 0 or more"],
      "items.2.units": ["Please enter a number of 0 or more"],
    });
  });

  it("needs a total of at least $1", () => {
    expect(messages(screen, { ...valid, items: emptyItems })).toEqual({ total: ["Amount cannot be less than $1"] });
    expect(messages(screen, { ...valid, items: undefined })).toEqual({ total: ["Amount cannot be less than $1"] });
    expect(messages(screen, { ...valid, items: [{ description: "free", units: "0", unitPrice: "100" }] })).toEqual({ total: ["Amount cannot be less than $1"] });
    // 0.87 + 15% = 1.0005 -> 1.00 (GST 0.1305 -> 0.13).
    expect(ok(screen, { ...valid, items: [{ units: "1", unitPrice: "0.87" }] })).toMatchObject({ subTotal: 87, gst: 13, total: 100 });
    expect(messages(screen, { ...valid, items: [{ units: "1", unitPrice: "0.86" }] })).toEqual({ total: ["Amount cannot be less than $1"] });
  });

  it("reports a total too large for the database", () => {
    expect(messages(screen, { ...valid, items: [{ units: "9999999999", unitPrice: "999999.99" }] })).toEqual({ total: ["Amount is too large"] });
  });

  it("bills: Xero order number rule and the $5000 limit on the total", () => {
    const items = [{ units: "1", unitPrice: "4347.82" }]; // 4347.82 + 652.17 = 4999.99
    expect(ok(billScreen, { ...valid, items, createInXero: "on", orderNumber: "PO-1" })).toMatchObject({ total: 499999, createInXero: true, orderNumber: "PO-1" });
    const over = [{ units: "1", unitPrice: "4347.83" }]; // 4347.83 + 652.17 = 5000.00
    expect(messages(billScreen, { ...valid, items: over, createInXero: "on", orderNumber: "PO-1" })).toEqual({ total: ["Amount should be less than $5000"] });
    expect(messages(billScreen, { ...valid, items, createInXero: "on" })).toEqual({ orderNumber: ["This field is required *"] });
    expect(ok(billScreen, { ...valid, items: over, createInXero: "on", poNotRequired: "on" }).total).toBe(500000);
    expect(messages(billScreen, { ...valid, issueDate: "16/03/2026" })).toEqual({ issueDate: ["Cannot add invoice with future issue date"] });
  });

  it("Confirm is disabled while there is no company, no date or a date error", () => {
    expect(canConfirmCreateScreen({ counterpartyId: "3", dueDate: "16/03/2026" }, TODAY)).toBe(true);
    expect(canConfirmCreateScreen({ counterpartyId: "", dueDate: "16/03/2026" }, TODAY)).toBe(false);
    expect(canConfirmCreateScreen({ counterpartyId: "3", dueDate: "" }, TODAY)).toBe(false);
    expect(canConfirmCreateScreen({ counterpartyId: "3", dueDate: "15/03/2026" }, TODAY)).toBe(false);
    expect(canConfirmCreateScreen({ counterpartyId: "3", dueDate: "30/02/2026" }, TODAY)).toBe(false);
  });
});

describe("credit notes", () => {
  const create = createCreditNoteSchema({ today: TODAY });

  it("create needs a company and an amount", () => {
    const message = "Cannot create credit note without company and/or without amount";
    expect(messages(create, { creditNumber: "CN-1", total: "10" })).toEqual({ "": [message] });
    expect(messages(create, { creditNumber: "CN-1", counterpartyId: "4" })).toEqual({ "": [message] });
    expect(messages(create, { creditNumber: "CN-1" })).toEqual({ "": [message] });
    expect(messages(create, { counterpartyId: "4", total: "10" })).toEqual({ creditNumber: ["This field is required *"] });
    expect(messages(create, { counterpartyId: "4", creditNumber: "CN-1", total: "0.99" })).toEqual({ total: ["Amount cannot be less than $1"] });
    expect(ok(create, { counterpartyName: "Acme", creditNumber: " CN-1 ", total: "$12.30", issueDate: "15/03/2026" })).toEqual({
      counterpartyId: null,
      counterpartyName: "Acme",
      creditNumber: "CN-1",
      issueDate: "2026-03-15",
      total: 1230,
    });
  });

  it("edit: total above 0", () => {
    expect(CreditNoteTotalSchema.parse("0.01")).toBe(1);
    expect(CreditNoteTotalSchema.parse(12.5)).toBe(1250);
    for (const bad of ["0", "0.00", "-1", "", "abc", "1.001", null]) {
      expect(messages(CreditNoteTotalSchema, bad)).toEqual({ "": ["Amount should be greater than 0"] });
    }
  });

  it("edit: supplier reference of at most 20 letters, digits, - and _", () => {
    const message = 'Allowed special charaters are "-" and "_"';
    expect(SupplierReferenceSchema.parse("ABC-123_x")).toBe("ABC-123_x");
    expect(SupplierReferenceSchema.parse("a".repeat(20))).toBe("a".repeat(20));
    expect(SupplierReferenceSchema.parse("  ")).toBeNull();
    expect(SupplierReferenceSchema.parse(undefined)).toBeNull();
    for (const bad of ["a".repeat(21), "A B", "A/B", "A.B", "Ref#1", "é", 12]) expect(messages(SupplierReferenceSchema, bad)).toEqual({ "": [message] });
  });

  it("edit: one path at a time with the modificationTime", () => {
    expect(CreditNoteEditSchema.parse({ path: "/total", value: "5", modificationTime: "2026-03-15T01:02:03.000Z" })).toEqual({ path: "/total", value: 500, modificationTime: "2026-03-15T01:02:03.000Z" });
    expect(CreditNoteEditSchema.parse({ path: "/supplier_reference", value: "R-1", modificationTime: "t" })).toEqual({ path: "/supplier_reference", value: "R-1", modificationTime: "t" });
    expect(messages(CreditNoteEditSchema, { path: "/total", value: "0", modificationTime: "t" })).toEqual({ value: ["Amount should be greater than 0"] });
    expect(messages(CreditNoteEditSchema, { path: "/total", value: "1" })).toEqual({ modificationTime: ["modificationTime is required"] });
    expect(CreditNoteEditSchema.safeParse({ path: "/status", value: "x", modificationTime: "t" }).success).toBe(false);
  });
});

describe("contact email, invite and bulk delete", () => {
  it("contact email must be valid", () => {
    expect(ContactEmailSchema.parse({ contactEmail: " Pay@Acme.co.nz " })).toEqual({ contactEmail: "pay@acme.co.nz" });
    for (const bad of ["", "nope", "a@b", "a b@c.d", undefined]) expect(messages(ContactEmailSchema, { contactEmail: bad })).toEqual({ contactEmail: ["Enter valid email address"] });
  });

  it("Confirm is disabled if the email is unchanged or empty", () => {
    expect(canConfirmContactEmail("a@b.co", "c@d.co")).toBe(true);
    expect(canConfirmContactEmail(null, "c@d.co")).toBe(true);
    expect(canConfirmContactEmail("a@b.co", " A@B.co ")).toBe(false);
    expect(canConfirmContactEmail("a@b.co", "  ")).toBe(false);
    expect(canConfirmContactEmail(undefined, "")).toBe(false);
  });

  it("invite needs a valid email; the note is optional", () => {
    expect(messages(InviteSchema, {})).toEqual({ email: ["Email is required"] });
    expect(messages(InviteSchema, { email: "  " })).toEqual({ email: ["Email is required"] });
    expect(messages(InviteSchema, { email: "bob@" })).toEqual({ email: ["Email is not in valid format"] });
    expect(InviteSchema.parse({ email: "Bob@Example.com" })).toEqual({ email: "bob@example.com", note: null });
    expect(InviteSchema.parse({ email: "bob@example.com", note: " Hi " })).toEqual({ email: "bob@example.com", note: "Hi" });
  });

  it("bulk delete needs ids and a type of INVOICE or BILL", () => {
    expect(messages(BulkDeleteSchema, {})).toEqual({ invoiceIds: ["List of invoice ids needed"], type: ["Invoice type needed"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [], type: "BILL" })).toEqual({ invoiceIds: ["List of invoice ids needed"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: "", type: "BILL" })).toEqual({ invoiceIds: ["List of invoice ids needed"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [1, "x"], type: "BILL" })).toEqual({ invoiceIds: ["List of invoice ids needed"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [1, 0], type: "BILL" })).toEqual({ invoiceIds: ["List of invoice ids needed"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [1], type: "CREDIT_NOTE" })).toEqual({ type: ["Invalid invoice type"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [1], type: "bill" })).toEqual({ type: ["Invalid invoice type"] });
    expect(messages(BulkDeleteSchema, { invoiceIds: [1], type: " " })).toEqual({ type: ["Invoice type needed"] });
    expect(BulkDeleteSchema.parse({ invoiceIds: [3, "1", 3], type: "INVOICE" })).toEqual({ invoiceIds: [3, 1], type: "INVOICE" });
    expect(BulkDeleteSchema.parse({ invoiceIds: "5, 6", type: "BILL" })).toEqual({ invoiceIds: [5, 6], type: "BILL" });
  });
});

describe("number limits (issue 13 part 10)", () => {
  const bill = addInvoiceSchema({ kind: "BILL", today: TODAY });
  const screen = createInvoiceScreenSchema({ kind: "BILL", today: TODAY });
  const note = createCreditNoteSchema({ today: TODAY });
  const validBill = { counterpartyId: "12", invoiceNumber: "B-1", dueDate: "16/03/2026", issueDate: "15/03/2026", amount: "10" };
  const validScreen = { counterpartyId: "3", invoiceNumber: "B-1", dueDate: "15/04/2026", items: [{ description: "Parts", units: "1", unitPrice: "10" }] };
  const validNote = { counterpartyId: "3", creditNumber: "CN-1", total: "5" };
  const long = "9".repeat(100_000);

  it("refuses an invoice, bill, order or credit-note number over 255 characters, on its field", () => {
    expect(messages(bill, { ...validBill, invoiceNumber: long })).toEqual({ invoiceNumber: [NUMBER_TOO_LONG] });
    expect(messages(bill, { ...validBill, orderNumber: "P".repeat(256) })).toEqual({ orderNumber: [NUMBER_TOO_LONG] });
    expect(messages(screen, { ...validScreen, invoiceNumber: long, orderNumber: long })).toEqual({ invoiceNumber: [NUMBER_TOO_LONG], orderNumber: [NUMBER_TOO_LONG] });
    expect(messages(note, { ...validNote, creditNumber: long })).toEqual({ creditNumber: [NUMBER_TOO_LONG] });
  });

  it("takes 255 characters", () => {
    expect(ok(bill, { ...validBill, invoiceNumber: "9".repeat(255), orderNumber: "P".repeat(255) })).toMatchObject({ invoiceNumber: "9".repeat(255) });
    expect(ok(note, { ...validNote, creditNumber: "C".repeat(255) })).toMatchObject({ creditNumber: "C".repeat(255) });
  });

  it.each(["A\u0000B", "A\tB", "A\nB", "A\u007fB"])("refuses control characters in %j", (number) => {
    expect(messages(bill, { ...validBill, invoiceNumber: number })).toEqual({ invoiceNumber: [NUMBER_CONTROL_CHARACTER] });
    expect(messages(note, { ...validNote, creditNumber: number })).toEqual({ creditNumber: [NUMBER_CONTROL_CHARACTER] });
  });
});
