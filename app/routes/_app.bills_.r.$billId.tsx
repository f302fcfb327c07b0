/** /bills/r/{id} (spec p3 §2.1): an authorised bill's document, read only; the crumb is the bill number (decision 051). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { BillDetailPage, shouldRevalidateDetail } from "~/components/review/bill-detail-page";
import { authorisedBillLoader } from "~/web/review/detail.server";

export const handle: PageHandle = {
  title: "Bill",
  breadcrumb: BILLS_BREADCRUMB,
  titleFromData: (data) => (data as { billNumber?: string | null } | undefined)?.billNumber ?? "Bill",
};
export const meta = titleMeta;
export const shouldRevalidate = shouldRevalidateDetail;

export const loader = ({ request, params }: LoaderFunctionArgs) => authorisedBillLoader(request, params);

export default function AuthorisedBillPage() {
  return <BillDetailPage />;
}
