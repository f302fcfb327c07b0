import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { TransactionsSection } from "~/components/account/transactions-table";
import { companyTabHandle } from "~/components/admin-company/company-page";
import { titleMeta } from "~/components/layout/page-handle";
import { buttonVariants } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons";
import { CompanyTabs } from "~/components/withdrawals/company-tabs";
import { formatMoney } from "~/lib/money";
import { companyForAdmin } from "~/modules/companies/admin-company.server";
import { getCompanyAccountOverviewForAdmin, listCompanyTransactionsForAdmin } from "~/modules/ledger/account.server";
import { parseTransactionListQuery, serializeTransactionListQuery } from "~/modules/ledger/account.schema";
import { companyTabDoor } from "~/web/admin-company/company-tab.server";
import { pageError } from "~/web/http.server";

export const handle = companyTabHandle;
export const meta = titleMeta;

/**
 * /companies/{id}/transactions (p3 §2.4 Transactions tab; docs/decisions/062): the company's transactions exactly as its
 * users see them on /account (the same table, pending first, 25 a page), its export (transactions.csv), and Create
 * topup (p3 §7.3 admin top-up creation), a dialog route over the list.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const query = parseTransactionListQuery(new URL(request.url).searchParams);
  const [company, overview, transactions] = await Promise.all([
    companyForAdmin(actor, companyId),
    getCompanyAccountOverviewForAdmin(actor, companyId),
    listCompanyTransactionsForAdmin(actor, companyId, query),
  ]).catch(pageError);
  return json({
    companyId: company.id,
    companyName: company.name,
    balance: overview.balance,
    fundsAvailable: overview.fundsAvailable,
    accountActive: overview.systemAccount !== null,
    exportEnabled: overview.exportEnabled,
    transactions,
    search: serializeTransactionListQuery({ page: transactions.page, size: transactions.size }),
  });
}

export default function CompanyTransactionsPage() {
  const data = useLoaderData<typeof loader>();
  const { transactions } = data;
  const path = `/companies/${data.companyId}/transactions`;
  const locale = transactions.locale;
  return (
    <div className="min-w-0 space-y-6">
      <CompanyTabs companyId={data.companyId} value="transactions" />
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(data.balance, locale)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Funds Available</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(data.fundsAvailable, locale)}</dd>
        </div>
      </dl>
      <TransactionsSection
        rows={transactions.rows}
        total={transactions.total}
        page={transactions.page}
        size={transactions.size}
        locale={locale}
        timeZone={transactions.timeZone}
        exportEnabled={data.exportEnabled}
        path={path}
        exportHref={`/resources/companies/${data.companyId}/transactions.csv`}
        statementsHref={null}
        actions={
          data.accountActive ? (
            <Link
              to={`${path}/topup${data.search ? `?${data.search}` : ""}`}
              preventScrollReset
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Plus aria-hidden className="size-4" />
              Create topup
            </Link>
          ) : null
        }
      />
      <Outlet />
    </div>
  );
}
