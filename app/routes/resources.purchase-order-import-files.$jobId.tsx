/** GET /resources/purchase-order-import-files/:jobId: the failed rows of a purchase order import of the company, as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { purchaseOrderImportFailedLoader } from "~/web/purchase-orders/import.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => purchaseOrderImportFailedLoader(request, params);
