import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { BillDetails } from "~/components/credit-notes/bill-details";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { getBillDetails, localeOf } from "~/modules/invoices/bill-details.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

/** Bill Details over the /bills list (p2 §2 Modals, decision 007): the list's View action opens it with the list's query. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { billId } = parseParams(params, z.object({ billId: IdSchema }));
  const [bill, locale] = await Promise.all([getBillDetails(actor, billId), localeOf(actor)]).catch(pageError);
  const tab = new URL(request.url).searchParams.get("view") === "credit" ? ("credit" as const) : ("details" as const);
  return json({ bill, locale, tab });
}

export default function BillDetailsRoute() {
  const { bill, locale, tab } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  // Back to the list with its filters, sort and page; the dialog's own view parameter stays behind.
  const listQuery = new URLSearchParams(search);
  listQuery.delete("view");
  const closeTo = listQuery.size > 0 ? `/bills?${listQuery.toString()}` : "/bills";
  return (
    <RouteDialog title="Bill Details" description={`${bill.invoiceNumber} from ${bill.supplierName}`} closeTo={closeTo} className="max-w-2xl">
      <BillDetails bill={bill} locale={locale} tab={tab} />
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </RouteDialog>
  );
}
