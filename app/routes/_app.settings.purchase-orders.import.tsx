/** /settings/purchase-orders/import: the Import purchase orders dialog over Settings → AP Automation (issue 16 part 1; decisions 007, 041). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ImportPurchaseOrdersDialog } from "~/components/purchase-orders/import-purchase-orders-dialog";
import { purchaseOrderImportAction, purchaseOrderImportLoader } from "~/web/purchase-orders/import.server";

export const loader = ({ request }: LoaderFunctionArgs) => purchaseOrderImportLoader(request);
export const action = ({ request }: ActionFunctionArgs) => purchaseOrderImportAction(request);

export default function PurchaseOrdersImport() {
  const data = useLoaderData<typeof loader>();
  return <ImportPurchaseOrdersDialog data={data} />;
}
