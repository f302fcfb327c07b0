/** /bills/blocked/{id} (spec p3 §2.1): Blocked › 'Blocked bill'; the seam is app/web/review/detail.server.ts (decision 051). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { BillDetailPage, shouldRevalidateDetail } from "~/components/review/bill-detail-page";
import { reviewDetailAction, reviewDetailLoader } from "~/web/review/detail.server";

export const handle: PageHandle = { title: "Blocked bill", breadcrumb: [...BILLS_BREADCRUMB, { label: "Blocked", to: "/bills/blocked" }] };
export const meta = titleMeta;
export const shouldRevalidate = shouldRevalidateDetail;

export const loader = ({ request, params }: LoaderFunctionArgs) => reviewDetailLoader(request, params, "blocked");
export const action = ({ request, params }: ActionFunctionArgs) => reviewDetailAction(request, params, "blocked");

export default function BlockedBillPage() {
  return <BillDetailPage />;
}
