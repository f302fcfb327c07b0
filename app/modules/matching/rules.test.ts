import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOLERANCE_CENTS,
  MATCH_PRECEDENCE,
  MATCH_REASON_LABELS,
  amountVariance,
  contactNotFound,
  decideMatch,
  invoiceDetailsMissing,
  isRematchable,
  matchReasonLabel,
  missingFields,
  normaliseSupplierName,
  orderNotFound,
  orderNumberNotRead,
  periodExpired,
  potentialDuplicate,
  processingQueueFor,
  processingStatusFor,
  purchaseOrderStatusReason,
  type DocumentFields,
  type MatchInput,
  type PurchaseOrderForRules,
} from "./rules";

const fields: DocumentFields = { supplierName: "Kiwi Supplies Ltd", invoiceNumber: "INV-1001", orderNumber: "PO-77", issueDate: "2026-11-20", amountCents: 10_000 };
const order: PurchaseOrderForRules = { id: 7, supplierName: "Kiwi Supplies Ltd", supplierCompanyId: 42, amountCents: 10_000, status: "OPEN" };
const clean: MatchInput = {
  fields,
  counterparty: { companyId: 42, name: "Kiwi Supplies Ltd", queue: null },
  companyQueue: "AUTOMATIC",
  sameNumber: [],
  sameNumberBill: false,
  lockDate: null,
  purchaseOrder: order,
  purchaseOrderBilled: false,
  toleranceCents: DEFAULT_TOLERANCE_CENTS,
};

describe("labels", () => {
  it("are part 3 §4.1's, exactly", () => {
    expect(MATCH_REASON_LABELS).toEqual({
      ORDER_NOT_FOUND_OCR: "No PO Found",
      ORDER_NOT_FOUND_GPOS: "No PO Match",
      STATUS_MISMATCH: "No Status Match",
      AMOUNT_UNDER: "Variance Found",
      AMOUNT_OVER: "Variance Found",
      ALREADY_CLOSED: "Closed Bill",
      EXPIRED: "Period Locked",
      INVOICE_DETAILS_MISSING: "Missing Data",
      POTENTIAL_DUPLICATE: "Duplicate Bill",
      CONTACT_NOT_FOUND: "Contact Not Found",
    });
    expect(matchReasonLabel("MATCHED")).toBeNull();
    expect(matchReasonLabel(null)).toBeNull();
    expect(matchReasonLabel("AMOUNT_OVER")).toBe("Variance Found");
  });
});

describe("invoiceDetailsMissing (INVOICE_DETAILS_MISSING)", () => {
  it("holds when the supplier, invoice number, issue date or a positive amount was not read", () => {
    expect(invoiceDetailsMissing(fields)).toBeNull();
    expect(invoiceDetailsMissing({ ...fields, supplierName: "  " })).toBe("INVOICE_DETAILS_MISSING");
    expect(invoiceDetailsMissing({ ...fields, invoiceNumber: null })).toBe("INVOICE_DETAILS_MISSING");
    expect(invoiceDetailsMissing({ ...fields, issueDate: null })).toBe("INVOICE_DETAILS_MISSING");
    expect(invoiceDetailsMissing({ ...fields, amountCents: null })).toBe("INVOICE_DETAILS_MISSING");
    expect(invoiceDetailsMissing({ ...fields, amountCents: 0 })).toBe("INVOICE_DETAILS_MISSING");
    // The order number has its own reason.
    expect(invoiceDetailsMissing({ ...fields, orderNumber: null })).toBeNull();
    expect(missingFields({ ...fields, invoiceNumber: null, amountCents: null })).toEqual(["invoiceNumber", "amountCents"]);
  });
});

describe("contactNotFound (CONTACT_NOT_FOUND)", () => {
  it("holds when the supplier is not among the buyer's counterparties", () => {
    expect(contactNotFound(false)).toBe("CONTACT_NOT_FOUND");
    expect(contactNotFound(true)).toBeNull();
  });
});

describe("potentialDuplicate (POTENTIAL_DUPLICATE)", () => {
  const doc = { supplierCompanyId: 42, invoiceNumber: "INV-1001", amountCents: 10_000 };
  it("holds for the same supplier, number (case and spaces aside) and amount", () => {
    expect(potentialDuplicate(doc, [{ supplierCompanyId: 42, invoiceNumber: " inv-1001", amountCents: 10_000 }])).toBe("POTENTIAL_DUPLICATE");
  });
  it("does not hold for another supplier, number or amount", () => {
    expect(potentialDuplicate(doc, [{ supplierCompanyId: 43, invoiceNumber: "INV-1001", amountCents: 10_000 }])).toBeNull();
    expect(potentialDuplicate(doc, [{ supplierCompanyId: 42, invoiceNumber: "INV-1002", amountCents: 10_000 }])).toBeNull();
    expect(potentialDuplicate(doc, [{ supplierCompanyId: 42, invoiceNumber: "INV-1001", amountCents: 10_001 }])).toBeNull();
    expect(potentialDuplicate(doc, [])).toBeNull();
  });
  it("holds when a bill of that supplier already has the number (whatever its amount)", () => {
    expect(potentialDuplicate(doc, [], true)).toBe("POTENTIAL_DUPLICATE");
  });
});

