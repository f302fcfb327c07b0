import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BillsTable } from "~/components/bills/bills-table";
import { CashbackCard, OfferCard } from "~/components/bills/offer-cards";
import { FilterMenu } from "~/components/invoices/filter-menu";
import { CompanySearch, Pagination, statusTabItems } from "~/components/invoices/list-parts";
import { ToolbarActions } from "~/components/invoices/toolbar-actions";
import { SuppliersTab } from "~/components/suppliers/suppliers-tab";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { requireCompanyUser } from "~/web/auth.server";
import { isFeatureEnabled } from "~/modules/settings/service.server";
import { redirectWithToast } from "~/web/toast.server";
import { useRootData } from "~/root";
import { filterFormTarget, isFilterFormSubmission } from "~/modules/invoices/filter-form";
import { defaultListQuery, parseListQuery, serializeListQuery, type BillListStatus } from "~/modules/invoices/filters";
import { listBills } from "~/modules/invoices/list.server";
import { loadSuppliersTab } from "~/modules/payables/suppliers-tab.server";
import { offerPanel } from "~/modules/offers/purchaser-offers.server";

export const handle: PageHandle = { title: "Bills" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "BILL" });
  if (isFilterFormSubmission(url.searchParams)) {
    // The Filter dropdown submitted without JavaScript: go to the canonical URL (filter-form.ts).
    const target = filterFormTarget(url.pathname, url.searchParams, query, { matchedEnabled: await isFeatureEnabled("agedPayablesFilter") });
    throw target.error ? await redirectWithToast(target.location, { type: "error", message: target.error }) : redirect(target.location);
  }
  if (query.tab === "bills") {
    const [bills, offer] = await Promise.all([listBills(actor, query), offerPanel(actor)]);
    return json({ query, bills, summary: null, suppliers: null, offer });
  }
  const [suppliers, offer] = await Promise.all([loadSuppliersTab(actor, url.searchParams), offerPanel(actor)]);
  return json({ query, bills: null, summary: null, suppliers, offer });
}

const STATUS_TABS: { status: BillListStatus | null; label: string }[] = [
  { status: null, label: "All" },
  { status: "CASHBACK_AVAILABLE", label: "Cashback Available" },
  { status: "PAYMENT_OFFERED", label: "Payment Offered" },
  { status: "NOT_ELIGIBLE_EXPIRED", label: "Not Eligible (Expired)" },
  { status: "PAID", label: "Cashback Received" },
];

function tabHref(pathname: string, tab: "suppliers" | "bills") {
  const search = serializeListQuery({ ...defaultListQuery("BILL"), tab }).toString();
  return search ? `${pathname}?${search}` : pathname;
}

export default function BillsPage() {
  const { query, bills, suppliers, offer } = useLoaderData<typeof loader>();
  // The list's own path, also while a dialog child route (/bills/delete, ...) is open over it.
  const pathname = "/bills";
  const { locale } = bills ?? { locale: offer.locale };
  const matchedEnabled = Boolean(useRootData()?.flags.agedPayablesFilter);
  return (
    <div className="min-w-0 space-y-6">
      <section aria-label="Summary" className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <OfferCard data={offer} />
        <CashbackCard data={offer} />
      </section>

      <section aria-label="Payables" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LinkTabs
            label="Bills view"
            value={query.tab ?? "suppliers"}
            items={[
              { value: "suppliers", label: "Suppliers", to: tabHref(pathname, "suppliers") },
              { value: "bills", label: "Bills", to: tabHref(pathname, "bills") },
            ]}
          />
          <ToolbarActions kind="BILL" />
        </div>
        {bills ? (
          <>
            <LinkTabs label="Bill status" value={query.status ?? "ALL"} items={statusTabItems(pathname, query, STATUS_TABS)} />
            <div className="flex flex-wrap items-end justify-between gap-3">
              <CompanySearch query={query} label="Search by supplier name" />
              <FilterMenu pathname={pathname} query={query} matchedEnabled={matchedEnabled} />
            </div>
            <BillsTable pathname={pathname} query={query} rows={bills.rows} locale={locale} />
            <Pagination pathname={pathname} query={query} total={bills.total} page={bills.page} estimated={bills.totalIsEstimate} cursors={bills.pageCursors} />
          </>
        ) : (
          <SuppliersTab data={suppliers!} />
        )}
      </section>
      <Outlet />
    </div>
  );
}
