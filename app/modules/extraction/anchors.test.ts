import { describe, expect, it } from "vitest";
import { learnAnchor, readAtAnchor } from "./anchors";

const first = "Wellington Logistics Ltd\nRef No. WL-5531\nDated 9 Nov 2026\nPO Number: PO-7124\nTotal (inc GST) $983.25";
const next = "Wellington Logistics Ltd\nRef No. WL-5560\nDated 16 Nov 2026\nPO Number: PO-7125\nTotal (inc GST) $717.60";

describe("learning an anchor from a correction", () => {
  it("learns the label before a reference and reads the next bill there", () => {
    const anchor = learnAnchor(first, "invoiceNumber", "WL-5531");
    expect(anchor).toEqual({ label: "Ref No.", lineIndex: 1 });
    expect(readAtAnchor(next, "invoiceNumber", anchor!)).toBe("WL-5560");
  });
  it("learns a date's label whatever its format", () => {
    const anchor = learnAnchor(first, "issueDate", "2026-11-09");
    expect(anchor).toEqual({ label: "Dated", lineIndex: 2 });
    expect(readAtAnchor(next, "issueDate", anchor!)).toBe("2026-11-16");
  });
  it("learns an amount's label from cents", () => {
    const anchor = learnAnchor(first, "amountCents", 98325);
    expect(anchor?.label).toBe("Total (inc GST)");
    expect(readAtAnchor(next, "amountCents", anchor!)).toBe(71760);
  });
  it("learns a line's position when nothing stands before the value", () => {
    const anchor = learnAnchor("Acme Ltd\nA-100\nTotal $5.00", "invoiceNumber", "A-100");
    expect(anchor).toEqual({ label: null, lineIndex: 1 });
    expect(readAtAnchor("Acme Ltd\nA-101\nTotal $6.00", "invoiceNumber", anchor!)).toBe("A-101");
  });
  it("learns nothing when the corrected value is not in the text", () => {
    expect(learnAnchor(first, "invoiceNumber", "ZZ-1")).toBeNull();
  });
  it("reads nothing when the next bill lacks the label", () => {
    expect(readAtAnchor("Other layout\nInvoice 5", "invoiceNumber", { label: "Ref No.", lineIndex: 1 })).toBeNull();
  });
});
