import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OfferFields } from "~/components/bills/offer-cards";
import { billsListHref, offerDialogErrors } from "~/web/bills/offer-dialogs.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { formatMoney, type Cents } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { saveOfferFromDialog } from "~/modules/offers/offer-decisions.server";
import { offerPanel } from "~/modules/offers/purchaser-offers.server";
import { OFFER_CREATED, OFFER_UPDATED, TOPUP_ERROR_OFFER_NOT_ACCEPTED, TRANSACTION_IN_PROGRESS } from "~/modules/offers/purchaser-offers.schema";
import { formErrorsOf } from "~/lib/form-errors";
import { handleError, readForm } from "~/web/http.server";

/**
 * /bills/offer: create or edit the cash-reserve offer (p2 §3-§5, §7 POST/PUT /purchaseroffer; D3), a route dialog over
 * /bills (docs/decisions/007). The card's create form posts here too. Funds Available cover the cash pool: saved at
 * once. Otherwise the top-up steps follow (/bills/offer/topup, trigger PURCHASER_OFFER or PURCHASER_OFFER_EDIT).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const panel = await offerPanel(actor);
  const offer = panel.offer;
  return json({
    closeTo: billsListHref(request),
    offer: offer ? { id: offer.id, offerStatus: offer.offerStatus, cashpool: offer.cashpool, pendingCashpool: offer.pendingCashpool, crr: offer.crr } : null,
    locale: panel.locale,
    fundsAvailable: panel.fundsAvailable,
    maxCashbackPercent: panel.maxCashbackPercent,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const closeTo = billsListHref(request);
  const form = await readForm(request);
  const input = { cashpool: String(form.get("cashpool") ?? ""), crr: String(form.get("crr") ?? "") };
  try {
    const outcome = await saveOfferFromDialog(actor, input);
    switch (outcome.kind) {
      case "needs-topup": {
        const search = new URLSearchParams(new URL(request.url).search);
        search.set("cashpool", (outcome.cashpool / 100).toFixed(2));
        search.set("crr", outcome.crr);
        return redirect(`/bills/offer/topup?${search.toString()}`);
      }
      case "topup-refused":
        return redirectWithToast(closeTo, { type: "error", message: TOPUP_ERROR_OFFER_NOT_ACCEPTED });
      case "created":
        return redirectWithToast(closeTo, { type: "success", message: OFFER_CREATED });
      case "edited":
        return redirectWithToast(closeTo, { type: "success", message: OFFER_UPDATED });
    }
  } catch (error) {
    return handleError(error, offerDialogErrors(closeTo));
  }
}

export default function OfferDialog() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = formErrorsOf(result).fieldErrors;
  const offer = data.offer;
  const editing = Boolean(offer);
  return (
    <RouteDialog
      title={editing ? "Edit offer" : "Create offer"}
      closeTo={data.closeTo}
      description={
        offer && offer.offerStatus !== "VIRTUAL"
          ? `Funds Available: ${formatMoney(data.fundsAvailable, data.locale)}. A cash reserve above ${formatMoney(
              ((offer.offerStatus === "TOPUP_PENDING" ? 0 : offer.cashpool) + Math.max(0, data.fundsAvailable)) as Cents,
              data.locale
            )} starts a topup.`
          : `Funds Available: ${formatMoney(data.fundsAvailable, data.locale)}. A cash reserve above them starts a topup.`
      }
    >
      {offer?.offerStatus === "CLEARING" ? <p className="text-sm font-medium text-amber-800">{TRANSACTION_IN_PROGRESS}</p> : null}
      <Form method="post" preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <OfferFields
          values={{ cashpool: offer ? ((offer.cashpool + offer.pendingCashpool) / 100).toFixed(2) : "", crr: offer?.crr ?? "" }}
          errors={{ cashpool: errors.cashpool ?? null, crr: errors.crr ?? null }}
          maxCashbackPercent={data.maxCashbackPercent}
        />
        <RouteDialogFooter>
          <Link to={data.closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : editing ? "Save offer" : "Create offer"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
