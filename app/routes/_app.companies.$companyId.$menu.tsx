import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { requireAdmin } from "~/web/auth.server";
import { z } from "zod";
import { IdSchema, parseParams } from "~/web/http.server";

export const handle: PageHandle = { title: "Company", breadcrumb: [{ label: "Companies", to: "/companies" }] };
export const meta = titleMeta;

/** The company screens of the admin area (spec p3 §2.3, §2.4), in menu order. */
const MENUS = {
  summary: {
    label: "Summary",
    summary: "The company summary is not built yet.",
    description: "This screen will show the company's bank account, balance and withdrawals.",
  },
  kyc: {
    label: "KYC",
    summary: "The company KYC screen is not built yet.",
    description:
      "This screen will show the Earlybird user and the beneficial owners with their verification status, the history of each check and the uploaded documents.",
  },
  offers: {
    label: "Offers",
    summary: "The company offers are not built yet.",
    description: "This screen will list the supplier offers available to the company.",
  },
  contacts: {
    label: "Contacts",
    summary: "The company contacts are not built yet.",
    description: "This screen will hold the company's contacts and a form to add one.",
  },
  transactions: {
    label: "Transactions",
    summary: "The company transactions are not built yet.",
    description: "This screen will list the transactions on the company's account.",
  },
  activity: { label: "Activity", summary: "The company activity is not built yet.", description: "This screen will show the company's activity." },
} as const;

type CompanyMenu = keyof typeof MENUS;
const isCompanyMenu = (value: string): value is CompanyMenu => Object.hasOwn(MENUS, value);
const ParamsSchema = z.object({ companyId: IdSchema, menu: z.string().refine(isCompanyMenu) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // The company itself is looked up (404 when missing) once the companies service exists.
  const { companyId, menu } = parseParams(params, ParamsSchema);
  return json({ companyId: String(companyId), menu });
}

export default function CompanyMenuPage() {
  const { companyId, menu } = useLoaderData<typeof loader>();
  const current = MENUS[menu];
  return (
    <div className="space-y-6">
      <CompanyTabs companyId={companyId} value={menu} />
      <NotBuiltYet summary={current.summary} description={current.description} />
    </div>
  );
}
