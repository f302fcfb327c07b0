import type { PersonVerificationStatus } from "../../../db/models/user";

/** The labels of the verification history panel (spec p3 §4.8). */
export type HistoryLabel = "Created" | "Verification failed" | "Document uploaded" | "Verified" | "Manually verified";

/** One stored verification_history row, as the history panel needs it. */
export interface HistoryRow {
  id: string;
  status: PersonVerificationStatus;
  modifiedByUserId: number | null;
  createdAt: Date | string;
  identityDocumentId: number | null;
  details: Record<string, unknown>;
}

export interface HistoryEntry {
  /** The row's id, or "created" for the entry made from the person's creation time. */
  id: string;
  status: PersonVerificationStatus;
  label: HistoryLabel;
  at: string;
  modifiedByUserId: number | null;
  /** The uploaded document of a "Document uploaded" entry. */
  documentId: number | null;
  details: Record<string, unknown>;
}

/**
 * The label of a status (p3 §4.8). VERIFIED is "Verified" when the change was made by one of the company's users (the
 * person themselves, or a colleague) or by the identity provider on its own (no modifier); a change by anyone else
 * (an admin) is "Manually verified".
 */
export function historyLabel(status: PersonVerificationStatus, modifiedByUserId: number | null, companyUserIds: ReadonlySet<number>): HistoryLabel {
  switch (status) {
    case "NOT_VERIFIED":
      return "Created";
    case "VERIFICATION_FAILED":
      return "Verification failed";
    case "VERIFICATION_PENDING":
      return "Document uploaded";
    case "VERIFIED":
      return modifiedByUserId === null || companyUserIds.has(modifiedByUserId) ? "Verified" : "Manually verified";
  }
}

/**
 * A person's history reduced to the entries where the status changes (p3 §4.8), newest first. A person starts
 * NOT_VERIFIED: when no row records that, the person's creation time gives the "Created" entry (nothing is written
 * for it), and a first row that repeats NOT_VERIFIED is that entry.
 */
export function verificationHistory(rows: readonly HistoryRow[], person: { createdAt: Date | string }, companyUserIds: ReadonlySet<number>): HistoryEntry[] {
  const ordered = [...rows].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || Number(a.id) - Number(b.id));
  const entries: HistoryEntry[] = [];
  if (ordered[0]?.status !== "NOT_VERIFIED") {
    entries.push({
      id: "created",
      status: "NOT_VERIFIED",
      label: "Created",
      at: new Date(person.createdAt).toISOString(),
      modifiedByUserId: null,
      documentId: null,
      details: {},
    });
  }
  let previous: PersonVerificationStatus | null = entries.length > 0 ? "NOT_VERIFIED" : null;
  for (const row of ordered) {
    if (row.status === previous) continue;
    previous = row.status;
    entries.push({
      id: row.id,
      status: row.status,
      label: historyLabel(row.status, row.modifiedByUserId, companyUserIds),
      at: new Date(row.createdAt).toISOString(),
      modifiedByUserId: row.modifiedByUserId,
      documentId: row.status === "VERIFICATION_PENDING" ? row.identityDocumentId : null,
      details: row.details,
    });
  }
  return entries.reverse();
}
