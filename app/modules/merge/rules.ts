/**
 * Pure rules of the counterparty merge (part 2 §3 "Merge plan details", §4 "Merge flow (admin)", §5 "Merge";
 * decision 039): which documents may move from one counterparty to another, why the others stay, how credit
 * allocations tie documents together, what a merged relationship keeps, and the progress figure. No I/O.
 */

export const MERGE_JOB_TYPE = "COUNTERPARTY_MERGE";

/** The spec's texts (p2 §4, §8) and ours in its voice where it gives none. */
export const MERGE_MESSAGES = {
  success: "Successfully merged",
  failed: "Merge failed",
  pollError: "Error in merging",
  /** p2 §5 "Merge: needs fromEntityId, toEntityId and rootCounterPartyEntityId": the wording is ours. */
  selectCompany: "Select a company to merge into",
  sameCounterparty: "A company cannot be merged into itself",
  counterpartyNotFound: "Company not found",
  mergeNotFound: "Merge not found",
  alreadyRunning: "A merge of this company is already in progress",
} as const;

/** Why a document stays with the `from` counterparty (decision 039), in the order they are checked. */
export const INVALID_REASONS = [
  "SETTLED_IN_LEDGER",
  "EXECUTION_IN_FLIGHT",
  "SUPPLIER_OFFER_OPEN",
  "PURCHASER_OFFER_CLEARING",
  "NUMBER_TAKEN",
  "CREDIT_LINKED",
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

export const INVALID_REASON_TEXT: Record<InvalidReason, string> = {
  SETTLED_IN_LEDGER: "Paid through Earlybird: the ledger records the payment with this company",
  EXECUTION_IN_FLIGHT: "An offer execution for it is in progress",
  SUPPLIER_OFFER_OPEN: "It is in a supplier offer in CLEARING",
  PURCHASER_OFFER_CLEARING: "It is in a purchaser offer in CLEARING",
  NUMBER_TAKEN: "The other company already has a document with this number",
  CREDIT_LINKED: "A credit allocation ties it to a document that cannot move",
};

export function isInvalidReason(value: unknown): value is InvalidReason {
  return typeof value === "string" && (INVALID_REASONS as readonly string[]).includes(value);
}

export type MergeDocumentKind = "BILL" | "INVOICE" | "CREDIT_NOTE";

export interface InvalidItem {
  kind: MergeDocumentKind;
  id: number;
  number: string;
  reason: InvalidReason;
  message: string;
}

/** Merge plan details (p2 §3). invalidItems lists at most INVALID_ITEMS_SHOWN; the counts count them all. */
export interface MergePlanCounts {
  validBillCount: number;
  validInvoiceCount: number;
  validCreditNoteCount: number;
  invalidBillCount: number;
  invalidInvoiceCount: number;
  invalidCreditNoteCount: number;
}

export const INVALID_ITEMS_SHOWN = 100;

/** What the database says of one document, as the plan and each batch read it. */
export interface DocumentFacts {
  settledInLedger: boolean;
  executionInFlight: boolean;
  supplierOfferOpen: boolean;
  purchaserOfferClearing: boolean;
  numberTaken: boolean;
}

/** The first reason a document cannot move, or null when it may. */
export function invalidReason(facts: DocumentFacts): InvalidReason | null {
  if (facts.settledInLedger) return "SETTLED_IN_LEDGER";
  if (facts.executionInFlight) return "EXECUTION_IN_FLIGHT";
  if (facts.supplierOfferOpen) return "SUPPLIER_OFFER_OPEN";
  if (facts.purchaserOfferClearing) return "PURCHASER_OFFER_CLEARING";
  if (facts.numberTaken) return "NUMBER_TAKEN";
  return null;
}

/** A document key: "I<invoice id>" for bills and invoices (one table), "C<credit note id>" for credit notes. */
export type DocumentKey = `I${number}` | `C${number}`;
export const invoiceKey = (id: number): DocumentKey => `I${id}`;
export const creditNoteKey = (id: number): DocumentKey => `C${id}`;

export interface Allocation {
  creditNoteId: number;
  invoiceId: number;
}

/**
 * Documents joined by credit allocations, as groups that move together (a credit note may only be allocated to its
 * own parties' invoices: moving one side alone would break that). Union-find over the allocation pairs; each group
 * lists its credit notes and invoices in ascending id (the lock order: credit notes first, then invoices).
 */
export function allocationGroups(allocations: readonly Allocation[]): { creditNoteIds: number[]; invoiceIds: number[] }[] {
  const parent = new Map<DocumentKey, DocumentKey>();
  const find = (key: DocumentKey): DocumentKey => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root)!;
    let node = key;
    while (node !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const add = (key: DocumentKey) => {
    if (!parent.has(key)) parent.set(key, key);
  };
  for (const { creditNoteId, invoiceId } of allocations) {
    const a = creditNoteKey(creditNoteId);
    const b = invoiceKey(invoiceId);
    add(a);
    add(b);
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent.set(rootB, rootA);
  }
  const groups = new Map<DocumentKey, { creditNoteIds: number[]; invoiceIds: number[] }>();
  for (const key of parent.keys()) {
    const root = find(key);
    let group = groups.get(root);
    if (!group) groups.set(root, (group = { creditNoteIds: [], invoiceIds: [] }));
    const id = Number(key.slice(1));
    (key.startsWith("C") ? group.creditNoteIds : group.invoiceIds).push(id);
  }
  const result = [...groups.values()];
  for (const group of result) {
    group.creditNoteIds.sort((a, b) => a - b);
    group.invoiceIds.sort((a, b) => a - b);
  }
  return result.sort((a, b) => (a.creditNoteIds[0] ?? Infinity) - (b.creditNoteIds[0] ?? Infinity) || (a.invoiceIds[0] ?? 0) - (b.invoiceIds[0] ?? 0));
}

/**
 * Final reasons of the documents in allocation groups: a group moves whole or not at all, so every member of a group
 * with an invalid document is invalid too (CREDIT_LINKED unless it has a reason of its own).
 */
export function groupReasons(
  groups: readonly { creditNoteIds: number[]; invoiceIds: number[] }[],
  ownReasons: ReadonlyMap<DocumentKey, InvalidReason>
): Map<DocumentKey, InvalidReason> {
  const result = new Map<DocumentKey, InvalidReason>();
  for (const group of groups) {
    const keys = [...group.creditNoteIds.map(creditNoteKey), ...group.invoiceIds.map(invoiceKey)];
    if (!keys.some((key) => ownReasons.has(key))) continue;
    for (const key of keys) result.set(key, ownReasons.get(key) ?? "CREDIT_LINKED");
  }
  return result;
}

/** Splits groups into batches of about `size` documents; a group is never split. */
export function batchGroups<Group extends { creditNoteIds: number[]; invoiceIds: number[] }>(groups: readonly Group[], size: number): Group[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Batch size must be a positive whole number, got ${size}`);
  const batches: Group[][] = [];
  let current: Group[] = [];
  let count = 0;
  for (const group of groups) {
    const n = group.creditNoteIds.length + group.invoiceIds.length;
    if (current.length > 0 && count + n > size) {
      batches.push(current);
      current = [];
      count = 0;
    }
    current.push(group);
    count += n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The relationship settings a merge folds from `from` into `to`. */
export interface CounterpartySettings {
  isSupplier: boolean;
  isCustomer: boolean;
  externalAccountId: string | null;
  nzbn: string | null;
  gstNumber: string | null;
  defaultProcessingQueue: "AUTOMATIC" | "MANUAL" | null;
  paymentTermId: number | null;
  externalBankAccountNumber: string | null;
  glAccountId: number | null;
  periodLockDate: string | null;
  contactEmail: string | null;
  invitedAt: Date | null;
}

/** Settings `to` takes from `from` when it has none of its own. */
const FILL_WHEN_EMPTY = [
  "externalAccountId",
  "nzbn",
  "gstNumber",
  "defaultProcessingQueue",
  "paymentTermId",
  "externalBankAccountNumber",
  "glAccountId",
  "contactEmail",
  "invitedAt",
] as const;

/** Every relationship setting foldSettings reads. */
export const COUNTERPARTY_SETTINGS = ["isSupplier", "isCustomer", ...FILL_WHEN_EMPTY, "periodLockDate"] as const;

/**
 * What `to` takes from `from` (decision 039): each setting `to` has not set; the roles of both (a supplier that was
 * also billed as a customer stays both); the later period lock (a period locked on either stays locked). The offers
 * and scheduled-payments switches are `to`'s own choice and stay. Returns only the fields that change.
 */
export function foldSettings(from: CounterpartySettings, to: CounterpartySettings): Partial<CounterpartySettings> {
  const patch: Partial<CounterpartySettings> = {};
  if (from.isSupplier && !to.isSupplier) patch.isSupplier = true;
  if (from.isCustomer && !to.isCustomer) patch.isCustomer = true;
  for (const field of FILL_WHEN_EMPTY) {
    if ((to[field] === null || to[field] === "") && from[field] !== null && from[field] !== "") {
      (patch as Record<string, unknown>)[field] = from[field];
    }
  }
  if (from.periodLockDate && (!to.periodLockDate || from.periodLockDate > to.periodLockDate)) patch.periodLockDate = from.periodLockDate;
  return patch;
}

/** Progress of a merge: whole percent of the documents settled (moved or found invalid), below 100 until done. */
export function mergeProgress(settled: number, total: number): number {
  if (total <= 0) return 99;
  return Math.min(99, Math.max(0, Math.floor((settled / total) * 99)));
}

/** The three ids a merge needs (p2 §5): different counterparties of one root company. */
export function checkMergeIds(input: { fromCounterpartyId: number; toCounterpartyId: number | null | undefined }): string | null {
  if (!input.toCounterpartyId) return MERGE_MESSAGES.selectCompany;
  if (input.fromCounterpartyId === input.toCounterpartyId) return MERGE_MESSAGES.sameCounterparty;
  return null;
}

/** Plan counts from the documents' kinds and reasons. */
export function countPlan(documents: Iterable<{ kind: MergeDocumentKind; reason: InvalidReason | null; count?: number }>): MergePlanCounts {
  const counts: MergePlanCounts = {
    validBillCount: 0,
    validInvoiceCount: 0,
    validCreditNoteCount: 0,
    invalidBillCount: 0,
    invalidInvoiceCount: 0,
    invalidCreditNoteCount: 0,
  };
  const field = { BILL: "BillCount", INVOICE: "InvoiceCount", CREDIT_NOTE: "CreditNoteCount" } as const;
  for (const doc of documents) {
    const key = `${doc.reason ? "invalid" : "valid"}${field[doc.kind]}` as keyof MergePlanCounts;
    counts[key] += doc.count ?? 1;
  }
  return counts;
}
