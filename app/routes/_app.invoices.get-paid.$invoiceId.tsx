/**
 * /invoices/get-paid/:invoiceId: the Get Paid dialog over the invoices list (p2 §2 Modals, §4 "Get Paid dialog
 * (supplier)", §8, §9; decision 007), opened from a Payment Available row's action Get Paid.
 *
 * GET → the invoices the customer's offer can pay (chosen one ticked) or "offer expired" / an error; POST → the
 * execution is queued and the dialog redirects to ?offer=<id>&execution=<id> (list query kept) → progress, polled
 * every second, then the summary. Without JavaScript the progress page refreshes itself.
 */
import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GetPaidDialog, type GetPaidActionData, type GetPaidLoaderData } from "~/components/offers/get-paid-dialog";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/web/toast.server";
import { parseListQuery, serializeListQuery } from "~/modules/invoices/filters";
import { EXECUTION_MESSAGES, isOfferUnavailableMessage } from "~/modules/offers/execution.rules";
import { getPaidQuote, purchaserOfferExecutionStatus, requestPurchaserOfferExecution, supplierLocale } from "~/modules/offers/execution.server";
import { isCompanyNotVerified, redirectToGetVerified } from "~/web/get-verified.server";
import { readForm } from "~/web/http.server";

function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "INVOICE" });
  return { url, closeTo: listHref("/invoices", query), search: serializeListQuery(query) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo } = listState(request);
  const locale = await supplierLocale(actor);
  const base = { closeTo, locale, action: `${url.pathname}${url.search}` };
  const offerId = url.searchParams.get("offer");
  const executionId = url.searchParams.get("execution");
  if (offerId && executionId) {
    try {
      const status = await purchaserOfferExecutionStatus(actor, { offerId, executionId });
      return json<GetPaidLoaderData>({ ...base, state: "progress", offerId: Number(offerId), status });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return json<GetPaidLoaderData>({ ...base, state: "error", message: EXECUTION_MESSAGES.POLLING_FAILED });
    }
  }
  try {
    const quote = await getPaidQuote(actor, { invoiceId: params.invoiceId ?? "" });
    return json<GetPaidLoaderData>({ ...base, state: "choose", quote, idempotencyKey: crypto.randomUUID() });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (isOfferUnavailableMessage(error.message)) return json<GetPaidLoaderData>({ ...base, state: "expired" });
    return json<GetPaidLoaderData>({ ...base, state: "error", message: error.message });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo, search } = listState(request);
  const form = await readForm(request);
  const invoiceIds = form.getAll("invoiceIds").map(String);
  const idempotencyKey = String(form.get("idempotencyKey") ?? "") || undefined;
  try {
    const requested = await requestPurchaserOfferExecution(actor, { offerId: form.get("offerId") as never, invoiceIds: invoiceIds as never, idempotencyKey });
    search.set("offer", String(requested.offerId));
    search.set("execution", String(requested.executionId));
    return redirect(`${url.pathname}?${search.toString()}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    // p2 §8 "Offer 403 company not verified": the modal closes, and the get-verified dialog opens (p1 §8).
    if (isCompanyNotVerified(error)) return redirectToGetVerified(closeTo);
    if (error.status === 403) return redirectWithToast(closeTo, { type: "error", message: error.message });
    if (isOfferUnavailableMessage(error.message)) return json<GetPaidActionData>({ state: "expired" }, { status: error.status });
    return json<GetPaidActionData>({ state: "error", message: error.message }, { status: error.status });
  }
}

export default function GetPaidRoute() {
  const data = useLoaderData<typeof loader>() as unknown as GetPaidLoaderData;
  const actionData = useActionData<typeof action>() as GetPaidActionData | undefined;
  return <GetPaidDialog data={data} actionData={actionData} />;
}
