import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConfirmListActionDialog, type ConfirmRecord } from "~/components/invoices/confirm-list-action";
import type { ToastUndo } from "~/components/ui/toast";
import { listSearchOf, parseInclusion, safeReturnTo } from "~/modules/payables/schema";
import { describeSelection, setSupplierBillsInclusion } from "~/modules/payables/supplier-bills.server";
import { requireCompanyUser } from "~/web/auth.server";
import { unconfirmed } from "~/web/invoices/include.server";
import { IdSchema, pageError, parseParams, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * /suppliers/{supplierId}/include: Include or Exclude bills of this supplier in the purchaser offer (p2 §4 Other, §8
 * toasts), from the supplier bills page (selected bills, or one row's button with ?only=) or from the Suppliers tab
 * (all=1). Decision 068: a GET with the intent is the confirmation over the supplier page; a POST without
 * `confirmed` goes to it; the confirmed POST redirects back with a toast whose Undo reverts exactly what changed.
 */
const Params = z.object({ supplierId: IdSchema });
const FIELDS = ["intent", "bill", "all", "returnTo", "month", "period", "status", "page", "size"] as const;

function backOf(source: URLSearchParams, supplierId: number): string {
  return source.get("returnTo") ? safeReturnTo(source.get("returnTo"), supplierId) : `/suppliers/${supplierId}${listSearchOf(source)}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const back = backOf(url.searchParams, supplierId);
  const input = parseInclusion(url.searchParams, url.searchParams);
  if (!input) throw redirect(back);
  const intent: "include" | "exclude" = input.include ? "include" : "exclude";
  const fields: [string, string][] = [["intent", intent], ["returnTo", back]];
  const action = `/suppliers/${supplierId}/include`;
  const summary = await describeSelection(actor, supplierId, { billIds: input.allUnpaid ? [] : input.billIds, creditNoteIds: [] }).catch(pageError);
  if (input.allUnpaid) {
    fields.push(["all", "1"]);
    const description = `${input.include ? "Include" : "Exclude"} every unpaid bill of ${summary.supplierName} ${input.include ? "in" : "from"} your offer?`;
    return json({ intent, records: [] as ConfirmRecord[], closeTo: back, action, fields, description: description as string | null });
  }
  if (summary.bills.length === 0) throw await redirectWithToast(back, { type: "info", message: "No bills to include/exclude" });
  const records: ConfirmRecord[] = summary.bills.map((bill) => ({ id: bill.id, number: bill.number, companyName: summary.supplierName }));
  return json({ intent, records, closeTo: back, action, fields, description: null as string | null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const form = await readForm(request);
  // The page's state comes in the action's query (a row's form) or in the posted fields (the bulk form): both count.
  const fields = new URLSearchParams(url.searchParams);
  for (const [name, value] of form.entries()) if (typeof value === "string") fields.append(name, value);
  const back = backOf(fields, supplierId);
  const toConfirm = unconfirmed(form, `/suppliers/${supplierId}/include`, url.search, FIELDS);
  if (toConfirm) return toConfirm;
  const input = parseInclusion(form, url.searchParams);
  if (!input) return redirectWithToast(back, { type: "info", message: "No bills to include/exclude" });
  const { changedIds, ...toast } = await setSupplierBillsInclusion(actor, supplierId, input).catch(pageError);
  if (!changedIds || form.get("undo") === "1" || toast.type === "error") return redirectWithToast(back, toast);
  const undo: ToastUndo = {
    action: `/suppliers/${supplierId}/include`,
    fields: [["intent", input.include ? "exclude" : "include"], ["undo", "1"], ["returnTo", back], ...changedIds.map((id): [string, string] => ["bill", String(id)])],
  };
  return redirectWithToast(back, { ...toast, undo });
}

export default function ConfirmSupplierInclusionRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ConfirmListActionDialog
      intent={data.intent}
      records={data.records}
      closeTo={data.closeTo}
      action={data.action}
      fields={data.fields}
      idField="bill"
      description={data.description ?? undefined}
    />
  );
}
