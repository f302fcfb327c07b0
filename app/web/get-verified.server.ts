/**
 * How a route answers the 403 "company not verified" of a sensitive action (p1 §8 Session: it opens the get-verified
 * dialog; p2 §8: the offer modal closes): it redirects to the list's /get-verified dialog route, keeping the list's
 * query, instead of the action's own modal.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import type { AppError } from "~/lib/errors";

/** The debug message of the 403 (p2 §6, §8) that opens the get-verified dialog, or closes an invite form. */
const COMPANY_NOT_VERIFIED = "company not verified";

/**
 * The 403 with debugMessage "company not verified" (requireVerifiedCompany, the withdrawal blocks). Routes do not ask:
 * handleError with `closeTo` answers it with the get-verified dialog.
 */
export function isCompanyNotVerified(error: AppError): boolean {
  return error.status === 403 && (error.details as { debugMessage?: string } | undefined)?.debugMessage === COMPANY_NOT_VERIFIED;
}

/** `closeTo` is the list URL the action's modal closes to ("/bills?tab=..."): the dialog opens over that list. */
export function getVerifiedPath(closeTo: string): string {
  const url = new URL(closeTo, "http://earlybird.local");
  return `${url.pathname.replace(/\/+$/, "")}/get-verified${url.search}`;
}

export const redirectToGetVerified = (closeTo: string) => redirect(getVerifiedPath(closeTo));

/** The loader of a /<list>/get-verified route: company users only; closing goes back to the list with its query. */
export async function getVerifiedLoader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const url = new URL(request.url);
  return json({ closeTo: `${url.pathname.replace(/\/get-verified\/?$/, "") || "/"}${url.search}` });
}
