import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmListActionDialog } from "~/components/invoices/confirm-list-action";
import { describeRecords } from "~/modules/invoices/bulk.server";
import { requireCompanyUser } from "~/web/auth.server";
import { pageError, readForm } from "~/web/http.server";
import { unconfirmed } from "~/web/invoices/include.server";
import { notifyAction } from "~/web/invites/invite.server";
import { guardSupplierBills, supplierReturn } from "~/web/suppliers/row-actions.server";

/**
 * Notify from a supplier bills page row (p3 §4.9; decisions 063, 068): GET with the bill's id is the confirmation over
 * this page (the bill must be this supplier's), POST sends the /bills Notify and comes back here with "Notification
 * sent". A POST that did not come from the confirmation is sent to it, so nothing is sent unconfirmed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  if (url.searchParams.getAll("ids").length === 0) throw redirect(supplierReturn(request, params).closeTo);
  const { supplierId, closeTo } = await guardSupplierBills(request, params, "query");
  const ids = url.searchParams.getAll("ids").map(Number);
  const records = await describeRecords(actor, "BILL", ids).catch(pageError);
  const list = new URLSearchParams(url.searchParams);
  list.delete("ids");
  const search = list.toString();
  return json({ records, closeTo, action: `/suppliers/${supplierId}/notify${search ? `?${search}` : ""}` });
}

export async function action(args: ActionFunctionArgs) {
  const { closeTo, supplierId } = await guardSupplierBills(args.request, args.params, "form");
  const url = new URL(args.request.url);
  const toConfirm = unconfirmed(await readForm(args.request.clone()), `/suppliers/${supplierId}/notify`, url.search, ["ids"]);
  return toConfirm ?? notifyAction(args, { closeTo });
}

export default function ConfirmSupplierNotifyRoute() {
  const data = useLoaderData<typeof loader>();
  return <ConfirmListActionDialog intent="notify" records={data.records} closeTo={data.closeTo} action={data.action} />;
}
