import { describe, expect, it } from "vitest";
import { CHECKLIST_TEXT, checklistFor, companySide, GET_STARTED_PATH, homePathFor, type FirstRunFacts } from "./rules";

const none: FirstRunFacts = {
  hasBills: false,
  hasInvoices: false,
  hasOwnRecords: false,
  connectedToAccounting: false,
  hasSuppliers: false,
  hasCustomers: false,
  hasBankAccount: false,
  bankAccountVerified: false,
  accountActive: false,
  hasCompletedTopUp: false,
  hasPendingTopUp: false,
  hasPurchaserOffer: false,
  hasPaymentRequest: false,
};
const flags = { canConnect: true, importBills: true };

describe("homePathFor", () => {
  it("Get started with nothing, Bills with bills (a purchaser, also when it sells), else Invoices", () => {
    expect(homePathFor(none)).toBe(GET_STARTED_PATH);
    expect(homePathFor({ hasBills: true, hasInvoices: false })).toBe("/bills");
    // On both sides: a live purchaser offer, else the side with more records.
    expect(homePathFor({ hasBills: true, hasInvoices: true, hasPurchaserOffer: true, billCount: 1, invoiceCount: 9 })).toBe("/bills");
    expect(homePathFor({ hasBills: true, hasInvoices: true, billCount: 30, invoiceCount: 15 })).toBe("/bills");
    expect(homePathFor({ hasBills: true, hasInvoices: true, billCount: 7, invoiceCount: 152 })).toBe("/invoices");
    expect(homePathFor({ hasBills: false, hasInvoices: true })).toBe("/invoices");
  });
});

describe("companySide and the checklist", () => {
  it("a company with nothing has both ways to a first payment; activation decides the top-up link", () => {
    expect(companySide(none)).toBe("UNKNOWN");
    const items = checklistFor(none, flags);
    expect(items.map((item) => item.title)).toEqual([CHECKLIST_TEXT.records, CHECKLIST_TEXT.bankAccount, CHECKLIST_TEXT.firstPayment]);
    expect(items.every((item) => !item.done)).toBe(true);
    expect(items[2].links).toEqual([
      { label: "Activate your account to top up", to: "/account/activate" },
      { label: "Request payment", to: "/invoices" },
    ]);
    expect(checklistFor({ ...none, accountActive: true }, flags)[2].links[0]).toEqual({ label: "Top up", to: "/account/topup" });
  });

  it("a purchaser tops up, a supplier requests payment, each ticked by its own fact", () => {
    const purchaser = { ...none, hasSuppliers: true };
    expect(companySide(purchaser)).toBe("PURCHASER");
    expect(checklistFor(purchaser, flags)[2]).toMatchObject({ id: "top-up", done: false });
    expect(checklistFor({ ...purchaser, hasPendingTopUp: true }, flags)[2]).toMatchObject({ done: false, note: "Waiting for your bank transfer" });
    expect(checklistFor({ ...purchaser, hasCompletedTopUp: true }, flags)[2]).toMatchObject({ done: true, note: "Top-up received" });
    // A company on both sides has either way to its first payment: either one ticks it.
    expect(checklistFor({ ...purchaser, hasInvoices: true, hasPaymentRequest: true }, flags)[2]).toMatchObject({ id: "first-payment", done: true });

    const supplier = { ...none, hasInvoices: true };
    expect(companySide(supplier)).toBe("SUPPLIER");
    expect(checklistFor(supplier, flags)[2]).toMatchObject({ id: "request-payment", done: false });
    expect(checklistFor({ ...supplier, hasPaymentRequest: true }, flags)[2]).toMatchObject({ done: true });
  });

  it("records are in when connected or when the company brought its own; the links follow the flags", () => {
    expect(checklistFor({ ...none, connectedToAccounting: true }, flags)[0]).toMatchObject({ done: true, note: "Accounting software connected" });
    expect(checklistFor({ ...none, hasOwnRecords: true }, flags)[0]).toMatchObject({ done: true });
    expect(checklistFor({ ...none, hasBills: true }, flags)[0].done).toBe(false);
    expect(checklistFor(none, { canConnect: false, importBills: false })[0].links.map((link) => link.label)).toEqual(["Import invoices"]);
    expect(checklistFor({ ...none, hasBankAccount: true }, flags)[1]).toMatchObject({ done: true, note: "Bank account added, verification pending" });
    expect(checklistFor({ ...none, hasBankAccount: true, bankAccountVerified: true }, flags)[1].note).toBe("Bank account verified");
  });
});