describe("periodExpired (EXPIRED)", () => {
  it("holds for an issue date on or before the lock date", () => {
    expect(periodExpired("2026-10-31", "2026-10-31")).toBe("EXPIRED");
    expect(periodExpired("2026-10-01", "2026-10-31")).toBe("EXPIRED");
    expect(periodExpired("2026-11-01", "2026-10-31")).toBeNull();
    expect(periodExpired("2026-10-01", null)).toBeNull();
    expect(periodExpired(null, "2026-10-31")).toBeNull();
  });
});

describe("orderNumberNotRead (ORDER_NOT_FOUND_OCR)", () => {
  it("holds when no order number was read", () => {
    expect(orderNumberNotRead(null)).toBe("ORDER_NOT_FOUND_OCR");
    expect(orderNumberNotRead("   ")).toBe("ORDER_NOT_FOUND_OCR");
    expect(orderNumberNotRead("PO-1")).toBeNull();
  });
});

describe("orderNotFound (ORDER_NOT_FOUND_GPOS)", () => {
  const supplier = { companyId: 42, name: "Kiwi Supplies Ltd" };
  it("holds when the buyer has no such order", () => {
    expect(orderNotFound(null, supplier)).toBe("ORDER_NOT_FOUND_GPOS");
  });
  it("holds when the order is another supplier's, by company or by name", () => {
    expect(orderNotFound({ ...order, supplierCompanyId: 99 }, supplier)).toBe("ORDER_NOT_FOUND_GPOS");
    expect(orderNotFound({ ...order, supplierCompanyId: null, supplierName: "Tasman Packaging" }, supplier)).toBe("ORDER_NOT_FOUND_GPOS");
  });
  it("does not hold for the supplier's own order (names compared loosely) or an order naming no supplier", () => {
    expect(orderNotFound(order, supplier)).toBeNull();
    expect(orderNotFound({ ...order, supplierCompanyId: null, supplierName: "KIWI SUPPLIES LIMITED." }, supplier)).toBeNull();
    expect(orderNotFound({ ...order, supplierCompanyId: null, supplierName: null }, supplier)).toBeNull();
  });
  it("normalises supplier names", () => {
    expect(normaliseSupplierName("  Kiwi  Supplies Limited. ")).toBe("kiwi supplies ltd");
    expect(normaliseSupplierName("Fish & Chips Co.")).toBe("fish and chips co");
  });
});

describe("purchaseOrderStatusReason (STATUS_MISMATCH / ALREADY_CLOSED)", () => {
  it("accepts OPEN and RECEIPTED orders", () => {
    expect(purchaseOrderStatusReason("OPEN", false)).toBeNull();
    expect(purchaseOrderStatusReason("RECEIPTED", true)).toBeNull();
  });
  it("gives ALREADY_CLOSED for a closed order already billed, STATUS_MISMATCH for one not billed", () => {
    expect(purchaseOrderStatusReason("CLOSED", true)).toBe("ALREADY_CLOSED");
    expect(purchaseOrderStatusReason("CLOSED", false)).toBe("STATUS_MISMATCH");
  });
});

describe("amountVariance (AMOUNT_OVER / AMOUNT_UNDER)", () => {
  it("allows up to the tolerance either way (dollars, default $5)", () => {
    expect(DEFAULT_TOLERANCE_CENTS).toBe(500);
    expect(amountVariance(10_500, 10_000, 500)).toBeNull();
    expect(amountVariance(9_500, 10_000, 500)).toBeNull();
    expect(amountVariance(10_000, 10_000, 0)).toBeNull();
  });
  it("gives AMOUNT_OVER above and AMOUNT_UNDER below the tolerance", () => {
    expect(amountVariance(10_501, 10_000, 500)).toBe("AMOUNT_OVER");
    expect(amountVariance(9_499, 10_000, 500)).toBe("AMOUNT_UNDER");
    expect(amountVariance(10_001, 10_000, 0)).toBe("AMOUNT_OVER");
  });
});

describe("processingQueueFor", () => {
  it("is the counterparty's queue, else the company's, else MANUAL", () => {
    expect(processingQueueFor("MANUAL", "AUTOMATIC")).toBe("MANUAL");
    expect(processingQueueFor(null, "AUTOMATIC")).toBe("AUTOMATIC");
    expect(processingQueueFor(undefined, null)).toBe("MANUAL");
  });
});

