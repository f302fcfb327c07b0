import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { confirmDeleteAction, confirmDeleteLoader } from "~/web/invoices/list-dialogs.server";
import { ConfirmDeleteDialog } from "~/components/invoices/list-dialogs";

/** Confirm Delete (p2 §2 Modals, §5 Bulk delete) over /bills: GET with the selected ids, POST deletes them. */
export const loader = (args: LoaderFunctionArgs) => confirmDeleteLoader("BILL", args);
export const action = (args: ActionFunctionArgs) => confirmDeleteAction("BILL", args);

export default function ConfirmDeleteRoute() {
  const { closeTo, action, records, refusedCount } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog kind="BILL" closeTo={closeTo} action={action} records={records} refusedCount={refusedCount} />;
}
