import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { MergeDialog } from "~/components/merge/merge-dialog";
import { mergeAction, mergeLoader, type MergeDialogData } from "~/web/merge/merge-route.server";

export const handle: PageHandle = { title: "Merge company", breadcrumb: [{ label: "Companies", to: "/companies" }] };
export const meta = titleMeta;

/** /companies/{id}/directory/merge/{counterpartyId}: the admin's Merge company dialog over the directory (p2 §2, §4). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return mergeLoader(request, params);
}

export function action({ request, params }: ActionFunctionArgs) {
  return mergeAction(request, params);
}

export default function MergeCompanyDialog() {
  const data = useLoaderData<typeof loader>() as unknown as MergeDialogData;
  return <MergeDialog data={data} />;
}
