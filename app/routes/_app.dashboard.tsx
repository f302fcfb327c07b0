import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Dashboard" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.dashboardEnabled || !flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

export default function DashboardPage() {
  return (
    <NotBuiltYet
      summary="The dashboard is not built yet."
      description="This page will show how many of your bills were processed automatically, without anyone having to review them."
      planned={["Auto Processed: the latest month and the last 12 months", "Invoices Auto Processed per Month: the last 6 months, automatic against manual"]}
    />
  );
}
