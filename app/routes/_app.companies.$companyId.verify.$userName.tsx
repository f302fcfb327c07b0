import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PersonPage } from "~/components/kyc-admin/person-page";
import { personPageAction, personPageLoader } from "~/web/kyc-admin/person-route.server";
import { companyCrumbs } from "~/components/admin-company/company-page";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";

export const handle: PageHandle = {
  title: "Verify",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  breadcrumbFromData: companyCrumbs,
  titleFromData: (data) => `Verify ${(data as { person?: { name?: string } } | undefined)?.person?.name ?? ""}`.trim(),
};
export const meta = titleMeta;

/** /companies/{id}/verify/{userName} (p3 §2.3): the admin's edit and verify page for the company's Earlybird user. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return personPageLoader(request, params.companyId, { userName: params.userName ?? "" });
}

export function action({ request, params }: ActionFunctionArgs) {
  const path = `/companies/${params.companyId}/verify/${encodeURIComponent(params.userName ?? "")}`;
  return personPageAction(request, params.companyId, { userName: params.userName ?? "" }, path);
}

export default PersonPage;
