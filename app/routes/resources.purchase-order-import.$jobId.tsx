/** GET /resources/purchase-order-import/:jobId: a purchase order import as its dialog polls it every second (issue 16 part 1). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { purchaseOrderImportPollLoader } from "~/web/purchase-orders/import.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => purchaseOrderImportPollLoader(request, params);
