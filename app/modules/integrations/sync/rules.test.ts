import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { XeroInvoice } from "../xero/types";
import type { MyobBill } from "../myob/types";
import {
  agedPayablesByContact,
  decideExisting,
  decimalToCents,
  mapMyobRecord,
  mapXeroInvoice,
  mapXeroPurchaseOrder,
  matchContact,
  mayFetchInvoices,
  myobModifiedFilter,
  myobRecordAction,
  normaliseCompanyName,
  normaliseGstNumber,
  parseXeroTimestamp,
  providerDate,
  shouldAutoLoad,
  xeroContactKeys,
  xeroInvoiceAction,
  type CompanyCandidate,
  type ContactKeys,
} from "./rules";

describe("decimalToCents", () => {
  it("converts decimal dollars exactly, with no float drift", () => {
    expect(decimalToCents(1234.56)).toBe(123456);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(1.005)).toBe(101);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents(4.35)).toBe(435);
    expect(decimalToCents(1.15)).toBe(115);
    expect(decimalToCents("1,234.5")).toBe(123450);
    expect(decimalToCents(-12.34)).toBe(-1234);
    expect(decimalToCents(0)).toBe(0);
    expect(decimalToCents(100)).toBe(10000);
    expect(decimalToCents(1e-7)).toBe(0);
    expect(() => decimalToCents("abc")).toThrow(RangeError);
    expect(() => decimalToCents(Number.NaN)).toThrow(RangeError);
  });

  it("round-trips every 2-decimal amount through its JSON number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        const json = JSON.parse(JSON.stringify(Number((cents / 100).toFixed(2)))) as number;
        expect(decimalToCents(json)).toBe(cents);
      })
    );
  });
});

