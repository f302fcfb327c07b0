import { describe, expect, it } from "vitest";
import { DEFAULT_OFFER_CONFIG } from "../offers/rules";
import {
  billRowStatus,
  companyDisplayState,
  invoiceRowStatus,
  isInvitable,
  isValidContactEmail,
  payablesMatch,
  payablesSummaryStatus,
  supplierBillsRow,
  type BillRowInput,
  type BillRowStatusCode,
  type CompanyStatus,
  type InvoiceRowInput,
  type SupplierBillsRowInput,
} from "./rules";

const TODAY = "2026-03-02";
const IN_29_DAYS = "2026-03-31";

type BillOverrides = {
  bill?: Partial<BillRowInput["bill"]>;
  supplier?: Partial<BillRowInput["supplier"]>;
  supplierOffer?: BillRowInput["supplierOffer"];
  purchaserOffer?: Partial<NonNullable<BillRowInput["purchaserOffer"]>> | null;
  config?: BillRowInput["config"];
  locale?: BillRowInput["locale"];
};

/**
 * A bill that reaches rule 8 as "Payment Offered" / Notify: included, due in 29 days, T = $10,000.00, an ACTIVE
 * offer at 8 % with a $50,000.00 pool, an ACTIVE supplier not yet notified. Its cashback is 6575 (offers tests).
 */
function billInput(overrides: BillOverrides = {}): BillRowInput {
  return {
    bill: {
      billStatus: null,
      dueDate: IN_29_DAYS,
      discountedTotal: 1_000_000,
      includeInPurchaserOffer: true,
      sentToSupplier: false,
      contactEmail: "accounts@supplier.example",
      ...overrides.bill,
    },
    today: TODAY,
    supplier: { isPurchaserOffersEnabled: true, status: "ACTIVE", invitedByUs: false, ...overrides.supplier },
    supplierOffer: overrides.supplierOffer ?? null,
    purchaserOffer:
      overrides.purchaserOffer === null ? null : { offerStatus: "ACTIVE", cashpool: 5_000_000, pendingCashpool: 0, crrBp: 800, ...overrides.purchaserOffer },
    config: overrides.config,
    locale: overrides.locale,
  };
}

const clearing = (cashReward = 20_000) => ({ offerStatus: "CLEARING" as const, cashReward });
const topupPending = (cashReward = 20_000) => ({ offerStatus: "TOPUP_PENDING" as const, cashReward });

describe("billRowStatus: paid and supplier-offer checks", () => {
  it("PAID: 'Paid', View", () => {
    expect(billRowStatus(billInput({ bill: { billStatus: "PAID" } }))).toMatchObject({ label: "Paid", action: "View", statusCode: "PAID", reason: null });
  });

  it("tie-break: PAID beats a CLEARING supplier offer", () => {
    expect(billRowStatus(billInput({ bill: { billStatus: "PAID" }, supplierOffer: clearing() }))).toMatchObject({ label: "Paid", action: "View" });
  });

  it("supplier offer TOPUP_PENDING: 'Topup Pending', Cancel", () => {
    expect(billRowStatus(billInput({ supplierOffer: topupPending() }))).toMatchObject({
      label: "Topup Pending",
      action: "Cancel",
      statusCode: "CASHBACK_AVAILABLE",
    });
  });

  it("supplier offer CLEARING: 'SAVE {s}', Pay Now, with s = A × 60 %", () => {
    // A = $200.00 → s = $120.00.
    expect(billRowStatus(billInput({ supplierOffer: clearing(20_000) }))).toMatchObject({
      label: "Cashback Available",
      reason: null,
      action: "Pay Now",
      statusCode: "CASHBACK_AVAILABLE",
      cashback: 12_000,
      opensContactEmailEdit: false,
    });
    // A = $2,057.60 → s = 123,456 → "$1,234.56", also in en-AU.
    expect(billRowStatus(billInput({ supplierOffer: clearing(205_760), locale: "en-AU" })).label).toBe("Cashback Available");
  });

  it("supplier offers that are not open (EXECUTED, EXPIRED, CANCELLED) are ignored", () => {
    for (const offerStatus of ["EXECUTED", "EXPIRED", "CANCELLED"] as const) {
      expect(billRowStatus(billInput({ supplierOffer: { offerStatus, cashReward: 20_000 } })).label).toBe("Payment Offered");
    }
  });

  it("tie-break: an open supplier offer beats every numbered rule (not included, offers disabled, due passed)", () => {
    const row = billRowStatus(
      billInput({ bill: { includeInPurchaserOffer: false, dueDate: "2026-01-01" }, supplier: { isPurchaserOffersEnabled: false }, supplierOffer: clearing() })
    );
    expect(row).toMatchObject({ label: "Cashback Available", action: "Pay Now" });
  });
});

