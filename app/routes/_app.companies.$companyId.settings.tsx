import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BuyerSettings } from "~/components/company-settings/buyer-settings";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { Card, CardContent } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/tabs";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { companySettingsAction, companySettingsLoader } from "~/web/company-settings/settings.server";

export const handle: PageHandle = {
  title: "Company",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  titleFromData: (data) => (data as { companyName?: string } | undefined)?.companyName ?? "Company",
};
export const meta = titleMeta;

/**
 * /companies/{id}/settings (p3 §2.4): Buyer Settings (payment terms, the pending-approval queue, the default processing
 * queue, GL codes) and Supplier Settings. The add, edit and delete dialogs are child routes.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return companySettingsLoader(request, params);
}

export function action({ request, params }: ActionFunctionArgs) {
  return companySettingsAction(request, params);
}

export default function CompanySettingsPage() {
  const { companyId, tab, tabs, buyer } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <CompanyTabs companyId={companyId} value="settings" />
      <LinkTabs label="Company settings sections" value={tab} items={tabs.map((item) => ({ value: item.value, label: item.label }))} />
      {buyer ? (
        <BuyerSettings data={buyer} />
      ) : (
        <Card>
          <CardContent className="pt-6 text-sm text-muted-foreground">
            There are no supplier settings for this company. Its settings as a buyer are under Buyer Settings.
          </CardContent>
        </Card>
      )}
      <Outlet />
    </div>
  );
}
