/**
 * Allocating a credit note to bills (spec p2 §4 Credit note, §5 Credit allocation, §9), pure and in integer cents.
 */
import type { Cents } from "../../lib/money";

export const INVALID_CREDIT_INPUT = "Invalid credit input";
export const ALLOCATION_EXCEEDS_INVOICE = "Allocated amount exceeds invoice amount";
export const AMOUNT_EXCEEDS_CREDIT = "Amount exceeds available credit";
// Not in the spec (the dialog never sends these); ours, in its voice. Issue 13 part 14: a bill id that cannot be read
// used to be dropped, so the note's credit on that bill was removed and "Credit allocation successful" shown.
export const INVALID_BILL_SELECTION = "The selected bills could not be read. Please open the dialog again and allocate.";
export const NO_BILL_SELECTED = "Please select at least one bill to allocate credit to.";

export type InvoiceId = number;

export interface BillToCredit {
  invoiceId: InvoiceId;
  /** What is still owed on the bill, in cents (0 or less: the bill takes no credit). */
  amountDue: Cents;
}

export interface Allocation {
  invoiceId: InvoiceId;
  allocated: Cents;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be whole cents: ${value}`);
}

/**
 * Equal distribution (p2 §9): "splits eligible credit across bills, capping each at its amount due, minimum 0.01
 * per share, repeating with the remainder".
 *
 * Each round gives every bill that can still take credit an equal share floor(remaining / bills), capped at what
 * the bill still owes; capped bills leave, and the remainder is shared again. When the remainder is smaller than
 * the number of bills (a share would be under one cent), the leftover cents go one each to the first bills in the
 * order given: callers pass bills in the dialog's order (soonest due first), so the most urgent bills take the
 * extra cent, and the same input always gives the same answer.
 *
 * Guarantees: every allocation is a whole number of cents, 0 or at least 1; none exceeds its bill's amount due;
 * the sum never exceeds the credit, and equals min(credit, sum of amounts due); among bills that were not capped
 * the shares differ by at most one cent. The result has one entry per bill, in the given order.
 */
export function distributeEqually(creditCents: Cents, bills: readonly BillToCredit[]): Allocation[] {
  assertCents(creditCents, "creditCents");
  const seen = new Set<InvoiceId>();
  for (const bill of bills) {
    assertCents(bill.amountDue, "amountDue");
    if (seen.has(bill.invoiceId)) throw new RangeError(`Bill ${bill.invoiceId} is listed twice`);
    seen.add(bill.invoiceId);
  }

  const allocated = bills.map(() => 0);
  let remaining = Math.max(0, creditCents);
  // Indexes of bills that can still take credit, in the given order.
  let open = bills.flatMap((bill, index) => (bill.amountDue > 0 ? [index] : []));

  while (remaining > 0 && open.length > 0) {
    const share = Math.floor(remaining / open.length);
    if (share === 0) {
      // Fewer cents than bills: one cent each to the first `remaining` bills (each still owes at least 1 cent).
      for (const index of open.slice(0, remaining)) allocated[index] += 1;
      remaining = 0;
      break;
    }
    const stillOpen: number[] = [];
    for (const index of open) {
      const headroom = bills[index].amountDue - allocated[index];
      const given = Math.min(share, headroom);
      allocated[index] += given;
      remaining -= given;
      if (allocated[index] < bills[index].amountDue) stillOpen.push(index);
    }
    open = stillOpen;
  }

  return bills.map((bill, index) => ({ invoiceId: bill.invoiceId, allocated: allocated[index] as Cents }));
}

export interface AllocationRow {
  invoiceId: InvoiceId;
  /** The bill's amount due now, in cents: after every credit already allocated, this note's included. */
  amountDue: Cents;
  /** The amount of this credit note the dialog allocates to the bill, in cents (the new total for the bill). */
  allocated: Cents;
  /** What this credit note already has allocated to the bill (PARTIALLY_ALLOCATED notes), in cents; default 0. */
  alreadyAllocated?: Cents;
}

export interface AllocationInput {
  /** The credit note's unallocated credit (unallocatedTotal), in cents. */
  creditRemaining: Cents;
  allocations: readonly AllocationRow[];
}

export interface AllocationError {
  /** The bill whose input is wrong, or null for the dialog-wide "Amount exceeds available credit". */
  invoiceId: InvoiceId | null;
  message: string;
}

export interface AllocationCheck {
  errors: AllocationError[];
  /** Sum of the dialog's allocations (new totals per bill). */
  totalAllocated: Cents;
  /** Sum of what this note already had allocated to these bills (the "already-used amount"). */
  alreadyAllocated: Cents;
  /** Credit left after this allocation: creditRemaining − (totalAllocated − alreadyAllocated). May be negative. */
  remainingAfter: Cents;
}

/**
 * The three inline errors of p2 §5, per bill then for the whole dialog:
 * - an amount below 0 (or not whole cents): "Invalid credit input";
 * - an amount above what the bill can take: "Allocated amount exceeds invoice amount". A bill can take its amount
 *   due plus what this note already allocated to it (re-allocating existing credit frees it first);
 * - more new credit than the note has left: "Amount exceeds available credit".
 */
export function validateAllocation(input: AllocationInput): AllocationCheck {
  assertCents(input.creditRemaining, "creditRemaining");
  const errors: AllocationError[] = [];
  let totalAllocated = 0;
  let alreadyAllocated = 0;
  for (const row of input.allocations) {
    const already = row.alreadyAllocated ?? 0;
    assertCents(row.amountDue, "amountDue");
    assertCents(already, "alreadyAllocated");
    alreadyAllocated += already;
    if (!Number.isSafeInteger(row.allocated) || row.allocated < 0) {
      errors.push({ invoiceId: row.invoiceId, message: INVALID_CREDIT_INPUT });
      continue;
    }
    totalAllocated += row.allocated;
    if (row.allocated > row.amountDue + already) errors.push({ invoiceId: row.invoiceId, message: ALLOCATION_EXCEEDS_INVOICE });
  }
  const remainingAfter = input.creditRemaining - (totalAllocated - alreadyAllocated);
  if (remainingAfter < 0) errors.push({ invoiceId: null, message: AMOUNT_EXCEEDS_CREDIT });
  return { errors, totalAllocated, alreadyAllocated, remainingAfter };
}

/**
 * The Allocate button (p2 §5) is disabled when nothing is allocated, the allocation equals the already-used
 * amount, any error exists, or the remaining credit is negative.
 */
export function canAllocate(input: AllocationInput): boolean {
  const check = validateAllocation(input);
  if (check.totalAllocated === 0) return false;
  if (check.totalAllocated === check.alreadyAllocated) return false;
  if (check.errors.length > 0) return false;
  return check.remainingAfter >= 0;
}

/**
 * An amount typed in the allocation dialog ("$1,234.5", "12", ""), in cents: empty is 0; anything that is not an
 * amount with at most 2 decimals is NaN, which validateAllocation reports as "Invalid credit input" (as it does a
 * negative amount).
 */
export function parseAllocationAmount(text: string): Cents {
  const trimmed = text
    .trim()
    .replace(/^(-?)\s*\$\s*/, "$1")
    .replace(/,/g, "");
  if (trimmed === "") return 0;
  const match = /^(-)?(\d{0,12})(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match || (match[2] === "" && !match[3])) return Number.NaN;
  const cents = Number(match[2] || "0") * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return (match[1] && cents !== 0 ? -cents : cents) as Cents;
}

/** Cents as the dialog's input shows them after blur: "1234.50" (no $, no separators, so it parses back). */
export function formatAllocationInput(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The allocation form's field holding a bill's amount. */
export const allocationFieldName = (invoiceId: InvoiceId) => `amount-${invoiceId}`;

export type AllocationForm =
  | {
      ok: true;
      invoiceIds: InvoiceId[];
      /** Cents per bill; NaN where the input is not an amount. */
      amounts: Map<InvoiceId, Cents>;
    }
  | { ok: false; message: string };

/**
 * The allocation form (FormData or URLSearchParams entries): `bill` once per bill in the dialog, `amount-<id>` per
 * bill; repeats kept once. The bills are the note's whole new allocation (a bill left out gives its credit back), so a
 * `bill` that is not a positive integer id refuses the form rather than being dropped, and so does a form without bills.
 */
export function readAllocationForm(entries: Iterable<[string, unknown]>): AllocationForm {
  const invoiceIds: InvoiceId[] = [];
  const raw = new Map<string, string>();
  for (const [key, value] of entries) {
    if (key === "bill") {
      const text = typeof value === "string" ? value.trim() : "";
      const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
      if (id < 1 || id > 2_147_483_647) return { ok: false, message: INVALID_BILL_SELECTION };
      if (!invoiceIds.includes(id)) invoiceIds.push(id);
    } else if (key.startsWith("amount-") && typeof value === "string") {
      raw.set(key, value);
    }
  }
  if (invoiceIds.length === 0) return { ok: false, message: NO_BILL_SELECTED };
  const amounts = new Map(invoiceIds.map((id) => [id, parseAllocationAmount(raw.get(allocationFieldName(id)) ?? "")] as [InvoiceId, Cents]));
  return { ok: true, invoiceIds, amounts };
}

export interface DialogBill {
  invoiceId: InvoiceId;
  /** Owed now, after every credit (this note's included). */
  amountDue: Cents;
  /** This note's credit on the bill now. */
  alreadyAllocated: Cents;
  /** A paid bill keeps the credit it has and takes no more. */
  paid: boolean;
}

/**
 * Equal distribution in the allocation dialog: the note's unallocated credit plus what it already holds on the
 * dialog's unpaid bills is shared again over those bills (each can take its amount due plus this note's credit on
 * it); a paid bill keeps its credit unchanged. The result can be sent as is to allocate.
 */
export function equalAllocationForDialog(unallocated: Cents, bills: readonly DialogBill[]): Allocation[] {
  let credit = unallocated;
  for (const bill of bills) if (!bill.paid) credit += bill.alreadyAllocated;
  const shares = distributeEqually(
    credit as Cents,
    bills.map((bill) => ({ invoiceId: bill.invoiceId, amountDue: (bill.paid ? 0 : bill.amountDue + bill.alreadyAllocated) as Cents }))
  );
  return shares.map((share, index) => (bills[index].paid ? { invoiceId: share.invoiceId, allocated: bills[index].alreadyAllocated } : share));
}