describe("processingStatusFor", () => {
  it("gives each reason its bill type (§4.1)", () => {
    for (const reason of ["INVOICE_DETAILS_MISSING", "EXPIRED", "POTENTIAL_DUPLICATE", "ALREADY_CLOSED", "CONTACT_NOT_FOUND"] as const) {
      expect(processingStatusFor(reason, "AUTOMATIC")).toBe("BLOCKED");
    }
    for (const reason of ["ORDER_NOT_FOUND_OCR", "ORDER_NOT_FOUND_GPOS", "STATUS_MISMATCH"] as const) expect(processingStatusFor(reason, "AUTOMATIC")).toBe("PENDING_REVIEW");
    expect(processingStatusFor("AMOUNT_OVER", "AUTOMATIC")).toBe("VARIANCE");
    expect(processingStatusFor("AMOUNT_UNDER", "MANUAL")).toBe("VARIANCE");
  });
  it("authorises a clean match in the AUTOMATIC queue and waits for approval in the MANUAL one", () => {
    expect(processingStatusFor("MATCHED", "AUTOMATIC")).toBe("AUTHORISED");
    expect(processingStatusFor("MATCHED", "MANUAL")).toBe("PENDING_APPROVAL");
  });
});

describe("decideMatch", () => {
  it("matches a clean document and carries the order's amount", () => {
    expect(decideMatch(clean)).toEqual({
      matchStatus: "MATCHED",
      reasons: [],
      processingStatus: "AUTHORISED",
      processingQueue: "AUTOMATIC",
      posAmountCents: 10_000,
      missing: [],
    });
  });
  it("applies the precedence: the first reason that holds is the match status", () => {
    expect(MATCH_PRECEDENCE[0]).toBe("INVOICE_DETAILS_MISSING");
    const everything: MatchInput = {
      ...clean,
      fields: { ...fields, issueDate: "2026-09-01" },
      counterparty: null,
      lockDate: "2026-10-31",
      purchaseOrder: { ...order, status: "CLOSED", amountCents: 1 },
    };
    const decision = decideMatch(everything);
    expect(decision.matchStatus).toBe("CONTACT_NOT_FOUND");
    expect(decision.reasons).toEqual(["CONTACT_NOT_FOUND", "EXPIRED", "STATUS_MISMATCH", "AMOUNT_OVER"]);
    const known = decideMatch({ ...everything, counterparty: clean.counterparty });
    expect(known.reasons).toEqual(["EXPIRED", "STATUS_MISMATCH", "AMOUNT_OVER"]);
    expect(known.processingStatus).toBe("BLOCKED");
    expect(decideMatch({ ...clean, sameNumber: [{ supplierCompanyId: 42, invoiceNumber: "INV-1001", amountCents: 10_000 }], purchaseOrder: null }).reasons).toEqual([
      "POTENTIAL_DUPLICATE",
      "ORDER_NOT_FOUND_GPOS",
    ]);
  });
  it("gives each single reason from its own fault", () => {
    expect(decideMatch({ ...clean, fields: { ...fields, amountCents: null } }).matchStatus).toBe("INVOICE_DETAILS_MISSING");
    expect(decideMatch({ ...clean, fields: { ...fields, orderNumber: null } })).toMatchObject({ matchStatus: "ORDER_NOT_FOUND_OCR", processingStatus: "PENDING_REVIEW", posAmountCents: null });
    expect(decideMatch({ ...clean, purchaseOrder: null })).toMatchObject({ matchStatus: "ORDER_NOT_FOUND_GPOS", posAmountCents: null });
    expect(decideMatch({ ...clean, purchaseOrder: { ...order, status: "CLOSED" }, purchaseOrderBilled: true })).toMatchObject({ matchStatus: "ALREADY_CLOSED", processingStatus: "BLOCKED" });
    expect(decideMatch({ ...clean, fields: { ...fields, amountCents: 20_000 } })).toMatchObject({ matchStatus: "AMOUNT_OVER", processingStatus: "VARIANCE", posAmountCents: 10_000 });
    expect(decideMatch({ ...clean, fields: { ...fields, amountCents: 5_000 } })).toMatchObject({ matchStatus: "AMOUNT_UNDER", processingStatus: "VARIANCE" });
    expect(decideMatch({ ...clean, lockDate: "2026-11-30" }).matchStatus).toBe("EXPIRED");
    expect(decideMatch({ ...clean, sameNumberBill: true }).matchStatus).toBe("POTENTIAL_DUPLICATE");
  });
  it("sends a clean match in the MANUAL queue (the counterparty's) to pending approval", () => {
    expect(decideMatch({ ...clean, counterparty: { ...clean.counterparty!, queue: "MANUAL" } })).toMatchObject({ matchStatus: "MATCHED", processingStatus: "PENDING_APPROVAL", processingQueue: "MANUAL" });
    expect(decideMatch({ ...clean, companyQueue: null }).processingStatus).toBe("PENDING_APPROVAL");
  });
});

describe("isRematchable", () => {
  it("re-decides documents matching placed, never a person's decision or a failed read", () => {
    for (const status of ["PROCESSING", "RETRY", "PENDING_REVIEW", "BLOCKED", "VARIANCE"]) expect(isRematchable(status)).toBe(true);
    for (const status of ["AUTHORISED", "PENDING_APPROVAL", "DELETED", "FAILED"]) expect(isRematchable(status)).toBe(false);
  });
});
