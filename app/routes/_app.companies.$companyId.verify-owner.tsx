import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PersonPage } from "~/components/kyc-admin/person-page";
import { personPageAction, personPageLoader } from "~/web/kyc-admin/person-route.server";
import { companyCrumbs } from "~/components/admin-company/company-page";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";

export const handle: PageHandle = {
  title: "Verify owner",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  breadcrumbFromData: companyCrumbs,
  titleFromData: (data) => `Verify ${(data as { person?: { name?: string } } | undefined)?.person?.name ?? "owner"}`,
};
export const meta = titleMeta;

/**
 * /companies/{id}/verify-owner?userId= (p3 §2.3 owner verification): the same page for a beneficial owner. The spec's
 * navigation state (company name, id, owner, country) is read from the database, so the page can be reloaded and linked.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return personPageLoader(request, params.companyId, { userId: new URL(request.url).searchParams.get("userId") });
}

export function action({ request, params }: ActionFunctionArgs) {
  const userId = new URL(request.url).searchParams.get("userId");
  return personPageAction(request, params.companyId, { userId }, `/companies/${params.companyId}/verify-owner?userId=${encodeURIComponent(userId ?? "")}`);
}

export default PersonPage;
