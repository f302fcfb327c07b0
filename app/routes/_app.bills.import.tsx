/** /bills/import: the Import file dialog over the bills list (p2 §2 Modals, §4 Import flow; decision 007). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ImportDialog } from "~/components/import/import-dialog";
import { importAction, importLoader } from "~/web/invoices/import.server";

export const loader = ({ request }: LoaderFunctionArgs) => importLoader(request, "BILL");
export const action = ({ request }: ActionFunctionArgs) => importAction(request, "BILL");

export default function BillsImport() {
  const data = useLoaderData<typeof loader>();
  return <ImportDialog data={data} />;
}