describe("billRowStatus: rules 1-8 in order", () => {
  it("rule 1, offers enabled: blank status, Include", () => {
    expect(billRowStatus(billInput({ bill: { includeInPurchaserOffer: false } }))).toMatchObject({
      label: "Not Included",
      reason: null,
      action: "Include",
      statusCode: "NO_CASHBACK",
      cashback: null,
    });
  });

  it("rule 1, offers disabled: 'Not Eligible', no action", () => {
    expect(billRowStatus(billInput({ bill: { includeInPurchaserOffer: false }, supplier: { isPurchaserOffersEnabled: false } }))).toMatchObject({
      label: "Not Eligible",
      reason: null,
      action: null,
      statusCode: "NO_CASHBACK",
    });
  });

  it("tie-break: rule 1 beats rule 4 (not included and due today: Include)", () => {
    expect(billRowStatus(billInput({ bill: { includeInPurchaserOffer: false, dueDate: TODAY } }))).toMatchObject({ label: "Not Included", action: "Include" });
  });

  it("rule 2: included but no live purchaser offer: Exclude", () => {
    expect(billRowStatus(billInput({ purchaserOffer: null }))).toMatchObject({ label: "No Offer", action: "Exclude", statusCode: "NO_CASHBACK" });
    expect(billRowStatus(billInput({ purchaserOffer: { offerStatus: "CANCELLED" } }))).toMatchObject({ label: "No Offer", action: "Exclude" });
  });

  it("tie-break: rule 2 beats rule 3 (no live offer and offers disabled: Exclude)", () => {
    expect(billRowStatus(billInput({ purchaserOffer: null, supplier: { isPurchaserOffersEnabled: false } }))).toMatchObject({ label: "No Offer", action: "Exclude" });
  });

  it("rule 2 reading: TOPUP_PENDING, VIRTUAL and CLEARING purchaser offers are live", () => {
    expect(billRowStatus(billInput({ purchaserOffer: { offerStatus: "VIRTUAL" } })).label).toBe("Payment Offered");
    expect(billRowStatus(billInput({ purchaserOffer: { offerStatus: "CLEARING" } })).label).toBe("Payment Offered");
    expect(billRowStatus(billInput({ purchaserOffer: { offerStatus: "TOPUP_PENDING", cashpool: 0, pendingCashpool: 2_000_000 } })).label).toBe("Offer Pending");
  });

  it("rule 3: offers disabled for the supplier: 'Not Eligible', no action", () => {
    expect(billRowStatus(billInput({ supplier: { isPurchaserOffersEnabled: false } }))).toMatchObject({
      label: "Not Eligible",
      reason: null,
      action: null,
      statusCode: "NO_CASHBACK",
    });
  });

  it("tie-break: rule 3 beats rule 4 (offers disabled and due today: no tooltip)", () => {
    expect(billRowStatus(billInput({ supplier: { isPurchaserOffersEnabled: false }, bill: { dueDate: TODAY } }))).toMatchObject({ reason: null, action: null });
  });

  it("rule 4: due today: 'Due date is today', Exclude", () => {
    expect(billRowStatus(billInput({ bill: { dueDate: TODAY } }))).toMatchObject({
      label: "Not Eligible",
      reason: "Due date is today",
      action: "Exclude",
      statusCode: "NOT_ELIGIBLE_EXPIRED",
      cashback: null,
      opensContactEmailEdit: false,
    });
  });

  it("tie-break: rule 4 beats rule 6 (due today and above the cash pool: 'Due date is today')", () => {
    expect(billRowStatus(billInput({ bill: { dueDate: TODAY }, purchaserOffer: { cashpool: 1 } })).reason).toBe("Due date is today");
  });

  it("rule 5: due passed: 'Due date has passed', Exclude", () => {
    expect(billRowStatus(billInput({ bill: { dueDate: "2026-03-01" } }))).toMatchObject({
      label: "Not Eligible",
      reason: "Due date has passed",
      action: "Exclude",
      statusCode: "NOT_ELIGIBLE_EXPIRED",
    });
  });

  it("tie-break: rule 5 beats rules 6 and 7", () => {
    expect(billRowStatus(billInput({ bill: { dueDate: "2025-01-01" }, purchaserOffer: { cashpool: 1, crrBp: 10_000 } })).reason).toBe("Due date has passed");
  });

  it("rule 6: above the cash pool with no pending top-up: 'Invoice amount is higher than available cash pool'", () => {
    expect(billRowStatus(billInput({ purchaserOffer: { cashpool: 999_999 } }))).toMatchObject({
      label: "Not Eligible",
      reason: "Invoice amount is higher than available cash pool",
      action: "Exclude",
      statusCode: "NOT_ELIGIBLE",
    });
  });

  it("rule 6 boundary: T equal to the cash pool fits", () => {
    expect(billRowStatus(billInput({ purchaserOffer: { cashpool: 1_000_000 } })).label).toBe("Payment Offered");
  });

  it("rule 6: above the cash pool but within pool + pending: 'Offer Pending'", () => {
    expect(billRowStatus(billInput({ purchaserOffer: { cashpool: 400_000, pendingCashpool: 600_000 } }))).toMatchObject({
      label: "Offer Pending",
      reason: null,
      action: "Exclude",
      statusCode: "NOT_ELIGIBLE_OFFER_PENDING",
    });
  });

  it("rule 6: pending top-up too small: not eligible with the cash-pool tooltip", () => {
    expect(billRowStatus(billInput({ purchaserOffer: { cashpool: 400_000, pendingCashpool: 599_999 } }))).toMatchObject({
      label: "Not Eligible",
      reason: "Invoice amount is higher than available cash pool",
    });
  });

  it("tie-break: rule 6 beats rule 7 (above the pool and above the discount cap: cash-pool tooltip)", () => {
    expect(billRowStatus(billInput({ bill: { dueDate: "2027-03-01" }, purchaserOffer: { crrBp: 1000, cashpool: 1 } })).reason).toBe(
      "Invoice amount is higher than available cash pool"
    );
  });

  it("rule 7: discount above the maximum: 'Discount is higher than maximum permitted', Exclude", () => {
    // r = 10 %, due in 292 days (d + 1 = 293): cb = 8.03 % of T > 8 %.
    expect(billRowStatus(billInput({ bill: { dueDate: "2026-12-19" }, purchaserOffer: { crrBp: 1000 } }))).toMatchObject({
      label: "Not Eligible",
      reason: "Discount is higher than maximum permitted",
      action: "Exclude",
      statusCode: "NOT_ELIGIBLE",
    });
  });

  it("rule 7 boundary: exactly 8 % (d + 1 = 292) is still Payment Offered", () => {
    const row = billRowStatus(billInput({ bill: { dueDate: "2026-12-18" }, purchaserOffer: { crrBp: 1000 } }));
    expect(row).toMatchObject({ label: "Payment Offered", cashback: 80_000 });
  });

  it("rule 7 covers the fee cap: a fixed fee pushing the fee over 10 % makes the row not eligible", () => {
    const row = billRowStatus(
      billInput({ bill: { dueDate: "2026-12-18" }, purchaserOffer: { crrBp: 1000 }, config: { ...DEFAULT_OFFER_CONFIG, fixedFee: 1 } })
    );
    expect(row.reason).toBe("Discount is higher than maximum permitted");
  });

  it("rule 8: ACTIVE supplier, not yet sent: 'Payment Offered', Notify, with the cashback", () => {
    expect(billRowStatus(billInput())).toMatchObject({
      label: "Payment Offered",
      reason: null,
      action: "Notify",
      statusCode: "PAYMENT_OFFERED",
      cashback: 6575,
      opensContactEmailEdit: false,
    });
  });

  it("rule 8: already sent to the supplier: 'Notified', Exclude", () => {
    expect(billRowStatus(billInput({ bill: { sentToSupplier: true } }))).toMatchObject({ label: "Notified", action: "Exclude", statusCode: "PAYMENT_OFFERED" });
  });

  it("rule 8: supplier not active (PENDING), not sent: 'Payment Offered', Exclude", () => {
    expect(billRowStatus(billInput({ supplier: { status: "PENDING" } }))).toMatchObject({ label: "Payment Offered", action: "Exclude" });
  });

  it("rule 8: supplier INVITED by another company: 'Invited', Invite", () => {
    expect(billRowStatus(billInput({ supplier: { status: "INVITED", invitedByUs: false } }))).toMatchObject({ label: "Invited", action: "Invite" });
  });

  it("rule 8: supplier INVITED by us: 'Invited', Exclude (no second invite, not active so no Notify)", () => {
    expect(billRowStatus(billInput({ supplier: { status: "INVITED", invitedByUs: true } }))).toMatchObject({ label: "Invited", action: "Exclude" });
  });

  it("tie-break: 'Invited' beats 'Notified'", () => {
    expect(billRowStatus(billInput({ supplier: { status: "INVITED", invitedByUs: true }, bill: { sentToSupplier: true } })).label).toBe("Invited");
  });

  it("Payment Offered with an INACTIVE supplier: action Invite", () => {
    expect(billRowStatus(billInput({ supplier: { status: "INACTIVE" } }))).toMatchObject({
      label: "Payment Offered",
      action: "Invite",
      opensContactEmailEdit: false,
    });
  });

  it("tie-break: Invite beats Exclude for an inactive supplier already notified", () => {
    expect(billRowStatus(billInput({ supplier: { status: "INACTIVE" }, bill: { sentToSupplier: true } }))).toMatchObject({
      label: "Notified",
      action: "Invite",
    });
  });

  it("Invite without a valid contact email opens the edit-contact-email flow", () => {
    for (const contactEmail of [null, "", "not-an-email", "a@b"]) {
      expect(billRowStatus(billInput({ supplier: { status: "INACTIVE" }, bill: { contactEmail } }))).toMatchObject({
        action: "Invite",
        opensContactEmailEdit: true,
      });
    }
  });

  it("the contact-email flag is only for Invite", () => {
    expect(billRowStatus(billInput({ bill: { contactEmail: null } }))).toMatchObject({ action: "Notify", opensContactEmailEdit: false });
  });

  it("isInvitable: INACTIVE, or INVITED by others only", () => {
    const cases: [CompanyStatus, boolean, boolean][] = [
      ["INACTIVE", false, true],
      ["INACTIVE", true, true],
      ["INVITED", false, true],
      ["INVITED", true, false],
      ["PENDING", false, false],
      ["ACTIVE", false, false],
    ];
    for (const [status, invitedByUs, expected] of cases) expect(isInvitable({ status, invitedByUs })).toBe(expected);
  });

  it("isValidContactEmail", () => {
    expect(isValidContactEmail("accounts@supplier.example")).toBe(true);
    expect(isValidContactEmail(" accounts@supplier.example ")).toBe(true);
    expect(isValidContactEmail("accounts@")).toBe(false);
    expect(isValidContactEmail(undefined)).toBe(false);
  });

  it("property: over 3000 seeded inputs the row is coherent and every amount is integer cents", () => {
    let state = 12_345;
    const next = (n: number) => {
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      return state % n;
    };
    const statuses: CompanyStatus[] = ["INACTIVE", "INVITED", "PENDING", "ACTIVE"];
    const offerStatuses = ["TOPUP_PENDING", "ACTIVE", "VIRTUAL", "CLEARING", "CANCELLED"] as const;
    const supplierOfferStatuses = ["CLEARING", "TOPUP_PENDING", "EXECUTED", "EXPIRED", "CANCELLED"] as const;
    const days = ["2026-02-01", "2026-03-01", TODAY, "2026-03-03", IN_29_DAYS, "2026-12-18", "2026-12-19", "2028-01-01"];
    for (let i = 0; i < 3000; i++) {
      const input = billInput({
        bill: {
          billStatus: next(10) === 0 ? "PAID" : null,
          dueDate: days[next(days.length)],
          discountedTotal: next(2_000_000),
          includeInPurchaserOffer: next(4) !== 0,
          sentToSupplier: next(2) === 0,
          contactEmail: next(3) === 0 ? null : "a@b.example",
        },
        supplier: { isPurchaserOffersEnabled: next(5) !== 0, status: statuses[next(4)], invitedByUs: next(2) === 0 },
        supplierOffer: next(4) === 0 ? { offerStatus: supplierOfferStatuses[next(5)], cashReward: next(100_000) } : null,
        purchaserOffer:
          next(6) === 0
            ? null
            : { offerStatus: offerStatuses[next(5)], cashpool: next(2_000_000), pendingCashpool: next(2) ? 0 : next(1_000_000), crrBp: 1 + next(1000) },
      });
      const row = billRowStatus(input);
      if (row.cashback !== null) expect(Number.isSafeInteger(row.cashback) && row.cashback >= 0).toBe(true);
      const expectedLabels: Record<BillRowStatusCode, RegExp> = {
        PAID: /^Paid$/,
        CASHBACK_AVAILABLE: /^(Topup Pending|Cashback Available)$/,
        PAYMENT_OFFERED: /^(Invited|Notified|Payment Offered)$/,
        NOT_ELIGIBLE: /^Not Eligible$/,
        NOT_ELIGIBLE_EXPIRED: /^Not Eligible$/,
        NOT_ELIGIBLE_OFFER_PENDING: /^Offer Pending$/,
        NO_CASHBACK: /^(Not Included|No Offer|Not Eligible)$/,
      };
      expect(row.label).toMatch(expectedLabels[row.statusCode]);
      expect(row.reason !== null).toBe(row.statusCode === "NOT_ELIGIBLE" || row.statusCode === "NOT_ELIGIBLE_EXPIRED");
      expect(row.opensContactEmailEdit).toBe(row.action === "Invite" && input.bill.contactEmail === null);
      if (row.statusCode === "PAYMENT_OFFERED") expect(row.cashback).not.toBeNull();
    }
  });
});

