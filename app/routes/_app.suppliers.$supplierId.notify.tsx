import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { notifyAction } from "~/web/invites/invite.server";
import { guardSupplierBills, supplierReturn } from "~/web/suppliers/row-actions.server";

/** Notify from a supplier bills page row (p3 §4.9; decision 063): the /bills Notify, back to this page with "Notification sent". */
export async function action(args: ActionFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, "form");
  return notifyAction(args, { closeTo });
}

/** Nothing to show: a GET returns to the page. */
export const loader = ({ request, params }: LoaderFunctionArgs) => redirect(supplierReturn(request, params).closeTo);
