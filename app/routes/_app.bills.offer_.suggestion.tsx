import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { billsListHref } from "~/web/bills/offer-dialogs.server";
import { requireCompanyUser } from "~/web/auth.server";
import { resolveSameOriginPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/web/toast.server";
import { parseId } from "~/modules/invoices/schema";
import { includeSuggestedBills } from "~/modules/offers/purchaser-offers.server";
import { handleError, readForm } from "~/web/http.server";

/**
 * POST /bills/offer/suggestion: the offer covers exactly a suggested set (included; the other included bills excluded).
 * Back to the list, or to the Topup Entry step it was posted from (`returnTo`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return redirect(billsListHref(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  // From the Topup Entry step of an offer's top-up: back to that step (only there: never an outside address).
  const returnTo = resolveSameOriginPath(form.get("returnTo"));
  const closeTo = returnTo && /^\/bills\/offer\/topup\?/.test(returnTo) ? returnTo : billsListHref(request);
  const ids = form.getAll("ids").map(parseId);
  if (ids.length === 0 || ids.includes(null)) return redirectWithToast(closeTo, { type: "info", message: "No bills to include/exclude" });
  try {
    const { included, excluded } = await includeSuggestedBills(actor, ids as number[]);
    const message = [included > 0 ? `Included ${included} bill(s) in your offer` : null, excluded > 0 ? `Excluded ${excluded} bill(s) from your offer` : null]
      .filter(Boolean)
      .join(". ");
    return redirectWithToast(closeTo, message ? { type: "success", message } : { type: "info", message: "No bills to include/exclude" });
  } catch (error) {
    return handleError(error, {
      closeTo,
      notFound: "show",
      notVerified: "show",
      fields: "none",
      message: (refusal) => `Could not include ${ids.length} bill(s) in your offer. ${refusal.message}`,
    });
  }
}
