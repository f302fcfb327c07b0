import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminBankAccountsTable, SimplePager } from "~/components/banking/admin-bank-accounts";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { LinkTabs } from "~/components/ui/tabs";
import { requireAdmin } from "~/web/auth.server";
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_TAB_LABELS, ADMIN_TABS } from "~/modules/banking/schema";
import { listBankAccountsForAdmin } from "~/modules/banking/service.server";

export const handle: PageHandle = { title: "Bank Accounts" };
export const meta = titleMeta;

/** Admin Bank Accounts (p3 §2.3): tabs all, pending, approved, cancelled; page and size (default 20) in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const list = await listBankAccountsForAdmin(actor, {
    tab: search.get("tab") ?? undefined,
    page: search.get("page") ?? undefined,
    size: search.get("size") ?? undefined,
  });
  return json(list);
}

const EMPTY: Record<(typeof ADMIN_TABS)[number], string> = {
  all: "No bank accounts yet",
  pending: "No bank accounts are waiting for verification",
  approved: "No verified bank accounts",
  cancelled: "No rejected bank accounts",
};

export default function BankAccountsPage() {
  const { tab, page, size, totalElements, bankAccounts } = useLoaderData<typeof loader>();
  const query = (next: number) => {
    const params = new URLSearchParams({ tab });
    if (size !== ADMIN_DEFAULT_PAGE_SIZE) params.set("size", String(size));
    if (next > 1) params.set("page", String(next));
    return `/bank-accounts?${params.toString()}`;
  };
  return (
    <div className="space-y-4">
      <LinkTabs label="Bank account status" value={tab} items={ADMIN_TABS.map((value) => ({ value, label: ADMIN_TAB_LABELS[value] }))} />
      <AdminBankAccountsTable rows={bankAccounts} emptyText={EMPTY[tab]} />
      <SimplePager total={totalElements} page={page} size={size} hrefFor={query} hidden={[["tab", tab]]} />
    </div>
  );
}
