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
import { z } from "zod";
import type { AppError } from "~/lib/errors";
import { parseListQuery, serializeListQuery } from "~/modules/invoices/filters";
import { EXECUTION_MESSAGES, isOfferUnavailableMessage } from "~/modules/offers/execution.rules";
import { getPaidQuote, purchaserOfferExecutionStatus, requestPurchaserOfferExecution, supplierLocale } from "~/modules/offers/execution.server";
import { handleError, IdSchema, parseParams, readForm, recoverAs } from "~/web/http.server";

function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "INVOICE" });
  return { url, closeTo: listHref("/invoices", query), search: serializeListQuery(query) };
}

const Params = z.object({ invoiceId: IdSchema });

/** A refusal the dialog shows as its state: the offer gone is "offer expired", anything else its message. */
const refusedState = (error: AppError): GetPaidActionData =>
  isOfferUnavailableMessage(error.message) ? { state: "expired" } : { state: "error", message: error.message };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { invoiceId } = parseParams(params, Params);
  const { url, closeTo } = listState(request);
  const locale = await supplierLocale(actor);
  const base = { closeTo, locale, action: `${url.pathname}${url.search}` };
  const offerId = url.searchParams.get("offer");
  const executionId = url.searchParams.get("execution");
  if (offerId && executionId) {
    const status = await purchaserOfferExecutionStatus(actor, { offerId, executionId }).catch(recoverAs(() => null));
    if (!status) return json<GetPaidLoaderData>({ ...base, state: "error", message: EXECUTION_MESSAGES.POLLING_FAILED });
    return json<GetPaidLoaderData>({ ...base, state: "progress", offerId: Number(offerId), status });
  }
  const quote = await getPaidQuote(actor, { invoiceId }).catch(recoverAs(refusedState));
  if ("state" in quote) return json<GetPaidLoaderData>({ ...base, ...quote });
  return json<GetPaidLoaderData>({ ...base, state: "choose", quote, idempotencyKey: crypto.randomUUID() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  parseParams(params, Params);
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
    // The refusal is the dialog's state (with the error's status); p2 §8 "Offer 403 company not verified": the modal
    // closes, and the get-verified dialog opens (p1 §8); any other 403 closes it with a toast.
    return handleError(error, { closeTo, show: "inline", forbidden: "toast", notFound: "show", fields: "none", data: refusedState });
  }
}

export default function GetPaidRoute() {
  const data = useLoaderData<typeof loader>() as unknown as GetPaidLoaderData;
  const actionData = useActionData<typeof action>() as GetPaidActionData | undefined;
  return <GetPaidDialog data={data} actionData={actionData} />;
}
