import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Pending Approval", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.documentProcessingEnabled || !flags.pendingApprovalEnabled) throw notFoundResponse();
  return json(null);
}

export default function PendingApprovalBillsPage() {
  return (
    <NotBuiltYet
      summary="Bills pending approval are not built yet."
      description="This page will list reviewed bills that are waiting for someone to approve them."
      planned={["Filters by supplier, amount, order number, invoice number and issue date", "A view of each bill with its page images"]}
    />
  );
}
