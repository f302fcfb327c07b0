import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { InviteCodesCard } from "~/components/signup/invite-codes-card";
import { requireAdmin } from "~/lib/auth.server";
import { listInviteCodes } from "~/modules/signup/invite-codes.server";

export const handle: PageHandle = { title: "Companies" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  return json({ inviteCodes: await listInviteCodes(actor) });
}

export default function CompaniesPage() {
  const { inviteCodes } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <InviteCodesCard codes={inviteCodes} />
      <NotBuiltYet
        summary="Companies are not built yet."
        description="This page will list every company on Earlybird with its verification status, and let you search for a company by name."
        planned={[
          "Tabs: All, Not Verified, Partially Verified, Verification Pending, Verified",
          "Search company by name",
          "A link to each company's summary, directory, KYC, offers, contacts, transactions, activity and settings",
        ]}
      />
    </div>
  );
}
