import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Supplier bills" };
export const meta = titleMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  // Until the counterparties service exists, only the shape of the id is checked; it will look the
  // supplier up within the user's company and answer 404 for anyone else's.
  if (!/^\d+$/.test(params.supplierId ?? "")) throw new Response("Not Found", { status: 404 });
  return json(null);
}

export default function SupplierBillsPage() {
  return (
    <>
      <NotBuiltYet
        summary="The supplier bills page is not built yet."
        description="This page will show the bills from this supplier for a payment period: what you can pay early, the cashback available, and what has been paid."
        planned={[
          "The payment period, with tabs for the current and the next month",
          "Filters: ALL, Payment Offered, Cashback Available, Paid, Unallocated Credit",
          "Earlier months with previous and next arrows and Reset Period",
        ]}
      />
      <Outlet />
    </>
  );
}
