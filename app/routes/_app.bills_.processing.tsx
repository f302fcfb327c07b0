import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Processing", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

export default function ProcessingBillsPage() {
  return (
    <NotBuiltYet
      summary="Bills in processing are not built yet."
      description="This page will list the bill documents that are still being read and matched to purchase orders."
      planned={["Each document with its supplier, invoice number and when it arrived"]}
    />
  );
}
