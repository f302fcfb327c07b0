import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Info } from "lucide-react";
import { BillsTable } from "~/components/bills/bills-table";
import { ActiveFilters, CompanySearch, Pagination, statusTabItems, SummaryCard } from "~/components/invoices/list-parts";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { requireCompanyUser } from "~/lib/auth.server";
import { formatMoney } from "~/lib/money";
import { defaultListQuery, parseListQuery, serializeListQuery, type BillListStatus } from "~/modules/invoices/filters";
import { billsSummaryCards, listBills } from "~/modules/invoices/list.server";

export const handle: PageHandle = { title: "Bills" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { query } = parseListQuery(new URL(request.url).searchParams, { type: "BILL" });
  if (query.tab === "bills") return json({ query, bills: await listBills(actor, query), summary: null });
  return json({ query, bills: null, summary: await billsSummaryCards(actor) });
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
  const { query, bills, summary } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const { cards, locale } = bills ?? summary!;
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
        <LinkTabs
          label="Bills view"
          value={query.tab ?? "suppliers"}
          items={[
            { value: "suppliers", label: "Suppliers", to: tabHref(pathname, "suppliers") },
            { value: "bills", label: "Bills", to: tabHref(pathname, "bills") },
          ]}
        />
        {bills ? (
          <>
            <LinkTabs label="Bill status" value={query.status ?? "ALL"} items={statusTabItems(pathname, query, STATUS_TABS)} />
            <div className="flex flex-wrap items-end justify-between gap-3">
              <CompanySearch query={query} label="Search by supplier name" />
              <ActiveFilters pathname={pathname} query={query} />
            </div>
            <BillsTable pathname={pathname} query={query} rows={bills.rows} locale={locale} />
            <Pagination pathname={pathname} query={query} total={bills.total} page={bills.page} />
          </>
        ) : (
          <div className="flex items-start gap-3 rounded-lg border bg-card p-4 text-sm">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="space-y-1">
              <p className="font-semibold">Supplier summaries are not built yet</p>
              <p className="text-muted-foreground">Open the Bills tab to see every bill from your suppliers.</p>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