describe("invoiceRowStatus", () => {
  type InvoiceOverrides = {
    invoice?: Partial<InvoiceRowInput["invoice"]>;
    customer?: Partial<InvoiceRowInput["customer"]>;
    supplierOffer?: InvoiceRowInput["supplierOffer"];
    purchaserOffer?: Partial<NonNullable<InvoiceRowInput["purchaserOffer"]>> | null;
  };
  /** An invoice with Payment Available: the customer's ACTIVE 8 % offer includes it, due in 29 days, T = $10,000.00. */
  const invoiceInput = (overrides: InvoiceOverrides = {}): InvoiceRowInput => ({
    invoice: {
      invoiceStatus: null,
      dueDate: IN_29_DAYS,
      discountedTotal: 1_000_000,
      includeInPurchaserOffer: true,
      sentToSupplier: false,
      ...overrides.invoice,
    },
    today: TODAY,
    customer: { status: "ACTIVE", isPurchaserOffersEnabled: true, ...overrides.customer },
    supplierOffer: overrides.supplierOffer ?? null,
    purchaserOffer:
      overrides.purchaserOffer === null ? null : { offerStatus: "ACTIVE", cashpool: 5_000_000, pendingCashpool: 0, crrBp: 800, ...overrides.purchaserOffer },
  });

  it("Payment Available: action Get Paid, max fee = the fee today (8219)", () => {
    expect(invoiceRowStatus(invoiceInput())).toMatchObject({ label: "Payment Available", action: "Get Paid", statusCode: "PAYMENT_READY", maxFee: 8219 });
  });

  it("Payment Available with a VIRTUAL offer", () => {
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: { offerStatus: "VIRTUAL" } })).label).toBe("Payment Available");
  });

  it("TOPUP_PENDING, CLEARING or CANCELLED offers, or none: Request Payment", () => {
    for (const offerStatus of ["TOPUP_PENDING", "CLEARING", "CANCELLED"] as const) {
      expect(invoiceRowStatus(invoiceInput({ purchaserOffer: { offerStatus } }))).toMatchObject({
        label: "Open",
        action: "Request Payment",
        statusCode: "ALL_ELIGIBLE",
      });
    }
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: null })).action).toBe("Request Payment");
  });

  it("not included, offers disabled for this supplier, above the cash pool, or above the fee cap: Request Payment", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { includeInPurchaserOffer: false } })).action).toBe("Request Payment");
    expect(invoiceRowStatus(invoiceInput({ customer: { isPurchaserOffersEnabled: false } })).action).toBe("Request Payment");
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: { cashpool: 999_999 } })).action).toBe("Request Payment");
    expect(invoiceRowStatus(invoiceInput({ invoice: { dueDate: "2026-12-19" }, purchaserOffer: { crrBp: 1000 } })).action).toBe("Request Payment");
  });

  it("Paid (PAID or PAYMENT_RECEIVED stored): 'Paid', no action", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { invoiceStatus: "PAID" } }))).toMatchObject({ label: "Paid", action: null, statusCode: "PAID", maxFee: null });
    expect(invoiceRowStatus(invoiceInput({ invoice: { invoiceStatus: "PAYMENT_RECEIVED" } }))).toMatchObject({ label: "Paid", statusCode: "PAYMENT_RECEIVED" });
  });

  it("tie-break: Paid beats an open supplier offer", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { invoiceStatus: "PAID" }, supplierOffer: clearing() })).label).toBe("Paid");
  });

  it("Payment Requested: an open supplier offer, action Edit, max fee = A", () => {
    expect(invoiceRowStatus(invoiceInput({ supplierOffer: clearing(20_000) }))).toMatchObject({
      label: "Payment Requested",
      action: "Edit",
      statusCode: "CASHBACK_OFFERED",
      maxFee: 20_000,
    });
    expect(invoiceRowStatus(invoiceInput({ supplierOffer: topupPending() })).label).toBe("Payment Requested");
  });

  it("tie-break: Payment Requested beats Payment Available", () => {
    expect(invoiceRowStatus(invoiceInput({ supplierOffer: clearing() })).action).toBe("Edit");
  });

  it("closed supplier offers are ignored", () => {
    expect(invoiceRowStatus(invoiceInput({ supplierOffer: { offerStatus: "EXPIRED", cashReward: 1000 } })).label).toBe("Payment Available");
  });

  it("Expired: due today, due passed, or stored EXPIRED; no action", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { dueDate: TODAY } }))).toMatchObject({ label: "Expired", action: null, statusCode: "EXPIRED", maxFee: null });
    expect(invoiceRowStatus(invoiceInput({ invoice: { dueDate: "2026-01-31" } })).label).toBe("Expired");
    expect(invoiceRowStatus(invoiceInput({ invoice: { invoiceStatus: "EXPIRED" } })).label).toBe("Expired");
  });

  it("tie-break: Payment Requested beats Expired (an open offer the expiry job has not closed yet)", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { dueDate: TODAY }, supplierOffer: clearing() })).label).toBe("Payment Requested");
  });

  it("tie-break: Paid beats Expired", () => {
    expect(invoiceRowStatus(invoiceInput({ invoice: { dueDate: "2026-01-31", invoiceStatus: "PAID" } })).label).toBe("Paid");
  });

  it("labels of Request Payment rows: 'Invited' (customer INVITED), 'Notified' (sent), else blank", () => {
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: null, customer: { status: "INVITED" } })).label).toBe("Invited");
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: null, invoice: { sentToSupplier: true } })).label).toBe("Notified");
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: null })).label).toBe("Open");
  });

  it("tie-break: 'Invited' beats 'Notified'; Payment Available beats both", () => {
    expect(invoiceRowStatus(invoiceInput({ purchaserOffer: null, customer: { status: "INVITED" }, invoice: { sentToSupplier: true } })).label).toBe("Invited");
    expect(invoiceRowStatus(invoiceInput({ customer: { status: "INVITED" }, invoice: { sentToSupplier: true } })).label).toBe("Payment Available");
  });
});

