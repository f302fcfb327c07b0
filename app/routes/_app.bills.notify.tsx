import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmListActionDialog } from "~/components/invoices/confirm-list-action";
import { notifyConfirmedAction, notifyConfirmLoader } from "~/web/invoices/include.server";
import { notifyAction } from "~/web/invites/invite.server";

/**
 * Notify (p2 §4 rule 8, §7 POST /notify {companyId, invoiceIds, type BILL}) from a bills row: GET with the ids is the
 * confirmation over /bills (decision 068), POST sends it: "Notification sent".
 */
export const loader = (args: LoaderFunctionArgs) => notifyConfirmLoader(args);
export const action = (args: ActionFunctionArgs) => notifyConfirmedAction(args, notifyAction);

export default function ConfirmNotifyRoute() {
  const data = useLoaderData<typeof loader>();
  return <ConfirmListActionDialog intent={data.intent} records={data.records} closeTo={data.closeTo} action={data.action} fields={data.fields} />;
}
