import { useEffect, useState, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { StatusBadge } from "~/components/ui/status-badge";
import { statusLabel } from "~/lib/status-labels";

/** A credit note's status (p2 §3: UNALLOCATED, PARTIALLY_ALLOCATED; ALLOCATED when used up). */
export function CreditNoteStatus({ status }: { status: string }) {
  return <StatusBadge kind="creditNote" status={status} />;
}

/** Label of a bill's stored status (p2 §4 bill statuses), from lib/status-labels BILL_STATUS. */
export function billStatusLabel(billStatus: string | null, paidDate: string | null): string {
  if (paidDate) return statusLabel("bill", "PAID");
  return statusLabel("bill", billStatus ?? "OPEN");
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
