import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DetailPanel, DirectoryFilter, DirectorySearch, DirectoryTable, directoryLink, ImportButton } from "~/components/directory/directory-parts";
import { Pager } from "~/components/invoices/pager";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { DIRECTORY_TAB_LABELS, DIRECTORY_TABS, activeDirectoryFilters, serializeDirectoryQuery } from "~/modules/counterparties/rules";
import { directoryLoader } from "~/web/directory/directory-route.server";

export const handle: PageHandle = {
  title: "Company",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  titleFromData: (data) => (data as { company?: { companyName?: string } } | undefined)?.company?.companyName ?? "Company",
};
export const meta = titleMeta;

/**
 * /companies/{id}/directory (p3 §2.4): the company's counterparties, tabs All / Members / Non-Members, search, the
 * Filter dropdown, row selection with Configure (child route dialog), Import and Merge (child routes), the detail panel
 * of `?cp=ID`. The Remix router prefers this file to the $menu placeholder route.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return directoryLoader(request, params);
}

export default function CompanyDirectoryPage() {
  const { company, query, rows, totalElements, totalIsEstimate, detail, termOptions, glOptions } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q) || activeDirectoryFilters(query) > 0;
  const empty = query.q
    ? `No counterparties match "${query.q}"`
    : filtered
    ? "No counterparties match these filters"
    : query.tab === "members"
    ? "No member counterparties"
    : query.tab === "non-members"
    ? "No non-member counterparties"
    : "This company has no counterparties yet";
  const hidden = [...serializeDirectoryQuery(query).entries()];
  return (
    <div className="min-w-0 space-y-4">
      <CompanyTabs companyId={company.id} value="directory" />
      <LinkTabs
        label="Counterparty membership"
        value={query.tab}
        items={DIRECTORY_TABS.map((tab) => ({ value: tab, label: DIRECTORY_TAB_LABELS[tab], to: directoryLink(company.id, { ...query, tab, page: 1 }) }))}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <DirectorySearch companyId={company.id} query={query} />
        <div className="flex flex-wrap items-center gap-2">
          <DirectoryFilter companyId={company.id} query={query} terms={termOptions} glCodes={glOptions} />
          <ImportButton companyId={company.id} />
        </div>
      </div>
      <div className={detail ? "grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]" : "min-w-0"}>
        <div className="min-w-0">
          <DirectoryTable companyId={company.id} query={query} rows={rows} selectedDetail={detail?.id ?? null} emptyText={empty} />
          <Pager total={totalElements} estimated={totalIsEstimate} page={query.page} size={query.size} hrefFor={(page) => directoryLink(company.id, { ...query, page })} hidden={hidden} />
        </div>
        {detail ? <DetailPanel companyId={company.id} query={query} detail={detail} /> : null}
      </div>
      <Outlet />
    </div>
  );
}