describe("companyDisplayState", () => {
  const enabled = { isPurchaserOffersEnabled: true };

  it("offers disabled: red 'Offers disabled'", () => {
    expect(companyDisplayState({ status: "ACTIVE", verificationStatus: "NOT_VERIFIED" }, { isPurchaserOffersEnabled: false })).toEqual({
      label: "Offers disabled",
      tone: "red",
    });
  });

  it("tie-break: offers disabled beats Member", () => {
    expect(companyDisplayState({ status: "ACTIVE", verificationStatus: "VERIFIED" }, { isPurchaserOffersEnabled: false })?.label).toBe("Offers disabled");
  });

  it("VERIFIED or PARTIALLY_VERIFIED: 'Member'", () => {
    expect(companyDisplayState({ status: "ACTIVE", verificationStatus: "VERIFIED" }, enabled)).toEqual({ label: "Member", tone: "neutral" });
    expect(companyDisplayState({ status: "PENDING", verificationStatus: "PARTIALLY_VERIFIED" }, enabled)?.label).toBe("Member");
  });

  it("INVITED: 'Invited'; Member beats Invited", () => {
    expect(companyDisplayState({ status: "INVITED", verificationStatus: "NOT_VERIFIED" }, enabled)).toEqual({ label: "Invited", tone: "neutral" });
    expect(companyDisplayState({ status: "INVITED", verificationStatus: "VERIFIED" }, enabled)?.label).toBe("Member");
  });

  it("otherwise no badge", () => {
    expect(companyDisplayState({ status: "INACTIVE", verificationStatus: "NOT_VERIFIED" }, enabled)).toBeNull();
    expect(companyDisplayState({ status: "ACTIVE", verificationStatus: "VERIFICATION_PENDING" }, enabled)).toBeNull();
  });
});

