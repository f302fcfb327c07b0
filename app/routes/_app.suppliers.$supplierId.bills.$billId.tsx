import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BillDetails } from "~/components/credit-notes/bill-details";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { getBillDetails, localeOf } from "~/modules/invoices/bill-details.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

/** Bill Details over the supplier page (p2 §2 Modals, decision 007); the bill must be from this supplier. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, billId } = parseParams(params, z.object({ supplierId: IdSchema, billId: IdSchema }));
  const [bill, locale] = await Promise.all([getBillDetails(actor, billId, { supplierId }), localeOf(actor)]).catch(pageError);
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
      <RouteDialogFooter>
        <DialogCancelLink to={`/suppliers/${supplierId}`}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </RouteDialog>
  );
}
