import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { CompanySummary } from "~/components/withdrawals/company-summary";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { companySummaryLoader } from "~/web/withdrawals/withdraw-route.server";

export const handle: PageHandle = {
  title: "Company",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  titleFromData: (data) => (data as { companyName?: string } | undefined)?.companyName ?? "Company",
};
export const meta = titleMeta;

/** /companies/{id}/summary (p3 §2.4): bank account, balance, withdrawals; the Withdraw dialog is its child route. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return companySummaryLoader(request, params);
}

export default function CompanySummaryPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <CompanyTabs companyId={data.companyId} value="summary" />
      <CompanySummary companyId={data.companyId} context={data.context} withdrawals={data.withdrawals} />
      <Outlet />
    </div>
  );
}
