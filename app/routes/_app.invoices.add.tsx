import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddRecordDialog } from "~/components/create-invoice/add-record-dialog";
import { addRecordAction, addRecordLoader } from "~/web/invoices/add-record.server";

/** /invoices/add: the Add dialog over the invoices list (p2 §2 Modals, docs/decisions/007). */
export function loader({ request }: LoaderFunctionArgs) {
  return addRecordLoader(request, "INVOICE");
}

export function action({ request }: ActionFunctionArgs) {
  return addRecordAction(request, "INVOICE");
}

export default function AddInvoiceDialog() {
  const data = useLoaderData<typeof loader>();
  return <AddRecordDialog {...data} />;
}
