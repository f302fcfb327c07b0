import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { SupplierBills } from "~/components/suppliers/supplier-bills";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { loadSupplierBills } from "~/modules/payables/supplier-bills.server";

/**
 * The supplier bills page (p3 §2.2, §4.9). A layout route (docs/decisions/007): the credit note, allocation and bill
 * details dialogs, and Confirm Delete, are its child routes and render in the <Outlet /> over the page.
 */
export const handle: PageHandle = {
  title: "Supplier bills",
  breadcrumb: BILLS_BREADCRUMB,
  titleFromData: (data) => (data as { supplier?: { name?: string } } | undefined)?.supplier?.name ?? "Supplier bills",
};
export const meta = titleMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  try {
    const data = await loadSupplierBills(actor, Number(params.supplierId), url.searchParams);
    // A refused value (a future month, an unknown chip) goes to the canonical URL of what is shown.
    if (data.refused) throw redirect(data.search ? `${url.pathname}?${data.search}` : url.pathname);
    return json(data);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export default function SupplierBillsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SupplierBills data={data} />
      <Outlet />
    </>
  );
}
