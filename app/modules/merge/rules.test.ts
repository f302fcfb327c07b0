import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  INVALID_REASONS,
  MERGE_MESSAGES,
  allocationGroups,
  batchGroups,
  checkMergeIds,
  countPlan,
  creditNoteKey,
  foldSettings,
  groupReasons,
  invalidReason,
  invoiceKey,
  mergeProgress,
  type CounterpartySettings,
  type DocumentFacts,
} from "./rules";

const clean: DocumentFacts = { settledInLedger: false, executionInFlight: false, supplierOfferOpen: false, purchaserOfferClearing: false, numberTaken: false };

const settings = (overrides: Partial<CounterpartySettings> = {}): CounterpartySettings => ({
  isSupplier: false,
  isCustomer: false,
  externalAccountId: null,
  nzbn: null,
  gstNumber: null,
  defaultProcessingQueue: null,
  paymentTermId: null,
  externalBankAccountNumber: null,
  glAccountId: null,
  periodLockDate: null,
  contactEmail: null,
  invitedAt: null,
  ...overrides,
});

describe("invalidReason", () => {
  it("lets a document with no hold move", () => {
    expect(invalidReason(clean)).toBeNull();
  });

  it("keeps back a document for each fact, the ledger first", () => {
    expect(invalidReason({ ...clean, settledInLedger: true })).toBe("SETTLED_IN_LEDGER");
    expect(invalidReason({ ...clean, executionInFlight: true })).toBe("EXECUTION_IN_FLIGHT");
    expect(invalidReason({ ...clean, supplierOfferOpen: true })).toBe("SUPPLIER_OFFER_OPEN");
    expect(invalidReason({ ...clean, purchaserOfferClearing: true })).toBe("PURCHASER_OFFER_CLEARING");
    expect(invalidReason({ ...clean, numberTaken: true })).toBe("NUMBER_TAKEN");
    expect(invalidReason({ ...clean, numberTaken: true, supplierOfferOpen: true, settledInLedger: true })).toBe("SETTLED_IN_LEDGER");
  });

  it("keeps back exactly the documents with at least one fact (property)", () => {
    fc.assert(
      fc.property(fc.record({ settledInLedger: fc.boolean(), executionInFlight: fc.boolean(), supplierOfferOpen: fc.boolean(), purchaserOfferClearing: fc.boolean(), numberTaken: fc.boolean() }), (facts) => {
        const reason = invalidReason(facts);
        expect(reason === null).toBe(!Object.values(facts).some(Boolean));
        if (reason) expect(INVALID_REASONS).toContain(reason);
      })
    );
  });
});

describe("allocation groups", () => {
  it("joins credit notes and invoices tied by allocations, transitively", () => {
    const groups = allocationGroups([
      { creditNoteId: 1, invoiceId: 10 },
      { creditNoteId: 2, invoiceId: 10 },
      { creditNoteId: 2, invoiceId: 11 },
      { creditNoteId: 3, invoiceId: 12 },
    ]);
    expect(groups).toEqual([
      { creditNoteIds: [1, 2], invoiceIds: [10, 11] },
      { creditNoteIds: [3], invoiceIds: [12] },
    ]);
  });

  it("has no groups without allocations", () => {
    expect(allocationGroups([])).toEqual([]);
  });

  it("puts every document in exactly one group (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ creditNoteId: fc.integer({ min: 1, max: 20 }), invoiceId: fc.integer({ min: 1, max: 20 }) }), { maxLength: 40 }), (allocations) => {
        const groups = allocationGroups(allocations);
        const cns = groups.flatMap((g) => g.creditNoteIds);
        const invs = groups.flatMap((g) => g.invoiceIds);
        expect(new Set(cns).size).toBe(cns.length);
        expect(new Set(invs).size).toBe(invs.length);
        expect(new Set(cns)).toEqual(new Set(allocations.map((a) => a.creditNoteId)));
        for (const a of allocations) {
          const group = groups.find((g) => g.creditNoteIds.includes(a.creditNoteId));
          expect(group?.invoiceIds).toContain(a.invoiceId);
        }
      })
    );
  });

  it("keeps a whole group back when one of its documents cannot move", () => {
    const groups = allocationGroups([
      { creditNoteId: 1, invoiceId: 10 },
      { creditNoteId: 1, invoiceId: 11 },
      { creditNoteId: 2, invoiceId: 12 },
    ]);
    const reasons = groupReasons(groups, new Map([[invoiceKey(11), "SUPPLIER_OFFER_OPEN"]]));
    expect(Object.fromEntries(reasons)).toEqual({ C1: "CREDIT_LINKED", I10: "CREDIT_LINKED", I11: "SUPPLIER_OFFER_OPEN" });
    expect(reasons.has(creditNoteKey(2))).toBe(false);
  });

  it("batches whole groups of about the batch size", () => {
    const g = (n: number, first: number) => ({ creditNoteIds: [first], invoiceIds: Array.from({ length: n - 1 }, (_, i) => first * 100 + i) });
    const batches = batchGroups([g(2, 1), g(2, 2), g(3, 3), g(5, 4)], 4);
    expect(batches.map((batch) => batch.map((group) => group.creditNoteIds[0]))).toEqual([[1, 2], [3], [4]]);
    expect(() => batchGroups([], 0)).toThrow(RangeError);
  });
});

