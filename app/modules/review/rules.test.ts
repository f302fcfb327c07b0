import { describe, expect, it } from "vitest";
import type { Cents } from "../../lib/money";
import {
  actionsFor,
  authoriseCeiling,
  canEditDocument,
  canSendForReview,
  checkAuthorisedAmount,
  checkDocumentEdit,
  editResetsAllocation,
  fixedAuthoriseAmount,
  prefilledAuthoriseAmount,
  REVIEW_MESSAGES,
  type ActionContext,
} from "./rules";

const c = (value: number) => value as Cents;
const dollars = (cents: Cents) => `$${(cents / 100).toFixed(2)}`;
const base: ActionContext = {
  processingStatus: "PENDING_REVIEW",
  matchStatus: "ORDER_NOT_FOUND_OCR",
  liteMode: false,
  sendToPendingApprovalEnabled: false,
  editing: false,
};

describe("actionsFor (p3 §4.1)", () => {
  it("PENDING_REVIEW and BLOCKED confirm or delete", () => {
    expect(actionsFor(base)).toEqual(["CONFIRM", "DELETE"]);
    expect(actionsFor({ ...base, processingStatus: "BLOCKED", matchStatus: "POTENTIAL_DUPLICATE" })).toEqual(["CONFIRM", "DELETE"]);
  });

  it("offers Send to Pending Approval only with lite mode, the flag and one of the four reasons", () => {
    const on = { ...base, liteMode: true, sendToPendingApprovalEnabled: true };
    for (const reason of ["ORDER_NOT_FOUND_OCR", "ORDER_NOT_FOUND_GPOS", "AMOUNT_OVER", "AMOUNT_UNDER"] as const)
      expect(actionsFor({ ...on, matchStatus: reason })).toEqual(["CONFIRM", "SEND_TO_PENDING_APPROVAL", "DELETE"]);
    expect(actionsFor({ ...on, matchStatus: "STATUS_MISMATCH" })).toEqual(["CONFIRM", "DELETE"]);
    expect(actionsFor({ ...on, liteMode: false })).toEqual(["CONFIRM", "DELETE"]);
    expect(actionsFor({ ...on, sendToPendingApprovalEnabled: false })).toEqual(["CONFIRM", "DELETE"]);
  });

  it("VARIANCE authorises or sends for review; PENDING_APPROVAL authorises", () => {
    expect(actionsFor({ ...base, processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" })).toEqual(["AUTHORISE", "SEND_FOR_REVIEW", "DELETE"]);
    expect(actionsFor({ ...base, processingStatus: "PENDING_APPROVAL", matchStatus: "MATCHED" })).toEqual(["AUTHORISE", "DELETE"]);
  });

  it("PROCESSING toggles editing; UNMATCHED submits for processing", () => {
    expect(actionsFor({ ...base, processingStatus: "PROCESSING" })).toEqual(["ENABLE_EDITING", "DELETE"]);
    expect(actionsFor({ ...base, processingStatus: "PROCESSING", editing: true })).toEqual(["DONE_EDITING", "DELETE"]);
    expect(actionsFor({ ...base, processingStatus: "UNMATCHED" })).toEqual(["SUBMIT_FOR_PROCESSING", "DELETE"]);
  });

  it("AUTHORISED and DELETED offer nothing; documents the job holds only Delete", () => {
    expect(actionsFor({ ...base, processingStatus: "AUTHORISED" })).toEqual([]);
    expect(actionsFor({ ...base, processingStatus: "DELETED" })).toEqual([]);
    for (const status of ["QUEUED", "RETRY", "FAILED"] as const) expect(actionsFor({ ...base, processingStatus: status })).toEqual(["DELETE"]);
  });

  it("only a variance can be sent for review", () => {
    expect(canSendForReview("VARIANCE")).toBe(true);
    for (const status of ["PENDING_REVIEW", "BLOCKED", "PENDING_APPROVAL", "PROCESSING", "UNMATCHED", "AUTHORISED"] as const)
      expect(canSendForReview(status)).toBe(false);
  });
});

describe("the authorised amount (p3 §5)", () => {
  it("a variance's ceiling is its order's amount plus the tolerance; otherwise the invoice amount's", () => {
    expect(authoriseCeiling({ processingStatus: "VARIANCE", invoiceAmount: c(56_350), posAmount: c(50_000), toleranceCents: c(500) })).toBe(50_500);
    expect(authoriseCeiling({ processingStatus: "VARIANCE", invoiceAmount: c(56_350), posAmount: null, toleranceCents: c(500) })).toBe(56_850);
    // AMOUNT_UNDER: the invoice is below its order; never more than the supplier billed (plus the tolerance).
    expect(authoriseCeiling({ processingStatus: "VARIANCE", invoiceAmount: c(29_900), posAmount: c(35_000), toleranceCents: c(500) })).toBe(30_400);
    expect(authoriseCeiling({ processingStatus: "VARIANCE", invoiceAmount: null, posAmount: c(35_000), toleranceCents: c(500) })).toBe(35_500);
    expect(authoriseCeiling({ processingStatus: "PENDING_APPROVAL", invoiceAmount: c(56_350), posAmount: c(50_000), toleranceCents: c(500) })).toBe(56_850);
    expect(authoriseCeiling({ processingStatus: "PENDING_APPROVAL", invoiceAmount: null, posAmount: null, toleranceCents: c(500) })).toBeNull();
  });

  it("checks required, then greater than 0, then the ceiling, with the spec's messages", () => {
    expect(checkAuthorisedAmount(null, c(50_500), dollars)).toEqual({ ok: false, message: "Authorised amount is required" });
    expect(checkAuthorisedAmount(c(0), c(50_500), dollars)).toEqual({ ok: false, message: "Authorised amount should be greater than 0" });
    expect(checkAuthorisedAmount(c(-100), c(50_500), dollars)).toEqual({ ok: false, message: "Authorised amount should be greater than 0" });
    expect(checkAuthorisedAmount(c(50_501), c(50_500), dollars)).toEqual({ ok: false, message: "Authorised amount should not be greater than $505.00" });
    expect(checkAuthorisedAmount(c(50_500), c(50_500), dollars)).toEqual({ ok: true, amount: 50_500 });
    expect(checkAuthorisedAmount(c(1), c(50_500), dollars)).toEqual({ ok: true, amount: 1 });
  });

  it("is fixed to the invoice amount in PENDING_APPROVAL, whose button names it", () => {
    expect(fixedAuthoriseAmount("PENDING_APPROVAL", c(56_350))).toBe(56_350);
    expect(fixedAuthoriseAmount("VARIANCE", c(56_350))).toBeNull();
    expect(REVIEW_MESSAGES.authoriseButton("$563.50")).toBe("Authorise $563.50");
  });

  it("pre-fills the line items' sum with flexible allocation, else what the ceiling accepts before the tolerance", () => {
    const items = [{ amount: c(42_000) }, { amount: c(7_000) }];
    const base = { invoiceAmount: c(56_350), posAmount: c(50_000), processingStatus: "VARIANCE" as const };
    expect(prefilledAuthoriseAmount({ ...base, lineItems: items, flexibleAllocation: true })).toBe(49_000);
    // Over its order: the order's amount; under it: the invoice's; never above the ceiling.
    expect(prefilledAuthoriseAmount({ ...base, lineItems: items, flexibleAllocation: false })).toBe(50_000);
    expect(prefilledAuthoriseAmount({ ...base, posAmount: c(60_000), lineItems: [], flexibleAllocation: true })).toBe(56_350);
    expect(prefilledAuthoriseAmount({ ...base, posAmount: null, lineItems: [], flexibleAllocation: false })).toBe(56_350);
    expect(prefilledAuthoriseAmount({ ...base, processingStatus: "PENDING_APPROVAL", lineItems: [], flexibleAllocation: false })).toBe(56_350);
    for (const posAmount of [c(40_000), c(56_350), c(70_000)]) {
      const prefill = prefilledAuthoriseAmount({ ...base, posAmount, lineItems: [], flexibleAllocation: false })!;
      expect(prefill).toBeLessThanOrEqual(authoriseCeiling({ ...base, posAmount, toleranceCents: c(0) })!);
    }
  });
});

describe("a reviewer's edit (p3 §4.1)", () => {
  const today = "2026-11-27";
  it("refuses an amount under 0.01, a future issue date and notes over 512 characters", () => {
    expect(checkDocumentEdit({ invoiceAmount: c(0), issueDate: "2026-11-28", userNotes: "x".repeat(513) }, today)).toEqual({
      invoiceAmount: REVIEW_MESSAGES.invoiceAmountMinimum,
      issueDate: REVIEW_MESSAGES.futureIssueDate,
      userNotes: REVIEW_MESSAGES.notesTooLong,
    });
    expect(checkDocumentEdit({ invoiceAmount: c(1), issueDate: today, userNotes: "é".repeat(512) }, today)).toEqual({});
  });

  it("an amount change resets the GL allocation; the same amount or no amount does not", () => {
    expect(editResetsAllocation(c(56_350), c(56_300))).toBe(true);
    expect(editResetsAllocation(c(56_350), c(56_350))).toBe(false);
    expect(editResetsAllocation(c(56_350), undefined)).toBe(false);
  });
});

describe("canEditDocument (p3 §4.1)", () => {
  it("opens the review lists' documents, a PROCESSING bill only while editing, and nothing the job holds or that is final", () => {
    for (const status of ["PENDING_REVIEW", "BLOCKED", "VARIANCE", "PENDING_APPROVAL", "UNMATCHED"] as const)
      expect(canEditDocument({ processingStatus: status, editing: false })).toBe(true);
    expect(canEditDocument({ processingStatus: "PROCESSING", editing: false })).toBe(false);
    expect(canEditDocument({ processingStatus: "PROCESSING", editing: true })).toBe(true);
    for (const status of ["QUEUED", "RETRY", "FAILED", "AUTHORISED", "DELETED"] as const)
      expect(canEditDocument({ processingStatus: status, editing: true })).toBe(false);
  });
});
