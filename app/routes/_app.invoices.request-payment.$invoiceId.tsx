import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { listHref } from "~/components/invoices/list-parts";
import { PromptPaymentDialog, type PromptPaymentActionData } from "~/components/invoices/prompt-payment-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { savePaymentRequest } from "~/modules/offers/offer-decisions.server";
import { promptPaymentView } from "~/modules/offers/supplier-offers.server";
import { AppError } from "~/lib/errors";
import { formToObject, handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";

/**
 * /invoices/request-payment/:invoiceId: Request Payment (a new prompt payment request) or Edit (the open one) over
 * /invoices (p2 §4, §5, §7 POST/PUT /supplier-offers, PUT /{id}/cancel; decision 007).
 */
function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "INVOICE" });
  return { url, closeTo: listHref("/invoices", query) };
}

const Params = z.object({ invoiceId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo } = listState(request);
  const { invoiceId } = parseParams(params, Params);
  return json({ closeTo, action: `${url.pathname}${url.search}`, data: await promptPaymentView(actor, invoiceId).catch(pageError) });
}

const FormSchema = z.object({
  intent: z.enum(["save", "cancel"]),
  amount: z.string().max(64).default(""),
  expirationDate: z.string().max(32).default(""),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { invoiceId } = parseParams(params, Params);
  const { closeTo } = listState(request);
  // A form the dialog never sends (no intent) is the dialog's general error, not a field's.
  const parsed = FormSchema.safeParse(formToObject(await readForm(request), FormSchema));
  if (!parsed.success) return handleError(new AppError(400, "Something went wrong. Please try again."));
  const form = parsed.data;
  const values = { amount: form.amount, expirationDate: form.expirationDate };
  try {
    const outcome = await savePaymentRequest(actor, invoiceId, form.intent === "cancel" ? { intent: "cancel" } : { intent: "save", values });
    switch (outcome.kind) {
      case "nothing-to-cancel":
        return redirectWithToast(closeTo, { type: "info", message: "There is no payment request to cancel" });
      case "cancelled":
        return redirectWithToast(closeTo, { type: "success", message: `Payment request on ${outcome.invoiceNumber} cancelled` });
      case "updated":
        return redirectWithToast(closeTo, { type: "success", message: `Payment request on ${outcome.invoiceNumber} updated` });
      case "requested":
        return redirectWithToast(closeTo, { type: "success", message: `Payment requested on ${outcome.invoiceNumber}` });
    }
  } catch (error) {
    // p2 §8 "Offer 403 company not verified": the modal closes, and the get-verified dialog opens (p1 §8); another
    // 403 closes it with a toast; field errors and the rest stay in the dialog.
    return handleError(error, { closeTo, show: "inline", forbidden: "toast", values });
  }
}

export default function RequestPaymentRoute() {
  const { closeTo, action: formAction, data } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <PromptPaymentDialog closeTo={closeTo} action={formAction} data={data} result={result as PromptPaymentActionData | undefined} />;
}
