import type { SuppliersTabData } from "~/modules/payables/types";

/** The Suppliers tab of /bills. STUB: to be built. */
export function SuppliersTab({ data }: { data: SuppliersTabData }) {
  return <p className="text-sm text-muted-foreground">{data.total === 0 ? "No items to show" : null}</p>;
}
