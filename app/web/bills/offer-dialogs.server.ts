/**
 * What the /bills offer dialogs share on the server: the list URL to return to, and how an offer error becomes a toast
 * or a field error (p2 §8: 403 "company not verified" closes the modal; 403 "Change not permitted" is "Transaction in
 * progress..."; a failed top-up "Error creating topup. Offer not accepted.").
 */
import { json } from "@remix-run/node";
import { isAppError } from "~/lib/errors";
import { isCompanyNotVerified, redirectToGetVerified } from "~/web/get-verified.server";
import { redirectWithToast } from "~/lib/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { listHref } from "~/components/invoices/list-parts";

export function billsListHref(request: Request): string {
  return listHref("/bills", parseListQuery(new URL(request.url).searchParams, { type: "BILL" }).query);
}

/** A field error (422) stays in the dialog; anything else the user can act on closes it with a toast. */
export async function offerErrorResponse(error: unknown, closeTo: string) {
  if (!isAppError(error)) throw error;
  // p1 §8: 403 "company not verified" closes the modal and opens the get-verified dialog over the list.
  if (isCompanyNotVerified(error)) return redirectToGetVerified(closeTo);
  if (error.status === 422 && error.field) return json({ errors: { [error.field]: error.message } as Record<string, string> }, { status: 422 });
  if (error.status >= 500) throw error;
  return redirectWithToast(closeTo, { type: "error", message: error.message });
}
