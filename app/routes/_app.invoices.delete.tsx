import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { confirmDeleteAction, confirmDeleteLoader } from "~/web/invoices/list-dialogs.server";
import { ConfirmDeleteDialog } from "~/components/invoices/list-dialogs";

/** Confirm Delete (p2 §2 Modals, §5 Bulk delete) over /invoices: GET with the selected ids, POST deletes them. */
export const loader = (args: LoaderFunctionArgs) => confirmDeleteLoader("INVOICE", args);
export const action = (args: ActionFunctionArgs) => confirmDeleteAction("INVOICE", args);

export default function ConfirmDeleteRoute() {
  const { closeTo, action, records, refusedCount } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog kind="INVOICE" closeTo={closeTo} action={action} records={records} refusedCount={refusedCount} />;
}
