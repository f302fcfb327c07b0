import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Bills with variance", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

export default function VarianceBillsPage() {
  return (
    <NotBuiltYet
      summary="Bills with variance are not built yet."
      description="This page will list bills whose amount differs from their purchase order by more than the allowed tolerance, for you to review."
      planned={["The bill amount against the purchase order amount", "A review screen for each bill, with its page images"]}
    />
  );
}
