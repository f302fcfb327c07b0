/**
 * The landing offer page (p2 §2): /invoices with a token, invoiceType and type in the query. Public: no session is
 * needed, so the logged-in layout (_app.tsx) and the invoices list (_app.invoices.tsx) hand such a request here before
 * any login redirect. Viewing the page uses nothing (docs/decisions/018).
 */
import { json } from "@remix-run/node";
import { isAppError } from "~/lib/errors";
import { getLandingPage } from "~/modules/invites/service.server";

/** /invoices with a token, or with an invite/notify type (a link whose token went missing is a not-found page). */
export function isLandingRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/$/, "") !== "/invoices") return false;
  const type = url.searchParams.get("type");
  return url.searchParams.has("token") || type === "invite" || type === "notify";
}

export async function landingLoader(request: Request) {
  const search = new URL(request.url).searchParams;
  try {
    const landing = await getLandingPage({ token: search.get("token"), invoiceType: search.get("invoiceType"), type: search.get("type") });
    return json({ landing, notFound: false as const });
  } catch (error) {
    // A missing or unknown token, an invalid type or a failed user fetch: the not-found page, with its status.
    if (isAppError(error) && error.status === 404) return json({ landing: null, notFound: true as const }, { status: 404 });
    throw error;
  }
}
