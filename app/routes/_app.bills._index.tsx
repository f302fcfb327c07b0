import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Bills" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return json(null);
}

export default function BillsPage() {
  return (
    <NotBuiltYet
      summary="Bills are not built yet."
      description="This page will list the bills from your suppliers, with their due dates and the cashback you can earn by paying them early from your funds."
      planned={[
        "Your authorised bills with supplier, bill number, due date, amount and status",
        "Your cash-reserve offer and the cashback it earns",
        "Pay Now on a supplier's prompt payment request",
      ]}
    />
  );
}
