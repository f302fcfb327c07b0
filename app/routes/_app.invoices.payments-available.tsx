import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { listHref } from "~/components/invoices/list-parts";
import { getSessionId, requireCompanyUser } from "~/web/auth.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { dismissPaymentsAvailable } from "~/modules/invoices/payments-available.server";
import { readForm } from "~/web/http.server";

/**
 * POST /invoices/payments-available: the payments-available dialog is closed, not to be shown again in this session
 * (decision 063); intent view goes on to the Payment Available tab, anything else back to the list as it was.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const sessionId = await getSessionId(request);
  const form = await readForm(request);
  if (sessionId) await dismissPaymentsAvailable(actor, sessionId);
  if (form.get("intent") === "view") return redirect("/invoices?status=PAYMENT_READY");
  const { query } = parseListQuery(new URL(request.url).searchParams, { type: "INVOICE" });
  return redirect(listHref("/invoices", query));
}

/** Nothing to show: a GET returns to the list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return redirect("/invoices");
}
