import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { isFeatureEnabled } from "~/modules/settings/service.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { cancelPayNow, payNow, payNowView } from "~/modules/offers/pay-now.server";
import { CANNOT_PAY_NOW, payNowOutcome } from "~/modules/offers/supplier-offers.schema";
import { formToObject, handleError, IdSchema, notFoundResponse, pageError, parseParams, readForm } from "~/web/http.server";

/**
 * /bills/pay-now/:billId: Pay Now on the supplier's prompt payment request, and Cancel of a Topup Pending one, over
 * /bills (p2 §4 Pay Now, §7 POST /supplier-offers/{id}/execute with state EXECUTE, §8 "Cannot pay now!", "Error
 * creating topup. Offer not accepted."; decision 007, 017). Behind the payNow feature flag. Shared by /bills and the
 * supplier bills page (/suppliers/{id}/pay-now/:billId, decision 063), which passes its own page as `closeTo`.
 */
function listState(request: Request, options: { closeTo?: string }) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "BILL" });
  return { url, closeTo: options.closeTo ?? listHref("/bills", query) };
}

const Params = z.object({ billId: IdSchema });

async function requirePayNowEnabled() {
  if (!(await isFeatureEnabled("payNow"))) throw notFoundResponse();
}

export async function payNowLoader({ request, params }: LoaderFunctionArgs, options: { closeTo?: string } = {}) {
  const { actor } = await requireCompanyUser(request);
  await requirePayNowEnabled();
  const { billId } = parseParams(params, Params);
  const { url, closeTo } = listState(request, options);
  const data = await payNowView(actor, billId).catch(pageError);
  if (!data.offer) throw await redirectWithToast(closeTo, { type: "error", message: CANNOT_PAY_NOW });
  return json({ closeTo, action: `${url.pathname}${url.search}`, data });
}

const FormSchema = z.object({
  intent: z.enum(["pay", "cancel"]),
  supplierOfferId: z.coerce.number().int().positive(),
  invoiceIds: z.coerce.number().int().positive(),
  expectedCashReward: z.coerce.number().int().nonnegative().optional(),
});

export async function payNowAction({ request, params }: ActionFunctionArgs, options: { closeTo?: string } = {}) {
  const { actor } = await requireCompanyUser(request);
  await requirePayNowEnabled();
  const { billId } = parseParams(params, Params);
  const { url, closeTo } = listState(request, options);
  // A form that is not this bill's Pay Now (hand-made, or a stale page): the one refusal toast.
  const parsed = FormSchema.safeParse(formToObject(await readForm(request), FormSchema));
  if (!parsed.success || parsed.data.invoiceIds !== billId) return redirectWithToast(closeTo, { type: "error", message: CANNOT_PAY_NOW });
  const form = parsed.data;
  try {
    if (form.intent === "cancel") {
      await cancelPayNow(actor, { supplierOfferId: form.supplierOfferId, invoiceId: billId });
      return redirectWithToast(closeTo, { type: "success", message: "Topup cancelled" });
    }
    const view = await payNowView(actor, billId);
    const outcome = payNowOutcome(
      await payNow(actor, { supplierOfferId: form.supplierOfferId, invoiceIds: [billId], expectedCashReward: form.expectedCashReward })
    );
    switch (outcome.kind) {
      case "paid":
        return redirectWithToast(closeTo, {
          type: "success",
          message: `Paid ${view.bill.number}${view.amounts ? `. You saved ${formatMoney(view.amounts.savings, view.locale)}` : ""}`,
        });
      case "topup":
        // The dialog now shows the top-up's transfer details (Topup Pending).
        return redirect(`${url.pathname}${url.search}`);
      case "failed":
        return redirectWithToast(closeTo, { type: "error", message: outcome.message });
    }
  } catch (error) {
    // A toast over /bills: the bill or offer gone is "Cannot pay now!", any other refusal its own message; p1 §8: the 403
    // "company not verified" opens the get-verified dialog over /bills.
    return handleError(error, { closeTo, notFound: "show", fields: "none", message: (e) => (e.status === 404 ? CANNOT_PAY_NOW : e.message) });
  }
}
