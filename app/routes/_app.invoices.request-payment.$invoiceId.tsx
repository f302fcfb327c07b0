import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { listHref } from "~/components/invoices/list-parts";
import { PromptPaymentDialog, type PromptPaymentActionData } from "~/components/invoices/prompt-payment-dialog";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { parseId } from "~/modules/invoices/schema";
import { cancelPaymentRequest, editPaymentRequest, promptPaymentView, requestPayment } from "~/modules/offers/supplier-offers.server";
import { isCompanyNotVerified, redirectToGetVerified } from "~/web/get-verified.server";
import { readForm } from "~/web/http.server";

/**
 * /invoices/request-payment/:invoiceId: Request Payment (a new prompt payment request) or Edit (the open one) over
 * /invoices (p2 §4, §5, §7 POST/PUT /supplier-offers, PUT /{id}/cancel; decision 007).
 */
function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "INVOICE" });
  return { url, closeTo: listHref("/invoices", query) };
}

function invoiceIdOf(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo } = listState(request);
  try {
    return json({ closeTo, action: `${url.pathname}${url.search}`, data: await promptPaymentView(actor, invoiceIdOf(params.invoiceId)) });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

const FormSchema = z.object({
  intent: z.enum(["save", "cancel"]),
  amount: z.string().max(64).default(""),
  expirationDate: z.string().max(32).default(""),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const invoiceId = invoiceIdOf(params.invoiceId);
  const { closeTo } = listState(request);
  const parsed = FormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json<PromptPaymentActionData>({ formError: "Something went wrong. Please try again." }, { status: 400 });
  const form = parsed.data;
  const values = { amount: form.amount, expirationDate: form.expirationDate };
  try {
    const current = await promptPaymentView(actor, invoiceId);
    if (form.intent === "cancel") {
      if (!current.offer) return redirectWithToast(closeTo, { type: "info", message: "There is no payment request to cancel" });
      await cancelPaymentRequest(actor, current.offer.id);
      return redirectWithToast(closeTo, { type: "success", message: `Payment request on ${current.invoice.number} cancelled` });
    }
    if (current.offer) {
      await editPaymentRequest(actor, current.offer.id, values);
      return redirectWithToast(closeTo, { type: "success", message: `Payment request on ${current.invoice.number} updated` });
    }
    await requestPayment(actor, { invoiceId, ...values });
    return redirectWithToast(closeTo, { type: "success", message: `Payment requested on ${current.invoice.number}` });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 422) {
      const fieldErrors = (error.details as { fieldErrors?: PromptPaymentActionData["fieldErrors"] } | undefined)?.fieldErrors ?? { amount: error.message };
      return json<PromptPaymentActionData>({ fieldErrors, values }, { status: 422 });
    }
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    // p2 §8 "Offer 403 company not verified": the modal closes, and the get-verified dialog opens (p1 §8).
    if (isCompanyNotVerified(error)) return redirectToGetVerified(closeTo);
    if (error.status === 403) return redirectWithToast(closeTo, { type: "error", message: error.message });
    return json<PromptPaymentActionData>({ formError: error.message, values }, { status: error.status });
  }
}

export default function RequestPaymentRoute() {
  const { closeTo, action: formAction, data } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <PromptPaymentDialog closeTo={closeTo} action={formAction} data={data} result={result} />;
}
