import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireAdmin } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Bank Accounts" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(null);
}

export default function BankAccountsPage() {
  return (
    <NotBuiltYet
      summary="Bank accounts are not built yet."
      description="This page will list the bank accounts companies have added, so you can check each bank statement and approve or reject the account."
      planned={["Tabs: All, Pending, Approved, Cancelled", "A View link to each company's bank account statement"]}
    />
  );
}
