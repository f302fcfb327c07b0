import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmListActionDialog } from "~/components/invoices/confirm-list-action";
import { includeAction, includeConfirmLoader } from "~/web/invoices/include.server";

/**
 * Include/exclude bills in the purchaser offer (p2 §4 Other, §8): GET with ids and intent is the confirmation over
 * /bills (decision 068); POST makes the change and returns to the list with a toast offering Undo.
 */
export const loader = (args: LoaderFunctionArgs) => includeConfirmLoader(args);
export const action = (args: ActionFunctionArgs) => includeAction(args);

export default function ConfirmIncludeRoute() {
  const data = useLoaderData<typeof loader>();
  return <ConfirmListActionDialog intent={data.intent} records={data.records} closeTo={data.closeTo} action={data.action} fields={data.fields} />;
}