describe("supplierBillsRow (p3 §4.9)", () => {
  const rowInput = (record: Partial<SupplierBillsRowInput["record"]>, rest: Partial<Omit<SupplierBillsRowInput, "record">> = {}): SupplierBillsRowInput => ({
    record: {
      type: "BILL",
      status: "PAYMENT_OFFERED",
      dueDate: IN_29_DAYS,
      cashReward: null,
      includedInPurchaserOffer: true,
      notified: false,
      contactEmail: "accounts@supplier.example",
      topupPending: false,
      ...record,
    },
    today: TODAY,
    isPurchaserOffersEnabled: true,
    companyOwedStatus: "ACTIVE",
    ...rest,
  });

  it("PAID: 'Paid', View", () => {
    expect(supplierBillsRow(rowInput({ status: "PAID" }))).toMatchObject({ label: "Paid", tooltip: null, action: "View", opensContactEmailEdit: false });
  });

  it("CASHBACK_AVAILABLE: 'SAVE {amount}', Pay Now; topup pending: 'Topup Pending', Cancel", () => {
    expect(supplierBillsRow(rowInput({ status: "CASHBACK_AVAILABLE", cashReward: 12_000 }))).toMatchObject({ label: "Cashback Available", offer: "SAVE $120.00", action: "Pay Now" });
    expect(supplierBillsRow(rowInput({ status: "CASHBACK_AVAILABLE", cashReward: 12_000, topupPending: true }))).toMatchObject({
      label: "Topup Pending",
      action: "Cancel",
    });
    expect(() => supplierBillsRow(rowInput({ status: "CASHBACK_AVAILABLE", cashReward: null }))).toThrow(RangeError);
  });

  it("PAYMENT_OFFERED, offers on, ACTIVE supplier: 'Payment Offered', Notify; notified: 'Notified', Exclude", () => {
    expect(supplierBillsRow(rowInput({}))).toMatchObject({ label: "Payment Offered", action: "Notify" });
    expect(supplierBillsRow(rowInput({ notified: true }))).toMatchObject({ label: "Notified", action: "Exclude" });
  });

  it("PAYMENT_OFFERED, company INACTIVE: Invite (beats Exclude when notified), with the contact-email flag", () => {
    expect(supplierBillsRow(rowInput({}, { companyOwedStatus: "INACTIVE" }))).toMatchObject({
      label: "Payment Offered",
      action: "Invite",
      opensContactEmailEdit: false,
    });
    expect(supplierBillsRow(rowInput({ notified: true }, { companyOwedStatus: "INACTIVE" }))).toMatchObject({ label: "Notified", action: "Invite" });
    expect(supplierBillsRow(rowInput({ contactEmail: null }, { companyOwedStatus: "INACTIVE" }))).toMatchObject({
      action: "Invite",
      opensContactEmailEdit: true,
    });
  });

  it("PAYMENT_OFFERED, company INVITED: 'Invited' (beats Notified), action Notify as p3 words it", () => {
    expect(supplierBillsRow(rowInput({}, { companyOwedStatus: "INVITED" }))).toMatchObject({ label: "Invited", action: "Notify" });
    expect(supplierBillsRow(rowInput({ notified: true }, { companyOwedStatus: "INVITED" }))).toMatchObject({ label: "Invited", action: "Exclude" });
  });

  it("PAYMENT_OFFERED with offers off: 'Not eligible', '-'", () => {
    expect(supplierBillsRow(rowInput({}, { isPurchaserOffersEnabled: false }))).toMatchObject({ label: "Not Eligible", action: null });
  });

  it("NOT_ELIGIBLE: 'Not Eligible' with the cash-pool tooltip, or the reason given; Exclude/Include by inclusion", () => {
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE" }))).toMatchObject({
      label: "Not Eligible",
      tooltip: "Invoice amount is higher than available cash pool",
      action: "Exclude",
      opensContactEmailEdit: false,
    });
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE", notEligibleReason: "Discount is higher than maximum permitted" })).tooltip).toBe(
      "Discount is higher than maximum permitted"
    );
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE", includedInPurchaserOffer: false })).action).toBe("Include");
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE" }, { isPurchaserOffersEnabled: false })).action).toBeNull();
  });

  it("NOT_ELIGIBLE_EXPIRED: 'Expired', tooltip due today / passed, View", () => {
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE_EXPIRED", dueDate: TODAY }))).toMatchObject({
      label: "Expired",
      tooltip: "Due date is today",
      action: "View",
    });
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE_EXPIRED", dueDate: "2026-02-27" }))).toMatchObject({
      tooltip: "Due date has passed",
      action: "View",
    });
  });

  it("NOT_ELIGIBLE_OFFER_PENDING: 'Offer Pending', Exclude", () => {
    expect(supplierBillsRow(rowInput({ status: "NOT_ELIGIBLE_OFFER_PENDING" }))).toMatchObject({ label: "Offer Pending", tooltip: null, action: "Exclude" });
  });

  it("NO_CASHBACK: blank with Include/Exclude when offers are on; 'Not eligible' and '-' when off", () => {
    expect(supplierBillsRow(rowInput({ status: "NO_CASHBACK", includedInPurchaserOffer: false }))).toMatchObject({ label: "No Cashback", action: "Include" });
    expect(supplierBillsRow(rowInput({ status: "NO_CASHBACK" }))).toMatchObject({ label: "No Cashback", action: "Exclude" });
    expect(supplierBillsRow(rowInput({ status: "NO_CASHBACK" }, { isPurchaserOffersEnabled: false }))).toMatchObject({ label: "Not Eligible", action: null });
  });

  it("credit notes: UNALLOCATED and PARTIALLY_ALLOCATED show Unallocated with Allocate; ALLOCATED shows 'Allocated' with View", () => {
    expect(supplierBillsRow(rowInput({ type: "CREDIT_NOTE", status: "UNALLOCATED" }))).toMatchObject({ label: "Unallocated", action: "Allocate" });
    expect(supplierBillsRow(rowInput({ type: "CREDIT_NOTE", status: "PARTIALLY_ALLOCATED" }))).toMatchObject({ label: "Unallocated", action: "Allocate" });
    expect(supplierBillsRow(rowInput({ type: "CREDIT_NOTE", status: "ALLOCATED" }))).toMatchObject({ label: "Allocated", action: "View" });
  });

  it("tie-break: a credit note's action comes first, also with offers off", () => {
    expect(supplierBillsRow(rowInput({ type: "CREDIT_NOTE", status: "UNALLOCATED" }, { isPurchaserOffersEnabled: false })).action).toBe("Allocate");
  });
});

