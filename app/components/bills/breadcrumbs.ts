import type { Crumb } from "~/components/layout/page-handle";

/** Bill screens' breadcrumbs always begin with Home and Bills (spec p3 §2.1). */
export const BILLS_BREADCRUMB: Crumb[] = [
  { label: "Home", to: "/" },
  { label: "Bills", to: "/bills" },
];
