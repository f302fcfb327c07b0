import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CompaniesTable, CompanySearch } from "~/components/kyc-admin/companies";
import { InviteCodesCard } from "~/components/signup/invite-codes-card";
import { Pager } from "~/components/invoices/pager";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { requireAdmin } from "~/web/auth.server";
import { COMPANIES_DEFAULT_PAGE_SIZE, COMPANY_STATUS_LABELS } from "~/modules/kyc/admin-schema";
import { listCompanies } from "~/modules/kyc/admin.server";
import { listInviteCodes } from "~/modules/signup/invite-codes.server";

export const handle: PageHandle = { title: "Companies" };
export const meta = titleMeta;

/**
 * /companies (p3 §2.3): every company with its verificationStatus; tabs, name search and paging live in the URL. Below
 * the list, the admin's invite codes (issue 6 part 1; its Create dialog is /companies/invite-code).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const [list, inviteCodes] = await Promise.all([
    listCompanies(actor, {
      verificationStatus: search.get("verificationStatus"),
      companyName: search.get("companyName"),
      page: search.get("page"),
      size: search.get("size"),
    }),
    listInviteCodes(actor),
  ]);
  return json({ ...list, inviteCodes });
}

const TABS = [{ value: "", label: "All" }, ...Object.entries(COMPANY_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

export default function CompaniesPage() {
  const { verificationStatus, companyName, page, size, totalElements, companies, inviteCodes } = useLoaderData<typeof loader>();
  const href = (changes: { verificationStatus?: string; page?: number; companyName?: string }) => {
    const params = new URLSearchParams();
    const status = changes.verificationStatus ?? verificationStatus ?? "";
    const name = changes.companyName ?? companyName;
    if (status) params.set("verificationStatus", status);
    if (name) params.set("companyName", name);
    if (size !== COMPANIES_DEFAULT_PAGE_SIZE) params.set("size", String(size));
    if (changes.page && changes.page > 1) params.set("page", String(changes.page));
    const query = params.toString();
    return query ? `/companies?${query}` : "/companies";
  };
  const hidden: [string, string][] = [];
  if (verificationStatus) hidden.push(["verificationStatus", verificationStatus]);
  if (companyName) hidden.push(["companyName", companyName]);
  const empty = companyName
    ? `No companies match "${companyName}"`
    : verificationStatus
    ? `No ${COMPANY_STATUS_LABELS[verificationStatus].toLowerCase()} companies`
    : "No companies yet";
  return (
    <div className="min-w-0 space-y-4">
      <LinkTabs
        label="Verification status"
        value={verificationStatus ?? ""}
        items={TABS.map((tab) => ({ ...tab, to: href({ verificationStatus: tab.value, page: 1 }) }))}
      />
      <CompanySearch companyName={companyName} verificationStatus={verificationStatus} clearHref={href({ companyName: "", page: 1 })} />
      <CompaniesTable rows={companies} emptyText={empty} />
      <Pager total={totalElements} page={page} size={size} hrefFor={(next) => href({ page: next })} hidden={hidden} />
      <InviteCodesCard codes={inviteCodes} />
    </div>
  );
}
