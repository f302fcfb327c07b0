import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PayNowDialog } from "~/components/bills/pay-now-dialog";
import { payNowAction, payNowLoader } from "~/web/bills/pay-now.server";
import { guardSupplierBills } from "~/web/suppliers/row-actions.server";

/** Pay Now and Cancel (Topup Pending) over the supplier bills page (p3 §4.9 "Pay invoice"; decision 063), as on /bills. */
export async function loader(args: LoaderFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, { billId: args.params.billId });
  return payNowLoader(args, { closeTo });
}

export async function action(args: ActionFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, { billId: args.params.billId });
  return payNowAction(args, { closeTo });
}

export default function SupplierPayNowRoute() {
  const { closeTo, action: formAction, data } = useLoaderData<typeof loader>();
  return <PayNowDialog closeTo={closeTo} action={formAction} data={data} />;
}
