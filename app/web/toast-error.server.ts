import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/web/toast.server";
import { handleError, isFieldError } from "./http.server";

/**
 * handleError for a form the user cannot correct in place (a hidden field, such as a list row's Generate button): a
 * field error is an error toast at `closeTo` like any other refusal; everything else is handleError's.
 */
export async function handleErrorAsToast(error: unknown, closeTo: string) {
  if (isAppError(error) && error.status < 500 && isFieldError(error)) return redirectWithToast(closeTo, { type: "error", message: error.message });
  return handleError(error, { closeTo });
}
