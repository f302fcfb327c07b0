/** /bills/variances (spec p3 §2.1): the review list (tabs, filters, statistics, batch Delete) with the Upload bills control. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BILLS_BREADCRUMB } from "~/components/bills/breadcrumbs";
import { ReviewListPage } from "~/components/documents/review-list";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { reviewListAction, reviewListLoader } from "~/web/documents/review-list.server";

export const handle: PageHandle = { title: "Bills with variance", breadcrumb: BILLS_BREADCRUMB };
export const meta = titleMeta;

export const loader = ({ request }: LoaderFunctionArgs) => reviewListLoader(request, "variances");
export const action = ({ request, context }: ActionFunctionArgs) => reviewListAction(request, context.requestId);

export default function VarianceBillsPage() {
  return <ReviewListPage />;
}
