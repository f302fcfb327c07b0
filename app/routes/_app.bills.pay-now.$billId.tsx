import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PayNowDialog } from "~/components/bills/pay-now-dialog";
import { payNowAction, payNowLoader } from "~/web/bills/pay-now.server";

/** /bills/pay-now/:billId: Pay Now, and Cancel of a Topup Pending request, over /bills (web/bills/pay-now.server.ts). */
export const loader = (args: LoaderFunctionArgs) => payNowLoader(args);
export const action = (args: ActionFunctionArgs) => payNowAction(args);

export default function PayNowRoute() {
  const { closeTo, action: formAction, data } = useLoaderData<typeof loader>();
  return <PayNowDialog closeTo={closeTo} action={formAction} data={data} />;
}
