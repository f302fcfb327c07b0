import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Pending review", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

export default function PendingReviewBillsPage() {
  return (
    <NotBuiltYet
      summary="Bills pending review are not built yet."
      description="This page will list the bill documents that need a person to check them: what was read from each document and why it could not be matched automatically."
      planned={["Tabs and filters by supplier, amount, order number, invoice number and issue date", "A review screen for each bill, with its page images"]}
    />
  );
}
