import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { includeToast } from "~/components/invoices/bulk-messages";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { IncludeIntentSchema, setIncludeInPurchaserOffer } from "~/modules/invoices/bulk.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { parseId } from "~/modules/invoices/schema";
import { handleError, readForm } from "~/web/http.server";

/**
 * Include/exclude bills in the purchaser offer (p2 §4 Other, §7 PATCH /invoice /include_in_purchaser_offer, §8):
 * POST ids and intent include|exclude from the selection bar or a row; back to the list with a toast.
 */
function closeTo(request: Request) {
  return listHref("/bills", parseListQuery(new URL(request.url).searchParams, { type: "BILL" }).query);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return redirect(closeTo(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const back = closeTo(request);
  const form = await readForm(request);
  const intent = IncludeIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return redirectWithToast(back, { type: "error", message: "Choose Include or Exclude" });
  const include = intent.data === "include";
  const ids = form.getAll("ids").map(parseId);
  if (ids.length === 0 || ids.includes(null)) return redirectWithToast(back, { type: "info", message: "No bills to include/exclude" });
  try {
    const result = await setIncludeInPurchaserOffer(actor, ids as number[], include);
    return redirectWithToast(back, includeToast(include, result));
  } catch (error) {
    // Every failure is a toast over the list, naming what could not be done; a bug's reason is logged, not shown.
    const failed = `Could not ${include ? `include ${ids.length} bill(s) in` : `exclude ${ids.length} bill(s) from`} your offer.`;
    return handleError(error, {
      closeTo: back,
      notFound: "show",
      notVerified: "show",
      fields: "none",
      unexpected: "Something went wrong",
      message: (e) => `${failed} ${e.message}`,
    });
  }
}
