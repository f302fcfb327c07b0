import { useEffect, useState, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/** Label and style of a credit note's status (p2 §3: UNALLOCATED, PARTIALLY_ALLOCATED; ALLOCATED when used up). */
const NOTE_STATUS: Record<string, { label: string; variant: "info" | "warning" | "success" }> = {
  UNALLOCATED: { label: "Unallocated", variant: "info" },
  PARTIALLY_ALLOCATED: { label: "Partially allocated", variant: "warning" },
  ALLOCATED: { label: "Allocated", variant: "success" },
};

export function CreditNoteStatus({ status }: { status: string }) {
  const shown = NOTE_STATUS[status] ?? { label: status, variant: "info" as const };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}

/** Label of a bill's stored status (p2 §4 bill statuses). */
const BILL_STATUS: Record<string, string> = {
  CASHBACK_AVAILABLE: "Cashback Available",
  PAYMENT_OFFERED: "Payment Offered",
  CASHBACK_OFFERED: "Cashback Offered",
  NOT_ELIGIBLE: "Not Eligible",
  NOT_ELIGIBLE_EXPIRED: "Not Eligible (Expired)",
  NOT_ELIGIBLE_OFFER_PENDING: "Offer Pending",
  NO_CASHBACK: "Not Eligible",
  PAID: "Paid",
};

export function billStatusLabel(billStatus: string | null, paidDate: string | null): string {
  if (paidDate) return "Paid";
  return billStatus ? BILL_STATUS[billStatus] ?? billStatus : "Open";
}

/** A two-column list of label/value pairs that wraps to one column on narrow dialogs. */
export function DetailList({ items, className }: { items: { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2", className)}>
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd className="break-words font-medium">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** False on the server and in the first client render, true once React has hydrated (JS-only behaviour). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
