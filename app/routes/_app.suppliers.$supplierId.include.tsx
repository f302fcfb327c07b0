import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { listSearchOf, parseInclusion, safeReturnTo } from "~/modules/payables/schema";
import { setSupplierBillsInclusion } from "~/modules/payables/supplier-bills.server";
import { IdSchema, pageError, parseParams, readForm } from "~/web/http.server";
import { z } from "zod";

/**
 * POST /suppliers/{supplierId}/include: Include or Exclude bills of this supplier in the purchaser offer (p2 §4
 * Other, §8 toasts), from the supplier bills page (selected bills, or one row's button with ?only=) or from the
 * Suppliers tab (all=1). Redirects back with a toast. No page of its own: a GET goes to the supplier page.
 */
export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/suppliers/${params.supplierId}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, z.object({ supplierId: IdSchema }));
  const url = new URL(request.url);
  const form = await readForm(request);
  const back = form.get("returnTo")
    ? safeReturnTo(form.get("returnTo"), supplierId)
    : `/suppliers/${supplierId}${listSearchOf(new URLSearchParams([...url.searchParams, ...[...form.entries()].map(([name, value]): [string, string] => [name, String(value)])]))}`;
  const input = parseInclusion(form, url.searchParams);
  if (!input) return redirectWithToast(back, { type: "info", message: "No bills to include/exclude" });
  const toast = await setSupplierBillsInclusion(actor, supplierId, input).catch(pageError);
  return redirectWithToast(back, toast);
}
