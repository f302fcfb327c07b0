/**
 * What the /bills offer dialogs share on the server: the list URL they close to. Their errors go through the web seam's
 * handleError with that URL (p2 §8: 403 "company not verified" closes the modal and opens get-verified; a field error
 * stays in the dialog; anything else the user can act on closes it with a toast).
 */
import { parseListQuery } from "~/modules/invoices/filters";
import { listHref } from "~/components/invoices/list-parts";
import type { HandleErrorOptions } from "~/web/http.server";

export function billsListHref(request: Request): string {
  return listHref("/bills", parseListQuery(new URL(request.url).searchParams, { type: "BILL" }).query);
}

/** handleError's options for an offer dialog closing to `closeTo`: a 404 (the offer went away) is a toast too. */
export const offerDialogErrors = (closeTo: string): HandleErrorOptions => ({ closeTo, notFound: "show" });
