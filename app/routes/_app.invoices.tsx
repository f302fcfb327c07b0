import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useOutlet } from "@remix-run/react";
import { InvoicesTable } from "~/components/invoices/invoices-table";
import { FilterMenu } from "~/components/invoices/filter-menu";
import { CompanySearch, Pagination, statusTabItems, SummaryCard } from "~/components/invoices/list-parts";
import { ToolbarActions } from "~/components/invoices/toolbar-actions";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { getSessionState, getSessionUser, requireCompanyUser } from "~/web/auth.server";
import { PaymentsAvailableDialog } from "~/components/invoices/payments-available-dialog";
import { paymentsAvailableNotice } from "~/modules/invoices/payments-available.server";
import { redirectWithToast } from "~/web/toast.server";
import { filterFormTarget, isFilterFormSubmission } from "~/modules/invoices/filter-form";
import { formatMoney } from "~/lib/money";
import { parseListQuery, type InvoiceTabStatus } from "~/modules/invoices/filters";
import { listInvoices } from "~/modules/invoices/list.server";
import { LandingOfferPage } from "~/components/invites/landing-page";
import { isInvoiceLinkRequest, isLandingRequest, landingLoader } from "~/web/invites/landing.server";
import { InvoiceLinkPage } from "~/components/invoices/invoice-link-page";
import { getInvoiceDetails } from "~/modules/invoices/invoice-details.server";
import { RECORD_NOT_FOUND } from "~/modules/invoices/bulk.server";
import { parseId } from "~/modules/invoices/schema";
import { nullOn } from "~/web/http.server";

export const handle: PageHandle = { title: "Invoices" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  // /invoices?token=...: the public landing offer page (p2 §2), before any login redirect.
  if (isLandingRequest(request)) return landingLoader(request);
  const url = new URL(request.url);
  if (isInvoiceLinkRequest(request)) {
    // highlightInvoice (decision 063): open the invoice, or ask a logged-out visitor to log in and come back to it.
    if (!(await getSessionUser(request))) return json({ invoiceLink: { loginHref: `/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}` } });
    const { actor } = await requireCompanyUser(request);
    const invoiceId = parseId(url.searchParams.get("invoiceId"));
    const found = invoiceId ? await getInvoiceDetails(actor, invoiceId).catch(nullOn(404)) : null;
    if (!found) throw await redirectWithToast("/invoices", { type: "error", message: RECORD_NOT_FOUND });
    throw redirect(`/invoices/details/${found.id}`);
  }
  const { actor } = await requireCompanyUser(request);
  const { query } = parseListQuery(url.searchParams, { type: "INVOICE" });
  if (isFilterFormSubmission(url.searchParams)) {
    // The Filter dropdown submitted without JavaScript: go to the canonical URL (filter-form.ts).
    const target = filterFormTarget(url.pathname, url.searchParams, query, { matchedEnabled: false });
    throw target.error ? await redirectWithToast(target.location, { type: "error", message: target.error }) : redirect(target.location);
  }
  const session = await getSessionState(request);
  const [result, paymentsAvailable] = await Promise.all([
    listInvoices(actor, query),
    // p1 §2: the payments-available dialog on the session's first visit of the list itself (not of a dialog route
    // over it, where it could not show), decision 063.
    // The session row (read once per request) says whether it was seen: no write on later visits.
    session && !session.paymentsAvailableSeen && url.pathname.replace(/\/$/, "") === "/invoices" ? paymentsAvailableNotice(actor, session.sessionId) : null,
  ]);
  return json({ query, result, paymentsAvailable, search: url.search });
}

const TABS: { status: InvoiceTabStatus; label: string }[] = [
  { status: "ALL_ELIGIBLE", label: "All" },
  { status: "CASHBACK_OFFERED", label: "Payment Requested" },
  { status: "PAYMENT_READY", label: "Payment Available" },
  { status: "PAYMENT_RECEIVED", label: "Payment Received" },
];

export default function InvoicesPage() {
  const data = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  if ("notFound" in data) return <LandingOfferPage data={data} />;
  if ("invoiceLink" in data) return <InvoiceLinkPage loginHref={data.invoiceLink.loginHref} />;
  const { query, result, paymentsAvailable } = data;
  // The list's own path, also while a dialog child route (/bills/delete, ...) is open over it.
  const pathname = "/invoices";
  const { cards, locale } = result;
  // The Balance Payable match belongs to the payables (bills) side only.
  const matchedEnabled = false;
  return (
    <div className="min-w-0 space-y-6">
      <section aria-label="Summary" className="grid gap-4 md:grid-cols-2">
        <SummaryCard
          title="Active prompt payment requests"
          items={[
            { label: "Maximum service fee", value: formatMoney(cards.activeRequests.maxServiceFee, locale) },
            { label: "Amount requested", value: formatMoney(cards.activeRequests.amountRequested, locale) },
          ]}
        />
        <SummaryCard
          title="Prompt payments received this month"
          items={[
            { label: "Service fees", value: formatMoney(cards.receivedThisMonth.serviceFees, locale) },
            { label: "Amount paid promptly", value: formatMoney(cards.receivedThisMonth.amountPaid, locale) },
          ]}
        />
      </section>

      <section aria-label="Invoice list" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <LinkTabs label="Invoice status" value={query.status ?? "ALL_ELIGIBLE"} items={statusTabItems(pathname, query, TABS)} />
          <ToolbarActions kind="INVOICE" />
        </div>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <CompanySearch query={query} label="Search by customer name" />
          <FilterMenu pathname={pathname} query={query} matchedEnabled={matchedEnabled} />
        </div>
        <InvoicesTable pathname={pathname} query={query} rows={result.rows} locale={locale} hasAnyRecords={result.hasAnyRecords} />
        <Pagination pathname={pathname} query={query} total={result.total} page={result.page} estimated={result.totalIsEstimate} cursors={result.pageCursors} />
      </section>
      <Outlet />
      {/* One dialog at a time: a dialog route open over the list (Get Paid, ...) comes first. */}
      {paymentsAvailable && !outlet ? <PaymentsAvailableDialog notice={paymentsAvailable} action={`/invoices/payments-available${data.search}`} /> : null}
    </div>
  );
}
