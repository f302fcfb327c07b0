import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BillDetails } from "~/components/credit-notes/bill-details";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { getBillDetails, localeOf } from "~/modules/invoices/bill-details.server";
import { parseId } from "~/modules/invoices/schema";

/** Bill Details over the supplier page (p2 §2 Modals, decision 007); the bill must be from this supplier. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const supplierId = parseId(params.supplierId);
  const billId = parseId(params.billId);
  if (supplierId === null || billId === null) throw new Response("Not Found", { status: 404 });
  const [bill, locale] = await Promise.all([getBillDetails(actor, billId, { supplierId }), localeOf(actor)]).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  });
  const tab = new URL(request.url).searchParams.get("view") === "credit" ? ("credit" as const) : ("details" as const);
  return json({ bill, locale, tab, supplierId });
}

export default function SupplierBillDetailsRoute() {
  const { bill, locale, tab, supplierId } = useLoaderData<typeof loader>();
  return (
    <RouteDialog
      title="Bill Details"
      description={`${bill.invoiceNumber} from ${bill.supplierName}`}
      closeTo={`/suppliers/${supplierId}`}
      className="max-w-2xl"
    >
      <BillDetails bill={bill} locale={locale} tab={tab} />
    </RouteDialog>
  );
}
