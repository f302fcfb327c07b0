import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Blocked", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

export default function BlockedBillsPage() {
  return (
    <NotBuiltYet
      summary="Blocked bills are not built yet."
      description="This page will list bills that cannot go further until something is fixed, such as a closed purchase order or a possible duplicate."
      planned={["Why each bill is blocked", "A screen for each blocked bill, with its page images"]}
    />
  );
}
