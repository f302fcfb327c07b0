import { describe, expect, it } from "vitest";
import { historyLabel, verificationHistory, type HistoryRow } from "./history";

const PERSON = 10;
const COLLEAGUE = 11;
const ADMIN = 99;
const company = new Set([PERSON, COLLEAGUE]);
let next = 0;
const row = (status: HistoryRow["status"], modifiedByUserId: number | null, minute: number, extra: Partial<HistoryRow> = {}): HistoryRow => ({
  id: String(++next),
  status,
  modifiedByUserId,
  createdAt: new Date(Date.UTC(2026, 10, 20, 9, minute)),
  identityDocumentId: null,
  details: {},
  ...extra,
});
const created = { createdAt: new Date(Date.UTC(2026, 10, 20, 8, 0)) };

describe("historyLabel (p3 §4.8)", () => {
  it("names each status, and VERIFIED by who made it", () => {
    expect(historyLabel("NOT_VERIFIED", null, company)).toBe("Created");
    expect(historyLabel("VERIFICATION_FAILED", PERSON, company)).toBe("Verification failed");
    expect(historyLabel("VERIFICATION_PENDING", ADMIN, company)).toBe("Document uploaded");
    expect(historyLabel("VERIFIED", PERSON, company)).toBe("Verified");
    expect(historyLabel("VERIFIED", COLLEAGUE, company)).toBe("Verified");
    expect(historyLabel("VERIFIED", null, company)).toBe("Verified");
    expect(historyLabel("VERIFIED", ADMIN, company)).toBe("Manually verified");
  });
});

describe("verificationHistory", () => {
  it("keeps only the changes of status, newest first, with a Created entry from the person's creation", () => {
    const entries = verificationHistory(
      [
        row("VERIFICATION_FAILED", PERSON, 1, { details: { reasons: ["Licence not found"] } }),
        row("VERIFICATION_FAILED", PERSON, 2),
        row("VERIFICATION_PENDING", PERSON, 3, { identityDocumentId: 5 }),
        row("VERIFICATION_PENDING", ADMIN, 4, { identityDocumentId: 6 }),
        row("VERIFIED", ADMIN, 5),
      ],
      created,
      company
    );
    expect(entries.map((entry) => entry.label)).toEqual(["Manually verified", "Document uploaded", "Verification failed", "Created"]);
    expect(entries[3]).toMatchObject({ id: "created", at: "2026-11-20T08:00:00.000Z", documentId: null });
    // A pending entry shows its document (the first upload: the second is no change of status).
    expect(entries[1].documentId).toBe(5);
    expect(entries[2].details).toEqual({ reasons: ["Licence not found"] });
  });

  it("uses a stored NOT_VERIFIED row as the Created entry, and orders rows by time whatever their order", () => {
    const first = row("NOT_VERIFIED", null, 0);
    const verified = row("VERIFIED", PERSON, 9);
    const entries = verificationHistory([verified, first, row("NOT_VERIFIED", ADMIN, 1)], created, company);
    expect(entries.map((entry) => [entry.label, entry.id])).toEqual([
      ["Verified", verified.id],
      ["Created", first.id],
    ]);
  });

  it("shows a status that comes back after another one again", () => {
    const entries = verificationHistory([row("VERIFIED", PERSON, 1), row("VERIFICATION_PENDING", ADMIN, 2), row("VERIFIED", ADMIN, 3)], created, company);
    expect(entries.map((entry) => entry.label)).toEqual(["Manually verified", "Document uploaded", "Verified", "Created"]);
  });

  it("is just Created for a person with no history", () => {
    expect(verificationHistory([], created, company).map((entry) => entry.label)).toEqual(["Created"]);
  });
});