describe("dates", () => {
  it("reads Xero's /Date(ms)/ and plain dates", () => {
    expect(parseXeroTimestamp("/Date(1730419200000+0000)/")?.toISOString()).toBe("2024-11-01T00:00:00.000Z");
    expect(parseXeroTimestamp("2026-11-01T10:00:00")?.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(parseXeroTimestamp(null)).toBeNull();
    expect(providerDate("/Date(1730419200000+0000)/")).toBe("2024-11-01");
    expect(providerDate("/Date(1730419200000+0000)/", "2024-11-02T00:00:00")).toBe("2024-11-02");
    expect(providerDate("2026-11-01T00:00:00")).toBe("2026-11-01");
    expect(myobModifiedFilter(new Date("2026-11-01T10:00:00Z"))).toBe("LastModified gt datetime'2026-11-01T10:00:00'");
    expect(myobModifiedFilter(null)).toBeUndefined();
  });
});

describe("statuses", () => {
  it("Xero: AUTHORISED open, PAID paid, VOIDED/DELETED void, DRAFT/SUBMITTED skipped", () => {
    expect(xeroInvoiceAction("AUTHORISED")).toEqual({ action: "UPSERT", paid: false });
    expect(xeroInvoiceAction("PAID")).toEqual({ action: "UPSERT", paid: true });
    expect(xeroInvoiceAction("VOIDED").action).toBe("VOID");
    expect(xeroInvoiceAction("DELETED").action).toBe("VOID");
    expect(xeroInvoiceAction("DRAFT").action).toBe("SKIP");
    expect(xeroInvoiceAction("SUBMITTED").action).toBe("SKIP");
  });
  it("MYOB: Open open, Closed paid, Debit/Credit skipped", () => {
    expect(myobRecordAction("Open")).toEqual({ action: "UPSERT", paid: false });
    expect(myobRecordAction("Closed")).toEqual({ action: "UPSERT", paid: true });
    expect(myobRecordAction("Debit").action).toBe("SKIP");
    expect(myobRecordAction("Credit").action).toBe("SKIP");
  });
  it("an existing record Earlybird is paying or has paid is never changed", () => {
    const base = { id: 1, inFlight: false, paidThroughEarlybird: false, paidOutside: false, deleted: false, same: false };
    expect(decideExisting({ ...base, inFlight: true }, { action: "VOID", reason: "" })).toBe("SKIP_IN_FLIGHT");
    expect(decideExisting({ ...base, inFlight: true }, { action: "UPSERT", paid: false })).toBe("SKIP_IN_FLIGHT");
    expect(decideExisting({ ...base, paidThroughEarlybird: true }, { action: "VOID", reason: "" })).toBe("SKIP_PAID");
    expect(decideExisting({ ...base, paidThroughEarlybird: true }, { action: "UPSERT", paid: true })).toBe("UNCHANGED");
    expect(decideExisting(base, { action: "VOID", reason: "" })).toBe("VOID");
    expect(decideExisting({ ...base, deleted: true }, { action: "VOID", reason: "" })).toBe("UNCHANGED");
    expect(decideExisting({ ...base, same: true }, { action: "UPSERT", paid: false })).toBe("UNCHANGED");
    expect(decideExisting({ ...base, same: true }, { action: "UPSERT", paid: true })).toBe("UPDATE");
    expect(decideExisting(base, { action: "UPSERT", paid: false })).toBe("UPDATE");
    expect(decideExisting(base, { action: "SKIP", reason: "" })).toBe("UNCHANGED");
  });
});

const xeroInvoice = (overrides: Partial<XeroInvoice> = {}): XeroInvoice => ({
  InvoiceID: "inv-1",
  Type: "ACCPAY",
  InvoiceNumber: "XB-001",
  Reference: "PO-9",
  Contact: { ContactID: "c-1", Name: "Kauri  Supplies Ltd" },
  Date: "/Date(1793491200000+0000)/",
  DueDate: "/Date(1796083200000+0000)/",
  Status: "AUTHORISED",
  LineAmountTypes: "Exclusive",
  LineItems: [],
  SubTotal: 100.1,
  TotalTax: 15.02,
  Total: 115.12,
  AmountDue: 115.12,
  AmountPaid: 0,
  AmountCredited: 0,
  CurrencyCode: "NZD",
  UpdatedDateUTC: "/Date(1793491200000+0000)/",
  ...overrides,
});

describe("mapXeroInvoice", () => {
  it("maps an ACCPAY to a bill in cents with calendar dates", () => {
    const mapped = mapXeroInvoice(xeroInvoice());
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.fields).toMatchObject({
      type: "BILL",
      externalId: "inv-1",
      contactId: "c-1",
      contactName: "Kauri Supplies Ltd",
      invoiceNumber: "XB-001",
      orderNumber: "PO-9",
      subTotal: 10010,
      gst: 1502,
      total: 11512,
      currency: "NZD",
    });
    expect(mapped.fields.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it("an open bill partly paid in Xero is what is still due", () => {
    const mapped = mapXeroInvoice(xeroInvoice({ AmountDue: 57.56, AmountPaid: 57.56 }));
    expect(mapped.ok && mapped.fields).toMatchObject({ total: 5756, subTotal: null, gst: null });
    const paid = mapXeroInvoice(xeroInvoice({ Status: "PAID", AmountDue: 0, AmountPaid: 115.12 }));
    expect(paid.ok && paid.fields.total).toBe(11512);
  });
  it("maps an ACCREC to an invoice", () => {
    const mapped = mapXeroInvoice(xeroInvoice({ Type: "ACCREC" }));
    expect(mapped.ok && mapped.fields.type).toBe("INVOICE");
  });
  it("refuses a record without a number or with a total not above 0", () => {
    expect(mapXeroInvoice(xeroInvoice({ InvoiceNumber: "" })).ok).toBe(false);
    expect(mapXeroInvoice(xeroInvoice({ Total: 0 })).ok).toBe(false);
    // A void of a zero bill is still applied.
    expect(mapXeroInvoice(xeroInvoice({ Total: 0, Status: "VOIDED" })).ok).toBe(true);
  });
  it("skips the fee bills and cashback invoices sync out wrote (decision 058), not another contact's", () => {
    const own = mapXeroInvoice(xeroInvoice({ Contact: { ContactID: "c-eb", Name: "Earlybird" }, Reference: "Earlybird service fee XI-0001", Status: "PAID" }));
    expect(own.ok && own.action).toEqual({ action: "SKIP", reason: "Earlybird's own fee or cashback record" });
    const trade = mapXeroInvoice(xeroInvoice({ Reference: "Earlybird cashback B-1" }));
    expect(trade.ok && trade.action.action).toBe("UPSERT");
  });
});

describe("mapMyobRecord", () => {
  const bill: MyobBill = {
    UID: "b-1",
    Number: "00000012",
    Date: "2026-11-01T00:00:00",
    SupplierInvoiceNumber: "MB-012",
    Supplier: { UID: "s-1", Name: "Tui Trading Ltd" },
    Status: "Closed",
    Terms: { BalanceDueDate: "2026-11-30T00:00:00" },
    Lines: [],
    Subtotal: 86.96,
    TotalTax: 13.04,
    TotalAmount: 100,
    BalanceDueAmount: 0,
    IsTaxInclusive: true,
    LastModified: "2026-11-02T03:04:05",
    RowVersion: "123",
  };
  it("uses the supplier's invoice number, the balance due date, and Closed is paid", () => {
    const mapped = mapMyobRecord(bill, "BILL", "NZD");
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.action).toEqual({ action: "UPSERT", paid: true });
    expect(mapped.fields).toMatchObject({ invoiceNumber: "MB-012", dueDate: "2026-11-30", issueDate: "2026-11-01", total: 10000, gst: 1304, rowVersion: "123" });
  });
  it("falls back to MYOB's number", () => {
    const mapped = mapMyobRecord({ ...bill, SupplierInvoiceNumber: undefined }, "BILL", "NZD");
    expect(mapped.ok && mapped.fields.invoiceNumber).toBe("00000012");
  });
});

describe("contact matching", () => {
  const contact = (overrides: Partial<ContactKeys> = {}): ContactKeys => ({
    externalId: "c-1",
    name: "Kauri Supplies Limited",
    businessNumber: "9429041234567",
    gstNumber: "012345678",
    email: null,
    isSupplier: true,
    isCustomer: false,
    active: true,
    ...overrides,
  });
  const candidate = (overrides: Partial<CompanyCandidate>): CompanyCandidate => ({
    companyId: 1,
    name: "Other",
    businessNumbers: [],
    gstNumbers: [],
    isCounterparty: false,
    externalAccountId: null,
    status: "ACTIVE",
    ...overrides,
  });

  it("matches by the kept contact id, then NZBN/ABN, then GST, then normalised name", () => {
    const byName = candidate({ companyId: 4, name: "kauri supplies ltd." });
    const byGst = candidate({ companyId: 3, gstNumbers: ["012345678"] });
    const byNumber = candidate({ companyId: 2, businessNumbers: ["9429041234567"] });
    const byId = candidate({ companyId: 1, isCounterparty: true, externalAccountId: "c-1" });
    expect(matchContact(contact(), [byName, byGst, byNumber, byId])).toEqual({ companyId: 1, by: "EXTERNAL_ID" });
    expect(matchContact(contact(), [byName, byGst, byNumber])).toEqual({ companyId: 2, by: "BUSINESS_NUMBER" });
    expect(matchContact(contact(), [byName, byGst])).toEqual({ companyId: 3, by: "GST" });
    expect(matchContact(contact(), [byName])).toEqual({ companyId: 4, by: "NAME" });
    expect(matchContact(contact({ name: "Somebody Else" }), [byName])).toBeNull();
  });

  it("prefers the company's own counterparty, then a registered company", () => {
    const inactive = candidate({ companyId: 1, name: "Kauri Supplies Ltd", status: "INACTIVE" });
    const active = candidate({ companyId: 2, name: "Kauri Supplies Ltd" });
    const own = candidate({ companyId: 3, name: "Kauri Supplies Ltd", status: "INACTIVE", isCounterparty: true });
    expect(matchContact(contact({ businessNumber: null, gstNumber: null }), [inactive, active])?.companyId).toBe(2);
    expect(matchContact(contact({ businessNumber: null, gstNumber: null }), [inactive, active, own])?.companyId).toBe(3);
  });

  it("normalises names, GST numbers and Xero contacts", () => {
    expect(normaliseCompanyName("Rimu Grocers Limited.")).toBe("rimu grocers ltd");
    expect(normaliseCompanyName("Smith & Sons (Proprietary) Company")).toBe("smith and sons pty co");
    expect(normaliseGstNumber("12-345-678")).toBe("012345678");
    expect(normaliseGstNumber("")).toBeNull();
    expect(
      xeroContactKeys({ ContactID: "x", ContactStatus: "ACTIVE", Name: " A  B ", CompanyNumber: "94 2904 1234 567", TaxNumber: "123-456-789", IsSupplier: true, IsCustomer: false, UpdatedDateUTC: "" })
    ).toMatchObject({ name: "A B", businessNumber: "9429041234567", gstNumber: "123456789" });
  });
});

describe("purchase orders and aged payables", () => {
  it("maps Xero purchase orders by status", () => {
    const order = {
      PurchaseOrderID: "po-1",
      PurchaseOrderNumber: "PO-0001",
      Contact: { ContactID: "c-1", Name: "Kauri" },
      Date: "/Date(1793491200000+0000)/",
      Status: "AUTHORISED" as const,
      LineItems: [],
      SubTotal: 10,
      TotalTax: 1.5,
      Total: 11.5,
      CurrencyCode: "NZD",
      UpdatedDateUTC: "/Date(1793491200000+0000)/",
    };
    const open = mapXeroPurchaseOrder(order);
    expect(open.ok && open.fields).toMatchObject({ status: "OPEN", amount: 1150, orderNumber: "PO-0001" });
    const billed = mapXeroPurchaseOrder({ ...order, Status: "BILLED" });
    expect(billed.ok && billed.fields.status).toBe("CLOSED");
    expect(mapXeroPurchaseOrder({ ...order, Status: "DRAFT" }).ok).toBe(false);
  });
  it("sums aged payables per contact in cents", () => {
    const map = agedPayablesByContact([
      { contactId: "a", contactName: "A", amountDue: 10.1 },
      { contactId: "a", contactName: "A", amountDue: 0.2 },
      { contactId: "b", contactName: "B", amountDue: "5" },
    ]);
    expect(map.get("a")?.amountDue).toBe(1030);
    expect(map.get("b")?.amountDue).toBe(500);
  });
});

describe("automatic load and fetch gating (p1 §4)", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const base = { roles: ["ROLE_USER"], operator: false, connected: true, running: false, lastStartedAt: null, now };
  it("non-admins trigger it, at most once per 15 minutes, never while one runs", () => {
    expect(shouldAutoLoad(base)).toBe(true);
    expect(shouldAutoLoad({ ...base, lastStartedAt: new Date(now.getTime() - 14 * 60_000) })).toBe(false);
    expect(shouldAutoLoad({ ...base, lastStartedAt: new Date(now.getTime() - 15 * 60_000) })).toBe(true);
    expect(shouldAutoLoad({ ...base, running: true })).toBe(false);
    expect(shouldAutoLoad({ ...base, connected: false })).toBe(false);
  });
  it("an admin (ROLE_ADMIN first) or the operator never does", () => {
    expect(shouldAutoLoad({ ...base, roles: ["ROLE_ADMIN", "ROLE_USER"] })).toBe(false);
    expect(shouldAutoLoad({ ...base, roles: ["ROLE_USER", "ROLE_ADMIN"] })).toBe(true);
    expect(shouldAutoLoad({ ...base, operator: true })).toBe(false);
  });
  it("fetches invoices for a connected company or one PENDING, ACTIVE or INVITED", () => {
    expect(mayFetchInvoices({ status: "INACTIVE", connected: false })).toBe(false);
    expect(mayFetchInvoices({ status: "INACTIVE", connected: true })).toBe(true);
    for (const status of ["PENDING", "ACTIVE", "INVITED"]) expect(mayFetchInvoices({ status, connected: false })).toBe(true);
  });
});
