/**
 * The landing offer page (p2 §2): /invoices with a token, invoiceType and type in the query. Public: no session is
 * needed, so the logged-in layout (_app.tsx) and the invoices list (_app.invoices.tsx) hand such a request here before
 * any login redirect. Viewing the page uses nothing (docs/decisions/018).
 */
import { json } from "@remix-run/node";
import { getLandingPage } from "~/modules/invites/service.server";
import { nullOn } from "~/web/http.server";

/** /invoices with a token, or with an invite/notify type (a link whose token went missing is a not-found page). */
export function isLandingRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/$/, "") !== "/invoices") return false;
  const type = url.searchParams.get("type");
  return url.searchParams.has("token") || type === "invite" || type === "notify";
}

/**
 * /invoices?invoiceId={id} (highlightInvoice, decision 063) without a token: a logged-in supplier gets the invoice
 * opened; a logged-out visitor is not sent to /login (p1 §2) but shown a page whose Log In comes back to the invoice.
 */
export function isInvoiceLinkRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.replace(/\/$/, "") === "/invoices" && url.searchParams.has("invoiceId") && !isLandingRequest(request);
}

export async function landingLoader(request: Request) {
  const search = new URL(request.url).searchParams;
  // A missing or unknown token, an invalid type or a failed user fetch: the landing's own not-found page, with its status.
  const landing = await getLandingPage({ token: search.get("token"), invoiceType: search.get("invoiceType"), type: search.get("type") }).catch(nullOn(404));
  return landing ? json({ landing, notFound: false as const }) : json({ landing: null, notFound: true as const }, { status: 404 });
}
