/** /bills/variances/{id} (spec p3 §2.1): Bills with variance › 'Review bill'; the seam is app/web/review/detail.server.ts (decision 051). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { BillDetailPage, shouldRevalidateDetail } from "~/components/review/bill-detail-page";
import { reviewDetailAction, reviewDetailLoader } from "~/web/review/detail.server";

export const handle: PageHandle = { title: "Review bill", breadcrumb: [...BILLS_BREADCRUMB, { label: "Bills with variance", to: "/bills/variances" }] };
export const meta = titleMeta;
export const shouldRevalidate = shouldRevalidateDetail;

export const loader = ({ request, params }: LoaderFunctionArgs) => reviewDetailLoader(request, params, "variances");
export const action = ({ request, params }: ActionFunctionArgs) => reviewDetailAction(request, params, "variances");

export default function VarianceBillPage() {
  return <BillDetailPage />;
}