describe("foldSettings", () => {
  it("fills what `to` lacks from `from` and keeps what `to` has", () => {
    const from = settings({ isSupplier: true, contactEmail: "ap@kiwi.test", externalAccountId: "KIWI-1", glAccountId: 4, paymentTermId: 7, defaultProcessingQueue: "AUTOMATIC" });
    const to = settings({ isSupplier: true, glAccountId: 9 });
    expect(foldSettings(from, to)).toEqual({ contactEmail: "ap@kiwi.test", externalAccountId: "KIWI-1", paymentTermId: 7, defaultProcessingQueue: "AUTOMATIC" });
  });

  it("joins the roles and keeps the later period lock", () => {
    expect(foldSettings(settings({ isCustomer: true, periodLockDate: "2026-10-31" }), settings({ isSupplier: true, periodLockDate: "2026-09-30" }))).toEqual({
      isCustomer: true,
      periodLockDate: "2026-10-31",
    });
    expect(foldSettings(settings({ periodLockDate: "2026-08-31" }), settings({ periodLockDate: "2026-09-30" }))).toEqual({});
  });

  it("changes nothing when folded twice (property: idempotent)", () => {
    fc.assert(
      fc.property(fc.option(fc.emailAddress(), { nil: null }), fc.option(fc.emailAddress(), { nil: null }), fc.boolean(), fc.boolean(), (a, b, s, c) => {
        const from = settings({ contactEmail: a, isSupplier: s });
        const to = settings({ contactEmail: b, isCustomer: c });
        const once = { ...to, ...foldSettings(from, to) };
        expect(foldSettings(from, once)).toEqual({});
      })
    );
  });
});

describe("merge ids, counts and progress", () => {
  it("needs a `to` different from `from`", () => {
    expect(checkMergeIds({ fromCounterpartyId: 1, toCounterpartyId: null })).toBe(MERGE_MESSAGES.selectCompany);
    expect(checkMergeIds({ fromCounterpartyId: 1, toCounterpartyId: 1 })).toBe(MERGE_MESSAGES.sameCounterparty);
    expect(checkMergeIds({ fromCounterpartyId: 1, toCounterpartyId: 2 })).toBeNull();
  });

  it("counts valid and invalid documents by kind", () => {
    expect(
      countPlan([
        { kind: "BILL", reason: null, count: 3 },
        { kind: "BILL", reason: "NUMBER_TAKEN" },
        { kind: "INVOICE", reason: null },
        { kind: "CREDIT_NOTE", reason: "CREDIT_LINKED", count: 2 },
      ])
    ).toEqual({ validBillCount: 3, validInvoiceCount: 1, validCreditNoteCount: 0, invalidBillCount: 1, invalidInvoiceCount: 0, invalidCreditNoteCount: 2 });
  });

  it("reports whole percent below 100 until the job completes", () => {
    expect(mergeProgress(0, 200)).toBe(0);
    expect(mergeProgress(100, 200)).toBe(49);
    expect(mergeProgress(200, 200)).toBe(99);
    expect(mergeProgress(0, 0)).toBe(99);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        expect(mergeProgress(Math.min(a, b), Math.max(a, b))).toBeLessThanOrEqual(99);
      })
    );
  });
});