describe("payablesSummaryStatus", () => {
  const bill = (statusCode: BillRowStatusCode, includeInPurchaserOffer = true) => ({ statusCode, includeInPurchaserOffer });
  const summary = (
    bills: ReturnType<typeof bill>[],
    rest: { totalAmountPayable?: number; unallocatedCreditNoteBalance?: number; isPurchaserOffersEnabled?: boolean; companyOwedStatus?: CompanyStatus } = {}
  ) =>
    payablesSummaryStatus({
      // The counts the Suppliers tab takes from its totals, here from a list of bills' statuses.
      unpaid: bills.filter((b) => b.statusCode !== "PAID").length,
      excluded: bills.filter((b) => b.statusCode !== "PAID" && !b.includeInPurchaserOffer).length,
      cashbackAvailable: bills.filter((b) => b.statusCode === "CASHBACK_AVAILABLE").length,
      paymentOffered: bills.filter((b) => b.statusCode === "PAYMENT_OFFERED").length,
      totalAmountPayable: rest.totalAmountPayable ?? 100_000,
      unallocatedCreditNoteBalance: rest.unallocatedCreditNoteBalance ?? 0,
      isPurchaserOffersEnabled: rest.isPurchaserOffersEnabled ?? true,
      companyOwedStatus: rest.companyOwedStatus ?? "ACTIVE",
    });

  it("PAID when nothing is unpaid and no credit is left", () => {
    expect(summary([bill("PAID")], { totalAmountPayable: 0 })).toMatchObject({ status: "PAID", label: "Paid", action: null });
    expect(summary([], { totalAmountPayable: 0 }).status).toBe("PAID");
  });

  it("UNALLOCATED_CREDIT when nothing is unpaid and credit is left", () => {
    expect(summary([bill("PAID")], { totalAmountPayable: 0, unallocatedCreditNoteBalance: 500 })).toMatchObject({
      status: "UNALLOCATED_CREDIT",
      label: "Unallocated Credit",
      action: null,
    });
  });

  it("NOT_ELIGIBLE_NEGATIVE_BALANCE when credit exceeds what is payable; it beats an offer", () => {
    expect(summary([bill("CASHBACK_AVAILABLE")], { totalAmountPayable: 100_000, unallocatedCreditNoteBalance: 100_001 })).toMatchObject({
      status: "NOT_ELIGIBLE_NEGATIVE_BALANCE",
      label: "Not Eligible",
    });
    // Equal is a zero balance, not negative.
    expect(summary([bill("CASHBACK_AVAILABLE")], { totalAmountPayable: 100_000, unallocatedCreditNoteBalance: 100_000 }).status).toBe("CASHBACK_AVAILABLE");
  });

  it("CASHBACK_AVAILABLE beats PAYMENT_OFFERED", () => {
    expect(summary([bill("PAYMENT_OFFERED"), bill("CASHBACK_AVAILABLE")])).toMatchObject({
      status: "CASHBACK_AVAILABLE",
      label: "Cashback Available",
      action: "Exclude",
    });
  });

  it("PAYMENT_OFFERED: 'Payment Offered', or 'Invited' for an INVITED supplier", () => {
    expect(summary([bill("PAYMENT_OFFERED"), bill("NOT_ELIGIBLE")])).toMatchObject({ status: "PAYMENT_OFFERED", label: "Payment Offered" });
    expect(summary([bill("PAYMENT_OFFERED")], { companyOwedStatus: "INVITED" }).label).toBe("Invited");
  });

  it("NO_OFFER otherwise; paid bills do not count", () => {
    expect(summary([bill("NOT_ELIGIBLE"), bill("PAID")])).toMatchObject({ status: "NO_OFFER", label: "No Offer", action: "Exclude" });
  });

  it("action: Include while some unpaid bill is excluded, else Exclude; none with offers off", () => {
    expect(summary([bill("PAYMENT_OFFERED"), bill("NO_CASHBACK", false)]).action).toBe("Include");
    expect(summary([bill("PAYMENT_OFFERED"), bill("PAID", false)]).action).toBe("Exclude");
    expect(summary([bill("NO_CASHBACK", false)], { isPurchaserOffersEnabled: false }).action).toBeNull();
  });
});

describe("payablesMatch", () => {
  it("matches within 1 currency unit, inclusive, either way", () => {
    expect(payablesMatch(100_000, 100_000)).toBe(true);
    expect(payablesMatch(100_000, 100_100)).toBe(true);
    expect(payablesMatch(100_100, 100_000)).toBe(true);
    expect(payablesMatch(100_000, 100_101)).toBe(false);
    expect(payablesMatch(100_101, 100_000)).toBe(false);
    expect(payablesMatch(-50, 50)).toBe(true);
  });

  it("refuses non-integer cents", () => {
    expect(() => payablesMatch(1.5, 1)).toThrow(RangeError);
  });
});
