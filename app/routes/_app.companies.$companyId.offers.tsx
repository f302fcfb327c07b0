import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { companyTabHandle } from "~/components/admin-company/company-page";
import { CompanyInvoicesTable, ERROR_FETCHING_INVOICES, ERROR_FETCHING_OFFERS, LoadError, PurchaserOfferCard, SupplierOffersTable } from "~/components/admin-company/offers";
import { titleMeta } from "~/components/layout/page-handle";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { parseListPage } from "~/lib/list-page";
import { companyForAdmin } from "~/modules/companies/admin-company.server";
import { ADMIN_INVOICES_PAGE_SIZE, companyInvoices, companyOffers } from "~/modules/offers/admin-offers.server";
import { companyTabDoor, section } from "~/web/admin-company/company-tab.server";
import { pageError } from "~/web/http.server";

export const handle = companyTabHandle;
export const meta = titleMeta;

/**
 * /companies/{id}/offers (p3 §2.4 Offers tab, §7.2; docs/decisions/062): the company's live purchaser offer, its open
 * supplier offers and its invoices and bills (?page=, ?size=). Each part fails alone with the spec's titled message.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const company = await companyForAdmin(actor, companyId).catch(pageError);
  const query = parseListPage(new URL(request.url).searchParams);
  const [offers, invoices] = await Promise.all([
    section(companyOffers(actor, companyId), "offers"),
    section(companyInvoices(actor, companyId, query), "invoices"),
  ]);
  return json({
    companyId: company.id,
    companyName: company.name,
    locale: company.locale,
    offers: offers.ok ? offers.value : null,
    invoices: invoices.ok ? invoices.value : null,
  });
}

export default function CompanyOffersPage() {
  const { companyId, locale, offers, invoices } = useLoaderData<typeof loader>();
  return (
    <div className="min-w-0 space-y-6">
      <CompanyTabs companyId={companyId} value="offers" />
      {offers ? (
        <>
          <PurchaserOfferCard offer={offers.purchaserOffer} locale={locale} />
          <SupplierOffersTable offers={offers.supplierOffers} locale={locale} />
        </>
      ) : (
        <LoadError message={ERROR_FETCHING_OFFERS} />
      )}
      {invoices ? (
        <CompanyInvoicesTable
          rows={invoices.rows}
          total={invoices.total}
          page={invoices.page}
          size={invoices.size}
          locale={locale}
          path={`/companies/${companyId}/offers`}
          defaultSize={ADMIN_INVOICES_PAGE_SIZE}
        />
      ) : (
        <LoadError message={ERROR_FETCHING_INVOICES} />
      )}
    </div>
  );
}
