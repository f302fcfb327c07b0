import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ActivityTable } from "~/components/admin-company/activity";
import { companyTabHandle } from "~/components/admin-company/company-page";
import { titleMeta } from "~/components/layout/page-handle";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { parseListPage } from "~/lib/list-page";
import { ACTIVITY_PAGE_SIZE, listCompanyActivity } from "~/modules/audit/activity.server";
import { companyForAdmin } from "~/modules/companies/admin-company.server";
import { companyTabDoor } from "~/web/admin-company/company-tab.server";
import { pageError } from "~/web/http.server";

export const handle = companyTabHandle;
export const meta = titleMeta;

/** /companies/{id}/activity (p3 §2.4; docs/decisions/062): the company's audit trail, newest first (?page=, ?size=, 25 a page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const [company, activity] = await Promise.all([
    companyForAdmin(actor, companyId),
    listCompanyActivity(actor, companyId, parseListPage(new URL(request.url).searchParams)),
  ]).catch(pageError);
  return json({ companyId: company.id, companyName: company.name, activity });
}

export default function CompanyActivityPage() {
  const { companyId, activity } = useLoaderData<typeof loader>();
  return (
    <div className="min-w-0 space-y-6">
      <CompanyTabs companyId={companyId} value="activity" />
      <ActivityTable
        rows={activity.rows}
        total={activity.total}
        page={activity.page}
        size={activity.size}
        timeZone={activity.timeZone}
        path={`/companies/${companyId}/activity`}
        defaultSize={ACTIVITY_PAGE_SIZE}
      />
    </div>
  );
}
