import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { SupplierBills } from "~/components/suppliers/supplier-bills";
import { PeriodLockButton } from "~/components/period-lock/period-lock-button";
import { supplierLockButton } from "~/modules/period-lock/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { loadSupplierBills } from "~/modules/payables/supplier-bills.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

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
  const { supplierId } = parseParams(params, z.object({ supplierId: IdSchema }));
  const url = new URL(request.url);
  const data = await loadSupplierBills(actor, supplierId, url.searchParams).catch(pageError);
  // A refused value (a future month, an unknown chip) goes to the canonical URL of what is shown.
  if (data.refused) throw redirect(data.search ? `${url.pathname}?${data.search}` : url.pathname);
  // The period lock of the shown month (p3 §4.10; issue 15 part 5).
  const lock = await supplierLockButton(actor, supplierId, data.period.month).catch(pageError);
  return json({ ...data, lock: { period: lock.period, locked: lock.locked, disabled: lock.disabled, tooltip: lock.tooltip } });
}

export default function SupplierBillsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SupplierBills
        data={data}
        periodActions={<PeriodLockButton lock={data.lock} month={data.period.month} action={`/suppliers/${data.supplier.id}/lock${data.search ? `?${data.search}` : ""}`} />}
      />
      <Outlet />
    </>
  );
}
