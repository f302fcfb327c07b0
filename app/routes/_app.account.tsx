import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Account" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return json(null);
}

export default function AccountPage() {
  // Stand-in until the account screen lands (another helper): a Withdraw link and the Outlet for /account/withdraw.
  return (
    <>
      <Link to="/account/withdraw" className="mb-4 inline-block text-primary underline">
        Withdraw
      </Link>
      <NotBuiltYet
      summary="The account is not built yet."
      description="This page will show your working-capital account (a PayID in Australia), your Cash Reserve and Funds Available, and every transaction on the account, with buttons to top up and withdraw funds."
      planned={[
        "Your PayID or working-capital account details",
        "Cash Reserve and Funds Available",
        "Transactions (top-ups, withdrawals, payments) with their status and balance",
        "Topup and Withdraw, or Activate Account when the account is not active yet",
      ]}
      />
      <Outlet />
    </>
  );
}
