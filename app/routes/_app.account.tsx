import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AccountSummary } from "~/components/account/account-summary";
import { TransactionsSection } from "~/components/account/transactions-table";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { requireCompanyUser } from "~/web/auth.server";
import { getAccountOverview, listAccountTransactions } from "~/modules/ledger/account.server";
import { parseTransactionListQuery, serializeTransactionListQuery } from "~/modules/ledger/account.schema";

export const handle: PageHandle = { title: "Account" };
export const meta = titleMeta;

/**
 * /account (p1 §2 Account screen): the account, Cash Reserve, Funds Available and the transactions. A layout route:
 * its dialogs (/account/activate, /account/topup, /account/withdraw) are child routes rendered over it through the
 * <Outlet /> (docs/decisions/007), and they carry the page's query so closing one returns to the same page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const query = parseTransactionListQuery(new URL(request.url).searchParams);
  const [overview, transactions] = await Promise.all([getAccountOverview(actor), listAccountTransactions(actor, query)]);
  return json({ overview, transactions, search: serializeTransactionListQuery({ page: transactions.page, size: transactions.size }) });
}

export default function AccountPage() {
  const { overview, transactions, search } = useLoaderData<typeof loader>();
  return (
    <div className="min-w-0 space-y-6">
      <AccountSummary overview={overview} search={search} />
      <TransactionsSection
        rows={transactions.rows}
        total={transactions.total}
        page={transactions.page}
        size={transactions.size}
        locale={transactions.locale}
        timeZone={transactions.timeZone}
        exportEnabled={overview.exportEnabled}
      />
      <Outlet />
    </div>
  );
}
