import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BillsTable } from "~/components/bills/bills-table";
import { FilterMenu } from "~/components/invoices/filter-menu";
import { CompanySearch, Pagination, statusTabItems, SummaryCard } from "~/components/invoices/list-parts";
import { ToolbarActions } from "~/components/invoices/toolbar-actions";
import { SuppliersTab } from "~/components/suppliers/suppliers-tab";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { requireCompanyUser } from "~/lib/auth.server";
import { isFeatureEnabled } from "~/lib/flags.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/root";
import { filterFormTarget, isFilterFormSubmission } from "~/modules/invoices/filter-form";
import { formatMoney } from "~/lib/money";
import { defaultListQuery, parseListQuery, serializeListQuery, type BillListStatus } from "~/modules/invoices/filters";
import { billsSummaryCards, listBills } from "~/modules/invoices/list.server";
import { loadSuppliersTab } from "~/modules/payables/suppliers-tab.server";

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
  if (query.tab === "bills") return json({ query, bills: await listBills(actor, query), summary: null, suppliers: null });
  const [summary, suppliers] = await Promise.all([billsSummaryCards(actor), loadSuppliersTab(actor, url.searchParams)]);
  return json({ query, bills: null, summary, suppliers });
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
  const { query, bills, summary, suppliers } = useLoaderData<typeof loader>();
  // The list's own path, also while a dialog child route (/bills/delete, ...) is open over it.
  const pathname = "/bills";
  const { cards, locale } = bills ?? summary!;
  const matchedEnabled = Boolean(useRootData()?.flags.agedPayablesFilter);
  const reserve = cards.cashReserve;
  return (
    <div className="min-w-0 space-y-6">
      <section aria-label="Summary" className="grid gap-4 md:grid-cols-2">
        <SummaryCard
          title="Cash-reserve offer"
          items={
            reserve
              ? [
                  { label: "Cash reserve", value: formatMoney(reserve.cashpool, locale) },
                  { label: "Cashback rate", value: `${reserve.crr}% p.a.` },
                ]
              : [
                  { label: "Cash reserve", value: formatMoney(0, locale) },
                  { label: "Cashback rate", value: "None" },
                ]
          }
          note={reserve ? (reserve.offerStatus === "TOPUP_PENDING" ? "Waiting for your top-up to complete." : null) : "You have no cash-reserve offer."}
        />
        <SummaryCard
          title="Cashback received this month"
          items={[
            { label: "Cashback", value: formatMoney(cards.cashbackThisMonth.cashback, locale) },
            { label: "Bills paid early", value: String(cards.cashbackThisMonth.count) },
          ]}
        />
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
