import { describe, expect, it } from "vitest";
import { BILL_DOCUMENT_PROCESSING_STATUSES } from "../../../db/models/bill-document";
import { cleanFileName, inboundAddressOf, inboundCodeOf, isBillAttachment, reasonLabel, REVIEW_LIST_STATUSES, MATCH_STATUS_LABELS } from "./rules";

describe("inboundCodeOf", () => {
  const domain = "bills.earlybird.test";
  it("reads the code of an address of the domain, any case, a +tag ignored", () => {
    expect(inboundCodeOf("ab12cd34ef56@bills.earlybird.test", domain)).toBe("ab12cd34ef56");
    expect(inboundCodeOf("AB12CD34EF56@Bills.Earlybird.Test", domain)).toBe("ab12cd34ef56");
    expect(inboundCodeOf("harbourfoods+march@bills.earlybird.test", domain)).toBe("harbourfoods");
  });
  it("is null for another domain, and empty (no such code) for a local part no code can be", () => {
    expect(inboundCodeOf("ab12cd34ef56@example.test", domain)).toBeNull();
    expect(inboundCodeOf("ab12cd34ef56@sub.bills.earlybird.test", domain)).toBeNull();
    expect(inboundCodeOf("no-at-sign", domain)).toBeNull();
    expect(inboundCodeOf("a@bills.earlybird.test", domain)).toBe("");
    expect(inboundCodeOf("bad_code!@bills.earlybird.test", domain)).toBe("");
  });
  it("round-trips with inboundAddressOf", () => {
    expect(inboundCodeOf(inboundAddressOf("harbourfoods", domain), domain)).toBe("harbourfoods");
  });
});

describe("cleanFileName", () => {
  it("keeps the last path segment without control characters, at most 255 characters, never empty", () => {
    expect(cleanFileName("C:\\Users\\pat\\bill.pdf")).toBe("bill.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("in\u0000voice\n.pdf")).toBe("invoice.pdf");
    expect(cleanFileName("   ")).toBe("document");
    expect(cleanFileName(`${"a".repeat(300)}.pdf`)).toHaveLength(255);
  });
});

describe("the review lists", () => {
  it("show every status but AUTHORISED and DELETED, each in exactly one list", () => {
    const listed = Object.values(REVIEW_LIST_STATUSES).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(BILL_DOCUMENT_PROCESSING_STATUSES.filter((status) => status !== "AUTHORISED" && status !== "DELETED").sort());
    expect(REVIEW_LIST_STATUSES.variances).toEqual(["VARIANCE"]);
  });
  it("label a row by its match reason (p3 §4.1), or by where processing stands", () => {
    expect(reasonLabel({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" })).toBe("Variance Found");
    expect(reasonLabel({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_UNDER" })).toBe("Variance Found");
    expect(reasonLabel({ processingStatus: "BLOCKED", matchStatus: "EXPIRED" })).toBe("Period Locked");
    expect(reasonLabel({ processingStatus: "QUEUED", matchStatus: null })).toBe("Queued");
    expect(reasonLabel({ processingStatus: "FAILED", matchStatus: null })).toBe("Could not be read");
    expect(reasonLabel({ processingStatus: "AUTHORISED", matchStatus: "MATCHED" })).toBe("");
    // A confirmed bill (decision 052): what it waits for, else Confirmed; a document being read says so.
    expect(reasonLabel({ processingStatus: "PROCESSING", matchStatus: "CONTACT_NOT_FOUND", confirmed: true })).toBe("Contact Not Found");
    expect(reasonLabel({ processingStatus: "PROCESSING", matchStatus: null, confirmed: true })).toBe("Confirmed");
    expect(reasonLabel({ processingStatus: "PROCESSING", matchStatus: null })).toBe("Reading the document");
    expect(reasonLabel({ processingStatus: "UNMATCHED", matchStatus: null })).toBe("Unmatched");
    expect(reasonLabel({ processingStatus: "UNMATCHED", matchStatus: "ORDER_NOT_FOUND_GPOS" })).toBe("No PO Match");
    expect(MATCH_STATUS_LABELS).toMatchObject({
      ORDER_NOT_FOUND_OCR: "No PO Found",
      ORDER_NOT_FOUND_GPOS: "No PO Match",
      STATUS_MISMATCH: "No Status Match",
      ALREADY_CLOSED: "Closed Bill",
      INVOICE_DETAILS_MISSING: "Missing Data",
      POTENTIAL_DUPLICATE: "Duplicate Bill",
      CONTACT_NOT_FOUND: "Contact Not Found",
    });
  });
});

describe("isBillAttachment", () => {
  it("takes a file named or typed as a PDF, JPG or PNG, and nothing else", () => {
    expect(isBillAttachment({ fileName: "INV-1.PDF", contentType: "application/octet-stream" })).toBe(true);
    expect(isBillAttachment({ fileName: null, contentType: "application/pdf; name=x" })).toBe(true);
    expect(isBillAttachment({ fileName: "scan.jpeg", contentType: null })).toBe(true);
    expect(isBillAttachment({ fileName: "terms.txt", contentType: "text/plain" })).toBe(false);
    expect(isBillAttachment({ fileName: "logo.gif", contentType: "image/gif" })).toBe(false);
  });
});
