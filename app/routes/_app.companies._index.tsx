import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireAdmin } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Companies" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(null);
}

export default function CompaniesPage() {
  return (
    <NotBuiltYet
      summary="Companies are not built yet."
      description="This page will list every company on Earlybird with its verification status, and let you search for a company by name."
      planned={[
        "Tabs: All, Not Verified, Partially Verified, Verification Pending, Verified",
        "Search company by name",
        "A link to each company's summary, directory, KYC, offers, contacts, transactions, activity and settings",
      ]}
    />
  );
}
