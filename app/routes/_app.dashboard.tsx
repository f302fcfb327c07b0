import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { UploadBills } from "~/components/documents/upload-bills";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { uploadBillsPageAction } from "~/web/documents/review-list.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Dashboard" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.dashboardEnabled || !flags.documentProcessingEnabled) throw notFoundResponse();
  return json(null);
}

/** The Upload bills control (issue 16) posts here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const flags = await getFeatureFlags();
  if (!flags.dashboardEnabled) throw notFoundResponse();
  return uploadBillsPageAction(request, context.requestId);
}

export default function DashboardPage() {
  return (
    <div className="space-y-6">
      <UploadBills />
      <NotBuiltYet
        summary="The dashboard's figures are not built yet."
        description="This page will show how many of your bills were processed automatically, without anyone having to review them."
        planned={["Auto Processed: the latest month and the last 12 months", "Invoices Auto Processed per Month: the last 6 months, automatic against manual"]}
      />
    </div>
  );
}
