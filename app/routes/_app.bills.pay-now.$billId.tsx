import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PayNowDialog } from "~/components/bills/pay-now-dialog";
import { isCompanyNotVerified, redirectToGetVerified } from "~/web/get-verified.server";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { isFeatureEnabled } from "~/modules/settings/service.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { parseId } from "~/modules/invoices/schema";
import { cancelPayNow, payNow, payNowView } from "~/modules/offers/pay-now.server";
import { CANNOT_PAY_NOW, payNowOutcome } from "~/modules/offers/supplier-offers.schema";
import { readForm } from "~/web/http.server";

/**
 * /bills/pay-now/:billId: Pay Now on the supplier's prompt payment request, and Cancel of a Topup Pending one, over
 * /bills (p2 §4 Pay Now, §7 POST /supplier-offers/{id}/execute with state EXECUTE, §8 "Cannot pay now!", "Error
 * creating topup. Offer not accepted."; decision 007, 017). Behind the payNow feature flag.
 */
function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "BILL" });
  return { url, closeTo: listHref("/bills", query) };
}

function billIdOf(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

async function requirePayNowEnabled() {
  if (!(await isFeatureEnabled("payNow"))) throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  await requirePayNowEnabled();
  const { url, closeTo } = listState(request);
  try {
    const data = await payNowView(actor, billIdOf(params.billId));
    if (!data.offer) throw await redirectWithToast(closeTo, { type: "error", message: CANNOT_PAY_NOW });
    return json({ closeTo, action: `${url.pathname}${url.search}`, data });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

const FormSchema = z.object({
  intent: z.enum(["pay", "cancel"]),
  supplierOfferId: z.coerce.number().int().positive(),
  invoiceIds: z.coerce.number().int().positive(),
  expectedCashReward: z.coerce.number().int().nonnegative().optional(),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  await requirePayNowEnabled();
  const billId = billIdOf(params.billId);
  const { url, closeTo } = listState(request);
  const parsed = FormSchema.safeParse(Object.fromEntries(await readForm(request)));
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
    if (isAppError(error) && error.status === 404) return redirectWithToast(closeTo, { type: "error", message: CANNOT_PAY_NOW });
    // p1 §8: 403 "company not verified" opens the get-verified dialog over /bills.
    if (isCompanyNotVerified(error)) return redirectToGetVerified(closeTo);
    if (isAppError(error) && error.status < 500) return redirectWithToast(closeTo, { type: "error", message: error.message });
    throw error;
  }
}

export default function PayNowRoute() {
  const { closeTo, action: formAction, data } = useLoaderData<typeof loader>();
  return <PayNowDialog closeTo={closeTo} action={formAction} data={data} />;
}
